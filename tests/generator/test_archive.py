"""The puzzle archive: never overwritten, never half-written, foreign files left alone; and bad
input never crashes: races, locks, read-only files, damaged rows, left-over temporary
files, file modes."""

import json
import os
import signal
import sqlite3
import stat
import subprocess
import sys
import time
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest

from dungeoneer.generator import archive as archive_module
from dungeoneer.generator import daily as daily_module
from dungeoneer.generator.archive import COLUMNS, STALE_SECONDS, Archive, ArchiveError
from dungeoneer.generator.daily import Daily
from tests.conftest import run, slow_after

LAYOUT = "pd1-x.rogue.L.1t9pkv1rbcmj3v35edc7jpr60zwcra5bz0bfydne67be8rf0x"
"""Rogue's deal 3, laid out: a puzzle served to a player has its line replayed from it."""
LINE = ("attack 4", "pay 3C 2T 7H 4M", "resolve Rogue:Collect", "resolve Rogue:Trophy",
        "column 4", "column 3", "attack 4", "pay 4T 4C 8C Cyclops", "resolve Reaper:Loot", "yes",
        "resolve Goblin:Loot", "attack 4", "pay 8T 8H 7C 0H", "resolve Automaton:Loot",
        "attack 2", "pay 6M 0T 3M Automaton", "resolve Stone-Golem:Loot", "attack 2",
        "pay 4H 3T 3H Stone-Golem", "resolve Rogue:Collect", "deal", "attack 2",
        "pay 7M 0C 5C Ghost", "resolve flip:Animated-Weapons", "resolve Haunted-Armor:Loot",
        "Reaper", "attack 2", "resolve Rogue:Collect", "deal", "deal", "deal", "attack 2",
        "pay 5H 3H 7C Mutant", "resolve flip:Witch", "resolve Banshee:Loot", "deal", "deal",
        "deal", "deal", "attack 3", "pay 5T 8M 7C 6M")
"""A line that wins it."""


def a_daily(date: str, level: int = 3) -> Daily:
    return Daily(date=date, hero="Rogue", seed=2**64 - 1, code=f"pd1-j.rogue.{2**64 - 1}",
                 layout_code=LAYOUT, level=level, score=5.25,
                 features={"hasty_wins": 3, "hasty_plays": 64}, line=LINE, candidate=2)


def test_a_new_archive_stores_and_serves_puzzles(tmp_path):
    path = tmp_path / "sub" / "archive.sqlite3"
    with Archive(path) as archive:
        archive.add(a_daily("2026-11-29"))
        archive.add(a_daily("2026-11-28", level=1))
    with Archive(path) as archive:
        assert archive.get("2026-11-29") == a_daily("2026-11-29")
        assert archive.get("2026-11-30") is None
        assert [d.date for d in archive.all()] == ["2026-11-28", "2026-11-29"]


def test_an_issued_date_is_never_replaced(tmp_path):
    path = tmp_path / "archive.sqlite3"
    with Archive(path) as archive:
        archive.add(a_daily("2026-11-29", level=3))
        with pytest.raises(ArchiveError, match="never replaced"):
            archive.add(a_daily("2026-11-29", level=5))
        assert archive.get("2026-11-29").level == 3


@pytest.mark.parametrize("content", [b"", b"hello, this is not an archive", b"SQLite format 3\x00" +
                                     b"\xff" * 200])
def test_a_foreign_or_damaged_file_is_refused_and_left_as_it_is(tmp_path, content):
    path = tmp_path / "archive.sqlite3"
    path.write_bytes(content)
    with pytest.raises(ArchiveError) as raised:
        Archive(path)
    assert str(path) in str(raised.value)
    assert path.read_bytes() == content


def test_another_programs_database_is_refused(tmp_path):
    path = tmp_path / "other.db"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE notes (text)")
    connection.commit()
    connection.close()
    before = path.read_bytes()
    with pytest.raises(ArchiveError, match="not a dungeoneer archive"):
        Archive(path)
    assert path.read_bytes() == before


