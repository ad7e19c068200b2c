"""Multi-player throughput: whole games per second with four greedy bots, in one process.

Best of three runs; alongside, the same baseline as playout.py (pure-Python SplitMix64 draws) timed
in the same run, so "games per baseline draw" compares across machines. Also reports the greedy
bot against the random one (two players, seats alternating), with a 95% Wilson interval.

`--against PYTHON` times another installed version (the Python of another virtual environment,
such as one with the version before a change) on the same games in the same run: the two take
turns, `--rounds` times, each in a fresh process, and the report gives both rates (the best of
each, by the wall clock and by CPU time) and their ratios, which a busy machine disturbs far less
than the rates themselves.

    python benchmarks/bots.py --game dinky-dungeon --games 1000
    python benchmarks/bots.py --game five-more-minutes --games 500
    python benchmarks/bots.py --game five-more-minutes --games 300 --against ../old/.venv/bin/python
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from playout import baseline  # the script's own folder (benchmarks/) is on the path

from dungeoneer.engine.simulate import play_game, seating, summarise
from dungeoneer.engine.stats import wilson


def games_per_second(game: str, games: int, players: int, bots: tuple[str, ...],
                     clock: Callable[[], float] = time.perf_counter) -> float:
    start = clock()
    for i in range(games):
        play_game((game, players, seating(bots, players, i), 1 + i))
    return games / (clock() - start)


def timed(game: str, games: int) -> dict[str, float]:
    """Four-greedy games per second of the wall clock and of this process's CPU time (which
    other work on the machine disturbs less), each the best of three runs, and baseline draws per
    second (best of three), in this process."""
    greedy = ("greedy",)
    return {"games_per_second": max(games_per_second(game, games, 4, greedy) for _ in range(3)),
            "games_per_cpu_second": max(games_per_second(game, games, 4, greedy,
                                                         time.process_time) for _ in range(3)),
            "draws_per_second": 300_000 / min(baseline() for _ in range(3))}


def against(other: str, game: str, games: int, rounds: int) -> dict[str, object]:
    """This version and `other` (a Python with another version installed) timed in turns, each
    round in a fresh process: the best rate of each, and the ratio of this one to the other's
    (of the best rates, and the median of the rounds' ratios)."""
    command = [sys.argv[0], "--game", game, "--games", str(games), "--worker"]
    runs: dict[str, list[dict[str, float]]] = {"this": [], "other": []}
    for _ in range(rounds):
        for side, python in (("other", other), ("this", sys.executable)):
            done = subprocess.run([python, *command], check=True, capture_output=True, text=True)
            runs[side].append(json.loads(done.stdout))
    report: dict[str, object] = {"other_python": other, "rounds": rounds}
    for figure in ("games_per_second", "games_per_cpu_second"):
        best = {side: max(r[figure] for r in rs) for side, rs in runs.items()}
        ratios = [t[figure] / o[figure] for t, o in zip(runs["this"], runs["other"], strict=True)]
        report[figure] = {"this": round(best["this"], 1), "other": round(best["other"], 1),
                          "ratio_of_best": round(best["this"] / best["other"], 2),
                          "median_round_ratio": round(statistics.median(ratios), 2)}
    report["baseline_draws_per_second"] = round(max(r["draws_per_second"]
                                                    for rs in runs.values() for r in rs))
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dinky-dungeon",
                        choices=["dinky-dungeon", "five-more-minutes"])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--against", metavar="PYTHON",
                        help="also time the version installed for this Python, in turns")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.worker:  # one timed run, for --against
        print(json.dumps(timed(args.game, args.games)))
        return
    if args.against:
        print(json.dumps({"game": args.game, "python": platform.python_version(),
                          "machine": platform.machine(), "games": args.games,
                          **against(args.against, args.game, args.games, args.rounds)},
                         indent=1))
        return
    figures = timed(args.game, args.games)
    duel = summarise([play_game((args.game, 2, seating(("greedy", "random"), 2, i),
                                50_000 + i))
                      for i in range(args.games)], 2)["strategies"]["greedy"]
    low, high = wilson(duel["wins"], duel["games"])
    rate, draws_per_second = figures["games_per_second"], figures["draws_per_second"]
    report = {"game": args.game, "python": platform.python_version(),
              "machine": platform.machine(),
              "games": args.games, "four_greedy_games_per_second": round(rate, 1),
              "four_greedy_games_per_cpu_second": round(figures["games_per_cpu_second"], 1),
              "baseline_draws_per_second": round(draws_per_second),
              "games_per_million_draws": round(1e6 * rate / draws_per_second, 1),
              "greedy_vs_random_win_share": duel["share"],
              "greedy_vs_random_wilson95": [round(low, 3), round(high, 3)]}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
