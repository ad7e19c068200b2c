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

Each table may have a memory cap (`memory`, bytes; `solver.table`): depth-first then forgets old
keys and may search a position again, which keeps it complete; best-first drops out of the
portfolio when its share is used up, claiming nothing.
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable, Generator, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import Board, PuzzleState, prey_progress
from dungeoneer.solver.branches import branches
from dungeoneer.solver.canonical import Canonicalizer
from dungeoneer.solver.ordering import estimate, guided_order
from dungeoneer.solver.table import (
    BYTES_PER_FRONTIER_POSITION,
    BYTES_PER_KEY,
    GenerationalTable,
    Table,
)

WON, UNWINNABLE, UNKNOWN = "won", "unwinnable", "unknown"
DROPPED = "dropped"
"""A strategy's end when its memory share is used up: it claims nothing and leaves the portfolio."""

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
    evicted: int = 0
    """Table entries dropped to stay within the memory cap (those positions may be searched
    again)."""


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

    def deadline(self) -> float | None:
        """When the time limit runs out (`time.perf_counter()`), or None."""
        return None if self.seconds is None else self.started + self.seconds


def plain_order(state: PuzzleState, actions: tuple[Action, ...]) -> list[Action]:
    """The engine's own order: deal first, then attacks left to right."""
    return list(actions)


@dataclass(frozen=True)
class Verdict:
    """How a strategy ended: won (with its line), unwinnable (nothing left to explore) or dropped
    (its memory share is used up)."""

    status: str
    line: tuple[Action, ...] = ()


@dataclass(frozen=True)
class Report:
    """A strategy's account after a turn, for the portfolio (it pickles, for worker processes)."""

    name: str
    states: int = 0
    pruned: int = 0
    evicted: int = 0
    collected: int = 0
    """Monsters collected in the furthest position so far."""
    prey: tuple[tuple[str, int, int], ...] = ()
    """That position's prey progress: (kind, have, need)."""
    verdict: Verdict | None = None


