"""The puzzle archive: every issued daily puzzle, kept for ever in an SQLite file.

Once a date is in the archive it is served from there and never generated again, whatever the
generator has become. Each puzzle is written in one transaction (SQLite's rollback journal makes a
killed write vanish whole), and a row is never replaced. A file that is not a dungeoneer archive,
or is damaged, gets a clear error and is left exactly as it was. Bad input never crashes: every
failure below is one `ArchiveError` naming the file.

- Races: two processes issuing the same new date may both generate it; the first to write wins,
  and the other finds the stored row, inside the same write transaction, and serves it instead
  (`issue`, `store`), so both show the same puzzle.
- Busy: a lock held by another process is waited for, SQLite retrying all the while, for up to
  `busy_seconds` (`BUSY_SECONDS`, 10 s, unless given) at each step that needs it; after that, an
  error says the archive is busy and nothing is written. `issue` takes the write lock once before
  generating, so a lock held all along fails before the work rather than after it.
- Read-only: a file, or a folder (where SQLite writes its journal), that this process may not
  write (`os.access`) is opened with SQLite's `mode=ro`: the dates already issued are served, a
  new date is refused before it is generated, and the file is never modified.
- Validation: every row read is checked field by field (the date, the hero face, the seed, the
  form of the two deal codes, their check characters and the hero and seed they name, the level,
  the score, the features and the line as JSON, the candidate, the generator version), and a
  puzzle is checked the same way before it is written.
  Reads scan the table, never its index, so a damaged index (which `PRAGMA quick_check` does not
  notice) can't hide an issued date, and a date found twice is an error. Before a new date is
  issued every row is checked, so a row damaged past recognising its date can't lead to that day
  being issued a second time.
- Checksums: each puzzle row carries the SHA-256 of its content (`row_checksum`), written with
  it and checked whenever it is read, so a row changed outside dungeoneer (or damaged in a way
  that still parses) is an error naming the date, never served. A puzzle served to a player
  (`served`: `daily`, `play --daily`, `archive show`) has its line replayed from its layout to a
  win as well, a few milliseconds.
- Codes: puzzles are stored with deal codes that carry a check character; a row written before
  codes had one is read all the same, and served with its codes in the new form.
- Temporary files: a new archive is built in `.NAME.XXXXXXXX.new` beside its final name and linked
  into place. A process killed in between leaves that file (and perhaps its `-journal`); each open
  removes such files older than `STALE_SECONDS` (10 minutes): a creation takes milliseconds, so
  an older one belongs to no running process.
- Modes: the archive is created with mode 0666 less the umask, as any new file of the user's.
- History: the `plays` table beside the puzzles holds the player's plays (date, the day played
  on, result, moves, hints of each kind, moves taken back).
- Older schemas: an archive of schema version 1 (the puzzles alone) gains the plays table, and
  one of version 1 or 2 the puzzles' checksums, when it is first opened for writing (`_migrate`,
  one transaction): a `checksum` column, filled for every row whose fields check (a damaged row
  keeps none, and is reported as damaged when read); the puzzles' own columns are never touched.
  A read-only one is read as it is: no plays for version 1, no checksums to check for either.
"""

from __future__ import annotations

import collections
import contextlib
import csv
import datetime as dt
import functools
import hashlib
import io
import json
import math
import os
import re
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.files import create_temp
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, key_of
from dungeoneer.engine.rng import MAX_SEED
from dungeoneer.generator.codes import (
    ALPHABET,
    PREFIX,
    check_character,
    deal_from_code,
    with_check,
)
from dungeoneer.generator.daily import Daily
from dungeoneer.generator.plays import RESULTS, Play
from dungeoneer.generator.rating import LEVEL_NAMES

APPLICATION_ID = 0x44554E47
"""'DUNG': SQLite's application_id header field marks the file as ours."""
SCHEMA_VERSION = 3
"""1: the daily puzzles; 2: and the plays (`PLAYS_SCHEMA`); 3: and each puzzle's checksum."""
COLUMNS = ("date", "hero", "seed", "code", "layout_code", "level", "score", "features", "line",
           "candidate", "generator_version")