def test_export_as_json_and_csv(tmp_path):
    with Archive(tmp_path / "a.sqlite3") as archive:
        archive.add(a_daily("2026-11-29"))
        data = json.loads(archive.export("json"))
        assert data == [a_daily("2026-11-29").to_json()]
        lines = archive.export("csv").splitlines()
        assert lines[0].startswith("date,hero,seed,code")
        assert lines[1].startswith(f"2026-11-29,Rogue,{2**64 - 1},")
        with pytest.raises(ArchiveError, match="json and csv"):
            archive.export("xml")


def test_exporting_a_puzzle_whose_line_does_not_replay_is_one_error_naming_it(tmp_path):
    path = tmp_path / "a.sqlite3"
    with Archive(path) as archive:
        archive.add(replace(a_daily("2026-11-29"), line=("attack 1",)))
        with pytest.raises(ArchiveError, match=r"the puzzle of 2026-11-29: its line does not "
                                               r"replay \(step 1, 'attack 1': "):
            archive.export("json")
        assert archive.export("csv").count("\n") == 2  # the rows as they are stored


WRITER = """
from dungeoneer.generator.archive import Archive
from dungeoneer.generator.daily import Daily
archive = Archive({path!r})
print("ready", flush=True)
for i in range(100000):
    day = f"{{3000 + i // 336:04d}}-{{1 + i // 28 % 12:02d}}-{{1 + i % 28:02d}}"  # all distinct
    try:
        archive.add(Daily(date=day, hero="Rogue", seed=i, code=f"pd1.rogue.{{i}}",
                          layout_code="pd1.rogue.L.0", level=1 + i % 5, score=1.0,
                          features={{"i": i, "pad": "y" * 20000}}, line=("deal",) * 500,
                          candidate=i))
    except Exception:
        pass
    else:
        if i == 0:
            print("wrote", flush=True)  # one row is in: the kill falls among the writes
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("delay", slow_after(1, [0.2, 0.0, 0.05, 0.45]))
def test_a_process_killed_mid_write_loses_nothing_issued_before(tmp_path, delay):
    path = tmp_path / "archive.sqlite3"
    earlier = [a_daily(f"2026-11-{day:02d}", level=1 + day % 5) for day in range(1, 8)]
    with Archive(path) as archive:
        for daily in earlier:
            archive.add(daily)
    child = subprocess.Popen([sys.executable, "-c", WRITER.format(path=str(path))],
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "ready"
    # Killed `delay` seconds after its first row is in (not after it started: a slow start
    # could leave it nothing written), so it is always killed among its writes.
    assert child.stdout.readline().strip() == "wrote"
    time.sleep(delay)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    with Archive(path) as archive:  # opens: the integrity check passes
        for daily in earlier:
            assert archive.get(daily.date) == daily
        written = archive.all()  # every row is read back and checked whole
        assert len(written) > len(earlier)  # the writer got somewhere before it was killed
        for daily in written:
            assert daily.line and daily.features
        assert archive.connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


# ----------------------------------------------------------------------------- helpers


def assert_one_error(result, *fragments):
    """The command's answer to bad input: one line, exit status 2, no traceback."""
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert result.output.startswith("error: ") and result.output.count("\n") == 1, result.output
    for fragment in fragments:
        assert fragment in result.output


@pytest.fixture
def generated(monkeypatch):
    """`daily` generates with a stand-in (the real one takes seconds); the dates it was asked."""
    asked = []

    def make_daily(day, **options):
        asked.append(day.isoformat())
        return a_daily(day.isoformat())

    monkeypatch.setattr(daily_module, "make_daily", make_daily)
    return asked


@pytest.fixture
def two_days(tmp_path):
    path = tmp_path / "archive.sqlite3"
    with Archive(path) as archive:
        archive.add(a_daily("2026-11-29"))  # row 1
        archive.add(a_daily("2026-11-28", level=1))  # row 2
    return path


def snapshot(folder):
    """Every file of the folder with its bytes and time of change: 'never modified' compares it."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


def change(path, sql):
    """Change the archive behind its back, as a disk fault or another program might."""
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute(sql)


# ----------------------------------------------------------------------------- 1. same-date race

RACER = """
import sys, time
from pathlib import Path
from dungeoneer.cli.main import cli
from dungeoneer.generator import daily

archive, gate, seed = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])

