"""Depth-first search over Puzzle Dungeon positions, with a transposition table.

The search explores every position reachable from the start, once each (positions with the same
canonical key count as one), until it reaches a won position or runs out of positions, time or
its state budget. It is complete: if it ends without a win and without a budget running out, and
every pruning rule it used is sound, no line wins. Pruning rules (`solver.bounds`) only cut
positions they prove lost.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.protocol import Action
from engine.puzzle_dungeon import PuzzleState
from solver.canonical import Canonicalizer

WON, UNWINNABLE, UNKNOWN = "won", "unwinnable", "unknown"


@dataclass(frozen=True)
class SearchResult:
    """What a search found: a verdict, the winning line (for won), and how far it got."""

    status: str
    line: tuple[Action, ...] = ()
    states: int = 0
    pruned: int = 0
    seconds: float = 0.0
    reason: str = ""


@dataclass
class Budget:
    """When to stop: a time limit (seconds) and/or a number of positions."""

    seconds: float | None = None
    states: int | None = None
    started: float = field(default_factory=time.perf_counter)

    def spent(self, states: int) -> bool:
        if self.states is not None and states >= self.states:
            return True
        return self.seconds is not None and time.perf_counter() - self.started >= self.seconds


Prune = Callable[[PuzzleState], bool]
"""A pruning rule: True when the position is proven lost."""
Order = Callable[[PuzzleState, tuple[Action, ...]], list[Action]]
"""A move ordering: the actions to try, best first (it may drop provably redundant ones)."""


def plain_order(state: PuzzleState, actions: tuple[Action, ...]) -> list[Action]:
    """The engine's own order: deal first, then attacks left to right."""
    return list(actions)


def search(root: PuzzleState, *, budget: Budget | None = None, prune: Prune | None = None,
           order: Order = plain_order, canonical: Canonicalizer | None = None,
           progress: Callable[[int], None] | None = None,
           progress_every: int = 2000) -> SearchResult:
    """Search from `root` for a won position."""
    budget = budget or Budget()
    canon = canonical or Canonicalizer(root.rules)
    key = canon.key
    seen: set = set()
    states = pruned = 0

    def finish(status: str, line: tuple[Action, ...] = (), reason: str = "") -> SearchResult:
        return SearchResult(status, line, states, pruned, time.perf_counter() - budget.started,
                            reason)

    if root.won():
        return finish(WON, (), "the start position is already won")
    # Each frame: the position, its remaining actions (best last, for pop()), the action that led
    # to it from the frame below.
    stack: list[tuple[PuzzleState, list[Action], Action | None]] = []

    def enter(state: PuzzleState, via: Action | None) -> bool:
        """Push a new position if it is worth exploring; True if it is won."""
        nonlocal states, pruned
        k = key(state)
        if k in seen:
            return False
        seen.add(k)
        states += 1
        if state.won():
            stack.append((state, [], via))
            return True
        if prune is not None and not state.options and prune(state):
            pruned += 1
            return False
        actions = state.legal_actions()
        if actions:
            children = order(state, actions)
            children.reverse()
            stack.append((state, children, via))
        return False

    if enter(root, None):
        return finish(WON, (), "the start position is already won")
    while stack:
        if states % 256 == 0 and budget.spent(states):
            return finish(UNKNOWN, reason=f"the budget ran out after {states} positions")
        if progress is not None and states % progress_every == 0:
            progress(states)
        state, children, _via = stack[-1]
        if not children:
            stack.pop()
            continue
        action = children.pop()
        if enter(state.apply(action), action):
            line = tuple(frame[2] for frame in stack[1:])
            return finish(WON, line, f"found after {states} positions")
    return finish(UNWINNABLE, reason=f"every one of the {states} reachable positions was "
                  f"searched ({pruned} proven lost by a bound) and none is won")
