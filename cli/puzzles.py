"""The puzzle commands, over the solver and the generator: `deal`, `solve`, `odds`, `rate`,
`daily`, `archive export` and `generate`."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

import click
from rich import box
from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from dungeoneer.cli import render
from dungeoneer.cli.games import (
    PLAY_COMMANDS,
    GameCommand,
    end_of_game,
    play_command,
    write_picture,
)
from dungeoneer.cli.options import (
    DEAL,
    SEED,
    Amount,
    Seconds,
    batch_progress,
    batch_tally,
    console,
    echo_json,
    error_console,
    force_option,
    json_option,
    output_path,
    scheduler_option,
)
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.executors import MAX_WORKERS, Tally
from dungeoneer.engine.files import LinesWriter, write_atomic
from dungeoneer.engine.numbers import whole_number
from dungeoneer.engine.protocol import Action, State
from dungeoneer.engine.records import Move, Record, load_record, record_for, replay, save_record
from dungeoneer.engine.rng import parse_seed
from dungeoneer.generator.deals import (
    GAME_NAME,
    Position,
    abilities_deciding,
    card_texts,
    compact,
    deal_json,
    listed_actions,
    load_deal,
    puzzle_position,
    start_deal,
)

SOLVE_STATUS = {"won": 0, "unwinnable": 1, "unknown": 3}
"""`dungeoneer solve`'s exit status for each answer (2 is bad input, as for every command)."""

MAX_TIME_LIMIT = 7 * 24 * 3600.0
"""A solve's time limit at most: a week (a limit must be a number, and a finite one)."""

MAX_PUZZLES = 100_000
"""Puzzles one `generate` makes at most (a year of dailies is 365)."""

hero_option = click.option("--hero", default=None,
                           help="The hero face to play (default Rogue; see `dungeoneer games`).")
cards_option = click.option("--cards", "cards", type=click.Path(file_okay=False),
                            help="A folder of card files that replace the built-in ones.")
svg_option = click.option("--svg", type=click.Path(dir_okay=False), metavar="FILE",
                          help="Also draw the position as an SVG picture in FILE (never the "
                          "solution).")


core_option = click.option("--core", is_flag=True,
                           help="The core rules: every card ability switched off.")


def from_record_option(what: str) -> Callable[[Any], Any]:
    """--from RECORD: start where a (partial) game record stops; `what` is done from there."""
    return click.option("--from", "from_record", type=click.Path(dir_okay=False),
                        help=f"{what} from where a (partial) game record stops.")


deal_file_option = click.option("--deal-file", type=click.Path(dir_okay=False),
                                help="A table laid out by hand (docs/records.md, 'Deal files').")


def _on_terminal() -> bool:
    """Whether standard output is a terminal (progress is drawn only there)."""
    return sys.stdout.isatty()


def _spinner(out: Console, text: str, work: Callable[[], Any], quiet: bool) -> Any:
    """Do `work`, with a spinner on a terminal unless `quiet`."""
    if quiet or not _on_terminal():
        return work()
    with Progress(SpinnerColumn(), TextColumn(text), TimeElapsedColumn(), console=out,
                  transient=True) as bar:
        bar.add_task(text, total=None)
        return work()


# ----------------------------------------------------------------------------- deal

@click.command(short_help="Deal a Puzzle Dungeon puzzle and draw its table.")
@click.argument("deal_spec", metavar="SEED|CODE", type=DEAL)
@hero_option
@cards_option
@svg_option
@force_option("--svg")
@json_option
def deal(deal_spec: int | str, hero: str | None, cards: str | None, svg: str | None,
         force: bool, as_json: bool) -> None:
    """Deal the Puzzle Dungeon puzzle of SEED (or of a deal CODE such as pd1.rogue.42) and draw
    it as a player would lay it out.

    Columns are drawn back (top) to front (bottom); the arsenal left to right, its front the
    rightmost card; the deck top first.

    Example: dungeoneer deal 42 --hero "Skull Rogue"
    """
    output_path(svg, force)
    dealt = start_deal(deal_spec, hero, cards)
    state = dealt.state()
    codes = dealt.codes()
    write_picture(svg, state, force)
    if as_json:
        echo_json({"deal": deal_json(state, seed=dealt.seed, codes=codes),
                   "position": state.to_json()})
        return
    out = console()
    out.print(f"[bold]{state.game.info.title}[/bold], deal {codes[0]}, hero "
              f"{state.rules.hero.name}")
    out.print(render.state_view(state, reveal=True))
    if state.prompt():
        out.print(state.prompt())


# ----------------------------------------------------------------------------- solve

ToRecord = Callable[[Sequence[str]], Record]


