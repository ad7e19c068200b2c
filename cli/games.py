"""The commands for every game: `games`, `play GAME`, `replay FILE` and `simulate GAME`.

`play` and `simulate` have a sub-command per registered game, made from what the game declares
(its options, bots and simulation; `registry.GameEntry`), so each has its own `--help`. The
games are played through the library's session runner (`engine.session`).
"""

from __future__ import annotations

import math
import secrets
import sys
from collections.abc import Callable
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, TextColumn
from rich.table import Table

from dungeoneer.cli import render
from dungeoneer.cli.choosing import Reader, choose
from dungeoneer.cli.keys import keys_possible
from dungeoneer.cli.options import (
    SEED,
    Amount,
    Seconds,
    batch_progress,
    batch_tally,
    console,
    echo_json,
    error_console,
    force_option,
    force_param,
    game_option,
    game_values,
    json_option,
    json_param,
    output_path,
    scheduler_param,
)
from dungeoneer.cli.prompt import TickingPrompt, TimeLeft
from dungeoneer.engine import registry, session
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.executors import MAX_WORKERS, Tally
from dungeoneer.engine.files import write_atomic
from dungeoneer.engine.protocol import (
    Action,
    Bot,
    Game,
    RealTimeState,
    State,
    Termination,
    seat_number,
)
from dungeoneer.engine.records import (
    Move,
    Record,
    Step,
    load_record,
    record_for,
    replay,
    save_record,
    start,
)
from dungeoneer.engine.registry import GameEntry
from dungeoneer.engine.simulate import (
    MAX_GAMES,
    SeatSimulation,
    TeamSimulation,
    simulate,
    simulate_team,
)

# ----------------------------------------------------------------------------- games


@click.command(short_help="The games, their options and Puzzle Dungeon's heroes.")
@json_option
def games(as_json: bool) -> None:
    """The registered games, their options and named lists (Puzzle Dungeon's heroes).

    Example: dungeoneer games
    """
    entries = registry.entries()
    if as_json:
        echo_json([{"name": i.name, "title": i.title, "players": [i.min_players, i.max_players],
                    "hidden_information": i.hidden_information, "real_time": i.real_time,
                    "options": dict(i.options), "setup": dict(i.setup), "summary": i.summary}
                   for i in (entry.info for entry in entries)])
        return
    out = console()
    for entry in entries:
        info = entry.info
        players = (f"{info.min_players}" if info.min_players == info.max_players
                   else f"{info.min_players}-{info.max_players}")
        out.print(f"[bold]{info.name}[/bold]  {info.title}, {players} player(s): {info.summary}")
        for name, text in info.options.items():
            out.print(f"    option {name}: {text}")
        for name, items in (entry.listings() if entry.listings else {}).items():
            out.print(f"    {name}: {', '.join(items)}")
    for name, why in registry.broken().items():
        out.print(f"[bold]{name}[/bold]  could not be loaded: {why}")