def make_daily(day, **options):
    # Each racer waits here for the other, so both have generated before either writes.
    (gate / str(seed)).touch()
    give_up = time.monotonic() + 120
    while len(list(gate.iterdir())) < 2:
        if time.monotonic() > give_up:
            sys.exit("the other racer never came")
        time.sleep(0.01)
    return daily.Daily(date=day.isoformat(), hero="Rogue", seed=seed, code=f"pd1.rogue.{seed}",
                       layout_code="pd1.rogue.L.0", level=3, score=1.0, features={"racer": seed},
                       line=("deal",), candidate=seed)

daily.make_daily = make_daily
cli(["daily", "2026-11-29", "--archive", archive, "--json"])
"""


@pytest.mark.slow
def test_two_daily_runs_of_a_new_date_at_once_both_show_the_puzzle_written_first(tmp_path):
    path = tmp_path / "archive.sqlite3"  # no archive yet: they race to create it too
    gate = tmp_path / "gate"
    gate.mkdir()
    # Each racer makes a different puzzle, so showing the same one means the loser read the
    # winner's row.
    racers = [subprocess.Popen([sys.executable, "-c", RACER, str(path), str(gate), str(seed)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
              for seed in (1, 2)]
    outputs = [racer.communicate(timeout=300) for racer in racers]
    for racer, (_, err) in zip(racers, outputs, strict=True):
        assert racer.returncode == 0, err
    shown = [json.loads(out) for out, _ in outputs]
    assert sorted(s.pop("newly_issued") for s in shown) == [False, True]
    assert shown[0] == shown[1]
    with Archive(path) as archive:
        assert [d.to_json(reveal=False) for d in archive.all()] == [shown[0]]
        assert [d.line for d in archive.all()] == [("deal",)]


# ----------------------------------------------------------------------------- 2. busy

def hold_lock(path, kind):
    """Another program's transaction: IMMEDIATE holds the write lock, EXCLUSIVE keeps readers out
    too."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute(f"BEGIN {kind}")
    return other


def release(other):
    other.execute("ROLLBACK")
    other.close()


BUSY = ("the archive is busy: another process has held it locked for over 0.1 s, so nothing was "
        "written; try again once that process is done")


@pytest.mark.parametrize("kind", ["IMMEDIATE", "EXCLUSIVE"])
def test_a_lock_held_past_the_wait_is_one_busy_error_and_nothing_is_written(two_days, kind):
    before = two_days.read_bytes()
    with Archive(two_days, busy_seconds=0.1) as archive:
        other = hold_lock(two_days, kind)
        try:
            with pytest.raises(ArchiveError) as raised:
                archive.add(a_daily("2026-11-30"))
        finally:
            release(other)
        assert str(raised.value).startswith(f"{two_days}: {BUSY}")
        assert archive.get("2026-11-30") is None
    assert two_days.read_bytes() == before


@pytest.mark.parametrize("kind", ["IMMEDIATE", "EXCLUSIVE"])
def test_daily_on_an_archive_locked_all_along_stops_before_generating(two_days, kind,
                                                                      monkeypatch, generated):
    monkeypatch.setattr(archive_module, "BUSY_SECONDS", 0.1)
    before = two_days.read_bytes()
    other = hold_lock(two_days, kind)
    try:
        result = run("daily", "2026-11-30", "--archive", str(two_days))
    finally:
        release(other)
    assert_one_error(result, f"error: {two_days}: {BUSY}")
    assert generated == []
    assert two_days.read_bytes() == before


def test_a_lock_taken_while_generating_is_one_busy_error_and_nothing_is_written(two_days,
                                                                              monkeypatch):
    monkeypatch.setattr(archive_module, "BUSY_SECONDS", 0.1)
    others = []

    def make_daily(day, **options):
        others.append(hold_lock(two_days, "IMMEDIATE"))  # taken while the puzzle is generated
        return a_daily(day.isoformat())

    monkeypatch.setattr(daily_module, "make_daily", make_daily)
    before = two_days.read_bytes()
    try:
        result = run("daily", "2026-11-30", "--archive", str(two_days))
    finally:
        for other in others:
            release(other)
    assert len(others) == 1
    assert_one_error(result, f"error: {two_days}: {BUSY}")
    assert two_days.read_bytes() == before