def _check_no_game_options(deal_file: str | None, from_record: str | None, **given: object) -> None:
    """A deal file or a record names its own hero, cards and rules in its header: an option that
    would say otherwise is refused rather than silently ignored."""
    source = "--deal-file" if deal_file is not None else "--from" if from_record is not None \
        else None
    clashing = [name for name, value in given.items() if value]
    if source and clashing:
        options = " and ".join(f"--{name}" for name in clashing)
        raise click.UsageError(f"{options} can't be given with {source}: the file's header says "
                               "which hero, cards and rules it is played with (edit the header "
                               "to change them)")


def _start_position(deal: int | str | None, deal_file: str | None, from_record: str | None,
                    hero: str | None, cards: str | None,
                    core: bool) -> tuple[Position, ToRecord, dict[str, Any]]:
    """The position to solve, a function turning a line into a record that replays it, and the
    deal as programs see it named (`deal_json`)."""
    chosen = [x for x in (deal, deal_file, from_record) if x is not None]
    if len(chosen) != 1:
        raise click.UsageError("give one of SEED, CODE, --deal-file FILE or --from RECORD")
    _check_no_game_options(deal_file, from_record, hero=hero, cards=cards, core=core)
    if deal_file is not None:
        state, header = load_deal(deal_file)
        return state, lambda moves: Record(header.header, tuple(Move(m) for m in moves)), \
            deal_json(state, seed=_header_seed(header), file=deal_file)
    if from_record is not None:
        record = load_record(from_record)
        reached, _steps = replay(record)
        position = puzzle_position(reached, from_record)
        return position, lambda moves: record.with_moves(
            (*record.moves, *(Move(m) for m in moves))), \
            deal_json(position, seed=_header_seed(record), file=from_record)
    assert deal is not None
    dealt = start_deal(deal, hero, cards, core)
    state = dealt.state()
    return state, lambda moves: record_for(dealt.game, dealt.seed, moves,
                                           setup=dealt.setup), \
        deal_json(state, seed=dealt.seed, codes=dealt.codes())


def _header_seed(record: Record) -> int | None:
    """The seed a file's header names (read and checked already when the file was started)."""
    written = record.get("seed")
    return None if written is None else parse_seed(written)


@click.command(short_help="Is the deal winnable? Won (with a line), unwinnable or unknown.")
@click.argument("deal_spec", metavar="[SEED|CODE]", type=DEAL, required=False)
@deal_file_option
@from_record_option("Solve")
@hero_option
@cards_option
@core_option
@click.option("--time-limit", type=Seconds(0, MAX_TIME_LIMIT), default=30.0, show_default=True,
              help="Seconds before the answer is 'unknown'.")
@click.option("--memory", type=Amount("MB"), default=1024, show_default=True,
              metavar="MB", help="Memory for the search's tables, in MB (of 2**20 bytes), shared "
              "by its strategies. When it is used up the search forgets positions and may search "
              "them again: slower, never a wrong answer.")
@click.option("--workers", type=Amount("processes", most=MAX_WORKERS), default=None, metavar="N",
              help="Processes to search in (default: the usable cores). The answer does not "
              "depend on it.")
@click.option("--out", type=click.Path(dir_okay=False),
              help="Save a winning line as a game record that `dungeoneer replay` plays to a win.")
@force_option("--out")
@click.option("--verbose", "-v", is_flag=True,
              help="Tell the winning line with everything each step did.")
@json_option
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

    state, to_record, named = _start_position(deal_spec, deal_file, from_record, hero, cards,
                                              core)
    output_path(out, force)
    screen = console()
    limits: dict[str, Any] = {"seconds": time_limit, "memory": memory * MB,
                              "workers": workers or usable_cores()}
    if as_json or not _on_terminal():
        answer = solve_position(state, **limits)
    else:
        with Progress(SpinnerColumn(), TextColumn("solving: {task.fields[states]:,} positions"),
                      TimeElapsedColumn(), console=screen, transient=True) as bar:
            task = bar.add_task("solve", total=None, states=0)
            answer = solve_position(state, progress=lambda n: bar.update(task, states=n),
                                    **limits)
    if out and answer.status == WON:
        record = to_record([step.action for step in answer.steps])
        save_record(out, record, comment=f"a winning line found by dungeoneer solve "
                    f"({answer.method})", overwrite=force)
    if as_json:
        echo_json({"deal": named, **answer.to_json()})
        _exit_with_answer(answer.status)
        return
    effort = f"{answer.states:,} positions, {answer.seconds:.2f} s"
    if answer.status == WON:
        screen.print(f"[bold]Won[/bold]: a winning line of {len(answer.steps)} steps "
                     f"({answer.method}; {effort}).")
        print_steps(screen, answer.steps, verbose)
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


# ----------------------------------------------------------------------------- rate

