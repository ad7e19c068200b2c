"""Solver benchmark: a corpus of seeded deals per hero face, our solver against two baselines.

For each hero face (all eight by default), deals `--first` .. `--first + --deals - 1` are solved
with a time limit, each solve in a fresh worker process, by:

- "ours": `solver.solve` (the portfolio of nested rollouts and guided depth-first, with its
  bounds; under `--core` its depth-first search runs on the core-rules kernel);
- "guided": one guided depth-first search alone (`solver.ordering.guided_order`);
- "plain": one plain depth-first search (the engine's move order, `plain_order`).

Both baselines use the solver's canonical keys for their transposition table and no bounds (the
full rules have none; under `--core` they still run without the core bound). The plain search is
one of the portfolio's own strategies and deals the whole deck before its first attack, so on
most faces its median is the time limit: a ratio of medians against it is then only a lower
bound, marked ">=" in the table. Reported per hero and method: shares won / unwinnable / unknown,
the won share's 95% Wilson interval, median and 95th-percentile seconds, positions per second,
the peak memory of a solve (max over the deals: the worker's peak resident set, and its growth
during the job), and each baseline's median over ours.

`--core` runs the core rules instead (methods ours, unbounded, plain by default), and adds what
the CP-SAT relaxation settles at the start; "unbounded" is our solver without the relaxation and
the core bound, to show the time they save, and "engine" (named with `--methods`) is our solver
with its depth-first search on the engine rather than the core-rules kernel
(`solve(..., kernel=False)`), to show what the kernel gains.

Results can land as they come: `--out FILE` writes one JSON line per finished job, `--resume`
skips the jobs already in FILE (an interrupted run continues where it stopped; the same solver
build is assumed), and `--report FILE` prints the tables from FILE without solving anything.

    python benchmarks/solve.py --out solve-runs.jsonl
    python benchmarks/solve.py --out solve-runs.jsonl --resume
    python benchmarks/solve.py --report solve-runs.jsonl
    python benchmarks/solve.py --core --deals 20 --time-limit 10 --heroes Rogue,Warrior
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
    share_with_interval,
)

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.solver import UNKNOWN, UNWINNABLE, WON, solve
from dungeoneer.solver.canonical import Canonicalizer
from dungeoneer.solver.cpsat_core import INFEASIBLE, RelaxedModel, Settings
from dungeoneer.solver.ordering import guided_order
from dungeoneer.solver.search import Budget, plain_order, search

METHODS = ("ours", "unbounded", "engine", "guided", "plain")
"""Every method; the defaults are FULL_METHODS, or CORE_METHODS with --core."""
FULL_METHODS = ("ours", "guided", "plain")
CORE_METHODS = ("ours", "unbounded", "plain")
BASELINE_ORDERS = {"guided": guided_order, "plain": plain_order}


def run_one(job: Job) -> Row:
    """Solve one deal with one method; a dict of the figures."""
    hero, seed, limit, core, method = job
    state = PuzzleDungeon(hero=hero, core=core).new_initial_state(seed=seed)
    started = time.perf_counter()
    if method in ("ours", "unbounded", "engine"):
        answer = solve(state, seconds=limit, bounds=method != "unbounded",
                       kernel=method != "engine")
        status, states, how = answer.status, answer.states, answer.method
    else:
        result = search(state, order=BASELINE_ORDERS[method], budget=Budget(seconds=limit),
                        canonical=Canonicalizer(state.rules))
        status, states = result.status, result.states
        how = f"{method} depth-first"
    seconds = time.perf_counter() - started
    row = {"hero": hero, "seed": seed, "method": method, "status": status,
           "seconds": round(seconds, 3), "states": states, "how": how, "time_limit": limit,
           "core": core}
    if core and method == "ours":
        relaxed = RelaxedModel(state).solve(Settings(deterministic_time=5.0))
        row["relaxation_settles"] = relaxed.status == INFEASIBLE
        row["relaxation_seconds"] = round(relaxed.seconds, 4)
    return row


def job_key(job: Job) -> Hashable:
    hero, seed, limit, core, method = job
    return (hero, seed, method, float(limit), bool(core))


def row_key(row: Row) -> Hashable:
    return (row["hero"], row["seed"], row["method"], float(row["time_limit"]), bool(row["core"]))


def describe(row: Row) -> str:
    """One progress line: which job, and how it ended."""
    return (f"{row['hero']} {row['seed']} {row['method']}: {row['status']} in "
            f"{row['seconds']:.1f} s, {row['states']:,} positions, {row['peak_mb']:.0f} MB peak")


def make_jobs(heroes: list[str], seeds: range, methods: list[str], limit: float,
              core: bool) -> list[Job]:
    """Every (hero, seed, method), interleaved so that the slow ones (Skull faces, baselines) are
    spread over the run rather than bunched at its end: seed by seed, every hero, the methods
    rotated from one hero to the next."""
    jobs = []
    for seed in seeds:
        for index, hero in enumerate(heroes):
            turn = (index + seed) % len(methods)
            for method in methods[turn:] + methods[:turn]:
                jobs.append((hero, seed, limit, core, method))
    return jobs


def summarize(mine: list[Row], limit: float) -> dict:
    """One hero's figures for one method."""
    times = [r["seconds"] for r in mine]
    count = len(mine)
    won = sum(r["status"] == WON for r in mine)
    summary = {
        "deals": count,
        "won_count": won,
        "won": won / count,
        "unwinnable": sum(r["status"] == UNWINNABLE for r in mine) / count,
        "unknown": sum(r["status"] == UNKNOWN for r in mine) / count,
        "median_s": round(statistics.median(times), 3),
        "p95_s": round(percentile(times, 0.95), 3),
        "median_capped": statistics.median(times) >= limit,
        "states_per_s": round(sum(r["states"] for r in mine) / max(sum(times), 1e-9)),
        "peak_mb": max(r["peak_mb"] for r in mine) if all("peak_mb" in r for r in mine) else None,
        "growth_mb": (max(r["growth_mb"] for r in mine)
                      if all("growth_mb" in r for r in mine) else None),
    }
    if any("relaxation_settles" in r for r in mine):
        summary["relaxation_settles"] = sum(r.get("relaxation_settles", False)
                                            for r in mine) / count
    return summary