"""A puzzle's content: what its checksum covers."""
CHECKSUM = "checksum"
"""The column of each puzzle row's checksum (`row_checksum`)."""
BUSY_SECONDS = 10.0
"""How long a step waits for another process's lock before the archive is reported busy."""
STALE_SECONDS = 600.0
"""A temporary file of an archive's creation older than this was left by a killed process."""

SCHEMA = """
CREATE TABLE daily (
    date TEXT PRIMARY KEY,
    hero TEXT NOT NULL,
    seed TEXT NOT NULL,
    code TEXT NOT NULL,
    layout_code TEXT NOT NULL,
    level INTEGER NOT NULL,
    score REAL NOT NULL,
    features TEXT NOT NULL,
    line TEXT NOT NULL,
    candidate INTEGER NOT NULL,
    generator_version TEXT NOT NULL,
    checksum TEXT
)
"""
ADD_CHECKSUMS = "ALTER TABLE daily ADD COLUMN checksum TEXT"
"""The column as an archive of schema 1 or 2 gains it (the same as SCHEMA's: NULL is allowed, as
ALTER TABLE can add no NOT NULL column without a default; a row without one is damaged)."""

PLAYS_SCHEMA = """
CREATE TABLE plays (
    id INTEGER PRIMARY KEY,
    date TEXT NOT NULL,
    played_on TEXT NOT NULL,
    result TEXT NOT NULL,
    moves INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    solver_hints INTEGER NOT NULL,
    undos INTEGER NOT NULL
)
"""
PLAY_COLUMNS = ("date", "played_on", "result", "moves", "hints", "solver_hints", "undos")

# NOT INDEXED: the table itself is read, so a damaged index can't hide a row (see the docstring).
SELECT = f"SELECT rowid, {', '.join(COLUMNS)} FROM daily NOT INDEXED"
SELECT_CHECKED = f"SELECT rowid, {', '.join(COLUMNS)}, {CHECKSUM} FROM daily NOT INDEXED"
INSERT = (f"INSERT INTO daily ({', '.join(COLUMNS)}, {CHECKSUM}) "
          f"VALUES ({', '.join('?' for _ in (*COLUMNS, CHECKSUM))})")
_TEMP_NAME = re.compile(r"[0-9a-z_]{8}\.new(-journal)?")
"""The part of a creation's temporary file after `.NAME.` (ours, and the older mkstemp ones)."""


class ArchiveError(DungeoneerError):
    """The archive file can't be used (foreign, damaged, busy, read-only, or a date already
    issued)."""


