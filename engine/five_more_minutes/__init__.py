"""5 More Minutes: rules engine (`game`: the state and its table; `rules`: the turn, the rolls
and every card as typed tasks), bots (`bots`) and the table for people (`screen`); card and chip
data in seeds/five_more_minutes. `GAME` declares the game to the registry (the
`dungeoneer.games` entry point)."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from dungeoneer.engine.bots import RandomBot
from dungeoneer.engine.five_more_minutes.bots import GreedyBot
from dungeoneer.engine.five_more_minutes.game import (
    INFO,
    FiveMoreMinutes,
    FiveState,
    make_five_more_minutes,
)
from dungeoneer.engine.five_more_minutes.sampling import SamplingFiveBot
from dungeoneer.engine.protocol import State
from dungeoneer.engine.registry import BotFactory, GameEntry, Option, players_option
from dungeoneer.engine.simulate import SeatSimulation

BOTS: dict[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot,
                               "sampling": SamplingFiveBot}
"""The game's bots by name (`bots.py`, `sampling.py`)."""

VARIANT = Option("variant", "rookie, expert, nightmare, or several comma-separated (default "
                 "standard).")


def _draw(state: State, seat: int | None = None, *, reveal: bool = False) -> Any:
    from dungeoneer.engine.five_more_minutes.screen import draw  # rich, only when drawing

    return draw(state, seat, reveal=reveal)


GAME = GameEntry(
    info=INFO,
    factory=make_five_more_minutes,
    bots=BOTS,
    default_bot="greedy",
    options=(players_option(INFO), VARIANT),
    draw=_draw,
    simulation=SeatSimulation(card_action="play", length=attrgetter("turns"), options=(VARIANT,)),
)

__all__ = ["GAME", "FiveMoreMinutes", "FiveState"]
