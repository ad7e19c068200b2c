"""Solver benchmark: a fixed corpus of seeded deals per hero, our solver against a plain search.

For each hero of the default card set, deals `--first` .. `--first + --deals - 1` are solved with
a time limit by `solver.solve` (the portfolio with its bounds) and by a plain depth-first search
with a transposition table (the engine's move order, no bounds) on the same deals. Reported per
hero: shares won / unwinnable / unknown, median and 95th-percentile seconds, positions per
second, and the plain search's median over ours. `--core` runs the core rules instead, and adds
what the CP-SAT relaxation settles at the start and a run of our solver without the relaxation and
the core bound ("unbounded"), to show the time they save.

    python benchmarks/solve.py --deals 12 --time-limit 30 --workers 2
    python benchmarks/solve.py --core --deals 20 --time-limit 10 --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from multiprocessing import Pool

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.solver import solve
from dungeoneer.solver.cpsat_core import INFEASIBLE, RelaxedModel, Settings
from dungeoneer.solver.search import Budget, plain_order, search

HEROES = ("Rogue", "Skull Rogue", "Bodyguard", "Skull Bodyguard", "Warrior", "Skull Warrior",
          "Alchemist", "Skull Alchemist")


def run_one(job: tuple[str, int, float, bool, str]) -> dict:
    """Solve one deal with one method; a dict of the figures."""
    hero, seed, limit, core, method = job
    state = PuzzleDungeon(hero=hero, core=core).new_initial_state(seed=seed)
    started = time.perf_counter()
    if method in ("ours", "unbounded"):
        answer = solve(state, seconds=limit, bounds=method == "ours")
        status, states, how = answer.status, answer.states, answer.method
    else:
        result = search(state, order=plain_order, budget=Budget(seconds=limit))
        status, states, how = result.status, result.states, "plain depth-first"
    seconds = time.perf_counter() - started
    row = {"hero": hero, "seed": seed, "method": method, "status": status,
           "seconds": round(seconds, 3), "states": states, "how": how}
    if core and method == "ours":
        relaxed = RelaxedModel(state).solve(Settings(deterministic_time=5.0))
        row["relaxation_settles"] = relaxed.status == INFEASIBLE
        row["relaxation_seconds"] = round(relaxed.seconds, 4)
    return row


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summarize(rows: list[dict], method: str, hero: str) -> dict:
    mine = [r for r in rows if r["method"] == method and r["hero"] == hero]
    times = [r["seconds"] for r in mine]
    count = len(mine)
    summary = {
        "deals": count,
        "won": sum(r["status"] == "won" for r in mine) / count,
        "unwinnable": sum(r["status"] == "unwinnable" for r in mine) / count,
        "unknown": sum(r["status"] == "unknown" for r in mine) / count,
        "median_s": round(statistics.median(times), 3),
        "p95_s": round(percentile(times, 0.95), 3),
        "states_per_s": round(sum(r["states"] for r in mine) / max(sum(times), 1e-9)),
    }
    if any("relaxation_settles" in r for r in mine):
        summary["relaxation_settles"] = sum(r.get("relaxation_settles", False)
                                            for r in mine) / count
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--first", type=int, default=1000, help="the first seed of the corpus")
    parser.add_argument("--time-limit", type=float, default=30.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--heroes", default=",".join(HEROES))
    parser.add_argument("--core", action="store_true")
    parser.add_argument("--no-plain", action="store_true", help="skip the plain search")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    heroes = args.heroes.split(",")
    methods = ["ours"] if args.no_plain else ["ours", "plain"]
    if args.core:
        methods.insert(1, "unbounded")  # ours without the relaxation and the core bound
    jobs = [(hero, seed, args.time_limit, args.core, method) for hero in heroes
            for seed in range(args.first, args.first + args.deals) for method in methods]
    with Pool(args.workers) as pool:
        rows = pool.map(run_one, jobs, chunksize=1)
    report = {"time_limit": args.time_limit, "deals_per_hero": args.deals, "first": args.first,
              "core": args.core, "heroes": {}}
    for hero in heroes:
        entry = {method: summarize(rows, method, hero) for method in methods}
        if "plain" in entry:
            entry["plain_median_over_ours"] = round(
                entry["plain"]["median_s"] / max(entry["ours"]["median_s"], 1e-3), 1)
        report["heroes"][hero] = entry
    if args.json:
        print(json.dumps({"report": report, "rows": rows}, indent=2))
        return
    print(f"time limit {args.time_limit} s, deals {args.first}..{args.first + args.deals - 1}, "
          f"{'core rules' if args.core else 'full rules'}")
    for hero, entry in report["heroes"].items():
        for method in methods:
            s = entry[method]
            extra = (f", relaxation settles {s['relaxation_settles']:.0%}"
                     if "relaxation_settles" in s else "")
            print(f"{hero:>16} {method:>9}: won {s['won']:.0%} unwinnable {s['unwinnable']:.0%} "
                  f"unknown {s['unknown']:.0%}  median {s['median_s']} s  p95 {s['p95_s']} s  "
                  f"{s['states_per_s']} positions/s{extra}")
        if "plain_median_over_ours" in entry:
            print(f"{'':>16} plain median / ours: {entry['plain_median_over_ours']}")


if __name__ == "__main__":
    main()
