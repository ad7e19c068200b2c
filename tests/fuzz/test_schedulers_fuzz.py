"""Scheduler addresses: anything that does not lead to a Dask scheduler is one message and exit
status 2, within the connect timeout; servers are on the loopback only."""

from __future__ import annotations

import contextlib
import socket
import struct
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
