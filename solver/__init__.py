"""The Puzzle Dungeon solver: a winning line for a position, or a proof that none exists.

    from dungeoneer.solver import solve
    answer = solve(state, seconds=30)
    answer.status      # "won", "unwinnable" or "unknown", never anything else
    answer.steps       # for "won": the line as numbered steps, replayed through the engine

Verdicts are honest: "won" only with a line that the engine has replayed to a win; "unwinnable"
only from a complete search (whose pruning rules are sound) or an infeasible relaxation of the
core rules; "unknown" when the budget ran out, whatever the search had seen by then.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import PuzzleState
from dungeoneer.solver.bounds import CoreBound
from dungeoneer.solver.canonical import Canonicalizer
from dungeoneer.solver.lines import Step, steps, verify_line
from dungeoneer.solver.search import (
    UNKNOWN,
    UNWINNABLE,
    WON,
    BestFirst,
    Budget,
    DepthFirst,
    plain_order,
    portfolio,
)

__all__ = ["UNKNOWN", "UNWINNABLE", "WON", "Answer", "solve"]


@dataclass(frozen=True)
class Answer:
    """The solver's answer for a position."""

    status: str
    line: tuple[Action, ...] = ()
    steps: tuple[Step, ...] = ()
    states: int = 0
    seconds: float = 0.0
    method: str = ""
    reason: str = ""
    details: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        """{"status", "steps", "seconds", "states", ...} for programs."""
        return {"status": self.status, "steps": [s.to_json() for s in self.steps],
                "seconds": round(self.seconds, 3), "states": self.states, "method": self.method,
                "reason": self.reason}


def solve(state: PuzzleState, *, seconds: float | None = 30.0, states: int | None = None,
          progress: Callable[[int], None] | None = None, bounds: bool = True) -> Answer:
    """Decide the position: won (with a checked line), unwinnable, or unknown. `bounds=False`
    switches off the CP-SAT relaxation and the core bound (to measure what they save)."""
    started = time.perf_counter()

    def answer(status: str, line=(), count=0, method="", reason="", **details) -> Answer:
        told = tuple(steps(state, line)) if status == WON else ()
        return Answer(status, tuple(line), told, count, time.perf_counter() - started, method,
                      reason, details)

    if state.won():
        return answer(WON, method="engine", reason="the position is already won")
    if state.is_terminal():
        return answer(UNWINNABLE, method="engine",
                      reason="no legal action is left and the prey is not complete")
    core = state.rules.core
    if core and bounds and not state.options and _relaxation_infeasible(state):
        return answer(UNWINNABLE, method="cp-sat relaxation",
                      reason="no column-closed set of monsters that meets the prey fits the "
                      "cards and weapons left (the counting relaxation is infeasible)")
    canonical = Canonicalizer(state.rules)
    prune = CoreBound() if core and bounds else None
    strategies = [DepthFirst(state, prune=prune, canonical=canonical),
                  BestFirst(state, prune=prune, canonical=canonical),
                  DepthFirst(state, order=plain_order, prune=prune, canonical=canonical)]
    budget = Budget(seconds=None if seconds is None else
                    max(0.0, seconds - (time.perf_counter() - started)), states=states)
    found = portfolio(state, strategies, budget=budget, progress=progress)
    if found.status == WON:
        verify_line(state, found.line)  # raises: an unchecked line is never an answer
    return answer(found.status, found.line, found.states, found.strategy or "portfolio",
                  found.reason, pruned=found.pruned)


def _relaxation_infeasible(state: PuzzleState) -> bool:
    """Whether the CP-SAT relaxation proves the (quiet, core-rules) position lost."""
    # Imported here: OR-Tools takes most of a second to import, and only the core rules use it
    # (full-rules solves and the parallel workers never do).
    from dungeoneer.solver.cpsat_core import INFEASIBLE, RelaxedModel, Settings

    return RelaxedModel(state).solve(Settings(deterministic_time=5.0)).status == INFEASIBLE
