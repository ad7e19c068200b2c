"""`dungeoneer play GAME`: a game at the terminal, with a sub-command per registered game made
from what it declares (its options, bots, pace; `registry.GameEntry`). People choose among the
legal actions, bots hold the seats given to them, and the game is played through the library's
session runner (`engine.session`)."""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

import click
from rich.console import Console
from rich.markup import escape

from dungeoneer.cli import render
from dungeoneer.cli.choosing import Reader, choose
from dungeoneer.cli.comforts import table_commands
from dungeoneer.cli.commands import TableCommands, taken_back
from dungeoneer.cli.finish import holder_text, result_lines
from dungeoneer.cli.games import GameCommand, GameCommands, MakeCommand
from dungeoneer.cli.hotseat import HotSeat, into_hand, public_lines
from dungeoneer.cli.keys import keys_possible
from dungeoneer.cli.options import (
    RECORD,
    SEED,
    Seconds,
    console,
    force_option,
    game_option,
    game_values,
    output_path,
)
from dungeoneer.cli.prompt import TickingPrompt, TimeLeft
from dungeoneer.engine import registry, session
from dungeoneer.engine.errors import DungeoneerError, SavedBesideError
from dungeoneer.engine.files import check_writable
from dungeoneer.engine.protocol import Action, Bot, Game, RealTimeState, State, Termination
from dungeoneer.engine.records import Record, record_for, save_record
from dungeoneer.engine.registry import GameEntry, TableCommand

MOVE_QUESTION = "Your move (number, notation, help)"
TABLE_QUESTION = "Your move (number, notation, help)"
"""The question at the table of a game with commands (`registry.Terminal`)."""
CODE_QUESTION = "Your move (number, code, notation, help)"
CODE_HELP = ("[dim]Type a code or its start (1ar: 1 arrow) or notation; (n): asks which; "
             "help; q: stop[/dim]")
"""One line under the codes: what to type (a code shared by n actions asks which of them)."""


LIST_DOWN = 8
"""Legal actions listed one a line up to this many; more go in columns."""


def _read_line(out: Console) -> Reader:
    """The line-by-line prompt (not at a terminal: piped input, a test's runner)."""
    def read(label: str, typed: str) -> str | None:
        try:
            answer: str = click.prompt(label, prompt_suffix="> ", default="",
                                       show_default=False)
        except click.Abort:
            # End of input or Ctrl-C: stop as 'q' does, so the record asked for is still saved.
            out.print()
            return None
        return answer
    return read


def person_at_terminal(out: Console, seats_apart: bool, *, ticking: TickingPrompt | None = None,
                       clock: session.Clock | None = None, table: TableCommands | None = None,
                       hotseat: HotSeat | None = None) -> session.Ask:
    """A person's turn at the terminal: the table (as their seat sees it, if `seats_apart`;
    else all of it), the pending decision, the legal actions, and their answer (None: they
    stop), or one of the `table`'s commands (`help` lists them). In a real-time game with a
    `ticking` prompt (a real terminal) the time left by `clock` ticks while they type, and a
    game's short codes replace the numbered list. With a `hotseat`, the terminal is handed over
    first when another person chose last."""
    def ask(state: State, seat: int) -> Action | session.TakeBack | None:
        if hotseat is not None and not hotseat.take_seat(seat):
            out.print("Stopped.")
            return None
        entry = registry.entry(state.game.info.name)
        codes = entry.shortcuts(state) if entry.shortcuts is not None else None
        timed = ticking is not None and clock is not None and isinstance(state, RealTimeState)
        # One clock on screen: where the prompt's line ticks, the table leaves its own out.
        out.print(render.state_view(state, seat=seat if seats_apart else None, live=timed))
        prompt = state.prompt()
        if prompt:
            out.print(f"[bold]{prompt}[/bold]")
        if timed:
            assert ticking is not None and clock is not None
            read, question = _ticking(ticking, clock, cast(RealTimeState, state)), "move"
        else:
            read, question = _read_line(out), CODE_QUESTION if codes else MOVE_QUESTION
        if timed and codes:
            out.print(render.shortcut_list(codes, out.width), end="")
            out.print(CODE_HELP)
        else:
            # A long choice (a Recurring Dream, six seats) in columns keeps the table on screen.
            long = len(state.legal_actions()) > LIST_DOWN
            out.print(render.legal_columns(state, min(out.width, 100)) if long
                      else render.legal_list(state))
        command = None if table is None else \
            (lambda typed: table.answer(state, typed, out.print))
        action = choose(state, read, out.print, label=question, shortcuts=codes,
                        numbered=not (timed and codes), command=command)
        if action is None:
            out.print("Stopped.")
        return action
    return ask


