"""Multi-player throughput: whole games per second with four greedy bots, in one process.

Best of three runs; alongside, the same baseline as playout.py (pure-Python SplitMix64 draws) timed
in the same run, so "games per baseline draw" compares across machines. Also reports the greedy
bot against the random one (two players, seats alternating), with a 95% Wilson interval.

    python benchmarks/bots.py --game dinky-dungeon --games 1000
    python benchmarks/bots.py --game five-more-minutes --games 500
"""

from __future__ import annotations

import argparse
import json
import platform
import time

from playout import baseline  # the script's own folder (benchmarks/) is on the path

from dungeoneer.engine.simulate import play_game, seating, summarise
from dungeoneer.engine.stats import wilson


def games_per_second(game: str, games: int, players: int, bots: tuple[str, ...]) -> float:
    start = time.perf_counter()
    for i in range(games):
        play_game((game, players, seating(bots, players, i), 1 + i))
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dinky-dungeon",
                        choices=["dinky-dungeon", "five-more-minutes"])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rates = [games_per_second(args.game, args.games, 4, ("greedy",)) for _ in range(3)]
    draws_per_second = 300_000 / min(baseline() for _ in range(3))
    duel = summarise([play_game((args.game, 2, seating(("greedy", "random"), 2, i),
                                50_000 + i))
                      for i in range(args.games)], 2)["strategies"]["greedy"]
    low, high = wilson(duel["wins"], duel["games"])
    report = {"game": args.game, "python": platform.python_version(),
              "machine": platform.machine(),
              "games": args.games, "four_greedy_games_per_second": round(max(rates), 1),
              "baseline_draws_per_second": round(draws_per_second),
              "games_per_million_draws": round(1e6 * max(rates) / draws_per_second, 1),
              "greedy_vs_random_win_share": duel["share"],
              "greedy_vs_random_wilson95": [round(low, 3), round(high, 3)]}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