class GameCommand(click.Command):
    """A game's sub-command: an option of another game's is refused saying whose it is."""

    def __init__(self, *args: Any, make: Callable[[GameEntry], click.Command | None],
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.make = make

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as exc:
            owners = [entry.name for entry in registry.entries()
                      if self._offers(entry, exc.option_name)]
            if not owners:
                raise
            raise click.UsageError(f"{exc.option_name} is not an option of {self.name} (it is "
                                   f"for {', '.join(owners)})", ctx) from None

    def _offers(self, entry: GameEntry, flag: str) -> bool:
        command = self.make(entry)
        return command is not None and any(
            flag in param.opts for param in command.params if isinstance(param, click.Option))


class GameCommands(click.Group):
    """A group with a sub-command per registered game that `make` builds a command for."""

    def __init__(self, *args: Any, make: Callable[[GameEntry], click.Command | None],
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.make = make

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [entry.name for entry in registry.entries() if self.make(entry) is not None]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        try:
            return self.make(registry.entry(cmd_name))
        except DungeoneerError:
            return None

    def resolve_command(self, ctx: click.Context,
                        args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        command = self.get_command(ctx, name)
        if command is None and not name.startswith("-"):
            broken = registry.broken().get(name)
            if broken is not None:
                raise click.UsageError(f"the game {name!r} is installed but broken: {broken}",
                                       ctx)
            games = ", ".join(self.list_commands(ctx)) or "none"
            raise click.UsageError(f"{self.name} takes a game: {games}; not {name!r}", ctx)
        return super().resolve_command(ctx, args)


# ----------------------------------------------------------------------------- play

MOVE_QUESTION = "Your move (number, notation, or q to stop)"
CODE_QUESTION = "Your move (number, code, notation, or q to stop)"
CODE_HELP = ("[dim]Type a code or its start (1ar: 1 arrow) or notation; (n): asks which; "
             "q: stop[/dim]")
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
                       clock: session.Clock | None = None) -> session.Ask:
    """A person's turn at the terminal: the table (as their seat sees it, if `seats_apart`;
    else all of it), the pending decision, the legal actions, and their answer (None: they
    stop). In a real-time game with a `ticking` prompt (a real terminal) the time left by
    `clock` ticks while they type, and a game's short codes replace the numbered list."""
    def ask(state: State, seat: int) -> Action | None:
        out.print(render.state_view(state, seat=seat if seats_apart else None))
        prompt = state.prompt()
        if prompt:
            out.print(f"[bold]{prompt}[/bold]")
        entry = registry.entry(state.game.info.name)
        codes = entry.shortcuts(state) if entry.shortcuts is not None else None
        if ticking is not None and clock is not None and isinstance(state, RealTimeState):
            read, question, timed = _ticking(ticking, clock, state), "move", True
        else:
            read, question = _read_line(out), CODE_QUESTION if codes else MOVE_QUESTION
            timed = False
        if timed and codes:
            out.print(render.shortcut_list(codes, out.width), end="")
            out.print(CODE_HELP)
        else:
            # A long choice (a Recurring Dream, six seats) in columns keeps the table on screen.
            long = len(state.legal_actions()) > LIST_DOWN
            out.print(render.legal_columns(state, min(out.width, 100)) if long
                      else render.legal_list(state))
        action = choose(state, read, out.print, label=question, shortcuts=codes,
                        numbered=not (timed and codes))
        if action is None:
            out.print("Stopped.")
        return action
    return ask


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
                force: bool) -> None:
    """Show how a game at the terminal ended, and save its record if asked to."""
    outcome = state.outcome()
    if outcome is not None:
        out.print(render.state_view(state))
        out.print(f"[bold]Game over: {outcome.termination.value}[/bold] ({outcome.reason})")
        if outcome.termination is Termination.FINISHED:  # a competitive game: who won
            out.print(winners_line(outcome.winners))
    if record_path:
        result = outcome.termination.value if outcome else "unfinished"
        save_record(record_path, record, comment=f"result: {result}", overwrite=force)
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
    out.print(_banner(game, number, holders))
    play_position(game.new_initial_state(seed=number), seats, out=out,
                  to_record=lambda moves: record_for(game, number, moves),
                  record_path=record_path, force=force, clock=clock)


def play_position(state: State, seats: list[Bot | None], *, out: Console,
                  to_record: Callable[[list[str]], Record], record_path: str | None,
                  force: bool, clock: session.Clock | None = None
                  ) -> tuple[State, tuple[str, ...]]:
    """Play on from `state` at the terminal (people choose, bots play their seats) until the
    game ends or the people stop; then show the end and save the record `to_record(moves)`
    makes, if one was asked for. Returns the last state and the moves played from `state`."""
    entry = registry.entry(state.game.info.name)
    apart = not entry.info.real_time and state.game.players > 1
    ticking = None
    people = any(seat is None for seat in seats)
    if entry.info.real_time and people and keys_possible(sys.stdin) and out.is_terminal:
        # At a real terminal the time left ticks while people type; the prompt's clock is the
        # session's, so what it shows is the reading the action will get.
        ticking = TickingPrompt.at_terminal(out, sys.stdin.fileno())
        clock = clock if clock is not None else session.RealClock()
    running = session.Session(state, seats, ask=person_at_terminal(out, apart, ticking=ticking,
                                                                   clock=clock), clock=clock)

    def show(turn: session.Turn) -> None:
        if turn.note:
            out.print(turn.note)
        who = f"seat {turn.seat + 1} " if apart else ""
        out.print(f"[bold]> {who}{running.shown(turn)}[/bold]")
        for line in turn.log:
            out.print(f"  {line}")

    try:
        running.run(on_turn=show, keep_log=True)
    except KeyboardInterrupt:
        # Ctrl-C while the bots play: the session keeps its state and moves up to date, so the
        # record asked for holds everything played so far.
        out.print("\nStopped.")
    end_of_game(out, running.state, to_record(running.moves), record_path, force)
    return running.state, tuple(running.moves)


def _bot_help(entry: GameEntry) -> str:
    names = ", ".join(entry.bots)
    tuned = _bot_settings_help(entry)
    if entry.info.real_time:
        return (f"A team bot that plays every seat: {names}. Without one, the people at the "
                f"terminal choose every seat's actions.{tuned}")
    return (f"A bot for the next seat: {names} (or human). Give one per seat; seats left over "
            f"are people at the terminal.{tuned}")


def _bot_settings_help(entry: GameEntry) -> str:
    """' Settings: sampling:samples=N,...' for the bots that take settings, else ''."""
    tuned = [f"{name}:{','.join(f'{s.name}=N' for s in settings)}"
             for name, factory in entry.bots.items()
             if (settings := getattr(factory, "SETTINGS", ()))]
    return f" Settings after a colon: {'; '.join(tuned)}." if tuned else ""


MAX_PACE = 3600.0
"""Seconds per action at most (an hour: slower is not a model of play)."""


def _pace_option(entry: GameEntry, people: bool) -> click.Option:
    default = f"; default {entry.default_pace:g}" if entry.default_pace else ""
    more = (" People at the terminal play against the real clock unless this is given."
            if people else "")
    return click.Option(["--pace"], type=Seconds(0.1, MAX_PACE),
                        help=f"Seconds each player takes per action (the team bot's time model"
                             f"{default}).{more}")


PLAY_COMMANDS: dict[str, Callable[[GameEntry], click.Command]] = {}
"""Games whose `play` sub-command is their own, not the one made from their declared options
(cli.puzzles registers one that takes deal codes and the daily puzzle)."""


def play_command(entry: GameEntry) -> click.Command:
    """`play GAME`, with the game's own options."""
    own = PLAY_COMMANDS.get(entry.name)
    if own is not None:
        return own(entry)
    params: list[click.Parameter] = [
        click.Option(["--seed"], type=SEED, help="The deal (default: a random one, printed)."),
        *(game_option(option) for option in entry.options)]
    if entry.bots:
        params.append(click.Option(["--bot", "bots"], multiple=True, help=_bot_help(entry)))
    if entry.info.real_time:
        params.append(_pace_option(entry, people=True))
    params += [click.Option(["--record", "record_path"], type=click.Path(dir_okay=False),
                            help="Save the game as a record here (written when the game ends "
                                 "or you stop)."),
               force_param("record")]

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
    return GameCommand(entry.name, make=play_command, callback=callback, params=params,
                       short_help=f"Play {entry.info.title}.",
                       help=f"Play {entry.info.title} at the terminal, {how}. "
                            f"{entry.info.summary}\n\nExample: {example}")


@click.group(cls=GameCommands, make=play_command, subcommand_metavar="GAME [OPTIONS]",
             short_help="Play a game at the terminal, with bots in any seats.")
def play() -> None:
    """Play a game at the terminal, choosing among the numbered legal actions; bots can take
    seats of the multi-player games, and a team bot can play a real-time game's run.
    `dungeoneer play GAME --help` shows a game's options.

    Examples: dungeoneer play puzzle-dungeon --seed 42 --record my-game.rec;
    dungeoneer play dinky-dungeon --players 3 --bot greedy --bot greedy;
    dungeoneer play five-minute-dungeon --players 4 --bot heuristic
    """


# ----------------------------------------------------------------------------- replay

def write_picture(path: str | None, state: State, force: bool) -> None:
    """Write the SVG picture of a position, if a file was asked for (`GameEntry.picture`)."""
    if path is None:
        return
    entry = registry.entry(state.game.info.name)
    if entry.picture is None:
        raise DungeoneerError(f"--svg: there is no picture of a {entry.info.title} position",
                              file=path)
    write_atomic(path, entry.picture(state), overwrite=force)


def _check_picture(record: Record) -> None:
    """Refuse --svg, before replaying, for a game that has no picture."""
    infos = {info.name: info for info in registry.registered()}
    info = infos.get(record.game_name)
    if info is not None and registry.entry(info.name).picture is None:
        raise click.UsageError(f"--svg: there is no picture of a {info.title} position")


def _line_json(first: State, steps: list[Step]) -> list[dict[str, Any]]:
    """A replayed record's moves as a line of steps (docs/json.md, "line"), each with the line
    of the record it was read from."""
    before = [first, *(step.state for step in steps[:-1])]
    several = first.game.players > 1
    line = []
    for number, (step, asked) in enumerate(zip(steps, before, strict=True), start=1):
        told = {"step": number, "action": step.move.text, "answers": asked.prompt() or None,
                "did": list(step.log), "record_line": step.move.line}
        if several:  # whose turn it was (null: anyone's, in a real-time game)
            told["seat"] = seat_number(asked.current_player())
        line.append(told)
    return line


def finish_with_bots(record: Record, state: State, bot_name: str) -> tuple[State, list[str]]:
    """Play a record's game on from `state` to the end with `bot_name` in every seat (a
    real-time game: the team bot), seeded from the record's seed; the moves they played."""
    seed = int(record.get("seed") or 0)
    count = 1 if state.game.info.real_time else state.game.players
    seats = session.seat_bots(record.game_name, [bot_name] * count, seed)
    ending = session.Session(state, seats).run()
    return ending.state, list(ending.moves)


@click.command(name="replay", short_help="Replay a game record and show how it ends.")
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--step", "stepwise", is_flag=True,
              help="Show every move, what it did and the table after it.")
