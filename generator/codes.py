"""Deal codes: a short, shareable name for a Puzzle Dungeon deal, and a descriptive form.

    pd1-1.skull-rogue.8412                    card set 1, Skull Rogue, seed 8412 (check 1)
    pd1-0.skull-rogue.L.1tk8whgak0d8t...      the same deal, written out in full (check 0)

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

The check character (after the hyphen that ends the first part) makes a typo an error rather
than another deal. It is the Damm check character of the code's body (the code without `-c`, in
lower case) over the totally anti-symmetric quasigroup x * y = 2x + y of GF(32) (the field
modulo x^5 + x^2 + 1; + is XOR), each character of the body read as its value in Crockford's
base 32 or, outside that alphabet (i, l, o, u, the dot, the hyphen), as its code point modulo 32.
It is checked against the code as written (any case, the layout's o read as 0 and i, l as 1), not
against the deal the code reads as: a code with a check character is written as this project
writes codes (no leading zero), so a digit typed as a leading 0 is a typo like any other.
Such a check catches every change of one base-32 digit and every swap of two neighbouring ones;
what the seed and the layout are written in is base-32 digits, so every typo there is caught. The
other parts are names this installation checks on their own (the prefix, the card-set version,
the hero, the L), so a typo there is refused too. A code without a check character (written
before there was one) still reads; `read_code` says which it was.
"""

from __future__ import annotations

import functools
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
CHECK_MARK = "-"
"""Between the card-set version and the check character: pd1-4.rogue.42."""
_GF32_MODULUS = 0b100101
"""x^5 + x^2 + 1, a primitive polynomial: GF(32) is the polynomials over GF(2) modulo it."""


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

    def body(self) -> str:
        """The code without its check character, as codes were written before they had one
        (pd1.rogue.42): what the check character is computed from, and what names the deal."""
        head = f"{PREFIX}{self.version}.{key_of(self.hero).lower()}"
        if not self.is_layout:
            return f"{head}.{self.seed}"
        # parse_code and layout_code always give a layout code its deck orders and its stream
        assert self.monsters is not None and self.arsenal is not None and self.stream is not None
        return f"{head}.L.{_layout_payload(self.monsters, self.arsenal, self.stream)}"

    def text(self) -> str:
        """The code as written, with its check character (pd1-4.rogue.42)."""
        return with_check(self.body())

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class ReadCode:
    """A deal code as read: the code, and whether it carried a check character (False: a code
    written before codes had one, which reads all the same)."""

    code: DealCode
    checked: bool


# ----------------------------------------------------------------------------- the check character

def check_character(body: str) -> str:
    """The check character of a code's body (the code without `-c`; see the module's
    docstring): the one base-32 digit that brings the Damm check of body + digit to zero."""
    return ALPHABET[_times_two(_damm(body))]


def with_check(body: str) -> str:
    """A code's body with its check character put in after the card-set version."""
    first, dot, rest = body.partition(".")
    return f"{first}{CHECK_MARK}{check_character(body)}{dot}{rest}"


def _damm(text: str) -> int:
    """The interim digit of the Damm scheme after `text`: 0 for a body followed by its check."""
    interim = 0
    for char in text.lower():
        interim = _times_two(interim) ^ _symbol(char)
    return interim


def _symbol(char: str) -> int:
    """A character as an element of GF(32): its base-32 value, or its code point mod 32."""
    value = ALPHABET.find(char)
    return value if value >= 0 else ord(char) % 32


def _times_two(value: int) -> int:
    """`value` times x in GF(32)."""
    value <<= 1
    return value ^ _GF32_MODULUS if value & 0b100000 else value


EXAMPLE = with_check(f"{PREFIX}1.rogue.42")
"""A short code as messages show one."""
LAYOUT_EXAMPLE = f"{PREFIX}1{CHECK_MARK}<check>.rogue.L.<layout>"


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
    """Read a short or layout code, with or without its check character; a DealCodeError says
    what is wrong with it (a check character that does not fit: a typo)."""
    return read_code(text).code