# ----------------------------------------------------------------------------- 3. read-only

def deny_writes_as_root(monkeypatch, target):
    """Root writes whatever the mode says, and os.access tells it so (these tests may run as
    root): then os.access answers for `target` as for an ordinary user."""
    if not os.access(target, os.W_OK):
        return
    real = os.access

    def access(path, mode, *args, **kwargs):
        if mode & os.W_OK and Path(path).resolve() == target.resolve():
            return False
        return real(path, mode, *args, **kwargs)

    monkeypatch.setattr(os, "access", access)


@pytest.fixture(params=["file", "folder"])
def read_only(request, tmp_path, monkeypatch):
    """An archive with 2026-11-28 issued, its file (0444) or its folder (0555) read-only."""
    folder = tmp_path / "archive"
    folder.mkdir()
    path = folder / "archive.sqlite3"
    with Archive(path) as archive:
        archive.add(a_daily("2026-11-28"))
    target = path if request.param == "file" else folder
    writable = stat.S_IMODE(target.stat().st_mode)
    target.chmod(0o444 if request.param == "file" else 0o555)
    deny_writes_as_root(monkeypatch, target)
    yield path
    target.chmod(writable)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_a_read_only_archive_serves_issued_dates_and_refuses_new_ones(read_only):
    before = snapshot(read_only.parent)
    with Archive(read_only) as archive:
        assert archive.read_only
        assert archive.get("2026-11-28") == a_daily("2026-11-28")
        assert archive.all() == [a_daily("2026-11-28")]
        with pytest.raises(ArchiveError) as raised:
            archive.add(a_daily("2026-11-29"))
    assert str(raised.value).startswith(f"{read_only}: the archive is read-only (")
    assert "the puzzle of 2026-11-29 can't be added" in str(raised.value)
    assert snapshot(read_only.parent) == before


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_daily_on_a_read_only_archive_refuses_a_new_date_before_generating(read_only, generated):
    before = snapshot(read_only.parent)
    served = run("daily", "2026-11-28", "--archive", str(read_only), "--json")
    assert served.exit_code == 0, served.output
    assert json.loads(served.output)["deal"]["code"] == a_daily("2026-11-28").code
    assert run("archive", "export", "--archive", str(read_only)).exit_code == 0
    refused = run("daily", "2026-11-29", "--archive", str(read_only))
    assert_one_error(refused, f"error: {read_only}: the archive is read-only (",
                     "the puzzle of 2026-11-29 can't be added")
    assert generated == []
    assert snapshot(read_only.parent) == before


# ----------------------------------------------------------------------------- 4. damaged rows

ROW_DAMAGE = [
    ("features = '{'", "its features are not JSON"),
    ("features = '[]'", "its features are [], not a JSON object"),
    ("level = 9", "its level is 9, not a level from 1 to 5"),
    ("level = 'three'", "its level is 'three', not a level from 1 to 5"),
    ("score = 'fast'", "its score is 'fast', not a number"),
    ("candidate = 1.5", "its candidate is 1.5, not a whole number"),
    ("candidate = -1", "its candidate is -1, not a whole number"),
    ("seed = '-1'", "its seed is '-1', not a whole number from 0 to 18446744073709551615"),
    ("seed = '18446744073709551616'", "its seed is '18446744073709551616', not a whole number"),
    ("seed = 5", "its code pd1-j.rogue.18446744073709551615 is not the deal of its seed, 5"),
    ("hero = 'Nobody'", "its hero is 'Nobody', not a hero face of the game"),
    ("hero = 'Warrior'", "its code 'pd1-j.rogue.18446744073709551615' is not a deal of its hero"),
    ("code = 'pd1.rogue.L.0'", "its code is 'pd1.rogue.L.0', not a short deal code"),
    ("code = 'pd1-k.rogue.18446744073709551615'",
     "its code 'pd1-k.rogue.18446744073709551615' has a check character that does not fit it"),
    ("layout_code = 'x'", "its layout_code is 'x', not a layout deal code"),
    ("line = '\"deal\"'", "its line is 'deal', not a list of actions"),
    ("line = '[1]'", "its line is [1], not a list of actions"),
    ("generator_version = ''", "its generator_version is empty"),
    ("date = '2026-13-01'", "its date is '2026-13-01', not a date written YYYY-MM-DD"),
    *((f"{column} = X'00'", f"its {column} {'are' if column == 'features' else 'is'} binary data")
      for column in COLUMNS),
]


