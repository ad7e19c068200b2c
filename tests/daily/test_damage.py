"""Damage is detected, never served: each puzzle row carries the SHA-256 of its content, checked
whenever it is read, and a puzzle served to a player has its line replayed from its layout to a
win first; an archive of the schema before checksums gains them without its puzzles being
touched, and reads as before."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest

from dungeoneer.generator.archive import CHECKSUM, COLUMNS, Archive, ArchiveError
from dungeoneer.generator.plays import Play
from tests.conftest import failed_cleanly, run, succeeded
from tests.daily.conftest import PUZZLE

VERSION_2 = Path(__file__).parent / "data" / "archive-v2.sqlite3"
"""An archive as the schema before checksums wrote it (made by that version's archive module):
the puzzles of 2026-01-05 (Bodyguard) and 2026-01-06 (Rogue), their codes written without check
characters, and one play."""

DATE = PUZZLE.date
"""The puzzle that is damaged (row 1)."""
OTHER = "2026-01-06"


def rows(path: Path, columns: str = "*") -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path)) as connection:
        return connection.execute(f"SELECT {columns} FROM daily ORDER BY rowid").fetchall()


def change(path: Path, sql: str, *parameters: object) -> None:
    """Change the archive behind the product's back, as another program or a disk fault might."""
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute(sql, parameters)


def one_error(result, *fragments: str) -> str:
    """The command's answer: one line, status 2, click's own exit (no exception of ours)."""
    failed_cleanly(result)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.startswith("error: ") and result.output.count("\n") == 1, \
        result.output
    for fragment in fragments:
        assert fragment in result.output, result.output
    return result.output


@pytest.fixture
def issued(stand_in, archive) -> Path:
    """An archive with two puzzles issued: 2026-01-05 (row 1) and 2026-01-06 (row 2)."""
    for date in (DATE, OTHER):
        succeeded(run("daily", date, "--archive", archive))
    return Path(archive)


# ----------------------------------------------------------------------------- the checksum

def test_each_row_carries_the_sha256_of_its_content_as_docs_daily_md_writes_it(issued):
    (content, checksum), _ = [(row[:-1], row[-1]) for row in
                              rows(issued, f"{', '.join(COLUMNS)}, {CHECKSUM}")]
    # The eleven columns in order, as stored, as one compact ASCII JSON array.
    text = json.dumps(list(content), separators=(",", ":"), ensure_ascii=True)
    assert checksum == hashlib.sha256(text.encode()).hexdigest()
    assert content[COLUMNS.index("code")] == PUZZLE.code  # stored with its check character


LINE_LOST = json.dumps(list(PUZZLE.line[:-1]))  # JSON still, a list of actions still
TAMPERING = {
    "a line that no longer wins": f"line = '{LINE_LOST}'",
    "a line that no longer replays": """line = '["attack 1", "attack 1"]'""",
    "another level": "level = 5",
    "another score": "score = 0.5",
    "other features": """features = '{"eager_plays": 1}'""",
    "another candidate": "candidate = 0",
    "another generator": "generator_version = '1'",
    "another deal, seed and code together": "seed = '42', code = 'pd1-e.bodyguard.42'",
    "another layout": "layout_code = 'pd1-3.bodyguard.L.0'",
    "a code written before check characters": "code = 'pd1.bodyguard.10726284161957276873'",
    "another checksum": f"{CHECKSUM} = '{'0' * 64}'",
}


@pytest.mark.parametrize("damage", TAMPERING.values(), ids=TAMPERING.keys())
def test_a_row_changed_outside_is_one_error_naming_the_file_and_date_and_never_served(
        issued, damage):
    change(issued, f"UPDATE daily SET {damage} WHERE date = ?", DATE)
    before = issued.read_bytes()
    said = (f"error: {issued}: the puzzle of {DATE} (row 1) is damaged: its content does not "
            "match its checksum: it was changed outside dungeoneer, or the file is damaged; the "
            "archive was left as it is\n")
    for args in (["daily", DATE, "--json"], ["daily", DATE], ["archive", "show", DATE],
                 ["archive", "show", DATE, "--json"], ["archive", "list"],
                 ["archive", "export"], ["play", "puzzle-dungeon", "--daily", DATE]):
        assert one_error(run(*args, "--archive", str(issued), input="q\n")) == said, args
    site = issued.parent / "site"
    assert one_error(run("archive", "site", str(site), "--archive", str(issued))) == said
    assert not site.exists()
    # The other date still serves; no new date is issued while a row is damaged.
    assert json.loads(succeeded(run("daily", OTHER, "--json", "--archive", str(issued)))
                      .output)["date"] == OTHER
    one_error(run("daily", "2026-01-07", "--archive", str(issued)), said.strip())
    assert issued.read_bytes() == before


def test_a_row_without_its_checksum_is_damaged(issued):
    change(issued, f"UPDATE daily SET {CHECKSUM} = NULL WHERE date = ?", DATE)
    one_error(run("daily", DATE, "--json", "--archive", str(issued)),
              f"{issued}: the puzzle of {DATE} (row 1) is damaged: it has no checksum")


def test_a_field_that_no_longer_parses_is_said_as_such_first(issued):
    change(issued, "UPDATE daily SET level = 9 WHERE date = ?", DATE)
    one_error(run("daily", DATE, "--json", "--archive", str(issued)),
              f"the puzzle of {DATE} (row 1) is damaged: its level is 9, not a level")


def test_a_line_that_does_not_win_is_never_served_even_with_a_checksum_that_fits(archive):
    """A row that dungeoneer wrote but whose line does not win (a checksum only says the row is
    as written): served to nobody."""
    with Archive(archive) as opened:
        opened.add(replace(PUZZLE, line=PUZZLE.line[:-1]))
        opened.add(replace(PUZZLE, date=OTHER, line=("attack 1", "attack 1")))
    one_error(run("daily", DATE, "--json", "--archive", archive),
              f"{archive}: the puzzle of {DATE} is damaged: its line of 54 steps does not end "
              "in a win; the archive was left as it is")
    one_error(run("play", "puzzle-dungeon", "--daily", OTHER, "--archive", archive),
              f"{archive}: the puzzle of {OTHER} is damaged: its line does not replay (step 2, "
              "'attack 1': ")
    one_error(run("archive", "show", OTHER, "--archive", archive),
              f"{archive}: the puzzle of {OTHER} is damaged: its line does not replay")


# ----------------------------------------------------------------------------- the schema before

@pytest.fixture
def version_2(tmp_path) -> Path:
    path = tmp_path / "archive.sqlite3"
    shutil.copy(VERSION_2, path)
    return path


def test_an_archive_without_checksums_gains_them_and_keeps_every_puzzle_as_it_was(version_2):
    content = ", ".join(COLUMNS)
    before = rows(version_2, content)
    with Archive(version_2) as opened:
        assert opened.has_checksums
        plays = opened.plays()
        served = opened.served(DATE)
    assert rows(version_2, content) == before  # the puzzles' own columns, untouched
    with closing(sqlite3.connect(version_2)) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 3
    assert all(len(str(row[0])) == 64 for row in rows(version_2, CHECKSUM))
    assert plays == [Play(DATE, DATE, "won", 55, 1, 0, 2)]
    # Its codes were written without check characters: served with them.
    assert before[0][COLUMNS.index("code")] == "pd1.bodyguard.10726284161957276873"
    # The version of the generator that made it, as the row says.
    assert served == replace(PUZZLE, generator_version="2")
    shown = json.loads(succeeded(run("daily", OTHER, "--json", "--archive", str(version_2)))
                       .output)
    assert (shown["deal"]["code"], shown["deal"]["layout_code"]) == (
        "pd1-e.rogue.3", "pd1-x.rogue.L.1t9pkv1rbcmj3v35edc7jpr60zwcra5bz0bfydne67be8rf0x")
    # From now on a change behind its back is caught.
    change(version_2, "UPDATE daily SET level = 4 WHERE date = ?", OTHER)
    one_error(run("daily", OTHER, "--json", "--archive", str(version_2)),
              f"{version_2}: the puzzle of {OTHER} (row 2) is damaged: its content does not "
              "match its checksum")


def test_a_damaged_row_of_an_archive_without_checksums_gets_none_and_stays_damaged(version_2):
    change(version_2, "UPDATE daily SET features = '{' WHERE date = ?", DATE)
    with Archive(version_2) as opened:
        assert opened.get(OTHER) is not None
        with pytest.raises(ArchiveError, match=rf"the puzzle of {DATE} \(row 1\) is damaged: "
                                               "its features are not JSON"):
            opened.get(DATE)
    assert rows(version_2, CHECKSUM)[0] == (None,)
    # Mended (here by hand): no checksum is trusted that the migration did not write.
    change(version_2, "UPDATE daily SET features = '{}' WHERE date = ?", DATE)
    one_error(run("daily", DATE, "--archive", str(version_2)),
              f"the puzzle of {DATE} (row 1) is damaged: it has no checksum")


def test_an_archive_without_checksums_that_may_only_be_read_is_read_as_it_is(version_2,
                                                                           monkeypatch):
    """Nothing to check a row against: a puzzle is still replayed before it is served."""
    change(version_2, f"UPDATE daily SET line = '{LINE_LOST}' WHERE date = ?", DATE)
    version_2.chmod(0o444)
    real_access = os.access  # root may write whatever the mode says: answer as for a user

    def access(path, mode, *args, **kwargs):
        if mode & os.W_OK and Path(path).resolve() == version_2.resolve():
            return False
        return real_access(path, mode, *args, **kwargs)

    monkeypatch.setattr(os, "access", access)
    before = version_2.read_bytes()
    with Archive(version_2) as opened:
        assert opened.read_only and not opened.has_checksums
    shown = json.loads(succeeded(run("daily", OTHER, "--json", "--archive", str(version_2)))
                       .output)
    assert shown["deal"]["code"] == "pd1-e.rogue.3"
    one_error(run("daily", DATE, "--json", "--archive", str(version_2)),
              f"the puzzle of {DATE} is damaged: its line of 54 steps does not end in a win")
    assert version_2.read_bytes() == before


# ----------------------------------------------------------------------------- codes in records

def test_a_typo_in_a_daily_records_code_is_one_error_naming_the_line(stand_in, archive,
                                                                     tmp_path):
    record = tmp_path / "a.rec"
    typo = PUZZLE.code.replace("1072", "1702")
    record.write_text(f"game: puzzle-dungeon\ndaily: {DATE}\ncode: {typo}\nseed: 1\n---\n")
    result = run("play", "puzzle-dungeon", "--from", str(record), "--archive", archive)
    one_error(result, f"error: {record}:3: 'code: {typo}': the deal code '{typo}' has a typo")


@pytest.mark.parametrize("code", ["pd1.bodyguard.10726284161957276873",
                                  "pd1.bodyguard.L.2s16ahjb092jd0dn46j5446n4phgah1r5rs2qqc9gv16yht73"])
def test_a_daily_record_written_before_check_characters_goes_on(stand_in, archive, tmp_path,
                                                               code):
    record = tmp_path / "a.rec"
    record.write_text(f"game: puzzle-dungeon\ndaily: {DATE}\ncode: {code}\n"
                      f"seed: {PUZZLE.seed}\nhero: Bodyguard\n---\n{PUZZLE.line[0]}\n")
    result = succeeded(run("play", "puzzle-dungeon", "--from", str(record), "--archive",
                           archive, input="q\n"))
    assert result.output.startswith(f"Puzzle Dungeon, daily No. 5 of {DATE}: Bodyguard")