ACTION_COLUMN = 30
"""The widest action the short telling lines up (a longer one pushes its gloss right)."""


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
        out.print(text, overflow="ellipsis", no_wrap=True, crop=True)


def _print_rating(out: Console, rating: Any) -> None:
    out.print(f"[bold]Rating {rating.level} ({rating.name})[/bold], score {rating.score:.2f}")
    features = rating.features
    out.print(f"  an eager player wins {features['eager_wins']} of {features['eager_plays']} "
              "games (never seeing the deck)")
    out.print(f"  the solver's first win took {features['solver_positions']:,} positions")
    out.print(f"  its line: {features['line_steps']} steps, {features['line_attacks']} attacks")


@click.command(name="rate", short_help="Rate a deal from 1 (gentle) to 5 (fiendish).")
@click.argument("deal_spec", metavar="[SEED|CODE]", type=DEAL, required=False)
@deal_file_option
@hero_option
@cards_option
@json_option
def rate_command(deal_spec: int | str | None, deal_file: str | None, hero: str | None,
                 cards: str | None, as_json: bool) -> None:
    """Rate a deal from 1 (gentle) to 5 (fiendish), with the features behind the rating. Only a
    deal the solver wins gets a rating (docs/difficulty.md).

    Example: dungeoneer rate pd1.warrior.42
    """
    from dungeoneer.generator.rating import rate

    if (deal_spec is None) == (deal_file is None):
        raise click.UsageError("give one of SEED, CODE or --deal-file FILE")
    state, _, named = _start_position(deal_spec, deal_file, None, hero, cards, False)
    out = console()
    rating = _spinner(out, "solving and rating", lambda: rate(state), as_json)
    if as_json:
        echo_json({"deal": named, "rating": rating.to_json()})
        return
    if rating.level is None:
        why = ("the deal is unwinnable" if rating.status == "unwinnable" else
               "the solver could not decide the deal within its budget")
        out.print(f"[bold]No rating[/bold]: {why} ({rating.answer.reason}).")
        return
    _print_rating(out, rating)


# ----------------------------------------------------------------------------- odds

MAX_PLAYS = 1_000_000
"""Games one `odds` plays at most."""


@click.command(short_help="How often a player who cannot see the deck wins the deal.")
@click.argument("deal_spec", metavar="[SEED|CODE]", type=DEAL, required=False)
@deal_file_option
@from_record_option("The odds")
@hero_option
@cards_option
@core_option
@click.option("--plays", type=Amount("plays", most=MAX_PLAYS), default=400, show_default=True,
              help="Games to play at most.")
@click.option("--within", type=click.FloatRange(0.1, 50), default=5.0, show_default=True,
              metavar="POINTS", help="Stop once the 95% interval is within this many points "
              "either side (a small number plays them all).")
@click.option("--samples", type=Amount("samples", most=1000), default=None, metavar="N",
              help="Fillings of the hidden deck the player weighs at each decision (default 2): "
              "more is stronger and slower.")
@click.option("--candidates", type=Amount("candidates", most=100), default=None, metavar="N",
              help="Options the player weighs at each decision (default 5).")
@click.option("--seed", type=SEED, default=1, show_default=True,
              help="Seeds the player's choices: the same seed, the same figures.")
@click.option("--workers", type=Amount("processes", most=MAX_WORKERS), default=None, metavar="N",
              help="Processes to play in (default: the usable cores). The figures do not depend "
              "on it.")
@click.option("--time-limit", type=Seconds(0, MAX_TIME_LIMIT), default=10.0, show_default=True,
              help="Seconds the solver has for its verdict, shown beside the odds.")
@json_option
def odds(deal_spec: int | str | None, deal_file: str | None, from_record: str | None,
         hero: str | None, cards: str | None, core: bool, plays: int, within: float,
         samples: int | None,
         candidates: int | None, seed: int, workers: int | None, time_limit: float,
         as_json: bool) -> None:
    """How often a player who cannot see the deck wins the deal from here, with a 95% interval,
    beside the solver's verdict (which sees everything). The player fills in the hidden deck a
    few ways at each decision and plays the option that wins most often (docs/difficulty.md,
    "The sampling player").

    Example: dungeoneer odds pd1.rogue.42 --workers 2
    """
    from dungeoneer.generator.sampling import CANDIDATES, SAMPLES, SamplingPlayer, iter_odds
    from dungeoneer.solver import UNWINNABLE, usable_cores
    from dungeoneer.solver import solve as solve_position

    state, _, named = _start_position(deal_spec, deal_file, from_record, hero, cards, core)
    if state.is_terminal():
        ended = state.outcome()
        assert ended is not None
        raise DungeoneerError(f"the game is over ({ended.termination.value}: {ended.reason}): "
                              "there is nothing left to play", file=from_record or deal_file)
    player = SamplingPlayer(samples or SAMPLES, candidates or CANDIDATES)
    out = console()
    quiet = as_json or not _on_terminal()
    verdict = _spinner(out, "the solver's verdict", lambda: solve_position(
        puzzle_position(state), seconds=time_limit), quiet)
    found = None
    if verdict.status != UNWINNABLE:  # no player wins an unwinnable deal: nothing to play
        chances = iter_odds(state, plays, seed=seed, workers=workers or usable_cores(),
                            player=player, precision=within / 100)
        found = _played_with_progress(out, chances, plays, quiet)
    if as_json:
        echo_json({"deal": named, "odds": None if found is None else found.to_json(),
                   "player": player.to_json(),
                   "seed": seed, "solver": {"status": verdict.status, "reason": verdict.reason}})
        return
    out.print(_odds_sentence(found, verdict))


