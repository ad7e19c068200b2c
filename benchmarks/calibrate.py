"""Calibrate the difficulty rating, and check it against a player it never consulted.

Two corpora of seeded deals, kept apart:

- `calibrate`: deals `--first` .. for each hero; every deal is solved and measured
  (`generator.rating.measure`); the cut points are the quintiles of the score over the won deals,
  so each level holds a fifth of them.
- `validate`: other deals (`--first` + 100000 ..); each won deal is rated with the cut points, and
  the careful player (`generator.players.CarefulPlayer`, which the rating never uses) plays it
  `--plays` times (100 by default: fewer plays add noise that hides the relation). Reported:
  the Spearman correlation between the level and the careful player's
  win share over the deals, and the careful player's win share per level with a 95% Wilson
  interval.

    python benchmarks/calibrate.py calibrate --deals 60 --workers 2
    python benchmarks/calibrate.py validate --deals 40 --plays 20 --workers 2 --json
    python benchmarks/calibrate.py validate --deals 20 --plays 100 --sampling-plays 6 --json
"""

from __future__ import annotations

import argparse
import json
import math
import time
from multiprocessing import Pool

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.engine.stats import spearman, wilson
from dungeoneer.generator.players import CarefulPlayer, win_share
from dungeoneer.generator.rating import CUT_POINTS, SOLVE_POSITIONS, level_of, measure, score
from dungeoneer.generator.sampling import SamplingPlayer
from dungeoneer.solver import WON, solve

HEROES = ("Rogue", "Bodyguard", "Warrior", "Alchemist")
"""The front faces: the heroes of the daily puzzles and of batches by default."""
VALIDATION_OFFSET = 100_000
CAREFUL_SEED = 7
SAMPLING_SEED = 11


def measure_one(job: tuple[str, int, int, int, int]) -> dict:
    """Solve and measure one deal; with `plays`, let the careful player play it too, and with
    `sampling_plays` the sampling player."""
    hero, seed, positions, plays, sampling_plays = job
    state = PuzzleDungeon(hero=hero).new_initial_state(seed=seed)
    started = time.perf_counter()
    answer = solve(state, seconds=None, states=positions)
    row = {"hero": hero, "seed": seed, "status": answer.status}
    if answer.status == WON:
        row["features"] = measure(state, answer)
        row["score"] = round(score(row["features"]), 4)
        if plays:
            row["careful_share"] = win_share(state, plays, CAREFUL_SEED + seed, CarefulPlayer())
        if sampling_plays:
            row["sampling_share"] = win_share(state, sampling_plays, SAMPLING_SEED + seed,
                                              SamplingPlayer())
    row["seconds"] = round(time.perf_counter() - started, 3)
    return row


def quintiles(values: list[float]) -> tuple[float, ...]:
    """The four cut points that split `values` into five equal shares."""
    ordered = sorted(values)
    return tuple(round(ordered[int(len(ordered) * k / 5)], 2) for k in range(1, 5))


def sampling_figures(won: list[dict], careful: list[float]) -> dict:
    """Does the sampling player's win share predict the careful player's better than
    the eager score does, and how does the level fare against the sampling player?"""
    sampled = [r["sampling_share"] for r in won]
    return {
        "sampling_mean_share": round(sum(sampled) / len(sampled), 3),
        "careful_mean_share": round(sum(careful) / len(careful), 3),
        "spearman_sampling_share_vs_careful_share": round(spearman(sampled, careful), 3),
        "spearman_level_vs_sampling_share": round(
            spearman([r["level"] for r in won], sampled), 3),
        "spearman_score_vs_sampling_share": round(
            spearman([r["score"] for r in won], sampled), 3),
    }


def run(jobs: list, workers: int) -> list[dict]:
    with Pool(workers) as pool:
        return pool.map(measure_one, jobs, chunksize=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["calibrate", "validate"])
    parser.add_argument("--deals", type=int, default=60, help="deals per hero")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--heroes", default=",".join(HEROES))
    parser.add_argument("--plays", type=int, default=100,
                        help="games the careful player plays per deal (validate)")
    parser.add_argument("--sampling-plays", type=int, default=0,
                        help="games the sampling player plays per won deal (validate)")
    parser.add_argument("--positions", type=int, default=SOLVE_POSITIONS,
                        help="the solver's budget per deal")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    heroes = args.heroes.split(",")
    first = args.first + (VALIDATION_OFFSET if args.mode == "validate" else 0)
    plays = args.plays if args.mode == "validate" else 0
    sampling_plays = args.sampling_plays if args.mode == "validate" else 0
    jobs = [(hero, seed, args.positions, plays, sampling_plays) for hero in heroes
            for seed in range(first, first + args.deals)]
    started = time.perf_counter()
    rows = run(jobs, args.workers)
    report: dict = {"mode": args.mode, "deals": len(rows), "first": first,
                    "seconds": round(time.perf_counter() - started, 1), "heroes": {}}
    for hero in heroes:
        mine = [r for r in rows if r["hero"] == hero]
        report["heroes"][hero] = {s: sum(r["status"] == s for r in mine)
                                  for s in ("won", "unwinnable", "unknown")}
        shares = [r["careful_share"] for r in mine if "careful_share" in r]
        if shares:
            report["heroes"][hero]["careful_mean_share"] = round(sum(shares) / len(shares), 3)
    won = [r for r in rows if r["status"] == WON]
    if args.mode == "calibrate":
        report["cut_points"] = quintiles([r["score"] for r in won])
    else:
        for r in won:
            r["level"] = level_of(r["score"], CUT_POINTS)
        levels = [r["level"] for r in won]
        shares = [r["careful_share"] for r in won]
        report["spearman_level_vs_careful_share"] = round(spearman(levels, shares), 3)
        report["spearman_score_vs_careful_share"] = round(
            spearman([r["score"] for r in won], shares), 3)
        if sampling_plays:
            report.update(sampling_figures(won, shares))
        report["per_level"] = {}
        for level in range(1, 6):
            at = [r for r in won if r["level"] == level]
            wins = sum(round(r["careful_share"] * args.plays) for r in at)
            games = len(at) * args.plays
            low, high = wilson(wins, games) if games else (math.nan, math.nan)
            report["per_level"][level] = {"deals": len(at), "careful_wins": wins,
                                          "games": games, "share": round(wins / games, 3)
                                          if games else None,
                                          "wilson95": [round(low, 3), round(high, 3)]}
    if args.json:
        print(json.dumps({"report": report, "rows": rows}, indent=1))
    else:
        print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
