"""Daily-puzzle benchmark: generate the puzzles of consecutive dates, in parallel processes.

Each date is independent, so dates are shared among the workers; reported: the wall time, dates
per minute, candidates tried per date (mean and most), and how the levels came out. The baseline
is the time to rate one fixed deal (seed 42, Rogue) in the same run, so figures from different
machines compare as "dailies per baseline rating".

    python benchmarks/daily.py --days 365 --start 2027-01-01 --workers 2
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import time
from collections import Counter
from multiprocessing import Pool

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.generator.daily import make_daily
from dungeoneer.generator.rating import rate


def one_day(day: dt.date) -> dict:
    started = time.perf_counter()
    daily = make_daily(day)
    return {"date": daily.date, "level": daily.level, "candidate": daily.candidate,
            "hero": daily.hero, "seconds": round(time.perf_counter() - started, 3)}


def baseline() -> float:
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=42)
    started = time.perf_counter()
    rate(state)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--start", default="2027-01-01")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    first = dt.date.fromisoformat(args.start)
    days = [first + dt.timedelta(days=i) for i in range(args.days)]
    base = baseline()
    started = time.perf_counter()
    with Pool(args.workers) as pool:
        rows = pool.map(one_day, days, chunksize=1)
    wall = time.perf_counter() - started
    tried = [r["candidate"] + 1 for r in rows]
    report = {"days": len(rows), "workers": args.workers, "wall_seconds": round(wall, 1),
              "days_per_minute": round(60 * len(rows) / wall, 1),
              "baseline_rating_seconds": round(base, 3),
              "wall_in_baseline_ratings": round(wall / base),
              "candidates_mean": round(statistics.mean(tried), 2), "candidates_max": max(tried),
              "levels": dict(sorted(Counter(r["level"] for r in rows).items())),
              "heroes": dict(Counter(r["hero"] for r in rows)),
              "slowest_day_seconds": max(r["seconds"] for r in rows)}
    print(json.dumps({"report": report, "rows": rows} if args.json else report, indent=1))


if __name__ == "__main__":
    main()
