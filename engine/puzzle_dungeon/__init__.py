"""Puzzle Dungeon (Brian Garber): the rules engine.

    from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=42)
    state = state.apply(state.legal_actions()[0])

`GAME` declares the game to the registry (the `dungeoneer.games` entry point).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dungeoneer.engine.protocol import State
from dungeoneer.engine.puzzle_dungeon.cards import CardSet, load_card_set
from dungeoneer.engine.puzzle_dungeon.game import (
    INFO,
    PuzzleDungeon,
    card_set,
    make_puzzle_dungeon,
)
from dungeoneer.engine.puzzle_dungeon.rules import Payment
from dungeoneer.engine.puzzle_dungeon.state import PuzzleState
from dungeoneer.engine.registry import GameEntry, Option, Terminal


def _draw(state: State, seat: int | None = None, *, reveal: bool = False) -> Any:
    from dungeoneer.engine.puzzle_dungeon.screen import draw  # rich, only when drawing

    return draw(state, seat, reveal=reveal)


def _terminal() -> Terminal:
    from dungeoneer.engine.puzzle_dungeon.screen import terminal  # rich, only when drawing

    return terminal()


def _picture(state: State) -> str:
    from dungeoneer.engine.puzzle_dungeon.svg import picture

    assert isinstance(state, PuzzleState)
    return picture(state)


def _listings() -> Mapping[str, Sequence[str]]:
    return {"heroes": [hero.name for hero in card_set().heroes]}


GAME = GameEntry(
    info=INFO,
    factory=make_puzzle_dungeon,
    options=(
        Option("hero", "The hero face to play (default Rogue; see `dungeoneer games`)."),
        Option("cards", "A folder of card files that replace the built-in ones.", kind="folder"),
    ),
    draw=_draw,
    terminal=_terminal,
    picture=_picture,
    listings=_listings,
)

__all__ = ["GAME", "INFO", "CardSet", "Payment", "PuzzleDungeon", "PuzzleState", "card_set",
           "load_card_set", "make_puzzle_dungeon"]
