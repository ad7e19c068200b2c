"""A stop (Ctrl-C, SIGTERM) never falls inside a step that must finish whole: a line written and
counted, a row of a survey, a puzzle stored in the archive and counted."""

from __future__ import annotations

import os
import signal
import sys

import pytest

from dungeoneer.engine import files
from dungeoneer.engine.files import LinesWriter
from dungeoneer.engine.stops import stops_held

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


class Stop(Exception):
    """What the tests' SIGTERM handler raises."""


@pytest.fixture
def sigterm_raises():
    """SIGTERM raises `Stop` while the test runs (as the `dungeoneer` script's `Terminated`)."""
    def stop(signum, frame):
        raise Stop(signum)

    before = signal.signal(signal.SIGTERM, stop)
    yield
    signal.signal(signal.SIGTERM, before)


def test_a_stop_inside_the_block_takes_effect_when_it_ends(sigterm_raises):
    done = []
    with pytest.raises(Stop), stops_held():
        os.kill(os.getpid(), signal.SIGTERM)
        done.append("after the signal")
        done.append("the end of the block")
    assert done == ["after the signal", "the end of the block"]


def test_ctrl_c_inside_the_block_is_a_keyboard_interrupt_when_it_ends():
    done = []
    with pytest.raises(KeyboardInterrupt), stops_held():
        os.kill(os.getpid(), signal.SIGINT)
        done.append("after Ctrl-C")
    assert done == ["after Ctrl-C"]


def test_the_handlers_are_as_they_were_after_the_block(sigterm_raises):
    before = (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM))
    with stops_held():
        pass
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before
    with pytest.raises(Stop):
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(1000):  # (the handler runs between two steps of Python code)
            pass


def test_an_error_inside_the_block_goes_on(sigterm_raises):
    with pytest.raises(ZeroDivisionError), stops_held():
        os.kill(os.getpid(), signal.SIGTERM)
        1 / 0  # noqa: B018


def test_a_stop_while_a_line_is_written_comes_after_it_is_counted_and_named(
        tmp_path, monkeypatch, sigterm_raises):
    """A SIGTERM that arrives as the first line reaches the file: without the hold, the
    handler ran before the line was counted, and the writer then removed its file as empty."""
    write = os.write

    def write_then_stop(fd, data):
        written = write(fd, data)
        os.kill(os.getpid(), signal.SIGTERM)
        return written

    monkeypatch.setattr(files.os, "write", write_then_stop)
    target = tmp_path / "out.jsonl"
    with pytest.raises(Stop), LinesWriter(target) as sink:
        sink.write_line('{"n": 1}')
    assert sink.lines == 1 and sink.where == target
    assert target.read_text() == '{"n": 1}\n'


def test_a_stop_while_a_surveys_first_row_is_written_keeps_the_file(
        tmp_path, monkeypatch, sigterm_raises):
    """As above for a survey's file, which a survey that solved nothing removes."""
    from dungeoneer.generator import survey

    write = os.write

    def write_then_stop(fd, data):
        written = write(fd, data)
        if b'"hero"' in data:  # (the row, not the header)
            os.kill(os.getpid(), signal.SIGTERM)
        return written

    path = tmp_path / "survey.jsonl"
    row = {key: 0 for key in survey.ROW_KEYS} | {"hero": "Rogue"}
    with pytest.raises(Stop), survey.SurveyFile(path) as sink:
        sink.start(fresh=True)
        monkeypatch.setattr(survey.os, "write", write_then_stop)
        sink.write_row(row)
    assert sink.lines == 1
    assert path.read_text().count('"hero": "Rogue"') == 1


def test_a_stop_as_a_daily_is_stored_counts_it(tmp_path, monkeypatch):
    """`daily --from/--to` stopped by SIGTERM as a date's puzzle is stored: the stop waits until
    it is counted, so the message says what the archive holds."""
    from dungeoneer.cli.options import stop_on_sigterm
    from dungeoneer.generator.archive import Archive
    from tests.conftest import failed_cleanly, run

    store = Archive.store

    def store_then_stop(self, daily):
        stored = store(self, daily)
        os.kill(os.getpid(), signal.SIGTERM)
        return stored

    monkeypatch.setattr(Archive, "store", store_then_stop)
    before = signal.getsignal(signal.SIGTERM)
    stop_on_sigterm()
    try:
        archive = tmp_path / "archive.sqlite3"
        result = run("daily", "--from", "2031-01-01", "--to", "2031-01-03", "--archive",
                     str(archive), "--workers", "1")
    finally:
        signal.signal(signal.SIGTERM, before)
    failed_cleanly(result, 143)
    assert result.stderr.endswith("Stopped: 1 puzzle issued and kept in the archive; the same "
                                  "command goes on with the rest.\n")
    with Archive(str(archive)) as opened:
        assert len(opened.all()) == 1
