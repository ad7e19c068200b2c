"""Puzzle Dungeon rules that only read a position: columns, statics, attack payments, the prey.

Every function here takes a `Position`, anything with the position's fields (a frozen
`PuzzleState` or the mutable `Board` an action is applied on), so legality is written once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import combinations, islice, permutations, product
from math import comb
from typing import TYPE_CHECKING, NamedTuple

from dungeoneer.engine.puzzle_dungeon.constants import KING, SUIT_LETTERS

if TYPE_CHECKING:
    from dungeoneer.engine.protocol import Action
    from dungeoneer.engine.puzzle_dungeon.cards import CardSet, Face, Static
    from dungeoneer.engine.puzzle_dungeon.game import PuzzleDungeon as PuzzleRules


class Position:
    """What the rules read of a position, the fields a frozen `PuzzleState` and the mutable
    `Board` an action is applied on both have (each is a `Position`): the zones as `bytes` of
    ids in order, the hand and the monsters' states as bit masks. A base class rather than a
    protocol: compiled, a field read through it is a direct read, where a protocol's is a
    Python attribute lookup."""

    rules: PuzzleRules
    """The configured game (`PuzzleDungeon`): card data, hero and options."""
    columns: tuple[bytes, ...]
    """The columns, each `bytes` of monster ids back to front: the last is the one that can be
    attacked."""
    kings: int
    """Bit m set: monster m shows its Monster King face."""
    exhausted: int
    """Bit m set: monster m is exhausted."""
    arsenal: bytes
    """Card ids left to right; the last card is the front."""
    hand: int
    """Bit c set: card c is in the hand (the hand has no order; `bits` lists it)."""
    deck: bytes
    """Card ids, top first."""
    discard: bytes
    """Card ids, bottom first; the last card is the top."""
    collected: int
    """Bit m set: monster m is collected."""
    traps: tuple[int, ...]
    treasures: tuple[int, ...]
    removed: tuple[int, ...]
    """Treasures removed from the game."""
    rng: int | None
    """The state of the seeded random stream (None: no seed, every shuffle must be written)."""
    forced: tuple[str, ...]
    """Explicit chance outcomes queued from a record."""
    setup_deals: bytes
    """The cards dealt to the arsenal during set up, in order ('the first dealt Torch')."""
    options: tuple[Action, ...]
    """The choices of the pending decision; empty when the player may take an action."""


NO_SUITS = (0, 0, 0, 0)


class CardTables:
    """The card data the rules read at every position, as flat tables by id, built once for a
    game (`PuzzleDungeon.tables`): compiled, a read here is a direct one, where each step
    through the card records (the card set, a monster, its face, its defense) is a Python
    attribute look-up."""

    def __init__(self, suit: bytes, value: tuple[int, ...],
                 defense: list[tuple[int, int, int, int]], weapon: list[tuple[int, ...]],
                 kind: tuple[str, ...]) -> None:
        self.suit = suit
        """Each arsenal card's suit, by card id."""
        self.value = value
        """Each arsenal card's value, by card id."""
        self.defense = defense
        """Each monster face's defense: monster m's front face at 2m, its King face at 2m + 1."""
        self.weapon = weapon
        """Each monster face's weapon suits, by face as `defense`."""
        self.kind = kind
        """Each monster's type, by monster id."""

    @classmethod
    def of(cls, cards: CardSet) -> CardTables:
        """The tables of a card set."""
        faces = [face for monster in cards.monsters for face in (monster.front, monster.king)]
        return cls(bytes(card.suit for card in cards.arsenal),
                   tuple(card.value for card in cards.arsenal),
                   [face.defense for face in faces], [face.weapon for face in faces],
                   tuple(monster.type for monster in cards.monsters))

    def __reduce__(self) -> tuple[object, ...]:
        # (compiled, a class pickles only as it says; a game goes to worker processes pickled)
        return CardTables, (self.suit, self.value, self.defense, self.weapon, self.kind)


def defense_of(state: Position, monster: int) -> tuple[int, int, int, int]:
    """The defense of the face the monster shows."""
    return state.rules.tables.defense[2 * monster + (state.kings >> monster & 1)]


class Payment(NamedTuple):
    """How an attack matches each suit of the defense.

    `arsenal`: (card, suit matched) in the order discarded, front first; `hand`: (card, suit) in
    the order discarded (by card when no ability in play reads the discard pile's order, D18);
    `weapons`: (monster, suits used) by monster. Every suit of the defense is matched exactly once
    (Game Play: the attack steps).
    """

    arsenal: tuple[tuple[int, int], ...]
    hand: tuple[tuple[int, int], ...]
    weapons: tuple[tuple[int, tuple[int, ...]], ...]


# ----------------------------------------------------------------------------- columns

def nonempty_columns(columns: tuple[bytes, ...]) -> list[int]:
    """Columns with monsters: abilities that affect columns ignore empty ones (Columns)."""
    return [c for c, column in enumerate(columns) if column]


def column_of(columns: tuple[bytes, ...], monster: int) -> int:
    """The column holding `monster`, or -1 when it is not in the dungeon (or is no monster:
    the hero's id, -1)."""
    if monster < 0:
        return -1
    for c, column in enumerate(columns):
        if monster in column:
            return c
    return -1


