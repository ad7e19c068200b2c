"""Batches beyond one process: the same output here, on a process pool and on a Dask
LocalCluster; `survey` and its resumable file; the message when Dask is not installed; jobs lost
with their workers retried and counted."""

from __future__ import annotations

import io
import json
import secrets
import socket
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from rich.console import Console
from rich.progress import Progress

from dungeoneer.cli.options import LostJobsColumn, batch_tally
from dungeoneer.engine import executors
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.executors import RETRIES, SCHEDULER_ENV, Tally, ordered_map
from tests.conftest import failed_cleanly
from tests.conftest import run as run_cli
from tests.scale_jobs import FATAL_JOB, behind_gate, fatal, gate_file

PLACES = {"here": ["--workers", "1"], "pool": ["--workers", "2"],
          "local cluster": ["--workers", "2", "--scheduler", "local"]}
"""Where a batch runs: this process, two spawned processes, a two-worker Dask LocalCluster."""


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    return run_cli(*args, width=80, env=env)


def outputs_by_place(*args: str) -> dict[str, str]:
    found = {}
    for place, flags in PLACES.items():
        result = run(*args, *flags)
        assert result.exit_code == 0, (place, result.output)
        found[place] = result.output
    return found


@pytest.fixture
def dask_installed():
    pytest.importorskip("dask.distributed")


@pytest.mark.slow
def test_generate_gives_the_same_bytes_wherever_it_runs(dask_installed):
    # Candidates 0 and 1 from seed 1000 are both winnable and quick to rate: --max-tries 2 keeps
    # the pool from rating candidates that are then thrown away.
    found = outputs_by_place("generate", "--count", "2", "--max-tries", "2", "--first-seed",
                             "1000")
    assert len(found["here"].splitlines()) == 2
    assert found["pool"] == found["here"] == found["local cluster"]


@pytest.mark.slow
def test_simulate_gives_the_same_bytes_wherever_it_runs(dask_installed):
    found = outputs_by_place("simulate", "dinky-dungeon", "--games", "6", "--json")
    assert json.loads(found["here"])["games"] == 6
    assert found["pool"] == found["here"] == found["local cluster"]


@pytest.mark.slow
def test_identical_jobs_are_separate_tasks_on_dask(dask_installed):
    # Dask would run the three identical calls once and share the result if they were pure.
    tokens = list(ordered_map(secrets.token_hex, [8, 8, 8], workers=2, scheduler="local"))
    assert len(set(tokens)) == 3


def test_jobs_come_back_in_job_order_from_a_pool():
    tally = Tally()
    assert list(ordered_map(abs, range(-20, 0), workers=2, tally=tally)) == list(range(20, 0, -1))
    assert (tally.done, tally.failed, tally.retried) == (20, 0, 0)


def test_without_dask_the_scheduler_option_says_how_to_install_it(monkeypatch):
    # None in sys.modules makes `import dask.distributed` fail as if it were not installed.
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    result = run("simulate", "dinky-dungeon", "--games", "2", env={SCHEDULER_ENV: "local"})
    assert result.exit_code == 2
    assert "pip install 'dungeoneer[dask]'" in result.output
    failed_cleanly(result)


def test_a_scheduler_that_is_not_an_address_is_refused():
    result = run("generate", "--count", "1", "--scheduler", "my laptop")
    assert result.exit_code == 2
    assert "tcp://HOST:PORT" in result.output


# ----------------------------------------------------------------------------- survey

SURVEY = ("survey", "--hero", "Rogue", "--hero", "Warrior", "--deals", "3", "--time-limit", "5")


def rows_of(path) -> list[dict]:
    """The rows of a survey's file, after its header line."""
    header, *rows = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(header) == {"file": "dungeoneer survey", "format": 1}
    return [json.loads(line) for line in rows]


def keys(rows: list[dict]) -> list[tuple[str, int, int]]:
    return [(row["hero"], row["index"], row["seed"]) for row in rows]


@pytest.mark.slow
def test_survey_writes_a_line_per_deal_seeded_first_seed_plus_i(tmp_path):
    out = tmp_path / "survey.jsonl"
    result = run(*SURVEY, "--first-seed", "1000", "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    assert keys(rows_of(out)) == [(hero, i, 1000 + i) for i in range(3)
                                  for hero in ("Rogue", "Warrior")]
    report = json.loads(result.output)
    assert [face["deals"] for face in report["faces"]] == [3, 3]
    for face in report["faces"]:
        assert face["won"] + face["unwinnable"] + face["unknown"] == 3
        low, high = face["won_share"]["wilson95"]
        assert low <= face["won_share"]["least"] <= face["won_share"]["most"] <= high