def read_code(text: str) -> ReadCode:
    """Read a short or layout code, and say whether it carried a check character; a
    DealCodeError says what is wrong with it (a check character that does not fit: a typo)."""
    written = text.strip()
    parts = written.split(".")
    if len(parts) not in (3, 4) or not parts[0].lower().startswith(PREFIX):
        raise DealCodeError(f"{shown(written)!r} is not a deal code: a deal code looks like "
                            f"{EXAMPLE} (card set and check character, hero, seed) or "
                            f"{LAYOUT_EXAMPLE}", text=written)
    version, check = _version_and_check(parts[0][len(PREFIX):])
    if not version:
        raise DealCodeError(f"{shown(written)!r} is not a deal code: it starts with pd and the "
                            f"card-set version, like {EXAMPLE.split('.')[0]}", text=written)
    if check is not None:
        if len(parts) == 4:
            _check_payload_size(parts[3], written)  # before working out a check over it
        # The check is of the code as written (case and the payload's look-alikes aside), not
        # of the deal it reads as: a typo that reads as another way to write a number (a seed
        # 60 typed as 00) must still be one.
        _verify_check(_written_body(version, parts), check, written)
    hero = key_of(parts[1]).lower()
    if len(parts) == 3:
        seed_text = parts[2]
        seed = rng.parse_seed(seed_text)
        if seed is None:
            raise DealCodeError(f"the seed of a deal code is a whole number from 0 to "
                                f"{rng.MAX_SEED}, not {shown(seed_text)!r}", text=written)
        return ReadCode(DealCode(version, hero, seed=seed), checked=check is not None)
    if parts[2].upper() != "L":
        raise DealCodeError(f"a layout code has L before its payload, like {LAYOUT_EXAMPLE}",
                            text=written)
    monsters, arsenal, stream = _read_payload(parts[3], written)
    code = DealCode(version, hero, monsters=monsters, arsenal=arsenal, stream=stream)
    return ReadCode(code, checked=check is not None)


def _written_body(version: str, parts: list[str]) -> str:
    """The body of a code as written (without its check character), in lower case, the
    payload's look-alike letters read as Crockford reads them: the body `DealCode.body` gives
    for a code written as this project writes codes."""
    body = [f"{PREFIX}{version}", *parts[1:]]
    if len(parts) == 4:
        body[3] = "".join(_READ_AS.get(char, char) for char in parts[3].lower())
    return ".".join(body).lower()


def _version_and_check(head: str) -> tuple[str, str | None]:
    """The card-set version and the check character (None: a code written without one) of a
    code's first part after `pd`: '1-7' -> ('1', '7'), '1' -> ('1', None)."""
    version, mark, check = head.rpartition(CHECK_MARK)
    if not mark:
        return head, None
    return version, check


def _verify_check(body: str, check: str, written: str) -> None:
    """A DealCodeError saying the code has a typo unless `check` (read as the base-32 digits
    are: any case, o as 0, i and l as 1) is the check character of `body`, the code's body as
    written (`_written_body`)."""
    read = _READ_AS.get(check.lower(), check.lower())
    if len(read) != 1 or read not in ALPHABET:
        raise DealCodeError(f"the deal code {shown(written)!r} has a typo: its check character, "
                            f"after the hyphen, is one base-32 digit, not {shown(check)!r}",
                            text=written)
    if read != check_character(body):
        raise DealCodeError(f"the deal code {shown(written)!r} has a typo: its check character "
                            "does not fit the rest of it (a character is wrong, or two are "
                            "swapped), so it names no deal; copy it again", text=written)


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
        raise DealCodeError(f"this code is for card set version {code.version}, and the cards "
                            f"here are version {game.cards.version}", text=code.text())
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


def _check_payload_size(payload: str, written: str) -> None:
    """Refuse an empty payload (not the number 0), and one longer than the largest deal's
    before it is read (reading a number of n digits one digit at a time takes time in n
    squared)."""
    if not payload.strip():
        raise DealCodeError(f"a layout code has its layout after the L, like {LAYOUT_EXAMPLE}; "
                            "this one has none", text=written)
    monsters_count, arsenal_count = _sizes()
    most = len(_base32(((math.factorial(monsters_count) * math.factorial(arsenal_count)) << 64)
                       - 1))
    if len(payload.lstrip("0oO")) > most:
        raise DealCodeError(f"the layout payload is too large to be a deal: {len(payload):,} "
                            f"characters, more than a deal's {most} (a typo?)",
                            text=shown(written, 100))


def _read_payload(payload: str, written: str) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    _check_payload_size(payload, written)
    monsters_count, arsenal_count = _sizes()
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


@functools.cache
def _sizes() -> tuple[int, int]:
    """The monsters and the arsenal cards of the built-in card set."""
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
