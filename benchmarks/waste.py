"""Where a search's positions go: what kinds of decision it expands, how often the table already
knows a child, and how much each reduction of `solver.branches` leaves out.

Runs guided depth-first (one strategy, its own table) for a fixed number of positions on each deal
and counts, per kind of decision (a free action, a payment, the order of triggered abilities, a
yes/no, a card/column/monster pick, ...):

- nodes: positions expanded at that kind of decision;
- offered / tried: legal actions, and those left after `solver.branches` (its reductions);
- new / known: children new to the table, and children whose key it already held (a
  transposition caught);
- quiet: the share of new positions with no ability waiting (only those are keyed by card classes);
- time: the share of the search's time spent making children (applying the action, keying the
  child) that the table already knew: what a reduction that never made them could save at most.

    python benchmarks/waste.py --heroes "Skull Rogue,Skull Warrior" --deals 4 --positions 50000
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter, defaultdict

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, PuzzleState, in_card_order
from dungeoneer.solver.branches import branches
from dungeoneer.solver.canonical import Canonicalizer
from dungeoneer.solver.ordering import guided_order


def decision_kind(state: PuzzleState) -> str:
    """The kind of decision a position asks for."""
    if not state.options:
        return "action"
    kinds = {a.kind for a in state.legal_actions()}
    if kinds == {"pay"}:
        return "payment"
    if kinds == {"resolve"}:
        return "ability order"
    if kinds <= {"yes", "no"}:
        return "yes/no"
    return "pick " + "/".join(sorted(kinds))


def measure(state: PuzzleState, positions: int) -> dict[str, Counter]:
    """Depth-first from `state` for `positions` new positions; the counts per decision kind."""
    canonical = Canonicalizer(state.rules)
    seen = {canonical.key(state)}
    counts: dict[str, Counter] = defaultdict(Counter)
    stack = [(state, _children(state, canonical, counts))]
    started = time.perf_counter()
    while stack and len(seen) < positions:
        parent, children = stack[-1]
        if not children:
            stack.pop()
            continue
        making = time.perf_counter()
        child = parent.apply(children.pop())
        key = canonical.key(child)
        made = time.perf_counter() - making
        kind = decision_kind(parent)
        if key in seen:
            counts[kind]["known"] += 1
            counts[kind]["known us"] += round(made * 1e6)
            continue
        seen.add(key)
        counts[kind]["new"] += 1
        counts[kind]["quiet"] += not child.stack
        if child.won():
            counts["won"]["at"] = len(seen)
            break
        stack.append((child, _children(child, canonical, counts)))
    counts["search"]["us"] += round((time.perf_counter() - started) * 1e6)
    return counts


def _children(state: PuzzleState, canonical: Canonicalizer, counts) -> list:
    offered = state.legal_actions()
    if not offered:
        return []
    tried = branches(state, canonical)
    kind = decision_kind(state)
    counts[kind]["nodes"] += 1
    counts[kind]["offered"] += len(offered)
    counts[kind]["tried"] += len(tried)
    if kind == "payment":
        counts[kind]["offered in card order"] += sum(in_card_order(a.arg) for a in offered)
    children = guided_order(state, tried)
    children.reverse()
    return children


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heroes", default="Rogue,Skull Rogue,Skull Warrior")
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--first", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=30_000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    total: dict[str, Counter] = defaultdict(Counter)
    for hero in args.heroes.split(","):
        for seed in range(args.first, args.first + args.deals):
            state = PuzzleDungeon(hero=hero).new_initial_state(seed=seed)
            for kind, counter in measure(state, args.positions).items():
                total[kind].update(counter)
    if args.json:
        print(json.dumps({k: dict(v) for k, v in total.items()}, indent=2))
        return
    searched = max(1, total["search"]["us"])
    print("| decision | nodes | offered/node | tried/node | new | known (transpositions) | "
          "quiet new | time making known children |")
    print("|---|---|---|---|---|---|---|---|")
    for kind, c in sorted(total.items(), key=lambda kv: -kv[1]["nodes"]):
        if kind in ("won", "search") or not c["nodes"]:
            continue
        nodes = c["nodes"]
        print(f"| {kind} | {nodes:,} | {c['offered'] / nodes:.2f} | {c['tried'] / nodes:.2f} | "
              f"{c['new']:,} | {c['known']:,} ({c['known'] / max(1, c['new'] + c['known']):.0%}) "
              f"| {c['quiet'] / max(1, c['new']):.0%} | {c['known us'] / searched:.1%} |")
    if total["payment"]["nodes"]:
        pay = total["payment"]
        print(f"\npayments offered: {pay['offered']:,}, of which in card order "
              f"{pay['offered in card order']:,}; tried after the reductions: {pay['tried']:,}")


if __name__ == "__main__":
    main()
