"""`dungeoneer timer`: a countdown for 5-Minute Dungeon, like the game's own timer app.

The parts are kept apart so tests can drive each one without a terminal or real time:
`Countdown` is the clock arithmetic, `action_for_key` / `action_for_word` turn input into
an `Action`, `render` draws a countdown with rich, and the `timer` command wires them to a
terminal (single keys, a live display) or, without one, to stdin line by line.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Any, TextIO

import click
from rich.console import Console, Group
from rich.live import Live
from rich.panel import Panel
from rich.text import Text

from dungeoneer.cli.keys import CTRL_C, cbreak, keys_possible, read_keys
from dungeoneer.cli.options import ParamType
from dungeoneer.engine.numbers import decimal_number, shown

Clock = Callable[[], float]

#: The clock the command uses, read at each invocation: tests monkeypatch it with a fake.
CLOCK: Clock = time.monotonic

DEFAULT_SECONDS = 300
#: Below these many seconds left the time turns yellow, then red.
WARN_AT = 60.0
DANGER_AT = 30.0
#: How long the interactive loop waits for a key; it is also the display's refresh period.
TICK = 0.1

# ----------------------------------------------------------------------------- the countdown


class Phase(StrEnum):
    """Where a countdown is; the value is the word the plain mode prints."""

    READY = "ready"
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "time's up"


class Countdown:
    """A countdown from `seconds` to zero that can be paused, resumed and reset.

    It keeps no timers of its own: every question is answered from `clock` (monotonic
    seconds), so a fake clock makes it fully deterministic.
    """

    __slots__ = ("_banked", "_begun", "_run_from", "clock", "duration")

    def __init__(self, seconds: float = DEFAULT_SECONDS, clock: Clock = time.monotonic) -> None:
        if not (math.isfinite(seconds) and seconds > 0):
            raise ValueError(f"a countdown needs a finite number of seconds above 0, not {seconds}")
        self.duration = float(seconds)
        self.clock = clock
        self._banked = 0.0  # time counted in earlier runs, before the last pause
        self._run_from: float | None = None  # clock reading when the current run began
        self._begun = False  # tells "paused at the very start" apart from "ready"

    def _elapsed_at(self, now: float) -> float:
        running_for = 0.0 if self._run_from is None else now - self._run_from
        # Clamped both ways: the count stops at zero, and a clock that steps back
        # (possible with a fake one) must not add time.
        return min(self.duration, max(0.0, self._banked + running_for))

    def elapsed(self) -> float:
        """Seconds counted down so far (at most the full time)."""
        return self._elapsed_at(self.clock())

    def remaining(self) -> float:
        """Seconds left, never below 0."""
        return self.duration - self.elapsed()

    @property
    def finished(self) -> bool:
        """True once the time has run out (until a reset)."""
        return self.elapsed() >= self.duration

    @property
    def running(self) -> bool:
        """True while counting down and not yet finished."""
        return self._run_from is not None and not self.finished

    @property
    def paused(self) -> bool:
        """True when started, then stopped before the time ran out."""
        return self._begun and self._run_from is None and not self.finished

    @property
    def phase(self) -> Phase:
        """The countdown's state as one `Phase`."""
        if self.finished:
            return Phase.FINISHED
        if self._run_from is not None:
            return Phase.RUNNING
        return Phase.PAUSED if self._begun else Phase.READY

    def start(self) -> None:
        """Start counting from the full time; does nothing unless the countdown is ready."""
        if not self._begun:
            self._begun = True
            self._run_from = self.clock()

    def pause(self) -> None:
        """Stop counting, keeping the time left; does nothing unless running."""
        now = self.clock()
        if self._run_from is not None and self._elapsed_at(now) < self.duration:
            self._banked = self._elapsed_at(now)
            self._run_from = None

    def resume(self) -> None:
        """Carry on counting from where the pause left it; does nothing unless paused."""
        if self.paused:
            self._run_from = self.clock()

    def toggle(self) -> None:
        """One key for everything: start when ready, pause when running, resume when paused.

        Once the time is up it does nothing: a finished game is restarted with reset.
        """
        phase = self.phase
        if phase is Phase.READY:
            self.start()
        elif phase is Phase.RUNNING:
            self.pause()
        elif phase is Phase.PAUSED:
            self.resume()

    def reset(self) -> None:
        """Go back to the full time, stopped and ready to start."""
        self._banked = 0.0
        self._run_from = None
        self._begun = False


