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

import gc
import heapq
import itertools
import time
from collections.abc import Callable, Hashable
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
Branch = Callable[[PuzzleState, Canonicalizer], tuple[Action, ...]]
"""Which of a position's legal actions a search tries (`solver.branches`)."""


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

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle's default restores a frozen dataclass's fields one by one, which a compiled
        # class refuses; building it again from its fields works compiled and pure alike.
        return SearchResult, (self.status, self.line, self.states, self.pruned, self.seconds,
                              self.reason, self.strategy, self.evicted)


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

    def __reduce__(self) -> tuple[Any, ...]:
        # (Sent from worker processes: built again from its fields, as `SearchResult`.)
        return Verdict, (self.status, self.line)


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

    def __reduce__(self) -> tuple[Any, ...]:
        # (Sent from worker processes: built again from its fields, as `SearchResult`.)
        return Report, (self.name, self.states, self.pruned, self.evicted, self.collected,
                        self.prey, self.verdict)


class Strategy:
    """A resumable search: `resume()` goes on from where the last turn paused and returns None
    when the positions granted to it (`grant`) are used up, a Verdict when it has one. Its
    place in the search is kept on the object (not in a generator), so that compiled, its loop
    is a plain native one. `memory` caps its table (bytes; None: no cap)."""

    def __init__(self, root: PuzzleState, *, prune: Prune | None = None,
                 canonical: Canonicalizer | None = None, memory: int | None = None) -> None:
        self.name = "strategy"
        self.root = root
        self.prune = prune
        self.canonical = canonical or Canonicalizer(root.rules)
        self.key: Callable[[PuzzleState], Hashable] = self.canonical.key
        self.table = self._table(memory)
        self.states = 0
        self.pruned = 0
        self.furthest: PuzzleState | Board = root
        """The position with the most monsters collected so far (to say how far a search got)."""
        self.next_pause = 0
        self.deadline: float | None = None
        """When to pause whatever is left of the turn (`time.perf_counter()`): the time limit's
        end, so that a turn does not run past it."""
        self.started = False
        self.ended = False

    def _table(self, memory: int | None) -> Table:
        """The transposition table, sized for `memory` bytes: it holds its keys and, once full,
        says so."""
        return Table(None if memory is None else max(1, memory // BYTES_PER_KEY))

    def visit(self, state: PuzzleState) -> Hashable | None:
        """Record a new position and return its key; None if it was seen before or is proven
        lost."""
        k: Hashable = self.key(state)
        if not self.table.insert(k):
            return None
        self.states += 1
        if state.collected != self.furthest.collected and \
                state.collected.bit_count() > self.furthest.collected.bit_count():
            self.furthest = state
        if not state.options and self.prune is not None and not state.won() and self.prune(state):
            self.pruned += 1
            return None
        return k

    def resume(self) -> Verdict | None:
        """Search on from where the last turn paused (the first turn checks the start position):
        None when the turn is over, the Verdict when there is one (and None ever after)."""
        if self.ended:
            return None
        if self.started:
            verdict = self.explore(True)
        else:
            self.started = True
            verdict = self.start()
        if verdict is not None:
            self.ended = True
        return verdict

    def start(self) -> Verdict | None:
        """The first turn: check the start position, then explore."""
        if self.root.won():
            return Verdict(WON)
        key = self.visit(self.root)
        if key is None:
            return Verdict(UNWINNABLE)
        self.begin(key)
        return self.explore(False)

    def grant(self, positions: int) -> None:
        """Allow this strategy `positions` more new positions before it pauses."""
        self.next_pause = self.states + positions

    def pause_due(self) -> bool:
        """Whether this strategy's turn is over (it then pauses): its positions are used up, or
        the time limit is."""
        return self.states >= self.next_pause or (
            self.deadline is not None and time.perf_counter() >= self.deadline)

    def begin(self, key: Hashable) -> None:
        """Set out from the (visited, not won) start position, whose key is `key`."""
        raise NotImplementedError

    def explore(self, resumed: bool) -> Verdict | None:
        """Search until the turn is over (None) or there is a Verdict. `resumed`: the turn goes
        on from a pause, and the step that paused is taken before the next check."""
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

    def __init__(self, root: PuzzleState, *, order: Order = guided_order,
                 branch: Branch = branches, prune: Prune | None = None,
                 canonical: Canonicalizer | None = None, memory: int | None = None) -> None:
        self.path: list[Hashable] = []
        """The keys of the positions on the stack, root first (the table keeps them)."""
        super().__init__(root, prune=prune, canonical=canonical, memory=memory)
        self.order = order
        self.branch = branch
        self.name = "depth-first" if order is guided_order else "plain depth-first"
        self.stack: list[_Frame] = []

    def _table(self, memory: int | None) -> Table:
        capacity = None if memory is None else max(2, memory // BYTES_PER_KEY)
        return GenerationalTable(capacity, pinned=self.path)

    def begin(self, key: Hashable) -> None:
        root = self.root
        self.stack.append((root, self._children(root), None))
        self.path.append(key)

    def explore(self, resumed: bool) -> Verdict | None:
        stack, path = self.stack, self.path
        check = not resumed
        while stack:
            if check and self.pause_due():
                return None
            check = True
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
        actions = self.branch(state, self.canonical)
        if len(actions) < 2:  # (an order of one is that one: most positions deal and no more)
            return list(actions)
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


class _Node:
    """A best-first node: a position, the action that reached it and the node it was reached
    from (None at the root). A class, not a tuple: mypy cannot expand a recursive tuple alias
    for mypyc (it recurses without end)."""

    __slots__ = ("action", "parent", "state")

    def __init__(self, state: PuzzleState, action: Action | None, parent: _Node | None) -> None:
        self.state = state
        self.action = action
        self.parent = parent


class BestFirst(Strategy):
    """Greedy best-first search on `solver.ordering.estimate` (lower is closer to a win). Its
    frontier holds whole positions, and forgetting keys could make it loop, so under a memory cap
    it does not evict: it stops (DROPPED) when its table is full."""

    def __init__(self, root: PuzzleState, *, prune: Prune | None = None,
                 canonical: Canonicalizer | None = None, memory: int | None = None) -> None:
        super().__init__(root, prune=prune, canonical=canonical, memory=memory)
        self.name = "best-first"
        # The frontier: (estimate, insertion number, node), the least first.
        self.heap: list[tuple[int, int, _Node]] = []
        self.tie = 0
        """The frontier's next insertion number: of equal estimates, the first pushed pops
        first."""

    def _table(self, memory: int | None) -> Table:
        # Its share pays for the frontier too: a cost per position, not per key.
        return Table(None if memory is None else max(1, memory // BYTES_PER_FRONTIER_POSITION))

    def begin(self, key: Hashable) -> None:
        root = self.root
        self.heap.append((estimate(root), self.tie, _Node(root, None, None)))
        self.tie += 1

    def explore(self, resumed: bool) -> Verdict | None:
        heap = self.heap
        check = not resumed
        while heap:
            if check and self.pause_due():
                return None
            check = True
            if self.table.full():
                return Verdict(DROPPED)
            _, _, node = heapq.heappop(heap)
            state = node.state
            for action in branches(state, self.canonical):
                child = state.apply(action)
                if self.visit(child) is None:
                    continue
                child_node = _Node(child, action, node)
                if child.won():
                    return Verdict(WON, _line(child_node))
                if child.legal_actions():
                    heapq.heappush(heap, (estimate(child), self.tie, child_node))
                    self.tie += 1
        return Verdict(UNWINNABLE)


def _line(node: _Node) -> tuple[Action, ...]:
    actions: list[Action] = []
    parent = node.parent
    while parent is not None:
        assert node.action is not None  # only the root has no action, and only the root no parent
        actions.append(node.action)
        node, parent = parent, parent.parent
    return tuple(reversed(actions))


def turn_of(round_: int, first_slice: int = 100, slice_size: int = 2000) -> int:
    """The portfolio's turn (positions per strategy) in round `round_`: `first_slice`, doubling
    up to `slice_size`."""
    return first_slice if round_ == 0 else min(slice_size, first_slice << min(round_, 64))


class Runner:
    """A strategy, taking turns."""

    def __init__(self, strategy: Strategy) -> None:
        self.strategy = strategy

    def turn(self, positions: int) -> Report:
        """Search `positions` more positions (or until a verdict); the strategy's report."""
        strategy = self.strategy
        strategy.grant(positions)
        # The garbage collector waits while a strategy searches: positions, keys and the
        # engine's working objects form no reference cycle (its recursive walks are functions,
        # not closures), so it frees nothing there, yet its passes over a growing table took
        # about a seventh of a compiled depth-first search (perf). At the turn's end one pass
        # over what the turn made still frees any cycle some card file's ability makes, and,
        # resetting the youngest generation's count, keeps the collector from starting a
        # full pass over the table as soon as it is back (measured A/B, compiled: depth-first
        # 1.15-1.35 times as many positions a second as with the collector on; the rollouts,
        # whose table is small, the same either way).
        collecting = gc.isenabled()
        gc.disable()
        try:
            verdict = strategy.resume()
        finally:
            if collecting:
                gc.collect(0)
                gc.enable()
        return strategy.report(verdict)


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
    for round_ in itertools.count():
        turn = turn_of(round_, first_slice, slice_size)
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
