"""The solver's portfolio on several cores, with the same answer as on one.

The strategies never share anything (each has its own table), so each one's run is a fixed
sequence of turns whatever else happens: its report after turn r is the same in any process. The
portfolio's answer depends only on those reports, taken in strategy order round by round by the
`Referee`, exactly as the in-process portfolio takes them. So the work can be spread over
processes and the answer (status, winning line, positions counted) is the same for any number of
workers (under a position budget; a time limit stops wherever the clock says).

How it runs (docs/solver.md, "The portfolio on several cores"): every strategy starts in this
process, as on one core; a deal that is decided within `HANDOVER` seconds never starts a process.
After that, the strategies still running are dealt round-robin to `workers` processes, this one
included (and only if a time limit leaves them `HANDOVER_LEFT` seconds or more). Each
other process builds its strategies from the same `Setup`, replays their turns so far without
reporting (which gives the same positions again), then reports every turn. Every process may run
up to `AHEAD` rounds beyond the last one the referee has taken, so that nobody waits on a slow
turn; the work after the deciding round is thrown away.
"""

from __future__ import annotations

import itertools
import os
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import current_process, get_context
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import NoReturn

from dungeoneer.engine.puzzle_dungeon import PuzzleState
from dungeoneer.solver.bounds import CoreBound
from dungeoneer.solver.canonical import Canonicalizer
from dungeoneer.solver.kernel import KernelDepthFirst, unsupported
from dungeoneer.solver.native import NativeDepthFirst, native_rules
from dungeoneer.solver.rollouts import NestedRollouts
from dungeoneer.solver.rules_kernel import RulesKernel
from dungeoneer.solver.rules_kernel import unsupported as rules_unsupported
from dungeoneer.solver.search import (
    UNWINNABLE,
    WON,
    BestFirst,
    Budget,
    DepthFirst,
    Referee,
    Report,
    Runner,
    SearchResult,
    Strategy,
    plain_order,
    turn_of,
)

STRATEGIES = ("nested rollouts", "depth-first")
"""The portfolio's strategies, in the order their verdicts are taken: nested rollouts find the
wins (docs/solver.md, "Why the hard deals are hard"), the guided depth-first search is complete
and proves the losses (on a search kernel where one can start: `strategies_for`). "best-first",
"plain depth-first", "kernel depth-first" and "rules kernel depth-first" may be named too."""

KNOWN = ("nested rollouts", "depth-first", "best-first", "plain depth-first",
         "kernel depth-first", "rules kernel depth-first")
"""Every strategy a portfolio may run."""
TABLELESS = ("nested rollouts",)
"""Strategies that keep no table: they take no share of the memory cap."""

WEIGHTS = {"nested rollouts": 3, "kernel depth-first": 24}
"""How many times the common turn a strategy takes each round (1 if not named): a rollout's
position costs less than a stored one, and rollouts win nearly every deal. A position of the
core-rules kernel costs about a fifth of one of the compiled engine's (`benchmarks/kernel.py`;
a ninth before the engine's later gains): measured on 40 core-rules deals
(`benchmarks/solve.py --core`, 10 s each), a weight of 8 (about the engine search's share of
the time) proved 16 of them lost, 24 proved 19 and 64 the same 19, with the same 9 won by all
three."""

HANDOVER = 0.3
"""Seconds the portfolio runs in this process before it starts workers: most front-face deals are
decided sooner (median 0.05-0.12 s), and a worker's first report comes 0.16 s after it is started
(0.32 s under the `dungeoneer` command; spawn: a fresh interpreter importing the engine), plus the
time to replay its strategies' turns so far."""

HANDOVER_LEFT = 0.3
"""Seconds a time limit must still leave for workers to be worth starting."""

AHEAD = 2
"""Rounds a process may run beyond the last round the referee has taken."""


