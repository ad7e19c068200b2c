"""Deal codes: a short, shareable name for a Puzzle Dungeon deal, and a descriptive form.

    pd1.skull-rogue.8412                      card set 1, Skull Rogue, seed 8412
    pd1.skull-rogue.L.1q9x...                 the same deal, written out in full

The short code names the card-set version, the hero face and the seed: it is the deal as long as
this project shuffles the same way (the test vectors of `engine.rng` pin that). The descriptive
("layout") code writes the deal itself: the order of the monster deck, the order of the arsenal
deck and the state of the random stream that decides later shuffles (a Minotaur's re-deal, a
Mutant's shuffle). It does not depend on how the deal was generated, so an archived puzzle survives
any change to the generator; it does depend on the card set's numbering, which its version names.

The layout payload is one integer in Crockford base 32 (lower case, no padding): the monster
order's rank among all orders, the arsenal order's rank, and the 64-bit stream, mixed as
((monster_rank * arsenal_orders) + arsenal_rank) * 2**64 + stream, with ranks in the
lexicographic order of permutations of the card ids.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from dungeoneer.engine import rng
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.numbers import shown
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, PuzzleState, key_of

PREFIX = "pd"
ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
"""Crockford's base 32: no i, l, o or u, so a code read aloud or copied by hand survives."""
_READ_AS = {"i": "1", "l": "1", "o": "0"}


class DealCodeError(DungeoneerError):
    """Text that is not a deal code, or one this installation can't play."""


@dataclass(frozen=True)
class DealCode:
    """A parsed deal code: the card-set version, the hero face, and either a seed (short form) or
    the deck orders and the stream (layout form)."""

    version: str
    hero: str
    """The hero face's key in lower case ('skull-rogue')."""
    seed: int | None = None
    monsters: tuple[int, ...] | None = None
    """The monster deck, top first, as places in the game's list of monsters."""
    arsenal: tuple[int, ...] | None = None
    """The arsenal deck, top first, as arsenal card ids."""
    stream: int | None = None
    """The random stream that decides the shuffles after set up."""

    @property
    def is_layout(self) -> bool:
        """Whether this is the descriptive form."""
        return self.monsters is not None

    def text(self) -> str:
        """The code as written."""
        head = f"{PREFIX}{self.version}.{key_of(self.hero).lower()}"
        if not self.is_layout:
            return f"{head}.{self.seed}"
        # parse_code and layout_code always give a layout code its deck orders and its stream
        assert self.monsters is not None and self.arsenal is not None and self.stream is not None
        return f"{head}.L.{_layout_payload(self.monsters, self.arsenal, self.stream)}"

    def __str__(self) -> str:
        return self.text()


# ----------------------------------------------------------------------------- making codes

def short_code(game: PuzzleDungeon, seed: int) -> DealCode:
    """The short code of the deal `game.new_initial_state(seed=seed)`."""
    return DealCode(game.cards.version, _hero_key(game), seed=rng.verify_seed(seed))


def layout_code(game: PuzzleDungeon, seed: int) -> DealCode:
    """The descriptive code of the deal `game.new_initial_state(seed=seed)`."""
    monsters, arsenal, stream = dealt_orders(game, seed)
    places = tuple(game.monster_ids.index(m) for m in monsters)
    return DealCode(game.cards.version, _hero_key(game), monsters=places, arsenal=arsenal,
                    stream=stream)


def _hero_key(game: PuzzleDungeon) -> str:
    return key_of(game.hero.name).lower()


