"""Puzzle Dungeon (Brian Garber): the rules engine.

    from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=42)
    state = state.apply(state.legal_actions()[0])
"""

from dungeoneer.engine.puzzle_dungeon.cards import CardSet, load_card_set
from dungeoneer.engine.puzzle_dungeon.game import INFO, PuzzleDungeon, card_set, make_puzzle_dungeon
from dungeoneer.engine.puzzle_dungeon.rules import Payment
from dungeoneer.engine.puzzle_dungeon.state import PuzzleState

__all__ = ["INFO", "CardSet", "Payment", "PuzzleDungeon", "PuzzleState", "card_set",
           "load_card_set", "make_puzzle_dungeon"]
