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
result shared through Dask's cache of identical calls.

A job lost with its worker (the process died, or Dask gave up on it) is submitted again, up to
RETRIES more times, when its result is the next one awaited; it gives the same result, and that
result is taken once. A `Tally` counts the jobs done, the attempts that failed and the ones
retried. A job whose own code raises is not retried (it would raise again): the exception ends
the batch. Where the losses come from:

- the process pool: a worker process that dies breaks the whole pool, and every job it had not
  finished is lost; a fresh pool takes the jobs from then on;
- a LocalCluster: it is started with no retries of the scheduler's own (`allowed_failures=0`), so
  every job lost with a worker reaches `ordered_map` and is counted;
- a scheduler at an address: its own configuration rules (`distributed.scheduler.allowed-failures`,
  3 by default): it runs a lost task again by itself, unseen and uncounted here, and only a task
  whose workers died that many times more comes back as lost (`KilledWorker`).
"""

from __future__ import annotations

import contextlib
import errno
import ipaddress
import logging
import socket
import struct
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any, Protocol, TypeVar

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.numbers import shown

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

RETRIES = 3
"""How many more times a job lost with its worker is submitted before the batch stops: a job
that kills every worker it runs on must not go round for ever."""

CONNECT_SECONDS = 10
"""How long to wait for a Dask scheduler at an address to answer."""

INSTALL_HINT = "pip install 'dungeoneer[dask]'"


@dataclass
class Tally:
    """What a batch's jobs have come to so far, counted by `ordered_map`.

    `done`: results handed back (in job order); `failed`: attempts that gave no result (a job
    lost with its worker, or one whose own code raised); `retried`: lost jobs submitted again.
    `on_change` is called with the tally after each change (to redraw a progress bar)."""

    done: int = 0
    failed: int = 0
    retried: int = 0
    on_change: Callable[[Tally], None] | None = field(default=None, repr=False, compare=False)

    def count(self, *, done: int = 0, failed: int = 0, retried: int = 0) -> None:
        """Add to the counts and tell `on_change`."""
        self.done += done
        self.failed += failed
        self.retried += retried
        if self.on_change is not None:
            self.on_change(self)


class _Future(Protocol):
    def result(self) -> Any: ...

    def cancel(self) -> bool: ...


Submit = Callable[[Callable[[Any], Any], Any], _Future]
"""Start one job somewhere: (function, job) -> its future."""


@dataclass(frozen=True)
class _Place:
    """Where jobs run: how to start one, the errors that mean a job was lost with its worker
    (not raised by the job), and how many jobs run at once."""

    submit: Submit
    lost: tuple[type[BaseException], ...]
    slots: int
    gone: tuple[type[BaseException], ...] = ()
    """The errors that mean the place itself went away (a scheduler that stopped): the batch
    ends with a DungeoneerError."""
    result: Callable[[_Future], Any] = lambda future: future.result()
    """Wait for a future's result (a cluster's waits, and stops waiting once it has no worker
    left)."""


@dataclass
class _Waiting:
    """A job submitted and not yet taken: kept with its future so that it can be submitted again
    if it is lost."""

    index: int
    job: Any
    future: _Future
    losses: int = 0


def check_workers(workers: int) -> None:
    """Refuse a worker count outside 1..MAX_WORKERS."""
    if not 1 <= workers <= MAX_WORKERS:
        raise DungeoneerError(f"workers are 1 to {MAX_WORKERS}, not {workers}")


def ordered_map(function: Callable[[Job], Any], jobs: Iterable[Job], *, workers: int,
                scheduler: str | None = None,
                tally: Tally | None = None) -> Generator[Any, None, None]:
    """`function` of each job, in job order: in this process (1 worker, no scheduler), in
    `workers` spawned processes, or on Dask (`scheduler`: "local" for a LocalCluster of
    `workers` processes, else a scheduler's address). Jobs are drawn from `jobs` only a few per
    worker ahead of the result awaited. A job lost with its worker is submitted again (RETRIES
    times at most, then a DungeoneerError); `tally` counts the jobs done, failed and retried. A
    caller that stops early (enough puzzles found, Ctrl-C) has the jobs submitted ahead
    cancelled (closing the generator does it at once)."""
    check_workers(workers)
    counts = tally if tally is not None else Tally()
    if scheduler is None and workers == 1:
        yield from _here(function, jobs, counts)
        return
    where = _process_pool(workers) if scheduler is None else _dask(scheduler, workers)
    with where as place:
        yield from _in_order(place, function, jobs, counts)


def _here(function: Callable[[Any], Any], jobs: Iterable[Any], tally: Tally) -> Iterator[Any]:
    """`function` of each job in this process, counted."""
    for job in jobs:
        try:
            result = function(job)
        except Exception:
            tally.count(failed=1)
            raise
        tally.count(done=1)
        yield result


def _in_order(place: _Place, function: Callable[[Any], Any], jobs: Iterable[Any],
              tally: Tally) -> Iterator[Any]:
    """Submit jobs while fewer than AHEAD_PER_WORKER per slot wait, and yield their results in
    submission order."""
    ahead = AHEAD_PER_WORKER * place.slots
    waiting: deque[_Waiting] = deque()
    try:
        for index, job in enumerate(jobs):
            waiting.append(_Waiting(index, job, place.submit(function, job)))
            if len(waiting) >= ahead:
                yield _next_result(place, function, waiting, tally)
        while waiting:
            yield _next_result(place, function, waiting, tally)
    finally:
        for entry in waiting:
            entry.future.cancel()


def _next_result(place: _Place, function: Callable[[Any], Any], waiting: deque[_Waiting],
                 tally: Tally) -> Any:
    """The result of the first job waiting, which then leaves the queue; submitted again each
    time it is lost with its worker (`_submit_again`)."""
    # The job stays first in the queue until its result is in, so that stopping now cancels it.
    entry = waiting[0]
    while True:
        try:
            result = place.result(entry.future)
        except place.lost as error:
            _submit_again(place, function, entry, error, tally)
        except place.gone as error:
            tally.count(failed=1)
            # Dask's own text runs over lines and names its task; its reason is enough.
            why = getattr(error, "reason", None) or " ".join(str(error).split())
            raise DungeoneerError(f"the batch stopped at job {entry.index} (counting from 0): "
                                  f"its Dask scheduler went away ({shown(why)})") from error
        except Exception:
            tally.count(failed=1)  # the job's own error: it would fail the same way again
            raise
        else:
            waiting.popleft()
            tally.count(done=1)
            return result


def _submit_again(place: _Place, function: Callable[[Any], Any], entry: _Waiting,
                  error: BaseException, tally: Tally) -> None:
    """Count a lost attempt of `entry`'s job and submit it again, or, once it has been lost
    1 + RETRIES times, stop the batch with a DungeoneerError naming it."""
    tally.count(failed=1)
    entry.losses += 1
    if entry.losses > RETRIES:
        raise DungeoneerError(f"job {entry.index} of the batch (counting from 0) was lost with "
                              f"its worker {entry.losses} times: {error}") from error
    # Only the job awaited is submitted again: the others lost with it wait for their turn, so
    # a job that kills its worker dies alone and the error names it, not the jobs beside it.
    entry.future = place.submit(function, entry.job)
    tally.count(retried=1)


class _Pool:
    """A pool of spawned processes that starts afresh when a dead worker has broken it."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool = self._started()

    def _started(self) -> ProcessPoolExecutor:
        # 'spawn' behaves alike on every platform and does not copy the parent's open files.
        return ProcessPoolExecutor(self.workers, mp_context=get_context("spawn"))

    def submit(self, function: Callable[[Any], Any], job: Any) -> _Future:
        """Start `job` in the pool, in a fresh one if a worker has died since the last job."""
        try:
            return self.pool.submit(function, job)
        except BrokenProcessPool:
            # The dead worker's pool takes no more jobs; what it had not finished comes back as
            # BrokenProcessPool from each future, and is submitted again by the caller.
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = self._started()
            return self.pool.submit(function, job)

    def close(self) -> None:
        """Stop the pool, cancelling the jobs not started."""
        self.pool.shutdown(wait=True, cancel_futures=True)

    def stop(self) -> None:
        """Stop the pool at once, the jobs running included: the batch was interrupted (Ctrl-C,
        SIGTERM), and a job may run for minutes."""
        # The executor offers no way to end running jobs before Python 3.14: end its processes.
        for process in list(getattr(self.pool, "_processes", {}).values()):
            process.terminate()
        self.pool.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def _process_pool(workers: int) -> Iterator[_Place]:
    """A pool of `workers` spawned processes, started again whenever a worker dies."""
    pool = _Pool(workers)
    interrupted = False
    try:
        yield _Place(pool.submit, (BrokenProcessPool,), workers)
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM (the CLI raises it as one)
        interrupted = True
        raise
    finally:
        if interrupted:
            pool.stop()
        else:
            pool.close()


def import_distributed() -> Any:
    """The `dask.distributed` module, or a DungeoneerError saying how to install it."""
    try:
        import dask.distributed as distributed
    except ImportError as exc:
        raise DungeoneerError(f"--scheduler needs Dask, which is not installed here: "
                              f"{INSTALL_HINT}") from exc
    return distributed


@contextlib.contextmanager
def _dask(scheduler: str, workers: int) -> Iterator[_Place]:
    """A Dask client (of a LocalCluster, or of the scheduler at an address) as a place: its
    slots are the worker threads it has (`workers` on a LocalCluster). Dask's own log is kept
    quiet meanwhile (`dask_log_quiet`)."""
    distributed = import_distributed()
    with dask_log_quiet():
        opened = (_local_client(distributed, workers) if scheduler == LOCAL
                  else _connect(distributed, scheduler))
        with opened as client:
            slots = max(1, sum(client.nthreads().values()))

            def submit(function: Callable[[Any], Any], job: Any) -> _Future:
                # pure=False: identical jobs are separate tasks, never one cached result.
                future: _Future = client.submit(function, job, pure=False)
                return future

            def result(future: Any) -> Any:
                return _cluster_result(client, future, scheduler)

            yield _Place(submit, (distributed.KilledWorker,), slots, _gone_errors(distributed),
                         result)


DASK_LOGGER = "distributed"
"""The logger Dask's `distributed` logs under (its parts under `distributed.NAME`)."""


@contextlib.contextmanager
def dask_log_quiet() -> Iterator[None]:
    """Dask's own log kept to its critical messages while a batch uses Dask, then as it was.
    What goes wrong is told once, by the batch's own error: a scheduler killed mid-batch had
    Dask log a 34-line traceback (one stopped: a line on a failed reconnection) before it.
    Dask gives some of its loggers a level and a handler of their own, so each one is set, not
    the parent alone; one made meanwhile takes the parent's level."""
    known = logging.root.manager.loggerDict
    loggers = [logging.getLogger(DASK_LOGGER)]
    loggers += [logger for name, logger in list(known.items())
                if name.startswith(f"{DASK_LOGGER}.") and isinstance(logger, logging.Logger)]
    levels = [(logger, logger.level) for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in levels:
            logger.setLevel(level)


def _cluster_result(client: Any, future: Any, scheduler: str) -> Any:
    """The result of `future` on a Dask cluster, or a DungeoneerError once the cluster has had
    no worker for CONNECT_SECONDS (the last one died): its jobs would wait for ever."""
    seconds = CONNECT_SECONDS
    idle_since: float | None = None
    while True:
        try:
            return future.result(timeout=seconds)
        except TimeoutError:
            pass  # still running, or nothing to run it on: see which
        if sum(client.nthreads().values()):
            idle_since = None
            continue
        now = time.monotonic()
        idle_since = now if idle_since is None else idle_since
        if now - idle_since >= seconds:
            raise DungeoneerError(f"the Dask scheduler at {scheduler} has had no worker for "
                                  f"{seconds} s (the last one stopped): the batch cannot go on; "
                                  f"start a worker with dask worker ADDRESS and run it again",
                                  text=scheduler)


def _gone_errors(distributed: Any) -> tuple[type[BaseException], ...]:
    """Dask's errors for a future whose scheduler went away: cancelled with it (the name
    changed between Dask versions)."""
    names = ("FutureCancelledError", "CancelledError")
    found = (getattr(module, name, None) for module in (distributed, distributed.client)
             for name in names)
    return tuple({kind for kind in found if isinstance(kind, type)
                  and issubclass(kind, BaseException)})


@contextlib.contextmanager
def _local_client(distributed: Any, workers: int) -> Iterator[Any]:
    """A client of a new LocalCluster of `workers` single-threaded processes."""
    # One thread per worker process: the jobs are pure Python, so threads would share one
    # interpreter lock; no dashboard, whose port may be taken. allowed_failures=0: the scheduler
    # does not run a lost task again by itself, so that ordered_map retries it and counts it.
    # Its log of each loss is kept quiet: the tally reports them.
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=logging.CRITICAL,
                                  scheduler_kwargs={"allowed_failures": 0}) as cluster, \
            distributed.Client(cluster) as client:
        yield client


def scheduler_address(text: str) -> str:
    """A Dask scheduler's address as `tcp://HOST:PORT`, from `HOST:PORT` or `tcp://HOST:PORT`
    (an IPv6 host in brackets), or a DungeoneerError saying what is wrong with `text`. Only
    plain TCP is taken: TLS needs certificates, which nothing here gives, and the other
    protocols Dask knows (ucx, ws, inproc) are not installed or not reachable from here."""
    address = text.strip()
    scheme, found, rest = address.partition("://")
    if not found:
        scheme, rest = "tcp", address
    scheme = scheme.lower()
    if scheme == "tls":
        raise DungeoneerError(f"{shown(text)!r}: a tls:// scheduler needs certificates, which "
                              "dungeoneer has no option for; reach it by tcp:// (over an SSH "
                              "tunnel or a trusted network)", text=text)
    if scheme != "tcp":
        raise DungeoneerError(f"{shown(text)!r}: dungeoneer reaches a Dask scheduler by tcp:// "
                              f"only, not {shown(scheme)}://", text=text)
    host, port = _host_and_port(rest, text)
    return f"tcp://{host}:{port}"


def _host_and_port(rest: str, text: str) -> tuple[str, int]:
    """HOST and PORT of `HOST:PORT` (`[IPv6]:PORT`), checked."""
    wrong = DungeoneerError(f"{shown(text)!r} is not a Dask scheduler's address: it is "
                            "tcp://HOST:PORT, a host name or IP address and a port from 1 to "
                            "65535", text=text)
    host, colon, port_text = rest.rpartition(":")
    if not colon or not (port_text.isascii() and port_text.isdigit()) or len(port_text) > 5:
        raise wrong
    port = int(port_text)
    if not 1 <= port <= 65535:
        raise wrong
    if host.startswith("[") and host.endswith("]"):
        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            raise wrong from None
        return host, port
    labels = host.split(".")
    if not host or len(host) > 253 or not all(
            label and len(label) <= 63 and label.isascii()
            and all(c.isalnum() or c in "-_" for c in label) for label in labels):
        raise wrong
    return host, port


HANDSHAKE_BYTES = 64 * 1024
"""The most a Dask scheduler's first message (its handshake, about 60 bytes) may take."""


def check_dask_server(address: str, seconds: float) -> None:
    """Raise a DungeoneerError within about `seconds` unless a Dask server answers at `address`
    (`tcp://HOST:PORT`, as `scheduler_address` gives it). A Dask server speaks first: a
    length-prefixed handshake that names its pickle protocol. Anything else (nothing listening,
    a silent server, a web server, a stream of noise) is refused here, before Dask itself
    waits on it for ever or reads a length of exabytes from it."""
    host, _, port = address.removeprefix("tcp://").rpartition(":")
    deadline = time.monotonic() + seconds
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=seconds) as sock:
            (length,) = struct.unpack("<Q", _received(sock, 8, deadline))
            if not 8 <= length <= HANDSHAKE_BYTES:
                raise _not_dask(address, "its first message is not a Dask handshake")
            if b"pickle-protocol" not in _received(sock, length, deadline):
                raise _not_dask(address, "its first message is not a Dask handshake")
    except TimeoutError:
        raise _not_dask(address, f"nothing came within {seconds:g} s") from None
    except OSError as exc:
        raise DungeoneerError(f"no Dask scheduler answered at {address}: "
                              f"{exc.strerror or exc}", text=address) from None