def ratio(baseline: dict, ours: dict) -> dict:
    """The baseline's median over ours, and what it means when a median is the time limit:
    "at least" when only the baseline's is capped, "at most" when only ours is, "capped" when
    both are (then it says nothing)."""
    value = round(baseline["median_s"] / max(ours["median_s"], 1e-3), 1)
    if baseline["median_capped"] and ours["median_capped"]:
        bound = "capped"
    elif baseline["median_capped"]:
        bound = "at least"
    elif ours["median_capped"]:
        bound = "at most"
    else:
        bound = "exact"
    return {"value": value, "bound": bound}


def ratio_text(entry: dict | None) -> str:
    if entry is None:
        return ""
    prefix = {"exact": "", "at least": ">= ", "at most": "<= ", "capped": "~"}[entry["bound"]]
    text = f"{prefix}{entry['value']:.1f}"
    return f"{text} (both capped)" if entry["bound"] == "capped" else text


def build_report(rows: list[Row]) -> dict:
    """Per hero and method, the figures; per hero and baseline, its median over ours."""
    limits = {float(r["time_limit"]) for r in rows}
    cores = {bool(r["core"]) for r in rows}
    if len(limits) > 1 or len(cores) > 1:
        raise SystemExit(f"these rows mix runs (time limits {sorted(limits)}, core rules "
                         f"{sorted(cores)}): report one run at a time")
    limit, core = limits.pop(), cores.pop()
    methods = [m for m in METHODS if any(r["method"] == m for r in rows)]
    seeds = sorted({r["seed"] for r in rows})
    report: dict = {"time_limit": limit, "core": core, "seeds": [seeds[0], seeds[-1]],
                    "methods": methods, "date": max(r.get("date", "") for r in rows) or "?",
                    "machine": rows[0].get("machine", machine()), "heroes": {}}
    for hero in hero_order(rows):
        entry: dict = {}
        for method in methods:
            mine = [r for r in rows if r["hero"] == hero and r["method"] == method]
            if mine:
                entry[method] = summarize(mine, limit)
        if "ours" in entry:
            entry["median_over_ours"] = {m: ratio(entry[m], entry["ours"]) for m in entry
                                         if m != "ours" and m in METHODS}
        report["heroes"][hero] = entry
    return report


def mb(value: float | None) -> str:
    return "" if value is None else f"{value:,.0f}"