def person_at_table(out: Console, table: TableCommands) -> session.Ask:
    """A person's turn at the table of a game with a `Terminal`: its table and the choice (what
    it is about, the legal actions the game lists, in columns), drawn again only when the
    position changed; the answer is a number, the notation or one of the table's commands
    (`help` lists them), and `undo` takes moves back (None: they stop)."""
    terminal = table.terminal
    drawn: list[State] = []

    def ask(state: State, seat: int) -> Action | session.TakeBack | None:
        listed = terminal.listed(state)
        if not drawn or drawn[0] is not state:
            drawn[:] = [state]
            out.print(terminal.table(state))
            if state.prompt():
                out.print(f"[bold]{state.prompt()}[/bold]")
            for label, text in terminal.about(state):
                out.print(f"  [italic]{label}[/italic]: {text}")
            out.print(render.legal_columns(state, out.width, listed), end="")
            if len(listed) < len(state.legal_actions()) and terminal.unlisted:
                out.print(f"[dim]{terminal.unlisted}[/dim]")
        chosen = choose(state, _read_line(out), out.print, label=TABLE_QUESTION, listed=listed,
                        command=lambda typed: table.answer(state, typed, out.print),
                        explain=terminal.explain)
        if chosen is None:
            out.print("Stopped.")
        return chosen
    return ask


def movers(running: session.Session) -> list[tuple[int, bool]]:
    """Each move played so far: the seat that made it and whether a person did."""
    return [(before.current_player(), running.seats[0 if running.real_time else
                                                      before.current_player()] is None)
            for before in running.before]


def _ticking(ticking: TickingPrompt, clock: session.Clock, state: RealTimeState) -> Reader:
    """The ticking prompt's reader for `state`: the time left is the time limit less the
    reading `clock` gives the action being chosen, the reading the session will give it."""
    limit = state.game.info.time_limit or 0

    def left() -> TimeLeft:
        return TimeLeft(limit - clock.reading(state), state.paused)

    return lambda label, typed: ticking.read(label, typed, left)


def _holders(entry: GameEntry, game: Game, bots: tuple[str, ...]) -> list[str | None]:
    """Who holds each seat: a bot's name, or None for a person at the terminal."""
    if entry.info.real_time:
        if len(bots) > 1 or "human" in bots:
            raise click.UsageError(f"in {entry.info.title} one team bot plays every seat: give "
                                   f"one --bot ({', '.join(entry.bots)}), or none to play "
                                   "yourselves")
        return [bots[0] if bots else None]
    if len(bots) > game.players:
        raise click.UsageError(f"{len(bots)} bots for {game.players} seats")
    return [None if name == "human" else name for name in bots] + \
        [None] * (game.players - len(bots))


def _banner(game: Game, seed: int, holders: list[str | None]) -> str:
    """The first line of a game at the terminal: the game, its seed and options, who plays."""
    text = f"[bold]{game.info.title}[/bold], seed {seed}"
    if game.players > 1:
        text += f", {game.players} players"
    options = "; ".join(f"{k}: {v}" for k, v in game.options().items() if k != "players")
    if options:
        text += f" ({options})"
    if game.info.real_time:
        return text + (f": played by the {holders[0]} team" if holders[0] else "")
    if len(holders) > 1:
        text += ": " + ", ".join(f"seat {i + 1} {name or 'you'}"
                                 for i, name in enumerate(holders))
    return text


def winners_line(winners: tuple[int, ...]) -> str:
    """Who won a game of several players, seats numbered from 1 as everywhere on screen."""
    if not winners:
        return "Nobody won."
    seats = [f"seat {seat + 1}" for seat in winners]
    if len(seats) == 1:
        return f"The winner: {seats[0]}."
    return f"The winners: {', '.join(seats[:-1])} and {seats[-1]}."


