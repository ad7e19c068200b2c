"""Survey files: a file `survey --resume` refuses is never changed, whatever it holds; damage is
one message naming the line; one survey at a time writes a file."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.generator.survey import HEADER_LINE, SurveyFile, parse_rows
from tests.conftest import failed_cleanly, run, succeeded
from tests.fuzz.common import fuzz_settings, hostile_text

ROW = {"hero": "Rogue", "index": 0, "seed": 1, "status": "unknown", "seconds": 0.1,
       "positions": 50, "time_limit": None, "position_limit": 50}
SURVEY = ("survey", "--hero", "Rogue", "--deals", "1", "--positions", "50")
"""A survey whose one deal is already in the file that holds ROW: resuming it solves nothing."""

GOOD = f"{HEADER_LINE}\n{json.dumps(ROW)}\n".encode()


def nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


NOT_SURVEYS = {
    "text without a newline": b"some notes, last line unfinished",
    "text": b"line one\nline two\nno newline at the end",
    "binary": bytes(range(256)) * 4,
    "utf-16": "hello\nworld\n".encode("utf-16"),
    "deep json": nested(100_000) + b"\n",
    "a row of another kind": b'{"hero": "Rogue"}\n',
    "empty line first": b"\n" + GOOD,
    "header twice": HEADER_LINE.encode() + b"\n" + GOOD,
}


@pytest.mark.parametrize("name", NOT_SURVEYS)
def test_a_file_that_is_not_a_surveys_is_refused_and_left_as_it_was(tmp_path, name):
    out = tmp_path / "notes.txt"
    out.write_bytes(NOT_SURVEYS[name])
    result = failed_cleanly(run(*SURVEY, "--out", str(out), "--resume"))
    assert f"{out}:" in result.output and result.output.count("\n") == 1
    assert out.read_bytes() == NOT_SURVEYS[name]


def test_a_symbolic_link_to_another_file_is_refused_and_the_file_left_as_it_was(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_bytes(b"keep me\nall of me")
    link = tmp_path / "survey.jsonl"
    link.symlink_to(notes)
    failed_cleanly(run(*SURVEY, "--out", str(link), "--resume"))
    assert notes.read_bytes() == b"keep me\nall of me"


def test_an_sqlite_database_is_refused_and_left_as_it_was(tmp_path):
    out = tmp_path / "archive.sqlite3"
    with sqlite3.connect(out) as db:
        db.execute("create table t (x)")
        db.execute("insert into t values ('a\nb')")
    before = out.read_bytes()
    failed_cleanly(run(*SURVEY, "--out", str(out), "--resume"))
    assert out.read_bytes() == before


def test_a_damaged_line_is_named(tmp_path):
    out = tmp_path / "survey.jsonl"
    out.write_bytes(GOOD + b'{"hero": "Rogue", "index": \xff}\n')
    result = failed_cleanly(run(*SURVEY, "--out", str(out), "--resume"))
    assert result.output == f"error: {out}:3: not a line of a survey's file: it is not UTF-8 " \
                            "text (invalid start byte at byte 28)\n"


def test_a_resumed_survey_cuts_off_only_a_half_written_last_line(tmp_path):
    out = tmp_path / "survey.jsonl"
    out.write_bytes(GOOD + b'{"hero": "Ro')
    report = json.loads(succeeded(run(*SURVEY, "--out", str(out), "--resume", "--json")).output)
    assert report["resumed"] == 1 and out.read_bytes() == GOOD


def test_a_second_survey_on_a_file_in_use_is_refused_and_changes_nothing(tmp_path):
    out = tmp_path / "survey.jsonl"
    out.write_bytes(GOOD + b'{"hero": "Ro')
    with SurveyFile(out):  # another survey holds it
        for flag in ("--resume", "--force"):
            result = failed_cleanly(run(*SURVEY, "--out", str(out), flag))
            assert result.output == (f"error: {out}: another survey is writing this file; wait "
                                     "for it to end, or choose another --out\n")
    assert out.read_bytes() == GOOD + b'{"hero": "Ro'


def test_a_new_survey_file_starts_with_its_header(tmp_path):
    out = tmp_path / "survey.jsonl"
    succeeded(run(*SURVEY, "--out", str(out)))
    header, row = out.read_text(encoding="utf-8").splitlines()
    assert header == HEADER_LINE and json.loads(row)["position_limit"] == 50


@given(data=st.binary(max_size=200) | hostile_text().map(str.encode),
       at=st.integers(0, len(GOOD)))
@fuzz_settings(50)
def test_any_damage_is_read_as_rows_or_refused_naming_the_file(data, at):
    damaged = GOOD[:at] + data + GOOD[at:]
    try:
        rows, whole = parse_rows(damaged, "s.jsonl")
    except DungeoneerError as exc:
        assert exc.file == "s.jsonl" and exc.line is not None
    else:
        assert 0 < whole <= len(damaged) and all(row["hero"] for row in rows)


def test_a_survey_file_is_written_one_whole_line_per_row(tmp_path):
    out = tmp_path / "survey.jsonl"
    with SurveyFile(out) as sink:
        sink.start(fresh=True)
        sink.write_row(ROW)
        # Written through: another reader sees the row before the file is closed.
        assert out.read_bytes() == GOOD
    assert os.path.exists(out) and Path(out).read_bytes() == GOOD
