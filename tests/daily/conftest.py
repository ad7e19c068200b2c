"""What the daily puzzle's tests share: a real issued puzzle (the deal, its codes, its rating
and a winning line, as `dungeoneer daily 2026-01-05` issued it), served for any date, so a test
need not spend the seconds generating takes; the player's calendar; an archive."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

import pytest

from dungeoneer.generator import daily as daily_module
from dungeoneer.generator.daily import Daily

PUZZLE = Daily(
    date="2026-01-05", hero="Bodyguard", seed=10726284161957276873,
    code="pd1-w.bodyguard.10726284161957276873",
    layout_code="pd1-f.bodyguard.L.2s16ahjb092jd0dn46j5446n4phgah1r5rs2qqc9gv16yht73",
    level=1, score=1.8214,
    features={"eager_plays": 128, "eager_wins": 36, "line_attacks": 11, "line_steps": 55,
              "solver_positions": 241},
    line=("attack 3", "pay 5C 2C 3H 7M", "resolve Bodyguard:Trophy", "yes", "column 4", "yes",
          "7H", "deal", "attack 1", "pay 8M 4H 2T 8H", "7M", "4H", "8H", "attack 1",
          "pay 0T 0H Vampire Lich", "no", "deal", "deal", "attack 1", "pay 7M 6T 7C Minotaur",
          "resolve Blue-Devil:Loot", "deal", "deal", "deal", "attack 1", "0T", "deal", "deal",
          "deal", "deal", "attack 3", "resolve Banshee:Loot", "deal", "attack 3",
          "pay 4M 6H Ratman Blue-Devil", "column 4", "attack 4",
          "pay 4T Haunted-Armor Banshee Cyclops", "resolve Reaper:Loot", "no", "deal", "deal",
          "deal", "deal", "deal", "attack 3", "resolve flip:Werewolf", "attack 2",
          "pay 3M Banshee Reaper Minotaur", "resolve Bodyguard:Monster-King", "no", "attack 2",
          "pay Haunted-Armor Ratman Dragon Skeleton:M", "resolve Mutant:Loot", "no"),
    candidate=10)
"""The puzzle of 2026-01-05, a Monday: level 1, the Bodyguard, won in 55 steps."""

WIN = "\n".join(PUZZLE.line) + "\n"
"""The winning line, typed at the table."""


def puzzle_of(day: dt.date) -> Daily:
    """The test puzzle, dated `day` (its level the one issued, whatever the weekday)."""
    return replace(PUZZLE, date=day.isoformat())


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> list[dt.date]:
    """`make_daily` gives the test puzzle for any date; `today()` is 2026-01-05. Returns the
    dates generated."""
    made: list[dt.date] = []

    def make_daily(day: dt.date, **options: object) -> Daily:
        made.append(day)
        return puzzle_of(day)

    monkeypatch.setattr(daily_module, "make_daily", make_daily)
    monkeypatch.setattr(daily_module, "today", lambda: dt.date(2026, 1, 5))
    return made


@pytest.fixture
def archive(tmp_path: Path) -> str:
    """A path for a new archive."""
    return str(tmp_path / "archive.sqlite3")


def set_today(monkeypatch: pytest.MonkeyPatch, day: str) -> None:
    """The player's calendar says `day`."""
    monkeypatch.setattr(daily_module, "today", lambda: dt.date.fromisoformat(day))
