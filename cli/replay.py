"""`dungeoneer replay`: a game record of any registered game played back, stopping at the first
bad line; a record that stops before the end can be finished by bots."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from dungeoneer.cli import render
from dungeoneer.cli.finish import finish_lines, holder_text, result_lines
from dungeoneer.cli.options import (
    JSON,
    Amount,
    PathType,
    console,
    echo_json,
    force_option,
    on_terminal,
    output_path,
    stopped,
)
from dungeoneer.cli.play import winners_line
from dungeoneer.cli.render import record_caption
from dungeoneer.cli.viewer import view_at_terminal
from dungeoneer.engine import registry, session
from dungeoneer.engine.errors import DungeoneerError, SavedBesideError
from dungeoneer.engine.numbers import plural
from dungeoneer.engine.protocol import State, Termination, seat_number
from dungeoneer.engine.records import Move, Record, Step, load_record, replay, save_record, start


def _check_picture(record: Record) -> None:
    """Refuse --svg, before replaying, for a game that has no picture."""
    infos = {info.name: info for info in registry.registered()}
    info = infos.get(record.game_name)
    if info is not None and registry.entry(info.name).picture is None:
        raise click.UsageError(f"--svg: there is no picture of a {info.title} position")


def _line_json(first: State, steps: list[Step]) -> list[dict[str, Any]]:
    """A replayed record's moves as a line of steps (docs/json.md, "line"), each with the line
    of the record it was read from."""
    before = [first, *(step.state for step in steps)][:len(steps)]  # no moves: no line
    several = first.game.players > 1
    line = []
    for number, (step, asked) in enumerate(zip(steps, before, strict=True), start=1):
        told = {"step": number, "action": step.move.text, "answers": asked.prompt() or None,
                "did": list(step.log), "record_line": step.move.line}
        if several:  # whose turn it was (null: anyone's, in a real-time game)
            told["seat"] = seat_number(asked.current_player())
        line.append(told)
    return line


def bots_in_every_seat(record: Record, state: State, bot_name: str) -> session.Session:
    """A session that plays a record's game on from `state` with `bot_name` in every seat (a
    real-time game: the team bot), seeded from the record's seed."""
    seed = int(record.get("seed") or 0)
    count = 1 if state.game.info.real_time else state.game.players
    return session.Session(state, session.seat_bots(record.game_name, [bot_name] * count, seed))


def finish_with_bots(playing: session.Session, on_turn: Callable[[int], None] | None = None,
                     ) -> tuple[State, list[str], list[session.Turn]]:
    """Play `playing` (`bots_in_every_seat`) to the end: the last state, the moves the bots
    played, and each as a `Turn` (its seat). `on_turn` hears the count of moves played after
    each. Stopped (Ctrl-C, SIGTERM), the session holds the moves played so far."""
    turns: list[session.Turn] = []

    def heard(turn: session.Turn) -> None:
        turns.append(turn)
        if on_turn is not None:
            on_turn(len(turns))

    ending = playing.run(on_turn=heard)
    return ending.state, list(ending.moves), turns


def finish_showing_progress(playing: session.Session, bot_name: str, screen: Console,
                            ) -> tuple[State, list[str], list[session.Turn]]:
    """`finish_with_bots`, with the moves played so far on a terminal: a long game (a
    5-Minute Dungeon campaign of many tries) shows it is going, and Ctrl-C stops it."""
    if not on_terminal():
        return finish_with_bots(playing)
    with Progress(SpinnerColumn(), TextColumn(f"finishing with {escape(bot_name)}: "
                                              "{task.fields[moves]:,} moves (Ctrl-C stops)"),
                  TimeElapsedColumn(), console=screen, transient=True) as bar:
        task = bar.add_task("finish", total=None, moves=0)
        return finish_with_bots(playing, on_turn=lambda moves: bar.update(task, moves=moves))


def _finished_record(record: Record, recorded: int, bot_name: str, state: State,
                     played: Sequence[str], out_path: str, force: bool,
                     stopped_early: bool = False) -> str:
    """Save the record with the bots' moves after its own `recorded` ones, opening with a
    comment on who played what and the result; returns where it went. A finish that was
    stopped keeps its record beside a file that appeared at `out_path` meanwhile, and says so
    in the note it stops with; a whole one raises the error that says so."""
    done = record.with_moves((*record.moves, *(Move(m) for m in played)))
    stop = f", stopped after {plural(len(played), 'move')} of theirs" if stopped_early else ""
    lines = [f"moves 1-{recorded} as recorded, then {holder_text(bot_name)} in every seat{stop}",
             *result_lines(state, None)]
    try:
        save_record(out_path, done, comment="\n".join(lines), overwrite=force)
    except SavedBesideError as moved:
        if not stopped_early:
            raise
        return f"{moved.beside} ({out_path} appeared meanwhile and was left alone)"
    return out_path