@pytest.mark.slow
def test_a_resumed_survey_solves_only_the_missing_deals(tmp_path):
    out = tmp_path / "survey.jsonl"
    assert run(*SURVEY, "--out", str(out)).exit_code == 0
    header, *whole = out.read_text(encoding="utf-8").splitlines(keepends=True)
    # Stopped after two deals, half-way through writing the third.
    out.write_text(header + "".join(whole[:2]) + whole[2][:15], encoding="utf-8")
    result = run(*SURVEY, "--out", str(out), "--resume", "--json")
    assert result.exit_code == 0, result.output
    resumed = rows_of(out)
    assert keys(resumed) == keys([json.loads(line) for line in whole])  # each deal once, in order
    assert resumed[:2] == [json.loads(line) for line in whole[:2]]  # the first two as they were
    assert json.loads(result.output)["resumed"] == 2
    again = run(*SURVEY, "--out", str(out), "--resume", "--json")  # nothing left to solve
    assert json.loads(again.output)["resumed"] == 6 and rows_of(out) == resumed


def test_a_survey_never_replaces_its_file_by_accident(tmp_path):
    out = tmp_path / "survey.jsonl"
    out.write_text('{"hero": "Rogue"}\n', encoding="utf-8")
    refused = run(*SURVEY, "--out", str(out))
    assert refused.exit_code == 2 and "--resume" in refused.output
    assert out.read_text(encoding="utf-8") == '{"hero": "Rogue"}\n'
    broken = run(*SURVEY, "--out", str(out), "--resume")
    assert broken.exit_code == 2 and "not a survey's file" in broken.output
    assert out.read_text(encoding="utf-8") == '{"hero": "Rogue"}\n'


@pytest.mark.slow
def test_a_survey_with_a_limit_of_positions_gives_the_same_answers_wherever_it_runs(
        dask_installed, tmp_path):
    # 1,000 positions leave some deals unknown and decide others: both kinds must agree.
    found = {}
    for place, flags in PLACES.items():
        out = tmp_path / f"{place.replace(' ', '-')}.jsonl"
        result = run("survey", "--hero", "Rogue", "--hero", "Alchemist", "--deals", "3",
                     "--positions", "1000", "--out", str(out), "--json", *flags)
        assert result.exit_code == 0, (place, result.output)
        rows, report = rows_of(out), json.loads(result.output)
        # The seconds measured are the only part that may differ from place to place.
        for entry in (*rows, *report["faces"]):
            entry.pop("seconds")
        found[place] = (rows, report)
    rows, report = found["here"]
    assert {row["status"] for row in rows} == {"won", "unknown"}
    assert {row["position_limit"] for row in rows} == {1000}
    assert report["time_limit"] is None and report["position_limit"] == 1000
    assert found["pool"] == found["here"] == found["local cluster"]


def test_a_survey_resumed_with_another_budget_is_refused(tmp_path):
    out = tmp_path / "survey.jsonl"
    assert run("survey", "--hero", "Rogue", "--deals", "1", "--positions", "500",
               "--out", str(out)).exit_code == 0
    result = run("survey", "--hero", "Rogue", "--deals", "1", "--time-limit", "5",
                 "--out", str(out), "--resume")
    assert result.exit_code == 2 and result.exception is not None
    assert "made with --positions 500, not --time-limit 5" in result.output