def end_of_game(out: Console, state: State, record: Record, record_path: str | None,
                force: bool, holders: Sequence[str], asked: str | None = None) -> None:
    """Show how a game at the terminal ended, and save its record if asked to, opening with
    the result, the winners, the scores and who held each seat (`holders`, `finish.holder_text`)
    as comment lines. `asked`: the --record name, when the record is saved beside it (a file
    appeared there meanwhile); the end then says so, and the command exits with status 2."""
    # Saved before anything is shown: a reader of the output that goes away meanwhile
    # (`| head`) must not cost the game.
    moved: SavedBesideError | None = None
    if record_path:
        try:
            save_record(record_path, record, comment="\n".join(result_lines(state, holders)),
                        overwrite=force)
        except SavedBesideError as beside:
            moved = beside
    if asked is not None and record_path is not None and asked != record_path:
        moved = SavedBesideError(asked, record_path)
    outcome = state.outcome()
    if outcome is not None:
        out.print(render.state_view(state))
        out.print(f"[bold]Game over: {outcome.termination.value}[/bold] ({outcome.reason})")
        if outcome.termination is Termination.FINISHED:  # a competitive game: who won
            out.print(winners_line(outcome.winners))
    if moved is not None:
        raise moved
    if record_path:
        out.print(f"Record saved to {record_path}.")


def play_game(entry: GameEntry, seed: int | None, bots: tuple[str, ...], pace: float | None,
              record_path: str | None, force: bool, options: dict[str, str]) -> None:
    """A game at the terminal: people choose among the numbered legal actions, bots hold the
    seats given to them (a real-time game: a team bot plays every seat, or the people do)."""
    output_path(record_path, force)
    number = seed if seed is not None else secrets.randbelow(10**9)
    game = registry.get_game(entry.name, options)
    holders = _holders(entry, game, bots)
    settings = {"pace": pace} if pace is not None else {}
    seats = session.seat_bots(entry.name, holders, number, **settings)
    clock = session.FixedPace(pace) if pace is not None else None
    out = console()
    play_position(game.new_initial_state(seed=number), seats, out=out,
                  opening=_banner(game, number, holders),
                  to_record=lambda moves: record_for(game, number, moves),
                  record_path=record_path, force=force, clock=clock,
                  holders=[holder_text(name, _pace(entry, pace)) for name in holders])


def _pace(entry: GameEntry, pace: float | None) -> float | None:
    """A real-time game's team bot's seconds per action (the game's default if none is given);
    None in a turn-based game."""
    if not entry.info.real_time:
        return None
    return pace if pace is not None else entry.default_pace