@pytest.mark.parametrize(("damage", "reason"), ROW_DAMAGE)
def test_a_damaged_row_is_one_error_naming_the_file_the_row_and_the_reason(two_days, damage,
                                                                          reason):
    change(two_days, f"UPDATE daily SET {damage} WHERE rowid = 1")
    before = two_days.read_bytes()
    date_lost = damage.startswith("date")
    row = "row 1" if date_lost else "the puzzle of 2026-11-29 (row 1)"
    with Archive(two_days) as archive:
        reads = [archive.all, lambda: archive.export("json"), lambda: archive.export("csv")]
        if not date_lost:  # a row whose date is damaged is no longer found by its date
            reads.append(lambda: archive.get("2026-11-29"))
        for read in reads:
            with pytest.raises(ArchiveError) as raised:
                read()
            assert str(raised.value).startswith(f"{two_days}: {row} is damaged: {reason}")
        assert archive.get("2026-11-28") == a_daily("2026-11-28", level=1)  # the others serve
    assert two_days.read_bytes() == before


@pytest.mark.parametrize("damage", ["level = 9", "features = '{'", "date = X'00'",
                                    "date = '2026-11-2'"])
def test_daily_on_a_damaged_row_is_one_error_and_never_issues_the_day_again(two_days, damage,
                                                                           generated):
    change(two_days, f"UPDATE daily SET {damage} WHERE rowid = 1")
    before = two_days.read_bytes()
    result = run("daily", "2026-11-29", "--archive", str(two_days))
    assert_one_error(result, f"error: {two_days}: ", "row 1) is damaged: " if "level" in damage
                     or "features" in damage else "row 1 is damaged: ")
    assert generated == []
    assert_one_error(run("archive", "export", "--archive", str(two_days)), "is damaged")
    assert two_days.read_bytes() == before


@pytest.mark.parametrize(("damage", "reason"), [
    ("DROP TABLE daily", "the archive has no daily table"),
    ("ALTER TABLE daily DROP COLUMN features", "the archive's daily table has no features column"),
])
def test_a_missing_table_or_column_is_one_error(two_days, damage, reason, generated):
    change(two_days, damage)
    before = two_days.read_bytes()
    with pytest.raises(ArchiveError) as raised:
        Archive(two_days)
    assert str(raised.value).startswith(f"{two_days}: {reason}")
    assert_one_error(run("daily", "2026-11-29", "--archive", str(two_days)),
                     f"error: {two_days}: {reason}")
    assert generated == []
    assert two_days.read_bytes() == before


def misindex(path, date, instead):
    """Damage that PRAGMA quick_check misses: the primary key's index says `instead` where the
    table says `date`."""
    with closing(sqlite3.connect(path)) as connection:
        page_size = connection.execute("PRAGMA page_size").fetchone()[0]
        root = connection.execute("SELECT rootpage FROM sqlite_master "
                                  "WHERE name = 'sqlite_autoindex_daily_1'").fetchone()[0]
    data = bytearray(path.read_bytes())
    start = (root - 1) * page_size
    at = start + data[start:start + page_size].index(date.encode())
    data[at:at + len(date)] = instead.encode()
    path.write_bytes(data)
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] != "ok"
        # A lookup through the index misses the date.
        assert connection.execute("SELECT count(*) FROM daily WHERE date = ?",
                                  (date,)).fetchone()[0] == 0


