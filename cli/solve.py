"""`dungeoneer solve`: is a Puzzle Dungeon deal winnable? Won (with a line checked by replaying
it), unwinnable (only with a proof) or unknown, told by the exit status too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click
from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.text import Text

from dungeoneer.cli.options import (
    CARDS,
    CORE,
    DEAL,
    DEAL_FILE,
    HERO,
    JSON,
    Amount,
    PathType,
    Seconds,
    console,
    echo_json,
    force_option,
    from_option,
    on_terminal,
    output_path,
    workers_option,
)
from dungeoneer.cli.starting import start_position
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.records import save_record

SOLVE_STATUS = {"won": 0, "unwinnable": 1, "unknown": 3}
"""`dungeoneer solve`'s exit status for each answer (2 is bad input, as for every command)."""

MAX_TIME_LIMIT = 7 * 24 * 3600.0
"""A solve's time limit at most: a week (a limit must be a number, and a finite one)."""

ACTION_COLUMN = 30
"""The widest action the short telling lines up (a longer one pushes its gloss right)."""


@click.command(short_help="Is the deal winnable? Won (with a line), unwinnable or unknown.")
@click.argument("deal_spec", metavar="[SEED|CODE]", type=DEAL, required=False)
@DEAL_FILE
@from_option("Solve")
@HERO
@CARDS
@CORE
@click.option("--time-limit", type=Seconds(0, MAX_TIME_LIMIT), default=30.0, show_default=True,
              help="Seconds before the answer is 'unknown'.")
@click.option("--memory", type=Amount("MB"), default=1024, show_default=True,
              metavar="MB", help="Memory for the search's tables, in MB (of 2**20 bytes), shared "
              "by its strategies. When it is used up the search forgets positions and may search "
              "them again: slower, never a wrong answer.")
@workers_option(None)
@click.option("--out", type=PathType(dir_okay=False),
              help="Save a winning line as a game record that `dungeoneer replay` plays to a win.")
@force_option("--out")
@click.option("--verbose", "-v", is_flag=True,
              help="Tell the winning line with everything each step did.")
@JSON
def solve(deal_spec: int | str | None, deal_file: str | None, from_record: str | None,
          hero: str | None, cards: str | None, core: bool, time_limit: float, memory: int,
          workers: int | None, out: str | None, force: bool, verbose: bool,
          as_json: bool) -> None:
    """Is the deal winnable, and how? Answers won (with a winning line, checked by replaying it),
    unwinnable (only from a complete search or a proof), or unknown (the time ran out).

    The exit status tells them apart: 0 won, 1 unwinnable, 3 unknown (2 is bad input).

    Example: dungeoneer solve 42 --time-limit 10 --out win.rec
    """
    from dungeoneer.solver import MB, UNWINNABLE, WON, usable_cores
    from dungeoneer.solver import solve as solve_position

    start = start_position(deal_spec, deal_file, from_record, hero, cards, core)
    output_path(out, force)
    screen = console()
    limits: dict[str, Any] = {"seconds": time_limit, "memory": memory * MB,
                              "workers": workers or usable_cores()}
    if as_json or not on_terminal():
        answer = solve_position(start.state, **limits)
    else:
        with Progress(SpinnerColumn(), TextColumn("solving: {task.fields[states]:,} positions"),
                      TimeElapsedColumn(), console=screen, transient=True) as bar:
            task = bar.add_task("solve", total=None, states=0)
            answer = solve_position(start.state, progress=lambda n: bar.update(task, states=n),
                                    **limits)
    not_saved: DungeoneerError | None = None
    if out and answer.status == WON:
        record = start.to_record([step.action for step in answer.steps])
        try:
            save_record(out, record, comment=f"a winning line found by dungeoneer solve "
                        f"({answer.method})", overwrite=force)
        except DungeoneerError as exc:  # said after the answer, which is shown all the same
            not_saved = exc
    if as_json:
        echo_json({"deal": start.named, **answer.to_json()})
        if not_saved is not None:
            raise not_saved
        _exit_with_answer(answer.status)
        return
    effort = f"{answer.states:,} positions, {answer.seconds:.2f} s"
    if answer.status == WON:
        screen.print(f"[bold]Won[/bold]: a winning line of {len(answer.steps)} steps "
                     f"({answer.method}; {effort}).")
        print_steps(screen, answer.steps, verbose)
        if not_saved is not None:
            raise not_saved
        if out:
            screen.print(f"Record saved to {out}.")
    elif answer.status == UNWINNABLE:
        screen.print(f"[bold]Unwinnable[/bold]: {answer.reason} ({effort}).")
    else:
        screen.print(f"[bold]Unknown[/bold]: {answer.reason}. Try a longer --time-limit.")
    if out and answer.status != WON:
        screen.print("No record written: there is no winning line to save.")
    _exit_with_answer(answer.status)


def _exit_with_answer(status: str) -> None:
    """End `solve` with the exit status of its answer, for scripts (SOLVE_STATUS)."""
    code = SOLVE_STATUS[status]
    if code:
        click.get_current_context().exit(code)


def print_steps(out: Console, told: Sequence[Any], verbose: bool = False) -> None:
    """A winning line: one row a step (a run of deals in one row), each with what it is for;
    `verbose`: every step with everything it did."""
    from dungeoneer.solver.lines import brief

    if verbose:
        for step in told:
            out.print(f"{step.number:>4}. [bold]{step.action}[/bold]", highlight=False)
            if step.answers:
                out.print(f"        ({step.answers})", highlight=False)
            for said in step.did:
                out.print(f"        {said}", highlight=False)
        return
    rows = brief(told)
    width = min(ACTION_COLUMN, max((len(row.action) for row in rows), default=0))
    for row in rows:
        text = Text(f"{row.numbers:>6}. ")
        text.append(row.action.ljust(width) if row.gloss else row.action, style="bold")
        if row.gloss:
            text.append(f"  {row.gloss}")
        if getattr(out, "whole", False):  # a file or a program: every word of it
            out.print(text)
        else:  # a screen: one row a step, its end cut
            out.print(text, overflow="ellipsis", no_wrap=True, crop=True)
