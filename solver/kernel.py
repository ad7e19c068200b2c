"""A search kernel for the core rules: positions as a few integers and byte strings, searched
without the engine's objects.

Under the core rules (`PuzzleDungeon(core=True)`: no card ability triggers or holds) only three
things ever happen: a Deal moves the deck's top card to the front of the arsenal; an attack pays
for the front monster of a column with arsenal cards from the front, hand cards and the weapons
of ready collected monsters, which are exhausted; the monster is collected, and when one monster
of its type is left in the dungeon, that one shows its Monster King face. Nothing shuffles,
nothing comes back from the discard pile, nothing readies. So a column only loses its front
monster (it is the start position's column cut to a depth), the deck only loses its top card (a
count of cards dealt), and a position is a handful of integers: each column's depth, and masks
of the hand, the Monster Kings, the exhausted and collected monsters, with the arsenal and the
discard pile as byte strings of card ids.

The kernel searches that representation depth-first exactly as `solver.search.DepthFirst` does
in the engine's order (`plain_order`) with `solver.branches`: the same positions, counted the
same way, in the same order, keyed by the same equivalence (`solver.canonical`: a quiet position
by its cards' classes, a position that waits for a payment by every card's identity). The
engine builds Python objects for every position and every step of an attack (a board, frames,
contexts, actions, payments); the kernel builds one small record a position. tests/solver/
test_kernel.py plays random games on both and compares every legal action and every successor,
and compares whole searches (verdicts, position counts, lines); a won line is turned into the
engine's actions and replayed through the engine before it is reported.

Payments are listed in the engine's order (`rules.payments`), one per child: two payments whose
positions get one key (they spend the same arsenal cards, the same weapons, and hand cards of
the same classes) lead to the same subtree, which the engine's search meets once and then finds
in its table; the kernel keeps the first of them, so it counts the same positions.
"""

from __future__ import annotations

import gc
from itertools import combinations, product
from typing import Final

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import (
    KING,
    PuzzleState,
    WeaponChoices,
    mask_of,
    suit_counts,
    weapon_choices,
    weapon_covers,
)
from dungeoneer.solver.bounds import CoreBound
from dungeoneer.solver.canonical import Canonicalizer
from dungeoneer.solver.search import UNWINNABLE, WON, Report, Strategy, Verdict
from dungeoneer.solver.table import GenerationalTable, Table

DEAL: Final = -1
"""A quiet position's move: Deal. A move 0 or more attacks that column."""

HAND_SHIFT: Final = 6
"""A payment's code: the arsenal cards it takes (below 64), then its hand cards' mask, then its
weapons' mask (`Kernel.payments`)."""

Cover = tuple[tuple[int, int, int, int], int, int]
"""A way to use ready weapons (`Kernel.weapon_covers`): each suit's count matched, the weapons
used (a mask), and how many of the engine's uses it stands for."""

COVERS_KEPT: Final = 65536
"""How many lists of weapon uses the kernel keeps before it starts again."""

KERNEL_BYTES_PER_KEY: Final = 200
"""What one kernel table entry costs: its key (one byte string of 20-40 bytes), its slot in the
set and the search's path; measured with tracemalloc (`benchmarks/kernel.py --memory`), rounded
up so that a cap errs on the safe side."""


def unsupported(state: PuzzleState) -> str:
    """Why the kernel can't search from this position; empty when it can."""
    if not state.rules.core:
        return "the kernel plays the core rules only (card abilities are off there)"
    return start_refusal(state)


def start_refusal(state: PuzzleState) -> str:
    """Why a kernel that keeps a column as a depth and the deck as a count (this one and the
    full-rules slice) can't start from this position, whatever its rules; empty when it
    can."""
    if state.stack or state.options:
        return "the kernel starts from a position where the player may act, not a decision"
    if state.traps or state.treasures or state.removed or state.attached:
        return "the kernel plays no Traps & Treasures and no attachments"
    if state.forced:
        return "the kernel draws no written shuffle outcomes"
    if len(state.rules.cards.arsenal) > 255 or len(state.columns) > 255:
        return "more than 255 arsenal cards or columns"
    if any(len(column) > 31 for column in state.columns):
        return "a column of more than 31 monsters"
    return ""