def _played_with_progress(out: Console, chances: Any, plays: int, quiet: bool) -> Any:
    """The last odds of `chances`, with a progress bar on a terminal unless `quiet`."""
    last = None
    if quiet:
        for last in chances:  # noqa: B007 (the last one is the answer)
            pass
        return last
    with Progress(SpinnerColumn(), TextColumn("{task.completed}/{task.total} plays"),
                  BarColumn(), TextColumn("{task.fields[so_far]}"), TimeElapsedColumn(),
                  console=out, transient=True) as bar:
        task = bar.add_task("odds", total=plays, so_far="")
        for last in chances:
            low, high = last.interval
            bar.update(task, completed=last.plays,
                       so_far=f"{last.share:.0%} ({low:.0%}-{high:.0%})")
    return last


def _odds_sentence(found: Any, verdict: Any) -> str:
    """The odds and the solver's verdict, in words."""
    if found is None:
        return f"No player wins this deal. The solver proves it unwinnable: {verdict.reason}."
    solver = {"won": "the solver wins it (seeing the deck)",
              "unwinnable": "the solver proves it unwinnable",
              "unknown": "the solver could not decide it in time"}[verdict.status]
    low, high = found.interval
    return (f"A player who cannot see the deck wins {found.share:.0%} of games "
            f"(95% interval {low:.0%}-{high:.0%}, {found.wins} of {found.plays} plays); "
            f"{solver}.")


# ----------------------------------------------------------------------------- daily puzzles

archive_option = click.option(
    "--archive", "archive_path", type=click.Path(dir_okay=False),
    help="The archive of issued puzzles (default: archive.sqlite3 in the user's data folder, "
         "under dungeoneer/).")


@click.command(short_help="The daily puzzle of a date, the same for everyone.")
@click.argument("date", required=False)
@archive_option
@click.option("--levels", default="1,2,2,3,3,4,5", show_default=True,
              help="The level of each weekday's puzzle, Monday to Sunday (for dates not yet "
                   "issued).")
@click.option("--reveal", is_flag=True, help="Show the winning line too.")
@click.option("--verbose", "-v", is_flag=True,
              help="With --reveal: tell the line with everything each step did.")
@svg_option
@force_option("--svg")
@click.option("--from", "first", metavar="DATE",
              help="With --to: issue every date from this one to --to (both included).")
@click.option("--to", "last", metavar="DATE", help="The last date of a --from range.")
@click.option("--workers", type=Amount("processes", most=MAX_WORKERS), default=1,
              show_default=True, help="With --from: processes to make the puzzles in; the "
              "puzzles do not depend on it.")
@scheduler_option
@json_option
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
    from dungeoneer.generator.daily import parse_date, parse_levels
    from dungeoneer.generator.rating import LEVEL_NAMES

    chosen_levels = parse_levels(levels)
    if first is not None or last is not None:
        if first is None or last is None or date is not None or reveal or svg:
            raise click.UsageError("a range is --from DATE --to DATE, without a DATE, --reveal "
                                   "or --svg")
        _daily_range(parse_date(first), parse_date(last), archive_path, chosen_levels,
                     workers=workers, scheduler=scheduler, as_json=as_json)
        return
    day = parse_date(date) if date else dt.date.today()
    output_path(svg, force)
    out = console()
    puzzle, issued_now = issue_daily(day, archive_path, out, levels=chosen_levels, quiet=as_json)
    state = deal_from_code(puzzle.layout_code)  # the layout, not the generator, is the puzzle
    write_picture(svg, state, force)
    if as_json:
        echo_json({**puzzle.to_json(reveal=reveal), "newly_issued": issued_now})
        return
    out.print(f"[bold]Daily puzzle of {day.isoformat()}[/bold] ({day.strftime('%A')}): "
              f"{puzzle.hero}, level {puzzle.level} ({LEVEL_NAMES[puzzle.level]})")
    out.print(f"Code {puzzle.code}")
    out.print(f"Layout {puzzle.layout_code}")
    out.print(render.state_view(state))
    if reveal:
        from dungeoneer.solver.lines import written_steps

        out.print("[bold]A winning line[/bold]:")
        print_steps(out, written_steps(state, puzzle.line), verbose)


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
    issued: list[tuple[Any, bool]] = []
    with contextlib.ExitStack() as stack:
        opened = stack.enter_context(Archive(archive_path))
        stored = {day: opened.get(day.isoformat()) for day in days}
        missing = [day for day in days if stored[day] is None]
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
            # issue(): if another process stored the date meanwhile, its puzzle is the day's.
            issued.append(opened.issue(day.isoformat(), _made(next(made))))
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