def _stopped_finishing(stop: KeyboardInterrupt, record: Record, recorded: int, bot_name: str,
                       playing: session.Session, out_path: str | None, force: bool) -> NoReturn:
    """Ctrl-C or SIGTERM stopped the bots: keep the game so far in --out, if asked for, say so,
    and exit with 130 or 143 as a stopped batch does."""
    played = list(playing.moves)
    said = f"{bot_name} had played {plural(len(played), 'more move')}"
    if out_path is None:
        stopped(stop, f"{said}; the game is not over, and nothing was saved (no --out).")
    where = _finished_record(record, recorded, bot_name, playing.state, played, out_path, force,
                             stopped_early=True)
    stopped(stop, f"{said}; the game so far is saved in {where}.")


@click.command(name="replay", short_help="Replay a game record and show how it ends.")
@click.argument("path", type=PathType(dir_okay=False))
@click.option("--step", "stepwise", is_flag=True,
              help="Show every move, what it did and the table after it, numbered as --at counts "
                   "them. At a terminal, a viewer: Enter or n next, p back, a number and Enter "
                   "to jump, q, Escape or Ctrl-C to stop.")
@click.option("--then", "then_bot",
              help="Finish a record that stops before the end with this bot in every seat (a "
                   "real-time game: a team bot; `dungeoneer play GAME --help` names a game's "
                   "bots).")
@click.option("--out", type=PathType(dir_okay=False),
              help="With --then: save the finished game as a record here.")
@click.option("--svg", type=PathType(dir_okay=False), metavar="FILE",
              help="Puzzle Dungeon: draw the position as an SVG picture in FILE (after the "
                   "last move, or after move --at N).")
@click.option("--at", "at_move", type=Amount("moves", least=0), metavar="N",
              help="With --svg: the position after the first N moves (0: the start).")
@force_option("--out or --svg")
@JSON
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
    viewer = stepwise and not as_json and sys.stdin.isatty() and screen.is_terminal
    counted = [0]

    def show(step: Step) -> None:
        counted[0] += 1
        if as_json or not stepwise or viewer:
            return
        screen.print(f"[bold]step {counted[0]}: {escape(step.move.text)}[/bold] "
                     f"(record line {step.move.line})")
        for line in step.log:
            screen.print(f"  {line}")
        screen.print(render.state_view(step.state))

    _game, first = start(record)
    state, steps = replay(record, keep_log=stepwise or as_json, on_step=show, first=first)
    if viewer:
        view_at_terminal(screen, first, steps, sys.stdin.fileno())
    if svg:
        chosen = len(steps) if at_move is None else at_move
        if chosen > len(steps):
            raise DungeoneerError(f"--at {chosen}: the record has {len(steps)} moves",
                                  file=path)
        render.write_picture(svg, steps[chosen - 1].state if chosen else first, force,
                             record_caption(record, path, chosen,
                                            steps[chosen - 1].move.text if chosen else ""))
    finished: list[str] = []
    turns: list[session.Turn] = []
    if then_bot:
        registry.make_bot(record.game_name, then_bot)  # no bots, or an unknown one: one message
        playing = bots_in_every_seat(record, state, then_bot)
        try:
            if as_json:
                state, finished, turns = finish_with_bots(playing)
            else:
                state, finished, turns = finish_showing_progress(playing, then_bot, screen)
        except KeyboardInterrupt as stop:
            _stopped_finishing(stop, record, len(steps), then_bot, playing, out_path, force)
        if out_path:
            _finished_record(record, len(steps), then_bot, state, finished, out_path, force)
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
    screen.print(f"{plural(len(steps), 'move')} replayed.")
    if finished:
        screen.print(f"{plural(len(finished), 'more move', 'more moves')} by {then_bot}:")
        for line in finish_lines(turns):
            screen.print(escape(line))
    if outcome is None:
        waiting = state.prompt()
        screen.print("The game is not over." + (f" Waiting for: {waiting}" if waiting else ""))
    else:
        screen.print(f"[bold]Game over: {outcome.termination.value}[/bold] ({outcome.reason})")
        if outcome.termination is Termination.FINISHED:  # a competitive game: who won
            screen.print(winners_line(outcome.winners))