class Node:
    """A position of the core rules. `pending` is the column of an attack that waits for the
    player's payment (its `payments` listed), or -1 when the player may act."""

    def __init__(self, arsenal: bytes, hand: int, dealt: int, discard: bytes, depths: int,
                 kings: int, exhausted: int, collected: int, dungeon: int, pending: int,
                 payments: list[int] | None) -> None:
        self.arsenal = arsenal
        """Card ids, the front last."""
        self.hand = hand
        """Bit c: card c is in the hand."""
        self.dealt = dealt
        """Cards dealt from the start position's deck: the deck is the rest of it."""
        self.discard = discard
        """Card ids, bottom first."""
        self.depths = depths
        """Each column's count of monsters, 5 bits a column (column c at bit 5c)."""
        self.kings = kings
        self.exhausted = exhausted
        self.collected = collected
        self.dungeon = dungeon
        """Bit m: monster m is in a column."""
        self.pending = pending
        self.payments = payments
        """The payments a pending attack offers (codes: `HAND_SHIFT`), the first of each
        child's key."""


class Kernel:
    """The core rules of one deal, as tables the search reads: each card's suit and class,
    each monster face's defense and weapon, the types, the prey."""

    def __init__(self, root: PuzzleState) -> None:
        reason = self.refusal(root)
        if reason:
            raise ValueError(reason)
        self.root = root
        game = root.rules
        tables = game.tables  # (the card data by id, `rules.CardTables`)
        self.suit = tables.suit
        self.canonical = Canonicalizer(game)
        """The engine's keys (`solver.canonical`): positions are keyed as the engine's search
        keys them."""
        self.classes = self.canonical.class_table
        """A `bytes.translate` table: card id -> class."""
        self.card_count = len(tables.suit)
        self.monster_count = len(tables.kind)
        self.defense = tables.defense
        """By face: monster m's front face at 2m, its King face at 2m + 1."""
        # (the core rules have no wild weapons)
        self.weapons: list[WeaponChoices] = [weapon_choices(w, False) for w in tables.weapon]
        """By face: the suit combinations its weapon can match, each with its count of each
        suit, in the engine's order (a King's two suits: either alone or both)."""
        self.arms = [suit_counts(weapon) for weapon in tables.weapon]
        """By face: how many of each suit its weapon shows (all of them usable at once)."""
        types = sorted(set(tables.kind))
        self.type_masks = [mask_of(m for m, kind in enumerate(tables.kind) if kind == wanted)
                           for wanted in types]
        self.monster_type = [types.index(kind) for kind in tables.kind]
        self.prey = [(-1 if kind == KING else types.index(kind) if kind in types else -2, need)
                     for kind, need in game.hero.prey]
        self.prey_names = [kind for kind, _need in game.hero.prey]
        self.columns = root.columns
        self.deck = root.deck
        self.deck_supply: list[tuple[int, int, int, int]] = []
        """Each suit's cards in the deck once `dealt` cards are dealt from it, by `dealt`."""
        for dealt in range(len(root.deck) + 1):
            counts = [0, 0, 0, 0]
            for card in root.deck[dealt:]:
                counts[self.suit[card]] += 1
            self.deck_supply.append((counts[0], counts[1], counts[2], counts[3]))
        self.hand_mask = (1 << self.card_count) - 1
        self.suit_masks = [mask_of(c for c, suit in enumerate(tables.suit) if suit == s)
                           for s in range(4)]
        """Each suit's cards, as a mask."""
        self.key_width = (5 * len(root.columns) + 2 * self.monster_count + 8 + self.card_count
                          + 15) // 8
        """Bytes of a key's integer part (`key`)."""
        self.covers: dict[int, list[Cover]] = {}
        """`weapon_covers` by the ready weapons, their faces and the defense."""

    def refusal(self, root: PuzzleState) -> str:
        """Why this kernel can't search from `root` (`unsupported`); empty when it can."""
        return unsupported(root)

    # ------------------------------------------------------------------ positions

    def start(self) -> Node:
        """The root's position."""
        root = self.root
        depths = 0
        dungeon = 0
        for c, column in enumerate(root.columns):
            depths |= len(column) << (5 * c)
            for monster in column:
                dungeon |= 1 << monster
        return Node(root.arsenal, root.hand, 0, root.discard, depths, root.kings,
                    root.exhausted, root.collected, dungeon, -1, None)

    def front(self, node: Node, column: int) -> int:
        """The monster at the front of a column (which holds one)."""
        depth = node.depths >> (5 * column) & 31
        return self.columns[column][depth - 1]

    def won(self, node: Node) -> bool:
        """Whether the prey is complete (and no payment is pending)."""
        if node.pending >= 0:
            return False
        for kind, need in self.prey:  # noqa: SIM110 (compiled, `all` would build a generator)
            if self.prey_count(node, kind) < need:
                return False
        return True

    def prey_count(self, node: Node, kind: int) -> int:
        """How many collected monsters count towards a prey requirement (`self.prey`'s kind: a
        type's index, -1 for Monster Kings, -2 for a type no monster has)."""
        if kind == -1:
            return count_bits(node.collected & node.kings)
        if kind == -2:
            return 0
        return count_bits(node.collected & self.type_masks[kind])

    def key(self, node: Node) -> bytes:
        """The position's key, one byte string: a quiet one by its cards' classes
        (`solver.canonical`), a position waiting for a payment by every card's identity, the
        discard pile's order and the column attacked. Its last byte tells the two apart and
        the integers before it take a fixed width, so no two positions share a key. (Bytes
        keep their hash, where a tuple works it out at every look-up.)"""
        m = self.monster_count
        packed = ((node.depths << m | node.kings) << m | node.exhausted) << 8 | node.dealt
        if node.pending < 0:
            return node.arsenal.translate(self.classes) + (
                (packed << self.card_count | self.canonical.hand(node.hand)) << 8).to_bytes(
                    self.key_width, "big")
        return (bytes((len(node.arsenal),)) + node.arsenal + node.discard
                + (((packed << self.card_count | node.hand) << 8 | node.pending) << 8
                   | 1).to_bytes(self.key_width + 1, "big"))

    def lost(self, node: Node, bound: CoreBound) -> bool:
        """Whether the core bound proves this quiet position lost (`CoreBound`, given what it
        reads of a position)."""
        supply = list(self.deck_supply[node.dealt])
        suit = self.suit
        for card in node.arsenal:
            supply[suit[card]] += 1
        hand = node.hand
        while hand:
            low = hand & -hand
            supply[suit[low.bit_length() - 1]] += 1
            hand ^= low
        ready = node.collected & ~node.exhausted
        while ready:
            low = ready & -ready
            monster = low.bit_length() - 1
            ready ^= low
            arms = self.arms[2 * monster + (node.kings >> monster & 1)]
            for s in range(4):
                supply[s] += arms[s]
        needs = []
        for (kind, need), name in zip(self.prey, self.prey_names, strict=True):
            have = self.prey_count(node, kind)
            if need > have:
                needs.append((name, need - have))
        columns = tuple(self.columns[c][:node.depths >> (5 * c) & 31]
                        for c in range(len(self.columns)))
        return bound.lost(self.root.rules, columns, node.kings,
                          (supply[0], supply[1], supply[2], supply[3]), tuple(needs))

    # ------------------------------------------------------------------ moves

    def moves(self, node: Node) -> list[int]:
        """The moves to try, in the engine's order: a pending attack's payments; else Deal while
        the deck holds a card, then each column whose front monster can be paid for, left to
        right; none once the prey is complete."""
        if node.pending >= 0:
            payments = node.payments
            assert payments is not None
            return list(payments)
        if self.won(node):
            return []
        found = [DEAL] if node.dealt < len(self.deck) else []
        c0, c1, c2, c3 = self.matched(node.hand, node.collected & ~node.exhausted, node.kings)
        for column in range(len(self.columns)):
            if node.depths >> (5 * column) & 31 and self.can_match(node, column, c0, c1, c2,
                                                                     c3):
                found.append(column)
        return found

    def matched(self, hand: int, ready: int, kings: int) -> tuple[int, int, int, int]:
        """What the hand and the ready weapons match of each suit (written out: this runs at
        every quiet position, and lists would cost more than the sums)."""
        c0 = c1 = c2 = c3 = 0
        suit = self.suit
        while hand:
            low = hand & -hand
            s = suit[low.bit_length() - 1]
            hand ^= low
            if s == 0:
                c0 += 1
            elif s == 1:
                c1 += 1
            elif s == 2:
                c2 += 1
            else:
                c3 += 1
        while ready:
            low = ready & -ready
            monster = low.bit_length() - 1
            ready ^= low
            a0, a1, a2, a3 = self.arms[2 * monster + (kings >> monster & 1)]
            c0, c1, c2, c3 = c0 + a0, c1 + a1, c2 + a2, c3 + a3
        return c0, c1, c2, c3

    def can_match(self, node: Node, column: int, c0: int, c1: int, c2: int, c3: int) -> bool:
        """Whether some payment matches the front monster of `column` (`can_pay`)."""
        return self.can_pay(self.front(node, column), node.arsenal, node.kings, c0, c1, c2, c3)

    def can_pay(self, monster: int, arsenal: bytes, kings: int, c0: int, c1: int, c2: int,
                c3: int) -> bool:
        """Whether some payment matches the monster's defense: the arsenal taken greedily
        from the front (never worse: `rules.Resources.can_match`), the rest from what the hand
        and the ready weapons match of each suit (c0-c3)."""
        d0, d1, d2, d3 = self.defense[2 * monster + (kings >> monster & 1)]
        i = len(arsenal) - 1
        while i >= 0:
            s = self.suit[arsenal[i]]
            if s == 0 and d0:
                d0 -= 1
            elif s == 1 and d1:
                d1 -= 1
            elif s == 2 and d2:
                d2 -= 1
            elif s == 3 and d3:
                d3 -= 1
            else:
                break
            i -= 1
        return d0 <= c0 and d1 <= c1 and d2 <= c2 and d3 <= c3

    def child(self, node: Node, move: int) -> Node:
        """The position after a move."""
        if node.pending >= 0:
            return self.pay(node, node.pending, move)
        if move == DEAL:
            card = self.deck[node.dealt]
            return Node(node.arsenal + bytes((card,)), node.hand, node.dealt + 1, node.discard,
                        node.depths, node.kings, node.exhausted, node.collected, node.dungeon,
                        -1, None)
        payments, total = self.payments(node, move)
        if total == 1:  # (paid at once: the engine asks only when there is a choice)
            return self.pay(node, move, payments[0])
        return Node(node.arsenal, node.hand, node.dealt, node.discard, node.depths, node.kings,
                    node.exhausted, node.collected, node.dungeon, move, payments)

    def pay(self, node: Node, column: int, code: int) -> Node:
        """Pay for the front monster of `column` (discard the arsenal's front cards, front
        first, then the hand cards in card order; exhaust the weapons), then defeat it."""
        taken = code & 63
        chosen = code >> HAND_SHIFT & self.hand_mask
        weapons = code >> (HAND_SHIFT + self.card_count)
        arsenal = node.arsenal
        cut = len(arsenal) - taken
        discard = node.discard + arsenal[cut:][::-1] + mask_ids(chosen)
        return self.defeat(node, column, arsenal[:cut], node.hand & ~chosen, discard,
                           node.exhausted | weapons)

    def defeat(self, node: Node, column: int, arsenal: bytes, hand: int, discard: bytes,
               exhausted: int) -> Node:
        """The position once the front monster of `column` is paid for (the zones as the
        payment left them): it is collected, and the last monster of its type left in the
        dungeon flips to its Monster King face."""
        monster = self.front(node, column)
        bit = 1 << monster
        dungeon = node.dungeon & ~bit
        kings = node.kings
        kind = self.type_masks[self.monster_type[monster]] & dungeon
        if kind and not kind & (kind - 1) and not kings & kind:  # (one monster left)
            kings |= kind
        return Node(arsenal, hand, node.dealt, discard, node.depths - (1 << (5 * column)),
                    kings, exhausted, node.collected | bit, dungeon, -1, None)

    def payments(self, node: Node, column: int) -> tuple[list[int], int]:
        """The payments for the front monster of `column`, one per child key, in the engine's
        order (`rules.payments`: arsenal cards from the front, then weapon uses, then hand
        cards), and how many payments the engine lists in all, counted up to 2 (one payment is
        made at once, more are a choice): 0, 1, or 2 for two or more.

        One per child key: the weapon uses come one per set of weapons and count of each suit
        (`weapon_covers`), and a suit's hand cards one per choice of classes; when a suit's
        cards in hand are one class (always, with the built-in cards), its first cards."""
        return self.payments_for(self.front(node, column), node.arsenal, node.hand, node.kings,
                                 node.collected & ~node.exhausted)

    def payments_for(self, monster: int, arsenal: bytes, hand: int, kings: int,
                     ready: int) -> tuple[list[int], int]:
        """`payments` for a monster, given the zones that pay: the arsenal, the hand, the
        Monster Kings and the ready collected monsters."""
        d0, d1, d2, d3 = self.defense[2 * monster + (kings >> monster & 1)]
        covers = self.weapon_covers(ready, kings, d0, d1, d2, d3)
        s0, s1, s2, s3 = (hand & self.suit_masks[0], hand & self.suit_masks[1],
                          hand & self.suit_masks[2], hand & self.suit_masks[3])
        h0, h1, h2, h3 = count_bits(s0), count_bits(s1), count_bits(s2), count_bits(s3)
        plain = self.one_class(s0) and self.one_class(s1) and self.one_class(s2) \
            and self.one_class(s3)
        found: list[int] = []
        total = 0
        taken = 0
        weapon_shift = HAND_SHIFT + self.card_count
        while True:
            for (u0, u1, u2, u3), used, uses in covers:
                r0, r1, r2, r3 = d0 - u0, d1 - u1, d2 - u2, d3 - u3
                if r0 < 0 or r1 < 0 or r2 < 0 or r3 < 0 or r0 > h0 or r1 > h1 or r2 > h2 \
                        or r3 > h3:
                    continue
                if total < 2:
                    # The hand's ways to match the rest: the product of each suit's C(h, r),
                    # 1 unless some suit takes some but not all of its cards.
                    several = 0 < r0 < h0 or 0 < r1 < h1 or 0 < r2 < h2 or 0 < r3 < h3
                    total += 2 if several else uses
                head = taken | used << weapon_shift
                if plain:
                    chosen = _lowest(s0, r0) | _lowest(s1, r1) | _lowest(s2, r2) \
                        | _lowest(s3, r3)
                    found.append(head | chosen << HAND_SHIFT)
                else:
                    for chosen in self.hand_choices([s0, s1, s2, s3], [r0, r1, r2, r3]):
                        found.append(head | chosen << HAND_SHIFT)
            if taken == len(arsenal):
                break
            s = self.suit[arsenal[len(arsenal) - 1 - taken]]
            if s == 0 and d0:
                d0 -= 1
            elif s == 1 and d1:
                d1 -= 1
            elif s == 2 and d2:
                d2 -= 1
            elif s == 3 and d3:
                d3 -= 1
            else:
                break
            taken += 1
        return found, total

    def one_class(self, cards: int) -> bool:
        """Whether these cards (a mask) are of one class: classes are runs of consecutive ids,
        so the lowest and the highest tell."""
        if not cards:
            return True
        return self.classes[(cards & -cards).bit_length() - 1] == \
            self.classes[cards.bit_length() - 1]

    def weapon_covers(self, ready: int, kings: int, d0: int, d1: int, d2: int, d3: int
                      ) -> list[Cover]:
        """Every way to use ready weapons within the defense (d0-d3), in the engine's order
        (`weapon_covers`), as the count of each suit matched and the weapons used (a
        mask), each pair once with the number of uses it stands for: two uses that differ only
        by which of two Kings' weapons matches which suit exhaust the same weapons for the same
        suits, so they lead to the same position. Kept by the ready weapons, their faces and
        the defense: the same weapons meet the same defenses again and again in a search."""
        m = self.monster_count
        slot = ((((ready << m | ready & kings) << 4 | d0) << 4 | d1) << 4 | d2) << 4 | d3
        covers = self.covers.get(slot)
        if covers is not None:
            return covers
        weapons: list[tuple[int, WeaponChoices]] = []
        while ready:
            low = ready & -ready
            monster = low.bit_length() - 1
            ready ^= low
            weapons.append((monster, self.weapons[2 * monster + (kings >> monster & 1)]))
        times: dict[tuple[tuple[int, int, int, int], int], int] = {}
        for counts, uses in weapon_covers(weapons, [d0, d1, d2, d3]):
            # (the first of each, in order, and how many uses it stands for)
            c0, c1, c2, c3 = counts
            cover = ((c0, c1, c2, c3), mask_of(monster for monster, _suits in uses))
            times[cover] = times.get(cover, 0) + 1
        covers = [(counts, used, count) for (counts, used), count in times.items()]
        if len(self.covers) >= COVERS_KEPT:
            self.covers.clear()
        self.covers[slot] = covers
        return covers

    def hand_choices(self, by_suit: list[int], rest: list[int]) -> list[int]:
        """The hand cards matching `rest` exactly, as masks, the first of each choice of
        classes, in the engine's order (the product of each suit's combinations of its cards
        in hand, `by_suit` as masks, the last suit varying fastest)."""
        per_suit: list[list[int]] = []
        for s in range(4):
            picks: list[int] = []
            kinds: set[bytes] = set()
            for pick in combinations(mask_ids(by_suit[s]), rest[s]):
                kind = bytes(pick).translate(self.classes)
                if kind not in kinds:
                    kinds.add(kind)
                    picks.append(mask_of(pick))
            per_suit.append(picks)
        return [a | b | c | d for a, b, c, d in product(*per_suit)]

    # ------------------------------------------------------------------ the engine's words

    def action(self, node: Node, move: int, state: PuzzleState) -> Action:
        """The engine's action for a move at `node`, whose engine position is `state`."""
        if node.pending < 0:
            return Action("deal") if move == DEAL else Action("attack", move)
        # (under the core rules the order of discards is never read: hand cards in card order)
        return self.engine_payment(state, move & 63, mask_ids(move >> HAND_SHIFT
                                                              & self.hand_mask),
                                   move >> (HAND_SHIFT + self.card_count))

    def engine_payment(self, state: PuzzleState, taken: int, hand: bytes,
                       weapons: int) -> Action:
        """The engine's payment that takes `taken` arsenal cards, discards the hand cards
        `hand` in that order and uses the weapons `weapons` (a mask)."""
        for action in state.legal_actions():
            payment = action.arg
            if (len(payment.arsenal) == taken and bytes(c for c, _s in payment.hand) == hand
                    and mask_of(m for m, _s in payment.weapons) == weapons):
                return action
        raise AssertionError(f"no payment of the engine's takes {taken} arsenal cards, the "
                             f"hand cards {list(hand)} and the weapons {weapons:b}")

    def position(self, node: Node) -> PuzzleState:
        """The engine's position for a quiet one of the kernel's."""
        return self.root.set(
            columns=tuple(self.columns[c][:node.depths >> (5 * c) & 31]
                          for c in range(len(self.columns))),
            arsenal=node.arsenal, hand=node.hand, deck=self.deck[node.dealt:],
            discard=node.discard, kings=node.kings, exhausted=node.exhausted,
            collected=node.collected)

    def line(self, moves: list[tuple[Node, int]]) -> tuple[Action, ...]:
        """A line of moves as the engine's actions, replayed through the engine."""
        state = self.root
        actions = []
        for node, move in moves:
            action = self.action(node, move, state)
            state = state.apply(action)
            actions.append(action)
        return tuple(actions)