def _made(puzzle: Any) -> Callable[[], Any]:
    """The archive's `make` for a puzzle already made."""
    return lambda: puzzle


@click.group(short_help="The archive of issued daily puzzles.")
def archive() -> None:
    """The archive of issued daily puzzles."""


@archive.command(name="export")
@archive_option
@click.option("--format", "form", type=click.Choice(["json", "csv"]), default="json",
              show_default=True)
@click.option("--out", type=click.Path(dir_okay=False), help="Write to a file (atomically).")
@force_option("--out")
def archive_export(archive_path: str | None, form: str, out: str | None, force: bool) -> None:
    """Every archived puzzle, as JSON or CSV.

    Example: dungeoneer archive export --format csv --out dailies.csv
    """
    from dungeoneer.generator.archive import Archive, default_path

    output_path(out, force)
    path = Path(archive_path) if archive_path else default_path()
    if not path.exists():
        raise DungeoneerError("no archive here yet (`dungeoneer daily` starts one)",
                              file=str(path))
    with Archive(path) as opened:
        text = opened.export(form)
    if out:
        write_atomic(out, text, overwrite=force)
    else:
        click.echo(text, nl=False)


# ----------------------------------------------------------------------------- generate

@click.command(short_help="A batch of winnable, rated puzzles as JSON lines.")
@click.option("--count", type=Amount("puzzles", most=MAX_PUZZLES), required=True,
              help="Puzzles to make.")
@click.option("--level", "--rating", "level", type=click.IntRange(1, 5),
              help="Only puzzles of this level (1 gentle to 5 fiendish).")
@click.option("--hero", default=None, help="The hero face (default: the front faces in turn).")
@click.option("--workers", type=Amount("processes", most=MAX_WORKERS), default=1,
              show_default=True, help="Processes; the puzzles do not depend on it.")
@click.option("--first-seed", type=SEED, default=1, show_default=True,
              help="Candidate i is the deal of this seed plus i.")
@click.option("--max-tries", type=Amount("candidates", most=50 * MAX_PUZZLES),
              help="Candidates to try before giving up (default: 50 per puzzle).")
@click.option("--out", type=click.Path(dir_okay=False),
              help="Write the JSON lines to a file (atomically) instead of the screen.")
@force_option("--out")
@scheduler_option
def generate(count: int, level: int | None, hero: str | None, workers: int, first_seed: int,
             max_tries: int | None, out: str | None, force: bool, scheduler: str | None) -> None:
    """A batch of winnable, rated puzzles as JSON lines (one puzzle per line), made in parallel.

    Example: dungeoneer generate --count 20 --level 3 --workers 2 --out puzzles.jsonl
    """
    from dungeoneer.generator.batch import TRIES_PER_PUZZLE, iter_generate

    output_path(out, force)
    err = error_console()
    limit = max_tries or TRIES_PER_PUZZLE * count
    with contextlib.ExitStack() as stack:
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
    if sink is not None:
        err.print(f"{sink.lines} puzzles written to {out}.")


# ----------------------------------------------------------------------------- play

def issue_daily(day: dt.date, archive_path: str | None, out: Console, *,
                levels: tuple[int, ...] | None = None, quiet: bool = False
                ) -> tuple[Any, bool]:
    """The daily puzzle of `day` and whether this call issued it: from the archive, or made (at
    the weekday's level of `levels`, default the standard ones) and stored there. Another process
    may issue the date meanwhile: then its puzzle is the day's."""
    from dungeoneer.generator.archive import Archive
    from dungeoneer.generator.daily import DEFAULT_LEVELS, make_daily

    chosen = levels or DEFAULT_LEVELS
    with Archive(archive_path) as opened:
        return opened.issue(day.isoformat(), lambda: _spinner(
            out, f"finding the puzzle of {day}", lambda: make_daily(day, levels=chosen), quiet))


