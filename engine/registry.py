"""The registry: game names -> a factory that builds a configured game from options."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from dungeoneer.engine.errors import DungeoneerError, UnknownNameError
from dungeoneer.engine.protocol import Game, GameInfo


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


def check_options(info: GameInfo, options: Mapping[str, str]) -> None:
    """Raise UnknownNameError, naming the game's options, for an option the game doesn't have."""
    unknown = sorted(set(options) - set(info.options))
    if unknown:
        raise UnknownNameError(f"unknown {info.title} option {unknown[0]!r}; options: "
                               f"{', '.join(info.options)}", text=unknown[0])


def players_from(info: GameInfo, options: Mapping[str, str]) -> int:
    """The `players` option (default: the fewest the game allows), checked against the game."""
    text = options.get("players", str(info.min_players)).strip()
    if not text.isdigit() or not info.min_players <= int(text) <= info.max_players:
        raise DungeoneerError(f"{info.title} is for {info.min_players} to {info.max_players} "
                              f"players, not {text!r}", text=text)
    return int(text)
