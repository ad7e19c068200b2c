"""The ticking prompt of a real-time game at a real terminal: one line shows the time left,
counting down (coloured as `dungeoneer timer` colours it; PAUSED while the timer stands still),
and the answer being typed, which stays editable; when the time runs out the prompt stops waiting
at once (`TimeIsUp`), so the loss is shown without anyone pressing Enter.

The parts are apart so tests drive them without a terminal or real time: `edit_line` is the line
editing as a pure function of the keys, `prompt_line` draws the line from a `TimeLeft`, and
`TickingPrompt` takes its keys and the time left from functions it is given (`at_terminal` wires
them to the terminal in cbreak mode; `cli.keys`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Literal, NamedTuple

from rich.console import Console
from rich.control import Control
from rich.segment import ControlType
from rich.text import Text

from dungeoneer.cli.choosing import TimeIsUp
from dungeoneer.cli.keys import CTRL_C, CTRL_D, cbreak, read_keys
from dungeoneer.cli.timer import time_style
from dungeoneer.engine.protocol import format_reading

TICK = 0.1
"""How long the prompt waits for keys before it draws the time again (the tenth it shows)."""
PAUSED_STYLE = "bold white on blue"

ENTER = ("\r", "\n")
BACKSPACE = ("\x7f", "\x08")
STOP = (CTRL_C, CTRL_D)
CTRL_U = "\x15"
"""Clears the line, as in a shell."""
CTRL_W = "\x17"
"""Takes back the last word, as in a shell."""
_ESCAPES = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|O.|.)?", re.DOTALL)
"""Arrow and function keys and Alt-letters: no letters of theirs may reach the answer."""


class Edit(NamedTuple):
    """The line after some keys: its text, whether Enter or a stop key ended it, and the keys
    typed after Enter (the start of the next answer)."""

    text: str
    done: Literal["enter", "stop"] | None = None
    rest: str = ""


def edit_line(text: str, keys: str) -> Edit:
    """The line `text` after `keys`: printable keys are added, backspace takes one back, Ctrl-U
    clears the line and Ctrl-W takes back a word; Enter ends it (a '\\n' right after '\\r'
    belongs to that Enter), Ctrl-C and Ctrl-D stop; other keys do nothing."""
    keys = _ESCAPES.sub("", keys)
    for i, key in enumerate(keys):
        if key in ENTER:
            rest = keys[i + 1:]
            return Edit(text, "enter", rest[1:] if key == "\r" and rest[:1] == "\n" else rest)
        if key in STOP:
            return Edit(text, "stop")
        if key in BACKSPACE:
            text = text[:-1]
        elif key == CTRL_U:
            text = ""
        elif key == CTRL_W:
            kept = text.rstrip()
            text = kept[:kept.rfind(" ") + 1]
        elif key.isprintable():
            text += key
    return Edit(text)


class TimeLeft(NamedTuple):
    """The time left in tenths of a second (below 0 once the time limit has passed) and whether
    the timer stands still."""

    tenths: int
    paused: bool


def clock_text(time: TimeLeft) -> Text:
    """The time left as the prompt shows it, e.g. ' 287.3 s left ', coloured as the timer
    colours it (green, yellow under a minute, red under 30 seconds), or PAUSED."""
    left = max(0, time.tenths)
    if time.paused:
        return Text(f" PAUSED {format_reading(left)} s left ", style=PAUSED_STYLE)
    return Text(f" {format_reading(left)} s left ", style=time_style(left / 10))


def prompt_line(time: TimeLeft, label: str, typed: str, width: int) -> Text:
    """The prompt's line: the time left, the question, and the answer so far, its end shown if
    it is too long, so that the line never wraps (it is drawn again in place)."""
    line = Text()
    line.append_text(clock_text(time))  # its colour stays on the time alone
    line.append(f" {label}> ")
    room = max(1, width - 1 - line.cell_len)
    line.append(typed if len(typed) <= room else "…" + typed[len(typed) - room + 1:])
    return line


class TickingPrompt:
    """Asks at one line that ticks: `keys(timeout)` gives the keys typed within `timeout`
    seconds ('' if none; None once input is closed) and `mode()` is the terminal mode to read
    them in. Keys typed after an Enter are kept for the next question."""

    def __init__(self, out: Console, keys: Callable[[float], str | None],
                 mode: Callable[[], AbstractContextManager[object]] = nullcontext,
                 tick: float = TICK) -> None:
        self.out = out
        self.keys = keys
        self.mode = mode
        self.tick = tick
        self.ahead = ""

    @classmethod
    def at_terminal(cls, out: Console, fd: int) -> TickingPrompt:
        """A prompt that reads single keys from the terminal `fd` in cbreak mode."""
        return cls(out, lambda timeout: read_keys(fd, timeout), lambda: cbreak(fd))

    def read(self, label: str, typed: str, time_left: Callable[[], TimeLeft]) -> str | None:
        """The answer typed (starting from `typed`) when Enter is pressed, or None when the person
        stops (Ctrl-C, Ctrl-D, closed input). Raises `TimeIsUp` as soon as `time_left()` is below
        0 while the timer runs: nobody has to press a key for the time to run out."""
        text, shown = typed, None
        with self.mode():
            try:
                while True:
                    now = time_left()
                    line = prompt_line(now, label, text, self.out.width)
                    if line.markup != shown:  # redraw only what changed: a tenth, a key
                        self._draw(line)
                        shown = line.markup
                    if now.tenths < 0 and not now.paused:
                        self._end("[bold red]Time is up![/bold red]")
                        raise TimeIsUp
                    keys, self.ahead = (self.ahead or self.keys(self.tick)), ""
                    if keys is None:
                        self._end()
                        return None
                    edit = edit_line(text, keys)
                    text = edit.text
                    if edit.done == "stop":
                        self._end()
                        return None
                    if edit.done == "enter":
                        self.ahead = edit.rest
                        self._end()
                        return text
            except KeyboardInterrupt:  # Ctrl-C as a signal: stop, as the key does
                self._end()
                return None

    def _draw(self, line: Text) -> None:
        with self.out:  # one write: the line is never seen half drawn
            self.out.control(Control((ControlType.CARRIAGE_RETURN,),
                                     (ControlType.ERASE_IN_LINE, 0)))
            self.out.print(line, end="")

    def _end(self, note: str = "") -> None:
        self.out.print(f" {note}" if note else "")
