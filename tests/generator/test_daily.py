"""Daily puzzles: the same for everyone on a date, winnable, at the weekday's level; batches."""

import datetime as dt
import json

import pytest

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.generator.batch import generate
from dungeoneer.generator.codes import deal_from_code
from dungeoneer.generator.daily import (
    ALL_FACES,
    ALL_FACES_FROM,
    DEFAULT_LEVELS,
    FIENDISH,
    FRONT_FACES,
    candidate,
    level_for,
    make_daily,
    parse_levels,
)
from dungeoneer.solver.lines import verify_line
from tests.conftest import run

# Date -> puzzle code. A change that alters one of these alters a published puzzle: bump
# GENERATOR_VERSION and think twice (archived dates are served from the archive either way).
DAILY_VECTORS = {
    "2026-11-30": "pd1-c.bodyguard.5182737267046414036",  # a Monday: level 1
    "2026-12-06": "pd1-q.warrior.648862187164746060",  # a Sunday: level 5
    "2027-01-03": "pd1-s.skull-rogue.2286112406416565166",  # a Sunday from all eight faces
}


def test_candidates_come_from_a_hash_of_the_date():
    assert candidate(dt.date(2026, 11, 29), 0, 5) == candidate(dt.date(2026, 11, 29), 0, 5)
    assert candidate(dt.date(2026, 11, 29), 0, 5) != candidate(dt.date(2026, 11, 29), 1, 5)
    assert candidate(dt.date(2026, 11, 29), 0, 5) != candidate(dt.date(2026, 11, 30), 0, 5)


def test_skull_faces_join_the_fiendish_candidates_from_their_first_date_only():
    """Byte 8 of the hash picks among the four front faces, as it always did, before
    ALL_FACES_FROM and at every level below fiendish, so no earlier puzzle changes; among all
    eight for a fiendish puzzle from that date on."""
    import hashlib

    def byte_8(day, index):
        text = f"dungeoneer puzzle-dungeon daily {day.isoformat()} #{index}"
        return hashlib.sha256(text.encode()).digest()[8]

    before = ALL_FACES_FROM - dt.timedelta(days=1)
    for index in range(64):
        for level in (1, 2, 3, 4, FIENDISH):
            assert candidate(before, index, level)[0] == FRONT_FACES[byte_8(before, index) % 4]
        for level in (1, 2, 3, 4):
            hero = candidate(ALL_FACES_FROM, index, level)[0]
            assert hero == FRONT_FACES[byte_8(ALL_FACES_FROM, index) % 4]
        hero = candidate(ALL_FACES_FROM, index, FIENDISH)[0]
        assert hero == ALL_FACES[byte_8(ALL_FACES_FROM, index) % 8]
    assert {candidate(ALL_FACES_FROM, i, FIENDISH)[0] for i in range(64)} == set(ALL_FACES)
    assert ALL_FACES[:4] == FRONT_FACES and max(DEFAULT_LEVELS) == FIENDISH


def test_the_level_follows_the_weekday():
    assert level_for(dt.date(2026, 11, 30)) == DEFAULT_LEVELS[0] == 1  # Monday
    assert level_for(dt.date(2026, 12, 6)) == DEFAULT_LEVELS[6] == 5  # Sunday
    assert parse_levels("5,5,5,5,5,5,5") == (5,) * 7
    with pytest.raises(DungeoneerError, match="seven numbers"):
        parse_levels("1,2,3")


@pytest.mark.slow
@pytest.mark.parametrize(("date", "code"), sorted(DAILY_VECTORS.items()))
def test_daily_vectors(date, code):
    day = dt.date.fromisoformat(date)
    daily = make_daily(day)
    assert daily.code == code
    assert daily.level == level_for(day)
    state = deal_from_code(daily.layout_code)
    assert state == deal_from_code(daily.code)
    line = []
    for text in daily.line:
        line.append(state.parse_action(text))
        state = state.apply(line[-1])
    verify_line(deal_from_code(daily.code), tuple(line))