def strategies_for(root: PuzzleState, *, kernel: bool = True) -> tuple[str, ...]:
    """The portfolio for this position: `STRATEGIES`, where `kernel` allows with the
    depth-first search run on a search kernel that can start there: under the core rules the
    core-rules kernel's (`solver.kernel`, in the engine's order), under the full rules the
    full-rules kernel's (`solver.rules_kernel`), which visits the guided search's positions in
    its order, so that the portfolio's answers are the same, sooner."""
    if kernel and not unsupported(root):
        return tuple("kernel depth-first" if name == "depth-first" else name
                     for name in STRATEGIES)
    if kernel and not root.rules.core and not rules_unsupported(root):
        return tuple("rules kernel depth-first" if name == "depth-first" else name
                     for name in STRATEGIES)
    return STRATEGIES


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


@dataclass(frozen=True)
class Setup:
    """Everything a process needs to build the portfolio's strategies alike (it pickles: the
    position carries its game)."""

    root: PuzzleState
    strategies: tuple[str, ...] = STRATEGIES
    memory: int | None = None
    """Each strategy's share of the memory cap, bytes (None: no cap)."""
    bounds: bool = True
    """Prune with the core bound (under the core rules)."""
    first_slice: int = 100
    slice_size: int = 2000

    def build(self, indices: list[int]) -> dict[int, Strategy]:
        """The strategies of these indices, fresh."""
        root = self.root
        canonical = Canonicalizer(root.rules)
        prune = CoreBound() if root.rules.core and self.bounds else None
        return {i: _strategy(self.strategies[i], root, prune, canonical, self.memory)
                for i in indices}

    def turn(self, round_: int, index: int) -> int:
        """The turn of strategy `index` in round `round_`: the common turn times its weight."""
        weight = WEIGHTS.get(self.strategies[index], 1)
        return weight * turn_of(round_, self.first_slice, self.slice_size)


def _strategy(name: str, root: PuzzleState, prune: CoreBound | None, canonical: Canonicalizer,
              memory: int | None) -> Strategy:
    if name == "nested rollouts":
        return NestedRollouts(root, canonical=canonical)
    if name == "best-first":
        return BestFirst(root, prune=prune, canonical=canonical, memory=memory)
    if name == "depth-first":
        return DepthFirst(root, prune=prune, canonical=canonical, memory=memory)
    if name == "plain depth-first":
        return DepthFirst(root, order=plain_order, prune=prune, canonical=canonical,
                          memory=memory)
    if name == "kernel depth-first":
        return KernelDepthFirst(root, bound=prune, memory=memory)
    if name == "rules kernel depth-first":
        return rules_kernel_search(root, memory)
    raise ValueError(f"no strategy {name!r}; known: {', '.join(KNOWN)}")


def rules_kernel_search(root: PuzzleState, memory: int | None) -> Strategy:
    """The guided depth-first search on the full-rules kernel: in C (`native.NativeDepthFirst`)
    where the C kernel is built and plays the cards, else on the Python kernel; the same
    positions in the same order either way, so the same answers, under one name."""
    kernel, _why = native_rules(root)
    if kernel is not None:
        return NativeDepthFirst(root, memory=memory, kernel=kernel)
    search = KernelDepthFirst(root, memory=memory, kernel=RulesKernel(root, guided=True))
    search.name = "rules kernel depth-first"
    return search