def default_path() -> Path:
    """The archive in the user's data folder (XDG on Linux, the usual places elsewhere)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "dungeoneer" / "archive.sqlite3"


class Archive:
    """An open archive; use as a context manager or call `close()`. A lock held by another
    process is waited for up to `busy_seconds` (default `BUSY_SECONDS`) at each step."""

    def __init__(self, path: str | Path | None = None, *,
                 busy_seconds: float | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.busy_seconds = BUSY_SECONDS if busy_seconds is None else busy_seconds
        self.read_only_because: str | None = None
        """Why this process can't write the archive, or None if it can."""
        self.has_checksums = False
        """Whether the puzzle rows carry checksums (not in an archive of an earlier schema that
        this process may only read)."""
        self.connection = self._open()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file."""
        self.connection.close()

    # ------------------------------------------------------------------ opening

    def _open(self) -> sqlite3.Connection:
        path = self.path
        _remove_stale_temps(path)
        if not path.exists():
            self._create_here(path)
        if not path.is_file():
            raise ArchiveError("not a file", file=str(path))
        if not self._looks_like_sqlite():
            raise ArchiveError("not a dungeoneer archive (not an SQLite database); it was left "
                               "as it is", file=str(path))
        self.read_only_because = _write_obstacle(path)
        with self._sqlite("can't be read as an archive"):
            connection = _connect(path, read_only=self.read_only_because is not None,
                                  timeout=self.busy_seconds)
        try:
            with self._sqlite("can't be read as an archive"):
                self._check(connection)
            if self.read_only_because is None:
                with self._sqlite("can't be brought up to date"):
                    self._migrate(connection)
            with self._sqlite("can't be read as an archive"):
                self.has_checksums = CHECKSUM in _columns(connection)
        except ArchiveError:
            connection.close()
            raise
        return connection

    def _migrate(self, connection: sqlite3.Connection) -> None:
        """Bring an archive of an earlier schema up to this one, in one transaction: version 1
        gains the plays table, versions 1 and 2 the puzzles' checksums (the puzzles' own columns
        are left as they are)."""
        if connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
            return
        connection.execute("BEGIN IMMEDIATE")
        try:
            # Under the write lock: another process may have migrated it meanwhile.
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version == 1:
                connection.execute(PLAYS_SCHEMA)
            if version in (1, 2):
                _add_checksums(connection)
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    connection.execute("ROLLBACK")
            raise

    def _has_plays(self) -> bool:
        with self._sqlite("can't be read as an archive"):
            return bool(self.connection.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'plays'"
            ).fetchall())

    def _create_here(self, path: Path) -> None:
        try:
            self._create(path)
        except OSError as exc:
            raise ArchiveError(f"can't create an archive here ({exc.strerror})",
                               file=str(path)) from None
        except sqlite3.Error as exc:
            raise ArchiveError(f"can't create an archive here ({exc})", file=str(path)) from None

    @staticmethod
    def _create(path: Path) -> None:
        """Make an empty archive beside `path`, then link it into place: a process killed while
        creating leaves no half-made archive, and an archive that appeared meanwhile is kept."""
        path.parent.mkdir(parents=True, exist_ok=True)
        # Not mkstemp: its 0600 would ignore the umask (the link keeps the temporary's mode).
        fd, temp = create_temp(path.parent, f".{path.name}.", ".new")
        os.close(fd)
        try:
            connection = sqlite3.connect(temp, isolation_level=None)
            try:
                connection.execute(SCHEMA)
                connection.execute(PLAYS_SCHEMA)
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            finally:
                connection.close()
            with contextlib.suppress(FileExistsError):
                os.link(temp, path)
        finally:
            temp.unlink(missing_ok=True)

    def _looks_like_sqlite(self) -> bool:
        try:
            with open(self.path, "rb") as handle:
                return handle.read(16) == b"SQLite format 3\x00"
        except OSError as exc:
            raise ArchiveError(f"can't be read ({exc.strerror})", file=str(self.path)) from None

    def _check(self, connection: sqlite3.Connection) -> None:
        app = connection.execute("PRAGMA application_id").fetchone()[0]
        if app != APPLICATION_ID:
            raise ArchiveError("an SQLite database, but not a dungeoneer archive; it was left "
                               "as it is", file=str(self.path))
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version not in range(1, SCHEMA_VERSION + 1):
            raise ArchiveError(f"a version {version} archive; this dungeoneer reads versions 1 "
                               f"to {SCHEMA_VERSION}", file=str(self.path))
        check = connection.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise ArchiveError(f"the archive is damaged ({check}); it was left as it is",
                               file=str(self.path))
        self._check_table(connection, version)

    def _check_table(self, connection: sqlite3.Connection, version: int) -> None:
        columns = _columns(connection)
        if not columns:
            raise ArchiveError("the archive has no daily table (damaged, or changed by another "
                               "program); it was left as it is", file=str(self.path))
        wanted = (*COLUMNS, CHECKSUM) if version >= 3 else COLUMNS
        missing = [c for c in wanted if c not in columns]
        if missing:
            raise ArchiveError(f"the archive's daily table has no {', '.join(missing)} column "
                               "(damaged, or changed by another program); it was left as it is",
                               file=str(self.path))

    # ------------------------------------------------------------------ errors

    @contextlib.contextmanager
    def _sqlite(self, failing: str) -> Iterator[None]:
        """Turn SQLite's errors into one ArchiveError; `failing` says what could not be done."""
        try:
            yield
        except sqlite3.Error as exc:
            raise self._failure(exc, failing) from None

    def _failure(self, exc: sqlite3.Error, failing: str) -> ArchiveError:
        code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF  # the primary result code
        if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            return self._busy()
        if code == sqlite3.SQLITE_READONLY:
            return self._read_only("SQLite may not write it")
        return ArchiveError(f"{failing} ({exc}); the archive was left as it is",
                            file=str(self.path))

    def _busy(self) -> ArchiveError:
        return ArchiveError(
            f"the archive is busy: another process has held it locked for over "
            f"{self.busy_seconds:g} s, so nothing was written; try again once that process is "
            "done (another dungeoneer, or a program that has the archive open)",
            file=str(self.path))

    def _read_only(self, because: str, date: str | None = None) -> ArchiveError:
        what = f"the puzzle of {date}" if date else "a new puzzle"
        return ArchiveError(
            f"the archive is read-only ({because}): the dates already issued are served, but "
            f"{what} can't be added; make it writable, or choose another archive with --archive",
            file=str(self.path))

    # ------------------------------------------------------------------ reading

    def get(self, date: str) -> Daily | None:
        """The archived puzzle of a date (YYYY-MM-DD), or None; an ArchiveError if its row is
        damaged or the date is there twice."""
        dailies = self._read("WHERE date = ?", (date,))
        _check_one_per_date(dailies, str(self.path))
        return dailies[0] if dailies else None

    def served(self, date: str) -> Daily | None:
        """The archived puzzle of a date as a player is served it (`get`), its line replayed
        from its layout to a win first; an ArchiveError naming the date if it does not."""
        daily = self.get(date)
        if daily is not None:
            problem = _replay_problem(daily)
            if problem is not None:
                raise ArchiveError(f"the puzzle of {date} is damaged: {problem}; the archive "
                                   "was left as it is", file=str(self.path))
        return daily

    def all(self) -> list[Daily]:
        """Every archived puzzle, by date; an ArchiveError if any row is damaged."""
        dailies = self._read("ORDER BY date, rowid", ())
        _check_one_per_date(dailies, str(self.path))
        return dailies

    def _read(self, clause: str, parameters: tuple[str, ...]) -> list[Daily]:
        select = SELECT_CHECKED if self.has_checksums else SELECT
        with self._sqlite("can't be read as an archive"):
            # fetchall: an unfinished statement would keep a read lock that a writer waits on.
            rows = self.connection.execute(f"{select} {clause}", parameters).fetchall()
        if not self.has_checksums:
            return [_row_daily(row[0], row[1:], str(self.path)) for row in rows]
        return [_row_daily(row[0], row[1:-1], str(self.path), checksum=row[-1]) for row in rows]

    def export(self, form: str) -> str:
        """The whole archive as JSON (a list) or CSV (features and line as JSON text)."""
        if form not in ("json", "csv"):
            raise ArchiveError(f"the export formats are json and csv, not {form!r}", text=form)
        if form == "json":
            return json.dumps([self._published(d) for d in self.all()], indent=2) + "\n"
        dailies = [d.row() for d in self.all()]
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        for d in dailies:
            writer.writerow({**d, "features": json.dumps(d["features"], sort_keys=True),
                             "line": json.dumps(d["line"])})
        return buffer.getvalue()

    def _published(self, daily: Daily) -> dict[str, Any]:
        """A puzzle as programs read it, its line told as steps (so replayed from its layout)."""
        try:
            return daily.to_json()
        except DungeoneerError as exc:
            raise ArchiveError(f"the puzzle of {daily.date}: its line does not replay "
                               f"({exc.reason})", file=str(self.path)) from None

    def plays(self, date: str | None = None) -> list[Play]:
        """The plays kept (of one puzzle's date, if given), in the order they were stored; an
        ArchiveError if one is damaged."""
        if not self._has_plays():
            return []  # a version 1 archive that could not be brought up to date (read-only)
        clause, parameters = ("WHERE date = ?", (date,)) if date else ("", ())
        with self._sqlite("can't be read as an archive"):
            rows = self.connection.execute(
                f"SELECT id, {', '.join(PLAY_COLUMNS)} FROM plays {clause} ORDER BY id",
                parameters).fetchall()
        return [_row_play(row[0], row[1:], str(self.path)) for row in rows]

    # ------------------------------------------------------------------ writing

    def add_play(self, play: Play) -> None:
        """Keep a play of an issued puzzle, in one transaction."""
        if self.read_only_because is not None:
            raise ArchiveError(f"the archive is read-only ({self.read_only_because}): the play "
                               f"of {play.date} can't be kept", file=str(self.path))
        try:
            _checked_play(dict(zip(PLAY_COLUMNS, _play_values(play), strict=True)))
        except _Damage as exc:
            raise ArchiveError(f"the play of {play.date} can't be kept: {exc}",
                               file=str(self.path)) from None
        with self._sqlite(f"the play of {play.date} can't be written"), self._writing():
            self.connection.execute(
                f"INSERT INTO plays ({', '.join(PLAY_COLUMNS)}) VALUES "
                f"({', '.join('?' for _ in PLAY_COLUMNS)})", _play_values(play))

    @property
    def read_only(self) -> bool:
        """Whether this process can only read the archive."""
        return self.read_only_because is not None

    def issue(self, date: str, make: Callable[[], Daily]) -> tuple[Daily, bool]:
        """The puzzle of `date` and whether this call issued it: the archived one, else the one
        `make()` generates, stored; if another process stored the date meanwhile, its puzzle.
        A read-only or locked archive is reported before `make` is called."""
        stored = self.served(date)
        if stored is not None:
            return stored, False
        # A row damaged past recognising its date may be this date's: refuse rather than risk
        # issuing the day twice.
        self.all()
        self._check_writable(date)
        made = make()
        if made.date != date:
            raise ValueError(f"asked for the puzzle of {date}, made one of {made.date}")
        return self.store(made)

    def store(self, daily: Daily) -> tuple[Daily, bool]:
        """Store a new puzzle in one transaction, unless its date is already issued: returns the
        date's puzzle as stored and whether it is `daily` (the first writer wins)."""
        if self.read_only_because is not None:
            raise self._read_only(self.read_only_because, daily.date)
        values = _values(daily, str(self.path))
        with self._sqlite(f"the puzzle of {daily.date} can't be written"), self._writing():
            stored = self.get(daily.date)  # under the write lock: a rival's row, if it came first
            if stored is not None:
                return stored, False
            try:
                self.connection.execute(INSERT, [*values, row_checksum(values)])
            except sqlite3.IntegrityError:
                # The table has no row of the date (read above), yet the unique index has one.
                raise ArchiveError(f"the archive's index lists {daily.date}, which its table "
                                   "lacks: the archive is damaged; it was left as it is",
                                   file=str(self.path)) from None
        return _checked(dict(zip(COLUMNS, values, strict=True))), True

    def add(self, daily: Daily) -> None:
        """Store a new puzzle, in one transaction; a date already issued is never replaced."""
        if not self.store(daily)[1]:
            raise ArchiveError(f"the puzzle of {daily.date} is already in the archive; an issued "
                               "puzzle is never replaced", file=str(self.path))

    def check_can_store(self, date: str) -> None:
        """Raise now, before the puzzle of `date` is generated, if it could not be stored (a
        read-only or locked archive)."""
        self._check_writable(date)

    def _check_writable(self, date: str) -> None:
        """Raise now, before a puzzle is generated, if it could not be stored."""
        if self.read_only_because is not None:
            raise self._read_only(self.read_only_because, date)
        with self._sqlite(f"the puzzle of {date} can't be written"), self._writing():
            pass  # the write lock can be taken (after a wait of up to busy_seconds)

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """One write transaction, holding the write lock from its start (BEGIN IMMEDIATE, so
        SQLite waits for a rival's lock rather than fail on upgrading a read lock)."""
        self.connection.execute("BEGIN IMMEDIATE")
        try:
            yield
            self.connection.execute("COMMIT")
        except BaseException:
            if self.connection.in_transaction:  # also when COMMIT itself failed (busy)
                with contextlib.suppress(sqlite3.Error):
                    self.connection.execute("ROLLBACK")
            raise


