"""The deals measured: every hero face, seeds from 1000, under the core rules, on the
draw-only card set the slice plays, on the played card set, or the built-in cards as a game
deals them (as benchmarks/baseline.py makes them), the extras added or not."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, PuzzleState, load_card_set

ROOT = Path(__file__).resolve().parents[2]


def tests_importable() -> None:
    """The project's root on `sys.path`: the card sets and the armed positions come from its
    tests' helpers (tests/solver)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))

HEROES = ("Rogue", "Bodyguard", "Warrior", "Alchemist",
          "Skull Rogue", "Skull Bodyguard", "Skull Warrior", "Skull Alchemist")


@cache
def draw_cards() -> object:
    """The built-in cards with each Loot ability made a draw and every other taken away."""
    tests_importable()
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
    tests_importable()
    from tests.solver.kernel_cards import write_played_cards

    return load_card_set(str(write_played_cards(ROOT / "build" / "played-cards")))


def played_root(hero: str, seed: int) -> PuzzleState:
    """A deal's start position on the played cards, under the full rules."""
    return PuzzleDungeon(played_cards(), hero).new_initial_state(seed=seed)


def kernel_root(hero: str, seed: int) -> PuzzleState:
    """A deal's start position on the built-in cards, as a game deals them (as
    benchmarks/baseline.py --kernel makes them)."""
    return PuzzleDungeon(hero=hero).new_initial_state(seed=seed)


EXTRAS = ("Battlesnake", "Overseer", "Mold Demon")
"""The example monsters a game may add to the monster deck (tests/solver/test_rules_kernel.py)."""


def extras_root(hero: str, seed: int) -> PuzzleState:
    """A deal's start position on the built-in cards and the extras."""
    return PuzzleDungeon(hero=hero, extras=EXTRAS).new_initial_state(seed=seed)
