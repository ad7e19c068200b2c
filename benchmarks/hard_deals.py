"""The study of the hard deals (docs/solver.md, "Why the hard deals are hard").

For each deal: the depth-first portfolio (guided depth-first, best-first and plain depth-first,
each with its table) for `--seconds` on one core, and where its furthest positions stood (what
they had collected, what was left to pay with); then nested rollouts on the same deal, and what
their winning line did (suits paid with arsenal cards, hand cards and weapons, readies, cards
shuffled back into the deck, defeats without an attack). One JSON line per deal with `--json`,
else a table.

    python benchmarks/hard_deals.py --deals "Skull Rogue:1000,Skull Warrior:1002" --seconds 600
"""

from __future__ import annotations

import argparse
import json
import re
import time
from collections import Counter

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, PuzzleState
from dungeoneer.engine.puzzle_dungeon.rules import prey_progress
from dungeoneer.solver import DEFAULT_MEMORY
from dungeoneer.solver.parallel import Setup
from dungeoneer.solver.rollouts import NestedRollouts
from dungeoneer.solver.search import Budget, Referee, Runner, portfolio

DEPTH_FIRST_PORTFOLIO = ("depth-first", "best-first", "plain depth-first")

COUNTED = [  # (what, a pattern of the engine's log, how much a match counts)
    ("suits paid with arsenal cards", re.compile(r"You discard \S+ from the arsenal"), 1),
    ("suits paid with hand cards", re.compile(r"You discard \S+ from the hand"), 1),
    ("Kings revealed", re.compile(r"revealed as a Monster King"), 1),
    ("readies", re.compile(r"You ready the "), 1),
    ("defeats", re.compile(r"You defeat "), 1),
    ("redeals", re.compile(r"You shuffle the monsters"), 1),
]


def line_use(root: PuzzleState, line) -> dict[str, int]:
    """What a winning line does, counted from the engine's account of each step."""
    counts: Counter[str] = Counter()
    state = root
    for action in line:
        log: list[str] = []
        state = state.apply(action, log)
        counts["actions"] += 1
        counts["attacks"] += action.kind == "attack"
        for sentence in log:
            for what, pattern, weight in COUNTED:
                if pattern.search(sentence):
                    counts[what] += weight
            if sentence.startswith("Its weapon matches"):
                counts["suits paid with weapons"] += len(sentence.split()[-1].rstrip("."))
            if sentence.startswith("You shuffle") and sentence.endswith("into the deck."):
                counts["cards recycled"] += len(sentence.split(" into the deck")[0].split()) - 2
    counts["defeats without an attack"] = counts["defeats"] - counts["attacks"]
    return dict(counts)


def standing(state) -> dict[str, object]:
    """Where a position stands: monsters collected, the prey, what is left to pay with."""
    # (The hand, the collected and the exhausted monsters are bit masks.)
    return {"collected": state.collected.bit_count(),
            "prey": ", ".join(f"{k} {h}/{n}" for k, h, n in prey_progress(state)),
            "cards in play": len(state.arsenal) + state.hand.bit_count() + len(state.deck),
            "discard": len(state.discard),
            "ready weapons": (state.collected & ~state.exhausted).bit_count(),
            "monsters left": sum(len(c) for c in state.columns)}


def depth_first_portfolio(root: PuzzleState, seconds: float) -> dict[str, object]:
    """The depth-first portfolio on one core for `seconds`, with where each strategy got."""
    setup = Setup(root, strategies=DEPTH_FIRST_PORTFOLIO,
                  memory=DEFAULT_MEMORY // len(DEPTH_FIRST_PORTFOLIO))
    strategies = setup.build(list(range(len(DEPTH_FIRST_PORTFOLIO))))
    runners = [Runner(strategies[i]) for i in range(len(strategies))]
    referee = Referee([s.report() for s in strategies.values()], Budget(seconds=seconds))
    found = None
    round_ = 0
    while found is None:
        for index, runner in enumerate(runners):
            if referee.active[index]:
                found = referee.take(index, runner.turn(setup.turn(round_, index)))
                if found is not None:
                    break
        round_ += 1
    return {"status": found.status, "positions": found.states,
            "seconds": round(found.seconds, 1),
            "furthest": {s.name: standing(s.furthest) for s in strategies.values()}}


def rollouts(root: PuzzleState, seconds: float) -> dict[str, object]:
    """Nested rollouts on the deal, and what their winning line did."""
    started = time.perf_counter()
    found = portfolio(root, [NestedRollouts(root)], budget=Budget(seconds=seconds))
    result: dict[str, object] = {"status": found.status, "positions": found.states,
                                 "seconds": round(time.perf_counter() - started, 2)}
    if found.line:
        result["line"] = line_use(root, found.line)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", required=True,
                        help="HERO:SEED,... (for example 'Skull Rogue:1000,Skull Warrior:1002')")
    parser.add_argument("--seconds", type=float, default=600.0,
                        help="the depth-first portfolio's time per deal (default 600)")
    parser.add_argument("--rollout-seconds", type=float, default=300.0)
    parser.add_argument("--json", action="store_true", help="one JSON line per deal")
    args = parser.parse_args()
    for item in args.deals.split(","):
        hero, seed = item.rsplit(":", 1)
        root = PuzzleDungeon(hero=hero.strip()).new_initial_state(seed=int(seed))
        row = {"hero": hero.strip(), "seed": int(seed),
               "depth-first portfolio": depth_first_portfolio(root, args.seconds),
               "nested rollouts": rollouts(root, args.rollout_seconds)}
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            print(f"{row['hero']} {row['seed']}:")
            for name, found in row.items():
                if isinstance(found, dict):
                    print(f"  {name}: {json.dumps(found)}")


if __name__ == "__main__":
    main()
