"""`dungeoneer generate`: a batch of winnable, rated Puzzle Dungeon puzzles as JSON lines."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable

import click
from rich.progress import BarColumn, SpinnerColumn, TextColumn

from dungeoneer.cli.options import (
    NAME,
    SCHEDULER,
    SEED,
    Amount,
    PathType,
    batch_progress,
    batch_tally,
    check_lines_placed,
    error_console,
    force_option,
    kept_on_stop,
    lines_kept,
    output_path,
    workers_option,
)
from dungeoneer.engine.executors import Tally
from dungeoneer.engine.files import LinesWriter
from dungeoneer.engine.numbers import plural

MAX_PUZZLES = 100_000
"""Puzzles one `generate` makes at most (a year of dailies is 365)."""


@click.command(short_help="A batch of winnable, rated puzzles as JSON lines.")
@click.option("--count", type=Amount("puzzles", most=MAX_PUZZLES), required=True,
              help="Puzzles to make.")
@click.option("--level", "--rating", "level", type=Amount("levels", least=1, most=5),
              metavar="1-5",
              help="Only puzzles of this level (1 gentle to 5 fiendish).")
@click.option("--hero", type=NAME, default=None,
              help="The hero face (default: the front faces in turn).")
@workers_option(1)
@click.option("--first-seed", type=SEED, default=1, show_default=True,
              help="Candidate i is the deal of this seed plus i.")
@click.option("--max-tries", type=Amount("candidates", most=50 * MAX_PUZZLES),
              help="Candidates to try before giving up (default: 50 per puzzle).")
@click.option("--out", type=PathType(dir_okay=False),
              help="Write the JSON lines to a file (atomically) instead of the screen.")
@force_option("--out")
@SCHEDULER
def generate(count: int, level: int | None, hero: str | None, workers: int, first_seed: int,
             max_tries: int | None, out: str | None, force: bool, scheduler: str | None) -> None:
    """A batch of winnable, rated puzzles as JSON lines (one puzzle per line), made in parallel.

    Example: dungeoneer generate --count 20 --level 3 --workers 2 --out puzzles.jsonl
    """
    from dungeoneer.generator.batch import TRIES_PER_PUZZLE, iter_generate

    output_path(out, force)
    err = error_console()
    limit = max_tries or TRIES_PER_PUZZLE * count
    sink: LinesWriter | None = None
    printed = 0

    def kept() -> str:
        return lines_kept(sink, "puzzle") if out else f"{plural(printed, 'puzzle')} printed."

    with kept_on_stop(kept), contextlib.ExitStack() as stack:
        progress: Callable[[int, int], None] | None = None
        tally: Tally | None = None
        if err.is_terminal:
            bar = stack.enter_context(batch_progress(
                SpinnerColumn(), TextColumn("{task.fields[found]}/{task.total} puzzles"),
                BarColumn(), TextColumn("{task.fields[tried]} candidates tried"), console=err))
            task = bar.add_task("generate", total=count, found=0, tried=0)
            progress = lambda found, tried: bar.update(  # noqa: E731
                task, completed=found, found=found, tried=tried)
            tally = batch_tally(bar, task)

        # Each puzzle is written as it is found: a run stopped half-way keeps what it made.
        sink = stack.enter_context(LinesWriter(out, overwrite=force)) if out else None
        for puzzle in iter_generate(count, level=level, hero=hero, first_seed=first_seed,
                                    workers=workers, max_tries=limit, progress=progress,
                                    scheduler=scheduler, tally=tally):
            line = json.dumps(puzzle, sort_keys=True)
            if sink is not None:
                sink.write_line(line)
            else:
                click.echo(line)
                printed += 1
    if sink is not None:
        check_lines_placed(sink, "puzzle")
        err.print(f"{plural(sink.lines, 'puzzle')} written to {out}.")
