"""One way to run a batch of independent jobs, here or on a Dask cluster, the results in job order.

Every batch (`generate`, `simulate`, `survey`, the sampling player) maps a module-level function
over a lazy stream of jobs with `ordered_map`. Where the jobs run is a choice that never changes
the results: each job carries its own seed (from the batch seed and the job's index), and the
results are taken in job order. The places:

- no scheduler: this process when `workers` is 1, else a pool of `workers` spawned processes;
- `scheduler="local"`: a Dask `LocalCluster` of `workers` single-threaded worker processes on this
  machine, for trying the cluster path out;
- any other scheduler: the address of a running Dask scheduler (`tcp://host:8786`), whose
  workers run the jobs; each needs dungeoneer installed (docs/scale.md).

Dask is an optional extra (`pip install 'dungeoneer[dask]'`), imported only when a scheduler is
asked for. Each job is submitted with `pure=False`: two identical jobs are two tasks, never one
result shared through Dask's cache of identical calls. A job that Dask runs twice (its worker lost
and the task retried) gives the same result, and it is taken once.
"""

from __future__ import annotations

import contextlib
import logging
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any, Protocol, TypeVar

from dungeoneer.engine.errors import DungeoneerError

Job = TypeVar("Job")

MAX_WORKERS = 64
"""The most worker processes a batch starts here (each one holds a whole interpreter)."""

LOCAL = "local"
"""The scheduler name that starts a Dask LocalCluster on this machine."""

SCHEDULER_ENV = "DUNGEONEER_SCHEDULER"
"""The environment variable that gives `--scheduler` its default."""

AHEAD_PER_WORKER = 4
"""Jobs submitted ahead per worker: enough to keep every worker busy while the next result in
order is awaited, few enough that a billion jobs never sit in memory."""

CONNECT_SECONDS = 10
"""How long to wait for a Dask scheduler at an address to answer."""

INSTALL_HINT = "pip install 'dungeoneer[dask]'"


class _Future(Protocol):
    def result(self) -> Any: ...

    def cancel(self) -> bool: ...


Submit = Callable[[Callable[[Any], Any], Any], _Future]
"""Start one job somewhere: (function, job) -> its future."""


def check_workers(workers: int) -> None:
    """Refuse a worker count outside 1..MAX_WORKERS."""
    if not 1 <= workers <= MAX_WORKERS:
        raise DungeoneerError(f"workers are 1 to {MAX_WORKERS}, not {workers}")


def ordered_map(function: Callable[[Job], Any], jobs: Iterable[Job], *, workers: int,
                scheduler: str | None = None) -> Generator[Any, None, None]:
    """`function` of each job, in job order: in this process (1 worker, no scheduler), in
    `workers` spawned processes, or on Dask (`scheduler`: "local" for a LocalCluster of
    `workers` processes, else a scheduler's address). Jobs are drawn from `jobs` only a few per
    worker ahead of the result awaited. A caller that stops early (enough puzzles found, Ctrl-C)
    has the jobs submitted ahead cancelled (closing the generator does it at once)."""
    check_workers(workers)
    if scheduler is None and workers == 1:
        yield from map(function, jobs)
        return
    place = _process_pool(workers) if scheduler is None else _dask(scheduler, workers)
    with place as (submit, slots):
        yield from _in_order(submit, function, jobs, AHEAD_PER_WORKER * slots)


def _in_order(submit: Submit, function: Callable[[Any], Any], jobs: Iterable[Any],
              ahead: int) -> Iterator[Any]:
    """Submit jobs while fewer than `ahead` wait, and yield their results in submission order."""
    waiting: deque[_Future] = deque()
    try:
        for job in jobs:
            waiting.append(submit(function, job))
            if len(waiting) >= ahead:
                yield waiting.popleft().result()
        while waiting:
            yield waiting.popleft().result()
    finally:
        for future in waiting:
            future.cancel()


@contextlib.contextmanager
def _process_pool(workers: int) -> Iterator[tuple[Submit, int]]:
    """A pool of `workers` spawned processes: its submit, and its number of slots."""
    # 'spawn' behaves alike on every platform and does not copy the parent's open files.
    pool = ProcessPoolExecutor(workers, mp_context=get_context("spawn"))
    try:
        yield pool.submit, workers
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def import_distributed() -> Any:
    """The `dask.distributed` module, or a DungeoneerError saying how to install it."""
    try:
        import dask.distributed as distributed
    except ImportError as exc:
        raise DungeoneerError(f"--scheduler needs Dask, which is not installed here: "
                              f"{INSTALL_HINT}") from exc
    return distributed


@contextlib.contextmanager
def _dask(scheduler: str, workers: int) -> Iterator[tuple[Submit, int]]:
    """A Dask client (of a LocalCluster, or of the scheduler at an address): its submit, and the
    number of worker threads it has (at least `workers`' worth of slots on a LocalCluster)."""
    distributed = import_distributed()
    with contextlib.ExitStack() as stack:
        if scheduler == LOCAL:
            # One thread per worker process: the jobs are pure Python, so threads would share one
            # interpreter lock; no dashboard, whose port may be taken.
            cluster = stack.enter_context(distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=logging.ERROR))
            client = stack.enter_context(distributed.Client(cluster))
        else:
            client = stack.enter_context(_connect(distributed, scheduler))
        slots = max(1, sum(client.nthreads().values()))

        def submit(function: Callable[[Any], Any], job: Any) -> _Future:
            # pure=False: identical jobs are separate tasks, never one cached result.
            future: _Future = client.submit(function, job, pure=False)
            return future

        yield submit, slots


def _connect(distributed: Any, address: str) -> Any:
    """A client of the Dask scheduler at `address`, or a DungeoneerError if none answers."""
    try:
        return distributed.Client(address, timeout=f"{CONNECT_SECONDS}s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise DungeoneerError(f"no Dask scheduler answered at {address!r} within "
                              f"{CONNECT_SECONDS} s ({exc})", text=address) from exc