@pytest.mark.slow
def test_a_candidate_the_solver_cannot_decide_is_skipped_never_published():
    with pytest.raises(DungeoneerError, match="no candidate of 2026-11-29 among the first 3"):
        make_daily(dt.date(2026, 11, 29), positions=1, max_candidates=3)


@pytest.mark.slow
def test_the_daily_command_archives_and_then_serves_from_the_archive(tmp_path):
    archive = str(tmp_path / "archive.sqlite3")
    first = json.loads(run("daily", "2026-11-30", "--archive", archive, "--json").output)
    assert first["deal"]["code"] == DAILY_VECTORS["2026-11-30"] and first["newly_issued"]
    assert "line" not in first
    # Served from the archive even when asked with other levels.
    again = run("daily", "2026-11-30", "--archive", archive, "--levels", "5,5,5,5,5,5,5",
                "--json", "--reveal")
    data = json.loads(again.output)
    assert data["deal"] == first["deal"] and not data["newly_issued"] and data["line"]
    shown = run("daily", "2026-11-30", "--archive", archive, "--reveal")
    assert shown.exit_code == 0
    assert shown.output.startswith("Daily puzzle No. 334 of 2026-11-30 (Monday): Bodyguard, "
                                   "level 1")
    assert "A winning line:" in shown.output
    exported = run("archive", "export", "--archive", archive, "--format", "csv")
    assert exported.output.splitlines()[1].startswith("2026-11-30,Bodyguard,")


def test_daily_rejects_bad_dates_and_foreign_archives(tmp_path):
    result = run("daily", "2026-13-01", "--archive", str(tmp_path / "a.sqlite3"))
    assert result.exit_code == 2 and "YYYY-MM-DD" in result.output
    foreign = tmp_path / "notes.txt"
    foreign.write_text("my notes")
    result = run("daily", "2026-11-30", "--archive", str(foreign))
    assert result.exit_code == 2 and "not a dungeoneer archive" in result.output
    assert foreign.read_text() == "my notes"
    result = run("archive", "export", "--archive", str(tmp_path / "none.sqlite3"))
    assert result.exit_code == 2 and "no archive here yet" in result.output


@pytest.mark.slow
def test_a_batch_does_not_depend_on_the_worker_count():
    one = generate(3, first_seed=500, workers=1)
    two = generate(3, first_seed=500, workers=2)
    assert one == two
    assert [p["candidate"] for p in one] == sorted(p["candidate"] for p in one)
    for puzzle in one:
        deal = puzzle["deal"]
        assert deal_from_code(deal["layout_code"]) == deal_from_code(deal["code"])


def test_a_level_no_candidate_reaches_ends_with_a_message_not_a_hang():
    with pytest.raises(DungeoneerError, match="only 0 of the first 2 candidates are at level 5"):
        generate(1, level=5, first_seed=500, max_tries=2, positions=1)


def test_the_generate_command_writes_json_lines(tmp_path):
    out = tmp_path / "puzzles.jsonl"
    result = run("generate", "--count", "2", "--first-seed", "500", "--out", str(out))
    assert result.exit_code == 0, result.output
    puzzles = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(puzzles) == 2 and all(1 <= p["rating"]["level"] <= 5 for p in puzzles)
    again = run("generate", "--count", "2", "--first-seed", "500", "--out", str(out))
    assert again.exit_code == 2 and "already exists" in again.output


@pytest.mark.slow
def test_the_rate_command(tmp_path):
    data = json.loads(run("rate", "pd1-4.rogue.42", "--json").output)
    rating = data["rating"]
    assert rating["status"] == "won" and 1 <= rating["level"] <= 5
    assert data["deal"]["code"] == "pd1-4.rogue.42"
    assert set(rating["features"]) >= {"eager_wins", "eager_plays", "solver_positions"}
    shown = run("rate", "42")
    assert shown.output.startswith(f"Rating {rating['level']} ({rating['name']}), score")
