"""The player's history in the archive: plays kept beside the puzzles, an archive of the first
schema brought up to date without touching its puzzles, and the figures (played, won, streaks,
the moves of the wins), where a past date played later never changes a streak."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from dungeoneer.generator.archive import COLUMNS, Archive, ArchiveError
from dungeoneer.generator.plays import Play, current_streak, longest_streak, marks, stats
from tests.conftest import failed_cleanly, run, succeeded
from tests.daily.conftest import PUZZLE, WIN, set_today

VERSION_1 = Path(__file__).parent / "data" / "archive-v1.sqlite3"
"""An archive as the first schema wrote it: two puzzles (2026-11-30 and 2026-12-01), no plays."""


def dumped(path: Path, table: str, columns: str = "*") -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path)) as connection:
        return connection.execute(f"SELECT {columns} FROM {table} ORDER BY rowid").fetchall()


def test_an_archive_of_the_first_schema_gains_the_plays_and_keeps_its_puzzles(tmp_path):
    path = tmp_path / "archive.sqlite3"
    shutil.copy(VERSION_1, path)
    before = dumped(path, "daily")
    with Archive(path) as opened:
        assert opened.plays() == []
        opened.add_play(Play("2026-11-30", "2026-11-30", "won", 40))
        assert [d.date for d in opened.all()] == ["2026-11-30", "2026-12-01"]
    assert dumped(path, "daily", ", ".join(COLUMNS)) == before
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 3
    with Archive(path) as opened:  # opened again: already up to date
        assert opened.plays() == [Play("2026-11-30", "2026-11-30", "won", 40)]


def test_a_read_only_archive_of_the_first_schema_is_read_with_no_plays(tmp_path):
    path = tmp_path / "archive.sqlite3"
    shutil.copy(VERSION_1, path)
    path.chmod(0o444)
    if Archive(path).read_only:
        with Archive(path) as opened:
            assert opened.plays() == [] and len(opened.all()) == 2
            with pytest.raises(ArchiveError, match="read-only"):
                opened.add_play(Play("2026-11-30", "2026-11-30", "won", 40))
        with sqlite3.connect(path) as connection:
            assert connection.execute("PRAGMA user_version").fetchone()[0] == 1


def test_an_archive_of_a_later_schema_is_refused(tmp_path):
    path = tmp_path / "archive.sqlite3"
    shutil.copy(VERSION_1, path)
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA user_version = 4")
    with pytest.raises(ArchiveError, match="a version 4 archive; this dungeoneer reads "
                                           "versions 1 to 3"):
        Archive(path)


def test_a_damaged_play_is_one_error_naming_it(tmp_path):
    path = tmp_path / "archive.sqlite3"
    with Archive(path) as opened:
        opened.add_play(Play("2026-11-30", "2026-11-30", "won", 40))
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE plays SET result = 'maybe'")
    with Archive(path) as opened, pytest.raises(
            ArchiveError, match="play 1 is damaged: its result is 'maybe', not one of won"):
        opened.plays()


def days(*dates: str) -> set[dt.date]:
    return {dt.date.fromisoformat(d) for d in dates}


def test_streaks_count_days_in_a_row_and_last_while_today_can_still_be_won():
    won = days("2026-12-01", "2026-12-02", "2026-12-03", "2026-12-05", "2026-12-06")
    assert longest_streak(won) == 3
    assert current_streak(won, dt.date(2026, 12, 6)) == 2
    assert current_streak(won, dt.date(2026, 12, 7)) == 2  # today not played yet
    assert current_streak(won, dt.date(2026, 12, 8)) == 0  # yesterday missed
    assert longest_streak(set()) == 0


def test_a_past_date_won_later_is_counted_but_never_changes_a_streak():
    plays = [Play("2026-12-01", "2026-12-01", "won", 35),
             Play("2026-12-02", "2026-12-05", "won", 52),  # a past puzzle, later
             Play("2026-12-03", "2026-12-03", "lost", 20),
             Play("2026-12-03", "2026-12-03", "won", 41),
             Play("2026-12-04", "2026-12-04", "unfinished", 3)]
    figures = stats(plays, dt.date(2026, 12, 5))
    assert (figures.played, figures.won) == (4, 3)
    assert (figures.current_streak, figures.longest_streak) == (0, 1)
    assert figures.moves == ((30, 1), (40, 1), (50, 1))
    assert marks(plays) == {"2026-12-01": "won", "2026-12-02": "won", "2026-12-03": "won",
                            "2026-12-04": "played"}


def test_plays_at_the_table_are_kept_and_stats_adds_them_up(stand_in, archive, monkeypatch):
    run("play", "puzzle-dungeon", "--daily", "2026-01-04", "--archive", archive,
        input="deal\nq\n")
    succeeded(run("play", "puzzle-dungeon", "--daily", "--archive", archive, input=WIN))
    with Archive(archive) as opened:  # the next day's win, as the table would keep it
        opened.add_play(Play("2026-01-06", "2026-01-06", "won", 55))
    set_today(monkeypatch, "2026-01-06")
    with Archive(archive) as opened:
        assert [(p.date, p.played_on, p.result, p.moves) for p in opened.plays()] == [
            ("2026-01-04", "2026-01-05", "unfinished", 1),
            ("2026-01-05", "2026-01-05", "won", 55), ("2026-01-06", "2026-01-06", "won", 55)]
    result = succeeded(run("stats", "--archive", archive))
    assert result.output == (
        "Played 3, won 2 (67%)\n"
        "Streak 2, longest 2\n"
        "Moves of the wins:\n"
        "  50-59 ██ 2\n")


def test_stats_json(stand_in, archive):
    with Archive(archive) as opened:
        opened.add_play(Play("2026-01-05", "2026-01-05", "won", 55))
    data = json.loads(succeeded(run("stats", "--archive", archive, "--json")).output)
    assert data == {"played": 1, "won": 1, "current_streak": 1, "longest_streak": 1,
                    "moves": [{"from": 50, "to": 59, "wins": 1}]}


def test_stats_without_an_archive_says_so(tmp_path):
    result = failed_cleanly(run("stats", "--archive", str(tmp_path / "none.sqlite3")))
    assert "no archive here yet" in result.output


def test_stats_with_no_plays_says_so(stand_in, archive):
    run("daily", "--archive", archive)
    result = succeeded(run("stats", "--archive", archive))
    assert result.output == "No daily puzzle played yet: dungeoneer play puzzle-dungeon --daily\n"
    assert PUZZLE.date == "2026-01-05"