def _share_line(puzzle: Any, moves: int, hints: int) -> str:
    """What a player of the daily puzzle may share after a win: nothing of the line itself."""
    from dungeoneer.generator.rating import LEVEL_NAMES

    used = "no hints" if hints == 0 else "1 hint" if hints == 1 else f"{hints} hints"
    return (f"dungeoneer daily {puzzle.date}: {puzzle.hero}, level {puzzle.level} "
            f"({LEVEL_NAMES[puzzle.level]}), won in {moves} moves, {used}")


HINT_SECONDS = 5.0
"""How long `hint` lets the solver look for a winning line from the position."""

TABLE_HELP = """\
Each monster: its name; its type, defense suits and w: weapon suits
(T Torch, C Claw, H Hand, M Mitt). \u25b8 a column's front, \u2654 a Monster King,
* exhausted.
Type a number from the list, or an action as the list writes it. Also:
  undo [N]    take back the last move (or the last N)
  hint        what a strong player who can't see the deck would play
  hint solver the solver's next step (it sees the deck)
  text NAME   the printed text of a card (monster, hero, Trap or Treasure)
  save [FILE] save the record so far (to the --record file without FILE)
  help        this list
  q           stop (the record asked for is saved)"""


class PuzzleTable:
    """A game of Puzzle Dungeon at the terminal: the table, the legal actions and the player's
    answers, with undo, hints and card texts. `moves` are the actions played from the start
    position (what the record gets); `hints` counts the hints asked for."""

    def __init__(self, state: State, out: Console,
                 save: Callable[[str | None, list[str]], str] | None = None) -> None:
        self.start = state
        self.out = out
        self.save = save
        """`save(file or None, moves)` writes the record and returns the file it wrote."""
        self.history: list[tuple[State, str]] = []
        self.hints = 0

    @property
    def state(self) -> State:
        """The current position."""
        return self.history[-1][0] if self.history else self.start

    @property
    def moves(self) -> list[str]:
        """The moves played, as record lines."""
        return [move for _, move in self.history]

    def play(self) -> None:
        """Until the game ends or the player stops (q, end of input, Ctrl-C)."""
        shown = True
        while not self.state.is_terminal():
            if shown:
                self._show()
            try:
                answer = click.prompt("Your move (number, notation, help)",
                                      prompt_suffix="> ").strip()
            except click.Abort:
                self.out.print("\nStopped.")
                return
            if answer.lower() in ("q", "quit"):
                self.out.print("Stopped.")
                return
            shown = self._answer(answer)

    def _show(self) -> None:
        """The compact table (it fits an 80x24 terminal with the choice below it)."""
        state = self.state
        self.out.print(compact(cast(Position, state)))
        if state.prompt():
            self.out.print(f"[bold]{state.prompt()}[/bold]")
        for label, text in abilities_deciding(cast(Position, state)):
            self.out.print(f"  [italic]{label}[/italic]: {text}")
        shown = self._listed()
        self.out.print(render.legal_columns(state, self.out.width, shown), end="")
        if len(shown) < len(state.legal_actions()):
            self.out.print("[dim]Type hand cards in the order to discard them (an ability "
                           "reads the pile).[/dim]")

    def _listed(self) -> list[Action]:
        """The actions the list numbers (each payment once: its other orders are typed)."""
        return listed_actions(cast(Position, self.state))

    def _answer(self, answer: str) -> bool:
        """Act on one answer; whether the table should be shown again."""
        word, _, rest = answer.partition(" ")
        command = word.lower()
        if command == "help":
            self.out.print(TABLE_HELP)
            return False
        if command == "undo":
            return self._undo(rest.strip())
        if command == "hint" and rest.strip().lower() in ("", "solver"):
            self._hint(rest.strip().lower())
            return False
        if command == "text":
            self._text(rest.strip())
            return False
        if command == "save" and self.save is not None:
            try:
                self.out.print(f"Saved to {self.save(rest.strip() or None, self.moves)}.")
            except DungeoneerError as exc:
                self.out.print(f"[red]{exc}[/red]")
            return False
        self._move(answer)
        return True

    def _move(self, answer: str) -> None:
        state = self.state
        legal = self._listed()
        number = whole_number(answer, least=1, most=len(legal)) if legal else None
        try:
            action = legal[number - 1] if number is not None else state.parse_action(answer)
        except DungeoneerError as exc:
            self.out.print(f"[red]{exc}[/red]")
            return
        log: list[str] = []
        after = state.apply(action, log)
        self.history.append((after, state.action_text(action)))
        self.out.print(f"[bold]> {state.action_text(action)}[/bold]")
        for line in log:
            self.out.print(f"  {line}")

    def _undo(self, count_text: str) -> bool:
        count = whole_number(count_text or "1", least=1, most=10**6)
        if count is None:
            self.out.print(f"[red]undo takes a number of moves, not {count_text!r}[/red]")
            return False
        if not self.history:
            self.out.print("Nothing to undo.")
            return False
        taken = min(count, len(self.history))
        del self.history[-taken:]
        self.out.print(f"Took back {taken} move{'s' if taken != 1 else ''}.")
        return True

    def _hint(self, kind: str = "") -> None:
        """`hint`: what a strong player who cannot see the deck would play, and whether the
        position can still be won; `hint solver`: the solver's next step (it sees the deck)."""
        from dungeoneer.generator.sampling import suggest
        from dungeoneer.solver import UNWINNABLE, WON, solve

        self.hints += 1
        try:
            answer = solve(puzzle_position(self.state), seconds=HINT_SECONDS, workers=1)
        except DungeoneerError as exc:
            self.out.print(f"[red]no hint: {exc}[/red]")
            return
        if answer.status == UNWINNABLE:
            self.out.print("No winning line from here: undo some moves, or play on.")
            return
        if kind == "solver":
            if answer.status == WON and answer.steps:
                self.out.print(f"Hint: {answer.steps[0].action} (the solver's next step, "
                               f"seeing the deck: {len(answer.steps)} steps to a win).")
            else:
                self.out.print(f"The solver could not find a winning line in "
                               f"{HINT_SECONDS:g} s.")
            return
        idea = suggest(cast(Position, self.state), seed=self.hints)
        text = self.state.action_text(idea.action)
        weighed = (f"it won {idea.wins} of {idea.samples} ways the deck might lie"
                   if idea.samples else "the only sensible move")
        still = {WON: "The position can still be won.",
                 "unknown": f"Could not decide in {HINT_SECONDS:g} s whether the position can "
                            "still be won."}[answer.status]
        self.out.print(f"Hint: {text} ({weighed}, played out without looking at the deck). "
                       f"{still}")

    def _text(self, name: str) -> None:
        found = card_texts(cast(Position, self.state).rules.cards, name)
        if found is None:
            self.out.print(f"[red]no card called {name!r} has printed text[/red]")
            return
        owner, texts = found
        self.out.print(f"[bold]{owner}[/bold]")
        for face, text in texts:
            self.out.print(f"  {face}: {text}")


