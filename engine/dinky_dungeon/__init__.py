"""Dinky Dungeon: rules engine with the turn's tasks (`game`), playing an adventurer and each
adventurer's effect with its tasks and choices (`effects`), card data (`cards`), bots (`bots`) and
the table for people (`screen`). `GAME` declares the game to the registry (the `dungeoneer.games`
entry point)."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from dungeoneer.engine.dinky_dungeon.bots import BOTS
from dungeoneer.engine.dinky_dungeon.game import INFO, DinkyDungeon, DinkyState, make_dinky_dungeon
from dungeoneer.engine.protocol import State
from dungeoneer.engine.registry import GameEntry, players_option
from dungeoneer.engine.simulate import SeatSimulation


def _draw(state: State, seat: int | None = None, *, reveal: bool = False) -> Any:
    from dungeoneer.engine.dinky_dungeon.screen import draw  # rich, only when drawing

    return draw(state, seat, reveal=reveal)


GAME = GameEntry(
    info=INFO,
    factory=make_dinky_dungeon,
    bots=BOTS,
    default_bot="greedy",
    options=(players_option(INFO),),
    draw=_draw,
    simulation=SeatSimulation(card_action="play", length=attrgetter("turns")),
)

__all__ = ["GAME", "DinkyDungeon", "DinkyState"]