def test_an_index_that_lost_a_date_still_serves_it_and_never_issues_it_twice(two_days,
                                                                            generated):
    misindex(two_days, "2026-11-29", "2026-11-30")
    result = run("daily", "2026-11-29", "--archive", str(two_days), "--json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.output)
    assert shown["deal"]["code"] == a_daily("2026-11-29").code and not shown["newly_issued"]
    assert generated == []
    with Archive(two_days) as archive:
        assert archive.store(a_daily("2026-11-29", level=5)) == (a_daily("2026-11-29"), False)
        with pytest.raises(ArchiveError) as raised:  # the index has it, the table has not
            archive.add(a_daily("2026-11-30"))
        assert str(raised.value).startswith(f"{two_days}: the archive's index lists 2026-11-30, "
                                            "which its table lacks: the archive is damaged")
        assert [d.date for d in archive.all()] == ["2026-11-28", "2026-11-29"]


def test_a_date_in_the_archive_twice_is_one_error(two_days, generated):
    misindex(two_days, "2026-11-29", "2026-11-30")
    # A lookup that trusted the index would miss the date and issue the day again.
    change(two_days, "INSERT INTO daily SELECT * FROM daily WHERE rowid = 1")
    twice = (f"{two_days}: the puzzle of 2026-11-29 is in the archive 2 times: the archive is "
             "damaged")
    with Archive(two_days) as archive:
        for read in (lambda: archive.get("2026-11-29"), archive.all):
            with pytest.raises(ArchiveError) as raised:
                read()
            assert str(raised.value).startswith(twice)
    assert_one_error(run("daily", "2026-11-29", "--archive", str(two_days)), f"error: {twice}")
    assert generated == []


@pytest.mark.parametrize("bad", [
    a_daily("2026-11-29", level=9),
    replace(a_daily("2026-11-29"), date="29/11/2026"),
    replace(a_daily("2026-11-29"), seed=2**64),
    replace(a_daily("2026-11-29"), code="pd1.warrior.5"),
    replace(a_daily("2026-11-29"), line=()),
])
def test_a_puzzle_that_would_make_a_damaged_row_is_never_written(tmp_path, bad):
    path = tmp_path / "archive.sqlite3"
    with Archive(path) as archive:
        with pytest.raises(ArchiveError) as raised:
            archive.add(bad)
        assert str(raised.value).startswith(f"{path}: the puzzle of {bad.date} can't be archived: ")
        assert archive.all() == []


# ----------------------------------------------------------------------------- 5. temporary files

CREATOR = """
import os, signal, sys
from dungeoneer.generator import archive

def killed(*args, **kwargs):  # after the temporary file is made, before it is linked into place
    os.kill(os.getpid(), signal.SIGKILL)

archive.sqlite3.connect = killed
archive.Archive(sys.argv[1])
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_creation_killed_midway_leaves_no_temporary_file_behind(tmp_path):
    path = tmp_path / "archive.sqlite3"
    child = subprocess.run([sys.executable, "-c", CREATOR, str(path)], check=False)
    assert child.returncode == -signal.SIGKILL
    [left] = tmp_path.iterdir()  # what the kill left
    assert left.name.startswith(".archive.sqlite3.") and left.name.endswith(".new")
    # As if killed long ago: a recent one may be another process's creation still under way.
    long_ago = time.time() - 2 * STALE_SECONDS
    os.utime(left, (long_ago, long_ago))
    with Archive(path) as archive:
        archive.add(a_daily("2026-11-29"))
    assert [p.name for p in tmp_path.iterdir()] == ["archive.sqlite3"]


def test_only_stale_temporary_files_of_the_archive_are_removed(tmp_path):
    stale = [".archive.sqlite3.ab_c1234.new", ".archive.sqlite3.ab_c1234.new-journal"]
    others = [".archive.sqlite3.abc.new", ".archive.sqlite3.ab_c1234.new.keep",
              ".other.sqlite3.ab_c1234.new", "archive.sqlite3.ab_c1234.new", "notes.txt"]
    long_ago = time.time() - 2 * STALE_SECONDS
    for name in stale + others:
        (tmp_path / name).write_text("x")
        os.utime(tmp_path / name, (long_ago, long_ago))
    recent = ".archive.sqlite3.zz_z9999.new"  # another process may be creating the archive now
    (tmp_path / recent).write_text("x")
    Archive(tmp_path / "archive.sqlite3").close()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [*others, recent, "archive.sqlite3"])


# ----------------------------------------------------------------------------- 6. file modes

@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
@pytest.mark.parametrize("umask", [0o022, 0o077])
def test_the_archive_follows_the_umask(tmp_path, umask):
    path = tmp_path / "archive.sqlite3"
    old = os.umask(umask)
    try:
        with Archive(path) as archive:
            archive.add(a_daily("2026-11-29"))
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