WINNABLE_TRIES = 100
"""Random deals `play --winnable` tries before giving up (a Skull face's deal is won within the
budget about one time in three)."""


def _dealt(spec: int | str, chosen: dict[str, Any]) -> Any:
    """The deal of a seed or code with the game options chosen on the command line."""
    return start_deal(spec, chosen.get("hero"), chosen.get("cards"), chosen.get("core") == "yes",
                      traps=chosen.get("traps"), treasures=chosen.get("treasures"),
                      extras=chosen.get("extras"))


def winnable_seed(chosen: dict[str, Any], tries: int = WINNABLE_TRIES) -> int:
    """A random seed whose deal (with the options chosen) the solver wins within the rating's
    budget, in positions; a DungeoneerError after `tries` deals it does not win."""
    from dungeoneer.generator.rating import SOLVE_POSITIONS
    from dungeoneer.solver import WON, solve

    for _ in range(tries):
        seed = secrets.randbelow(10**9)
        answer = solve(_dealt(seed, chosen).state(), seconds=None, states=SOLVE_POSITIONS,
                       workers=1)
        if answer.status == WON:
            return seed
    raise DungeoneerError(f"none of {tries} random deals was won by the solver within its "
                          "budget; try without --winnable, or another hero")


def play_deal_command(entry: Any) -> click.Command:
    """`play puzzle-dungeon`: a seed or a deal code (as `deal` and `solve` take), the daily
    puzzle, or a saved record to go on with; Traps & Treasures and the other game options."""

    def callback(deal_spec: int | str | None, seed: int | str | None,
                 daily_date: str | None, archive_path: str | None, from_record: str | None,
                 winnable: bool, record_path: str | None, force: bool,
                 **options: Any) -> None:
        given = [x for x in (deal_spec, seed, daily_date, from_record) if x is not None]
        if len(given) + winnable > 1:
            raise click.UsageError("give one of SEED|CODE (or --seed), --daily, --from or "
                                   "--winnable")
        chosen = {key: ("yes" if value is True else value) for key, value in options.items()
                  if value not in (None, False)}
        if (daily_date is not None or from_record is not None) and chosen:
            source = "--daily" if daily_date is not None else "--from"
            raise click.UsageError(f"{', '.join('--' + k for k in chosen)} can't be given with "
                                   f"{source}: the puzzle (or the record) says how it is played")
        output_path(record_path, force)
        out = console()
        puzzle = None
        if from_record is not None:
            record = load_record(from_record)
            state, _ = replay(record)
            puzzle_position(state, from_record)
            banner = f"[bold]{state.game.info.title}[/bold], going on from {from_record}"

            def to_record(moves: Sequence[str]) -> Record:
                return record.with_moves((*record.moves, *(Move(m) for m in moves)))
        else:
            if daily_date is not None:
                from dungeoneer.generator.daily import parse_date

                day = parse_date(daily_date) if daily_date else dt.date.today()
                puzzle, _ = issue_daily(day, archive_path, out)
                spec: int | str = puzzle.layout_code
            elif winnable:
                spec = _spinner(out, "finding a deal the solver wins",
                                lambda: winnable_seed(chosen), quiet=False)
            else:
                picked = deal_spec if deal_spec is not None else seed
                spec = picked if picked is not None else secrets.randbelow(10**9)
            dealt = _dealt(spec, chosen)
            state = dealt.state()
            game, number, setup = dealt.game, dealt.seed, dealt.setup
            title = f"[bold]{state.game.info.title}[/bold]"
            banner = (f"{title}, daily puzzle of {puzzle.date}, level {puzzle.level}"
                      if puzzle is not None else f"{title}, deal {dealt.codes()[0]}")
            if winnable:
                banner += ", winnable: the solver won it"

            def to_record(moves: Sequence[str]) -> Record:
                return record_for(game, number, moves, setup=setup)
        out.print(banner)
        written: set[str] = set()  # the files `save` wrote: the --record file may then be rewritten

        def save(path: str | None, moves: list[str]) -> str:
            target = path or record_path
            if target is None:
                raise DungeoneerError("save needs a file: save FILE (or start with --record "
                                      "FILE)")
            # The --record file was checked at the start and is this game's own to rewrite.
            save_record(target, to_record(moves), comment="result: unfinished",
                        overwrite=target == record_path)
            written.add(target)
            return target

        table = PuzzleTable(state, out, save)
        table.play()
        end_of_game(out, table.state, to_record(table.moves), record_path,
                    force or record_path in written)
        outcome = table.state.outcome()
        if puzzle is not None and outcome is not None and outcome.termination.value == "won":
            out.print(_share_line(puzzle, len(table.moves), table.hints))

    params: list[click.Parameter] = [
        click.Argument(["deal_spec"], metavar="[SEED|CODE]", type=DEAL, required=False),
        click.Option(["--seed"], type=DEAL, help="The same as SEED|CODE."),
        click.Option(["--daily", "daily_date"], is_flag=False, flag_value="", default=None,
                     metavar="[DATE]", help="Play the daily puzzle of DATE (YYYY-MM-DD; today "
                     "without one), the one `dungeoneer daily` shows."),
        click.Option(["--archive", "archive_path"], type=click.Path(dir_okay=False),
                     help="The archive of issued puzzles, for --daily."),
        click.Option(["--from", "from_record"], type=click.Path(dir_okay=False),
                     help="Go on with a game saved as a record."),
        click.Option(["--winnable"], is_flag=True,
                     help="A random deal that can be won: the solver finds a winning line "
                     "before you start (with the hero and options given)."),
        click.Option(["--hero"], help="The hero face (default Rogue; see `dungeoneer games`)."),
        click.Option(["--traps"], help="Traps & Treasures cards attached to the hero as Traps "
                     "after set up, comma-separated."),
        click.Option(["--treasures"], help="Traps & Treasures cards collected as Treasures "
                     "after set up, comma-separated."),
        click.Option(["--extras"], help="Example monsters added to the monster deck "
                     "(Battlesnake, Overseer, Mold Demon), comma-separated."),
        click.Option(["--cards"], type=click.Path(file_okay=False),
                     help="A folder of card files that replace the built-in ones."),
        click.Option(["--core"], is_flag=True, help="The core rules: every card ability "
                     "switched off."),
        click.Option(["--record", "record_path"], type=click.Path(dir_okay=False),
                     help="Save the game as a record here (written when the game ends or you "
                     "stop, Ctrl-C and end of input included)."),
        click.Option(["--force"], is_flag=True, help="Replace an existing record file.")]
    return GameCommand(
        entry.name, make=play_command, callback=callback, params=params,
        short_help="Play Puzzle Dungeon.",
        help="Play Puzzle Dungeon at the terminal, choosing among the numbered legal actions "
             "or typing them. A seed or a deal code (as `deal` and `solve` take), the daily "
             "puzzle, or a saved game to go on with.\n\n"
             "Examples: dungeoneer play puzzle-dungeon pd1.warrior.42 --record game.rec; "
             "dungeoneer play puzzle-dungeon --daily; dungeoneer play puzzle-dungeon --from "
             "game.rec")



PLAY_COMMANDS[GAME_NAME] = play_deal_command