@click.option("--then", "then_bot",
              help="Finish a record that stops before the end with this bot in every seat (a "
                   "real-time game: a team bot; `dungeoneer play GAME --help` names a game's "
                   "bots).")
@click.option("--out", type=click.Path(dir_okay=False),
              help="With --then: save the finished game as a record here.")
@click.option("--svg", type=click.Path(dir_okay=False), metavar="FILE",
              help="Puzzle Dungeon: draw the position as an SVG picture in FILE (after the "
                   "last move, or after move --at N).")
@click.option("--at", "at_move", type=Amount("moves", least=0), metavar="N",
              help="With --svg: the position after the first N moves (0: the start).")
@force_option("--out or --svg")
@json_option
def replay_command(path: str, stepwise: bool, then_bot: str | None, out: str | None,
                   svg: str | None, at_move: int | None, force: bool, as_json: bool) -> None:
    """Replay a game record of any registered game and show how it ends.

    Stops at the first bad line: the file, the line, what it says, why, and (for an illegal
    action) what was legal there.

    Example: dungeoneer solve 42 --out win.rec && dungeoneer replay win.rec --step
    """
    if out and not then_bot:
        raise click.UsageError("--out goes with --then")
    if at_move is not None and not svg:
        raise click.UsageError("--at goes with --svg")
    output_path(svg, force)
    record = load_record(path)
    if svg:
        _check_picture(record)
    out_path, screen = output_path(out, force), console()
    interactive = stepwise and not as_json and sys.stdin.isatty()

    def show(step: Step) -> None:
        if as_json or not stepwise:
            return
        screen.print(f"[bold]line {step.move.line}: {step.move.text}[/bold]")
        for line in step.log:
            screen.print(f"  {line}")
        screen.print(render.state_view(step.state))
        if interactive:
            click.pause()

    _game, first = start(record)
    state, steps = replay(record, keep_log=stepwise or as_json, on_step=show, first=first)
    if svg:
        chosen = len(steps) if at_move is None else at_move
        if chosen > len(steps):
            raise DungeoneerError(f"--at {chosen}: the record has {len(steps)} moves",
                                  file=path)
        write_picture(svg, steps[chosen - 1].state if chosen else first, force)
    finished: list[str] = []
    if then_bot:
        registry.make_bot(record.game_name, then_bot)  # no bots, or an unknown one: one message
        state, finished = finish_with_bots(record, state, then_bot)
        if out_path:
            done = record.with_moves((*record.moves, *(Move(m) for m in finished)))
            save_record(out_path, done, comment=f"finished by the {then_bot} bot",
                        overwrite=force)
    outcome = state.outcome()
    if as_json:
        echo_json({"game": record.game_name, "file": path, "header": dict(record.header),
                   "moves": len(steps),
                   "line": _line_json(first, steps), "finished_by_bot": finished,
                   "position": state.to_json(),
                   "outcome": outcome.to_json() if outcome else None})
        return
    if not stepwise:
        screen.print(render.state_view(state))
    screen.print(f"{len(steps)} moves replayed.")
    if finished:
        screen.print(f"{len(finished)} more moves by {then_bot}: {'; '.join(finished)}")
    if outcome is None:
        waiting = state.prompt()
        screen.print("The game is not over." + (f" Waiting for: {waiting}" if waiting else ""))
    else:
        screen.print(f"[bold]Game over: {outcome.termination.value}[/bold] ({outcome.reason})")
        if outcome.termination is Termination.FINISHED:  # a competitive game: who won
            screen.print(winners_line(outcome.winners))


