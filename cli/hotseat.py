"""Hot seat: several people taking turns at one terminal, each with cards the others must not see.

Between two people's turns the screen is cleared (scrollback too) and the next person is asked
to take the seat; only then is their table drawn, after what the others did meanwhile, in the
words everyone at the table may read (`State.public_action_text`). Bots' seats need no pause. Not
at a terminal (piped input, a test's runner) nothing can be hidden and nobody presses Enter: a
line marks the hand-over and the game goes on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import click
from rich.console import Console

from dungeoneer.engine.protocol import State
from dungeoneer.engine.session import Turn

CLEAR = "\x1b[H\x1b[2J\x1b[3J"
"""Cursor home, erase the screen, erase the scrollback (xterm's `E3`, which tmux, GNOME Terminal,
iTerm2 and the Linux console honour): nothing of the last seat's hand is left to scroll back to."""

Wait = Callable[[str], bool]
"""Asks the next person to take the seat; False when they stop instead (q, Ctrl-C, end of
input)."""


def wait_for_enter(question: str) -> bool:
    """Wait for Enter at the terminal; False for q, Ctrl-C or the end of input."""
    try:
        answer: str = click.prompt(question, prompt_suffix=" ", default="", show_default=False)
    except click.Abort:
        return False
    return answer.strip().lower() not in ("q", "quit")


@dataclass
class HotSeat:
    """Hands the terminal over between the people at it (`people`: their seats). `private` is
    whether a screen can be cleared and waited at (a real terminal); `wait` asks for the seat."""

    out: Console
    people: frozenset[int]
    private: bool
    wait: Wait = wait_for_enter
    last: int | None = None
    """The seat of the person who chose last."""
    missed: dict[int, list[str]] = field(default_factory=dict)
    """Per person, what happened since their last turn (public words)."""

    @property
    def needed(self) -> bool:
        """Whether there is anything to hide: two people or more share the terminal."""
        return len(self.people) > 1

    def heard(self, seat: int, lines: list[str]) -> None:
        """A move by `seat` (its public words): every other person will be told it."""
        for person in self.people:
            if person != seat:
                self.missed.setdefault(person, []).extend(lines)

    def take_seat(self, seat: int) -> bool:
        """Before `seat`'s person chooses: hand the terminal over if another person chose last
        (clear, ask for the seat, tell what they missed). False when they stop instead."""
        if not self.needed or self.last in (None, seat):  # (nothing is shown before the first)
            self.last = seat
            return True
        self.last = seat
        if self.private:
            self.out.file.write(CLEAR)
            self.out.file.flush()
            if not self.wait(f"Seat {seat + 1}, take the seat and press Enter (q to stop):"):
                return False
            self.out.file.write(CLEAR)
            self.out.file.flush()
        else:
            self.out.print(f"[bold]--- seat {seat + 1}'s turn ---[/bold]")
        missed = self.missed.pop(seat, [])
        if missed:
            self.out.print(f"[bold]Since seat {seat + 1}'s last turn:[/bold]")
            for line in missed:
                self.out.print(f"  {line}")
        return True


def public_lines(turn: Turn, seat_label: str) -> list[str]:
    """A move as everyone at the table may read it: the action in public words, then its log."""
    text = turn.before.public_action_text(turn.action)
    said = _plain(text)  # a log line that only says the action again is left out
    return [f"{seat_label}{text}", *(f"  {line}" for line in turn.log if _plain(line) != said)]


def _plain(line: str) -> str:
    """A line as compared: its words in lower case, without seat words or full stops."""
    words = line.lower().rstrip(".").split()
    return " ".join(w for w in words if w not in ("seat",) and not w.isdigit())


def into_hand(before: State, after: State, seat: int) -> list[str]:
    """The cards that came into `seat`'s hand with its move, by name, for that seat's eyes only
    (a log says 'Seat 1 takes a card from seat 2' in words everyone may read): the difference of
    the seat's view's `hand` before and after, where the game's view has one."""
    held_before, held_after = before.view(seat).get("hand"), after.view(seat).get("hand")
    if not isinstance(held_before, list) or not isinstance(held_after, list):
        return []
    if not all(isinstance(card, str) for card in (*held_before, *held_after)):
        return []
    gained = Counter(held_after) - Counter(held_before)
    return sorted(gained.elements())
