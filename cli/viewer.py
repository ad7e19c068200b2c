"""`replay --step` at a real terminal: a viewer over a replayed record's positions. Each screen
shows one step (the move, what it did, and a compact table that fits 80x24), numbered as `--at`
counts them: step 0 is the start, step N the position after N moves. Enter, n, space or the right
arrow go on; p, b or the left arrow go back; a number and Enter jumps; q, Escape, Ctrl-C or the
end of input stop.

The keys are read apart from what they do: `Keys` reads single keys at the terminal, `next_step`
is what a key does to the step shown, as a pure function tests drive without a terminal.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.text import Text

from dungeoneer.cli.hotseat import CLEAR
from dungeoneer.cli.keys import cbreak
from dungeoneer.engine import registry
from dungeoneer.engine.protocol import State
from dungeoneer.engine.records import Step

NEXT = ("\r", "\n", "n", " ", "\x1b[C", "\x1b[B", "\x1bOC", "\x1bOB")
BACK = ("p", "b", "\x1b[D", "\x1b[A", "\x1bOD", "\x1bOA")
QUIT = ("q", "Q", "\x1b", "\x03", "\x04")
"""q, Escape alone, Ctrl-C and Ctrl-D as keys (in cbreak mode Ctrl-D is a byte)."""
ENTER = ("\r", "\n")
BACKSPACE = ("\x7f", "\x08")
HELP_LINE = "Enter/n next · p back · number+Enter jump · q quit"


@dataclass(frozen=True)
class At:
    """Where the viewer is: the step shown (0: the start) and the digits typed so far."""

    step: int
    typed: str = ""


def next_step(at: At, key: str | None, last: int) -> At | None:
    """What `key` does at `at` (steps 0..`last`): the place after it, or None to stop. Digits
    gather into a number that Enter jumps to (past the end: the last step)."""
    if key is None or key in QUIT:
        return None
    if key.isdigit():
        return At(at.step, (at.typed + key)[-9:])
    if key in BACKSPACE:
        return At(at.step, at.typed[:-1])
    if key in ENTER and at.typed:
        return At(min(int(at.typed), last))
    if key in NEXT:
        return At(min(at.step + 1, last))
    if key in BACK:
        return At(max(at.step - 1, 0))
    return At(at.step, at.typed)


def compact_view(state: State) -> Any:
    """The position as a compact table: the game's own (`Terminal.table`) where it has one,
    else its drawing of the whole table."""
    entry = registry.entry(state.game.info.name)
    if entry.terminal is not None:
        return entry.terminal().table(state)
    if entry.draw is not None:
        return entry.draw(state, None)
    return Text(str(state.to_json()))


def step_screen(first: State, steps: Sequence[Step], number: int) -> RenderableType:
    """The screen of step `number`: what the move was and did, then the position after it."""
    total = len(steps)
    if number == 0:
        title = Text(f"Step 0 of {total}: the start", style="bold")
        parts: list[RenderableType] = [title]
        state = first
    else:
        step = steps[number - 1]
        parts = [Text.from_markup(f"[bold]Step {number} of {total}: {escape(step.move.text)}"
                                  f"[/bold] [dim](record line {step.move.line})[/dim]")]
        parts += [Text(f"  {line}") for line in step.log]
        state = step.state
    parts.append(compact_view(state))
    return Group(*parts)


_KEY = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|O.)|.", re.DOTALL)
"""One key: an escape sequence whole (an arrow key), else one character (Escape alone too)."""


def split_keys(text: str) -> list[str]:
    """The keys in what one read gave ('12\\r' typed quickly: '1', '2', '\\r')."""
    return _KEY.findall(text)


class Keys:
    """Single keys typed at the terminal `fd`, one at a time, or None once input is closed."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.ahead: list[str] = []

    def __call__(self) -> str | None:
        if not self.ahead:
            data = os.read(self.fd, 64)
            if not data:
                return None
            self.ahead = split_keys(data.decode(errors="ignore"))
        return self.ahead.pop(0) if self.ahead else ""


def view(out: Console, first: State, steps: Sequence[Step], read: Callable[[], str | None],
         start: int = 0) -> int:
    """Show the steps one screen at a time, reading keys from `read`, until the person stops;
    returns the step shown last."""
    at, drawn = At(start), -1
    while True:
        if at.step != drawn:
            out.file.write(CLEAR)
            out.print(step_screen(first, steps, at.step))
            drawn = at.step
        out.file.write("\r\x1b[K")  # the key line, drawn again in place
        out.print(f"[dim]{HELP_LINE}[/dim] {at.typed}", end="")
        out.file.flush()
        try:
            after = next_step(at, read(), len(steps))
        except KeyboardInterrupt:  # Ctrl-C as a signal
            after = None
        if after is None:
            out.print()
            return at.step
        at = after


def view_at_terminal(out: Console, first: State, steps: Sequence[Step], fd: int) -> int:
    """`view` with single keys from the terminal `fd` in cbreak mode."""
    with cbreak(fd):
        return view(out, first, steps, Keys(fd))
