"""5-Minute Dungeon: the game and its set-up (`game`), the rules split as the rulebook draws them
(`setup`, `clock`, `hands`, `dungeon`, `effects`, `events`, `ends`; `game`'s docstring says
what each holds), the position and its notation (`state`), the working copy and its task loop
(`board`), card data (`cards`, from seeds/five_minute_dungeon), team bots and their time model
(`bots`) and the table for people (`screen`). `GAME` declares the game to the registry (the
`dungeoneer.games` entry point)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dungeoneer.engine.catalogue import CardText
from dungeoneer.engine.five_minute_dungeon.bots import BOTS, DEFAULT_PACE, fill_in
from dungeoneer.engine.five_minute_dungeon.cards import card_set
from dungeoneer.engine.five_minute_dungeon.game import (
    INFO,
    FiveMinuteDungeon,
    make_five_minute_dungeon,
)
from dungeoneer.engine.five_minute_dungeon.state import DungeonState
from dungeoneer.engine.protocol import State
from dungeoneer.engine.registry import GameEntry, Option, players_option
from dungeoneer.engine.simulate import Sweep, TeamSimulation

BOSS = Option("boss", "The boss whose dungeon to attempt, 1 to 7 (default 1, Baby Barbarian).",
              kind="int")
HEROES = Option("heroes", "The heroes by seat, comma-separated (default Barbarian, Wizard, "
                "Paladin, Ranger, Thief; they fix the number of players).")


def _draw(state: State, seat: int | None = None, *, reveal: bool = False,
          live: bool = False) -> Any:
    from dungeoneer.engine.five_minute_dungeon.screen import draw  # rich, only when drawing

    return draw(state, seat, reveal=reveal, live=live)


def _shortcuts(state: State) -> Any:
    from dungeoneer.engine.five_minute_dungeon.screen import shortcuts  # beside the drawing

    return shortcuts(state)


def _bosses(fixed: Mapping[str, str]) -> tuple[int, ...]:
    return tuple(boss.number for boss in card_set().bosses)


def _team_sizes(fixed: Mapping[str, str]) -> tuple[int, ...]:
    """Every team size, or the size of a team of chosen heroes (the game sets it)."""
    if fixed.get("heroes"):
        return (make_five_minute_dungeon(fixed).players,)
    return tuple(range(INFO.min_players, INFO.max_players + 1))


def how_it_ended(state: State) -> str:
    """A lost run's reason in a word or three: 'time ran out', 'stuck', 'out of cards'."""
    outcome = state.outcome()
    head = (outcome.reason if outcome else "").split(" (")[0].split(":")[0]
    return "out of cards" if "out of cards" in head else head


def dealt_with(state: State) -> int:
    """How far the team got: the dungeon cards defeated or resolved."""
    assert isinstance(state, DungeonState)
    return len(state.beaten)


def _resample(state: State, seat: int, seed: int) -> State:
    """The team sees every hand (D12): what it cannot see is the same for every seat."""
    assert isinstance(state, DungeonState)
    return fill_in(state, seed)


def _cards() -> Sequence[CardText]:
    from dungeoneer.engine.five_minute_dungeon.catalogue import cards  # (read when asked for)

    return cards()


GAME = GameEntry(
    info=INFO,
    factory=make_five_minute_dungeon,
    bots=BOTS,
    default_bot="heuristic",
    default_pace=DEFAULT_PACE,
    options=(players_option(INFO), BOSS, HEROES,
             Option("campaign", "Go on to the next boss after each win, up to boss 7 (three "
                    "tries at each dungeon).", kind="flag")),
    draw=_draw,
    cards=_cards,
    hint_bot="heuristic",
    resample=_resample,
    shortcuts=_shortcuts,
    simulation=TeamSimulation(
        sweeps=(Sweep(Option("boss", "The bosses to attempt (default all seven; may be "
                             "repeated).", kind="int"), "boss {}", _bosses),
                Sweep(Option("players", "Team sizes, 2 to 5 (default all; may be repeated).",
                             kind="int"), "{} players", _team_sizes)),
        fixed=(HEROES,), ended=how_it_ended, progress=dealt_with),
)

__all__ = ["GAME", "DungeonState", "FiveMinuteDungeon"]