# ----------------------------------------------------------------------------- simulate

def _interval(entry: dict) -> str:
    if entry["share"] is None:
        return "no games"
    low, high = entry["wilson95"]
    return f"{entry['share']:.1%} ({low:.1%}-{high:.1%})"


def _with_progress(total: int, job: Callable[[Tally | None], dict], as_json: bool) -> dict:
    """Run a simulation, with a progress bar on a terminal's standard error: games done, and any
    failed and retried."""
    err = error_console()
    if not err.is_terminal or as_json:
        return job(None)
    with batch_progress(TextColumn("simulating"), BarColumn(),
                        TextColumn("{task.completed}/{task.total} games"), console=err) as bar:
        task = bar.add_task("games", total=total)
        return job(batch_tally(bar, task, advance=True))


def _batch_params() -> list[click.Parameter]:
    return [click.Option(["--seed"], type=SEED, default=1, show_default=True,
                         help="Game i uses seed + i."),
            click.Option(["--workers"], type=Amount("processes", most=MAX_WORKERS), default=1,
                         show_default=True, help="Processes; the report does not depend on it."),
            scheduler_param(),
            json_param()]


def _print_seat_simulation(out: Console, report: dict) -> None:
    options = ", ".join(report.get("options", {}).values())
    out.print(f"[bold]{report['games']} games, {report['players']} players"
              f"{', ' + options if options else ''}[/bold]; turns: mean "
              f"{report['turns']['mean']}, {report['turns']['min']}-{report['turns']['max']}. "
              "Win shares with 95% Wilson intervals; a shared win counts for each winner.")
    table = Table("", "win share", "mean score", "games")
    for seat in report["seats"]:
        table.add_row(f"seat {seat['seat']}", _interval(seat), f"{seat['mean_score']:.2f}",
                      str(seat["games"]))
    for name, entry in report["strategies"].items():
        table.add_row(name, _interval(entry), f"{entry['mean_score']:.2f}", str(entry["games"]))
    out.print(table)
    cards = Table("card", "played it: win share", "did not", "difference")
    for name, entry in report["cards"].items():
        cards.add_row(name, _interval(entry["played"]), _interval(entry["not_played"]),
                      "-" if entry["difference"] is None else f"{entry['difference']:+.1%}")
    out.print(cards)


