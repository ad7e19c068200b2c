"""Dinky Dungeon: the configured game and its set-up (`game`), card data (`cards`), the position
(`state`) and its working copy (`board`), the turn and each adventurer's effect as typed tasks
(`effects`), the history of a game (`history`) and what a seat knows from it (`information`),
bots (`bots`) and the table for people (`screen`). `GAME` declares the game to the registry (the
`dungeoneer.games` entry point)."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from dungeoneer.engine.catalogue import CardText
from dungeoneer.engine.dinky_dungeon.bots import BOTS, fill_in
from dungeoneer.engine.dinky_dungeon.game import INFO, DinkyDungeon, make_dinky_dungeon
from dungeoneer.engine.dinky_dungeon.state import DinkyState
from dungeoneer.engine.protocol import State
from dungeoneer.engine.registry import GameEntry, players_option
from dungeoneer.engine.simulate import SeatSimulation


def _draw(state: State, seat: int | None = None, *, reveal: bool = False,
          live: bool = False) -> Any:
    from dungeoneer.engine.dinky_dungeon.screen import draw  # rich, only when drawing

    return draw(state, seat, reveal=reveal)


def _resample(state: State, seat: int, seed: int) -> State:
    assert isinstance(state, DinkyState)
    return fill_in(state, seat, seed)


def _cards() -> Sequence[CardText]:
    from dungeoneer.engine.dinky_dungeon.catalogue import cards  # (read when asked for)

    return cards()


GAME = GameEntry(
    info=INFO,
    factory=make_dinky_dungeon,
    bots=BOTS,
    default_bot="greedy",
    options=(players_option(INFO),),
    draw=_draw,
    cards=_cards,
    hint_bot="sampling",
    resample=_resample,
    simulation=SeatSimulation(card_action="play", length=attrgetter("turns")),
)

__all__ = ["GAME", "DinkyDungeon", "DinkyState"]