def leftmost(columns: tuple[bytes, ...]) -> list[int]:
    """The leftmost non-empty column (a list of at most one)."""
    cols = nonempty_columns(columns)
    return cols[:1]


def rightmost(columns: tuple[bytes, ...]) -> list[int]:
    """The rightmost non-empty column (a list of at most one)."""
    cols = nonempty_columns(columns)
    return cols[-1:]


def middle(columns: tuple[bytes, ...]) -> list[int]:
    """The middle column: the single centre column of an odd count, or the two columns closest
    to the middle of an even count, counting non-empty columns only (Columns)."""
    cols = nonempty_columns(columns)
    n = len(cols)
    if n == 0:
        return []
    if n % 2:
        return [cols[n // 2]]
    return [cols[n // 2 - 1], cols[n // 2]]


COLUMN_REFS = {"leftmost": leftmost, "middle": middle, "rightmost": rightmost}


def adjacent_columns(columns: tuple[bytes, ...], column: int) -> list[int]:
    """Non-empty columns next to `column` (Adjacency). An empty column still holds its place, so
    it is never skipped over."""
    return [c for c in (column - 1, column + 1) if 0 <= c < len(columns) and columns[c]]


# ----------------------------------------------------------------------------- faces, statics

def is_king(state: Position, monster: int) -> bool:
    """Whether the monster shows its Monster King face."""
    return bool(state.kings >> monster & 1)


def face(state: Position, monster: int) -> Face:
    """The face the monster shows."""
    card = state.rules.cards.monsters[monster]
    return card.king if state.kings >> monster & 1 else card.front


Statics = tuple[tuple["Static", int], ...]
"""Statements in effect, each with its owner (HERO or a monster)."""

STATICS_MEMO_SIZE = 4096
"""How many (Monster Kings, collection) pairs `active_statics` keeps the answer for."""


def active_statics(state: Position) -> Statics:
    """Statements in effect now, with their owner (HERO or a monster): the hero's; a revealed
    Monster King's while it is in the dungeon; a 'while collected' King ability while it is
    collected (Abilities). They depend only on the Monster King faces and the collection, so
    each answer is kept for those (the attack checks, payments and every ability begun ask)."""
    rules: PuzzleRules = state.rules
    if not state.kings:
        return rules.hero_statics
    memo = rules.statics_memo
    key = (state.kings, state.collected)
    found = memo.get(key)
    if found is None:
        if len(memo) >= STATICS_MEMO_SIZE:
            memo.clear()
        found = memo[key] = _statics_of(rules, state.kings, state.collected)
    return found


def _statics_of(rules: PuzzleRules, kings: int, collected: int) -> Statics:
    found = list(rules.hero_statics)
    for monster in iter_bits(kings):
        in_collection = bool(collected >> monster & 1)
        for ability in rules.king_statics[monster]:
            # (king_statics holds only abilities that are statements: `static` is set)
            if ability.static is not None and (ability.while_ == "collected") == in_collection:
                found.append((ability.static, monster))
    return tuple(found)


def iter_bits(mask: int) -> Iterator[int]:
    """The positions of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bits(mask: int) -> tuple[int, ...]:
    """The members of a mask (the hand, the collected monsters), lowest id first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return tuple(found)


def mask_of(ids: Iterable[int]) -> int:
    """The mask of these ids."""
    mask = 0
    for i in ids:
        mask |= 1 << i
    return mask


def forbidden_columns(state: Position,
                      statics: Statics | None = None) -> set[int]:
    """Columns whose monsters can't be attacked now."""
    statics = active_statics(state) if statics is None else statics
    blocked: set[int] = set()
    for static, _owner in statics:
        if static.kind == "no_attack":
            blocked.update(COLUMN_REFS[static.params["columns"]](state.columns))
    return blocked


def ignored_triggers(state: Position) -> set[str]:
    """Triggers whose abilities are ignored now ('Ignore Trophy abilities.')."""
    return {s.params["abilities"] for s, _ in active_statics(state) if s.kind == "ignore"}


# ----------------------------------------------------------------------------- payments

def _card_can_match(suit: int, wild: bool, need: Sequence[int]) -> list[int]:
    if wild:
        return [s for s in range(4) if need[s]]
    return [suit] if need[suit] else []


def _ready_weapons(state: Position, statics: Statics
                   ) -> list[tuple[int, tuple[int, ...]]]:
    """Ready collected monsters and the suits of the weapon each shows (none while a statement
    says weapons can't be used)."""
    if any(s.kind == "no_weapons" for s, _ in statics):
        return []
    weapon, kings = state.rules.tables.weapon, state.kings
    return [(m, weapon[2 * m + (kings >> m & 1)]) for m in iter_bits(state.collected
                                                                   & ~state.exhausted)]


def _weapon_options(state: Position, statics: Statics
                    ) -> list[tuple[int, WeaponChoices]]:
    """Ready collected monsters and, for each, the suit combinations its weapon can match, each
    with its count of each suit (`weapon_choices`)."""
    wild_owners = {owner for s, owner in statics if s.kind == "wild_weapons"}
    return [(monster, weapon_choices(weapon, monster in wild_owners))
            for monster, weapon in _ready_weapons(state, statics)]


WeaponChoices = tuple[tuple[tuple[int, ...], tuple[int, int, int, int]], ...]
"""A weapon's suit combinations, each with how many of each suit it matches."""


@cache  # (a few dozen weapons exist; payments ask for each ready one at every attack)
def weapon_choices(weapon: tuple[int, ...], wild: bool) -> WeaponChoices:
    """The suit combinations a weapon can match, each with its counts of suits: its suits; a
    King's two suits both or either alone; any suits for a wild weapon (each suit standing for
    any)."""
    if wild:
        combos: list[tuple[int, ...]] = [(s,) for s in range(4)]
        if len(weapon) == 2:
            combos += [(a, b) for a in range(4) for b in range(a, 4)]
    elif len(weapon) == 2:
        # A King may use both suits or only one of them (Game Play, the attack steps).
        a, b = sorted(weapon)
        combos = sorted({(a,), (b,), (a, b)})
    else:
        combos = [tuple(weapon)]
    return tuple((suits, suit_counts(suits)) for suits in combos)


WeaponUses = tuple[tuple[int, tuple[int, ...]], ...]
"""Weapons exhausted for an attack: (monster, suits used), as a `Payment` lists them."""
Cover = tuple[tuple[int, ...], WeaponUses]
"""A way to use weapons: the count of each suit they match, and the weapons used."""


# This module's recursive walks (weapon uses, wild hand cards, payments, the cheapest payment)
# are module functions or methods, never closures: a closure that calls itself is a reference
# cycle, left for the garbage collector at every call, and the searches run their turns with
# the collector paused (`solver.search.Runner.turn`).

def weapon_covers(weapons: list[tuple[int, WeaponChoices]], need: list[int]) -> list[Cover]:
    """Every way to exhaust weapons for suits the defense still needs: (suits matched, uses)."""
    covers: list[Cover] = []
    _walk_weapons(weapons, need, 0, [0, 0, 0, 0], (), covers)
    return covers


def _walk_weapons(weapons: list[tuple[int, WeaponChoices]], need: list[int], i: int,
                  used: list[int], uses: WeaponUses, covers: list[Cover]) -> None:
    """Add the covers that leave weapons before `i` as `uses` (matching `used`) to `covers`."""
    if i == len(weapons):
        covers.append((tuple(used), uses))
        return
    _walk_weapons(weapons, need, i + 1, used, uses, covers)
    monster, options = weapons[i]
    for suits, _counts in options:
        trial = used[:]
        ok = True
        for s in suits:
            trial[s] += 1
            if trial[s] > need[s]:
                ok = False
                break
        if ok:
            _walk_weapons(weapons, need, i + 1, trial, (*uses, (monster, suits)), covers)


def _covers_within(weapons: list[tuple[int, WeaponChoices]], defense: list[int]
                   ) -> Callable[[list[int]], list[Cover]]:
    """`weapon_covers` for any need within `defense`, found once: the covers of a smaller need
    are the defense's covers that fit it, in the same order (a cover's suits only grow as it is
    built, so one that fits was never cut short). Asked for every arsenal prefix of an attack."""
    if not weapons:
        none: list[Cover] = [(NO_SUITS, ())]
        return lambda need: none
    covers = weapon_covers(weapons, defense)

    def within(need: list[int]) -> list[Cover]:
        n0, n1, n2, n3 = need
        return [c for c in covers
                if c[0][0] <= n0 and c[0][1] <= n1 and c[0][2] <= n2 and c[0][3] <= n3]

    return within


HandCovers = Callable[[list[int]], Iterator[tuple[tuple[int, int], ...]]]
"""Every way to match exactly a need with a hand's cards (`_hand_covers`)."""


def _hand_covers(hand_cards: list[tuple[int, int, bool]]) -> HandCovers:
    """A function giving every way to match exactly a need with these hand cards (card, suit,
    wild), each card once. The hand is sorted out once, as it is asked for every arsenal prefix."""
    if not any(wild for _c, _s, wild in hand_cards):
        # The common case: each suit's cards can only match that suit.
        by_suit = [[c for c, s, _w in hand_cards if s == suit] for suit in range(4)]

        def plain(need: list[int]) -> Iterator[tuple[tuple[int, int], ...]]:
            if any(len(by_suit[s]) < need[s] for s in range(4)):
                return
            per_suit = [[tuple((c, s) for c in pick) for pick in combinations(by_suit[s], need[s])]
                        for s in range(4)]
            for parts in product(*per_suit):
                yield tuple(sorted(pair for part in parts for pair in part))

        return plain

    def with_wild(need: list[int]) -> Iterator[tuple[tuple[int, int], ...]]:
        return _wild_hand_covers(need, 0, hand_cards, ())

    return with_wild


def _wild_hand_covers(need: list[int], suit: int, available: list[tuple[int, int, bool]],
                      chosen: tuple[tuple[int, int], ...]
                      ) -> Iterator[tuple[tuple[int, int], ...]]:
    """The ways to match `need` from `suit` on with the available hand cards, some wild, after
    `chosen` (`_hand_covers`)."""
    if suit == 4:
        yield tuple(sorted(chosen))
        return
    wanted = need[suit]
    if wanted == 0:
        yield from _wild_hand_covers(need, suit + 1, available, chosen)
        return
    candidates = [c for c in available if c[1] == suit or c[2]]
    for pick in combinations(candidates, wanted):
        rest = [c for c in available if c not in pick]
        yield from _wild_hand_covers(need, suit + 1, rest,
                                     chosen + tuple((c[0], suit) for c in pick))


def _wild_values(statics: Statics) -> frozenset[int]:
    values: set[int] = set()
    for static, _owner in statics:
        if static.kind == "wild":
            values.update(static.params["values"])
    return frozenset(values)


AttackInputs = tuple[list[int], list[tuple[int, int, bool]], list[tuple[int, int, bool]],
                     list[tuple[int, WeaponChoices]]]
"""What an attack may pay with: the defense's count of each suit, the arsenal cards within reach
from the front (card, suit, wild), the hand's cards (card, suit, wild), and the ready weapons
with their suit combinations."""


def _attack_inputs(state: Position, target: int) -> AttackInputs:
    statics = active_statics(state)
    wild = _wild_values(statics)
    tables = state.rules.tables
    suit, value = tables.suit, tables.value
    defense = list(defense_of(state, target))
    # Each arsenal card taken matches one suit the defense still needs, so no payment reaches
    # further from the front than the defense has suits: the cards behind are left out.
    reach = state.arsenal[max(0, len(state.arsenal) - sum(defense)):]
    arsenal = [(c, suit[c], value[c] in wild) for c in reversed(reach)]
    hand = [(c, suit[c], value[c] in wild) for c in iter_bits(state.hand)]
    return defense, arsenal, hand, _weapon_options(state, statics)


def payments(state: Position, target: int, *, every_order: bool = True) -> Iterator[Payment]:
    """Every legal way to match the target's defense (Game Play, the attack steps): cards from the
    front of the arsenal first, then cards from the hand, then the weapons of ready, collected
    monsters; each source only matches a suit the defense still needs. With `every_order` False,
    only the payments that discard their hand cards in card order (`in_card_order`), in the same
    order as among all of them: one of each set of cards, for a player who leaves the order of
    discards alone."""
    defense, arsenal, hand, weapons = _attack_inputs(state, target)
    hand_covers = _hand_covers(hand)
    weapon_covers = _covers_within(weapons, defense)
    # 'For each unmatched suit ... you may discard a card from your hand': one card at a time, in
    # the player's order, which matters when an ability reads the discard pile's order (D18).
    # The hand covers come sorted by card, and `permutations` yields that order first.
    live = every_order and state.rules.discard_order.live(state)
    parts = _PaymentParts(arsenal, weapon_covers, hand_covers, permutations if live else _as_is)
    yield from parts.from_arsenal(0, defense, ())


class _PaymentParts:
    """What `payments` combines: the arsenal within reach, the weapons' covers of a need, the
    hand's covers of a need, and the orders its cards may be discarded in."""

    def __init__(self, arsenal: list[tuple[int, int, bool]],
                 weapon_covers: Callable[[list[int]], list[Cover]], hand_covers: HandCovers,
                 orders: Callable[[tuple[tuple[int, int], ...]],
                                  Iterable[tuple[tuple[int, int], ...]]]) -> None:
        self.arsenal = arsenal
        self.weapon_covers = weapon_covers
        self.hand_covers = hand_covers
        self.orders = orders

    def from_arsenal(self, i: int, need: list[int],
                     used: tuple[tuple[int, int], ...]) -> Iterator[Payment]:
        """The payments that take `used` from the arsenal's first `i` cards, then weapons and
        hand cards, then those that take more of the arsenal."""
        for cover, uses in self.weapon_covers(need):
            rest = [need[s] - cover[s] for s in range(4)]
            for hand_use in self.hand_covers(rest):
                for ordered in self.orders(hand_use):
                    yield Payment(used, ordered, uses)
        if i < len(self.arsenal):
            card, suit, wild = self.arsenal[i]
            for s in _card_can_match(suit, wild, need):
                need[s] -= 1
                yield from self.from_arsenal(i + 1, need, (*used, (card, s)))
                need[s] += 1


class CardOrderPayments:
    """The payments of an attack that discard their hand cards in card order, as `payments(...,
    every_order=False)` lists them, counted without being listed: `len` and `[k]` build only
    the one payment asked for. A player choosing a payment at random asks this at every attack
    of every playout (profiled: listing them was a third of a playout's time, and their number
    grows exponentially with the weapons collected).

    Payments are counted the way they are listed: at each arsenal card taken (front first),
    first those that take no more arsenal cards, then those that take this one for each suit it
    may match; among the first, each weapon in turn unused, then used for each of its suit
    combinations; last the hand cards, whose count is a product of binomial coefficients when
    no hand card is wild. Counts depend only on where the walk is and what is still to match,
    so each is worked out once."""

    __slots__ = ("_arsenal", "_by_arsenal", "_by_suit", "_by_weapon", "_defense",
                 "_hand_covers", "_hand_ways", "_weapon_ways", "_weapons", "total")

    def __init__(self, state: Position, target: int) -> None:
        defense, arsenal, hand, weapons = _attack_inputs(state, target)
        self._arsenal = arsenal
        self._weapons = weapons
        self._hand_covers: HandCovers | None = None
        self._by_suit: list[list[int]] | None = None
        self._hand_ways: list[tuple[int, ...]] | None = None
        if any(wild for _c, _s, wild in hand):  # (the Alchemist's 0s): listed, when asked
            self._hand_covers = _hand_covers(hand)
        else:
            self._by_suit = by_suit = [[c for c, s, _w in hand if s == suit] for suit in range(4)]
            # For each suit, the ways to pick r of the hand's cards of it, for each r (a row
            # of Pascal's triangle: the counting asks for them thousands of times an attack).
            size = max(defense) + 1
            self._hand_ways = [_ways_row(len(cards), size) for cards in by_suit]
        self._by_weapon: dict[tuple[int, tuple[int, ...]], int] = {}
        self._by_arsenal: dict[tuple[int, tuple[int, ...]], int] = {}
        self._defense = tuple(defense)
        self._weapon_ways = _weapon_ways(self._defense,
                                         tuple(options for _monster, options in weapons))
        self.total = self._from_arsenal(0, self._defense)
        """How many payments there are."""

    # ------------------------------------------------------------------ counting

    def _from_arsenal(self, i: int, need: tuple[int, ...]) -> int:
        """Payments that take arsenal cards from the i-th on, `need` still to match."""
        key = (i, need)
        count = self._by_arsenal.get(key)
        if count is None:
            count = self._from_weapon(0, need)
            if i < len(self._arsenal):
                _card, suit, wild = self._arsenal[i]
                for s in _card_can_match(suit, wild, need):
                    count += self._from_arsenal(i + 1, _less(need, s))
            self._by_arsenal[key] = count
        return count

    def _from_weapon(self, j: int, rest: tuple[int, ...]) -> int:
        """Payments that take no more arsenal cards, weapons from the j-th on, `rest` to match:
        for each way the weapons match some suits, the ways the hand matches the others."""
        key = (j, rest)
        count = self._by_weapon.get(key)
        if count is None:
            count = 0
            if self._hand_ways is None:  # a wild card in hand (the Alchemist's 0s)
                for used, ways in self._weapon_ways[j].items():
                    if _fits(used, rest):
                        count += ways * self._listed_hand_count(_minus(rest, used))
            else:  # (the same sum, written out: the hottest loop of a playout's payments)
                r0, r1, r2, r3 = rest
                h0, h1, h2, h3 = self._hand_ways
                for (u0, u1, u2, u3), ways in self._weapon_ways[j].items():
                    if u0 <= r0 and u1 <= r1 and u2 <= r2 and u3 <= r3:
                        count += (ways * h0[r0 - u0] * h1[r1 - u1] * h2[r2 - u2]
                                  * h3[r3 - u3])
            self._by_weapon[key] = count
        return count

    def _listed_hands(self, rest: tuple[int, ...]) -> Iterator[tuple[tuple[int, int], ...]]:
        """The hand's ways to match `rest` exactly, listed (with a wild card in hand)."""
        assert self._hand_covers is not None  # (kept whenever a hand card is wild)
        return self._hand_covers(list(rest))

    def _listed_hand_count(self, rest: tuple[int, ...]) -> int:
        """The ways the hand matches `rest`, counted by listing them: with a wild card in hand
        the binomial tables do not apply."""
        return sum(1 for _ in self._listed_hands(rest))

    # ------------------------------------------------------------------ finding one

    def __len__(self) -> int:
        return self.total

    def __iter__(self) -> Iterator[Payment]:
        return (self[i] for i in range(self.total))

    def __getitem__(self, index: int) -> Payment:
        if not 0 <= index < self.total:
            raise IndexError(index)
        need = self._defense
        used: tuple[tuple[int, int], ...] = ()
        i = 0
        while True:  # which arsenal cards
            here = self._from_weapon(0, need)
            if index < here:
                break
            index -= here
            card, suit, wild = self._arsenal[i]
            for s in _card_can_match(suit, wild, need):
                below = self._from_arsenal(i + 1, _less(need, s))
                if index < below:
                    used, need = (*used, (card, s)), _less(need, s)
                    break
                index -= below
            i += 1
        uses: WeaponUses = ()
        for j, (monster, options) in enumerate(self._weapons):  # which weapons
            unused = self._from_weapon(j + 1, need)
            if index < unused:
                continue
            index -= unused
            for suits, counts in options:
                if not _fits(counts, need):
                    continue
                after = _minus(need, counts)
                within = self._from_weapon(j + 1, after)
                if index < within:
                    uses, need = (*uses, (monster, suits)), after
                    break
                index -= within
        return Payment(used, self._nth_hand(need, index), uses)

    # ------------------------------------------------------------------ pricing them all

    def cost_blocks(self, per_arsenal: int, per_hand: int, per_weapon: int
                    ) -> list[tuple[int, int]]:
        """Every payment's cost in index order, each arsenal card, hand card and weapon costing
        as given, as runs of (cost, count): the payments that take the same arsenal cards and
        weapons differ only by hand cards of the same number, so they cost the same and come
        one after another. For a player who prices every payment without building each one."""
        blocks: list[tuple[int, int]] = []
        self._arsenal_blocks(0, self._defense, 0, (per_arsenal, per_hand, per_weapon), blocks)
        return blocks

    def _arsenal_blocks(self, i: int, need: tuple[int, ...], base: int,
                        costs: tuple[int, int, int], blocks: list[tuple[int, int]]) -> None:
        """The runs of the payments that take arsenal cards from the i-th on (`_from_arsenal`'s
        order), `base` the cost of those taken so far."""
        self._weapon_blocks(0, need, base, costs, blocks)
        if i < len(self._arsenal):
            _card, suit, wild = self._arsenal[i]
            for s in _card_can_match(suit, wild, need):
                less = _less(need, s)
                if self._from_arsenal(i + 1, less):
                    self._arsenal_blocks(i + 1, less, base + costs[0], costs, blocks)

    def _weapon_blocks(self, j: int, rest: tuple[int, ...], base: int,
                       costs: tuple[int, int, int], blocks: list[tuple[int, int]]) -> None:
        """The runs of the payments that take no more arsenal cards, weapons from the j-th on
        (each unused first, then used for each of its combinations, as `__getitem__` walks)."""
        count = self._from_weapon(j, rest)
        if not count:
            return
        if j == len(self._weapons):  # the hand's ways to match the rest
            blocks.append((base + costs[1] * sum(rest), count))
            return
        self._weapon_blocks(j + 1, rest, base, costs, blocks)
        for _suits, counts in self._weapons[j][1]:
            if _fits(counts, rest):
                self._weapon_blocks(j + 1, _minus(rest, counts), base + costs[2], costs, blocks)

    def _nth_hand(self, rest: tuple[int, ...], place: int) -> tuple[tuple[int, int], ...]:
        """The hand cards of the `place`-th way to match `rest`: `itertools.product` over the
        suits' combinations varies the last suit fastest."""
        by_suit = self._by_suit
        if by_suit is None:
            return next(islice(self._listed_hands(rest), place, None))
        pairs: list[tuple[int, int]] = []
        for s in range(3, -1, -1):
            if not rest[s]:
                continue  # (one way: none of the suit)
            place, r = divmod(place, comb(len(by_suit[s]), rest[s]))
            pairs.extend((c, s) for c in _nth_combination(by_suit[s], rest[s], r))
        return tuple(sorted(pairs))


@cache  # (a few dozen rows exist; payments ask for four at every attack)
def _ways_row(n: int, size: int) -> tuple[int, ...]:
    """comb(n, r) for r below `size`: the ways to pick r of n cards."""
    return tuple(comb(n, r) for r in range(size))


@lru_cache(maxsize=4096)
def _weapon_ways(defense: tuple[int, ...], weapons: tuple[WeaponChoices, ...]
                 ) -> list[dict[tuple[int, ...], int]]:
    """For each j, how many ways the weapons from the j-th on match exactly each count of suits
    within the defense (each weapon unused, or used for one of its combinations); `weapons`
    gives each weapon's combinations with their counts of suits (`weapon_choices`). Kept:
    the same weapons meet the same defenses again and again in a playout (profiled: four times
    in five). The lists are read, never changed."""
    ways: list[dict[tuple[int, ...], int]] = [{NO_SUITS: 1}]
    d0, d1, d2, d3 = defense
    for options in reversed(weapons):
        after = ways[-1]
        here = dict(after)  # the weapon unused
        for (u0, u1, u2, u3), count in after.items():
            for _suits, (c0, c1, c2, c3) in options:
                total = (u0 + c0, u1 + c1, u2 + c2, u3 + c3)
                if total[0] <= d0 and total[1] <= d1 and total[2] <= d2 and total[3] <= d3:
                    here[total] = here.get(total, 0) + count
        ways.append(here)
    ways.reverse()
    return ways


@cache  # (a few dozen suit tuples exist; payments ask for them at every attack)
def suit_counts(suits: tuple[int, ...]) -> tuple[int, int, int, int]:
    """How many of each suit `suits` holds."""
    counts = [0, 0, 0, 0]
    for s in suits:
        counts[s] += 1
    return (counts[0], counts[1], counts[2], counts[3])


def _fits(used: tuple[int, ...], need: tuple[int, ...]) -> bool:
    return (used[0] <= need[0] and used[1] <= need[1] and used[2] <= need[2]
            and used[3] <= need[3])


def _minus(need: tuple[int, ...], used: tuple[int, ...]) -> tuple[int, ...]:
    return (need[0] - used[0], need[1] - used[1], need[2] - used[2], need[3] - used[3])


def _less(need: tuple[int, ...], suit: int) -> tuple[int, ...]:
    return (*need[:suit], need[suit] - 1, *need[suit + 1:])


def _nth_combination(pool: list[int], size: int, index: int) -> tuple[int, ...]:
    """The `index`-th of `combinations(pool, size)`, in its order, without the ones before."""
    chosen: list[int] = []
    start = 0
    n = len(pool)
    while size:
        # Combinations that begin with pool[start] come first: C(n - start - 1, size - 1) of them.
        with_first = comb(n - start - 1, size - 1)
        if index < with_first:
            chosen.append(pool[start])
            size -= 1
        else:
            index -= with_first
        start += 1
    return tuple(chosen)


def _fewest_weapons(weapons: list[tuple[int, WeaponChoices]], defense: list[int]
                    ) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every count of each suit the weapons can match within `defense`, each with the fewest
    weapons that match it: the weapons' part of a cheapest payment, since each weapon used costs
    the same."""
    return _fewest_of(tuple([options for _monster, options in weapons]), tuple(defense))


@lru_cache(maxsize=4096)  # (the same weapons meet the same defenses again and again)
def _fewest_of(weapons: tuple[WeaponChoices, ...], defense: tuple[int, ...]
               ) -> tuple[tuple[tuple[int, ...], int], ...]:
    """`_fewest_weapons`, found suit count by suit count, weapon after weapon, rather than
    listing every set of weapons (with ten ready weapons that was most of a careful player's
    game)."""
    fewest: dict[tuple[int, ...], int] = {NO_SUITS: 0}
    d0, d1, d2, d3 = defense
    for options in weapons:
        grown = dict(fewest)
        for cover, used in fewest.items():
            for _suits, counts in options:
                c = (cover[0] + counts[0], cover[1] + counts[1], cover[2] + counts[2],
                     cover[3] + counts[3])
                if c[0] <= d0 and c[1] <= d1 and c[2] <= d2 and c[3] <= d3 \
                        and grown.get(c, used + 2) > used + 1:
                    grown[c] = used + 1
        fewest = grown
    return tuple(fewest.items())


def least_payment_cost(state: Position, target: int, per_arsenal: int, per_hand: int,
                       per_weapon: int) -> int | None:
    """The least cost of a legal payment for the target (`payments`), each arsenal card, hand
    card and weapon used costing as given (none negative); None if there is no payment. The
    same payments as `payments`, counted without listing every choice of hand cards and every
    order: a player pricing each attack asks this at every decision (profiled: 75% of the
    careful player's time went into listing them)."""
    if min(per_arsenal, per_hand, per_weapon) < 0:
        raise ValueError("the costs of a payment's parts are not negative")
    defense, arsenal, hand, weapons = _attack_inputs(state, target)
    cheapest = _Cheapest(arsenal, hand, _fewest_weapons(weapons, defense),
                         (per_arsenal, per_hand, per_weapon))
    cheapest.from_arsenal(0, defense)
    return cheapest.best


class _Cheapest:
    """The search of `least_payment_cost`: the arsenal within reach, the hand, the fewest
    weapons for each count of suits, the costs of a part, and the best cost found so far."""

    def __init__(self, arsenal: list[tuple[int, int, bool]], hand: list[tuple[int, int, bool]],
                 covers: tuple[tuple[tuple[int, ...], int], ...], costs: tuple[int, int, int]
                 ) -> None:
        self.arsenal = arsenal
        self.hand_covers = _hand_covers(hand)
        self.plain_hand = not any(wild for _c, _s, wild in hand)
        self.held = [sum(1 for _c, s, _w in hand if s == suit) for suit in range(4)]
        self.covers = covers
        self.costs = costs
        self.best: int | None = None

    def hand_can_cover(self, rest: list[int]) -> bool:
        if self.plain_hand:
            return all(self.held[s] >= rest[s] for s in range(4))
        return next(self.hand_covers(rest), None) is not None

    def from_arsenal(self, i: int, need: list[int]) -> None:
        """Price the payments that take the arsenal's first `i` cards, then those taking more."""
        per_arsenal, per_hand, per_weapon = self.costs
        n0, n1, n2, n3 = need
        for cover, used in self.covers:
            c0, c1, c2, c3 = cover
            if c0 > n0 or c1 > n1 or c2 > n2 or c3 > n3:
                continue
            rest = [n0 - c0, n1 - c1, n2 - c2, n3 - c3]
            cost = per_arsenal * i + per_hand * sum(rest) + per_weapon * used
            if (self.best is None or cost < self.best) and self.hand_can_cover(rest):
                self.best = cost
        if i < len(self.arsenal):
            _card, suit, wild = self.arsenal[i]
            for s in _card_can_match(suit, wild, need):
                need[s] -= 1
                self.from_arsenal(i + 1, need)
                need[s] += 1


def _as_is(cards: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    return (cards,)


def in_card_order(payment: Payment) -> bool:
    """Whether the payment discards its hand cards in card order: one payment of each set of
    cards, for players who do not care about the discard pile's order."""
    cards = [card for card, _suit in payment.hand]
    return cards == sorted(cards)


class Resources:
    """What an attack can match with right now, summed up for a quick yes/no per defense."""

    __slots__ = ("arsenal", "cover", "spare", "suit", "value", "wild")

    def __init__(self, state: Position,
                 statics: Statics | None = None) -> None:
        statics = active_statics(state) if statics is None else statics
        self.wild = wild = _wild_values(statics)
        tables = state.rules.tables
        self.suit = suits = tables.suit
        """Each card's suit and value, by card id (`CardTables`)."""
        self.value = value = tables.value
        self.arsenal: bytes = state.arsenal
        """The arsenal as the position holds it, its front last. It is read from the front only
        as far as an attack could take cards (rarely more than two), so it is not summed up: a
        playout may set another arsenal here when nothing else has changed."""
        # What the hand and the weapons match of each suit, and of any suit (wild cards; a wild
        # weapon's suits). A weapon's suits are independent units: a King may use either suit
        # or both, and a wild weapon stands for any suits.
        cover = [0, 0, 0, 0]
        spare = 0
        for c in iter_bits(state.hand):
            if value[c] in wild:
                spare += 1
            else:
                cover[suits[c]] += 1
        wild_owners = {owner for s, owner in statics if s.kind == "wild_weapons"}
        for monster, weapon in _ready_weapons(state, statics):
            if monster in wild_owners:
                spare += len(weapon)
            else:
                for suit in weapon:
                    cover[suit] += 1
        self.cover = (cover[0], cover[1], cover[2], cover[3])
        self.spare = spare

    def can_match(self, defense: tuple[int, int, int, int]) -> bool:
        """Whether some payment matches this defense.

        Taking a matching card from the arsenal front never hurts: a payment for a need R gives
        one for R less any suit (drop a hand card or a weapon unit of that suit). So the arsenal
        is taken greedily, branching only on wild cards (which suit they stand for)."""
        return self._from(0, list(defense))

    def _from(self, i: int, need: list[int]) -> bool:
        """Whether `need` can be matched taking arsenal cards from the i-th from the front on."""
        arsenal, wild_values = self.arsenal, self.wild
        while i < len(arsenal):
            card = arsenal[-1 - i]
            if wild_values and self.value[card] in wild_values:
                needed = [s for s in range(4) if need[s]]
                if not needed:
                    return True
                for s in needed:
                    trial = need[:]
                    trial[s] -= 1
                    if self._from(i + 1, trial):
                        return True
                return False
            suit = self.suit[card]
            if not need[suit]:
                break
            need[suit] -= 1
            i += 1
        # (written out: this runs for every column at every quiet position of a playout)
        n0, n1, n2, n3 = need
        c0, c1, c2, c3 = self.cover
        short = ((n0 - c0 if n0 > c0 else 0) + (n1 - c1 if n1 > c1 else 0)
                 + (n2 - c2 if n2 > c2 else 0) + (n3 - c3 if n3 > c3 else 0))
        return short <= self.spare


def can_pay(state: Position, target: int) -> bool:
    """Whether some payment matches the target's whole defense ('You can't attack a monster if you
    can't match each suit in its defense')."""
    return Resources(state).can_match(defense_of(state, target))


def attackable_columns(state: Position, among: list[int] | None = None) -> list[int]:
    """Columns whose front monster may be attacked now: not forbidden, and its defense can be
    matched."""
    candidates = nonempty_columns(state.columns) if among is None else among
    if not candidates:
        return []
    can_attack = attack_check(state)
    return [c for c in candidates if can_attack(c)]


def attack_check(state: Position) -> Callable[[int], bool]:
    """Whether the front monster of a column may be attacked now (`attackable_columns`), as a
    predicate that sums up the arsenal, hand and weapons once for every column asked about."""
    columns = state.columns
    statics = active_statics(state)
    blocked = forbidden_columns(state, statics) if len(statics) else set()
    resources = Resources(state, statics)

    def can_attack(column: int) -> bool:
        return bool(columns[column]) and column not in blocked and resources.can_match(
            defense_of(state, columns[column][-1]))
    return can_attack


def payment_suits(payment: Payment) -> tuple[int, int, int, int]:
    """How many of each suit the payment matches (for checks)."""
    counts = [0, 0, 0, 0]
    for _card, suit in payment.arsenal + payment.hand:
        counts[suit] += 1
    for _monster, suits in payment.weapons:
        for suit in suits:
            counts[suit] += 1
    return (counts[0], counts[1], counts[2], counts[3])


def suits_text(suits: tuple[int, ...]) -> str:
    """Suit letters, e.g. (0, 3) -> 'TM'."""
    return "".join(SUIT_LETTERS[s] for s in suits)


# ----------------------------------------------------------------------------- the prey

PREY_MEMO_SIZE = 4096
"""How many collections `prey_progress` keeps the answer for before it starts again."""


def prey_progress(state: Position) -> tuple[tuple[str, int, int], ...]:
    """For each prey requirement: (type or 'king', collected, needed). A Monster King counts as its
    type and as a Monster King (Monsters & Monster Kings)."""
    memo = state.rules.prey_memo
    key = (state.collected, state.kings)
    progress = memo.get(key)
    if progress is None:
        if len(memo) >= PREY_MEMO_SIZE:
            memo.clear()
        progress = memo[key] = tuple((kind, _collected_of(state, kind), needed)
                                     for kind, needed in state.rules.hero.prey)
    return progress


def prey_complete(state: Position) -> bool:
    """Whether the collected monsters meet every prey requirement."""
    return all(have >= needed for _kind, have, needed in prey_progress(state))


def _collected_of(state: Position, kind: str) -> int:
    """How many collected monsters count towards `kind` (a type, or KING)."""
    if kind == KING:
        return (state.collected & state.kings).bit_count()
    types = state.rules.tables.kind
    return sum(1 for m in iter_bits(state.collected) if types[m] == kind)
