"""Searching Puzzle Dungeon positions for a win: depth-first, best-first, and a portfolio of both.

Each strategy explores positions reachable from the start, once each (positions with the same
canonical key count as one, `solver.canonical`), until it reaches a won position or has nothing
left to explore. Both are complete: a strategy that runs out of positions, having pruned only
positions a sound rule (`solver.bounds`) proves lost, has shown that no line wins. Move ordering
and the best-first estimate only decide what is tried first.

The portfolio (as in Freecell Solver) runs the strategies in turns (short at first, then longer),
each with its own table, and stops at the first verdict: a win from either, or a complete search
from either. Depth-first dives and finds long lines cheaply; best-first escapes the bad subtrees
depth-first gets stuck in. Neither wins on every deal; together they decide more deals, sooner.
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TypeAlias

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import PuzzleState
from dungeoneer.engine.puzzle_dungeon.rules import prey_progress
from dungeoneer.solver.branches import branches
from dungeoneer.solver.canonical import Canonicalizer
from dungeoneer.solver.ordering import estimate, guided_order

WON, UNWINNABLE, UNKNOWN = "won", "unwinnable", "unknown"

Prune = Callable[[PuzzleState], bool]
"""A sound pruning rule: True only when the position is proven lost."""
Order = Callable[[PuzzleState, tuple[Action, ...]], list[Action]]
"""A move ordering: the actions to try, best first."""


@dataclass(frozen=True)
class SearchResult:
    """What a search found: a verdict, the winning line (for won), and how far it got."""

    status: str
    line: tuple[Action, ...] = ()
    states: int = 0
    pruned: int = 0
    seconds: float = 0.0
    reason: str = ""
    strategy: str = ""


@dataclass
class Budget:
    """When to stop: a time limit (seconds) and/or a number of positions."""

    seconds: float | None = None
    states: int | None = None
    started: float = field(default_factory=time.perf_counter)

    def spent(self, states: int) -> bool:
        """Whether the budget is used up after `states` positions."""
        if self.states is not None and states >= self.states:
            return True
        return self.seconds is not None and self.elapsed() >= self.seconds

    def elapsed(self) -> float:
        return time.perf_counter() - self.started


def plain_order(state: PuzzleState, actions: tuple[Action, ...]) -> list[Action]:
    """The engine's own order: deal first, then attacks left to right."""
    return list(actions)


@dataclass
class Verdict:
    """How a strategy ended: won (with its line) or exhausted (nothing left to explore)."""

    status: str
    line: tuple[Action, ...] = ()


class Strategy:
    """A resumable search: `run()` yields when the positions granted to it are used up, and
    returns a Verdict when it has one."""

    name = "strategy"

    def __init__(self, root: PuzzleState, *, prune: Prune | None = None,
                 canonical: Canonicalizer | None = None) -> None:
        self.root = root
        self.prune = prune
        self.canonical = canonical or Canonicalizer(root.rules)
        self.key = self.canonical.key
        self.seen: set = set()
        self.states = 0
        self.pruned = 0
        self.furthest = root
        """The position with the most monsters collected so far (to say how far a search got)."""
        self.next_pause = 0

    def visit(self, state: PuzzleState) -> bool:
        """Record a new position; False if it was seen before or is proven lost."""
        k = self.key(state)
        if k in self.seen:
            return False
        self.seen.add(k)
        self.states += 1
        if len(state.collected) > len(self.furthest.collected):
            self.furthest = state
        if not state.options and self.prune is not None and not state.won() and self.prune(state):
            self.pruned += 1
            return False
        return True

    def run(self) -> Generator[None, None, Verdict]:
        """Check the start position, then explore, pausing when the granted positions are used
        up (see `grant`)."""
        if self.root.won():
            return Verdict(WON)
        if not self.visit(self.root):
            return Verdict(UNWINNABLE)
        return (yield from self.explore())

    def grant(self, positions: int) -> None:
        """Allow this strategy `positions` more new positions before it pauses."""
        self.next_pause = self.states + positions

    def pause_due(self) -> bool:
        """Whether this strategy's turn is over (it then yields)."""
        return self.states >= self.next_pause

    def explore(self) -> Generator[None, None, Verdict]:
        """Search from the (visited, not won) start position; return a Verdict."""
        raise NotImplementedError


_Frame: TypeAlias = "tuple[PuzzleState, list[Action], Action | None]"
"""A depth-first frame: (state, the children left to try, the action that reached it); None for
the root."""


