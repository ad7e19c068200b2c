"""5-Minute Dungeon throughput: whole timed runs per second against Baby Barbarian with the
heuristic team of four, in one process (the aim: 100 or more).

Best of three; alongside, the same baseline as playout.py (pure-Python SplitMix64 draws) timed in
the same run, so "runs per million baseline draws" compares across machines. Also reports the
heuristic team against the random team on the same deals, win shares with 95% Wilson intervals.

    python benchmarks/team.py --runs 500
"""

from __future__ import annotations

import argparse
import json
import platform
import time

from playout import baseline  # the script's own folder (benchmarks/) is on the path

from dungeoneer.engine.simulate import play_run
from dungeoneer.engine.stats import wilson

GAME = "five-minute-dungeon"


def runs_per_second(runs: int, bot: str, players: int, pace: float) -> tuple[float, list[dict]]:
    """Runs per second, and the runs' results."""
    options = {"players": str(players), "boss": "1"}
    start = time.perf_counter()
    results = [play_run((GAME, options, bot, pace, 1 + i)) for i in range(runs)]
    return runs / (time.perf_counter() - start), results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=500)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--pace", type=float, default=5.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    timed = [runs_per_second(args.runs, "heuristic", args.players, args.pace) for _ in range(3)]
    best = max(rate for rate, _ in timed)
    draws_per_second = 300_000 / min(baseline() for _ in range(3))
    random_rate, random_runs = runs_per_second(args.runs, "random", args.players, args.pace)
    report = {"python": platform.python_version(), "machine": platform.machine(),
              "runs": args.runs, "players": args.players, "pace": args.pace,
              "heuristic_runs_per_second": round(best, 1),
              "random_runs_per_second": round(random_rate, 1),
              "baseline_draws_per_second": round(draws_per_second),
              "runs_per_million_draws": round(1e6 * best / draws_per_second, 1),
              "actions_per_run": round(sum(r["actions"] for r in timed[0][1]) / args.runs, 1)}
    for name, results in (("heuristic", timed[0][1]), ("random", random_runs)):
        wins = sum(r["won"] for r in results)
        low, high = wilson(wins, len(results))
        report[f"{name}_win_share"] = round(wins / len(results), 4)
        report[f"{name}_wilson95"] = [round(low, 4), round(high, 4)]
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
