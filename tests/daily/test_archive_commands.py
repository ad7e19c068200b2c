"""`archive list` and `archive show`: the archived puzzles with the player's marks, and one
puzzle with the plays of it; a puzzle lost is one to play again."""

from __future__ import annotations

import json

from dungeoneer.generator.archive import Archive
from dungeoneer.generator.plays import Play
from tests.conftest import MOVED, appearing_after_the_check, failed_cleanly, run, succeeded
from tests.daily.conftest import PUZZLE


def issued(archive: str, *dates: str) -> None:
    for date in dates:
        succeeded(run("daily", date, "--archive", archive))


LOSS = ["deal"] * 20 + [
    "attack 4", "pay 0C 7M 8H 6T", "no", "attack 3", "pay 3C 0M 7H Vampire",
    "resolve Bodyguard:Trophy", "no", "attack 4", "resolve Bodyguard:Trophy", "no", "done",
    "attack 3", "resolve Bodyguard:Trophy", "no"]
"""A line of the test puzzle that loses: no legal action left, the prey not complete."""


def lose(archive: str, date: str) -> None:
    """Play the puzzle of `date` to a loss."""
    result = succeeded(run("play", "puzzle-dungeon", "--daily", date, "--archive", archive,
                           input="\n".join(LOSS) + "\n"))
    assert "Game over: lost" in result.output


def test_archive_list_marks_what_was_won_lost_and_begun(stand_in, archive):
    issued(archive, "2026-01-03", "2026-01-04", "2026-01-05", "2026-01-06")
    with Archive(archive) as opened:
        opened.add_play(Play("2026-01-05", "2026-01-05", "won", 55))
        opened.add_play(Play("2026-01-04", "2026-01-05", "unfinished", 1))
    lose(archive, "2026-01-03")
    result = succeeded(run("archive", "list", "--archive", archive, "--from", "2026-01-03",
                           "--to", "2026-01-05"))
    assert result.output == (
        "                                                     \n"
        " date         day   No.   level   hero        yours  \n"
        " ─────────────────────────────────────────────────── \n"
        " 2026-01-03   Sat   3     1       Bodyguard   lost   \n"
        " 2026-01-04   Sun   4     1       Bodyguard   played \n"
        " 2026-01-05   Mon   5     1       Bodyguard   won    \n"
        "                                                     \n"
        "Play one: dungeoneer play puzzle-dungeon --daily DATE\n")
    failed = succeeded(run("archive", "list", "--archive", archive, "--failed"))
    assert [line.split()[0] for line in failed.output.splitlines()[3:5]] == ["2026-01-03",
                                                                            "2026-01-04"]
    assert "2026-01-05" not in failed.output and "2026-01-06" not in failed.output
    data = json.loads(succeeded(run("archive", "list", "--archive", archive, "--json")).output)
    assert [(d["date"], d["number"], d["mark"]) for d in data["dailies"]] == [
        ("2026-01-03", 3, "lost"), ("2026-01-04", 4, "played"), ("2026-01-05", 5, "won"),
        ("2026-01-06", 6, None)]


def test_archive_show_tells_the_plays_and_how_to_play_again(stand_in, archive):
    issued(archive, "2026-01-03")
    lose(archive, "2026-01-03")
    result = succeeded(run("archive", "show", "2026-01-03", "--archive", archive))
    lines = result.output.splitlines()
    assert lines[0] == "Daily No. 3 of 2026-01-03: Bodyguard, level 1 (gentle)"
    assert lines[1] == f"Code {PUZZLE.code}"
    assert lines[2].startswith("  played on 2026-01-05: lost in ")
    assert lines[3] == "Play it again: dungeoneer play puzzle-dungeon --daily 2026-01-03"
    assert not any(step in result.output for step in PUZZLE.line if " " in step)


def test_archive_show_of_a_date_not_issued_is_one_error(stand_in, archive):
    issued(archive, "2026-01-03")
    result = failed_cleanly(run("archive", "show", "2026-02-01", "--archive", archive))
    assert "the archive has no puzzle of 2026-02-01" in result.output


def test_the_json_of_archive_list_archive_show_and_stats_has_the_documented_shapes(
        stand_in, archive):
    from tests.test_json import check, output_of

    issued(archive, "2026-01-04", "2026-01-05")
    with Archive(archive) as opened:
        opened.add_play(Play("2026-01-05", "2026-01-05", "won", 55))
    check(output_of("archive", "list", "--archive", archive, "--json"), "command_archive_list")
    shown = output_of("archive", "show", "2026-01-05", "--archive", archive, "--json")
    check(shown, "command_archive_show")
    assert shown["plays"][0]["hard"] is True
    check(output_of("stats", "--archive", archive, "--json"), "command_stats")


def test_a_play_whose_record_went_beside_another_file_is_still_kept(stand_in, archive, tmp_path,
                                                                     monkeypatch):
    """The record file appeared while the daily was played: the record goes beside it (one
    error, exit 2) and the play still enters the history."""
    monkeypatch.chdir(tmp_path)
    issued(archive, "2026-01-05")
    appearing_after_the_check(monkeypatch, "game.rec")
    result = failed_cleanly(run("play", "puzzle-dungeon", "--daily", "2026-01-05", "--archive",
                                archive, "--record", "game.rec", input="deal\nq\n"))
    assert result.output.endswith(f"error: {MOVED}\n")
    with Archive(archive) as opened:
        assert [(p.date, p.result, p.moves) for p in opened.plays()] == [
            ("2026-01-05", "unfinished", 1)]