class DepthFirst(Strategy):
    """Depth-first search with a move ordering."""

    def __init__(self, root: PuzzleState, *, order: Order = guided_order, **kw) -> None:
        super().__init__(root, **kw)
        self.order = order
        self.name = "depth-first" if order is guided_order else "plain depth-first"

    def explore(self) -> Generator[None, None, Verdict]:
        root = self.root
        stack: list[_Frame] = []
        stack.append((root, self._children(root), None))
        while stack:
            if self.pause_due():
                yield None
            state, children, _via = stack[-1]
            if not children:
                stack.pop()
                continue
            action = children.pop()
            child = state.apply(action)
            if not self.visit(child):
                continue
            if child.won():
                return Verdict(WON, (*_via_actions(stack), action))
            stack.append((child, self._children(child), action))
        return Verdict(UNWINNABLE)

    def _children(self, state: PuzzleState) -> list[Action]:
        actions = branches(state, self.canonical)
        if not actions:
            return []
        children = self.order(state, actions)
        children.reverse()  # pop() takes the best first
        return children


def _via_actions(stack: list[_Frame]) -> list[Action]:
    """The actions that reached the frames of a depth-first stack, the root's excepted."""
    actions = []
    for _state, _children, via in stack[1:]:
        assert via is not None  # only the root frame has no action
        actions.append(via)
    return actions


_Node: TypeAlias = "tuple[PuzzleState, Action | None, _Node | None]"
"""A best-first node: (state, the action that reached it, the parent node); None at the root."""


class BestFirst(Strategy):
    """Greedy best-first search on `solver.ordering.estimate` (lower is closer to a win)."""

    name = "best-first"

    def explore(self) -> Generator[None, None, Verdict]:
        root = self.root
        tie = itertools.count()
        # Nodes are (state, action, parent node): the line is rebuilt from the parents.
        heap: list[tuple[int, int, _Node]] = [(estimate(root), next(tie), (root, None, None))]
        while heap:
            if self.pause_due():
                yield None
            _, _, node = heapq.heappop(heap)
            state = node[0]
            for action in branches(state, self.canonical):
                child = state.apply(action)
                if not self.visit(child):
                    continue
                child_node = (child, action, node)
                if child.won():
                    return Verdict(WON, _line(child_node))
                if child.legal_actions():
                    heapq.heappush(heap, (estimate(child), next(tie), child_node))
        return Verdict(UNWINNABLE)


def _line(node: _Node) -> tuple[Action, ...]:
    actions: list[Action] = []
    while node[2] is not None:
        assert node[1] is not None  # only the root has no action, and only the root no parent
        actions.append(node[1])
        node = node[2]
    return tuple(reversed(actions))


def portfolio(root: PuzzleState, strategies: list[Strategy], *, budget: Budget | None = None,
              slice_size: int = 2000, first_slice: int = 100,
              progress: Callable[[int], None] | None = None) -> SearchResult:
    """Run the strategies in turns until one has a verdict or the budget is spent. Turns start at
    `first_slice` positions and double each round up to `slice_size`, so a deal that one
    strategy wins at once costs the others little."""
    if not strategies:
        raise ValueError("a portfolio needs at least one strategy")
    budget = budget or Budget()
    runs = [(strategy, strategy.run()) for strategy in strategies]

    def total() -> int:
        return sum(s.states for s, _ in runs)

    def result(status: str, line=(), reason="", strategy="") -> SearchResult:
        return SearchResult(status, tuple(line), total(), sum(s.pruned for s, _ in runs),
                            budget.elapsed(), reason, strategy)

    turn = first_slice
    while True:
        for strategy, running in runs:
            strategy.grant(turn)
            try:
                next(running)
            except StopIteration as stop:
                verdict: Verdict = stop.value
                if verdict.status == WON:
                    return result(WON, verdict.line, f"{strategy.name} found a win after "
                                  f"{total()} positions", strategy.name)
                return result(UNWINNABLE, (), f"{strategy.name} searched all "
                              f"{strategy.states} positions reachable ({strategy.pruned} proven "
                              "lost by a bound) and none is won", strategy.name)
            if progress is not None:
                progress(total())
            if budget.spent(total()):
                furthest = max((s.furthest for s, _ in runs), key=lambda f: len(f.collected))
                reached = ", ".join(f"{kind} {have}/{need}"
                                    for kind, have, need in prey_progress(furthest))
                return result(UNKNOWN, (), f"the budget ran out after {total()} positions "
                              f"in {budget.elapsed():.1f} s; the furthest position collected "
                              f"{len(furthest.collected)} monsters (prey {reached})")
        turn = min(slice_size, turn * 2)


def search(root: PuzzleState, *, budget: Budget | None = None, prune: Prune | None = None,
           order: Order = guided_order, canonical: Canonicalizer | None = None,
           progress: Callable[[int], None] | None = None) -> SearchResult:
    """A single depth-first search (the plain baseline with `order=plain_order`)."""
    strategy = DepthFirst(root, order=order, prune=prune, canonical=canonical)
    return portfolio(root, [strategy], budget=budget, progress=progress)
