"""Writing files so that nothing is lost: write a temporary file, flush it to disk, rename.

Files are created with mode 0666 less the umask, as any program's new files are (the `tempfile`
module's 0600 would make a saved record or an archive private whatever the user's umask says).
"""

from __future__ import annotations

import errno
import os
import secrets
from pathlib import Path

from dungeoneer.engine.errors import DungeoneerError, SavedBesideError
from dungeoneer.engine.numbers import shown
from dungeoneer.engine.stops import stops_held

REPLACE_WITH_FORCE = "choose another name, or pass --force to replace it"
"""What a command line can do about an output file that exists."""


def check_writable(path: str | Path, *, overwrite: bool = False,
                   remedy: str = REPLACE_WITH_FORCE) -> Path:
    """Raise DungeoneerError unless a file can be written at `path`: its folder exists and takes
    new files, and the file does not exist (unless `overwrite`; else the message ends with
    `remedy`, what the person can do instead). Commands call it before the work whose result they
    save, so nothing is done for a file that can't be written; the writers check again."""
    if "\x00" in str(path):  # no file system takes it (os calls raise ValueError, not OSError)
        raise DungeoneerError(f"{shown(str(path))!r} is not a path: it holds a NUL character")
    target = Path(path)
    if not target.parent.is_dir():
        raise DungeoneerError(f"the folder {target.parent} does not exist", file=str(target))
    _check_name_fits(target)
    if target.exists() and not overwrite:
        raise DungeoneerError(f"{target} already exists; {remedy}", file=str(target))
    _check_folder_takes_files(target)
    return target


def _check_name_fits(target: Path) -> None:
    """Refuse a file name longer than the folder's file system takes."""
    try:
        most = os.pathconf(target.parent, "PC_NAME_MAX")
    except (AttributeError, OSError, ValueError):
        return  # the system does not say: the write will tell
    if len(os.fsencode(target.name)) > most:
        raise DungeoneerError(f"the file name is too long for its folder's file system (at most "
                              f"{most} bytes)", file=str(target))


def _check_folder_takes_files(target: Path) -> None:
    """Create and remove a file beside `target`: permissions, a read-only file system or a full
    folder show now, before the work, not when its result is to be saved."""
    try:
        fd, probe = create_temp(target.parent, ".dungeoneer.", ".probe")
    except OSError as exc:
        raise DungeoneerError(f"files cannot be written in the folder {target.parent}: "
                              f"{exc.strerror or exc}", file=str(target)) from None
    os.close(fd)
    probe.unlink(missing_ok=True)


_TEMP_FLAGS = (os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
               | getattr(os, "O_NOINHERIT", 0))
"""O_EXCL: a new file, never an existing one or a symbolic link; O_BINARY: on Windows, the bytes
as written (no newline translation); O_NOINHERIT: not passed to child processes."""


def _temp_prefix(target: Path) -> str:
    """The start of a temporary file's name beside `target`: hidden, and short enough that the
    file system takes it whatever the length of the target's name."""
    return f".{target.name[:60]}."


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
    one, even if the process is killed. Never replaces an existing file unless `overwrite`: the
    text is then saved beside it (NAME-1.EXT) and a DungeoneerError says where. Commands check
    the path before their work (`check_writable`); a file there now appeared meanwhile, and the
    work is not thrown away for it."""
    target = check_writable(path, overwrite=True)  # the folder; the file itself: see above
    folder = target.parent
    fd, temp = create_temp(folder, _temp_prefix(target), ".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        _put_in_place(temp, target, overwrite)
    finally:
        temp.unlink(missing_ok=True)


def _put_in_place(temp: Path, target: Path, overwrite: bool) -> None:
    """Give the written temporary file its final name, in one step. A target that appeared
    meanwhile is never replaced (unless `overwrite`): the file takes a name beside it instead,
    and a DungeoneerError says where, so the result is not lost."""
    if overwrite:
        os.replace(temp, target)
        return
    # A hard link fails if the target appeared meanwhile, so nothing is replaced.
    try:
        os.link(temp, target)
    except FileExistsError:
        beside = _link_beside(temp, target)
        raise SavedBesideError(str(target), str(beside)) from None


BESIDE_TRIES = 1000
"""Names tried beside a target that appeared meanwhile (NAME-1.EXT, NAME-2.EXT, ...)."""


def _link_beside(temp: Path, target: Path) -> Path:
    """Give `temp` the first free name NAME-n.EXT beside `target`; returns it."""
    for number in range(1, BESIDE_TRIES + 1):
        beside = target.with_name(f"{target.stem}-{number}{target.suffix}")
        try:
            os.link(temp, beside)
        except FileExistsError:
            continue
        return beside
    raise DungeoneerError(f"{target} appeared while this ran, and so did every name beside it; "
                          f"the result is left in {temp}", file=str(target))


class LinesWriter:
    """A file written line by line as results come (use as a context manager).

    Each line reaches the file in one write as soon as it is given, so a run stopped at any
    point (Ctrl-C, SIGTERM, even SIGKILL) leaves every line it finished in the file, and never
    half of one. The first line goes to a temporary file beside the target, which then takes the
    target's name in one step: a link, which never replaces a file that appeared meanwhile (then
    the lines go to a name beside it, `where`), or with `overwrite` a rename. Later lines are
    appended in place. No line, no file: a run that made nothing leaves the target as it was."""

    def __init__(self, path: str | Path, *, overwrite: bool = False) -> None:
        self.target = check_writable(path, overwrite=overwrite)
        self.overwrite = overwrite
        self.lines = 0
        self.where: Path | None = None
        """Where the lines are, once the first one is written: the target, or a name beside it
        if the target appeared meanwhile."""
        self._fd, self._temp = create_temp(self.target.parent, _temp_prefix(self.target), ".tmp")

    def __enter__(self) -> LinesWriter:
        return self

    @property
    def moved(self) -> bool:
        """Whether the lines went beside the target, which appeared meanwhile."""
        return self.where is not None and self.where != self.target

    def write_line(self, text: str) -> None:
        """Add one line (without its newline), written through to the file. A stop (Ctrl-C,
        SIGTERM) waits until the line is written, counted and, the first, named."""
        data = (text + "\n").encode("utf-8")
        with stops_held():
            while data:  # one write for a line on any local file system; the loop is for the rest
                data = data[os.write(self._fd, data):]
            self.lines += 1
            if self.where is None:
                os.fsync(self._fd)
                self.where = self._named()

    def _named(self) -> Path:
        """Give the temporary file, now holding the first line, its final name."""
        if self.overwrite:
            os.replace(self._temp, self.target)
            return self.target
        try:
            os.link(self._temp, self.target)  # fails, replacing nothing, if it appeared meanwhile
            named = self.target
        except FileExistsError:
            named = _link_beside(self._temp, self.target)
        self._temp.unlink(missing_ok=True)
        return named

    def __exit__(self, *exc: object) -> None:
        try:
            os.fsync(self._fd)
        finally:
            os.close(self._fd)
            if self.where is not None or not self.lines:
                # Named, or empty; a file no name could be found for keeps its lines here.
                self._temp.unlink(missing_ok=True)
