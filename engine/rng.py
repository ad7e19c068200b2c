"""Portable randomness: one seed gives the same games on every machine and Python version.

Python promises nothing about `random.shuffle` or `randrange` across versions, and `hash()` is
salted per process, so the project never uses them for game chance. This module is a SplitMix64
generator (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014; the
constants are Vigna's reference implementation) with an unbiased bounded draw and a Fisher-Yates
shuffle, written as pure functions over an integer state so that the state can live inside an
immutable game state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
MAX_SEED = MASK64


def verify_seed(seed: object) -> int:
    """Return `seed` if it is a valid seed (a whole number from 0 to 2**64 - 1), else raise
    ValueError: whatever a caller passes (typed as anything, so that a compiled build checks
    it here too instead of refusing it with a TypeError at the call)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a seed is a whole number, not {seed!r}")
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed}")
    return seed


def parse_seed(text: str) -> int | None:
    """The seed `text` writes (ASCII digits, at most 2**64 - 1), or None if it writes none."""
    from dungeoneer.engine.numbers import whole_number

    return whole_number(text, most=MAX_SEED)


def derived_seed(seed: int, index: int) -> int:
    """The seed of job `index` of a batch seeded with `seed`: `(seed + index) mod 2**64`, so
    a batch that starts near the top wraps round to 0 instead of leaving the seed range."""
    return (seed + index) & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Advance the stream: return (a 64-bit output, the new state)."""
    state = (state + _GOLDEN_GAMMA) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * _MIX1) & MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & MASK64
    return z ^ (z >> 31), state


def below(bound: int, state: int) -> tuple[int, int]:
    """Return (a uniform integer in [0, bound), the new state), without modulo bias."""
    if bound <= 0:
        raise ValueError("bound must be positive")
    # Reject the top sliver of outputs that would make some residues more likely than others.
    limit = (1 << 64) - ((1 << 64) % bound)
    while True:
        # next_u64 written out: a playout draws here at every choice
        state = (state + _GOLDEN_GAMMA) & MASK64
        z = ((state ^ (state >> 30)) * _MIX1) & MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & MASK64
        value = z ^ (z >> 31)
        if value < limit:
            return value % bound, state


def shuffled(items: Sequence[T], state: int) -> tuple[tuple[T, ...], int]:
    """Return (the items in a uniformly random order, the new state): Fisher-Yates from the end."""
    cards = list(items)
    for i in range(len(cards) - 1, 0, -1):
        j, state = below(i + 1, state)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards), state


class Stream:
    """A mutable wrapper over the pure functions, for bots and simulations that own a stream."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = verify_seed(seed)

    def u64(self) -> int:
        """The next 64-bit output."""
        value, self.state = next_u64(self.state)
        return value

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound)."""
        value, self.state = below(bound, self.state)
        return value

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen item of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """The items in a uniformly random order."""
        result, self.state = shuffled(items, self.state)
        return result
