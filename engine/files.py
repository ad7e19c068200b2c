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
