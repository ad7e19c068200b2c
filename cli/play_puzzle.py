"""`dungeoneer play puzzle-dungeon`: Puzzle Dungeon at the terminal from a seed or a deal code
(as `deal` and `solve` take), the daily puzzle, a random deal the solver wins, or a saved game to
go on with. The game is played like every other (`cli.play.play_position`: the session runner,
the game's table and commands); this command adds the hints of the solver and the sampling
player, and the daily puzzle's share line."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import click

from dungeoneer.cli.daily import issue_daily, share_line
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
    output_path,
    spinner,
)
from dungeoneer.cli.play import play_position
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.protocol import State
from dungeoneer.engine.records import Record, record_for
from dungeoneer.engine.registry import GameEntry, TableCommand
from dungeoneer.generator.deals import Deal, puzzle_position, start_deal, start_of_record

if TYPE_CHECKING:
    from dungeoneer.generator.daily import Daily

HINT_SECONDS = 5.0
"""How long a hint lets the solver look for a winning line from the position."""

WINNABLE_TRIES = 100
"""Random deals `play --winnable` tries before giving up (a Skull face's deal is won within the
budget about one time in three)."""


@dataclass
class Hints:
    """The table commands `hint` (what a strong player who cannot see the deck would play, and
    whether the position can still be won) and `hint solver` (the solver's next step, which sees
    the deck); `given` counts the hints asked for (the daily puzzle's share line tells it)."""

    given: int = 0
    commands: tuple[TableCommand, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.commands = (
            TableCommand("hint", "what a strong player who can't see the deck would play",
                         lambda state, rest: self.hint(state) if not rest else None),
            TableCommand("hint solver", "the solver's next step (it sees the deck)",
                         lambda state, rest: self.hint(state, solver=True)
                         if rest.lower() == "solver" else None))

    def hint(self, state: State, solver: bool = False) -> list[str]:
        """The hint's line."""
        from dungeoneer.generator.sampling import suggest
        from dungeoneer.solver import UNWINNABLE, WON, solve

        self.given += 1
        try:
            answer = solve(puzzle_position(state), seconds=HINT_SECONDS, workers=1)
        except DungeoneerError as exc:
            return [f"[red]no hint: {exc}[/red]"]
        if answer.status == UNWINNABLE:
            return ["No winning line from here: undo some moves, or play on."]
        if solver:
            if answer.status == WON and answer.steps:
                return [f"Hint: {answer.steps[0].action} (the solver's next step, seeing the "
                        f"deck: {len(answer.steps)} steps to a win)."]
            return [f"The solver could not find a winning line in {HINT_SECONDS:g} s."]
        idea = suggest(puzzle_position(state), seed=self.given)
        text = state.action_text(idea.action)
        weighed = (f"it won {idea.wins} of {idea.samples} ways the deck might lie"
                   if idea.samples else "the only sensible move")
        still = {WON: "The position can still be won.",
                 "unknown": f"Could not decide in {HINT_SECONDS:g} s whether the position can "
                            "still be won."}[answer.status]
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
        puzzle: Daily | None = None
        if from_record is not None:
            start = start_of_record(from_record)
            state, to_record = start.state, start.to_record
            banner = f"[bold]{state.game.info.title}[/bold], going on from {from_record}"
        else:
            if daily_date is not None:
                from dungeoneer.generator.daily import parse_date

                day = parse_date(daily_date) if daily_date else dt.date.today()
                puzzle, _ = issue_daily(day, archive_path, out)
                spec: int | str = puzzle.layout_code
            elif winnable:
                spec = spinner(out, "finding a deal the solver wins",
                               lambda: winnable_seed(chosen), quiet=False)
            else:
                picked = deal_spec if deal_spec is not None else seed
                spec = picked if picked is not None else secrets.randbelow(10**9)
            dealt = _dealt(spec, chosen)
            state = dealt.state()
            title = f"[bold]{state.game.info.title}[/bold]"
            banner = (f"{title}, daily puzzle of {puzzle.date}, level {puzzle.level}"
                      if puzzle is not None else f"{title}, deal {dealt.codes()[0]}")
            if winnable:
                banner += ", winnable: the solver won it"

            def to_record(moves: Sequence[str]) -> Record:
                return record_for(dealt.game, dealt.seed, moves, setup=dealt.setup)
        out.print(banner)
        hints = Hints()
        ended, moves = play_position(state, [None], out=out, to_record=to_record,
                                     record_path=record_path, force=force,
                                     commands=hints.commands)
        outcome = ended.outcome()
        if puzzle is not None and outcome is not None and outcome.termination.value == "won":
            out.print(share_line(puzzle, len(moves), hints.given))

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
             "Examples: dungeoneer play puzzle-dungeon pd1.warrior.42 --record game.rec; "
             "dungeoneer play puzzle-dungeon --daily; dungeoneer play puzzle-dungeon --from "
             "game.rec")