def markdown(report: dict) -> str:
    """The tables, ready to paste into benchmarks/README.md."""
    methods = report["methods"]
    relaxation = any("relaxation_settles" in s for entry in report["heroes"].values()
                     for s in entry.values() if isinstance(s, dict) and "deals" in s)
    first, last = report["seeds"]
    lines = [f"{report['date']}, {report['machine']}; deals {first}-{last}, "
             f"{'core' if report['core'] else 'full'} rules, {report['time_limit']:g}-second "
             "limit, each solve in a fresh worker process:", ""]
    head = ["hero", "method", "deals", "won (95% Wilson)", "unwinnable", "unknown", "median s",
            "p95 s", "positions/s", "peak MB", "growth MB", "median / ours"]
    if relaxation:
        head.append("relaxation settles")
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for hero, entry in report["heroes"].items():
        for method in methods:
            s = entry.get(method)
            if s is None:
                continue
            cells = [hero, method, str(s["deals"]),
                     share_with_interval(s["won_count"], s["deals"]), percent(s["unwinnable"]),
                     percent(s["unknown"]), f"{s['median_s']:.2f}",
                     f"{s['p95_s']:.2f}", f"{s['states_per_s']:,}", mb(s["peak_mb"]),
                     mb(s["growth_mb"]), ratio_text(entry.get("median_over_ours", {}).get(method))]
            if relaxation:
                cells.append(percent(s["relaxation_settles"]) if "relaxation_settles" in s
                             else "")
            lines.append("| " + " | ".join(cells) + " |")
    baselines = [m for m in methods if m != "ours"]
    if "ours" in methods and baselines:
        lines += ["", "Won shares next to the ratios of medians:", ""]
        head = ["hero", "ours won"]
        for method in baselines:
            head += [f"{method} won", f"{method} / ours"]
        lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for hero, entry in report["heroes"].items():
            if "ours" not in entry:
                continue
            cells = [hero, share_with_interval(entry["ours"]["won_count"],
                                               entry["ours"]["deals"])]
            for method in baselines:
                s = entry.get(method)
                cells += ["", ""] if s is None else [
                    share_with_interval(s["won_count"], s["deals"]),
                    ratio_text(entry["median_over_ours"].get(method))]
            lines.append("| " + " | ".join(cells) + " |")
    lines += ["", f"\">=\": the baseline's median is the time limit ({report['time_limit']:g} s; "
              "at least half its solves ran out), so the ratio is at least this; \"<=\": ours "
              "is; \"~ (both capped)\": both are, and the ratio says nothing. Peak MB: the "
              "worker's peak resident set (ru_maxrss) after the solve, the interpreter and the "
              "imported solver included, the most over the deals; growth MB: that peak less "
              "the resident set just before the solve."]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=25, help="deals per hero face")
    parser.add_argument("--first", type=int, default=1000, help="the first seed of the corpus")
    parser.add_argument("--time-limit", type=float, default=30.0, help="seconds per solve")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--heroes", default=",".join(HEROES), help="a comma list of hero faces")
    parser.add_argument("--methods", help="a comma list of " + ", ".join(METHODS) + " (default: "
                        + ",".join(FULL_METHODS) + "; with --core " + ",".join(CORE_METHODS) + ")")
    parser.add_argument("--core", action="store_true", help="the core rules (no card abilities)")
    parser.add_argument("--no-plain", action="store_true", help="skip the plain search")
    parser.add_argument("--out", help="write each finished job to FILE as a JSON line")
    parser.add_argument("--resume", action="store_true",
                        help="skip the jobs already in --out FILE and add the rest")
    parser.add_argument("--report", metavar="FILE",
                        help="print the tables from a --out FILE; solve nothing")
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
        methods = list(CORE_METHODS if args.core else FULL_METHODS)
        if args.methods:
            methods = [m.strip() for m in args.methods.split(",") if m.strip()]
            wrong = [m for m in methods if m not in METHODS]
            if wrong or not methods:
                parser.error(f"unknown method(s) {', '.join(wrong)}: choose among "
                             + ", ".join(METHODS))
        if args.no_plain:
            methods = [m for m in methods if m != "plain"]
        seeds = range(args.first, args.first + args.deals)
        jobs = make_jobs(heroes, seeds, methods, args.time_limit, args.core)
        print(f"{len(jobs)} solves ({len(heroes)} heroes x {args.deals} deals x "
              f"{len(methods)} methods), up to {args.time_limit:g} s each, "
              f"{args.workers} workers", file=sys.stderr)
        rows = run_jobs(run_one, jobs, key_of_job=job_key, key=row_key, describe=describe,
                        workers=args.workers, out=args.out, resume=args.resume)
    print_report(rows, build_report, markdown, args.json)


if __name__ == "__main__":
    main()
