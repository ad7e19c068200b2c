"""`dungeoneer daily`: the Puzzle Dungeon puzzle of a date, the same for everyone, issued once
and then served from the archive; with --from and --to, every date of a range."""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING

import click
from rich import box
from rich.console import Console
from rich.progress import BarColumn, TextColumn
from rich.table import Table

from dungeoneer.cli import render
from dungeoneer.cli.options import (
    ARCHIVE,
    JSON,
    SCHEDULER,
    SVG,
    batch_progress,
    batch_tally,
    console,
    echo_json,
    error_console,
    force_option,
    kept_on_stop,
    output_path,
    spinner,
    workers_option,
)
from dungeoneer.cli.solve import print_steps
from dungeoneer.engine.executors import Tally
from dungeoneer.engine.numbers import plural
from dungeoneer.engine.registry import Caption
from dungeoneer.engine.stops import stops_held

if TYPE_CHECKING:
    from dungeoneer.generator.daily import Daily


@click.command(short_help="The daily puzzle of a date, the same for everyone.")
@click.argument("date", required=False)
@ARCHIVE
@click.option("--levels", default="1,2,2,3,3,4,5", show_default=True,
              help="The level of each weekday's puzzle, Monday to Sunday (for dates not yet "
                   "issued).")
@click.option("--reveal", is_flag=True, help="Show the winning line too.")
@click.option("--verbose", "-v", is_flag=True,
              help="With --reveal: tell the line with everything each step did.")
@SVG
@force_option("--svg")
@click.option("--from", "first", metavar="DATE",
              help="With --to: issue every date from this one to --to (both included).")
@click.option("--to", "last", metavar="DATE", help="The last date of a --from range.")
@workers_option(1, when="With --from")
@SCHEDULER
@JSON
def daily(date: str | None, archive_path: str | None, levels: str, reveal: bool,
          verbose: bool, svg: str | None, force: bool, first: str | None, last: str | None,
          workers: int, scheduler: str | None, as_json: bool) -> None:
    """The puzzle of DATE (YYYY-MM-DD; today by default): winnable, rated by weekday, the same
    for everyone. Issued puzzles are kept in the archive and always served from there. With
    --from and --to, every date of the range is issued (the dates not yet archived made in
    parallel), and listed.

    Example: dungeoneer daily 2026-11-29 --reveal
    """
    from dungeoneer.generator.codes import deal_from_code
    from dungeoneer.generator.daily import parse_date, parse_levels, today
    from dungeoneer.generator.rating import LEVEL_NAMES

    chosen_levels = parse_levels(levels)
    if first is not None or last is not None:
        if first is None or last is None or date is not None or reveal or svg:
            raise click.UsageError("a range is --from DATE --to DATE, without a DATE, --reveal "
                                   "or --svg")
        _daily_range(parse_date(first), parse_date(last), archive_path, chosen_levels,
                     workers=workers, scheduler=scheduler, as_json=as_json)
        return
    day = parse_date(date) if date else today()
    output_path(svg, force)
    out = console()
    puzzle, issued_now = issue_daily(day, archive_path, out, levels=chosen_levels, quiet=as_json)
    state = deal_from_code(puzzle.layout_code)  # the layout, not the generator, is the puzzle
    render.write_picture(svg, state, force, Caption(
        title=f"Daily No. {puzzle.number} of {puzzle.date}, level {puzzle.level} "
              f"({LEVEL_NAMES[puzzle.level]})", code=puzzle.code))
    if as_json:
        echo_json({**puzzle.to_json(reveal=reveal), "newly_issued": issued_now})
        return
    out.print(f"[bold]Daily puzzle No. {puzzle.number} of {day.isoformat()}[/bold] "
              f"({day.strftime('%A')}): "
              f"{puzzle.hero}, level {puzzle.level} ({LEVEL_NAMES[puzzle.level]})")
    out.print(f"Code {puzzle.code}")
    out.print(f"Layout {puzzle.layout_code}")
    out.print(render.state_view(state))
    if reveal:
        from dungeoneer.solver.lines import written_steps

        out.print("[bold]A winning line[/bold]:")
        print_steps(out, written_steps(state, puzzle.line), verbose)


