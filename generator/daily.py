"""Daily puzzles: the same winnable, rated deal for everyone on a date, on every machine.

A day's candidates come from a cryptographic hash of the date: candidate i of 2026-11-29 is the
first 8 bytes (big-endian) of SHA-256("dungeoneer puzzle-dungeon daily 2026-11-29 #i") as the seed,
and byte 8 picks the hero among the day's faces (`daily_heroes`). Candidates are tried in order;
the first one that is won and rates at the day's level (by weekday: `DEFAULT_LEVELS`) is the
puzzle. A candidate the solver can't decide within its budget is skipped, never published.

Budgets are counted in positions, not seconds, so a slow machine and a fast one skip the same
candidates and publish the same puzzle.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.numbers import shown, whole_number
from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, PuzzleState
from dungeoneer.generator.codes import deal_from_code, layout_code, short_code
from dungeoneer.generator.rating import (
    CUT_POINTS,
    SOLVE_POSITIONS,
    eager_wins,
    level_of,
    rate,
    rating_json,
    score_of_wins,
)
from dungeoneer.solver import WON
from dungeoneer.solver.lines import line_json

GENERATOR_VERSION = "3"
"""Bump when a change would alter the puzzle of any date; archived dates are never regenerated."""
FRONT_FACES = ("Rogue", "Bodyguard", "Warrior", "Alchemist")
"""The heroes' front faces."""
ALL_FACES = (*FRONT_FACES, "Skull Rogue", "Skull Bodyguard", "Skull Warrior", "Skull Alchemist")
"""The eight faces, front faces first."""
ALL_FACES_FROM = dt.date(2027, 1, 1)
"""The first date whose fiendish puzzle comes from all eight faces; earlier dates keep the front
faces alone, so that no puzzle published before the Skull faces joined changes."""
FIENDISH = 5
"""The top level: the only one a Skull face's deal usually rates at."""
DEFAULT_LEVELS = (1, 2, 2, 3, 3, 4, FIENDISH)
"""The day's level, Monday to Sunday: gentle at the start of the week, fiendish on Sunday."""
MAX_CANDIDATES = 400
"""Candidates tried for one day before giving up with a message."""
FIRST_DAY = dt.date(2026, 1, 1)
"""The date of puzzle No. 1: a daily's number counts the days from here (earlier dates have
numbers of 0 and below, and are puzzles all the same)."""


@dataclass(frozen=True)
class Daily:
    """One day's puzzle, as published and archived."""

    date: str
    hero: str
    seed: int
    code: str
    layout_code: str
    level: int
    score: float
    features: dict[str, Any]
    line: tuple[str, ...]
    candidate: int
    generator_version: str = GENERATOR_VERSION

    @property
    def number(self) -> int:
        """The puzzle's number: 1 on `FIRST_DAY`, one more each day."""
        return puzzle_number(dt.date.fromisoformat(self.date))

    def title(self) -> str:
        """How the puzzle is named on screen, in records and pictures: 'daily No. 338 of
        2026-12-04'."""
        return f"daily No. {self.number} of {self.date}"

    def row(self) -> dict[str, Any]:
        """The puzzle as the archive stores it: one flat field per column."""
        return {"date": self.date, "hero": self.hero, "seed": self.seed, "code": self.code,
                "layout_code": self.layout_code, "level": self.level,
                "score": round(self.score, 4), "features": self.features,
                "line": list(self.line), "candidate": self.candidate,
                "generator_version": self.generator_version}

    def to_json(self, reveal: bool = True) -> dict[str, Any]:
        """The puzzle for programs (docs/json.md, "daily"): {"date", "number", "deal", "rating",
        "candidate", "generator_version"} and, if `reveal`, the winning "line" as steps."""
        data = {"date": self.date, "number": self.number,
                "deal": {"game": "puzzle-dungeon", "hero": self.hero, "seed": self.seed,
                         "code": self.code, "layout_code": self.layout_code, "file": None},
                "rating": rating_json(WON, self.level, self.score, self.features),
                "candidate": self.candidate, "generator_version": self.generator_version}
        if reveal:
            data["line"] = line_json(deal_from_code(self.layout_code), self.line)
        return data


def puzzle_number(day: dt.date) -> int:
    """The number of the puzzle of `day` (1 on `FIRST_DAY`)."""
    return (day - FIRST_DAY).days + 1


def today() -> dt.date:
    """The player's date today (the local calendar): the default daily, and the day a play is
    counted on for streaks."""
    return dt.date.today()


