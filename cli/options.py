"""Options the commands share, each declared once (`Declared`): seeds, deals, --json, --force,
--record, --workers, --scheduler, the puzzle commands' --hero, --cards, --core, --svg, --from,
--deal-file and --archive; the click options made from what a game declares (`registry.Option`);
output files; and the progress shown by long commands (a spinner, a batch's bar)."""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import FrameType
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click
from rich.console import Console, Group
from rich.measure import Measurement
from rich.progress import (
    Progress,
    ProgressColumn,
    SpinnerColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.executors import (
    LOCAL,
    MAX_WORKERS,
    SCHEDULER_ENV,
    Tally,
    scheduler_address,
)
from dungeoneer.engine.files import LinesWriter, check_writable
from dungeoneer.engine.numbers import decimal_number, plural, shown, whole_number
from dungeoneer.engine.registry import Option
from dungeoneer.engine.rng import MAX_SEED, parse_seed
from dungeoneer.generator.codes import read_code
from dungeoneer.generator.deals import parse_deal

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

if TYPE_CHECKING:
    ParamType = click.ParamType[Any]  # generic in the click the type checker reads
else:
    ParamType = click.ParamType  # (older clicks' is not, and can't be subscripted)


class PipedConsole(Console):
    """The console of a command's output. Its reader may go away (`| head -1`): rich's own
    answer is exit status 1, which `solve` documents as a verdict; here the closed pipe reaches
    the command line's one handler instead (`cli.main`: a quiet exit with 141). Output for a file
    or a program (`whole`: not a terminal, no COLUMNS) is whole: a table is drawn as wide as its
    cells need rather than wrapping them, and no line ends in padding spaces."""

    @property
    def whole(self) -> bool:
        """Whether lines are kept whole (a file or a pipe), not fitted to a screen's width."""
        return bool(self.soft_wrap) and not self.is_terminal

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError("the reader of the output went away")

    def print(self, *objects: Any, **options: Any) -> None:
        tables = list(_tables(objects)) if self.whole else []
        if not tables:
            super().print(*objects, **options)
            return
        wide = max(Measurement.get(self, self.options.update(width=10**4), t).maximum
                   for t in tables)
        saved = self._width  # (rich prints no wider than the console, whatever it is asked)
        self.width = max(self.width, wide)
        try:
            super().print(*objects, **options)
        finally:
            self._width = saved

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        text = super()._render_buffer(buffer)
        if not self.whole:
            return text
        lines = text.split("\n")  # (the last is an unfinished line: its spaces may be wanted)
        return "\n".join([line.rstrip(" ") for line in lines[:-1]] + lines[-1:])


def _tables(objects: Iterable[Any]) -> Iterator[Table]:
    """The tables among `objects`, those inside groups too."""
    for item in objects:
        if isinstance(item, Table):
            yield item
        elif isinstance(item, Group):
            yield from _tables(item.renderables)


def console() -> Console:
    """A console on the current standard output (click's test runner swaps it). Text is wrapped
    to the width at a terminal, or when COLUMNS gives one; piped output otherwise keeps each line
    whole for the program or file that reads it (tables are still drawn 80 wide)."""
    piped = not sys.stdout.isatty() and not os.environ.get("COLUMNS")
    return PipedConsole(file=sys.stdout, highlight=False, soft_wrap=piped)


def error_console() -> Console:
    """A console on standard error, for progress bars and notes beside piped output."""
    return Console(file=sys.stderr, highlight=False)


def echo_json(data: Any) -> None:
    """Print JSON for programs."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


class SeedType(ParamType):
    """A seed: a whole number from 0 to 2**64 - 1."""

    name = "seed"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        seed = parse_seed(str(value))
        if seed is None:
            self.fail(f"a seed is a whole number from 0 to {MAX_SEED}, not {value!r}", param, ctx)
        return seed


class DealType(ParamType):
    """A deal for the solver and the ratings: a seed (with --hero) or a deal code (pd1-4.rogue.42,
    or the layout form). A code is read here, before any work: one whose check character does
    not fit is a typo (one error, status 2)."""

    name = "deal"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int | str:
        try:
            deal = parse_deal(str(value))
        except DungeoneerError as exc:
            self.fail(exc.reason, param, ctx)
        if isinstance(deal, str):
            read_code(deal)  # a DealCodeError is one message, as every bad code's is
        return deal


def note_unchecked(note: str | None) -> None:
    """Say on standard error how a deal code without a check character was read (`Deal.note`),
    once the deal it names is known to be dealt."""
    if note:
        click.echo(f"note: {note}", err=True)


class WholeNumber(ParamType):
    """A whole number, given to a game as its text (the game checks its range)."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        number = whole_number(str(value), most=999_999)
        if number is None:
            self.fail(f"a whole number, not {shown(str(value))!r}", param, ctx)
        return str(number)


class Amount(ParamType):
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
            # ASCII digits only ('²' is a digit to isdigit), few enough for int() to take, and
            # nothing around them.
            read = whole_number(str(value), most=10**18)
            number = read if read is not None else self.least - 1
        if not self.least <= number <= self.most:
            bounds = (f"{self.least} or more" if self.most >= 10**18 else
                      f"from {self.least} to {self.most:,}")
            self.fail(f"a whole number of {self.unit}, {bounds}, not {shown(str(value))!r}",
                      param, ctx)
        return number


class Seconds(ParamType):
    """A length of time in seconds, a finite number from `least` to `most` (click's FloatRange
    lets 'nan' and 'inf' through: nan fails every comparison, so no range check refuses it)."""

    name = "seconds"
    unit = "seconds"

    def __init__(self, least: float, most: float) -> None:
        self.least = least
        self.most = most

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        if isinstance(value, float | int) and not isinstance(value, bool):
            number = float(value)
        else:
            # ASCII only: float() reads '٣' and '０.５' too, and spaces around the number.
            read = decimal_number(str(value))
            number = math.nan if read is None else read
        if not (math.isfinite(number) and self.least <= number <= self.most):
            self.fail(f"a number of {self.unit} from {self.least:g} to {self.most:g}, not "
                      f"{shown(str(value))!r}", param, ctx)
        return number


class Points(Seconds):
    """A finite number of percentage points from `least` to `most`."""

    name = "points"
    unit = "points"


class PathType(click.Path):
    """click's Path, with a path the file system refuses to look at (a NUL byte in it) refused
    as bad input, in one message, rather than raised from `os.stat`."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except ValueError as exc:  # 'embedded null byte'
            self.fail(f"{shown(str(value))!r} is not a path: {exc}", param, ctx)


SEED = SeedType()
DEAL = DealType()


class Declared:
    """An option declared once, for both ways a command is made here: as a decorator (`@JSON`)
    and as a parameter of a command built from a list (`JSON.param()`)."""

    def __init__(self, *decls: str, **attrs: Any) -> None:
        self.decls = decls
        self.attrs = attrs

    def __call__(self, command: F) -> F:
        decorated: F = click.option(*self.decls, **self.attrs)(command)
        return decorated

    def param(self) -> click.Option:
        """The option as a parameter."""
        return click.Option(list(self.decls), **self.attrs)


JSON = Declared("--json", "as_json", is_flag=True,
                help="Print JSON for programs instead of the table.")


def force_option(what: str) -> Declared:
    """--force: replace an existing output file (`what` names the option that gives it)."""
    return Declared("--force", is_flag=True, help=f"Replace an existing {what} file.")


RECORD = Declared("--record", "record_path", type=PathType(dir_okay=False),
                  help="Save the game as a record here (written when the game ends or you stop, "
                       "Ctrl-C and end of input included).")


def workers_option(default: int | None, *, when: str = "") -> Declared:
    """--workers N: processes to run in (default `default`; None: the usable cores), never
    changing the output; `when` says when the option counts ('With --from')."""
    told = "the usable cores" if default is None else str(default)
    text = f"processes to run in (default: {told}); the output does not depend on them."
    return Declared("--workers", type=Amount("processes", most=MAX_WORKERS), default=default,
                    metavar="N", help=f"{when}: {text}" if when else text.capitalize())


class NameType(ParamType):
    """A name (a hero's, a card's): text with something in it. An empty --hero would otherwise
    read as no --hero at all, and quietly pick the default."""

    name = "name"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value)
        if not text.strip():
            self.fail(f"a name, not {text!r}", param, ctx)
        return text


NAME = NameType()

HERO = Declared("--hero", type=NAME, default=None,
                help="The hero face to play (default Rogue; see `dungeoneer games`).")
CARDS = Declared("--cards", "cards", type=PathType(file_okay=False),
                 help="A folder of card files that replace the built-in ones.")
CORE = Declared("--core", is_flag=True, help="The core rules: every card ability switched off.")
SVG = Declared("--svg", type=PathType(dir_okay=False), metavar="FILE",
               help="Also draw the position as an SVG picture in FILE (never the solution).")
DEAL_FILE = Declared("--deal-file", type=PathType(dir_okay=False),
                     help="A table laid out by hand (docs/records.md, 'Deal files').")
ARCHIVE = Declared("--archive", "archive_path", type=PathType(dir_okay=False),
                   help="The archive of issued puzzles (default: archive.sqlite3 in the user's "
                        "data folder, under dungeoneer/).")


def from_option(what: str) -> Declared:
    """--from RECORD: start where a (partial) game record stops; `what` is done from there."""
    return Declared("--from", "from_record", type=PathType(dir_okay=False),
                    help=f"{what} from where a (partial) game record stops.")


def output_path(path: str | None, force: bool) -> str | None:
    """An output file named on the command line, checked before any work is done: its folder
    exists, and it does not (unless --force)."""
    if path is not None:
        check_writable(path, overwrite=force)
    return path


class SchedulerType(ParamType):
    """Where a batch runs: 'local' (a Dask LocalCluster here) or a Dask scheduler's address
    (`executors.scheduler_address`). An address from $DUNGEONEER_SCHEDULER is checked only by a
    command that uses it, so a bad one does not break a command that runs no batch."""

    name = "scheduler"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value).strip()
        if text.lower() == LOCAL:
            return LOCAL
        from_environment = (ctx is not None and param is not None and param.name is not None
                            and ctx.get_parameter_source(param.name)
                            is click.core.ParameterSource.ENVIRONMENT)
        if from_environment:
            return text
        try:
            return scheduler_address(text)
        except DungeoneerError as exc:
            self.fail(exc.reason, param, ctx)


SCHEDULER = Declared(
    "--scheduler", type=SchedulerType(), envvar=SCHEDULER_ENV, default=None,
    metavar="ADDRESS|local",
    help=f"Run the jobs on Dask: 'local' for a LocalCluster of --workers processes here, or a "
         f"scheduler's address (tcp://HOST:8786); default ${SCHEDULER_ENV} (unset or empty: "
         "local processes). The results do not depend on it. Needs pip install 'dungeoneer[dask]'.")


def game_option(option: Option, *, many: bool = False) -> click.Option:
    """The click option for a game's declared option (`many`: it may be repeated, a simulation
    running each value)."""
    if option.kind == "flag":
        return click.Option([option.flag, option.key], is_flag=True, help=option.help)
    types: dict[str, ParamType] = {"int": WholeNumber(), "text": click.STRING,
                                         "folder": PathType(file_okay=False)}
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


def refuse_repeated_options(command: click.Command, name: str, args: list[str],
                            parent: click.Context) -> None:
    """Raise a UsageError if `args` give an option of `command` that takes one value twice
    (`--players 2 --players 3`): click would silently keep the last. Flags may be repeated;
    anything else wrong with `args` is left to click's own parsing to report."""
    probe = click.Context(command, parent=parent, info_name=name, resilient_parsing=True)
    try:
        _, _, order = command.make_parser(probe).parse_args(args=list(args))
    except click.ClickException:
        return
    seen: set[str] = set()
    for param in order:
        if not isinstance(param, click.Option) or param.multiple or param.count \
                or param.is_flag or param.name is None:
            continue
        if param.name in seen:
            raise click.UsageError(f"{param.opts[0]} is given more than once; give it once",
                                   probe)
        seen.add(param.name)