# ----------------------------------------------------------------------------- files

def _remove_stale_temps(path: Path) -> None:
    """Remove the temporary files that creations of `path` killed midway left behind."""
    prefix = f".{path.name}."
    try:
        entries = [e for e in path.parent.iterdir() if e.name.startswith(prefix)]
    except OSError:
        return  # no folder yet, or one we can't list: nothing of ours to remove
    now = time.time()
    for entry in entries:
        if _TEMP_NAME.fullmatch(entry.name[len(prefix):]) is None:
            continue
        with contextlib.suppress(OSError):  # gone meanwhile, or a folder we may not write
            if now - entry.lstat().st_mtime > STALE_SECONDS:
                entry.unlink()


def _write_obstacle(path: Path) -> str | None:
    """Why this process can't write the archive, or None if it can."""
    if not os.access(path, os.W_OK):
        return "the file is read-only"
    if not os.access(path.parent, os.W_OK | os.X_OK):
        return "its folder is read-only, and SQLite writes its journal there"
    return None


def _connect(path: Path, *, read_only: bool, timeout: float) -> sqlite3.Connection:
    """A connection that waits up to `timeout` seconds for a lock; read-only if asked."""
    # mode=ro: SQLite itself refuses every write (chmod does not stop root); mode=rw: a file
    # removed meanwhile is not silently created again, without the archive's schema.
    uri = f"{path.resolve().as_uri()}?mode={'ro' if read_only else 'rw'}"
    connection = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)
    connection.execute("PRAGMA synchronous = FULL")
    return connection


