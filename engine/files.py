"""Writing files so that nothing is lost: write a temporary file, flush it to disk, rename.

Files are created with mode 0666 less the umask, as any program's new files are (the `tempfile`
module's 0600 would make a saved record or an archive private whatever the user's umask says).
"""

from __future__ import annotations

import errno
import os
import secrets
from pathlib import Path

from dungeoneer.engine.errors import DungeoneerError


def _exists(target: Path) -> DungeoneerError:
    return DungeoneerError(f"{target} already exists; choose another name, or pass --force to "
                           "replace it", file=str(target))


def check_writable(path: str | Path, *, overwrite: bool = False) -> Path:
    """Raise DungeoneerError unless a file can be written at `path`: its folder exists, and the
    file does not (unless `overwrite`). Commands call it before the work whose result they save,
    so nothing is done for a file that can't be written; `write_atomic` checks again."""
    target = Path(path)
    if target.exists() and not overwrite:
        raise _exists(target)
    if not target.parent.is_dir():
        raise DungeoneerError(f"the folder {target.parent} does not exist", file=str(target))
    return target


_TEMP_FLAGS = (os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
               | getattr(os, "O_NOINHERIT", 0))
"""O_EXCL: a new file, never an existing one or a symbolic link; O_BINARY: on Windows, the bytes
as written (no newline translation); O_NOINHERIT: not passed to child processes."""


def create_temp(folder: str | Path, prefix: str, suffix: str) -> tuple[int, Path]:
    """Create a new, empty file `prefix` + 8 random characters + `suffix` in `folder`, with mode
    0666 less the umask; returns its descriptor (open for reading and writing) and its path."""
    for _ in range(100):
        temp = Path(folder) / f"{prefix}{secrets.token_hex(4)}{suffix}"
        try:
            return os.open(temp, _TEMP_FLAGS, 0o666), temp  # the umask takes its part off 0666
        except FileExistsError:
            continue  # 2**32 names: another file has this one by chance; draw again
    raise FileExistsError(errno.EEXIST, "no unused temporary file name", str(folder))


def write_atomic(path: str | Path, text: str, *, overwrite: bool = False) -> None:
    """Write `text` to `path` in one step: readers see the old file or the new one, never half of
    one, even if the process is killed. Refuses to replace an existing file unless `overwrite`."""
    target = check_writable(path, overwrite=overwrite)
    folder = target.parent
    fd, temp = create_temp(folder, f".{target.name}.", ".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        _put_in_place(temp, target, overwrite)
    finally:
        temp.unlink(missing_ok=True)


def _put_in_place(temp: Path, target: Path, overwrite: bool) -> None:
    """Give the written temporary file its final name, in one step."""
    if overwrite:
        os.replace(temp, target)
        return
    # A hard link fails if the target appeared meanwhile, so nothing is replaced.
    try:
        os.link(temp, target)
    except FileExistsError:
        raise _exists(target) from None


class LinesWriter:
    """A file written line by line as results come, then put in place in one step (use as a
    context manager). Lines go to a temporary file beside the target, flushed one by one; when
    the block ends, normally or not (Ctrl-C, an error after some results), the lines written so
    far become the file, so a long run stopped half-way keeps what it did. Nothing is written
    when no line was."""

    def __init__(self, path: str | Path, *, overwrite: bool = False) -> None:
        self.target = check_writable(path, overwrite=overwrite)
        self.overwrite = overwrite
        self.lines = 0
        fd, self._temp = create_temp(self.target.parent, f".{self.target.name}.", ".tmp")
        self._handle = os.fdopen(fd, "w", encoding="utf-8", newline="\n")

    def __enter__(self) -> LinesWriter:
        return self

    def write_line(self, text: str) -> None:
        """Add one line (without its newline)."""
        self._handle.write(text + "\n")
        self._handle.flush()
        self.lines += 1

    def __exit__(self, *exc: object) -> None:
        try:
            self._handle.flush()
            os.fsync(self._handle.fileno())
            self._handle.close()
            if self.lines:
                _put_in_place(self._temp, self.target, self.overwrite)
        finally:
            self._temp.unlink(missing_ok=True)
