"""The portfolio on several processes: the same answer as on one (status, line, positions), and
no process left behind on any way out."""

import multiprocessing
import threading

import pytest

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.solver import UNKNOWN, UNWINNABLE, WON, parallel, solve
from dungeoneer.solver.kernel import KERNEL_BYTES_PER_KEY
from dungeoneer.solver.parallel import Own, Setup, Team, run_portfolio, usable_cores
from dungeoneer.solver.search import Budget, Runner
from dungeoneer.solver.synthetic import synthetic_game
from tests.conftest import slow_after

# Position budgets, not time: the answers must not depend on the machine's speed. A win found
# by a worker in the default run; the others with the slow tests.
DEALS = slow_after(1, [("Rogue", 20, 20_000),    # won by depth-first (a worker's)
                       ("Rogue", 1000, 20_000),  # won by nested rollouts (this process)
                       ("Bodyguard", 23, 20_000),  # won by depth-first after a few rounds
                       ("Skull Warrior", 1000, 8_000)])  # unknown when the budget runs out


@pytest.fixture
def at_once(monkeypatch):
    """Start the workers at the first round, so that even quick deals use them."""
    monkeypatch.setattr(parallel, "HANDOVER", 0.0)


def _key(answer):
    return answer.status, answer.line, answer.states, answer.method, answer.details


@pytest.mark.parametrize(("hero", "seed", "states"), DEALS)
def test_two_workers_give_the_same_answer_as_one(at_once, hero, seed, states):
    state = PuzzleDungeon(hero=hero).new_initial_state(seed=seed)
    one = solve(state, seconds=None, states=states, workers=1)
    two = solve(state, seconds=None, states=states, workers=2)
    assert _key(two) == _key(one)
    assert one.reason.split(" in ")[0] == two.reason.split(" in ")[0]  # less the seconds
    assert not multiprocessing.active_children()


def test_a_core_deal_on_two_workers_gives_the_same_answer_as_on_one(at_once):
    """Under the core rules the depth-first search runs on the kernel, in a worker too: the
    same answer (here its proof of a loss) as on one process."""
    state = synthetic_game(1).new_initial_state(seed=1)
    one = solve(state, seconds=None, states=200_000, workers=1)
    two = solve(state, seconds=None, states=200_000, workers=2)
    assert one.status == UNWINNABLE and one.method == "kernel depth-first"
    assert _key(two) == _key(one)
    assert not multiprocessing.active_children()


def test_a_full_rules_deal_searches_depth_first_on_the_full_rules_kernel():
    """Under the full rules the guided depth-first search runs on the full-rules kernel, which
    visits its positions in its order: the same answer as on the engine (`kernel=False`),
    named for the kernel."""
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=20)
    assert parallel.strategies_for(state) == ("nested rollouts", "rules kernel depth-first")
    assert parallel.strategies_for(state, kernel=False) == parallel.STRATEGIES
    on_kernel = solve(state, seconds=None, states=20_000, memory=None)
    on_engine = solve(state, seconds=None, states=20_000, memory=None, kernel=False)
    assert on_kernel.status == WON and on_kernel.method == "rules kernel depth-first"
    assert on_engine.method == "depth-first"
    assert (on_kernel.line, on_kernel.states) == (on_engine.line, on_engine.states)


@pytest.mark.slow  # (three worker processes)
def test_more_workers_than_strategies_and_a_memory_cap_give_the_same_answer_as_one(at_once):
    """Each strategy in a process of its own (a third worker has nothing to run), the
    depth-first table (the full-rules kernel's) under a small cap that makes it forget
    positions."""
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=20)
    limits = {"seconds": None, "states": 12_000, "memory": 300 * KERNEL_BYTES_PER_KEY}
    one = solve(state, workers=1, **limits)
    three = solve(state, workers=3, **limits)
    assert one.status == WON and one.method == "rules kernel depth-first"
    assert one.details["evicted"] > 0
    assert _key(three) == _key(one)


def test_workers_that_start_late_replay_their_turns_silently():
    """A worker that takes over at round 2 sends, from round 2 on, exactly the reports its
    strategies give in this process (run here in a thread, to see what it sends)."""
    state = PuzzleDungeon(hero="Skull Bodyguard").new_initial_state(seed=1021)
    setup = Setup(state, first_slice=50, slice_size=300)  # (short turns, the last two at the cap)
    expected = [Runner(s) for s in setup.build([0, 1]).values()]
    wanted = [[runner.turn(setup.turn(r, i)) for r in range(5)]
              for i, runner in enumerate(expected)]
    assert all(report.verdict is None for reports in wanted for report in reports)
    mine, theirs = multiprocessing.Pipe()
    worker = threading.Thread(target=parallel._work, args=(theirs, setup, [0, 1], 2, 4))
    worker.start()
    got = [mine.recv() for _ in range(6)]
    mine.close()  # the worker waits for an allowance, sees the end of the pipe and stops
    worker.join(timeout=30)
    assert not worker.is_alive()
    assert got == [(i, r, wanted[i][r]) for r in range(2, 5) for i in (0, 1)]


def test_a_time_limit_stops_the_workers(at_once):
    state = PuzzleDungeon(hero="Warrior").new_initial_state(seed=1003)
    answer = solve(state, seconds=1.0, workers=2)
    assert answer.status in (UNKNOWN, WON)  # how far it gets depends on the machine
    assert not multiprocessing.active_children()


@pytest.mark.parametrize("error", [pytest.param(RuntimeError, marks=pytest.mark.slow),
                                   KeyboardInterrupt])
def test_an_exception_stops_the_workers(at_once, error):
    """A progress callback that raises (or Ctrl-C) leaves no worker behind."""
    state = PuzzleDungeon(hero="Skull Warrior").new_initial_state(seed=1000)
    calls = []

    def progress(count: int) -> None:
        calls.append(count)
        if len(calls) == 4:
            assert multiprocessing.active_children()  # the workers are running by now
            raise error("stop")

    with pytest.raises(error):
        solve(state, seconds=None, states=100_000, workers=2, progress=progress)
    assert not multiprocessing.active_children()


def test_a_failing_worker_is_one_clear_error():
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=1)
    setup = Setup(state, strategies=("depth-first", "no such strategy"))
    own = Own(setup, [0])
    team = Team(setup, own, [0, 1], 2, 0)
    try:
        with pytest.raises(RuntimeError, match="no such strategy"):
            team.report(1, 0, own)
    finally:
        team.close()
    assert not multiprocessing.active_children()


def test_the_progress_callback_gets_position_counts(at_once):
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=1001)
    counts: list[int] = []
    answer = solve(state, seconds=None, states=20_000, workers=2, progress=counts.append)
    assert counts and counts == sorted(counts) and counts[-1] <= answer.states


def test_worker_counts_are_checked():
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=1)
    with pytest.raises(ValueError, match="workers"):
        solve(state, workers=0)
    with pytest.raises(ValueError, match="workers"):
        run_portfolio(Setup(state), workers=0, budget=Budget(states=10))
    assert usable_cores() >= 1


def _portfolio(workers: int) -> tuple:
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=1001)
    found = run_portfolio(Setup(state), workers=workers, budget=Budget(states=20_000),
                          handover=0.0)
    return found.status, found.line, found.states


@pytest.mark.slow  # (a pool's process, then the answer again here)
def test_a_pool_worker_solves_in_its_own_process():
    """A pool's workers may not start processes: there, two workers run as one (the same
    answer)."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        got = pool.apply(_portfolio, (2,))
    assert got == _portfolio(1)