def run_portfolio(setup: Setup, *, workers: int = 1, budget: Budget | None = None,
                  progress: Callable[[int], None] | None = None,
                  handover: float | None = None) -> SearchResult:
    """The portfolio's answer, on up to `workers` processes (this one included); the same
    answer for any `workers`. Workers start once the search has run `handover` seconds here
    (default `HANDOVER`) without a verdict."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if current_process().daemon:
        workers = 1  # a pool's worker may not start processes; the answer is the same anyway
    budget = budget or Budget()
    handover = HANDOVER if handover is None else handover
    count = len(setup.strategies)
    own = Own(setup, list(range(count)))
    for runner in own.runners.values():
        runner.strategy.deadline = budget.deadline()  # (a worker's turns end as they are granted)
    referee = Referee([runner.strategy.report() for runner in own.runners.values()], budget,
                      progress)
    team: Team | None = None
    try:
        for round_ in itertools.count():
            active = [i for i in range(count) if referee.active[i]]
            if team is None and workers > 1 and len(active) > 1 and _time_to_hand_over(
                    budget, handover):
                team = Team(setup, own, active, workers, round_)
            own.limit = round_ + AHEAD if team is not None else round_
            for index in active:
                if index in own.runners:
                    report = own.report(index, round_)
                else:
                    assert team is not None  # only a team runs strategies elsewhere
                    report = team.report(index, round_, own)
                found = referee.take(index, report)
                if found is not None:
                    return found
            if team is not None:
                team.allow(own.bound(round_ + 1 + AHEAD))
        raise AssertionError("unreachable: the rounds never end")
    finally:
        if team is not None:
            team.close()


def _time_to_hand_over(budget: Budget, handover: float) -> bool:
    """Whether to start the workers now: the search has run `handover` seconds here, and the time
    limit (if any) leaves them longer than that to be of use."""
    elapsed = budget.elapsed()
    return elapsed >= handover and (budget.seconds is None or
                                    budget.seconds - elapsed > max(handover, HANDOVER_LEFT))


class Own:
    """The strategies this process runs, each one turn after another; a strategy's turns can run
    ahead of the referee (up to round `limit`) while this process waits for a worker."""

    def __init__(self, setup: Setup, indices: list[int]) -> None:
        self.setup = setup
        self.runners = {i: Runner(s) for i, s in setup.build(indices).items()}
        self.done = dict.fromkeys(indices, 0)
        """The number of turns each strategy has taken."""
        self.finished: set[int] = set()
        self.reports: dict[tuple[int, int], Report] = {}
        self.limit = 0
        self.decisive: tuple[int, int] | None = None
        """(round, strategy) of the first verdict known (won or unwinnable, in any process): the
        referee stops there, so no later turn is needed."""

    def note(self, index: int, round_: int, report: Report) -> None:
        """Remember a verdict that will end the portfolio by that round."""
        verdict = report.verdict
        if verdict is not None and verdict.status in (WON, UNWINNABLE):
            found = (round_, index)
            self.decisive = found if self.decisive is None else min(self.decisive, found)

    def needed(self, index: int, round_: int) -> bool:
        """Whether the referee can still ask for strategy `index`'s turn of `round_`."""
        return self.decisive is None or (round_, index) < self.decisive

    def bound(self, round_: int) -> int:
        """`round_`, or the round of the first known verdict if that comes sooner."""
        return round_ if self.decisive is None else min(round_, self.decisive[0])

    def drop(self, indices: list[int]) -> None:
        """Give these strategies to other processes."""
        for index in indices:
            self.runners.pop(index, None)
            self.done.pop(index, None)

    def report(self, index: int, round_: int) -> Report:
        """Strategy `index`'s report after its turn of round `round_` (taken now if need be)."""
        while self.done[index] <= round_:
            self._step(index)
        return self.reports.pop((index, round_))

    def step_ahead(self) -> bool:
        """Take one turn ahead of the referee, if some strategy may; whether one was taken."""
        waiting = [i for i, done in self.done.items()
                   if done <= self.limit and i not in self.finished and self.needed(i, done)]
        if not waiting:
            return False
        self._step(min(waiting, key=self.done.__getitem__))
        return True

    def _step(self, index: int) -> None:
        done = self.done[index]
        report = self.runners[index].turn(self.setup.turn(done, index))
        self.reports[(index, done)] = report
        self.done[index] = done + 1
        if report.verdict is not None:
            self.finished.add(index)
            self.note(index, done, report)


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection


