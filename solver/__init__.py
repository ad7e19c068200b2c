"""The Puzzle Dungeon solver: a winning line for a position, or a proof that none exists.

    from dungeoneer.solver import solve
    answer = solve(state, seconds=30)
    answer.status      # "won", "unwinnable" or "unknown", never anything else
    answer.steps       # for "won": the line as numbered steps, replayed through the engine

    solve(state, seconds=300, memory=512 * MB, workers=usable_cores())  # capped, on every core

Verdicts are honest: "won" only with a line that the engine has replayed to a win; "unwinnable"
only from a complete search (whose pruning rules are sound) or an infeasible relaxation of the
core rules; "unknown" when the budget ran out, whatever the search had seen by then. Neither the
memory cap nor the number of worker processes changes that (docs/solver.md).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import PuzzleState
from dungeoneer.solver.lines import Step, steps, verify_line
from dungeoneer.solver.parallel import (
    TABLELESS,
    Setup,
    run_portfolio,
    strategies_for,
    usable_cores,
)
from dungeoneer.solver.search import UNKNOWN, UNWINNABLE, WON, Budget
from dungeoneer.solver.table import MB

__all__ = ["DEFAULT_MEMORY", "MB", "UNKNOWN", "UNWINNABLE", "WON", "Answer", "solve",
           "usable_cores"]

DEFAULT_MEMORY = 1024 * MB
"""The default cap on the search's tables (bytes), shared by the strategies."""


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
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """{"status", "line", "positions", "seconds", "method", "reason"} for programs
        (docs/json.md): `line` is the winning line as steps, empty unless won."""
        return {"status": self.status, "line": [s.to_json() for s in self.steps],
                "positions": self.states, "seconds": round(self.seconds, 3),
                "method": self.method, "reason": self.reason}


def solve(state: PuzzleState, *, seconds: float | None = 30.0, states: int | None = None,
          progress: Callable[[int], None] | None = None, bounds: bool = True,
          memory: int | None = DEFAULT_MEMORY, workers: int = 1, kernel: bool = True) -> Answer:
    """Decide the position: won (with a checked line), unwinnable, or unknown.

    `memory` caps the search's transposition tables and frontier, in bytes (None: no cap),
    shared equally by the strategies whatever the number of processes; each process's own
    interpreter comes on top. `workers` is the number of processes to run the strategies on (this
    one included); the answer is the same for any number. `bounds=False` switches off the CP-SAT
    relaxation and the core bound, `kernel=False` the search kernels (`solver.kernel` under the
    core rules, `solver.rules_kernel` under the full rules: the depth-first search then runs on
    the engine), to measure what they save."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if memory is not None and memory < 1:
        raise ValueError(f"memory must be a positive number of bytes, not {memory}")
    started = time.perf_counter()

    def answer(status: str, line: Sequence[Action] = (), count: int = 0, method: str = "",
               reason: str = "", **details: Any) -> Answer:
        told = tuple(steps(state, tuple(line))) if status == WON else ()
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
    strategies = strategies_for(state, kernel=kernel)
    tables = sum(1 for name in strategies if name not in TABLELESS)
    share = None if memory is None else memory // max(1, tables)
    setup = Setup(state, strategies=strategies, memory=share, bounds=bounds)
    budget = Budget(seconds=None if seconds is None else
                    max(0.0, seconds - (time.perf_counter() - started)), states=states)
    found = run_portfolio(setup, workers=workers, budget=budget, progress=progress)
    if found.status == WON:
        verify_line(state, found.line)  # raises: an unchecked line is never an answer
    return answer(found.status, found.line, found.states, found.strategy or "portfolio",
                  found.reason, pruned=found.pruned, evicted=found.evicted)


def _relaxation_infeasible(state: PuzzleState) -> bool:
    """Whether the CP-SAT relaxation proves the (quiet, core-rules) position lost."""
    # Imported here: OR-Tools takes most of a second to import, and only the core rules use it
    # (full-rules solves and the parallel workers never do).
    from dungeoneer.solver.cpsat_core import INFEASIBLE, RelaxedModel, Settings

    return RelaxedModel(state).solve(Settings(deterministic_time=5.0)).status == INFEASIBLE