# ----------------------------------------------------------------------------- input


class Action(StrEnum):
    """What a key or a plain-mode command asks for."""

    TOGGLE = "toggle"
    START = "start"
    PAUSE = "pause"
    RESUME = "resume"
    RESET = "reset"
    QUIT = "quit"


_KEYS = {" ": Action.TOGGLE, "p": Action.TOGGLE, "r": Action.RESET, "q": Action.QUIT,
         CTRL_C: Action.QUIT}

# The plain mode also takes words; "start", "pause" and "resume" do exactly what they say
# (rather than toggling) so a script that repeats one of them cannot flip the timer back.
_WORDS = {"": Action.TOGGLE, "space": Action.TOGGLE, "toggle": Action.TOGGLE,
          "start": Action.START, "pause": Action.PAUSE, "resume": Action.RESUME,
          "reset": Action.RESET, "quit": Action.QUIT}


def action_for_key(key: str) -> Action | None:
    """The action for one key press (letters in either case), or None to ignore the key."""
    return _KEYS.get(key.lower())


def action_for_word(line: str) -> Action | None:
    """The action for one plain-mode line (a key or a word; empty means toggle), or None."""
    word = line.strip().lower()
    return _WORDS.get(word) or action_for_key(word)


_OPERATIONS: dict[Action, Callable[[Countdown], None]] = {
    Action.TOGGLE: Countdown.toggle,
    Action.START: Countdown.start,
    Action.PAUSE: Countdown.pause,
    Action.RESUME: Countdown.resume,
    Action.RESET: Countdown.reset,
}


def perform(countdown: Countdown, action: Action) -> None:
    """Apply an action to the countdown; quitting is the caller's business, not the clock's."""
    if action is Action.QUIT:
        raise ValueError("quit is handled by the caller, not the countdown")
    _OPERATIONS[action](countdown)


# ----------------------------------------------------------------------------- display


def format_time(seconds: float) -> str:
    """Seconds as m:ss.t, e.g. 299.9 -> "4:59.9".

    Rounds up to the tenth, as countdowns do: "0:00.0" appears only when time is really up,
    and the full time shows until a tenth has gone. The inner round() absorbs float noise
    such as 299.9 * 10 == 2999.0000000000005.
    """
    tenths = math.ceil(round(max(0.0, seconds) * 10, 6))
    minutes, rest = divmod(tenths, 600)
    whole, tenth = divmod(rest, 10)
    return f"{minutes}:{whole:02d}.{tenth}"


_LABELS = {Phase.READY: "ready", Phase.RUNNING: "running", Phase.PAUSED: "PAUSED",
           Phase.FINISHED: "TIME'S UP"}

_TOGGLE_HELP = {Phase.READY: "start", Phase.RUNNING: "pause", Phase.PAUSED: "resume"}


def time_style(remaining: float) -> str:
    """The colour of the time: green, yellow under WARN_AT seconds, red under DANGER_AT."""
    if remaining < DANGER_AT:
        return "bold white on red"
    if remaining < WARN_AT:
        return "bold black on yellow"
    return "bold white on green"


def key_help(phase: Phase) -> str:
    """The line of key help; it names what space will do next."""
    keys = ["r reset", "q quit"]
    if phase in _TOGGLE_HELP:
        keys.insert(0, f"space/p {_TOGGLE_HELP[phase]}")
    return "   ".join(keys)


def render(countdown: Countdown) -> Panel:
    """The countdown as a rich panel: the time left, the state in words, and the keys."""
    remaining = countdown.remaining()
    phase = countdown.phase
    # The clock is padded into a coloured block so it stands out; the words carry the
    # same information for terminals (and people) without colour.
    clock = Text(f"  {format_time(remaining)}  ", style=time_style(remaining), justify="center")
    state = Text(_LABELS[phase], style="bold" if phase is not Phase.RUNNING else "",
                 justify="center")
    keys = Text(key_help(phase), style="dim", justify="center")
    return Panel(Group(clock, Text(""), state, keys), title="5-Minute Dungeon",
                 subtitle=f"{format_time(countdown.duration)} timer", expand=False,
                 padding=(1, 4))


def status_line(countdown: Countdown) -> str:
    """One line for plain mode, e.g. "running 4:59.9 left"."""
    return f"{countdown.phase.value} {format_time(countdown.remaining())} left"