class Team:
    """The other processes: each runs some of the strategies and sends a report per turn."""

    def __init__(self, setup: Setup, own: Own, active: list[int], workers: int,
                 round_: int) -> None:
        shares = [active[k::workers] for k in range(min(workers, len(active)))]
        own.drop([i for share in shares[1:] for i in share])
        self.reports: dict[tuple[int, int], Report] = {}
        self.workers: list[_Worker] = []
        self.of: dict[int, _Worker] = {}
        # 'spawn': a fresh interpreter, safe whatever threads this process has (a progress bar's,
        # OR-Tools'), where 'fork' is not; 'forkserver' cost more to start here (measured).
        context = get_context("spawn")
        try:
            for share in shares[1:]:
                mine, theirs = context.Pipe()
                process = context.Process(target=_work, name="dungeoneer-solver",
                                          args=(theirs, setup, share, round_, round_ + AHEAD),
                                          daemon=True)
                process.start()
                theirs.close()
                worker = _Worker(process, mine)
                self.workers.append(worker)
                self.of.update(dict.fromkeys(share, worker))
        except BaseException:
            self.close()
            raise

    def report(self, index: int, round_: int, own: Own) -> Report:
        """Strategy `index`'s report for round `round_`, from its worker; meanwhile this process
        takes its own turns ahead."""
        worker = self.of[index]
        while (index, round_) not in self.reports:
            if worker.conn.poll():
                self._receive(worker, own)
            elif not own.step_ahead():
                wait([worker.conn, worker.process.sentinel])
                if not worker.conn.poll() and not worker.process.is_alive():
                    _stopped(worker)
        return self.reports.pop((index, round_))

    def _receive(self, worker: _Worker, own: Own) -> None:
        try:
            message = worker.conn.recv()
        except EOFError:
            worker.process.join(timeout=5)
            _stopped(worker)
        if isinstance(message, str):
            raise RuntimeError(f"a solver worker failed:\n{message}")
        index, round_, report = message
        self.reports[(index, round_)] = report
        own.note(index, round_, report)

    def allow(self, round_: int) -> None:
        """Let the workers run through round `round_`."""
        for worker in self.workers:
            worker.conn.send(round_)

    def close(self) -> None:
        """Stop every worker (they hold nothing worth saving) and wait for them to end."""
        for worker in self.workers:
            if worker.process.is_alive():
                worker.process.terminate()
        for worker in self.workers:
            worker.process.join(timeout=5)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.conn.close()
        self.workers = []


def _stopped(worker: _Worker) -> NoReturn:
    raise RuntimeError(
        f"a solver worker stopped (exit code {worker.process.exitcode}); a script that solves "
        "with several workers must do so under `if __name__ == \"__main__\":` (multiprocessing "
        "starts each worker by importing the script)")


def _work(conn: Connection, setup: Setup, indices: list[int], first_round: int,
          allowed: int) -> None:
    """A worker: build the strategies, replay their turns before `first_round`, then send a
    report per turn, running no further than the rounds the coordinator allows."""
    try:
        _reports(conn, setup, indices, first_round, allowed)
    except (KeyboardInterrupt, EOFError, BrokenPipeError):
        return  # the coordinator is stopping (Ctrl-C reaches every process) or gone
    except Exception:
        conn.send(traceback.format_exc())


def _reports(conn: Connection, setup: Setup, indices: list[int], first_round: int,
             allowed: int) -> None:
    runners = {i: Runner(s) for i, s in setup.build(indices).items()}
    for round_ in itertools.count():
        while round_ > allowed:
            allowed = conn.recv()
        for index, runner in list(runners.items()):
            report = runner.turn(setup.turn(round_, index))
            if round_ >= first_round:
                conn.send((index, round_, report))
            if report.verdict is not None:
                del runners[index]
        if not runners:
            while True:  # nothing left to run: take allowances until the coordinator goes
                conn.recv()
