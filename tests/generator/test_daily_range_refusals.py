"""`daily --from/--to` on an archive that cannot store a new puzzle refuses before making any."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest

from dungeoneer.generator import archive as archive_module
from dungeoneer.generator import daily as daily_module
from tests.conftest import failed_cleanly, run
from tests.generator.test_archive import a_daily, two_days  # noqa: F401 (a fixture)


@pytest.fixture
def made(monkeypatch):
    """`daily_of` replaced by a stand-in that counts the puzzles it is asked to make."""
    asked: list[str] = []

    def daily_of(job):
        asked.append(job[0].isoformat())
        return a_daily(job[0].isoformat())

    monkeypatch.setattr(daily_module, "daily_of", daily_of)
    return asked


def test_a_locked_archive_refuses_a_range_before_any_puzzle_is_made(two_days,  # noqa: F811
                                                                     made, monkeypatch):
    monkeypatch.setattr(archive_module, "BUSY_SECONDS", 0.1)
    before = two_days.read_bytes()
    with closing(sqlite3.connect(two_days, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        result = failed_cleanly(run("daily", "--from", "2026-11-28", "--to", "2026-12-02",
                                    "--archive", str(two_days)))
        other.execute("ROLLBACK")
    assert result.output.startswith(f"error: {two_days}: the archive is busy")
    assert made == [] and two_days.read_bytes() == before