# ----------------------------------------------------------------------------- plain mode


class PinnedClock:
    """A clock that repeats one reading of another until told to take a new one.

    Plain mode pins the time once per input line, so the command and the line printed
    after it see the same instant, and a test knows exactly how often the clock is read.
    """

    __slots__ = ("now", "source")

    def __init__(self, source: Clock) -> None:
        self.source = source
        self.now = 0.0

    def pin(self) -> None:
        """Take a new reading from the source clock."""
        self.now = self.source()

    def __call__(self) -> float:
        return self.now


def run_plain(lines: Iterable[str], seconds: float, clock: Clock) -> None:
    """Follow one command per line, echoing the state after each, and a final line at the end.

    The clock is read once per line and once more for the final line.
    """
    pinned = PinnedClock(clock)
    countdown = Countdown(seconds, clock=pinned)
    for line in lines:
        pinned.pin()
        action = action_for_word(line)
        if action is None:
            click.echo(f"ignored {line.strip()!r}: use space, p, start, pause, resume, r, "
                       "reset, q or quit", err=True)
            continue
        if action is Action.QUIT:
            break
        perform(countdown, action)
        click.echo(status_line(countdown))
    pinned.pin()  # the time may have run out since the last command
    click.echo(f"final: {status_line(countdown)}")


# ----------------------------------------------------------------------------- interactive mode


def handle_keys(countdown: Countdown, keys: str) -> bool:
    """Apply each key in turn; False when one of them asks to quit."""
    for key in keys:
        action = action_for_key(key)
        if action is Action.QUIT:
            return False
        if action is not None:
            perform(countdown, action)
    return True


def run_interactive(countdown: Countdown, console: Console, fd: int) -> None:
    """Show the countdown live and follow single keys until q, Ctrl-C or closed input."""
    was_finished = False
    try:
        with cbreak(fd), Live(render(countdown), console=console, auto_refresh=False) as live:
            while True:
                keys = read_keys(fd, TICK)
                if keys is None or not handle_keys(countdown, keys):
                    break
                finished = countdown.finished
                if finished and not was_finished:
                    console.bell()  # once per time-up; a reset and a new run can ring again
                was_finished = finished
                live.update(render(countdown), refresh=True)
    except KeyboardInterrupt:
        pass  # Ctrl-C is a way to quit, not an error


# ----------------------------------------------------------------------------- the command


class SecondsType(ParamType):
    """A length of time: a finite number of seconds above 0."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        """The value as float seconds, or one usage error (exit status 2). The digits are
        ASCII, as every option's are: float() would read '١٨٠' and '０.５' too."""
        if isinstance(value, float | int) and not isinstance(value, bool):
            seconds: float | None = float(value)
        else:
            seconds = decimal_number(str(value))
        if seconds is None or not (math.isfinite(seconds) and seconds > 0):
            self.fail(f"the time is a number of seconds above 0, not {shown(str(value))!r}",
                      param, ctx)
        return seconds


def _interactive_possible(stdin: TextIO) -> bool:
    # Without termios (Windows) single keys cannot be read, so the plain mode stands in.
    return keys_possible(stdin)


@click.command()
@click.option("--seconds", type=SecondsType(), default=DEFAULT_SECONDS, show_default=True,
              help="Length of the countdown in seconds.")
@click.option("--plain", is_flag=True,
              help="Read one command per line from stdin instead of single keys.")
def timer(seconds: float, plain: bool) -> None:
    """Count down a 5-Minute Dungeon game, like the game's timer app.

    In a terminal it shows the time left, turning yellow under a minute and red under
    30 seconds, and rings the bell when time is up.

    \b
    Keys:  space or p   start / pause / resume
           r            reset to the full time
           q, Ctrl-C    quit

    Without a terminal on stdin, or with --plain, it reads one command per line (space,
    p, start, pause, resume, r, reset, q, quit; an empty line is space) and prints the
    state and the time left after each one, then a final line at the end of input.

    \b
    Examples:
      dungeoneer timer
      dungeoneer timer --seconds 180
      printf 'start\\npause\\n' | dungeoneer timer --plain
    """
    stdin = sys.stdin  # click's test runner swaps it for the given input
    if plain or not _interactive_possible(stdin):
        run_plain(stdin, seconds, CLOCK)
        return
    console = Console(highlight=False)
    run_interactive(Countdown(seconds, clock=CLOCK), console, stdin.fileno())
