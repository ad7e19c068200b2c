"""Writing files so that nothing is lost: write a temporary file, flush it to disk, rename."""

from __future__ import annotations

import os
import tempfile
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


def write_atomic(path: str | Path, text: str, *, overwrite: bool = False) -> None:
    """Write `text` to `path` in one step: readers see the old file or the new one, never half of
    one, even if the process is killed. Refuses to replace an existing file unless `overwrite`."""
    target = check_writable(path, overwrite=overwrite)
    folder = target.parent
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if overwrite:
            os.replace(temp, target)
        else:
            # A hard link fails if the target appeared meanwhile, so nothing is replaced.
            try:
                os.link(temp, target)
            except FileExistsError:
                raise _exists(target) from None
    finally:
        Path(temp).unlink(missing_ok=True)


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
        fd, self._temp = tempfile.mkstemp(prefix=f".{self.target.name}.", suffix=".tmp",
                                          dir=self.target.parent)
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
                if self.overwrite:
                    os.replace(self._temp, self.target)
                else:
                    try:
                        os.link(self._temp, self.target)
                    except FileExistsError:
                        raise _exists(self.target) from None
        finally:
            Path(self._temp).unlink(missing_ok=True)