def dealt_orders(game: PuzzleDungeon, seed: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The monster deck order, the arsenal deck order (top first) and the stream left for later
    shuffles, exactly as `PuzzleDungeon.new_initial_state` shuffles them from `seed`."""
    stream = rng.verify_seed(seed)
    monsters, stream = rng.shuffled(game.monster_ids, stream)
    arsenal, stream = rng.shuffled(tuple(c.id for c in game.cards.arsenal), stream)
    return monsters, arsenal, stream


# ----------------------------------------------------------------------------- reading codes

def parse_code(text: str) -> DealCode:
    """Read a short or layout code; a DealCodeError says what is wrong with it."""
    written = text.strip()
    parts = written.split(".")
    if len(parts) not in (3, 4) or not parts[0].lower().startswith(PREFIX):
        raise DealCodeError(f"{written!r} is not a deal code: a deal code looks like pd1.rogue.42 "
                            "(card set, hero, seed) or pd1.rogue.L.<layout>", text=written)
    version = parts[0][len(PREFIX):]
    if not version:
        raise DealCodeError(f"{written!r} is not a deal code: it starts with pd and the "
                            "card-set version, like pd1", text=written)
    hero = key_of(parts[1]).lower()
    if len(parts) == 3:
        seed_text = parts[2]
        seed = rng.parse_seed(seed_text)
        if seed is None:
            raise DealCodeError(f"the seed of a deal code is a whole number from 0 to "
                                f"{rng.MAX_SEED}, not {shown(seed_text)!r}", text=written)
        return DealCode(version, hero, seed=seed)
    if parts[2].upper() != "L":
        raise DealCodeError("a layout code has L before its payload, like pd1.rogue.L.<layout>",
                            text=written)
    monsters, arsenal, stream = _read_payload(parts[3], written)
    return DealCode(version, hero, monsters=monsters, arsenal=arsenal, stream=stream)


def deal_from_code(code: DealCode | str, card_folder: str | None = None) -> PuzzleState:
    """The position a code names, set up; checks the card-set version and the hero."""
    game, seed, setup = code_start(code, card_folder)
    return game.new_initial_state(seed=seed, setup=setup)


def code_start(code: DealCode | str, card_folder: str | None = None
               ) -> tuple[PuzzleDungeon, int, dict[str, str]]:
    """The game, the seed and the set-up lines (a record header's `monsters` and `arsenal`, for
    a layout code) that start the deal a code names. `card_folder` replaces the built-in card
    files, as `--cards` does."""
    if isinstance(code, str):
        code = parse_code(code)
    game = PuzzleDungeon(hero=code.hero, card_folder=card_folder)
    if game.cards.version != code.version:
        raise DealCodeError(f"the code {code.text()} is for card set version {code.version}, and "
                            f"the cards here are version {game.cards.version}", text=code.text())
    if not code.is_layout:
        assert code.seed is not None  # parse_code and short_code always give a short code its seed
        return game, code.seed, {}
    # parse_code and layout_code always give a layout code its deck orders and its stream
    assert code.monsters is not None and code.arsenal is not None and code.stream is not None
    if len(code.monsters) != len(game.monster_ids) or len(code.arsenal) != len(game.cards.arsenal):
        raise DealCodeError(f"the layout of {code.text()} does not fit this card set",
                            text=code.text())
    monsters = [game.monster_ids[i] for i in code.monsters]
    setup = {"monsters": " ".join(game.cards.monsters[m].key for m in monsters),
             "arsenal": " ".join(game.cards.arsenal[c].code for c in code.arsenal)}
    return game, code.stream, setup


# ----------------------------------------------------------------------------- the payload

def _layout_payload(monsters: tuple[int, ...], arsenal: tuple[int, ...], stream: int) -> str:
    value = (_rank(monsters) * math.factorial(len(arsenal)) + _rank(arsenal)) << 64 | stream
    return _base32(value)


def _read_payload(payload: str, written: str) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    monsters_count, arsenal_count = _sizes()
    # Longer than the largest deal's payload: refused before it is read (reading a number of
    # n digits one digit at a time takes time in n squared).
    most = len(_base32(((math.factorial(monsters_count) * math.factorial(arsenal_count)) << 64)
                       - 1))
    if len(payload.lstrip("0oO")) > most:
        raise DealCodeError(f"the layout payload is too large to be a deal: {len(payload):,} "
                            f"characters, more than a deal's {most} (a typo?)",
                            text=shown(written, 100))
    value = 0
    for char in payload.lower():
        char = _READ_AS.get(char, char)
        digit = ALPHABET.find(char)
        if digit < 0:
            raise DealCodeError(f"{char!r} is not a base-32 digit of a layout code", text=written)
        value = value * 32 + digit
    stream = value & (2**64 - 1)
    ranks = value >> 64
    monster_rank, arsenal_rank = divmod(ranks, math.factorial(arsenal_count))
    if monster_rank >= math.factorial(monsters_count):
        raise DealCodeError("the layout payload is too large to be a deal (a typo?)", text=written)
    return _unrank(monster_rank, monsters_count), _unrank(arsenal_rank, arsenal_count), stream


def _sizes() -> tuple[int, int]:
    game = PuzzleDungeon()
    return len(game.monster_ids), len(game.cards.arsenal)


def _rank(perm: tuple[int, ...]) -> int:
    """The lexicographic rank of a permutation of 0..n-1 (the Lehmer code as one number)."""
    rest = sorted(perm)
    rank = 0
    for item in perm:
        i = rest.index(item)
        rank = rank * len(rest) + i
        rest.pop(i)
    return rank


def _unrank(rank: int, n: int) -> tuple[int, ...]:
    digits = []
    for base in range(1, n + 1):
        rank, digit = divmod(rank, base)
        digits.append(digit)
    rest = list(range(n))
    return tuple(rest.pop(d) for d in reversed(digits))


def _base32(value: int) -> str:
    if value == 0:
        return "0"
    out = []
    while value:
        value, digit = divmod(value, 32)
        out.append(ALPHABET[digit])
    return "".join(reversed(out))
