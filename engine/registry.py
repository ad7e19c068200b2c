"""The registry: game names -> a factory that builds a configured game from options."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engine.errors import UnknownNameError
from engine.protocol import Game, GameInfo


@dataclass(frozen=True)
class Registration:
    """A registered game: its static facts and a factory taking options (name -> text)."""

    info: GameInfo
    factory: Callable[..., Game]


_GAMES: dict[str, Registration] = {}


def register(info: GameInfo, factory: Callable[..., Game]) -> None:
    """Register a game under `info.name`."""
    if info.name in _GAMES:
        raise ValueError(f"game {info.name!r} is registered twice")
    _GAMES[info.name] = Registration(info, factory)


def registered() -> tuple[GameInfo, ...]:
    """The registered games, by name."""
    return tuple(_GAMES[name].info for name in sorted(_GAMES))


def get_game(name: str, options: Mapping[str, str] | None = None, *,
             base_dir: str | None = None) -> Game:
    """Build the named game with `options` (as in a record header). `base_dir` resolves relative
    paths in options (a record's folder)."""
    registration = _GAMES.get(name)
    if registration is None:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownNameError(f"unknown game {name!r}; the games are: {known}", text=name)
    return registration.factory(dict(options or {}), base_dir=base_dir)