def seat_simulation_command(entry: GameEntry, spec: SeatSimulation) -> click.Command:
    """`simulate GAME` for a competitive game: many games, bots by seat."""
    info = entry.info
    params: list[click.Parameter] = [
        click.Option(["--games"], type=Amount("games", most=MAX_GAMES), default=spec.default_games,
                     show_default=True, help="Games to play."),
        click.Option(["--players"], type=click.IntRange(min=1), default=info.min_players,
                     show_default=True,
                     help=f"Players, {info.min_players} to {info.max_players}."),
        click.Option(["--bot", "bots"], multiple=True,
                     help=f"Bots by seat ({', '.join(entry.bots)}; default {spec.default_bot}), "
                          "repeated to fill the seats; the seating turns one seat per game."
                          f"{_bot_settings_help(entry)}"),
        *(game_option(option) for option in spec.options),
        *_batch_params()]

    def callback(games: int, players: int, bots: tuple[str, ...], seed: int, workers: int,
                 scheduler: str | None, as_json: bool, **values: Any) -> None:
        options = game_values(spec.options, values)
        report = _with_progress(games, lambda tally: simulate(
            entry.name, games, players=players, bots=bots or (spec.default_bot,), seed=seed,
            workers=workers, options=options, tally=tally, scheduler=scheduler), as_json)
        if as_json:
            echo_json({"game": entry.name, **report})
        else:
            _print_seat_simulation(console(), report)

    return GameCommand(
        entry.name, make=simulation_command, callback=callback, params=params,
        short_help=f"Simulate {info.title}.",
        help=f"Play many {info.title} games with bots: per seat and per strategy, win share with "
             "a 95% Wilson interval, mean score, game length, and each card's effect on winning "
             "(the win share of seats that played it against those that did not).\n\n"
             f"Example: dungeoneer simulate {entry.name} --games 2000 --players "
             f"{info.max_players} --bot {spec.default_bot}")