# ----------------------------------------------------------------------------- rows

class _Damage(Exception):
    """What is wrong with a field of a row; the caller names the row and the file."""


def _values(daily: Daily, file: str) -> list[object]:
    """The row of `daily` (its codes with their check characters), checked as a row read back
    would be."""
    data = daily.row()
    data["seed"] = str(daily.seed)  # up to 2**64 - 1: too big for INTEGER
    data["features"] = json.dumps(daily.features, sort_keys=True)
    data["line"] = json.dumps(list(daily.line))
    try:
        checked = _checked(data)
    except _Damage as exc:
        raise ArchiveError(f"the puzzle of {daily.date} can't be archived: {exc}",
                           file=file) from None
    data["code"], data["layout_code"] = checked.code, checked.layout_code
    return [data[c] for c in COLUMNS]


def row_checksum(values: Sequence[object]) -> str:
    """The checksum of a puzzle row's content (`COLUMNS`, in order, as stored and already
    checked field by field): SHA-256, in hex, of the values as one JSON array, compact and in
    ASCII (the score a JSON number as Python writes a float, the seed, features and line the
    text stored), so the same row has the same checksum on every machine."""
    data = dict(zip(COLUMNS, values, strict=True))
    # A REAL column may hand back a whole score as written (5 or 5.0): the same number.
    data["score"] = float(data["score"])  # type: ignore[arg-type]
    text = json.dumps([data[c] for c in COLUMNS], ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


_UNCHECKED = object()
"""A row read from an archive whose rows carry no checksum (an earlier schema, read-only)."""


def _row_daily(rowid: int, values: Sequence[object], file: str, *,
               checksum: object = _UNCHECKED) -> Daily:
    """The puzzle of a row read from the archive, its fields and then its `checksum` checked;
    an ArchiveError naming it if it is damaged."""
    data = dict(zip(COLUMNS, values, strict=True))
    try:
        daily = _checked(data)
        if checksum is not _UNCHECKED:
            _check_sum(values, checksum)
        return daily
    except _Damage as exc:
        date = data["date"]
        name = f"the puzzle of {date} (row {rowid})" if _is_date(date) else f"row {rowid}"
        raise ArchiveError(f"{name} is damaged: {exc}; the archive was left as it is",
                           file=file) from None


def _check_sum(values: Sequence[object], checksum: object) -> None:
    """A _Damage unless `checksum` is the checksum of the row's content."""
    if checksum is None:
        raise _Damage("it has no checksum (a row put in by another program, or damaged)")
    if checksum != row_checksum(values):
        raise _Damage("its content does not match its checksum: it was changed outside "
                      "dungeoneer, or the file is damaged")


def _add_checksums(connection: sqlite3.Connection) -> None:
    """Give an archive of an earlier schema its checksum column, filled for every row whose
    fields check (inside the caller's transaction); a damaged row keeps none, and its damage is
    reported whenever it is read. Only the new column is written."""
    connection.execute(ADD_CHECKSUMS)
    rows = connection.execute(SELECT).fetchall()
    for rowid, *values in rows:
        try:
            _checked(dict(zip(COLUMNS, values, strict=True)))
        except _Damage:
            continue
        connection.execute(f"UPDATE daily SET {CHECKSUM} = ? WHERE rowid = ?",
                           (row_checksum(values), rowid))


def _columns(connection: sqlite3.Connection) -> set[str]:
    """The columns of the daily table (none: no such table)."""
    return {row[1] for row in connection.execute("PRAGMA table_info(daily)").fetchall()}


def _replay_problem(daily: Daily) -> str | None:
    """What is wrong with replaying a puzzle's line from its layout (it must end in a win), or
    None."""
    try:
        state = deal_from_code(daily.layout_code)
    except DungeoneerError as exc:
        return f"its layout code does not deal ({exc.reason})"
    for number, text in enumerate(daily.line, start=1):
        try:
            state = state.apply(state.parse_action(text))
        except DungeoneerError as exc:
            return f"its line does not replay (step {number}, {text!r}: {exc.reason})"
    if not state.won():
        return f"its line of {len(daily.line)} steps does not end in a win"
    return None


def _check_one_per_date(dailies: Sequence[Daily], file: str) -> None:
    """An ArchiveError if a date is there twice (only a damaged index lets that in)."""
    counts = collections.Counter(d.date for d in dailies)
    for date, count in sorted(counts.items()):
        if count > 1:
            raise ArchiveError(f"the puzzle of {date} is in the archive {count} times: the "
                               "archive is damaged; it was left as it is", file=file)


def _checked(data: dict[str, object]) -> Daily:
    """The Daily of a row's fields, each checked; a _Damage saying what is wrong otherwise."""
    date = _date(data)
    hero = _hero(data)
    seed = _seed(data)
    return Daily(date=date, hero=hero, seed=seed, code=_code(data, hero, seed),
                 layout_code=_layout_code(data, hero), level=_level(data),
                 score=_score(data), features=_features(data), line=_line(data),
                 candidate=_candidate(data), generator_version=_version(data))


def _shown(value: object) -> str:
    if value is None:
        return "empty (NULL)"
    if isinstance(value, bytes):
        return "binary data"
    text = repr(value)
    return text if len(text) <= 40 else text[:36] + "...'"


def _its(name: str) -> str:
    return f"its {name} {'are' if name == 'features' else 'is'}"


def _text(data: dict[str, object], name: str) -> str:
    value = data[name]
    if not isinstance(value, str):
        raise _Damage(f"{_its(name)} {_shown(value)}, not text")
    return value


def _is_date(value: object) -> bool:
    if not isinstance(value, str) or re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value) is None:
        return False
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _date(data: dict[str, object]) -> str:
    date = _text(data, "date")
    if not _is_date(date):
        raise _Damage(f"its date is {_shown(date)}, not a date written YYYY-MM-DD")
    return date


