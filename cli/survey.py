"""`dungeoneer survey`: the won share of each hero face, from many seeded deals solved within a
time limit, on local processes or a Dask cluster (`generator.survey`)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich import box
from rich.progress import BarColumn, TextColumn
from rich.table import Table

from dungeoneer.cli.options import (
    JSON,
    NAME,
    SCHEDULER,
    SEED,
    Amount,
    PathType,
    Seconds,
    batch_progress,
    batch_tally,
    console,
    echo_json,
    error_console,
    kept_on_stop,
)
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.executors import MAX_WORKERS, Tally
from dungeoneer.engine.files import check_writable
from dungeoneer.engine.numbers import plural
from dungeoneer.generator.survey import (
    MAX_DEALS,
    SurveyFile,
    hero_names,
    resumed_rows,
    run_survey,
    summarise,
)

MAX_TIME_LIMIT = 7 * 24 * 3600.0
"""A deal's time limit at most: a week (as `solve`'s)."""

TIME_LIMIT = 30.0
"""A deal's time limit when neither --time-limit nor --positions is given."""

MAX_POSITIONS = 10**12
"""A deal's limit of positions at most."""


def _check_out(out: str | None, resume: bool, force: bool) -> None:
    """Check the --out file may be written, before anything is solved or changed: a finished
    survey's file is never replaced without --force."""
    if out is None:
        if resume:
            raise click.UsageError("--resume goes on with the file given by --out")
        return
    if resume and force:
        raise click.UsageError("--resume goes on with the file, --force starts it anew: not both")
    check_writable(out, overwrite=True)  # its folder exists and takes files
    if Path(out).exists() and not (resume or force):
        raise DungeoneerError(f"{out} already exists; pass --resume to go on with it, or "
                              "--force to start it anew", file=out)


def _progress_bar(stack: contextlib.ExitStack, total: int, done: int
                  ) -> tuple[Callable[[dict[str, Any]], None], Tally | None]:
    """A progress bar on standard error at a terminal, showing the deals done, each answer's
    count and any jobs failed and retried: what advances it by a row, and the tally to give the
    executor. Elsewhere nothing is drawn: an advance that does nothing, and no tally."""
    err = error_console()
    if not err.is_terminal:
        return lambda row: None, None
    bar = stack.enter_context(batch_progress(
        TextColumn("surveying"), BarColumn(), TextColumn("{task.completed}/{task.total} deals"),
        TextColumn("won {task.fields[won]}, unwinnable {task.fields[unwinnable]}, unknown "
                   "{task.fields[unknown]}"), console=err))
    counts: dict[str, Any] = {"won": 0, "unwinnable": 0, "unknown": 0}
    task = bar.add_task("survey", total=total, completed=done, **counts)

    def advance(row: dict[str, Any]) -> None:
        counts[row["status"]] += 1
        bar.update(task, advance=1, **counts)

    return advance, batch_tally(bar, task)


def _span(low: float, high: float) -> str:
    """Two shares as '40.0-45.5%', or one as '40.0%' if they are the same."""
    return f"{low:.1%}" if low == high else f"{100 * low:.1f}-{high:.1%}"


def _share_texts(face: dict[str, Any]) -> tuple[str, str]:
    """The won share (its bounds while deals are unknown) and its 95% interval, as text."""
    share = face["won_share"]
    if share is None:
        return "-", "-"
    return _span(share["least"], share["most"]), _span(*share["wilson95"])


def _budget_text(report: dict[str, Any]) -> str:
    """A deal's budget in words: '5 s', '2,000 positions' or both."""
    parts = []
    if report["position_limit"] is not None:
        parts.append(f"{report['position_limit']:,} positions")
    if report["time_limit"] is not None:
        parts.append(f"{report['time_limit']:g} s")
    return " and ".join(parts)