def play_position(state: State, seats: list[Bot | None], *, out: Console, opening: str,
                  to_record: Callable[[list[str]], Record], record_path: str | None,
                  force: bool, clock: session.Clock | None = None,
                  commands: Sequence[TableCommand] = (),
                  history: Sequence[tuple[State, str]] = (),
                  on_take_back: Callable[[int], None] | None = None,
                  holders: Sequence[str] | None = None,
                  on_end: Callable[[State, int], None] | None = None
                  ) -> tuple[State, tuple[str, ...]]:
    """Play on from `state` at the terminal (people choose, bots play their seats) until the
    game ends or the people stop, `opening` shown first; then show the end and save the record
    `to_record(moves)` makes, if one was asked for (even when the reader of the output goes
    away). A game with a `Terminal` has its table and commands, and `commands` more. `history`:
    the moves that led to `state` (the state before each, and its record line), which count as
    played here, so `undo` can take them back too; `on_take_back`
    hears how many moves each `undo` took back. `holders` says who holds each seat, for the
    record (default: people). `on_end` hears the last state and the number of moves once the
    end is shown, even when saving the record fails or puts it beside another file. Returns the
    last state and the moves played (those of `history` first)."""
    entry = registry.entry(state.game.info.name)
    held = list(holders) if holders is not None else [holder_text(None)] * len(seats)
    apart = not entry.info.real_time and state.game.players > 1
    written: set[str] = set()  # the files `save` wrote: the record file may then be rewritten
    # Where the record is saved: the --record name, or the name beside it (NAME-1.EXT) once a
    # file that appeared at that name meanwhile was left alone; later saves and the end go there.
    kept_in = record_path

    def save(path: str | None) -> str:
        nonlocal kept_in
        target = path or record_path
        if target is None:
            raise DungeoneerError("save needs a file: save FILE (or start with --record FILE)")
        comment = "\n".join(result_lines(running.state, held))
        if kept_in is None or target not in (record_path, kept_in):
            # Another file is checked now, so that an existing one is refused and the game
            # goes on; one that appears between the check and the write is left alone too.
            check_writable(target, remedy="save under another name (save FILE)")
            save_record(target, to_record(running.moves), comment=comment)
            written.add(target)
            return target
        # The game's own record file was checked at the start. It is rewritten once this game
        # wrote it (or with --force); a file that appeared at its name meanwhile is never
        # replaced: the record goes beside it, and the error says where.
        check_writable(kept_in, overwrite=True)
        try:
            save_record(kept_in, to_record(running.moves), comment=comment,
                        overwrite=force or kept_in in written)
        except SavedBesideError as moved:
            kept_in = moved.beside
            written.add(kept_in)
            raise
        written.add(kept_in)
        return kept_in

    hotseat: HotSeat | None = None
    if entry.terminal is not None:
        ask = person_at_table(out, TableCommands(entry.terminal(), commands, save))
    else:
        ticking = None
        people = any(seat is None for seat in seats)
        if entry.info.real_time and people and keys_possible(sys.stdin) and out.is_terminal:
            # At a real terminal the time left ticks while people type; the prompt's clock is
            # the session's, so what it shows is the reading the action will get.
            ticking = TickingPrompt.at_terminal(out, sys.stdin.fileno())
            clock = clock if clock is not None else session.RealClock()
        hotseat = HotSeat(out, frozenset(i for i, bot in enumerate(seats) if bot is None),
                          private=out.is_terminal and sys.stdin.isatty()) if apart else None
        table = table_commands(entry, save, moves=lambda: len(running.moves),
                               movers=lambda: movers(running))
        ask = person_at_terminal(out, apart, ticking=ticking, clock=clock, table=table,
                                 hotseat=hotseat)
    running = session.Session(state, seats, ask=ask, clock=clock)
    running.before[:] = [before for before, _text in history]
    running.moves[:] = [text for _before, text in history]

    def show(turn: session.Turn) -> None:
        if turn.note:
            out.print(turn.note)
        who = f"seat {turn.seat + 1} " if apart else ""
        shown = running.shown(turn)
        if shown == turn.text():
            out.print(f"[bold]> {who}{escape(shown)}[/bold]")
        else:  # a bot's hidden choice, in words: no notation to type back
            out.print(f"[bold]> {who}[/bold][italic]{escape(shown)}[/italic] (hidden)")
        for line in turn.log:
            out.print(f"  {line}")
        gained = into_hand(turn.before, turn.after, turn.seat) if apart and turn.by_person else []
        if gained:  # (the log names no hidden card: this is for the mover's eyes)
            out.print(f"  [italic]Into your hand: {escape(', '.join(gained))}[/italic]")
        if hotseat is not None:
            hotseat.heard(turn.seat, public_lines(turn, who))

    def took_back(taken: int) -> None:
        out.print(taken_back(taken))
        if hotseat is not None and taken:
            seat = running.state.current_player()
            hotseat.heard(seat, [f"seat {seat + 1} took back {taken} move(s)"])
        if on_take_back is not None:
            on_take_back(taken)

    try:
        out.print(opening)
        running.run(on_turn=show, keep_log=True, on_take_back=took_back)
    except KeyboardInterrupt:
        # Ctrl-C while the bots play: the session keeps its state and moves up to date, so the
        # record asked for holds everything played so far.
        out.print("\nStopped.")
    except BrokenPipeError:
        # The reader of the output went away (`| head -1`): the game stops there, quietly, but
        # the record asked for still holds everything played so far.
        if kept_in:
            save_record(kept_in, to_record(running.moves),
                        comment="\n".join(result_lines(running.state, held)),
                        overwrite=force or kept_in in written)
        raise
    try:
        end_of_game(out, running.state, to_record(running.moves), kept_in,
                    force or kept_in in written, held, asked=record_path)
    finally:
        if on_end is not None:  # (what the game adds, kept even if the record went elsewhere)
            on_end(running.state, len(running.moves))
    return running.state, tuple(running.moves)