@functools.cache
def _hero_faces() -> frozenset[str]:
    return frozenset(hero.name for hero in PuzzleDungeon().cards.heroes)


def _hero(data: dict[str, object]) -> str:
    hero = _text(data, "hero")
    if hero not in _hero_faces():
        raise _Damage(f"its hero is {_shown(hero)}, not a hero face of the game")
    return hero


def _seed(data: dict[str, object]) -> int:
    text = _text(data, "seed")
    # At most 20 digits, as str() writes them: int() of a long text is slow, of 4300 digits fails.
    if not (text.isascii() and text.isdigit() and len(text) <= 20 and text == str(int(text))
            and int(text) <= MAX_SEED):
        raise _Damage(f"its seed is {_shown(text)}, not a whole number from 0 to {MAX_SEED}")
    return int(text)


_HEAD = rf"(?P<version>{PREFIX}[0-9]+)(-(?P<check>[{ALPHABET}]))?"
_SHORT_CODE = re.compile(rf"{_HEAD}(?P<rest>\.(?P<hero>[a-z-]+)\.(?P<seed>0|[1-9][0-9]*))")
_LAYOUT_CODE = re.compile(
    rf"{_HEAD}(?P<rest>\.(?P<hero>[a-z-]+)\.L\.(0|[{ALPHABET[1:]}][{ALPHABET}]*))")