def _print_survey(report: dict[str, Any]) -> None:
    out = console()
    out.print(f"[bold]{report['deals']} deals per face[/bold] (deal i: seed "
              f"{report['first_seed']} + i), each solved in one process within "
              f"{_budget_text(report)}. The won share's 95% interval counts unknown deals as "
              "lost for its lower end and as won for its upper end; solve times in seconds, "
              "the median and the 95th percentile.")
    # Every face has the same deals (the heading says how many): no column for them, so that
    # the table fits 80 columns.
    table = Table("face", "won", "unwinnable", "unknown", "won share", "95% interval",
                  "median", "p95", box=box.SIMPLE_HEAD, pad_edge=False, padding=0)
    table.columns[0].no_wrap = True
    for face in report["faces"]:
        times = face["seconds"] or {"median": None, "p95": None}
        table.add_row(face["hero"], str(face["won"]),
                      str(face["unwinnable"]), str(face["unknown"]), *_share_texts(face),
                      *("-" if t is None else f"{t:.2f}" for t in (times["median"],
                                                                    times["p95"])))
    out.print(table)


@click.command(short_help="The won share of each hero face, from many solved deals.")
@click.option("--hero", "heroes", type=NAME, multiple=True, metavar="NAME",
              help="A hero face to survey, repeated for more (default: every face).")
@click.option("--deals", type=Amount("deals", most=MAX_DEALS), required=True,
              help="Deals to solve per face.")
@click.option("--first-seed", type=SEED, default=1, show_default=True,
              help="Deal i is the deal of this seed plus i (mod 2**64), for every face.")
@click.option("--time-limit", type=Seconds(0, MAX_TIME_LIMIT),
              help=f"Seconds per deal before its answer is 'unknown' (default {TIME_LIMIT:g}; "
              "none with --positions).")
@click.option("--positions", type=Amount("positions", most=MAX_POSITIONS),
              help="Positions the solver searches per deal before its answer is 'unknown': "
              "answers that do not depend on the machine (no time limit unless --time-limit "
              "is given too).")
@click.option("--out", type=PathType(dir_okay=False),
              help="Write one JSON line per deal to FILE as each is solved.")
@click.option("--resume", is_flag=True,
              help="Go on with the --out file of a stopped survey: solve only the deals missing.")
@click.option("--force", is_flag=True, help="Start an existing --out file anew.")
@click.option("--workers", type=Amount("processes", most=MAX_WORKERS), default=1,
              show_default=True, help="Processes (or LocalCluster workers), one deal each at a "
              "time.")
@SCHEDULER
@JSON
def survey(heroes: tuple[str, ...], deals: int, first_seed: int, time_limit: float | None,
           positions: int | None, out: str | None, resume: bool, force: bool, workers: int,
           scheduler: str | None, as_json: bool) -> None:
    """Solve many seeded deals of each hero face and report how many are won, unwinnable or
    unknown, the won share with a 95% interval that counts unknown deals both ways, and the
    median and 95th-percentile solve time.

    Unknown answers depend on the machine: a faster core decides more deals within the same
    time limit. With --positions they do not: the same answers anywhere.

    Example: dungeoneer survey --hero Rogue --deals 100 --time-limit 10 --out rogue.jsonl
    """
    faces = hero_names(heroes)
    if time_limit is None and positions is None:
        time_limit = TIME_LIMIT
    _check_out(out, resume, force)
    earlier: dict[tuple[str, int], dict[str, Any]] = {}
    sink: SurveyFile | None = None

    def kept() -> str:
        return "no file written." if sink is None else \
            f"{plural(len(earlier) + sink.lines, 'deal')} kept in {out} (--resume goes on with it)."

    with kept_on_stop(kept), contextlib.ExitStack() as stack:
        if out is not None:
            # Locked before it is read: one survey at a time writes a file; every check passes
            # before the file is changed at all.
            sink = stack.enter_context(SurveyFile(out))
            if resume:
                earlier = resumed_rows(sink.rows(), faces, deals, first_seed, time_limit, out,
                                       positions)
            sink.start(fresh=not resume)
        rows = list(earlier.values())
        advance, tally = _progress_bar(stack, deals * len(faces), len(rows))
        for row in run_survey(faces, deals, first_seed=first_seed, seconds=time_limit,
                              positions=positions, workers=workers, scheduler=scheduler,
                              skip=earlier, tally=tally):
            if sink is not None:
                sink.write_row(row)
            rows.append(row)
            advance(row)
    report = summarise(rows, faces, deals=deals, first_seed=first_seed, seconds=time_limit,
                       positions=positions)
    report["resumed"] = len(earlier)
    if as_json:
        echo_json(report)
    else:
        _print_survey(report)
