"""The puzzle archive: never overwritten, never half-written, foreign files left alone."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from dungeoneer.generator.archive import Archive, ArchiveError
from dungeoneer.generator.daily import Daily


def a_daily(date: str, level: int = 3) -> Daily:
    return Daily(date=date, hero="Rogue", seed=2**64 - 1, code=f"pd1.rogue.{2**64 - 1}",
                 layout_code="pd1.rogue.L.0", level=level, score=5.25,
                 features={"hasty_wins": 3, "hasty_plays": 64}, line=("deal", "attack 1"),
                 candidate=2)


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


WRITER = """
from dungeoneer.generator.archive import Archive
from dungeoneer.generator.daily import Daily
archive = Archive({path!r})
print("ready", flush=True)
for i in range(100000):
    day = f"{{3000 + i // 336:04d}}-{{1 + i // 28 % 12:02d}}-{{1 + i % 28:02d}}"  # all distinct
    try:
        archive.add(Daily(date=day, hero="Rogue", seed=i, code="c", layout_code="x" * 5000,
                          level=1 + i % 5, score=1.0, features={{"i": i, "pad": "y" * 20000}},
                          line=("deal",) * 500, candidate=i))
    except Exception:
        pass
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("delay", [0.05, 0.2, 0.45])
def test_a_process_killed_mid_write_loses_nothing_issued_before(tmp_path, delay):
    path = tmp_path / "archive.sqlite3"
    earlier = [a_daily(f"2026-11-{day:02d}", level=1 + day % 5) for day in range(1, 8)]
    with Archive(path) as archive:
        for daily in earlier:
            archive.add(daily)
    child = subprocess.Popen([sys.executable, "-c", WRITER.format(path=str(path))],
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "ready"
    time.sleep(delay)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    with Archive(path) as archive:  # opens: the integrity check passes
        for daily in earlier:
            assert archive.get(daily.date) == daily
        written = archive.all()
        assert len(written) > len(earlier)  # the writer got somewhere before it was killed
        for daily in written:  # every row there is whole
            assert daily.line and daily.features
