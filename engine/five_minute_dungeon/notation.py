"""5-Minute Dungeon actions as typed records, and what their notations share.

An action is `Action(kind, record)`: the record says who acts (`seat`, from 0; `TEAM` for the
team's choice of how an event happens), what exactly, and when (`at`: the timer reading in
tenths of a second, or None: now). Each kind's record sits with the rules it carries out (`play`
and `use` in effects.py, `discard` and `recover` in hands.py, `resolve` in events.py, `timeout` in
ends.py) and writes itself as a record does (`text`) and reads a written one (`reading`): the
written text in lower case with single spaces, and with the parts whose order means nothing (the
cards paid for an ability, Enrage's two players) put in one order, so that two texts read alike
exactly when they name the same action.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import ClassVar

TEAM = None
"""The actor of the team's choice (how an event happens): a record's `seat` is None."""

_FIELDS: dict[type, tuple[str, ...]] = {}
"""Each record class's fields but `at`, in order (`Move.timed`)."""

_COMMA = re.compile(r"\s*,\s*")
_PLUS = re.compile(r"\s*\+\s*")


def normal(text: str) -> str:
    """A written text in lower case, with single spaces, ', ' between the items of a list and
    no spaces around a '+' ('Sword + Arrow,Jump' -> 'sword+arrow, jump')."""
    text = " ".join(text.split()).lower()
    return _PLUS.sub("+", _COMMA.sub(", ", text))


def seats_text(seats: Sequence[int]) -> str:
    """'seat 1 and seat 3'."""
    return " and ".join(f"seat {s + 1}" for s in seats)


def actor(seat: int | None) -> str:
    """'seat 2', or 'team'."""
    return "team" if seat is None else f"seat {seat + 1}"


@dataclass(frozen=True, slots=True)
class Move:
    """An action's record: who acts and when; each kind adds what exactly."""

    KIND: ClassVar[str]
    """The action's kind (`Action.kind`)."""

    seat: int | None
    at: int | None = field(default=None, kw_only=True)

    def text(self) -> str:
        """The action as a record writes it, without its time."""
        raise NotImplementedError

    def timed(self, at: int | None) -> Move:
        """The same action at timer reading `at` (None: now)."""
        # `dataclasses.replace` takes twice as long, and every action applied is timed twice.
        names = _FIELDS.get(type(self))
        if names is None:
            names = _FIELDS[type(self)] = tuple(f.name for f in fields(self) if f.name != "at")
        return type(self)(*(getattr(self, name) for name in names), at=at)

    @classmethod
    def reading(cls, written: str) -> str:
        """What a written action (in `normal` form, without its time) says, in the form `text`
        gives it in lower case (order-free parts in one order)."""
        return written
