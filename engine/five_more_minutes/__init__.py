"""5 More Minutes: rules engine (`game`) and bots (`bots`); card and chip data in
seeds/five_more_minutes. `GAME` declares the game to the registry (the `dungeoneer.games` entry
point)."""

from __future__ import annotations

from operator import attrgetter

from dungeoneer.engine.five_more_minutes.bots import BOTS
from dungeoneer.engine.five_more_minutes.game import (
    INFO,
    FiveMoreMinutes,
    FiveState,
    make_five_more_minutes,
)
from dungeoneer.engine.registry import GameEntry, Option, players_option
from dungeoneer.engine.simulate import SeatSimulation

VARIANT = Option("variant", "rookie, expert, nightmare, or several comma-separated (default "
                 "standard).")


GAME = GameEntry(
    info=INFO,
    factory=make_five_more_minutes,
    bots=BOTS,
    default_bot="greedy",
    options=(players_option(INFO), VARIANT),
    simulation=SeatSimulation(card_action="play", length=attrgetter("turns"), options=(VARIANT,)),
)

__all__ = ["GAME", "FiveMoreMinutes", "FiveState"]
