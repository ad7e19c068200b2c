"""Options the commands share, defined once: seeds, deals, --json, --force, output files,
--scheduler, the click options made from what a game declares (`registry.Option`), and the
progress bar of a batch command."""

from __future__ import annotations

import json
import math
import os
import sys
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.progress import Progress, ProgressColumn, Task, TaskID, TimeElapsedColumn
from rich.text import Text

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.executors import LOCAL, SCHEDULER_ENV, Tally
from dungeoneer.engine.files import check_writable
from dungeoneer.engine.numbers import shown, whole_number
from dungeoneer.engine.registry import Option
from dungeoneer.engine.rng import MAX_SEED, parse_seed
from dungeoneer.generator.deals import parse_deal

F = TypeVar("F", bound=Callable[..., Any])


def console() -> Console:
    """A console on the current standard output (click's test runner swaps it). Text is wrapped
    to the width at a terminal, or when COLUMNS gives one; piped output otherwise keeps each line
    whole for the program or file that reads it (tables are still drawn 80 wide)."""
    piped = not sys.stdout.isatty() and not os.environ.get("COLUMNS")
    return Console(file=sys.stdout, highlight=False, soft_wrap=piped)


def error_console() -> Console:
    """A console on standard error, for progress bars and notes beside piped output."""
    return Console(file=sys.stderr, highlight=False)


def echo_json(data: Any) -> None:
    """Print JSON for programs."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


class SeedType(click.ParamType):
    """A seed: a whole number from 0 to 2**64 - 1."""

    name = "seed"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        seed = parse_seed(str(value))
        if seed is None:
            self.fail(f"a seed is a whole number from 0 to {MAX_SEED}, not {value!r}", param, ctx)
        return seed


class DealType(click.ParamType):
    """A deal for the solver and the ratings: a seed (with --hero) or a deal code (pd1.rogue.42,
    or the layout form)."""

    name = "deal"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int | str:
        try:
            return parse_deal(str(value))
        except DungeoneerError as exc:
            self.fail(exc.reason, param, ctx)


class WholeNumber(click.ParamType):
    """A whole number, given to a game as its text (the game checks its range)."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value).strip()
        if not (text.isascii() and text.isdigit()) or len(text) > 6:
            self.fail(f"a whole number, not {value!r}", param, ctx)
        return str(int(text))


class Amount(click.ParamType):
    """A whole number of something, from `least` to `most` (click's IntRange says "not a valid
    integer range" of a word, which reads oddly, and reads '²' and 5,000-digit numbers)."""

    name = "integer"

    def __init__(self, unit: str, least: int = 1, most: int = 10**18) -> None:
        self.unit = unit
        self.least = least
        self.most = most

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            # ASCII digits only ('²' is a digit to isdigit), and few enough for int() to take.
            read = whole_number(text, most=10**18)
            number = read if read is not None else self.least - 1
        if not self.least <= number <= self.most:
            bounds = (f"{self.least} or more" if self.most >= 10**18 else
                      f"from {self.least} to {self.most:,}")
            self.fail(f"a whole number of {self.unit}, {bounds}, not {shown(str(value))!r}",
                      param, ctx)
        return number


class Seconds(click.ParamType):
    """A length of time in seconds, a finite number from `least` to `most` (click's FloatRange
    lets 'nan' and 'inf' through: nan fails every comparison, so no range check refuses it)."""

    name = "seconds"

    def __init__(self, least: float, most: float) -> None:
        self.least = least
        self.most = most

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        if isinstance(value, float | int) and not isinstance(value, bool):
            seconds = float(value)
        else:
            try:
                seconds = float(str(value).strip()) if len(str(value)) <= 40 else math.nan
            except ValueError:
                seconds = math.nan
        if not (math.isfinite(seconds) and self.least <= seconds <= self.most):
            self.fail(f"a number of seconds from {self.least:g} to {self.most:g}, not "
                      f"{shown(str(value))!r}", param, ctx)
        return seconds


SEED = SeedType()
DEAL = DealType()

_JSON_HELP = "Print JSON for programs instead of the table."
json_option = click.option("--json", "as_json", is_flag=True, help=_JSON_HELP)


def json_param() -> click.Option:
    """--json, for a command built from parameters."""
    return click.Option(["--json", "as_json"], is_flag=True, help=_JSON_HELP)


def _force_help(what: str) -> str:
    return f"Replace an existing {what} file."