class KernelDepthFirst(Strategy):
    """Depth-first search on the kernel, as `DepthFirst(root, order=plain_order)` searches the
    engine's positions: the same positions in the same order, the same verdicts. A resumable
    strategy of the portfolio (`Strategy`); under a memory cap its table forgets old keys but
    never the path's, as `DepthFirst`'s does (docs/solver.md, "Bounded memory")."""

    def __init__(self, root: PuzzleState, *, bound: CoreBound | None = None,
                 memory: int | None = None, kernel: Kernel | None = None) -> None:
        self.path: list[bytes] = []
        """The keys of the positions on the stack, root first (the table keeps them)."""
        self.kernel = Kernel(root) if kernel is None else kernel
        """The rules searched: the core rules' kernel, or another made for the same root."""
        super().__init__(root, memory=memory)
        self.name = "kernel depth-first"
        table = self.table
        assert isinstance(table, GenerationalTable)  # (`_table` made it)
        self.keys = table
        self.bound = bound
        """Prunes the quiet positions it proves lost, as `DepthFirst`'s `prune` does."""
        self.nodes: list[Node] = []
        self.todo: list[list[int]] = []
        """Each stacked position's moves still to try, the next last."""
        self.via: list[int] = []
        """The moves that reached the stacked positions, the root's excepted."""
        self.far = self.kernel.start()
        """The position with the most monsters collected so far."""

    def _table(self, memory: int | None) -> Table:
        capacity = None if memory is None else max(2, memory // KERNEL_BYTES_PER_KEY)
        return GenerationalTable(capacity, pinned=self.path)

    def start(self) -> Verdict | None:
        kernel = self.kernel
        root = kernel.start()
        if kernel.won(root):
            return Verdict(WON)
        key = kernel.key(root)
        self.keys.insert(key)
        self.states += 1
        if self.bound is not None and kernel.lost(root, self.bound):
            self.pruned += 1
            return Verdict(UNWINNABLE)
        self.nodes.append(root)
        self.todo.append(_reversed(kernel.moves(root)))
        self.path.append(key)
        return self.explore(False)

    def explore(self, resumed: bool) -> Verdict | None:
        # The garbage collector is off while the kernel searches: its positions hold byte
        # strings and lists of numbers, never a cycle, and a collection pass over millions of
        # them cost 3% of the search (measured with perf).
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._explore(resumed)
        finally:
            if collecting:
                gc.enable()

    def _explore(self, resumed: bool) -> Verdict | None:
        kernel, table = self.kernel, self.keys
        nodes, todo, via, path = self.nodes, self.todo, self.via, self.path
        check = not resumed
        while nodes:
            if check and self.pause_due():
                return None
            check = True
            moves = todo[-1]
            if not moves:
                nodes.pop()
                todo.pop()
                path.pop()
                if via:
                    via.pop()
                continue
            move = moves.pop()
            node = nodes[-1]
            child = kernel.child(node, move)
            key = kernel.key(child)
            if not table.insert(key):
                continue
            self.states += 1
            if child.collected != self.far.collected and \
                    count_bits(child.collected) > count_bits(self.far.collected):
                self.far = child
            if kernel.won(child):
                return Verdict(WON, kernel.line([*zip(nodes, [*via, move], strict=True)]))
            if self.bound is not None and child.pending < 0 and kernel.lost(child, self.bound):
                self.pruned += 1
                continue
            nodes.append(child)
            todo.append(_reversed(kernel.moves(child)))
            via.append(move)
            path.append(key)
        return Verdict(UNWINNABLE)

    def report(self, verdict: Verdict | None = None) -> Report:
        self.furthest = self.kernel.position(self.far)
        return super().report(verdict)


def _reversed(moves: list[int]) -> list[int]:
    moves.reverse()  # pop() takes the first
    return moves


def mask_ids(mask: int) -> bytes:
    """A mask's members as bytes, lowest first."""
    found = bytearray()
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return bytes(found)


def count_bits(mask: int) -> int:
    """How many bits are set (`int.bit_count`, which compiled code calls as a Python method)."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def _lowest(cards: int, count: int) -> int:
    """The `count` lowest cards of a mask (which holds at least that many)."""
    found = 0
    while count:
        low = cards & -cards
        found |= low
        cards ^= low
        count -= 1
    return found

