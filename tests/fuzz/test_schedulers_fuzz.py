"""Scheduler addresses: anything that does not lead to a Dask scheduler is one message and exit
status 2, within the connect timeout; servers are on the loopback only."""

from __future__ import annotations

import contextlib
import json
import logging
import re
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dungeoneer.engine import executors
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.executors import SCHEDULER_ENV, check_dask_server, scheduler_address
from tests.conftest import failed_cleanly, run
from tests.fuzz.common import fuzz_settings, hostile_text

SECONDS = 0.5


@pytest.fixture
def dask_installed() -> None:
    pytest.importorskip("dask.distributed")


@contextlib.contextmanager
def server(answer: Callable[[socket.socket], None]) -> Iterator[str]:
    """A loopback server that treats each connection with `answer`: its address."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.1)
    stop = threading.Event()
    held: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            held.append(conn)
            with contextlib.suppress(OSError):
                answer(conn)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        thread.join()
        for conn in held:
            conn.close()
        listener.close()


SERVERS: dict[str, Callable[[socket.socket], None]] = {
    "silent": lambda conn: None,
    "closes at once": lambda conn: conn.close(),
    "a web server": lambda conn: conn.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n"),
    "an absurd length": lambda conn: conn.sendall(struct.pack("<Q", 2**61) + b"x" * 100),
    "a short handshake": lambda conn: conn.sendall(struct.pack("<Q", 40) + b"x" * 10),
    "noise of the right length": lambda conn: conn.sendall(struct.pack("<Q", 16) + b"y" * 16),
}


@pytest.mark.parametrize("name", SERVERS)
def test_a_server_that_is_not_dask_is_refused_within_the_timeout(name):
    with server(SERVERS[name]) as address:
        started = time.monotonic()
        with pytest.raises(DungeoneerError) as caught:
            check_dask_server(address, SECONDS)
        assert time.monotonic() - started < SECONDS + 0.5
    assert address in str(caught.value)


def test_a_server_that_is_not_dask_is_one_message_from_the_command(dask_installed, monkeypatch):
    monkeypatch.setattr(executors, "CONNECT_SECONDS", SECONDS)
    with server(SERVERS["silent"]) as address:
        result = failed_cleanly(run("generate", "--count", "1", "--scheduler", address))
    assert result.output == (f"error: the server at {address} is not a Dask scheduler: "
                             f"nothing came within {SECONDS:g} s\n")


@pytest.mark.parametrize("address", ["tls://127.0.0.1:8786", "ucx://127.0.0.1:8786",
                                     "inproc://x", "ws://h:1", "tcp://:1", "tcp://h:0",
                                     "tcp://h:65536", "h:٣", "tcp://h:1/path", "[::1:1",
                                     "tcp://h h:1"])
def test_an_address_dask_cannot_use_here_is_refused_at_the_option(address):
    result = failed_cleanly(run("generate", "--count", "1", "--scheduler", address))
    assert result.output.count("Error: Invalid value for '--scheduler'") == 1


@pytest.mark.parametrize(("given_text", "address"), [
    ("h:8786", "tcp://h:8786"), ("TCP://10.0.0.1:1", "tcp://10.0.0.1:1"),
    (" [::1]:8786 ", "tcp://[::1]:8786"), ("tcp://my-host.example:65535",
                                             "tcp://my-host.example:65535")])
def test_an_address_is_read_as_tcp(given_text, address):
    assert scheduler_address(given_text) == address


@given(text=hostile_text() | st.text(max_size=60).map(lambda t: "tcp://" + t))
@fuzz_settings(100)
def test_any_address_text_is_an_address_or_one_error(text):
    try:
        address = scheduler_address(text)
    except DungeoneerError as exc:
        assert exc.reason
    else:
        assert address.startswith("tcp://") and scheduler_address(address) == address


BAD_SCHEDULER = {SCHEDULER_ENV: "not an address"}


def test_a_bad_scheduler_in_the_environment_is_refused_where_it_is_used():
    failed_cleanly(run("generate", "--count", "1", env=BAD_SCHEDULER))


@pytest.mark.slow  # (it makes a daily puzzle: seconds)
def test_a_bad_scheduler_in_the_environment_is_not_refused_where_it_is_not_used(tmp_path):
    # `daily DATE` takes --scheduler (for --from/--to) but runs no batch.
    served = run("daily", "2030-01-01", "--archive", str(tmp_path / "a.sqlite3"),
                 env=BAD_SCHEDULER)
    assert served.exit_code == 0 and served.exception is None


def test_an_empty_scheduler_in_the_environment_is_no_scheduler():
    result = run("simulate", "dinky-dungeon", "--games", "2", env={SCHEDULER_ENV: ""})
    assert result.exit_code == 0 and result.exception is None


@pytest.mark.slow
def test_a_scheduler_with_no_worker_is_one_message(dask_installed, monkeypatch):
    from dask.distributed import LocalCluster

    monkeypatch.setattr(executors, "CONNECT_SECONDS", 1)
    with LocalCluster(n_workers=0, processes=False, protocol="tcp://", host="127.0.0.1",
                      dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        result = failed_cleanly(run("generate", "--count", "1", "--scheduler", address))
    assert result.output == (f"error: the Dask scheduler at {address} has no worker (none came "
                             f"within 1 s): start one with dask worker {address}\n")


@pytest.mark.slow
def test_a_batch_whose_last_worker_goes_is_one_message(dask_installed, monkeypatch, tmp_path):
    from dask.distributed import LocalCluster

    from dungeoneer.engine.executors import ordered_map
    from tests.scale_jobs import behind_gate, started_file

    monkeypatch.setattr(executors, "CONNECT_SECONDS", 1)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, protocol="tcp://",
                      host="127.0.0.1", dashboard_address=None) as cluster:
        jobs = [(str(tmp_path), index, abs, index) for index in range(4)]
        results = ordered_map(behind_gate, jobs, workers=1, scheduler=cluster.scheduler_address)
        assert [next(results), next(results)] == [0, 1]
        deadline = time.monotonic() + 60
        while not started_file(tmp_path, 2).exists():
            assert time.monotonic() < deadline
            time.sleep(0.05)
        cluster.scale(0)  # the only worker goes, job 2 unfinished
        with pytest.raises(DungeoneerError, match="has had no worker for 1 s"):
            next(results)
        results.close()


class _Kept(logging.Handler):
    """The messages a logger handed on."""

    def __init__(self) -> None:
        super().__init__()
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def test_dask_logs_only_critical_messages_while_a_batch_uses_it(dask_installed):
    import dask.distributed  # noqa: F401  (Dask's loggers, some with levels of their own)

    names = ["distributed", "distributed.client", "distributed.a-part-made-meanwhile"]
    before = {name: logging.getLogger(name).level for name in names[:2]}
    kept = _Kept()
    for name in names[:2]:
        logging.getLogger(name).addHandler(kept)
    try:
        with executors.dask_log_quiet():
            for name in names:
                logging.getLogger(name).error("a traceback of the scheduler going away")
            logging.getLogger("distributed.client").critical("critical")
        assert set(kept.messages) == {"critical"}  # (from each logger that hands it on)
        assert {name: logging.getLogger(name).level for name in names[:2]} == before
        logging.getLogger("distributed.client").error("after the batch")
        assert kept.messages[-1] == "after the batch"
    finally:
        for name in names[:2]:
            logging.getLogger(name).removeHandler(kept)


def test_a_scheduler_that_went_away_is_one_line(dask_installed):
    import dask.distributed
    from distributed.client import FutureCancelledError

    class Cancelled:
        def result(self) -> object:
            raise FutureCancelledError("rate_candidate-1", "scheduler-connection-lost",
                                       "Client lost the connection to the scheduler.\n"
                                       "Please check your connection and re-run your work.")

        def cancel(self) -> bool:
            return True

    place = executors._Place(lambda function, job: Cancelled(), (), 1,
                             executors._gone_errors(dask.distributed))
    with pytest.raises(DungeoneerError) as caught:
        next(executors._in_order(place, abs, [1], executors.Tally()))
    assert str(caught.value) == ("the batch stopped at job 0 (counting from 0): its Dask "
                                 "scheduler went away (scheduler-connection-lost)")


@pytest.mark.slow  # (a scheduler, a worker and the command, each a process of its own)
@pytest.mark.parametrize("how", [pytest.param(signal.SIGKILL, id="SIGKILL"),
                                 pytest.param(signal.SIGTERM, id="SIGTERM")])
def test_a_batch_whose_scheduler_is_killed_is_our_one_line_alone(dask_installed, tmp_path,
                                                                 how):
    dask = [sys.executable, "-m", "dask"]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": tmp_path}
    file = tmp_path / "scheduler.json"
    scheduler = subprocess.Popen([*dask, "scheduler", "--host", "127.0.0.1", "--port", "0",
                                  "--no-dashboard", "--scheduler-file", str(file)], **quiet)
    worker = None
    try:
        deadline = time.monotonic() + 60
        while not (file.exists() and file.stat().st_size):
            assert scheduler.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(0.2)  # written whole
        address = json.loads(file.read_text())["address"]
        worker = subprocess.Popen([*dask, "worker", "--scheduler-file", str(file), "--no-nanny",
                                   "--nthreads", "1", "--no-dashboard"], **quiet)
        out = tmp_path / "puzzles.jsonl"
        batch = subprocess.Popen([sys.executable, "-m", "dungeoneer", "generate", "--count", "50",
                                  "--out", str(out), "--scheduler", address], cwd=tmp_path,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 120
        while not out.exists() or not out.read_bytes().endswith(b"\n"):
            assert batch.poll() is None, batch.communicate()
            assert time.monotonic() < deadline, "no puzzle in time"
            time.sleep(0.05)
        scheduler.send_signal(how)
        _, err = batch.communicate(timeout=120)
    finally:
        for process in (scheduler, worker):
            if process is not None:
                process.kill()
                process.wait()
    assert batch.returncode == 2
    assert re.fullmatch(r"error: the batch stopped at job \d+ \(counting from 0\): its Dask "
                        r"scheduler went away \([^\n]*\)\n", err), err
    assert [json.loads(line) for line in out.read_text().splitlines()]  # what was made is kept
