"""The Puzzle Dungeon sampling player: how strong it is against the blind rule-based
players and the solver's verdict, what it costs, and how fast `odds` narrows its interval.

- `strength`: deals 1 .. `--deals` of the front faces in turn; every player plays each deal
  (the eager and careful players `--plays` times, each sampling setting once per deal, a setting
  being SAMPLES:CANDIDATES:PLAYOUT). Reported: the win share with a 95% Wilson interval, the CPU
  seconds per game, and the solver's won share of the same deals (the ceiling: no player wins an
  unwinnable deal).
- `odds`: `generator.sampling.iter_odds` on one deal, the interval's half-width against the
  wall-clock time.
- `within`: for each deal of a list, the wall-clock time and plays `odds` takes to bring the
  interval within +-`--within` points (its default stopping rule).

    python benchmarks/sampling.py strength --deals 60 --workers 2
    python benchmarks/sampling.py odds --hero Rogue --seed 42 --plays 400 --workers 2
    python benchmarks/sampling.py within --list Rogue:42,Rogue:100004 --plays 400 --workers 2
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from multiprocessing import Pool

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.engine.rng import Stream, derived_seed
from dungeoneer.engine.stats import wilson
from dungeoneer.generator.daily import FRONT_FACES
from dungeoneer.generator.players import CarefulPlayer, eager_playout
from dungeoneer.generator.sampling import SamplingPlayer, iter_odds, odds
from dungeoneer.solver import solve

SEED = 7
SOLVER_POSITIONS = 40_000


def player_of(setting: str):
    """A player by name: 'eager', 'careful' or SAMPLES:CANDIDATES:PLAYOUT."""
    if setting == "eager":
        return eager_playout
    if setting == "careful":
        return CarefulPlayer()
    samples, candidates, playout = setting.split(":")
    return SamplingPlayer(int(samples), int(candidates), playout)


def play_deal(job: tuple[int, str, int]) -> dict:
    """One deal: the solver's verdict, then each setting's games and CPU time."""
    seed, settings, plays = job
    hero = FRONT_FACES[seed % len(FRONT_FACES)]
    state = PuzzleDungeon(hero=hero).new_initial_state(seed=seed)
    row: dict = {"seed": seed, "hero": hero,
                 "solver": solve(state, seconds=None, states=SOLVER_POSITIONS).status}
    for setting in settings.split(","):
        player = player_of(setting)
        games = plays if setting in ("eager", "careful") else 1
        started = time.process_time()
        wins = sum(player(state, Stream(derived_seed(SEED + seed, i))) for i in range(games))
        row[setting] = {"wins": wins, "games": games,
                        "seconds": time.process_time() - started}
    return row


def strength(args: argparse.Namespace) -> dict:
    jobs = [(seed, args.settings, args.plays) for seed in range(1, args.deals + 1)]
    started = time.perf_counter()
    with Pool(args.workers) as pool:
        rows = pool.map(play_deal, jobs, chunksize=1)
    report: dict = {"deals": len(rows), "wall_seconds": round(time.perf_counter() - started, 1),
                    "solver_won": sum(r["solver"] == "won" for r in rows),
                    "solver_unwinnable": sum(r["solver"] == "unwinnable" for r in rows)}
    for setting in args.settings.split(","):
        wins = sum(r[setting]["wins"] for r in rows)
        games = sum(r[setting]["games"] for r in rows)
        low, high = wilson(wins, games)
        report[setting] = {"wins": wins, "games": games, "share": round(wins / games, 3),
                           "wilson95": [round(low, 3), round(high, 3)],
                           "cpu_seconds_per_game": round(
                               sum(r[setting]["seconds"] for r in rows) / games, 3)}
    return {"report": report, "rows": rows} if args.rows else report


def odds_curve(args: argparse.Namespace) -> dict:
    state = PuzzleDungeon(hero=args.hero).new_initial_state(seed=args.seed)
    started = time.perf_counter()
    curve = []
    for so_far in iter_odds(state, args.plays, seed=SEED, workers=args.workers):
        low, high = so_far.interval
        curve.append({"plays": so_far.plays, "wins": so_far.wins,
                      "seconds": round(time.perf_counter() - started, 1),
                      "half_width": round((high - low) / 2, 4)})
    return {"hero": args.hero, "seed": args.seed, "workers": args.workers,
            "curve": curve[::max(1, len(curve) // 20)] + curve[-1:]}


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children that have ended (the pool's workers,
    once a batch is over)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def within(args: argparse.Namespace) -> dict:
    """For each deal (HERO:SEED), how long `odds` takes to bring the 95% interval within
    +-`--within` points, the plays that took, and the plays per second (wall clock); and the
    CPU seconds a play took, with the time they come to on `--workers` idle cores (the CPU
    seconds over the workers: what the wall clock would be on a machine with nothing else to
    do, less the pool's start-up)."""
    rows = []
    for deal in args.list.split(","):
        hero, seed = deal.split(":")
        state = PuzzleDungeon(hero=hero).new_initial_state(seed=int(seed))
        started, cpu = time.perf_counter(), cpu_seconds()
        found = odds(state, args.plays, seed=SEED, workers=args.workers,
                     precision=args.within / 100)
        seconds, cpu = time.perf_counter() - started, cpu_seconds() - cpu
        rows.append({"hero": hero, "seed": int(seed), "plays": found.plays, "wins": found.wins,
                     "share": round(found.share, 3), "half_width": round(found.half_width, 4),
                     "seconds": round(seconds, 1),
                     "plays_per_second": round(found.plays / seconds, 2),
                     "cpu_seconds_per_play": round(cpu / found.plays, 3),
                     "quiet_seconds": round(cpu / args.workers, 1)})
        print(json.dumps(rows[-1]), file=sys.stderr)
    return {"workers": args.workers, "within": args.within, "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["strength", "odds", "within"])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--plays", type=int, default=10)
    parser.add_argument("--settings", default="eager,careful,2:5:eager,4:5:eager,2:5:careful")
    parser.add_argument("--hero", default="Rogue")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rows", action="store_true", help="every deal's figures too")
    parser.add_argument("--list", default="Rogue:42", help="within: HERO:SEED,...")
    parser.add_argument("--within", type=float, default=5.0, help="within: points either side")
    args = parser.parse_args()
    modes = {"strength": strength, "odds": odds_curve, "within": within}
    report = modes[args.mode](args)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
