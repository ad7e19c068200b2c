"""What solve.py runs on (it was shared with survey.py, since replaced by `dungeoneer survey`):
solver jobs, each in a fresh process, their results as JSON lines that an interrupted run can
resume from, and the small figures it reports.

A job is a tuple; the function that runs it returns a dict (a row). `run_jobs` runs every job in
its own worker process (a pool with `maxtasksperchild=1`, forked from a fork server that has
imported the solver, so a job starts from the same clean process each time) and adds to each row
the worker's memory: `peak_mb`, its peak resident set (`ru_maxrss`) after the job, and
`growth_mb`, that peak less its resident set just before the job (what the job itself took; the
peak also holds the interpreter and the imported modules). With `out`, each row is written to the
file as one JSON line as soon as its job ends (and flushed), so a long run keeps what it has done;
with `resume`, jobs whose rows are already in the file are skipped. A line per finished job goes
to stderr.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import platform
import resource
import signal
import sys
import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from pathlib import Path
from typing import Any

from dungeoneer.engine.stats import wilson

HEROES = ("Rogue", "Skull Rogue", "Bodyguard", "Skull Bodyguard", "Warrior", "Skull Warrior",
          "Alchemist", "Skull Alchemist")
"""The eight hero faces of the default card set: the four front faces and their Skull sides."""

Job = tuple
Row = dict[str, Any]
KeyOf = Callable[[Row], Hashable]


def resident_mb() -> float:
    """This process's resident set now, in MB (Linux: /proc/self/statm)."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError):  # not Linux: the peak so far is the best there is
        return peak_mb()


def peak_mb() -> float:
    """This process's peak resident set so far, in MB (ru_maxrss is in KB on Linux, bytes on
    macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def _quiet_worker() -> None:
    """Workers ignore Ctrl-C: the main process takes it, and ends them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _measured(task: tuple[Callable[[Job], Row], Job]) -> Row:
    """Run one job in this (fresh) worker; its row with the worker's memory added."""
    run, job = task
    before = resident_mb()
    row = run(job)
    peak = peak_mb()
    row["peak_mb"] = round(peak, 1)
    row["growth_mb"] = round(max(0.0, peak - before), 1)
    row["date"] = time.strftime("%Y-%m-%d")
    row["machine"] = machine()
    return row


def read_rows(path: str | Path) -> list[Row]:
    """The rows of a JSON-lines results file; a line that does not parse (the last one of a run
    that was killed while writing it) is skipped with a warning."""
    rows = []
    with open(path) as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                print(f"{path}:{number}: skipping a line that is not JSON", file=sys.stderr)
    return rows


def latest(rows: Iterable[Row], key: KeyOf) -> dict[Hashable, Row]:
    """The rows by key; where a job appears twice, the later row counts."""
    return {key(row): row for row in rows}


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{seconds:02}"


def run_jobs(run: Callable[[Job], Row], jobs: Sequence[Job], *,
             key_of_job: Callable[[Job], Hashable], key: KeyOf,
             describe: Callable[[Row], str], workers: int = 2, out: str | None = None,
             resume: bool = False) -> list[Row]:
    """Run the jobs (in order, `workers` at a time, each in a fresh process) and return the rows of
    all of them, those read back from `out` included. `key_of_job(job)` and `key(row)` name the
    same job, so that `resume` can skip the jobs already in `out`. Without `resume`, an `out`
    that already holds rows is refused rather than overwritten."""
    done: dict[Hashable, Row] = {}
    if out is not None and Path(out).exists() and Path(out).stat().st_size > 0:
        if not resume:
            raise SystemExit(f"{out} already holds results: pass --resume to continue that run, "
                             "or name another file")
        wanted = {key_of_job(job) for job in jobs}
        done = {k: row for k, row in latest(read_rows(out), key).items() if k in wanted}
    todo = [job for job in jobs if key_of_job(job) not in done]
    if done:
        print(f"resuming: {len(done)} of {len(jobs)} jobs already in {out}, {len(todo)} to run",
              file=sys.stderr)
    rows = list(done.values())
    if not todo:
        return rows
    context = multiprocessing.get_context("forkserver")
    # The fork server imports the solver once; every worker is a fresh fork of that server.
    context.set_forkserver_preload(["dungeoneer.solver", "dungeoneer.engine.puzzle_dungeon"])
    started = time.perf_counter()
    sink = open(out, "a") if out is not None else None  # noqa: SIM115 (closed below)
    try:
        with context.Pool(workers, _quiet_worker, maxtasksperchild=1) as pool:
            tasks = [(run, job) for job in todo]
            for count, row in enumerate(pool.imap_unordered(_measured, tasks, chunksize=1),
                                        start=1):
                rows.append(row)
                if sink is not None:
                    sink.write(json.dumps(row) + "\n")
                    sink.flush()
                elapsed = time.perf_counter() - started
                left = elapsed / count * (len(todo) - count)
                print(f"[{count}/{len(todo)}] {describe(row)}  (elapsed {_clock(elapsed)}, "
                      f"about {_clock(left)} left)", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        kept = f"; the finished jobs are in {out}, --resume continues" if out else ""
        raise SystemExit(f"interrupted{kept}") from None
    finally:
        if sink is not None:
            sink.close()
    return rows


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which `share` of the values lie (nearest rank, as the earlier figures)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def percent(share: float) -> str:
    """A share as a percentage: whole percent, one decimal below 10% (other than 0)."""
    value = 100 * share
    return f"{value:.1f}%" if 0 < value < 10 else f"{value:.0f}%"


def share_with_interval(successes: int, trials: int) -> str:
    """"67% (42-85%)": the share and its 95% Wilson interval."""
    low, high = wilson(successes, trials)
    return f"{percent(successes / trials)} ({100 * low:.0f}-{100 * high:.0f}%)"


def machine() -> str:
    """What the figures were measured on: "x86_64, 2 cores, Python 3.11.7"."""
    return f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"


def parse_heroes(text: str) -> list[str]:
    """A comma list of hero faces, each checked against the eight."""
    heroes = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in heroes if name not in HEROES]
    if unknown:
        raise SystemExit(f"unknown hero face(s): {', '.join(unknown)} "
                         f"(the faces: {', '.join(HEROES)})")
    return heroes


def hero_order(rows: Iterable[Row]) -> list[str]:
    """The heroes the rows hold, in the order of HEROES."""
    present = {row["hero"] for row in rows}
    return [hero for hero in HEROES if hero in present] + sorted(present - set(HEROES))


def print_report(rows: list[Row], build: Callable[[list[Row]], Any],
                 markdown: Callable[[Any], str], as_json: bool) -> None:
    """The report of a run: as JSON with the raw rows, or as markdown tables."""
    report = build(rows)
    if as_json:
        print(json.dumps({"report": report, "rows": rows}, indent=2))
    else:
        print(markdown(report))
