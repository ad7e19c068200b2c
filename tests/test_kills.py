"""Batches stopped by SIGTERM or SIGKILL mid-run keep everything they finished: `generate --out`,
`survey --out` and `daily --from/--to`, run as the `dungeoneer` script in a process of its own."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from dungeoneer.engine.numbers import plural
from dungeoneer.generator.survey import parse_rows
from tests.conftest import run, succeeded

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

WAIT = 120.0
"""Seconds to wait for a batch's first results on a loaded machine."""

SIGNALS = [pytest.param(signal.SIGTERM, id="SIGTERM"),
           pytest.param(signal.SIGKILL, id="SIGKILL", marks=pytest.mark.slow)]
"""SIGTERM (stopped, saying what was kept) in the default run; SIGKILL (nothing said, every
finished result still whole) with the slow tests, since each case starts a batch of its own."""


def started(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "dungeoneer", *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def kill_when(process: subprocess.Popen[str], ready: Callable[[], bool], how: int
              ) -> tuple[int, str]:
    """Send `how` once `ready()` holds; the exit status and standard error."""
    deadline = time.monotonic() + WAIT
    while not ready():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "no result in time"
        time.sleep(0.05)
    process.send_signal(how)
    _, err = process.communicate(timeout=WAIT)
    return process.returncode, err


def lines(path: Path) -> list[str]:
    return path.read_bytes().decode().splitlines() if path.exists() else []


@pytest.mark.parametrize("how", SIGNALS)
def test_a_stopped_generate_keeps_every_puzzle_it_made(tmp_path, how):
    out = tmp_path / "puzzles.jsonl"
    process = started(["generate", "--count", "50", "--out", str(out)], tmp_path)
    status, err = kill_when(process, lambda: len(lines(out)) >= 1, how)
    kept = [json.loads(line) for line in lines(out)]  # every line whole
    assert kept and [p["candidate"] for p in kept] == sorted(p["candidate"] for p in kept)
    assert [p.name for p in tmp_path.iterdir()] == ["puzzles.jsonl"]  # no temporary file left
    if how == signal.SIGTERM:
        assert status == 143
        assert err.endswith(f"Stopped: {plural(len(kept), 'puzzle')} kept in {out}.\n")
    else:
        assert status == -signal.SIGKILL


@pytest.mark.slow  # (a batch stopped by SIGTERM: generate, above)
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_a_stopped_survey_keeps_every_deal_it_solved(tmp_path, how):
    out = tmp_path / "survey.jsonl"
    process = started(["survey", "--hero", "Rogue", "--deals", "100000", "--positions", "20",
                       "--out", str(out)], tmp_path)
    status, err = kill_when(process, lambda: len(lines(out)) >= 3, how)
    rows, whole = parse_rows(out.read_bytes(), str(out))
    assert len(rows) >= 2 and whole == out.stat().st_size
    assert [row["index"] for row in rows] == list(range(len(rows)))
    if how == signal.SIGTERM:
        assert status == 143
        assert err.endswith(f"Stopped: {plural(len(rows), 'deal')} kept in {out} (--resume goes on "
                            "with it).\n")


def issued(archive: Path) -> int:
    if not archive.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{archive}?mode=ro", uri=True) as db:
            count: int = db.execute("SELECT count(*) FROM daily").fetchone()[0]
            return count
    except sqlite3.Error:
        return 0


@pytest.mark.slow  # (each daily puzzle takes seconds to make)
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_a_stopped_daily_range_keeps_every_puzzle_it_issued(tmp_path, how):
    archive = tmp_path / "archive.sqlite3"
    process = started(["daily", "--from", "2031-01-01", "--to", "2031-12-31", "--archive",
                       str(archive)], tmp_path)
    status, err = kill_when(process, lambda: issued(archive) >= 1, how)
    count = issued(archive)
    assert count >= 1
    day = succeeded(run("daily", "2031-01-01", "--archive", str(archive), "--json"))
    assert json.loads(day.output)["newly_issued"] is False  # kept, and served from the archive
    if how == signal.SIGTERM:
        assert status == 143
        assert err.endswith(f"Stopped: {plural(count, 'puzzle')} issued and kept in the archive; "
                            "the same command goes on with the rest.\n")


@pytest.mark.slow  # (three processes busy for seconds)
def test_odds_whose_plays_take_long_stops_at_once_on_sigterm(tmp_path):
    """--samples 1000 --candidates 100 makes one play take many minutes: SIGTERM stops the
    command and its worker processes at once, saying what it had."""
    process = started(["odds", "42", "--samples", "1000", "--candidates", "100", "--plays", "1",
                       "--time-limit", "1", "--workers", "2"], tmp_path)
    time.sleep(3)
    assert process.poll() is None
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=20)
    assert process.returncode == 143
    assert err == "Stopped: no play had ended yet, so there are no odds to tell.\n"


STOPPED_OFTEN = r'''
import signal
from dungeoneer.engine import rng
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.engine.rng import Stream

class Stop(KeyboardInterrupt):
    pass

def stop(signum, frame):
    raise Stop()

def work(seed, state):
    stream = Stream(seed)
    for _ in range(100):
        cards, state = rng.shuffled(range(40), state)
        stream.u64()
        stream.below(1 << 40)
    game = PuzzleDungeon(hero="Skull Rogue").new_initial_state(seed=seed)
    while not game.is_terminal():
        actions = game.legal_actions()
        game = game.apply(actions[stream.below(len(actions))])

signal.signal(signal.SIGALRM, stop)
signal.setitimer(signal.ITIMER_REAL, 0.002, 0.002)
stops = 0
for seed in range(500):
    try:
        work(seed, seed)
    except Stop:
        stops += 1
signal.setitimer(signal.ITIMER_REAL, 0)
print(stops)
'''


def test_a_signal_raised_while_the_engine_works_is_an_exception_never_an_abort():
    """Ctrl-C and SIGTERM raise where the program is (`Terminated`), so the engine and the solver
    must let an exception raised by a signal handler pass up at any point, compiled too. In a
    compiled module, a multiplication of Python integers above 2**62 runs a pending handler,
    and mypyc takes the failure for a lack of memory and aborts the process: the compiled
    random stream draws on machine words (`engine/rng.py`). Here a timer raises every 2 ms,
    hundreds of times, through the stream's draws and random games."""
    result = subprocess.run([sys.executable, "-c", STOPPED_OFTEN], capture_output=True,
                            text=True, timeout=WAIT)
    assert result.returncode == 0, result.stderr[-500:]
    assert int(result.stdout) > 100  # (the timer did stop the work, again and again)