"""Deal codes as the archive writes them (generator.codes): lower case, no leading zero, the
check character after the card-set version (none in a row written before codes had one). Only
their form and their check character are checked here, as parsing a layout takes a millisecond
(whole archives are checked); `deal_from_code` checks the deal itself when the puzzle is
shown."""


def _deal_code(data: dict[str, object], name: str, hero: str,
               form: re.Pattern[str]) -> re.Match[str]:
    """A deal code of the row's hero, of the form asked for, with a check character that fits
    (or none)."""
    text = _text(data, name)
    match = form.fullmatch(text)
    if match is None:
        kind = "layout" if form is _LAYOUT_CODE else "short"
        raise _Damage(f"{_its(name)} {_shown(text)}, not a {kind} deal code")
    if match["check"] is not None and match["check"] != check_character(_body(match)):
        raise _Damage(f"its {name} {_shown(text)} has a check character that does not fit it")
    if match["hero"] != key_of(hero).lower():
        raise _Damage(f"its {name} {_shown(text)} is not a deal of its hero, {hero}")
    return match


def _body(code: re.Match[str]) -> str:
    """A code matched by _SHORT_CODE or _LAYOUT_CODE without its check character."""
    return code["version"] + code["rest"]


def _code(data: dict[str, object], hero: str, seed: int) -> str:
    """The row's short code, with its check character."""
    code = _deal_code(data, "code", hero, _SHORT_CODE)
    if code["seed"] != str(seed):
        raise _Damage(f"its code {code[0]} is not the deal of its seed, {seed}")
    return with_check(_body(code))


