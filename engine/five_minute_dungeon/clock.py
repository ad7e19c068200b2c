"""5-Minute Dungeon's timer: its readings, how records write them, when an action may happen, and
the pause (docs/rules/five-minute-dungeon.md, D1, D10, D13).

Preparing the Dungeon: "Set a timer to 5 minutes ... Start the timer when you turn over the first
card in the dungeon." A reading is the time the timer has run, in tenths of a second: 0 when the
first card is turned over, `LIMIT` when time is up. Meet the Heroes: the Wizard's Stop Time
"pauses the game timer. It remains paused until a player plays a card. Discarding cards, using
abilities, or turning over a new Dungeon Card does not restart the timer."
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from dungeoneer.engine.errors import IllegalActionError
from dungeoneer.engine.protocol import format_reading

if TYPE_CHECKING:
    from dungeoneer.engine.five_minute_dungeon.board import Board

LIMIT = 3000
"""The timer: "Set a timer to 5 minutes", in tenths of a second (`INFO.time_limit`)."""

format_time = format_reading
"""A timer reading as a record writes it: seconds to a tenth ('12.5')."""

_TIME = re.compile(r"(?:(\d{1,6}):)?(\d{1,9})(?:\.(\d))?", re.ASCII)
"""A time: at most nine digits of seconds (and six of minutes); a longer number is no time (and
not one to convert: Python refuses integers of thousands of digits). ASCII digits only
(docs/input.md): `\\d` alone would take '١.٠' too."""


def parse_time(text: str) -> int | None:
    """'12.5', '12' or '1:05.5' as tenths of a second; None if it isn't a time (`_TIME`)."""
    match = _TIME.fullmatch(text)
    if not match:
        return None
    minutes, seconds, tenth = match.groups()
    if minutes is not None and int(seconds) >= 60:
        return None
    return (int(minutes or 0) * 60 + int(seconds)) * 10 + int(tenth or 0)


def check_reading(clock: int, paused: bool, text: str, when: int, *, timeout: bool,
                  written: bool) -> None:
    """IllegalActionError if the action written `text` can't happen at reading `when`, the
    timer reading `clock` (D1): readings never go back, nothing happens after the five minutes
    but the time running out (at their end, if a reading is `written`), and while the timer is
    paused everything happens at the paused reading."""
    said = f"{format_time(when)} {text}"
    if when < clock:
        raise IllegalActionError(f"{said}: the timer already reads {format_time(clock)}; "
                                 "actions come in time order",
                                 legal=[f"{format_time(clock)} {text}"])
    if timeout:
        if when != LIMIT and written:
            raise IllegalActionError(f"{said}: time runs out at {format_time(LIMIT)}",
                                     legal=[f"{format_time(LIMIT)} time runs out"])
        return
    if when > LIMIT:
        raise IllegalActionError(f"{said}: time ran out at {format_time(LIMIT)}",
                                 legal=[f"{format_time(LIMIT)} time runs out"])
    if paused and when != clock:
        raise IllegalActionError(f"{said}: the timer is paused at {format_time(clock)} until a "
                                 "card is played", legal=[f"{format_time(clock)} {text}"])


def pause(t: Board) -> None:
    """Stop Time, Divine Shield: the timer stops."""
    t.paused = True
    t.say(f"The timer is paused at {format_time(t.clock)}.")


def end_pause(t: Board) -> None:
    """"It remains paused until a player plays a card": a card played ends the pause and, with
    it, the count of abilities used during it (D10)."""
    if t.paused:
        t.paused = False
        t.used = frozenset()
        t.say("The timer runs again.")
