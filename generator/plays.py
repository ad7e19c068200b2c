"""A player's history of daily puzzles: each play, and what follows from them (the puzzles
played and won, streaks, the moves of the wins) and the share block of a play.

A streak counts the days in a row on which the day's own puzzle was won on that day: a past
date's puzzle, played later, is history but never changes a streak. The current streak runs up
to today, or up to yesterday while today's puzzle is not yet won (it can still go on).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from dungeoneer.generator.daily import Daily

RESULTS = ("won", "lost", "unfinished")
"""How a play ended: the game won, the game lost, or stopped before its end."""
MOVES_BUCKET = 10
"""The moves of the wins are counted in bands of this many (30-39, 40-49, ...)."""


@dataclass(frozen=True)
class Play:
    """One play of a daily puzzle: the puzzle's date, the day it was played on (the player's
    calendar), how it ended, its moves, the hints of each kind and the moves taken back."""

    date: str
    played_on: str
    result: str
    moves: int
    hints: int = 0
    solver_hints: int = 0
    undos: int = 0

    @property
    def hard(self) -> bool:
        """Played without any help: no hint of either kind, nothing taken back."""
        return self.hints == 0 and self.solver_hints == 0 and self.undos == 0

    @property
    def on_the_day(self) -> bool:
        """Played on the puzzle's own date (only these plays count for streaks)."""
        return self.played_on == self.date

    def to_json(self) -> dict[str, Any]:
        """The play for programs."""
        return {"date": self.date, "played_on": self.played_on, "result": self.result,
                "moves": self.moves, "hints": self.hints, "solver_hints": self.solver_hints,
                "undos": self.undos, "hard": self.hard}


@dataclass(frozen=True)
class Stats:
    """What a history adds up to."""

    played: int
    """Puzzles played (each date once, however often it was played)."""
    won: int
    """Puzzles won at least once."""
    current_streak: int
    longest_streak: int
    moves: tuple[tuple[int, int], ...]
    """(the first number of moves of a band, the puzzles whose fewest-moves win is in it)."""

    def to_json(self) -> dict[str, Any]:
        """The figures for programs (docs/json.md, "stats")."""
        return {"played": self.played, "won": self.won,
                "current_streak": self.current_streak, "longest_streak": self.longest_streak,
                "moves": [{"from": low, "to": low + MOVES_BUCKET - 1, "wins": wins}
                          for low, wins in self.moves]}


def streak_days(plays: Iterable[Play]) -> set[dt.date]:
    """The days on which that day's puzzle was won on the day."""
    return {dt.date.fromisoformat(p.date) for p in plays if p.result == "won" and p.on_the_day}


def longest_streak(days: set[dt.date]) -> int:
    """The most days in a row among `days`."""
    best = 0
    for day in days:
        if day - dt.timedelta(days=1) in days:
            continue  # not the first day of a run
        length = 1
        while day + dt.timedelta(days=length) in days:
            length += 1
        best = max(best, length)
    return best


def current_streak(days: set[dt.date], today: dt.date) -> int:
    """The run of days up to today, or up to yesterday while today is not won yet."""
    day = today if today in days else today - dt.timedelta(days=1)
    length = 0
    while day in days:
        length += 1
        day -= dt.timedelta(days=1)
    return length


def stats(plays: Sequence[Play], today: dt.date) -> Stats:
    """The figures of a history, as of `today`."""
    played = {p.date for p in plays if p.moves > 0 or p.result != "unfinished"}
    fewest: dict[str, int] = {}
    for play in plays:
        if play.result == "won":
            fewest[play.date] = min(play.moves, fewest.get(play.date, play.moves))
    bands: dict[int, int] = {}
    for moves in fewest.values():
        low = moves // MOVES_BUCKET * MOVES_BUCKET
        bands[low] = bands.get(low, 0) + 1
    days = streak_days(plays)
    return Stats(played=len(played | set(fewest)), won=len(fewest),
                 current_streak=current_streak(days, today),
                 longest_streak=longest_streak(days), moves=tuple(sorted(bands.items())))


def marks(plays: Iterable[Play]) -> dict[str, str]:
    """Each date's mark in a list of puzzles: 'won' (at least once), 'lost' (played, never won:
    one to try again), or 'played' (begun, never finished)."""
    found: dict[str, str] = {}
    rank = {"played": 0, "lost": 1, "won": 2}
    for play in plays:
        mark = "played" if play.result == "unfinished" else play.result
        if rank[mark] >= rank.get(found.get(play.date, "played"), 0):
            found[play.date] = mark
    return found


def help_used(play: Play) -> str:
    """'no help', or the hints of each kind and the moves taken back, as counted."""
    if play.hard:
        return "no hints, no undos"
    parts = []
    for count, one in ((play.hints, "hint"), (play.solver_hints, "solver hint"),
                       (play.undos, "undo")):
        parts.append(f"{count} {one}{'' if count == 1 else 's'}")
    return ", ".join(parts)


def share_block(puzzle: Daily, play: Play) -> str:
    """What a player may share after a game of a daily puzzle: its number, date, level and hero,
    the result, the moves and the help used (a star: none at all), and the command that plays
    it. Nothing of the deal's cards or of the line is in it."""
    from dungeoneer.generator.rating import LEVEL_NAMES

    star = " ★" if play.hard else ""
    verb = {"won": "Won", "lost": "Lost"}.get(play.result, "Stopped")
    return "\n".join([
        f"dungeoneer daily No. {puzzle.number} · {puzzle.date}",
        f"{puzzle.hero} · level {puzzle.level} ({LEVEL_NAMES[puzzle.level]})",
        f"{verb} in {play.moves} move{'' if play.moves == 1 else 's'}{star}",
        f"{help_used(play)}",
        f"Play it: dungeoneer play puzzle-dungeon --daily {puzzle.date}",
    ])