def issue_daily(day: dt.date, archive_path: str | None, out: Console, *,
                levels: tuple[int, ...] | None = None, quiet: bool = False
                ) -> tuple[Daily, bool]:
    """The daily puzzle of `day` and whether this call issued it: from the archive, or made (at
    the weekday's level of `levels`, default the standard ones) and stored there. Another process
    may issue the date meanwhile: then its puzzle is the day's."""
    from dungeoneer.generator.archive import Archive
    from dungeoneer.generator.daily import DEFAULT_LEVELS, make_daily

    chosen = levels or DEFAULT_LEVELS
    with Archive(archive_path) as opened:
        return opened.issue(day.isoformat(), lambda: spinner(
            out, f"finding the puzzle of {day}", lambda: make_daily(day, levels=chosen), quiet))


def _daily_range(first: dt.date, last: dt.date, archive_path: str | None,
                 levels: tuple[int, ...], *, workers: int, scheduler: str | None,
                 as_json: bool) -> None:
    """Issue every date from `first` to `last`: those not yet archived are made where the
    executor puts them and stored in date order as they come (a run stopped part-way keeps
    what it stored); then the range is listed."""
    from dungeoneer.engine.executors import ordered_map
    from dungeoneer.generator.archive import Archive
    from dungeoneer.generator.daily import daily_of, date_range

    days = date_range(first, last)
    issued: list[tuple[Daily, bool]] = []

    def kept() -> str:
        return (f"{plural(sum(new for _, new in issued), 'puzzle')} issued and kept in the "
                "archive; the same command goes on with the rest.")

    with kept_on_stop(kept), contextlib.ExitStack() as stack:
        opened = stack.enter_context(Archive(archive_path))
        stored = {day: opened.get(day.isoformat()) for day in days}
        missing = [day for day in days if stored[day] is None]
        if missing:  # before any puzzle is made: a read-only or locked archive stores none
            opened.check_can_store(missing[0].isoformat())
        jobs = ((day, levels) for day in missing)
        tally = _range_bar(stack, len(missing))
        # The puzzles come in the order of `missing`, which is date order: each is stored as
        # soon as it comes.
        made = stack.enter_context(contextlib.closing(ordered_map(
            daily_of, jobs, workers=workers, scheduler=scheduler, tally=tally)))
        for day in days:
            known = stored[day]
            if known is not None:
                issued.append((known, False))
                continue
            make = _made(next(made))
            # issue(): if another process stored the date meanwhile, its puzzle is the day's.
            # Stored and counted together: a stop waits until both are done.
            with stops_held():
                issued.append(opened.issue(day.isoformat(), make))
    if as_json:
        echo_json({"from": first.isoformat(), "to": last.isoformat(),
                   "dailies": [{**puzzle.to_json(reveal=False), "newly_issued": new}
                               for puzzle, new in issued]})
        return
    table = Table("date", "day", "hero", "level", "code", "", box=box.SIMPLE_HEAD,
                  pad_edge=False, padding=0)  # fits 80 columns with the longest code
    for puzzle, new in issued:
        day = dt.date.fromisoformat(puzzle.date)
        table.add_row(puzzle.date, day.strftime("%a"), puzzle.hero, str(puzzle.level),
                      puzzle.code, "new" if new else "")
    console().print(table)
    console().print("new: issued by this command; the others were in the archive already.")


def _range_bar(stack: contextlib.ExitStack, dates: int) -> Tally | None:
    """A progress bar on standard error at a terminal while `dates` puzzles are made (none if
    there are none to make): the dates done and any jobs failed and retried, by the tally it
    returns for the executor."""
    err = error_console()
    if not err.is_terminal or dates == 0:
        return None
    bar = stack.enter_context(batch_progress(
        TextColumn("issuing"), BarColumn(), TextColumn("{task.completed}/{task.total} dates"),
        console=err))
    return batch_tally(bar, bar.add_task("dates", total=dates), advance=True)


def _made(puzzle: Daily) -> Callable[[], Daily]:
    """The archive's `make` for a puzzle already made."""
    return lambda: puzzle