def _bot_help(entry: GameEntry) -> str:
    names = ", ".join(entry.bots)
    tuned = bot_settings_help(entry)
    if entry.info.real_time:
        return (f"A team bot that plays every seat: {names}. Without one, the people at the "
                f"terminal choose every seat's actions.{tuned}")
    return (f"A bot for the next seat: {names} (or human). Give one per seat; seats left over "
            f"are people at the terminal.{tuned}")


def bot_settings_help(entry: GameEntry) -> str:
    """' Settings: sampling:samples=N,...' for the bots that take settings, else ''."""
    tuned = [f"{name}:{','.join(f'{s.name}=N' for s in settings)}"
             for name, factory in entry.bots.items()
             if (settings := getattr(factory, "SETTINGS", ()))]
    return f" Settings after a colon: {'; '.join(tuned)}." if tuned else ""


MAX_PACE = 3600.0
"""Seconds per action at most (an hour: slower is not a model of play)."""


def pace_option(entry: GameEntry, people: bool) -> click.Option:
    default = f"; default {entry.default_pace:g}" if entry.default_pace else ""
    more = (" People at the terminal play against the real clock unless this is given."
            if people else "")
    return click.Option(["--pace"], type=Seconds(0.1, MAX_PACE),
                        help=f"Seconds each player takes per action (the team bot's time model"
                             f"{default}).{more}")


def play_command(entry: GameEntry) -> click.Command:
    """`play GAME`, with the game's own options."""
    params: list[click.Parameter] = [
        click.Option(["--seed"], type=SEED, help="The deal (default: a random one, printed)."),
        *(game_option(option) for option in entry.options)]
    if entry.bots:
        params.append(click.Option(["--bot", "bots"], multiple=True, help=_bot_help(entry)))
    if entry.info.real_time:
        params.append(pace_option(entry, people=True))
    params += [RECORD.param(), force_option("record").param()]

    def callback(seed: int | None, record_path: str | None, force: bool,
                 bots: tuple[str, ...] = (), pace: float | None = None, **values: Any) -> None:
        play_game(entry, seed, bots, pace, record_path, force,
                  game_values(entry.options, values))

    example = f"dungeoneer play {entry.name} --seed 42 --record my-game.rec"
    if entry.bots and not entry.info.real_time:
        example += f"; dungeoneer play {entry.name} --bot human --bot {next(iter(entry.bots))}"
    elif entry.bots:
        example += f"; dungeoneer play {entry.name} --bot {entry.default_bot}"
    how = "choosing among the numbered legal actions"
    if entry.shortcuts is not None:
        how = ("choosing by the short codes the list shows (any unique start will do) or in "
               "the notation (piped input: by number too)")
    if entry.info.real_time:
        how += "; at a real terminal the time left ticks while you type"
    return GameCommand(entry.name, callback=callback, params=params,
                       short_help=f"Play {entry.info.title}.",
                       help=f"Play {entry.info.title} at the terminal, {how}. "
                            f"{entry.info.summary}\n\nExample: {example}")


def play_group(own: Mapping[str, MakeCommand]) -> click.Group:
    """The `play` group: each game's sub-command made from what it declares (`play_command`),
    or by its own maker in `own` (by game name)."""

    def make(entry: GameEntry) -> click.Command | None:
        return own.get(entry.name, play_command)(entry)

    @click.group(name="play", cls=GameCommands, make=make, subcommand_metavar="GAME [OPTIONS]",
                 short_help="Play a game at the terminal, with bots in any seats.")
    def play() -> None:
        """Play a game at the terminal, choosing among the numbered legal actions; bots can take
        seats of the multi-player games, and a team bot can play a real-time game's run.
        `dungeoneer play GAME --help` shows a game's options.

        Examples: dungeoneer play puzzle-dungeon --seed 42 --record my-game.rec;
        dungeoneer play dinky-dungeon --players 3 --bot greedy --bot greedy;
        dungeoneer play five-minute-dungeon --players 4 --bot heuristic
        """

    return play
