"""The puzzle archive: every issued daily puzzle, kept for ever in an SQLite file.

Once a date is in the archive it is served from there and never generated again, whatever the
generator has become. Each puzzle is written in one transaction (SQLite's rollback journal makes a
killed write vanish whole), and a row is never replaced. A file that is not a dungeoneer archive,
or is damaged, gets a clear error and is left exactly as it was.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import sqlite3
import sys
import tempfile
from pathlib import Path

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.generator.daily import Daily

APPLICATION_ID = 0x44554E47
"""'DUNG': SQLite's application_id header field marks the file as ours."""
SCHEMA_VERSION = 1
COLUMNS = ("date", "hero", "seed", "code", "layout_code", "level", "score", "features", "line",
           "candidate", "generator_version")

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
    generator_version TEXT NOT NULL
)
"""


class ArchiveError(DungeoneerError):
    """The archive file can't be used (foreign, damaged, or a date already issued)."""


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
    """An open archive; use as a context manager or call `close()`."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.connection = self._open()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Close the file."""
        self.connection.close()

    def _open(self) -> sqlite3.Connection:
        path = self.path
        if not path.exists():
            try:
                self._create(path)
            except OSError as exc:
                raise ArchiveError(f"can't create an archive here ({exc.strerror})",
                                   file=str(path)) from None
        if not path.is_file():
            raise ArchiveError("not a file", file=str(path))
        elif not _looks_like_sqlite(path):
            raise ArchiveError("not a dungeoneer archive (not an SQLite database); it was left "
                               "as it is", file=str(path))
        try:
            connection = sqlite3.connect(path, isolation_level=None)
            connection.execute("PRAGMA synchronous = FULL")
            self._check(connection)
        except sqlite3.DatabaseError as exc:
            raise ArchiveError(f"can't be read as an archive ({exc}); it was left as it is",
                               file=str(path)) from None
        return connection

    @staticmethod
    def _create(path: Path) -> None:
        """Make an empty archive beside `path`, then link it into place: a process killed while
        creating leaves no half-made archive, and an archive that appeared meanwhile is kept."""
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=path.parent)
        os.close(fd)
        try:
            connection = sqlite3.connect(temp, isolation_level=None)
            try:
                connection.execute(SCHEMA)
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            finally:
                connection.close()
            with contextlib.suppress(FileExistsError):
                os.link(temp, path)
        finally:
            Path(temp).unlink(missing_ok=True)

    def _check(self, connection: sqlite3.Connection) -> None:
        app = connection.execute("PRAGMA application_id").fetchone()[0]
        if app != APPLICATION_ID:
            raise ArchiveError("an SQLite database, but not a dungeoneer archive; it was left "
                               "as it is", file=str(self.path))
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version != SCHEMA_VERSION:
            raise ArchiveError(f"a version {version} archive; this dungeoneer reads version "
                               f"{SCHEMA_VERSION}", file=str(self.path))
        check = connection.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise ArchiveError(f"the archive is damaged ({check}); it was left as it is",
                               file=str(self.path))

    # ------------------------------------------------------------------ reading and writing

    def get(self, date: str) -> Daily | None:
        """The archived puzzle of a date (YYYY-MM-DD), or None."""
        row = self.connection.execute(
            f"SELECT {', '.join(COLUMNS)} FROM daily WHERE date = ?", (date,)).fetchone()
        return None if row is None else _daily(row)

    def add(self, daily: Daily) -> None:
        """Store a new puzzle, in one transaction; a date already issued is never replaced."""
        data = daily.to_json()
        values = [data[c] for c in COLUMNS]
        values[COLUMNS.index("seed")] = str(daily.seed)  # up to 2**64 - 1: too big for INTEGER
        values[COLUMNS.index("features")] = json.dumps(daily.features, sort_keys=True)
        values[COLUMNS.index("line")] = json.dumps(list(daily.line))
        try:
            with self.connection:
                self.connection.execute("BEGIN IMMEDIATE")
                self.connection.execute(
                    f"INSERT INTO daily ({', '.join(COLUMNS)}) VALUES "
                    f"({', '.join('?' for _ in COLUMNS)})", values)
        except sqlite3.IntegrityError:
            raise ArchiveError(f"the puzzle of {daily.date} is already in the archive; an issued "
                               "puzzle is never replaced", file=str(self.path)) from None

    def all(self) -> list[Daily]:
        """Every archived puzzle, by date."""
        rows = self.connection.execute(
            f"SELECT {', '.join(COLUMNS)} FROM daily ORDER BY date").fetchall()
        return [_daily(row) for row in rows]

    def export(self, form: str) -> str:
        """The whole archive as JSON (a list) or CSV (features and line as JSON text)."""
        dailies = [d.to_json() for d in self.all()]
        if form == "json":
            return json.dumps(dailies, indent=2) + "\n"
        if form != "csv":
            raise ArchiveError(f"the export formats are json and csv, not {form!r}", text=form)
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        for d in dailies:
            writer.writerow({**d, "features": json.dumps(d["features"], sort_keys=True),
                             "line": json.dumps(d["line"])})
        return buffer.getvalue()


def _looks_like_sqlite(path: Path) -> bool:
    with open(path, "rb") as handle:
        return handle.read(16) == b"SQLite format 3\x00"


def _daily(row) -> Daily:
    data = dict(zip(COLUMNS, row, strict=True))
    return Daily(date=data["date"], hero=data["hero"], seed=int(data["seed"]), code=data["code"],
                 layout_code=data["layout_code"], level=data["level"], score=data["score"],
                 features=json.loads(data["features"]), line=tuple(json.loads(data["line"])),
                 candidate=data["candidate"], generator_version=data["generator_version"])