# ----------------------------------------------------------------------------- progress

def on_terminal() -> bool:
    """Whether standard output is a terminal (progress is drawn only there)."""
    return sys.stdout.isatty()


def spinner(out: Console, text: str, work: Callable[[], T], quiet: bool) -> T:
    """Do `work`, with a spinner on a terminal unless `quiet`."""
    if quiet or not on_terminal():
        return work()
    with Progress(SpinnerColumn(), TextColumn(text), TimeElapsedColumn(), console=out,
                  transient=True) as bar:
        bar.add_task(text, total=None)
        return work()


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


# ----------------------------------------------------------------------------- stopping

EXIT_INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as shells give it."""

EXIT_TERMINATED = 143
"""The exit status after SIGTERM (128 + SIGTERM)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, so that a command stopped by it ends as on Ctrl-C:
    the line in hand finished, what was made kept and said."""


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated()


def stop_on_sigterm() -> None:
    """Make SIGTERM raise `Terminated` in the main thread (the `dungeoneer` script does it)."""
    signal.signal(signal.SIGTERM, _raise_terminated)


def stopped(stop: KeyboardInterrupt, note: str) -> NoReturn:
    """End a command that Ctrl-C or SIGTERM (`stop`) stopped: print 'Stopped: ' and `note` (what
    was kept, and where) on standard error and exit with 130 or 143."""
    error_console().print(f"Stopped: {note}", soft_wrap=True, markup=False)
    status = EXIT_TERMINATED if isinstance(stop, Terminated) else EXIT_INTERRUPTED
    raise click.exceptions.Exit(status) from None


@contextlib.contextmanager
def kept_on_stop(note: Callable[[], str]) -> Iterator[None]:
    """Run a batch that writes as it goes; if Ctrl-C or SIGTERM stops it, print `note()` (what
    was kept, and where) on standard error and exit with 130 or 143."""
    try:
        yield
    except KeyboardInterrupt as stop:
        stopped(stop, note())


def lines_kept(sink: LinesWriter | None, what: str) -> str:
    """'12 puzzles kept in F.', '1 puzzle kept in F.' (or where they went instead), for a batch
    writing a `what` (one, 'puzzle') a line to `sink`."""
    if sink is None or sink.where is None:
        return f"no {what}s written."
    return f"{plural(sink.lines, what)} kept in {sink.where}."


def check_lines_placed(sink: LinesWriter, what: str) -> None:
    """Raise DungeoneerError if the lines (a `what` each, 'puzzle') went beside the target,
    which appeared while the batch ran: they are all kept, under another name, and the user must
    hear where."""
    if sink.moved:
        are = "is" if sink.lines == 1 else "are"
        raise DungeoneerError(f"{sink.target} appeared while this ran and was left alone; the "
                              f"{plural(sink.lines, what)} {are} in {sink.where} instead",
                              file=str(sink.target))
