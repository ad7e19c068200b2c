"""5 More Minutes: the configured game and its preparation (`game`), card and chip data
(`cards`), the position (`state`) and its working copy (`board`), the turn, the rolls and every
card as typed tasks (`effects`), the history of a game (`history`) and what a seat knows from it
(`information`), bots (`bots`) and the table for people (`screen`). `GAME` declares the game to
the registry (the `dungeoneer.games` entry point)."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from dungeoneer.engine.bots import RandomBot
from dungeoneer.engine.catalogue import CardText
from dungeoneer.engine.five_more_minutes.bots import GreedyBot, SamplingFiveBot, fill_in
from dungeoneer.engine.five_more_minutes.game import INFO, FiveMoreMinutes, make_five_more_minutes
from dungeoneer.engine.five_more_minutes.state import FiveState
from dungeoneer.engine.protocol import State
from dungeoneer.engine.registry import BotFactory, GameEntry, Option, players_option
from dungeoneer.engine.simulate import SeatSimulation

BOTS: dict[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot,
                               "sampling": SamplingFiveBot}
"""The game's bots by name (`bots.py`)."""

VARIANT = Option("variant", "rookie, expert, nightmare, or several comma-separated (default "
                 "standard).")


def _draw(state: State, seat: int | None = None, *, reveal: bool = False,
          live: bool = False) -> Any:
    from dungeoneer.engine.five_more_minutes.screen import draw  # rich, only when drawing

    return draw(state, seat, reveal=reveal)


def _resample(state: State, seat: int, seed: int) -> State:
    assert isinstance(state, FiveState)
    return fill_in(state, seat, seed)


def _cards() -> Sequence[CardText]:
    from dungeoneer.engine.five_more_minutes.catalogue import cards  # (read when asked for)

    return cards()


GAME = GameEntry(
    info=INFO,
    factory=make_five_more_minutes,
    bots=BOTS,
    default_bot="greedy",
    options=(players_option(INFO), VARIANT),
    draw=_draw,
    cards=_cards,
    hint_bot="sampling",
    resample=_resample,
    simulation=SeatSimulation(card_action="play", length=attrgetter("turns"), options=(VARIANT,)),
)

__all__ = ["GAME", "FiveMoreMinutes", "FiveState"]