def _print_team_simulation(out: Console, report: dict, spec: TeamSimulation) -> None:
    held = ", ".join(str(report[o.key]) for o in spec.fixed if report.get(o.key))
    out.print(f"[bold]{report['runs']} runs[/bold] by the {report['bot']} team"
              f"{f' ({held})' if held else ''} at {report['pace']:g} s per action per player; "
              f"{report['mean_actions']} actions per run on average. Win shares with 95% Wilson "
              "intervals; time left on wins in seconds.")
    table = Table("", "win share", "runs", "time left: mean", "median", "range")
    rows: list[tuple[str, dict]] = [("all", report["overall"])]
    for sweep in spec.sweeps:
        rows += [(sweep.label.format(value), cell)
                 for value, cell in report[f"by_{sweep.option.key}"].items()]
    for label, cell in rows:
        left = cell["time_left"]
        table.add_row(label, _interval(cell), str(cell["games"]),
                      *((f"{left['mean']:.1f}", f"{left['median']:.1f}",
                         f"{left['min']:.1f}-{left['max']:.1f}") if left["wins"] else
                        ("-", "-", "-")))
    out.print(table)
    ended = Table("lost runs ended by", "runs", "share of losses")
    for kind, cell in report["lost_runs_ended_by"].items():
        ended.add_row(kind, str(cell["runs"]), f"{cell['share_of_losses']:.1%}")
    out.print(ended)