def test_a_survey_file_from_before_limits_of_positions_resumes(tmp_path):
    out = tmp_path / "survey.jsonl"
    old = {"hero": "Rogue", "index": 0, "seed": 1, "status": "won", "seconds": 0.2,
           "positions": 300, "time_limit": 5.0}
    out.write_text(json.dumps(old) + "\n", encoding="utf-8")
    result = run("survey", "--hero", "Rogue", "--deals", "1", "--time-limit", "5",
                 "--out", str(out), "--resume", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["resumed"] == 1


def test_a_survey_resumed_with_another_first_seed_is_refused(tmp_path):
    out = tmp_path / "survey.jsonl"
    assert run("survey", "--hero", "Rogue", "--deals", "1", "--out", str(out)).exit_code == 0
    result = run("survey", "--hero", "Rogue", "--deals", "1", "--first-seed", "9",
                 "--out", str(out), "--resume")
    assert result.exit_code == 2 and "another --first-seed" in result.output


# ----------------------------------------------------------------------------- lost workers

def first_started_worker(folder: Path) -> int:
    """The process id of the worker running the first job that reached its gate."""
    deadline = time.monotonic() + 60  # a guard against hanging, not a measurement
    while time.monotonic() < deadline:
        started = sorted(folder.glob("started-*"))
        if started:
            return int(started[0].read_text(encoding="utf-8"))
        time.sleep(0.01)
    raise AssertionError("no job reached its gate")


def assert_ended(psutil: Any, process: Any) -> None:
    """Wait until a killed process has ended, without reaping it: its parent (the pool, or the
    worker's nanny) must see it die itself, or it would wait for it for ever."""
    deadline = time.monotonic() + 30  # a guard against hanging, not a measurement
    while time.monotonic() < deadline:
        try:
            if process.status() == psutil.STATUS_ZOMBIE:
                return
        except psutil.NoSuchProcess:
            return
        time.sleep(0.01)
    raise AssertionError(f"process {process.pid} did not end")


def kill_a_worker_mid_batch(place: dict[str, Any], tmp_path: Path) -> tuple[list, list, Tally]:
    """Sixteen games, the worker running game 2 or 3 killed while it waits at its gate: the
    results played here, those from `place`, and the tally."""
    psutil = pytest.importorskip("psutil")
    from dungeoneer.engine.simulate import play_game, seating

    games = [("dinky-dungeon", 2, seating(("greedy", "random"), 2, i), 100 + i, {})
             for i in range(16)]
    expected = [play_game(game) for game in games]
    jobs = [(str(tmp_path), i, play_game, game) for i, game in enumerate(games)]
    tally = Tally()
    got = []
    for result in ordered_map(behind_gate, jobs, **place, tally=tally):
        got.append(result)
        if len(got) == 2:
            # The jobs from 2 on wait at the gate: the worker running one is surely busy.
            pid = first_started_worker(tmp_path)
            worker = psutil.Process(pid)
            assert pid in {p.pid for p in psutil.Process().children(recursive=True)}
            worker.kill()
            assert_ended(psutil, worker)
            gate_file(tmp_path).touch()
    return expected, got, tally


@pytest.mark.slow
def test_a_worker_killed_mid_batch_on_a_local_cluster_changes_nothing(dask_installed, tmp_path):
    # The LocalCluster's nannies live in this process and its workers are spawned children:
    # one is killed, its nanny starts another, and ordered_map submits the lost job again.
    expected, got, tally = kill_a_worker_mid_batch({"workers": 2, "scheduler": "local"},
                                                   tmp_path)
    assert got == expected
    assert tally.failed >= 1 and tally.retried == tally.failed
    assert tally.done == len(expected)


@pytest.mark.slow
def test_a_pool_process_killed_mid_batch_changes_nothing(tmp_path):
    # The dead process breaks the pool: every job it had not finished is lost, and each is
    # submitted again to a fresh pool.
    expected, got, tally = kill_a_worker_mid_batch({"workers": 2}, tmp_path)
    assert got == expected
    assert tally.failed >= 1 and tally.retried == tally.failed
    assert tally.done == len(expected)


POOLS = {"pool": {"workers": 2},
         "local cluster": {"workers": 2, "scheduler": "local"}}


@pytest.fixture(params=list(POOLS))
def pool(request) -> dict[str, Any]:
    """ordered_map's arguments for a place of worker processes: a pool, a LocalCluster."""
    if request.param == "local cluster":
        pytest.importorskip("dask.distributed")
    return POOLS[request.param]


@pytest.mark.slow
def test_a_job_that_kills_every_worker_ends_the_batch_naming_it(pool):
    tally = Tally()
    got = []
    with pytest.raises(DungeoneerError, match=f"job {FATAL_JOB} of the batch .* lost with its "
                                              f"worker {RETRIES + 1} times"):
        for result in ordered_map(fatal, range(6), **pool, tally=tally):
            got.append(result)
    assert got == list(range(FATAL_JOB))
    assert tally.done == FATAL_JOB
    assert tally.failed >= RETRIES + 1 and tally.retried >= RETRIES


@pytest.mark.slow
@pytest.mark.parametrize("place", list(PLACES))
def test_a_job_that_raises_is_not_retried(place):
    options = {"here": {"workers": 1}, **POOLS}[place]
    if "scheduler" in options:
        pytest.importorskip("dask.distributed")
    tally = Tally()
    got = []
    with pytest.raises(ValueError, match="'x'"):
        for result in ordered_map(int, ["1", "2", "x", "4"], **options, tally=tally):
            got.append(result)
    assert got == [1, 2]
    assert (tally.done, tally.failed, tally.retried) == (2, 1, 0)


def test_an_unreachable_scheduler_is_one_message(dask_installed, monkeypatch):
    monkeypatch.setattr(executors, "CONNECT_SECONDS", 1)
    with socket.socket() as probe:  # a port that was free a moment ago, and nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = run("generate", "--count", "1", "--scheduler", f"tcp://127.0.0.1:{port}")
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert result.output == (f"error: no Dask scheduler answered at tcp://127.0.0.1:{port}: "
                             "Connection refused\n")


def test_a_batch_bar_shows_jobs_failed_and_retried_once_there_are_any():
    bar = Progress(console=Console(file=io.StringIO()))
    task = bar.add_task("jobs", total=4)
    tally = batch_tally(bar, task, advance=True)
    column = LostJobsColumn()
    tally.count(done=1)
    assert bar.tasks[0].completed == 1 and column.render(bar.tasks[0]).plain == ""
    tally.count(failed=1)
    tally.count(retried=1)
    assert column.render(bar.tasks[0]).plain == "failed 1, retried 1"
    assert bar.tasks[0].completed == 1
