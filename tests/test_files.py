"""Files written atomically: the whole text or the old file, with the mode the umask gives."""

import os
import stat
import sys

import pytest

from dungeoneer.engine.files import write_atomic


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