def _grid(spec: TeamSimulation, values: dict[str, Any],
          fixed: dict[str, str]) -> dict[str, tuple[int, ...]]:
    """The values each swept option runs at: as given, or the game's defaults."""
    return {sweep.option.key: tuple(int(v) for v in values.get(sweep.option.key) or ())
            or sweep.values(fixed) for sweep in spec.sweeps}


def team_simulation_command(entry: GameEntry, spec: TeamSimulation) -> click.Command:
    """`simulate GAME` for a cooperative real-time game: timed runs of one team bot."""
    info = entry.info
    if entry.default_pace is None:
        raise ValueError(f"{info.name}: a team simulation needs the entry's default_pace")
    default_pace = entry.default_pace
    params: list[click.Parameter] = [
        click.Option(["--games"], type=Amount("runs", most=MAX_GAMES), default=spec.default_runs,
                     show_default=True, help="Runs for each combination of the swept options."),
        *(game_option(sweep.option, many=True) for sweep in spec.sweeps),
        *(game_option(option) for option in spec.fixed),
        click.Option(["--bot", "bots"], multiple=True,
                     help=f"The team bot that plays every seat ({', '.join(entry.bots)}; "
                          f"default {spec.default_bot}).{_bot_settings_help(entry)}"),
        _pace_option(entry, people=False),
        *_batch_params()]

    def callback(games: int, bots: tuple[str, ...], pace: float | None, seed: int,
                 workers: int, scheduler: str | None, as_json: bool, **values: Any) -> None:
        if len(bots) > 1:
            raise click.UsageError("one team bot plays every seat: give one --bot")
        fixed = game_values(spec.fixed, values)
        grid = _grid(spec, values, fixed)
        cells = math.prod(len(chosen) for chosen in grid.values())
        chosen_pace = pace if pace is not None else default_pace
        report = _with_progress(games * cells, lambda tally: simulate_team(
            entry.name, games, grid=grid, bot=bots[0] if bots else spec.default_bot,
            pace=chosen_pace, seed=seed, workers=workers, fixed=fixed, tally=tally,
            scheduler=scheduler), as_json)
        if as_json:
            echo_json({"game": entry.name, **report})
        else:
            _print_team_simulation(console(), report, spec)

    swept = " and ".join(sweep.option.key for sweep in spec.sweeps)
    return GameCommand(
        entry.name, make=simulation_command, callback=callback, params=params,
        short_help=f"Simulate {info.title}.",
        help=f"Timed {info.title} runs by a team bot for every combination of {swept} asked "
             f"for: win share with 95% Wilson intervals overall and by {swept}, the time left "
             "on wins, and what ended the lost runs.\n\n"
             f"Example: dungeoneer simulate {entry.name} --games 200 --workers 2")


def simulation_command(entry: GameEntry) -> click.Command | None:
    """`simulate GAME`, for a game that declares how it is simulated."""
    if isinstance(entry.simulation, SeatSimulation):
        return seat_simulation_command(entry, entry.simulation)
    if isinstance(entry.simulation, TeamSimulation):
        return team_simulation_command(entry, entry.simulation)
    return None


@click.group(cls=GameCommands, make=simulation_command, subcommand_metavar="GAME [OPTIONS]",
             short_help="Simulate many bot games; figures with 95% intervals.")
def simulate_group() -> None:
    """Play many bot games of a game and report the figures with 95% Wilson intervals.
    `dungeoneer simulate GAME --help` shows a game's options.

    Examples: dungeoneer simulate dinky-dungeon --games 2000 --players 4 --bot greedy --bot
    random; dungeoneer simulate five-minute-dungeon --boss 3 --heroes "Ninja, Wizard, Paladin"
    """
