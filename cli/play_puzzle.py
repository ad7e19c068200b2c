"""`dungeoneer play puzzle-dungeon`: Puzzle Dungeon at the terminal from a seed or a deal code
(as `deal` and `solve` take), the daily puzzle, a random deal the solver wins, or a saved game to
go on with (every move of it still there to take back). The game is played like every other
(`cli.play.play_position`: the session runner, the game's table and commands); this command adds
the hints of the solver and the sampling player, counted apart, and for the daily puzzle its
name on screen and in the record, the play kept in the player's history, and the share block."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console

from dungeoneer.cli.daily import issue_daily
from dungeoneer.cli.games import GameCommand
from dungeoneer.cli.options import (
    ARCHIVE,
    CARDS,
    CORE,
    DEAL,
    HERO,
    RECORD,
    PathType,
    console,
    force_option,
    note_unchecked,
    output_path,
    spinner,
)
from dungeoneer.cli.play import play_position
from dungeoneer.engine.errors import DungeoneerError, RecordError
from dungeoneer.engine.numbers import whole_number
from dungeoneer.engine.protocol import Game, State
from dungeoneer.engine.records import (
    Move,
    Record,
    Step,
    dumps,
    load_record,
    record_for,
    replay,
)
from dungeoneer.engine.records import start as start_of
from dungeoneer.engine.registry import GameEntry, TableCommand
from dungeoneer.generator.deals import (
    Deal,
    deal_name,
    position_seed,
    puzzle_position,
    start_deal,
)

if TYPE_CHECKING:
    from dungeoneer.generator.daily import Daily

HINT_POSITIONS = 40_000
"""How far a hint lets the solver look for a winning line from the position, in positions (the
rating's budget, a few seconds): counted in positions, not seconds, so a hint says the same on a
slow machine and a fast one."""

WINNABLE_TRIES = 100
"""Random deals `play --winnable` tries before giving up (a Skull face's deal is won within the
budget about one time in three)."""


@dataclass
class Help:
    """The help a player took, counted apart: fair hints (the sampling player, which can't see
    the deck), the solver's hints (which see it) and moves taken back."""

    hints: int = 0
    solver_hints: int = 0
    undos: int = 0

    def took_back(self, taken: int) -> None:
        """An `undo` took back `taken` moves (counted once, if it took any)."""
        self.undos += taken > 0

    def header(self) -> tuple[tuple[str, str], ...]:
        """The record header lines that carry the counts to a game gone on with later."""
        return (("hints", str(self.hints)), ("solver-hints", str(self.solver_hints)),
                ("undos", str(self.undos)))


@dataclass
class Hints:
    """The table commands `hint` (what a strong player who cannot see the deck would play, and
    whether the position can still be won) and `hint solver` (the solver's next step, which sees
    the deck), each counted in `used`. The fair hint is the same for the same position of the
    same `puzzle` (its sampling is seeded from both), however often it is asked for."""

    puzzle: str = ""
    used: Help = field(default_factory=Help)
    commands: tuple[TableCommand, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.commands = (
            TableCommand("hint", "what a strong player who can't see the deck would play",
                         lambda state, rest: self.hint(state) if not rest else None),
            TableCommand("hint solver", "the solver's next step (it sees the deck)",
                         lambda state, rest: self.hint(state, solver=True)
                         if rest.lower() == "solver" else None))

    def seed(self, state: State) -> int:
        """The fair hint's sampling seed: the same for the same position of the same puzzle
        (from what the player sees, never the deck's order)."""
        return position_seed(self.puzzle, state)

    def hint(self, state: State, solver: bool = False) -> list[str]:
        """The hint's line."""
        from dungeoneer.generator.sampling import suggest
        from dungeoneer.solver import UNWINNABLE, WON, solve

        if solver:
            self.used.solver_hints += 1
        else:
            self.used.hints += 1
        try:
            answer = solve(puzzle_position(state), seconds=None, states=HINT_POSITIONS,
                           workers=1)
        except DungeoneerError as exc:
            return [f"[red]no hint: {exc}[/red]"]
        if answer.status == UNWINNABLE:
            return ["No winning line from here: undo some moves, or play on."]
        if solver:
            if answer.status == WON and answer.steps:
                return [f"Hint: {answer.steps[0].action} (the solver's next step, seeing the "
                        f"deck: {len(answer.steps)} steps to a win)."]
            return [f"The solver could not find a winning line within {HINT_POSITIONS:,} "
                    "positions."]
        idea = suggest(puzzle_position(state), seed=self.seed(state))
        text = state.action_text(idea.action)
        weighed = (f"it won {idea.wins} of {idea.samples} ways the deck might lie"
                   if idea.samples else "the only sensible move")
        still = {WON: "The position can still be won.",
                 "unknown": f"Could not decide within {HINT_POSITIONS:,} positions whether the "
                            "position can still be won."}[answer.status]
        return [f"Hint: {text} ({weighed}, played out without looking at the deck). {still}"]


def _dealt(spec: int | str, chosen: dict[str, Any]) -> Deal:
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


def play_puzzle_command(entry: GameEntry) -> click.Command:
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
        if from_record is not None:
            begun = _going_on(from_record, archive_path, out)
        elif daily_date is not None:
            from dungeoneer.generator.daily import parse_date, today

            day = parse_date(daily_date) if daily_date else today()
            begun = _daily_begun(issue_daily(day, archive_path, out)[0])
        else:
            if winnable:
                spec: int | str = spinner(out, "finding a deal the solver wins",
                                          lambda: winnable_seed(chosen), quiet=False)
            else:
                picked = deal_spec if deal_spec is not None else seed
                spec = picked if picked is not None else secrets.randbelow(10**9)
            dealt = _dealt(spec, chosen)
            note_unchecked(dealt.note())
            banner = f"[bold]{dealt.game.info.title}[/bold], deal {dealt.codes()[0]}"
            if winnable:
                banner += ", winnable: the solver won it"
            begun = Begun(dealt.state(), banner, _recorder(dealt.game, dealt.seed, dealt.setup),
                          puzzle_key=deal_name(dealt.codes()[0]))
        hints = Hints(puzzle=begun.puzzle_key, used=begun.used)
        puzzle = begun.puzzle

        def daily_ended(ended: State, moves: int) -> None:
            if puzzle is not None:
                _daily_ended(puzzle, ended, moves, begun.used, archive_path, out)

        play_position(begun.state, [None], out=out, opening=begun.banner,
                      to_record=begun.to_record, record_path=record_path, force=force,
                      commands=hints.commands, history=begun.history,
                      on_take_back=begun.used.took_back, on_end=daily_ended)

    params: list[click.Parameter] = [
        click.Argument(["deal_spec"], metavar="[SEED|CODE]", type=DEAL, required=False),
        click.Option(["--seed"], type=DEAL, help="The same as SEED|CODE."),
        click.Option(["--daily", "daily_date"], is_flag=False, flag_value="", default=None,
                     metavar="[DATE]", help="Play the daily puzzle of DATE (YYYY-MM-DD; today "
                     "without one), the one `dungeoneer daily` shows."),
        ARCHIVE.param(),
        click.Option(["--from", "from_record"], type=PathType(dir_okay=False),
                     help="Go on with a game saved as a record."),
        click.Option(["--winnable"], is_flag=True,
                     help="A random deal that can be won: the solver finds a winning line "
                     "before you start (with the hero and options given)."),
        HERO.param(),
        click.Option(["--traps"], help="Traps & Treasures cards attached to the hero as Traps "
                     "after set up, comma-separated."),
        click.Option(["--treasures"], help="Traps & Treasures cards collected as Treasures "
                     "after set up, comma-separated."),
        click.Option(["--extras"], help="Example monsters added to the monster deck "
                     "(Battlesnake, Overseer, Mold Demon), comma-separated."),
        CARDS.param(),
        CORE.param(),
        RECORD.param(),
        force_option("record").param()]
    return GameCommand(
        entry.name, callback=callback, params=params,
        short_help="Play Puzzle Dungeon.",
        help="Play Puzzle Dungeon at the terminal, choosing among the numbered legal actions "
             "or typing them. A seed or a deal code (as `deal` and `solve` take), the daily "
             "puzzle, or a saved game to go on with.\n\n"
             "Examples: dungeoneer play puzzle-dungeon pd1-5.warrior.42 --record game.rec; "
             "dungeoneer play puzzle-dungeon --daily; dungeoneer play puzzle-dungeon --from "
             "game.rec")


# ----------------------------------------------------------------------------- where play begins

@dataclass
class Begun:
    """Where a game at the table begins: the position, the line shown above it, how the moves
    played (those of `history` first) make a record, the moves that led here (the state before
    each and its line: `undo` can take them back), the help already taken, the daily puzzle if it
    is one, and what names the deal (it seeds the fair hints)."""

    state: State
    banner: str
    to_record: Callable[[Sequence[str]], Record]
    history: Sequence[tuple[State, str]] = ()
    used: Help = field(default_factory=Help)
    puzzle: Daily | None = None
    puzzle_key: str = ""


def _recorder(game: Game, seed: int, setup: dict[str, str],
              before: tuple[tuple[str, str], ...] = (),
              after: Callable[[], tuple[tuple[str, str], ...]] = tuple,
              kept: Sequence[Move] = ()) -> Callable[[Sequence[str]], Record]:
    """Moves -> the record of the game from its deal: the game's header with `before` lines
    after `game:` and `after()` lines at the end; the moves that start as `kept` does keep its
    lines (with any chance outcomes written under them)."""
    def to_record(moves: Sequence[str]) -> Record:
        made = record_for(game, seed, moves, setup=setup)
        header = (made.header[0], *before, *made.header[1:], *after())
        same = 0
        while same < min(len(kept), len(moves)) and kept[same].text == moves[same]:
            same += 1
        return Record(header, (*kept[:same], *made.moves[same:]))
    return to_record


def daily_deal(puzzle: Daily) -> Deal:
    """The deal of a daily puzzle, from its seed (so a record names it by seed and hero, never
    by its cards), or from its layout if the shuffles have changed since it was issued."""
    dealt = start_deal(puzzle.code)
    if dealt.codes()[1] != puzzle.layout_code:
        dealt = start_deal(puzzle.layout_code)  # the layout is the puzzle
    return dealt


def _daily_banner(puzzle: Daily, title: str, going_on: str | None = None) -> str:
    from dungeoneer.generator.rating import LEVEL_NAMES

    text = (f"[bold]{title}[/bold], {puzzle.title()}: {puzzle.hero}, level "
            f"{puzzle.level} ({LEVEL_NAMES[puzzle.level]})")
    return text + (f", going on from {going_on}" if going_on else "")


def _daily_begun(puzzle: Daily, used: Help | None = None, going_on: str | None = None,
                 record: Record | None = None, history: Sequence[tuple[State, str]] = (),
                 state: State | None = None) -> Begun:
    """The daily puzzle at its start, or (from a record) where the record stops."""
    dealt = daily_deal(puzzle)
    help_used = used or Help()
    to_record = _recorder(dealt.game, dealt.seed, dealt.setup,
                          before=(("daily", puzzle.date), ("code", str(dealt.given))),
                          after=help_used.header, kept=record.moves if record else ())
    return Begun(state if state is not None else dealt.state(),
                 _daily_banner(puzzle, dealt.game.info.title, going_on), to_record, history,
                 help_used, puzzle, puzzle_key=deal_name(puzzle.code))


def _going_on(path: str, archive_path: str | None, out: Console) -> Begun:
    """Where a saved game stops; every move of it stays on the table's history (for `undo`).
    A daily puzzle's record goes on as the daily puzzle, with the help it counted."""
    record = load_record(path)
    if record.get("daily") is None:
        first = start_of(record)[1]
        reached, steps = replay(record, first=first)
        state = puzzle_position(reached, path)
        history = _history(steps, first)

        def to_record(moves: Sequence[str]) -> Record:
            kept = 0
            while kept < min(len(record.moves), len(moves)) and \
                    record.moves[kept].text == moves[kept]:
                kept += 1
            return record.with_moves((*record.moves[:kept],
                                      *(Move(m) for m in moves[kept:])))
        return Begun(state, f"[bold]{state.game.info.title}[/bold], going on from {path}",
                     to_record, history, puzzle_key=dumps(record.with_moves(())))
    puzzle = _daily_of_record(record, path, archive_path, out)
    first = daily_deal(puzzle).state()
    reached, steps = replay(record, first=first)
    return _daily_begun(puzzle, _help_of_record(record, path), path, record,
                        _history(steps, first), reached)


def _history(steps: Sequence[Step], first: State) -> list[tuple[State, str]]:
    """(the state before each replayed move, its line)."""
    befores = [first, *(step.state for step in steps[:-1])]
    return [(before, step.move.text) for before, step in zip(befores, steps, strict=False)]


def _header_problem(record: Record, path: str, key: str, reason: str) -> DungeoneerError:
    value = record.get(key)
    return RecordError(reason, file=path, line=record.header_lines.get(key),
                       text=None if value is None else f"{key}: {value}")


def _daily_of_record(record: Record, path: str, archive_path: str | None,
                     out: Console) -> Daily:
    """The daily puzzle a record's `daily:` line names, checked against its `code:` line."""
    from dungeoneer.generator.daily import parse_date

    try:
        day = parse_date(record.get("daily") or "")
    except DungeoneerError as exc:
        raise _header_problem(record, path, "daily", exc.reason) from None
    puzzle = issue_daily(day, archive_path, out)[0]
    try:
        # Read first: a typo is said as one (a record written before codes had a check
        # character reads all the same).
        named = deal_name(record.get("code") or "")
    except DungeoneerError as exc:
        raise _header_problem(record, path, "code", exc.reason) from None
    if named not in (deal_name(puzzle.code), deal_name(puzzle.layout_code)):
        raise _header_problem(record, path, "code",
                              f"the daily puzzle of {puzzle.date} is {puzzle.code}, not this "
                              "code: the record is not of that puzzle")
    return puzzle


def _help_of_record(record: Record, path: str) -> Help:
    counts = []
    for key in ("hints", "solver-hints", "undos"):
        written = record.get(key)
        count = 0 if written is None else whole_number(written, least=0, most=10**6)
        if count is None:
            raise _header_problem(record, path, key, f"{key} is a whole number from 0")
        counts.append(count)
    return Help(*counts)


def _daily_ended(puzzle: Daily, ended: State, moves: int, used: Help,
                 archive_path: str | None, out: Console) -> None:
    """After a game of a daily puzzle: keep the play in the history, and at the end of the
    game show the share block and the streak."""
    from dungeoneer.generator.archive import Archive, ArchiveError
    from dungeoneer.generator.daily import today
    from dungeoneer.generator.plays import Play, share_block, stats

    outcome = ended.outcome()
    result = outcome.termination.value if outcome is not None else "unfinished"
    if result not in ("won", "lost"):
        result = "unfinished"
    play = Play(date=puzzle.date, played_on=today().isoformat(), result=result, moves=moves,
                hints=used.hints, solver_hints=used.solver_hints, undos=used.undos)
    if moves == 0 and result == "unfinished":
        return  # nothing played: nothing to keep
    figures = None
    try:
        with Archive(archive_path) as opened:
            opened.add_play(play)
            figures = stats(opened.plays(), today())
    except ArchiveError as exc:
        # The game is over and its record saved: say why the history missed it, and go on.
        out.print(f"[yellow]This play is not kept in your history: {exc}[/yellow]")
    if result == "unfinished":
        return
    out.print()
    out.print(share_block(puzzle, play), markup=False, highlight=False)
    if figures is not None:
        out.print(f"Streak {figures.current_streak} (longest {figures.longest_streak}); "
                  f"played {figures.played}, won {figures.won}: dungeoneer stats")