def _layout_code(data: dict[str, object], hero: str) -> str:
    """The row's layout code, with its check character."""
    return with_check(_body(_deal_code(data, "layout_code", hero, _LAYOUT_CODE)))


def _level(data: dict[str, object]) -> int:
    level = data["level"]
    if not isinstance(level, int) or level not in LEVEL_NAMES:
        raise _Damage(f"its level is {_shown(level)}, not a level from {min(LEVEL_NAMES)} to "
                      f"{max(LEVEL_NAMES)}")
    return level


def _score(data: dict[str, object]) -> float:
    score = data["score"]
    if not isinstance(score, int | float) or not math.isfinite(score):
        raise _Damage(f"its score is {_shown(score)}, not a number")
    return float(score)


def _json(data: dict[str, object], name: str) -> object:
    text = _text(data, name)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise _Damage(f"{_its(name)} not JSON ({exc.msg})") from None
    except (ValueError, RecursionError):  # a number past int()'s 4300 digits; [[[[... nested
        raise _Damage(f"{_its(name)} JSON that Python can't read") from None


def _features(data: dict[str, object]) -> dict[str, Any]:
    features = _json(data, "features")
    if not isinstance(features, dict):
        raise _Damage(f"its features are {_shown(features)}, not a JSON object")
    return features


def _line(data: dict[str, object]) -> tuple[str, ...]:
    line = _json(data, "line")
    if not isinstance(line, list) or not line or not all(isinstance(a, str) for a in line):
        raise _Damage(f"its line is {_shown(line)}, not a list of actions")
    return tuple(line)


def _candidate(data: dict[str, object]) -> int:
    candidate = data["candidate"]
    if not isinstance(candidate, int) or candidate < 0:
        raise _Damage(f"its candidate is {_shown(candidate)}, not a whole number from 0")
    return candidate


def _version(data: dict[str, object]) -> str:
    version = _text(data, "generator_version")
    if not version.strip():
        raise _Damage("its generator_version is empty")
    return version


# ----------------------------------------------------------------------------- plays

def _play_values(play: Play) -> list[object]:
    return [play.date, play.played_on, play.result, play.moves, play.hints, play.solver_hints,
            play.undos]


def _row_play(rowid: int, values: Sequence[object], file: str) -> Play:
    """The play of a row; an ArchiveError naming it if it is damaged."""
    try:
        return _checked_play(dict(zip(PLAY_COLUMNS, values, strict=True)))
    except _Damage as exc:
        raise ArchiveError(f"play {rowid} is damaged: {exc}; the archive was left as it is",
                           file=file) from None


def _checked_play(data: dict[str, object]) -> Play:
    date = _date(data)
    played_on = _text(data, "played_on")
    if not _is_date(played_on):
        raise _Damage(f"its played_on is {_shown(played_on)}, not a date written YYYY-MM-DD")
    result = _text(data, "result")
    if result not in RESULTS:
        raise _Damage(f"its result is {_shown(result)}, not one of {', '.join(RESULTS)}")
    counts = {}
    for name in ("moves", "hints", "solver_hints", "undos"):
        value = data[name]
        if not isinstance(value, int) or value < 0:
            raise _Damage(f"its {name} is {_shown(value)}, not a whole number from 0")
        counts[name] = value
    return Play(date=date, played_on=played_on, result=result, **counts)
