"""Batches beyond one process (issue 18): the same output here, on a process pool and on a Dask
LocalCluster; `survey` and its resumable file; the message when Dask is not installed."""

from __future__ import annotations

import json
import secrets
import sys

import pytest
from click.testing import CliRunner

from dungeoneer.cli.main import cli
from dungeoneer.engine.executors import SCHEDULER_ENV, ordered_map

PLACES = {"here": ["--workers", "1"], "pool": ["--workers", "2"],
          "local cluster": ["--workers", "2", "--scheduler", "local"]}
"""Where a batch runs: this process, two spawned processes, a two-worker Dask LocalCluster."""


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(cli, list(args), env={"COLUMNS": "80", **(env or {})})


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


def test_generate_gives_the_same_bytes_wherever_it_runs(dask_installed):
    # Candidates 0 and 1 from seed 1000 are both winnable and quick to rate: --max-tries 2 keeps
    # the pool from rating candidates that are then thrown away.
    found = outputs_by_place("generate", "--count", "2", "--max-tries", "2", "--first-seed",
                             "1000")
    assert len(found["here"].splitlines()) == 2
    assert found["pool"] == found["here"] == found["local cluster"]


def test_simulate_gives_the_same_bytes_wherever_it_runs(dask_installed):
    found = outputs_by_place("simulate", "dinky-dungeon", "--games", "6", "--json")
    assert json.loads(found["here"])["games"] == 6
    assert found["pool"] == found["here"] == found["local cluster"]


def test_identical_jobs_are_separate_tasks_on_dask(dask_installed):
    # Dask would run the three identical calls once and share the result if they were pure.
    tokens = list(ordered_map(secrets.token_hex, [8, 8, 8], workers=2, scheduler="local"))
    assert len(set(tokens)) == 3


def test_jobs_come_back_in_job_order_from_a_pool():
    assert list(ordered_map(abs, range(-20, 0), workers=2)) == list(range(20, 0, -1))


def test_without_dask_the_scheduler_option_says_how_to_install_it(monkeypatch):
    # None in sys.modules makes `import dask.distributed` fail as if it were not installed.
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    result = run("simulate", "dinky-dungeon", "--games", "2", env={SCHEDULER_ENV: "local"})
    assert result.exit_code == 2
    assert "pip install 'dungeoneer[dask]'" in result.output
    assert "Traceback" not in result.output


def test_a_scheduler_that_is_not_an_address_is_refused():
    result = run("generate", "--count", "1", "--scheduler", "my laptop")
    assert result.exit_code == 2
    assert "tcp://HOST:PORT" in result.output


# ----------------------------------------------------------------------------- survey

SURVEY = ("survey", "--hero", "Rogue", "--hero", "Warrior", "--deals", "3", "--time-limit", "5")


def rows_of(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def keys(rows: list[dict]) -> list[tuple[str, int, int]]:
    return [(row["hero"], row["index"], row["seed"]) for row in rows]


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


def test_a_resumed_survey_solves_only_the_missing_deals(tmp_path):
    out = tmp_path / "survey.jsonl"
    assert run(*SURVEY, "--out", str(out)).exit_code == 0
    whole = out.read_text(encoding="utf-8").splitlines(keepends=True)
    # Stopped after two deals, half-way through writing the third.
    out.write_text("".join(whole[:2]) + whole[2][:15], encoding="utf-8")
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
    assert broken.exit_code == 2 and "not a line of a survey's file" in broken.output


def test_a_survey_resumed_with_another_first_seed_is_refused(tmp_path):
    out = tmp_path / "survey.jsonl"
    assert run("survey", "--hero", "Rogue", "--deals", "1", "--out", str(out)).exit_code == 0
    result = run("survey", "--hero", "Rogue", "--deals", "1", "--first-seed", "9",
                 "--out", str(out), "--resume")
    assert result.exit_code == 2 and "another --first-seed" in result.output


def test_a_worker_killed_mid_batch_changes_nothing(dask_installed):
    psutil = pytest.importorskip("psutil")
    from dungeoneer.engine.simulate import play_game, seating

    jobs = [("dinky-dungeon", 2, seating(("greedy", "random"), 2, i), 100 + i, {})
            for i in range(16)]
    expected = [play_game(job) for job in jobs]
    got, killed = [], []
    for result in ordered_map(play_game, jobs, workers=2, scheduler="local"):
        got.append(result)
        if len(got) == 2:
            # The LocalCluster's nannies live in this process and its workers are spawned
            # children: kill one; its nanny starts another and Dask runs its tasks again.
            workers = [p for p in psutil.Process().children()
                       if "spawn_main" in " ".join(p.cmdline())]
            assert workers
            workers[0].kill()
            killed.append(workers[0])
    assert got == expected
    assert killed and not killed[0].is_running()
