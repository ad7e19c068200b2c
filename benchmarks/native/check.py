"""Differential check of the C kernel against the Python kernel it was built from: random walks
from the start of each deal, comparing at every step the moves, every field of the child
(payments as codes) and the won test, and over all the positions met that the two kernels'
keys merge the same positions (a Python key maps to one C key and back).

    python benchmarks/native/check.py                 # core rules
    python benchmarks/native/check.py --slice         # the slice's draw-only cards
    python benchmarks/native/check.py --played        # the full-rules kernel, played cards
    python benchmarks/native/check.py --played --armed  # from half-collected positions
    python benchmarks/native/check.py --kernel        # the built-in cards as a game deals them
    python benchmarks/native/check.py --kernel --armed
    python benchmarks/native/check.py --extras        # the same, the extras in the deck
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from typing import Any

from deals import HEROES, extras_root, kernel_root, make_root, played_root, tests_importable
from native import NativeKernel, NativeRules

from dungeoneer.engine.puzzle_dungeon import PuzzleState
from dungeoneer.solver.kernel import HAND_SHIFT, mask_ids
from dungeoneer.solver.rules_kernel import PAY, RulesKernel, Spot

FIELDS = ("arsenal", "hand", "dealt", "discard", "depths", "kings", "exhausted", "collected",
          "dungeon", "pending")
SLICE_FIELDS = ("batch", "frame")
RULES_FIELDS = ("arsenal", "hand", "discard", "kings", "exhausted", "collected", "dungeon",
                "pending", "columns", "layout", "deck", "attached", "stream", "stack", "decision")


class Mismatch(AssertionError):
    pass


def same_position(native: NativeKernel, py_node: Any, c_node: Any, where: str) -> None:
    """Every field equal, the payments as codes, and the won test."""
    fields = FIELDS + (SLICE_FIELDS if hasattr(py_node, "batch") else ())
    for name in fields:
        mine, theirs = getattr(c_node, name), getattr(py_node, name)
        if name == "batch":
            theirs = tuple(theirs)
        if mine != theirs:
            raise Mismatch(f"{where}: {name} {mine!r} (C) != {theirs!r} (Python)")
    if native.payment_codes(c_node) != py_node.payments:
        raise Mismatch(f"{where}: payments {native.payment_codes(c_node)} (C) != "
                       f"{py_node.payments} (Python)")
    if native.won(c_node) != native.python.won(py_node):
        raise Mismatch(f"{where}: won differs")


class KeyMap:
    """The pairs of keys met: each side's key must map to one key of the other's."""

    def __init__(self) -> None:
        self.forward: dict[bytes, bytes] = {}
        self.backward: dict[bytes, bytes] = {}

    def add(self, py_key: bytes, c_key: bytes, where: str) -> None:
        if self.forward.setdefault(py_key, c_key) != c_key or \
                self.backward.setdefault(c_key, py_key) != py_key:
            raise Mismatch(f"{where}: the keys merge different positions")


def kind(node: Any) -> str:
    """Which of the kinds of positions this is, to show that the walks met each."""
    if node.pending >= 0:
        return "payment"
    if node.frame >= 0:
        return "yes/no"
    return "abilities" if node.batch else "quiet"


def walk(native: NativeKernel, rng: random.Random, keys: KeyMap, kinds: Counter[str],
         where: str) -> int:
    """One random game to its end; the steps taken."""
    python = native.python
    py_node, c_node = python.start(), native.start()
    steps = 0
    while True:
        same_position(native, py_node, c_node, f"{where} step {steps}")
        kinds[kind(c_node)] += 1
        keys.add(python.key(py_node), native.key(c_node), f"{where} step {steps}")
        py_moves, c_moves = python.moves(py_node), native.moves(c_node)
        if [native.python_move(c_node, move) for move in c_moves] != py_moves:
            raise Mismatch(f"{where} step {steps}: moves {c_moves} (C) != {py_moves} (Python)")
        if not py_moves:
            return steps
        for i, move in enumerate(py_moves):  # every child's key, the walk goes on through one
            keys.add(python.key(python.child(py_node, move)),
                     native.key(native.child(c_node, c_moves[i])), f"{where} step {steps}")
        i = rng.randrange(len(py_moves))
        py_node, c_node = python.child(py_node, py_moves[i]), native.child(c_node, c_moves[i])
        steps += 1


def check(slice_rules: bool, deals: int, walks: int) -> int:
    rng = random.Random(7)
    total_steps = total_walks = 0
    kinds: Counter[str] = Counter()
    for hero in HEROES:
        for seed in range(1000, 1000 + deals):
            root = make_root(hero, seed, slice_rules)
            native = NativeKernel(root)
            keys = KeyMap()
            for number in range(walks):
                total_steps += walk(native, rng, keys, kinds, f"{hero} {seed} walk {number}")
                total_walks += 1
    print(f"{total_walks} walks, {total_steps} steps on {len(HEROES) * deals} "
          f"{'draw-only' if slice_rules else 'core-rules'} deals: the C kernel agrees")
    print("positions walked through: " + ", ".join(f"{n} {k}" for k, n in kinds.items()))
    return 0


def same_spot(native: NativeRules, py_spot: Any, c_spot: Any, where: str) -> None:
    """Every field of a full-rules position equal (the pending abilities, the decision and
    the stream among them), its offer (payments as codes), the won test and the key, byte
    for byte."""
    for name in RULES_FIELDS:
        mine, theirs = getattr(c_spot, name), getattr(py_spot, name)
        if mine != theirs:
            raise Mismatch(f"{where}: {name} {mine!r} (C) != {theirs!r} (Python)")
    offer = native.python_node(c_spot).payments
    if offer != py_spot.payments:
        raise Mismatch(f"{where}: offer {offer} (C) != {py_spot.payments} (Python)")
    if native.won(c_spot) != native.python.won(py_spot):
        raise Mismatch(f"{where}: won differs")
    if native.key(c_spot) != native.python.key(py_spot):
        raise Mismatch(f"{where}: keys differ")


def rules_met(python: RulesKernel, spot: Spot) -> list[str]:
    """The rules a position puts to the test of those that only some cards play: statements
    that make cards or weapons match any suit, at a payment and in what it offers, a ready
    weapon that matches any suit, the wizard, a card attached to a Monster King."""
    met = []
    statements = python.statements(spot.kings, spot.collected)
    if statements.wild_weapons & spot.collected & ~spot.exhausted:
        met.append("a ready wild weapon")
    if spot.decision == PAY and (statements.wild or statements.wild_weapons):
        met.append("a payment under a wild statement")
        weapon_shift = HAND_SHIFT + python.card_count
        for code in spot.payments or ():
            taken = code & 63
            spent = spot.arsenal[len(spot.arsenal) - taken:] \
                + mask_ids(code >> HAND_SHIFT & python.hand_mask)
            if any(python.value[card] in statements.wild for card in spent):
                met.append("a payment offered spending a wild card")
                break
        if any(code >> weapon_shift & statements.wild_weapons for code in spot.payments or ()):
            met.append("a payment offered using a wild weapon")
    attached = spot.attached
    for i in range(0, len(attached), 4):
        if attached[i + 2]:
            met.append("the wizard exhausted" if attached[i + 3] else "the wizard ready")
        elif attached[i + 1]:
            met.append("a card attached to a Monster King")
    return met


def rules_walk(native: NativeRules, rng: random.Random, kinds: Counter[str], where: str) -> int:
    """One random game on both full-rules kernels to its end (or 400 moves), every child of
    every position compared; the steps taken. `kinds` counts the positions walked through by
    decision and by the rules they put to the test (`rules_met`)."""
    python = native.python
    py_spot, c_spot = python.start(), native.start()
    for steps in range(400):
        here = f"{where} step {steps}"
        same_spot(native, py_spot, c_spot, here)
        kinds[DECISIONS[c_spot.decision]] += 1
        kinds.update(rules_met(python, py_spot))
        py_moves, c_moves = python.moves(py_spot), native.moves(c_spot)
        if [native.python_move(c_spot, move) for move in c_moves] != py_moves:
            raise Mismatch(f"{here}: moves {c_moves} (C) != {py_moves} (Python)")
        if not py_moves:
            return steps
        children = [(python.child(py_spot, move), native.child(c_spot, c_move))
                    for move, c_move in zip(py_moves, c_moves, strict=True)]
        for i, (py_child, c_child) in enumerate(children):
            same_spot(native, py_child, c_child, f"{here} move {py_moves[i]}")
        py_next, c_next = children[rng.randrange(len(children))]
        if py_spot.collected & ~py_next.collected:
            kinds["a collected monster back in the dungeon"] += 1
        py_spot, c_spot = py_next, c_next
    return 400


DECISIONS = ("quiet", "pay", "order", "yes/no", "monster", "card", "column", "swap", "up to")


def armed(state: PuzzleState, seed: int) -> PuzzleState:
    """tests/solver/test_rules_kernel.py's armed start: half the monsters collected (every
    other one a Monster King, every other one exhausted)."""
    tests_importable()
    from tests.solver.test_kernel import armed as half_collected

    state = half_collected(state, seed)
    exhausted = 0
    for i, monster in enumerate(m for m in range(64) if state.collected >> m & 1):
        if i % 2:
            exhausted |= 1 << monster
    return state.set(exhausted=exhausted)


PENDING_STARTS = (("Skull Alchemist", 4), ("Skull Warrior", 2))
"""Deals whose set-up leaves abilities pending (tests/solver/test_rules_kernel.py): the kernels
start from a decision."""


ROOTS = {"played": played_root, "built-in": kernel_root, "extras": extras_root}
"""The card sets the full-rules kernels are checked on: the played cards, the built-in cards
as a game deals them, and those with the extras."""


def check_rules(deals: range, walks: int, armed_starts: bool, cards: str) -> int:
    """Walks from the start (or the armed positions) of each deal (its seed in `deals`) of a
    card set (`ROOTS`)."""
    rng = random.Random(11)
    total_steps = total_walks = 0
    kinds: Counter[str] = Counter()
    starts = [(hero, seed) for hero in HEROES for seed in deals]
    make = ROOTS[cards]
    for hero, seed in starts + list(PENDING_STARTS):
        root = make(hero, seed)
        if armed_starts:
            root = armed(root, seed)
        native = NativeRules(root)
        for number in range(walks):
            total_steps += rules_walk(native, rng, kinds, f"{hero} {seed} walk {number}")
            total_walks += 1
    start = "armed positions" if armed_starts else "start"
    print(f"{total_walks} walks, {total_steps} steps from the {start} of {len(starts)} "
          f"{cards} deals and of seeds {', '.join(str(s) for _h, s in PENDING_STARTS)} "
          f"({', '.join(h for h, _s in PENDING_STARTS)}), every child compared: the C "
          "full-rules kernel agrees")
    print("positions walked through: " + ", ".join(f"{n} {k}" for k, n in kinds.items()))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--slice", action="store_true", help="the slice on draw-only cards")
    parser.add_argument("--played", action="store_true",
                        help="the full-rules kernel on the played cards")
    parser.add_argument("--kernel", action="store_true",
                        help="the full-rules kernel on the built-in cards as a game deals them")
    parser.add_argument("--extras", action="store_true",
                        help="the full-rules kernel on the built-in cards with the extras")
    parser.add_argument("--armed", action="store_true",
                        help="with --played, --kernel or --extras: from positions with half the "
                             "monsters collected")
    parser.add_argument("--deals", type=int, default=3, help="deals a hero face")
    parser.add_argument("--first", type=int, default=1000,
                        help="with --played, --kernel or --extras: the first deal's seed")
    parser.add_argument("--walks", type=int, default=200, help="walks a deal")
    args = parser.parse_args()
    if args.played or args.kernel or args.extras:
        cards = "extras" if args.extras else "built-in" if args.kernel else "played"
        return check_rules(range(args.first, args.first + args.deals), args.walks, args.armed,
                           cards)
    return check(args.slice, args.deals, args.walks)


if __name__ == "__main__":
    sys.exit(main())
