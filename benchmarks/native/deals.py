"""The deals measured: every hero face, seeds from 1000, under the core rules or on the
draw-only card set the slice plays (as benchmarks/baseline.py makes them)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, PuzzleState, load_card_set

ROOT = Path(__file__).resolve().parents[2]

HEROES = ("Rogue", "Bodyguard", "Warrior", "Alchemist",
          "Skull Rogue", "Skull Bodyguard", "Skull Warrior", "Skull Alchemist")


@cache
def draw_cards() -> object:
    """The built-in cards with each Loot ability made a draw and every other taken away."""
    import sys

    sys.path.insert(0, str(ROOT))
    from tests.solver.kernel_cards import write_draw_cards

    return load_card_set(str(write_draw_cards(ROOT / "build" / "draw-cards")))


def make_root(hero: str, seed: int, slice_rules: bool) -> PuzzleState:
    """A deal's start position."""
    game = (PuzzleDungeon(draw_cards(), hero) if slice_rules
            else PuzzleDungeon(hero=hero, core=True))
    return game.new_initial_state(seed=seed)


@cache
def played_cards() -> object:
    """The built-in cards less the abilities the full-rules kernel does not play yet (as
    benchmarks/baseline.py --played makes them)."""
    import sys

    sys.path.insert(0, str(ROOT))
    from tests.solver.kernel_cards import write_played_cards

    return load_card_set(str(write_played_cards(ROOT / "build" / "played-cards")))


def played_root(hero: str, seed: int) -> PuzzleState:
    """A deal's start position on the played cards, under the full rules."""
    return PuzzleDungeon(played_cards(), hero).new_initial_state(seed=seed)
