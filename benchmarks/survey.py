"""Survey: the winnable share of each hero face, from seeded deals solved under the full rules.

For each hero face (all eight by default), deals `--first-seed` .. `--first-seed + --deals - 1`
(5000 on by default, apart from the benchmark corpus of solve.py at 1000 on) are solved by
`solver.solve` with a time limit per deal, each deal in its own fresh worker process. Reported per
face: deals, won, unwinnable and unknown counts, the winnable share, and median and 95th-percentile
seconds.

The winnable share is only bounded while deals are undecided: at least won/n (every unknown deal
unwinnable), at most (won + unknown)/n (every unknown deal winnable). Its 95% interval counts the
undecided deals both ways: from the Wilson lower bound of won/n to the Wilson upper bound of
(won + unknown)/n. The number of winnable deals among the n lies between won and won + unknown,
and both Wilson bounds grow with the count, so whatever the unknown deals turn out to be, this
interval contains the Wilson interval of the true count: it covers the face's winnable share at
least as often as that one would (about 95%). With no unknown deals it is the plain Wilson
interval of won/n.

Results land as they come: `--out FILE` writes one JSON line per finished deal (hero, seed,
status, seconds, states, method, and the worker's memory), `--resume` skips the deals already in
FILE (same time limit; the same solver build is assumed), `--report FILE` prints the table from
FILE without solving anything.

    python benchmarks/survey.py --out survey-runs.jsonl
    python benchmarks/survey.py --out survey-runs.jsonl --resume
    python benchmarks/survey.py --report survey-runs.jsonl
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Hashable

from solver_jobs import (  # the script's own folder (benchmarks/) is on the path
    HEROES,
    Job,
    Row,
    hero_order,
    machine,
    parse_heroes,
    percent,
    percentile,
    print_report,
    read_rows,
    run_jobs,
)

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.engine.stats import wilson
from dungeoneer.solver import UNKNOWN, UNWINNABLE, WON, solve


def run_one(job: Job) -> Row:
    """Solve one deal under the full rules; its row."""
    hero, seed, limit = job
    state = PuzzleDungeon(hero=hero).new_initial_state(seed=seed)
    started = time.perf_counter()
    answer = solve(state, seconds=limit)
    return {"hero": hero, "seed": seed, "status": answer.status,
            "seconds": round(time.perf_counter() - started, 3), "states": answer.states,
            "method": answer.method, "time_limit": limit}


def job_key(job: Job) -> Hashable:
    hero, seed, limit = job
    return (hero, seed, float(limit))


def row_key(row: Row) -> Hashable:
    return (row["hero"], row["seed"], float(row["time_limit"]))


def describe(row: Row) -> str:
    """One progress line: which deal, and how it ended."""
    return (f"{row['hero']} {row['seed']}: {row['status']} in {row['seconds']:.1f} s, "
            f"{row['states']:,} positions, {row['peak_mb']:.0f} MB peak")


def winnable_interval(won: int, unknown: int, deals: int) -> tuple[float, float]:
    """The winnable share's 95% interval, undecided deals counted both ways: the Wilson lower
    bound of won/deals and the Wilson upper bound of (won + unknown)/deals."""
    return wilson(won, deals)[0], wilson(won + unknown, deals)[1]


def summarize(mine: list[Row]) -> dict:
    """One face's figures."""
    deals = len(mine)
    won = sum(r["status"] == WON for r in mine)
    unwinnable = sum(r["status"] == UNWINNABLE for r in mine)
    unknown = sum(r["status"] == UNKNOWN for r in mine)
    low, high = winnable_interval(won, unknown, deals)
    times = [r["seconds"] for r in mine]
    return {"deals": deals, "won": won, "unwinnable": unwinnable, "unknown": unknown,
            "winnable_at_least": won / deals, "winnable_at_most": (won + unknown) / deals,
            "interval_95": [round(low, 4), round(high, 4)],
            "median_s": round(statistics.median(times), 3),
            "p95_s": round(percentile(times, 0.95), 3),
            "peak_mb": max((r.get("peak_mb", 0.0) for r in mine), default=0.0)}


def build_report(rows: list[Row]) -> dict:
    """Per face, the figures (rows of one time limit only)."""
    limits = {float(r["time_limit"]) for r in rows}
    if len(limits) > 1:
        raise SystemExit(f"these rows mix time limits {sorted(limits)}: report one run at a time")
    seeds = sorted({r["seed"] for r in rows})
    return {"time_limit": limits.pop(), "seeds": [seeds[0], seeds[-1]],
            "date": max(r.get("date", "") for r in rows) or "?",
            "machine": rows[0].get("machine", machine()),
            "faces": {hero: summarize([r for r in rows if r["hero"] == hero])
                      for hero in hero_order(rows)}}


def markdown(report: dict) -> str:
    """The table, ready to paste into benchmarks/README.md."""
    first, last = report["seeds"]
    lines = [f"{report['date']}, {report['machine']}; deals {first}-{last}, full rules, "
             f"{report['time_limit']:g}-second limit per deal:", "",
             "| face | deals | won | unwinnable | unknown | winnable | 95% interval | median s "
             "| p95 s |", "|---|---|---|---|---|---|---|---|---|"]
    for face, s in report["faces"].items():
        least, most = s["winnable_at_least"], s["winnable_at_most"]
        share = percent(least) if least == most else f"{percent(least)}-{percent(most)}"
        low, high = s["interval_95"]
        lines.append(f"| {face} | {s['deals']} | {s['won']} | {s['unwinnable']} | "
                     f"{s['unknown']} | {share} | {100 * low:.0f}-{100 * high:.0f}% | "
                     f"{s['median_s']:.2f} | {s['p95_s']:.2f} |")
    lines += ["", "Winnable: won/deals if every unknown deal is unwinnable, (won + unknown)/deals "
              "if every one is winnable; the 95% interval runs from the Wilson lower bound of the "
              "first to the Wilson upper bound of the second."]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per hero face")
    parser.add_argument("--first-seed", type=int, default=5000,
                        help="the first seed (the solve.py benchmark's corpus starts at 1000)")
    parser.add_argument("--time-limit", type=float, default=30.0, help="seconds per deal")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--heroes", default=",".join(HEROES), help="a comma list of hero faces")
    parser.add_argument("--out", help="write each finished deal to FILE as a JSON line")
    parser.add_argument("--resume", action="store_true",
                        help="skip the deals already in --out FILE and add the rest")
    parser.add_argument("--report", metavar="FILE",
                        help="print the table from a --out FILE; solve nothing")
    parser.add_argument("--json", action="store_true", help="the report and the raw rows as JSON")
    args = parser.parse_args()
    if args.report:
        rows = read_rows(args.report)
        if not rows:
            raise SystemExit(f"{args.report} holds no rows")
    else:
        if args.resume and not args.out:
            parser.error("--resume needs --out FILE")
        heroes = parse_heroes(args.heroes)
        # Seed by seed, every face: the slow Skull faces are spread over the run.
        jobs = [(hero, seed, args.time_limit)
                for seed in range(args.first_seed, args.first_seed + args.deals)
                for hero in heroes]
        print(f"{len(jobs)} deals ({len(heroes)} faces x {args.deals}), up to "
              f"{args.time_limit:g} s each, {args.workers} workers", file=sys.stderr)
        rows = run_jobs(run_one, jobs, key_of_job=job_key, key=row_key, describe=describe,
                        workers=args.workers, out=args.out, resume=args.resume)
    print_report(rows, build_report, markdown, args.json)


if __name__ == "__main__":
    main()