def parse_date(text: str) -> dt.date:
    """A date written YYYY-MM-DD; a DungeoneerError otherwise."""
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise DungeoneerError(f"a date is written YYYY-MM-DD, like 2026-11-29, not {text!r}",
                              text=text) from None


def parse_levels(text: str) -> tuple[int, ...]:
    """Seven levels, Monday to Sunday, written '1,2,2,3,3,4,5'."""
    parts = [p.strip() for p in text.split(",")]
    levels = [whole_number(p, least=1, most=5) for p in parts]
    if len(parts) != 7 or None in levels:
        raise DungeoneerError("the levels are seven numbers from 1 to 5, Monday to Sunday, like "
                              f"1,2,2,3,3,4,5; got {shown(text)!r}", text=text)
    return tuple(level for level in levels if level is not None)


def daily_heroes(day: dt.date, level: int) -> tuple[str, ...]:
    """The faces the candidates of a day at `level` come from: all eight for a fiendish puzzle
    from `ALL_FACES_FROM` on, the front faces otherwise. The solver decides nine Skull deals in
    ten within the daily budget, but the eager player so rarely wins one that almost all rate
    fiendish: at a lower level they would only cost candidates (docs/daily.md)."""
    return ALL_FACES if level == FIENDISH and day >= ALL_FACES_FROM else FRONT_FACES


def candidate(day: dt.date, index: int, level: int) -> tuple[str, int]:
    """Candidate `index` of the day, whose puzzle is at `level`: (hero, seed)."""
    digest = hashlib.sha256(f"dungeoneer puzzle-dungeon daily {day.isoformat()} #{index}"
                            .encode()).digest()
    seed = int.from_bytes(digest[:8], "big")
    heroes = daily_heroes(day, level)
    return heroes[digest[8] % len(heroes)], seed


def level_for(day: dt.date, levels: tuple[int, ...] = DEFAULT_LEVELS) -> int:
    """The level the day's puzzle must have."""
    return levels[day.weekday()]


def make_daily(day: dt.date, *, levels: tuple[int, ...] = DEFAULT_LEVELS,
               positions: int = SOLVE_POSITIONS, max_candidates: int = MAX_CANDIDATES,
               cut_points: tuple[float, ...] = CUT_POINTS) -> Daily:
    """Generate the puzzle of `day` (the archive decides whether it is generated at all)."""
    wanted = level_for(day, levels)
    for index in range(max_candidates):
        hero, seed = candidate(day, index, wanted)
        game = PuzzleDungeon(hero=hero)
        state = game.new_initial_state(seed=seed)
        eager = eager_wins(state)
        if level_of(score_of_wins(eager), cut_points) != wanted:
            continue  # if won, it rates at another level: no need to solve it
        rating = rate(state, seconds=None, positions=positions, cut_points=cut_points,
                      eager=eager)
        if rating.level != wanted:
            continue
        # A rating with a level is a won deal's: `rate` gave it a score and the solver's answer.
        assert rating.score is not None and rating.answer is not None
        return Daily(date=day.isoformat(), hero=game.hero.name, seed=seed,
                     code=short_code(game, seed).text(),
                     layout_code=layout_code(game, seed).text(), level=rating.level,
                     score=rating.score, features=rating.features,
                     line=tuple(state_texts(state, rating.answer.line)), candidate=index)
    raise DungeoneerError(f"no candidate of {day.isoformat()} among the first {max_candidates} "
                          f"is winnable at level {wanted}; raise the limit or change the levels")


MAX_RANGE_DAYS = 3660
"""The most dates one `daily --from --to` issues: about ten years."""


def date_range(first: dt.date, last: dt.date) -> list[dt.date]:
    """The dates from `first` to `last`, both included (at most MAX_RANGE_DAYS)."""
    if last < first:
        raise DungeoneerError(f"--to {last.isoformat()} is before --from {first.isoformat()}")
    days = (last - first).days + 1
    if days > MAX_RANGE_DAYS:
        raise DungeoneerError(f"a range is at most {MAX_RANGE_DAYS:,} dates, not {days:,}; "
                              "issue a longer one in parts")
    return [first + dt.timedelta(days=i) for i in range(days)]


def daily_of(job: tuple[dt.date, tuple[int, ...]]) -> Daily:
    """The puzzle of one date at its weekday's level: (date, levels) -> make_daily, a function
    a worker process can be sent (a batch of dates, `daily --from --to`)."""
    day, levels = job
    return make_daily(day, levels=levels)


def state_texts(state: PuzzleState, line: Iterable[Action]) -> list[str]:
    """The line's actions as a record writes them."""
    texts = []
    for action in line:
        texts.append(state.action_text(action))
        state = state.apply(action)
    return texts