def _not_dask(address: str, why: str) -> DungeoneerError:
    return DungeoneerError(f"the server at {address} is not a Dask scheduler: {why}",
                           text=address)


def _received(sock: socket.socket, size: int, deadline: float) -> bytes:
    """Exactly `size` bytes from `sock` before `deadline`; TimeoutError otherwise, or OSError
    if the peer closes first."""
    data = b""
    while len(data) < size:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        sock.settimeout(left)
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise ConnectionError(errno.ECONNRESET, "the server closed the connection")
        data += chunk
    return data


def _connect(distributed: Any, address: str) -> Any:
    """A client of the Dask scheduler at `address`, or a DungeoneerError if none answers, or
    what answers is not one, or it has no worker."""
    seconds = CONNECT_SECONDS  # read now, not at import: a test may shorten it
    checked = scheduler_address(address)
    check_dask_server(checked, seconds)
    try:
        client = distributed.Client(checked, timeout=f"{seconds}s")
    except Exception as exc:  # whatever Dask raises on a server it cannot use
        raise DungeoneerError(f"no Dask scheduler answered at {address!r} within "
                              f"{seconds} s ({exc})", text=address) from exc
    try:
        client.wait_for_workers(1, timeout=seconds)
    except TimeoutError:  # Dask's TimeoutError is Python's (asyncio's, since 3.11)
        client.close()
        raise DungeoneerError(f"the Dask scheduler at {address} has no worker (none came within "
                              f"{seconds} s): start one with dask worker {checked}",
                              text=address) from None
    return client