def force_option(what: str) -> Callable[[F], F]:
    """--force: replace an existing output file (a decorator)."""
    return click.option("--force", is_flag=True, help=_force_help(what))


def force_param(what: str) -> click.Option:
    """--force, for a command built from parameters."""
    return click.Option(["--force"], is_flag=True, help=_force_help(what))


def output_path(path: str | None, force: bool) -> str | None:
    """An output file named on the command line, checked before any work is done: its folder
    exists, and it does not (unless --force)."""
    if path is not None:
        check_writable(path, overwrite=force)
    return path


class SchedulerType(click.ParamType):
    """Where a batch runs: 'local' (a Dask LocalCluster here) or a Dask scheduler's address."""

    name = "scheduler"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        text = str(value).strip()
        if text.lower() == LOCAL:
            return LOCAL
        # An address is host:port, optionally after a protocol (tcp://, tls://); a stray space
        # or an empty value is a mistake, not a host.
        if not text or len(text) > 300 or any(c.isspace() for c in text) or ":" not in text:
            self.fail(f"a Dask scheduler's address (tcp://HOST:PORT) or 'local', not "
                      f"{shown(str(value))!r}", param, ctx)
        return text


_SCHEDULER_HELP = (f"Run the jobs on Dask: 'local' for a LocalCluster of --workers processes "
                   f"here, or a scheduler's address (tcp://HOST:8786); default ${SCHEDULER_ENV}, "
                   "else local processes. The results do not depend on it. Needs "
                   "pip install 'dungeoneer[dask]'.")


def scheduler_param() -> click.Option:
    """--scheduler ADDRESS|local (default: $DUNGEONEER_SCHEDULER), for a batch command built from
    parameters."""
    return click.Option(["--scheduler"], type=SchedulerType(), envvar=SCHEDULER_ENV,
                        default=None, metavar="ADDRESS|local", help=_SCHEDULER_HELP)


scheduler_option = click.option("--scheduler", type=SchedulerType(), envvar=SCHEDULER_ENV,
                                default=None, metavar="ADDRESS|local", help=_SCHEDULER_HELP)


def game_option(option: Option, *, many: bool = False) -> click.Option:
    """The click option for a game's declared option (`many`: it may be repeated, a simulation
    running each value)."""
    if option.kind == "flag":
        return click.Option([option.flag, option.key], is_flag=True, help=option.help)
    types: dict[str, click.ParamType] = {"int": WholeNumber(), "text": click.STRING,
                                         "folder": click.Path(file_okay=False)}
    kind = types[option.kind]
    return click.Option([option.flag, option.key], type=kind, multiple=many, help=option.help)


def game_values(options: tuple[Option, ...], values: Mapping[str, Any]) -> dict[str, str]:
    """The game options given on the command line, as option text (a flag given: 'yes')."""
    chosen: dict[str, str] = {}
    for option in options:
        value = values.get(option.key)
        if option.kind == "flag":
            if value:
                chosen[option.key] = "yes"
        elif value is not None:
            chosen[option.key] = str(value)
    return chosen


# ----------------------------------------------------------------------------- batch progress

class LostJobsColumn(ProgressColumn):
    """A batch's jobs lost with their workers, 'failed F, retried R' (the `failed` and `retried`
    fields of the task), once there are any: until then it is empty, to leave the room to the
    other columns."""

    def render(self, task: Task) -> Text:
        """The column's text for `task`."""
        failed, retried = task.fields.get("failed", 0), task.fields.get("retried", 0)
        if not failed and not retried:
            return Text("")
        return Text(f"failed {failed}, retried {retried}", style="yellow")


def batch_progress(*columns: str | ProgressColumn, console: Console) -> Progress:
    """A batch command's progress bar on `console`, gone when it ends: `columns`, then the jobs
    failed and retried (LostJobsColumn) and the time elapsed."""
    return Progress(*columns, LostJobsColumn(), TimeElapsedColumn(), console=console,
                    transient=True)


def batch_tally(bar: Progress, task: TaskID, *, advance: bool = False) -> Tally:
    """A tally for `ordered_map` that shows the jobs failed and retried on `task` of `bar` as
    they are counted, and with `advance` the jobs done as the task's progress too."""

    def show(tally: Tally) -> None:
        bar.update(task, completed=tally.done if advance else None, failed=tally.failed,
                   retried=tally.retried)

    return Tally(on_change=show)
