"""Portable randomness: one seed gives the same games on every machine and Python version.

Python promises nothing about `random.shuffle` or `randrange` across versions, and `hash()` is
salted per process, so the project never uses them for game chance. This module is a SplitMix64
generator (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014; the
constants are Vigna's reference implementation) with an unbiased bounded draw and a Fisher-Yates
shuffle, written as pure functions over an integer state so that the state can live inside an
immutable game state.

The draws are written twice, with the same results to the bit: on whole Python integers, the
faster as plain Python, and on the state's two 32-bit halves as machine words (`i64`), the
faster by far once compiled (mypyc keeps integers above 2**62 as Python objects, and a 64-bit
state is mostly above). Each build runs the one that suits it (`WORDS`); tests/test_rng.py
checks that both give the same draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:  # (a machine word to the compiler; annotations only, never read when run)
    from mypy_extensions import i64

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
    if WORDS:
        high, low = _advance(state >> 32, state & 0xFFFFFFFF)
        z_high, z_low = _mix(high, low)
        return int(z_high) << 32 | int(z_low), int(high) << 32 | int(low)
    state = (state + _GOLDEN_GAMMA) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * _MIX1) & MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & MASK64
    return z ^ (z >> 31), state


def below(bound: int, state: int) -> tuple[int, int]:
    """Return (a uniform integer in [0, bound), the new state), without modulo bias; `bound`
    from 1 to 2**64 (one output draws it)."""
    if not 0 < bound <= 1 << 64:
        raise ValueError(f"a bound is from 1 to 2**64, not {bound}")
    if WORDS and bound < _WIDEST_WORD_BOUND:
        # (names of their own: compiled, a variable keeps the machine-word type it is given)
        drawn, high, low = (_below_words(bound, state >> 32, state & 0xFFFFFFFF)
                            if bound <= _MOST_WORD_BOUND else
                            _below_wide_words(bound, state >> 32, state & 0xFFFFFFFF))
        return int(drawn), int(high) << 32 | int(low)
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
    if WORDS and len(cards) <= _MOST_WORD_BOUND:
        high: i64 = state >> 32
        low: i64 = state & 0xFFFFFFFF
        for i in range(len(cards) - 1, 0, -1):
            k, high, low = _below_words(i + 1, high, low)
            cards[i], cards[k] = cards[k], cards[i]
        return tuple(cards), int(high) << 32 | int(low)
    for i in range(len(cards) - 1, 0, -1):
        j, state = below(i + 1, state)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards), state


# ---------------------------------------------------------------------- on machine words

_M32: Final[i64] = (1 << 32) - 1
_M16: Final[i64] = (1 << 16) - 1
_MOST_WORD_BOUND: Final = 1 << 30
"""The largest bound `_below_words` draws for: every value then stays below 2**62."""
_WIDEST_WORD_BOUND: Final = 1 << 62
"""Bounds from here on (never a game's) are drawn on whole integers in every build."""


def _below_words(bound: i64, high: i64, low: i64) -> tuple[i64, i64, i64]:
    """`below` on the state's halves (bound at most 2**30): (the value, the new state's halves)."""
    wrap = (1 << 32) % bound
    excess = wrap * wrap % bound  # 2**64 mod bound: outputs from 2**64 - excess on are biased
    while True:
        high, low = _advance(high, low)
        z_high, z_low = _mix(high, low)
        # below 2**64 - excess, which is (2**32 - 1, 2**32 - excess) in halves
        if excess == 0 or z_high < _M32 or z_low < (1 << 32) - excess:
            return (z_high % bound * wrap + z_low) % bound, high, low


def _below_wide_words(bound: i64, high: i64, low: i64) -> tuple[i64, i64, i64]:
    """`_below_words` for a bound from 2**30 to 2**62, by doubling: no value reaches 2**63."""
    excess: i64 = 1
    for _ in range(64):
        excess = excess * 2 % bound  # 2**64 mod bound
    # 2**64 - excess (the first biased output), in halves
    limit_high, limit_low = _M32 - ((excess - 1) >> 32), _M32 - ((excess - 1) & _M32)
    while True:
        high, low = _advance(high, low)
        z_high, z_low = _mix(high, low)
        if excess == 0 or z_high < limit_high or (z_high == limit_high and z_low < limit_low):
            value = z_high % bound
            for _ in range(32):
                value = value * 2 % bound
            return (value + z_low) % bound, high, low


def _advance(high: i64, low: i64) -> tuple[i64, i64]:
    """The state plus the golden gamma, modulo 2**64."""
    low += 0x7F4A7C15
    high = (high + 0x9E3779B9 + (low >> 32)) & _M32
    return high, low & _M32


def _mix(high: i64, low: i64) -> tuple[i64, i64]:
    """SplitMix64's output function (`next_u64`) on the state's halves."""
    low ^= ((high << 2) | (low >> 30)) & _M32  # z ^= z >> 30
    high ^= high >> 30
    high, low = _times(high, low, 0xBF58476D, 0x1CE4E5B9)  # z *= _MIX1
    low ^= ((high << 5) | (low >> 27)) & _M32  # z ^= z >> 27
    high ^= high >> 27
    high, low = _times(high, low, 0x94D049BB, 0x133111EB)  # z *= _MIX2
    low ^= ((high << 1) | (low >> 31)) & _M32  # z ^= z >> 31
    return high ^ (high >> 31), low


def _times(high: i64, low: i64, c_high: i64, c_low: i64) -> tuple[i64, i64]:
    """(high, low) times (c_high, c_low), modulo 2**64, in halves."""
    product_high, product_low = _wide(low, c_low)
    product_high += _low_word(high, c_low) + _low_word(low, c_high)
    return product_high & _M32, product_low


def _wide(a: i64, b: i64) -> tuple[i64, i64]:
    """The whole product of two 32-bit numbers as (high, low) halves, in 16-bit steps so that no
    value reaches 2**49."""
    p0 = a * (b & _M16)
    p1 = a * (b >> 16)
    low = (p0 & _M32) + ((p1 & _M16) << 16)
    return (p0 >> 32) + (p1 >> 16) + (low >> 32), low & _M32


def _low_word(a: i64, b: i64) -> i64:
    """The low 32 bits of the product of two 32-bit numbers."""
    return (a * (b & _M16) + ((a * (b >> 16) & _M16) << 16)) & _M32


WORDS: Final = not hasattr(_below_words, "__code__")
"""Whether this module is compiled (a compiled function has no Python code object): then the
draws run on machine words."""


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
