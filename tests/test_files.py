"""Files written atomically: the whole text or the old file, with the mode the umask gives."""

import os
import stat
import sys

import pytest

from dungeoneer.engine import files
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.files import LinesWriter, check_writable, write_atomic


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
@pytest.mark.parametrize("umask", [0o022, 0o077])
@pytest.mark.parametrize("overwrite", [False, True])
def test_a_written_file_follows_the_umask(tmp_path, umask, overwrite):
    target = tmp_path / "out.txt"
    if overwrite:
        target.write_text("old\n")
        target.chmod(0o640)
    old = os.umask(umask)
    try:
        write_atomic(target, "new\n", overwrite=overwrite)
    finally:
        os.umask(old)
    assert target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
    assert list(tmp_path.iterdir()) == [target]  # no temporary file left


def test_lines_reach_the_file_as_they_are_written(tmp_path):
    target = tmp_path / "out.jsonl"
    with LinesWriter(target) as sink:
        assert not target.exists()  # nothing until the first line
        sink.write_line("one")
        assert target.read_text() == "one\n"
        sink.write_line("two")
        assert target.read_text() == "one\ntwo\n"
    assert sorted(tmp_path.iterdir()) == [target]


def test_lines_whose_target_appears_meanwhile_go_beside_it(tmp_path):
    target = tmp_path / "out.jsonl"
    with LinesWriter(target) as sink:
        target.write_text("someone else's\n")
        sink.write_line("one")
        sink.write_line("two")
    assert target.read_text() == "someone else's\n"
    assert sink.moved and sink.where == tmp_path / "out-1.jsonl"
    assert sink.where.read_text() == "one\ntwo\n"


def test_no_line_no_file(tmp_path):
    with LinesWriter(tmp_path / "out.jsonl"):
        pass
    assert list(tmp_path.iterdir()) == []


def test_a_result_whose_file_appears_meanwhile_is_saved_beside_it(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    real = files.check_writable

    def appears(path, *, overwrite=False):
        checked = real(path, overwrite=overwrite)
        target.write_text("someone else's\n")
        return checked

    monkeypatch.setattr(files, "check_writable", appears)
    with pytest.raises(DungeoneerError) as caught:
        write_atomic(target, "mine\n")
    assert str(caught.value) == (f"{target}: {target} already exists and was left alone; the "
                                 f"result is saved in {tmp_path / 'out-1.txt'} instead")
    assert target.read_text() == "someone else's\n"
    assert (tmp_path / "out-1.txt").read_text() == "mine\n"


@pytest.mark.parametrize("name", ["a\x00b", "x" * 300])
def test_a_name_the_file_system_cannot_take_is_refused_before_the_work(tmp_path, name):
    with pytest.raises(DungeoneerError):
        check_writable(tmp_path / name)
    assert list(tmp_path.iterdir()) == []


def test_solve_shows_its_line_and_saves_it_beside_a_file_that_appeared_meanwhile(
        tmp_path, monkeypatch):
    from dungeoneer.cli import solve as solve_module
    from tests.conftest import run

    out = tmp_path / "win.rec"
    real = solve_module.save_record

    def appears(path, *args, **kwargs):
        out.write_text("someone else's\n")
        return real(path, *args, **kwargs)

    monkeypatch.setattr(solve_module, "save_record", appears)
    result = run("solve", "42", "--out", str(out), "--json", "--time-limit", "30")
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert '"status": "won"' in result.output  # the answer, shown all the same
    assert result.output.endswith(f"error: {out}: {out} already exists and was left alone; the "
                                  f"result is saved in {tmp_path / 'win-1.rec'} instead\n")
    assert out.read_text() == "someone else's\n"
    assert (tmp_path / "win-1.rec").read_text().startswith("#")
