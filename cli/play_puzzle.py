"""`dungeoneer play puzzle-dungeon`: Puzzle Dungeon at the terminal from a seed or a deal code
(as `deal` and `solve` take), the daily puzzle, a random deal the solver wins, or a saved game to
go on with; with undo, card texts and hints from the solver and the sampling player."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Callable, Sequence
from typing import Any, cast

import click
from rich.console import Console

from dungeoneer.cli import render
from dungeoneer.cli.daily import issue_daily, share_line
from dungeoneer.cli.games import GameCommand
from dungeoneer.cli.options import (
    ARCHIVE,
    CARDS,
    CORE,
    DEAL,
    HERO,
    RECORD,
    console,
    force_option,
    output_path,
    spinner,
)
from dungeoneer.cli.play import end_of_game
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.numbers import whole_number
from dungeoneer.engine.protocol import Action, State
from dungeoneer.engine.records import Move, Record, load_record, record_for, replay, save_record
from dungeoneer.engine.registry import GameEntry
from dungeoneer.generator.deals import (
    Position,
    abilities_deciding,
    card_texts,
    compact,
    listed_actions,
    puzzle_position,
    start_deal,
)

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
                spec = spinner(out, "finding a deal the solver wins",
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
            out.print(share_line(puzzle, len(table.moves), table.hints))

    params: list[click.Parameter] = [
        click.Argument(["deal_spec"], metavar="[SEED|CODE]", type=DEAL, required=False),
        click.Option(["--seed"], type=DEAL, help="The same as SEED|CODE."),
        click.Option(["--daily", "daily_date"], is_flag=False, flag_value="", default=None,
                     metavar="[DATE]", help="Play the daily puzzle of DATE (YYYY-MM-DD; today "
                     "without one), the one `dungeoneer daily` shows."),
        ARCHIVE.param(),
        click.Option(["--from", "from_record"], type=click.Path(dir_okay=False),
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
