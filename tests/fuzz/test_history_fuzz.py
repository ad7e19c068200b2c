"""Fuzz the player's history: a play row of any values (another program's, a damaged file's) is
read as a play or refused with one ArchiveError naming it, never another exception; and a daily
record's header lines of hostile text end in one clear message and exit status 2."""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from dungeoneer.generator.archive import PLAY_COLUMNS, Archive, ArchiveError
from dungeoneer.generator.plays import Play
from tests.conftest import run
from tests.daily.conftest import PUZZLE
from tests.fuzz.common import BAD_INPUT, fuzz_settings, hostile_text

VALUES = st.one_of(st.integers(min_value=-2**63, max_value=2**63 - 1), st.floats(),
                   hostile_text(), st.binary(max_size=20),
                   st.sampled_from(["2026-01-05", "won", "lost", "unfinished", "0", "55"]))


@fuzz_settings(20)
@given(row=st.tuples(*(VALUES for _ in PLAY_COLUMNS)))
def test_a_play_row_of_any_values_is_read_or_refused_with_one_error(row):
    # (NOT NULL columns: SQLite itself refuses an empty value.)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "archive.sqlite3"
        Archive(path).close()
        with sqlite3.connect(path) as connection:
            connection.execute(f"INSERT INTO plays ({', '.join(PLAY_COLUMNS)}) VALUES "
                               f"({', '.join('?' for _ in PLAY_COLUMNS)})", row)
        with Archive(path) as opened:
            try:
                plays = opened.plays()
            except ArchiveError as exc:
                assert "play 1 is damaged" in str(exc)
            else:
                assert len(plays) == 1 and isinstance(plays[0], Play)


@fuzz_settings(15)
@given(key=st.sampled_from(["daily", "code", "hints", "solver-hints", "undos"]),
       value=hostile_text())
def test_a_daily_record_line_of_hostile_text_is_one_clear_error(key, value):
    value = " ".join(value.split())
    lines = {"daily": "2026-01-05", "code": PUZZLE.code, "seed": str(PUZZLE.seed),
             "hero": "Bodyguard", key: value}
    if key in ("hints", "solver-hints", "undos") and value.isascii() and value.isdigit():
        value = "-" + value  # a count that is no count
        lines[key] = value
    if key == "code" and value in (PUZZLE.code, PUZZLE.layout_code):
        return
    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "archive.sqlite3"
        with Archive(archive) as opened:
            opened.add(PUZZLE)
        record = Path(folder) / "a.rec"
        record.write_text("game: puzzle-dungeon\n" + "".join(f"{k}: {v}\n" for k, v in
                                                             lines.items()) + "---\n",
                          encoding="utf-8")
        result = run("play", "puzzle-dungeon", "--from", str(record), "--archive", str(archive))
        assert result.exit_code == BAD_INPUT, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