class Strategy:
    """A resumable search: `run()` yields when the positions granted to it are used up, and
    returns a Verdict when it has one. `memory` caps its table (bytes; None: no cap)."""

    name = "strategy"

    def __init__(self, root: PuzzleState, *, prune: Prune | None = None,
                 canonical: Canonicalizer | None = None, memory: int | None = None) -> None:
        self.root = root
        self.prune = prune
        self.canonical = canonical or Canonicalizer(root.rules)
        self.key = self.canonical.key
        self.table = self._table(memory)
        self.states = 0
        self.pruned = 0
        self.furthest: PuzzleState | Board = root
        """The position with the most monsters collected so far (to say how far a search got)."""
        self.next_pause = 0
        self.deadline: float | None = None
        """When to pause whatever is left of the turn (`time.perf_counter()`): the time limit's
        end, so that a turn does not run past it."""

    def _table(self, memory: int | None) -> Table:
        """The transposition table, sized for `memory` bytes: it holds its keys and, once full,
        says so."""
        return Table(None if memory is None else max(1, memory // BYTES_PER_KEY))

    def visit(self, state: PuzzleState) -> Hashable | None:
        """Record a new position and return its key; None if it was seen before or is proven
        lost."""
        k: Hashable = self.key(state)
        if self.table.seen(k):
            return None
        self.table.add(k)
        self.states += 1
        if state.collected.bit_count() > self.furthest.collected.bit_count():
            self.furthest = state
        if not state.options and self.prune is not None and not state.won() and self.prune(state):
            self.pruned += 1
            return None
        return k

    def run(self) -> Generator[None, None, Verdict]:
        """Check the start position, then explore, pausing when the granted positions are used
        up (see `grant`)."""
        if self.root.won():
            return Verdict(WON)
        key = self.visit(self.root)
        if key is None:
            return Verdict(UNWINNABLE)
        return (yield from self.explore(key))

    def grant(self, positions: int) -> None:
        """Allow this strategy `positions` more new positions before it pauses."""
        self.next_pause = self.states + positions

    def pause_due(self) -> bool:
        """Whether this strategy's turn is over (it then yields): its positions are used up, or
        the time limit is."""
        return self.states >= self.next_pause or (
            self.deadline is not None and time.perf_counter() >= self.deadline)

    def explore(self, key: Hashable) -> Generator[None, None, Verdict]:
        """Search from the (visited, not won) start position, whose key is `key`; return a
        Verdict."""
        raise NotImplementedError

    def report(self, verdict: Verdict | None = None) -> Report:
        """Where this strategy stands, for the portfolio."""
        furthest = self.furthest
        return Report(self.name, self.states, self.pruned, self.table.evicted,
                      furthest.collected.bit_count(), tuple(prey_progress(furthest)), verdict)


_Frame: TypeAlias = "tuple[PuzzleState, list[Action], Action | None]"
"""A depth-first frame: (state, the children left to try, the action that reached it); None for
the root."""


class DepthFirst(Strategy):
    """Depth-first search with a move ordering. Under a memory cap its table forgets old keys but
    never those of the positions on its path, so it never re-enters one: it still terminates,
    and it claims unwinnable only when its stack is empty (docs/solver.md, "Bounded memory")."""

    def __init__(self, root: PuzzleState, *, order: Order = guided_order, **kw: Any) -> None:
        self.path: list[Hashable] = []
        """The keys of the positions on the stack, root first (the table keeps them)."""
        super().__init__(root, **kw)
        self.order = order
        self.name = "depth-first" if order is guided_order else "plain depth-first"

    def _table(self, memory: int | None) -> Table:
        capacity = None if memory is None else max(2, memory // BYTES_PER_KEY)
        return GenerationalTable(capacity, pinned=self.path)

    def explore(self, key: Hashable) -> Generator[None, None, Verdict]:
        root, path = self.root, self.path
        stack: list[_Frame] = [(root, self._children(root), None)]
        path.append(key)
        while stack:
            if self.pause_due():
                yield None
            state, children, _via = stack[-1]
            if not children:
                stack.pop()
                path.pop()
                continue
            action = children.pop()
            child = state.apply(action)
            key = self.visit(child)
            if key is None:
                continue
            if child.won():
                return Verdict(WON, (*_via_actions(stack), action))
            stack.append((child, self._children(child), action))
            path.append(key)
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
    """Greedy best-first search on `solver.ordering.estimate` (lower is closer to a win). Its
    frontier holds whole positions, and forgetting keys could make it loop, so under a memory cap
    it does not evict: it stops (DROPPED) when its table is full."""

    name = "best-first"

    def _table(self, memory: int | None) -> Table:
        # Its share pays for the frontier too: a cost per position, not per key.
        return Table(None if memory is None else max(1, memory // BYTES_PER_FRONTIER_POSITION))

    def explore(self, key: Hashable) -> Generator[None, None, Verdict]:
        root = self.root
        tie = itertools.count()
        # Nodes are (state, action, parent node): the line is rebuilt from the parents.
        heap: list[tuple[int, int, _Node]] = [(estimate(root), next(tie), (root, None, None))]
        while heap:
            if self.pause_due():
                yield None
            if self.table.full():
                return Verdict(DROPPED)
            _, _, node = heapq.heappop(heap)
            state = node[0]
            for action in branches(state, self.canonical):
                child = state.apply(action)
                if self.visit(child) is None:
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


def turn_of(round_: int, first_slice: int = 100, slice_size: int = 2000) -> int:
    """The portfolio's turn (positions per strategy) in round `round_`: `first_slice`, doubling
    up to `slice_size`."""
    return first_slice if round_ == 0 else min(slice_size, first_slice << min(round_, 64))


def turns(first_slice: int = 100, slice_size: int = 2000) -> Iterator[int]:
    """The portfolio's turns, round after round."""
    return (turn_of(r, first_slice, slice_size) for r in itertools.count())


class Runner:
    """A strategy and its search, taking turns."""

    def __init__(self, strategy: Strategy) -> None:
        self.strategy = strategy
        self.running = strategy.run()

    def turn(self, positions: int) -> Report:
        """Search `positions` more positions (or until a verdict); the strategy's report."""
        self.strategy.grant(positions)
        try:
            next(self.running)
        except StopIteration as stop:
            return self.strategy.report(stop.value)
        return self.strategy.report()


class Referee:
    """Takes the strategies' reports in strategy order, turn by turn, and says when the portfolio
    has its answer: the first verdict, or unknown once the budget is spent. The in-process
    portfolio and the parallel one (`solver.parallel`) share it, so they answer alike."""

    def __init__(self, reports: list[Report], budget: Budget,
                 progress: Callable[[int], None] | None = None) -> None:
        self.reports = reports
        self.active = [True] * len(reports)
        self.budget = budget
        self.progress = progress

    def total(self) -> int:
        """Positions visited so far, by every strategy."""
        return sum(r.states for r in self.reports)

    def take(self, index: int, report: Report) -> SearchResult | None:
        """Strategy `index`'s report after its turn: the portfolio's answer, or None to go on."""
        self.reports[index] = report
        verdict = report.verdict
        if verdict is not None and verdict.status == WON:
            return self._result(WON, verdict.line, f"{report.name} found a win after "
                                f"{self.total()} positions", report.name)
        if verdict is not None and verdict.status == UNWINNABLE:
            return self._result(UNWINNABLE, (), _exhausted(report), report.name)
        if verdict is not None:  # dropped: it claims nothing and takes no more turns
            self.active[index] = False
        if self.progress is not None:
            self.progress(self.total())
        if self.budget.spent(self.total()) or not any(self.active):
            return self._unknown()
        return None

    def _result(self, status: str, line: tuple[Action, ...], reason: str,
                strategy: str = "") -> SearchResult:
        reports = self.reports
        return SearchResult(status, line, self.total(), sum(r.pruned for r in reports),
                            self.budget.elapsed(), reason, strategy,
                            sum(r.evicted for r in reports))

    def _unknown(self) -> SearchResult:
        furthest = max(self.reports, key=lambda r: r.collected)
        reached = ", ".join(f"{kind} {have}/{need}" for kind, have, need in furthest.prey)
        why = ("the budget ran out" if any(self.active) else
               "every strategy used up its memory share")
        return self._result(UNKNOWN, (), f"{why} after {self.total()} positions in "
                            f"{self.budget.elapsed():.1f} s; the furthest position collected "
                            f"{furthest.collected} monsters (prey {reached})")


def _exhausted(report: Report) -> str:
    """Why a strategy's exhausted search proves the position unwinnable."""
    again = (f"; {report.evicted} table entries were dropped for memory, so some positions were "
             "searched more than once" if report.evicted else "")
    return (f"{report.name} searched all {report.states} positions reachable ({report.pruned} "
            f"proven lost by a bound{again}) and none is won")


def portfolio(root: PuzzleState, strategies: list[Strategy], *, budget: Budget | None = None,
              slice_size: int = 2000, first_slice: int = 100,
              progress: Callable[[int], None] | None = None) -> SearchResult:
    """Run the strategies in turns until one has a verdict or the budget is spent. Turns start at
    `first_slice` positions and double each round up to `slice_size`, so a deal that one
    strategy wins at once costs the others little."""
    if not strategies:
        raise ValueError("a portfolio needs at least one strategy")
    budget = budget or Budget()
    for strategy in strategies:
        strategy.deadline = budget.deadline()
    runners = [Runner(strategy) for strategy in strategies]
    referee = Referee([s.report() for s in strategies], budget, progress)
    for turn in turns(first_slice, slice_size):
        for index, runner in enumerate(runners):
            if referee.active[index]:
                found = referee.take(index, runner.turn(turn))
                if found is not None:
                    return found
    raise AssertionError("unreachable: the rounds never end")


def search(root: PuzzleState, *, budget: Budget | None = None, prune: Prune | None = None,
           order: Order = guided_order, canonical: Canonicalizer | None = None,
           progress: Callable[[int], None] | None = None,
           memory: int | None = None) -> SearchResult:
    """A single depth-first search (the plain baseline with `order=plain_order`); `memory` caps
    its table (bytes)."""
    strategy = DepthFirst(root, order=order, prune=prune, canonical=canonical, memory=memory)
    return portfolio(root, [strategy], budget=budget, progress=progress)
