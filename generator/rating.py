"""Difficulty ratings for Puzzle Dungeon deals: 1 (gentle) to 5 (fiendish).

Only a winnable deal gets a rating: the solver must find (and replay) a winning line first. The
level then says how often an eager player, who never sees the deck, wins the deal
(`generator.players.eager_playout`: attacks whenever it can, a monster the prey needs first;
everything else at random): a fixed number of plays with a fixed seed, so a rating is the same on
every machine.

The score is that player's failure in bits, -log2((wins + 1/2) / (plays + 1)); the level is where
the score falls among cut points calibrated on a corpus of winnable deals so that each level holds
a fifth of them (`benchmarks/calibrate.py`; the method, the features that were tried and left out,
and the figures are in `docs/difficulty.md`). The solver's effort and its line are reported with
the rating but not scored: on the calibration corpus they said nothing about how hard a deal is
for a player.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from dungeoneer.engine.puzzle_dungeon import PuzzleState
from dungeoneer.generator.players import eager_playout, win_share
from dungeoneer.solver import WON, Answer, solve

PLAYS = 128
"""Games the eager player plays per deal."""
PLAY_SEED = 20261129
"""The seed of the eager player's choices (the same for every deal, so a rating is repeatable)."""
SOLVE_POSITIONS = 40_000
"""The solver's budget per deal, in positions (a few seconds here): a deal it can't decide within
it gets no rating. Counted in positions, not seconds, so every machine rates a deal alike."""

CUT_POINTS = (2.23, 2.8, 3.37, 4.31)
"""Scores at which levels 2, 3, 4 and 5 begin: the quintiles of the score over the 378 won deals
of the calibration corpus (seeds 1-100 of each front face; `benchmarks/calibrate.py`)."""
LEVEL_NAMES = {1: "gentle", 2: "easy", 3: "medium", 4: "hard", 5: "fiendish"}


@dataclass(frozen=True)
class Rating:
    """A deal's rating: level 1-5 (None unless the deal is won), the score, and its features."""

    status: str
    level: int | None
    score: float | None
    features: dict[str, Any] = field(default_factory=dict)
    answer: Answer | None = None

    @property
    def name(self) -> str:
        """'gentle' .. 'fiendish', or why there is no rating."""
        if self.level is None:
            return f"no rating ({self.status})"
        return LEVEL_NAMES[self.level]

    def to_json(self) -> dict[str, Any]:
        """{"status", "level", "name", "score", "features"} for programs (docs/json.md)."""
        return rating_json(self.status, self.level, self.score, self.features)


def rating_json(status: str, level: int | None, score: float | None,
                features: dict[str, Any]) -> dict[str, Any]:
    """A rating as docs/json.md writes it: {"status", "level", "name", "score", "features"};
    level, name and score are null unless the deal is won."""
    return {"status": status, "level": level,
            "name": None if level is None else LEVEL_NAMES[level],
            "score": None if score is None else round(score, 4), "features": features}


def rate(state: PuzzleState, *, positions: int | None = SOLVE_POSITIONS,
         seconds: float | None = None, plays: int = PLAYS,
         cut_points: tuple[float, ...] = CUT_POINTS, eager: int | None = None) -> Rating:
    """Solve the deal, then rate it if it is won; otherwise a Rating without a level. The
    default budget is in positions, so the rating is the same on every machine. `eager`: the
    eager player's wins, if already counted (`eager_wins`)."""
    answer = solve(state, seconds=seconds, states=positions)
    if answer.status != WON:
        return Rating(answer.status, None, None, {"solver_positions": answer.states}, answer)
    features = measure(state, answer, plays, eager)
    points = score(features)
    return Rating(WON, level_of(points, cut_points), points, features, answer)


def eager_wins(state: PuzzleState, plays: int = PLAYS) -> int:
    """How many of `plays` games the eager player wins (its choices seeded with PLAY_SEED)."""
    return round(win_share(state, plays, PLAY_SEED, eager_playout) * plays)


def measure(state: PuzzleState, answer: Answer, plays: int = PLAYS,
            eager: int | None = None) -> dict[str, Any]:
    """The features of a won deal."""
    wins = eager_wins(state, plays) if eager is None else eager
    return {
        "eager_wins": wins,
        "eager_plays": plays,
        "solver_positions": answer.states,
        "line_steps": len(answer.line),
        "line_attacks": sum(1 for a in answer.line if a.kind == "attack"),
    }


def score(features: dict[str, Any]) -> float:
    """The difficulty score: the eager player's failure in bits."""
    return score_of_wins(features["eager_wins"], features["eager_plays"])


def score_of_wins(wins: int, plays: int = PLAYS) -> float:
    """-log2((wins + 1/2) / (plays + 1)): 0 for a deal always won, log2(2 * plays + 2) for one
    never won."""
    return -math.log2((wins + 0.5) / (plays + 1))


def level_of(points: float, cut_points: tuple[float, ...] = CUT_POINTS) -> int:
    """The level 1-5 a score falls in."""
    return 1 + sum(points >= cut for cut in cut_points)
