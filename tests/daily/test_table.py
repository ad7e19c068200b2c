"""The daily puzzle at the table: it is named everywhere (date, number, level, hero), its record
names it by date, code and seed without spelling out a card, a saved game goes on as the daily
with every move still there to take back, hints are counted fairly and the same position gets
the same hint, and the end shows a share block."""

from __future__ import annotations

import dataclasses

import pytest

from dungeoneer import solver
from dungeoneer.cli.play_puzzle import Help, Hints, daily_deal
from dungeoneer.engine.records import load_record
from tests.conftest import failed_cleanly, run, succeeded
from tests.daily.conftest import PUZZLE, WIN

BANNER = "Puzzle Dungeon, daily No. 5 of 2026-01-05: Bodyguard, level 1 (gentle)"


def play_daily(archive: str, typed: str, *more: str):
    return succeeded(run("play", "puzzle-dungeon", "--daily", "2026-01-05", "--archive", archive,
                         *more, input=typed))


def test_the_screen_names_the_date_number_level_and_hero(stand_in, archive):
    result = play_daily(archive, "q\n")
    assert result.output.splitlines()[0] == BANNER


def test_today_is_the_daily_without_a_date(stand_in, archive):
    result = succeeded(run("play", "puzzle-dungeon", "--daily", "--archive", archive,
                           input="q\n"))
    assert result.output.splitlines()[0] == BANNER


def test_the_record_names_the_daily_and_only_what_reproduces_its_deal(stand_in, archive,
                                                                      tmp_path):
    record = tmp_path / "daily.rec"
    play_daily(archive, "deal\nq\n", "--record", str(record))
    assert record.read_text().splitlines() == [
        "# result: unfinished", "# played by: a person", "game: puzzle-dungeon",
        "daily: 2026-01-05",
        f"code: {PUZZLE.code}", f"seed: {PUZZLE.seed}", "hero: Bodyguard", "hints: 0",
        "solver-hints: 0", "undos: 0", "---", "deal"]
    # The seed and hero alone deal the daily's layout (no monsters: or arsenal: lines).
    assert daily_deal(PUZZLE).codes() == (PUZZLE.code, PUZZLE.layout_code)


def test_a_saved_daily_goes_on_as_the_daily_and_undo_reaches_back_past_the_resume(
        stand_in, archive, tmp_path):
    first, second = tmp_path / "a.rec", tmp_path / "b.rec"
    play_daily(archive, "attack 3\nq\n", "--record", str(first))
    result = succeeded(run("play", "puzzle-dungeon", "--from", str(first), "--archive", archive,
                           "--record", str(second), input="undo\nq\n"))
    shown = " ".join(result.output.split())  # the banner wraps at the console's width
    assert shown.startswith(f"{BANNER}, going on from {first} ")
    assert "Took back 1 move." in result.output
    saved = load_record(second)
    assert [m.text for m in saved.moves] == [] and saved.get("undos") == "1"
    assert saved.get("daily") == "2026-01-05"


def test_a_saved_daily_won_later_ends_with_the_share_block(stand_in, archive, tmp_path):
    first = tmp_path / "a.rec"
    play_daily(archive, "\n".join(PUZZLE.line[:10]) + "\nundo\n" + PUZZLE.line[9] + "\nq\n",
               "--record", str(first))
    result = succeeded(run("play", "puzzle-dungeon", "--from", str(first), "--archive", archive,
                           input="\n".join(PUZZLE.line[10:]) + "\n"))
    assert result.output.splitlines()[-7:-1] == [
        "", "dungeoneer daily No. 5 · 2026-01-05", "Bodyguard · level 1 (gentle)",
        "Won in 55 moves", "0 hints, 0 solver hints, 1 undo",
        "Play it: dungeoneer play puzzle-dungeon --daily 2026-01-05"]


def test_a_record_that_is_not_of_its_daily_is_one_error(stand_in, archive, tmp_path):
    record = tmp_path / "a.rec"
    record.write_text("game: puzzle-dungeon\ndaily: 2026-01-05\ncode: pd1.rogue.42\n"
                      "seed: 42\nhero: Rogue\n---\n")
    result = run("play", "puzzle-dungeon", "--from", str(record), "--archive", archive)
    failed_cleanly(result)
    assert result.output == (f"error: {record}:3: 'code: pd1.rogue.42': the daily puzzle of "
                             f"2026-01-05 is {PUZZLE.code}, not this code: the record is not "
                             "of that puzzle\n")


def test_the_hard_star_marks_a_win_without_help(stand_in, archive):
    result = play_daily(archive, WIN)
    block = result.output.splitlines()[-7:-1]
    assert block == ["", "dungeoneer daily No. 5 · 2026-01-05", "Bodyguard · level 1 (gentle)",
                     "Won in 55 moves ★", "no hints, no undos",
                     "Play it: dungeoneer play puzzle-dungeon --daily 2026-01-05"]
    for step in PUZZLE.line:  # nothing of the line or the cards is given away
        if " " in step:
            assert step not in "\n".join(block)


class Stub:
    """The solver's answer, at once: 'won' with one step."""

    status = "won"
    steps = (type("S", (), {"action": "deal"})(),)


def test_fair_hints_solver_hints_and_undos_are_counted_apart(stand_in, archive, tmp_path,
                                                           monkeypatch):
    monkeypatch.setattr(solver, "solve", lambda *args, **kwargs: Stub())
    record = tmp_path / "a.rec"
    result = play_daily(archive, "hint solver\nhint solver\nhint\ndeal\nundo\nq\n",
                        "--record", str(record))
    assert "Hint: deal (the solver's next step" in result.output
    saved = load_record(record)
    assert (saved.get("hints"), saved.get("solver-hints"), saved.get("undos")) == ("1", "2", "1")


def test_the_fair_hint_is_the_same_for_the_same_position_and_puzzle():
    state = daily_deal(PUZZLE).state()
    again = state.apply(state.parse_action("deal"))
    hints = Hints(puzzle=PUZZLE.code)
    assert hints.seed(state) == Hints(puzzle=PUZZLE.code, used=Help(hints=7)).seed(state)
    assert hints.seed(state) != hints.seed(again)
    assert hints.seed(state) != Hints(puzzle="pd1.rogue.42").seed(state)
    asked = [Hints(puzzle=PUZZLE.code) for _ in range(2)]  # asked again, or in another game
    lines = [h.hint(state) for h in asked]
    assert lines[0] == lines[1]


@pytest.mark.parametrize("header", ["hints: many", "daily: 2026-02-30"])
def test_a_daily_record_with_a_bad_line_is_one_error_naming_it(stand_in, archive, tmp_path,
                                                              header):
    key = header.split(":")[0]
    lines = ["game: puzzle-dungeon", "daily: 2026-01-05", f"code: {PUZZLE.code}",
             f"seed: {PUZZLE.seed}", "hero: Bodyguard"]
    lines = [line for line in lines if not line.startswith(key)] + [header, "---"]
    record = tmp_path / "a.rec"
    record.write_text("\n".join(lines) + "\n")
    result = run("play", "puzzle-dungeon", "--from", str(record), "--archive", archive)
    failed_cleanly(result)
    assert f"{record}:{len(lines) - 1}: '{header}'" in result.output


def test_the_help_taken_is_a_record_of_counts():
    assert dataclasses.astuple(Help()) == (0, 0, 0)


def test_pictures_of_a_daily_name_it_and_how_far_play_had_gone(stand_in, archive, tmp_path):
    import xml.etree.ElementTree as ET

    record, day, late = tmp_path / "a.rec", tmp_path / "day.svg", tmp_path / "late.svg"
    succeeded(run("daily", "--archive", archive, "--svg", str(day)))
    play_daily(archive, "\n".join(PUZZLE.line[:31]) + "\nq\n", "--record", str(record))
    succeeded(run("replay", str(record), "--svg", str(late), "--at", "31"))
    svg = "{http://www.w3.org/2000/svg}"
    texts = [t.text for t in ET.parse(day).getroot().iter(f"{svg}text")]
    assert texts[1:4] == ["Daily No. 5 of 2026-01-05, level 1 (gentle)", f"Code {PUZZLE.code}",
                          "The deal, before any move"]
    texts = [t.text for t in ET.parse(late).getroot().iter(f"{svg}text")]
    assert texts[1:4] == ["Daily No. 5 of 2026-01-05", f"Code {PUZZLE.code}",
                          f"After move 31: {PUZZLE.line[30]}"]
    assert PUZZLE.line[30] == "attack 3" and "◀ last move" in texts


def test_a_won_game_on_a_read_only_archive_still_shows_the_share_block(stand_in, archive,
                                                                      monkeypatch):
    from dungeoneer.generator.archive import Archive

    succeeded(run("daily", "--archive", archive))
    monkeypatch.setattr("dungeoneer.generator.archive._write_obstacle",
                        lambda path: "the file is read-only")
    result = play_daily(archive, WIN)
    shown = " ".join(result.output.split())
    assert "This play is not kept in your history:" in shown and "read-only" in shown
    assert "Won in 55 moves ★" in result.output
    with Archive(archive) as opened:
        assert opened.plays() == []


def test_a_picture_of_a_record_with_a_bad_daily_line_is_one_error_naming_it(tmp_path):
    record = tmp_path / "a.rec"
    record.write_text(f"game: puzzle-dungeon\ndaily: 2026-02-30\nseed: {PUZZLE.seed}\n"
                      "hero: Bodyguard\n---\n")
    result = failed_cleanly(run("replay", str(record), "--svg", str(tmp_path / "a.svg")))
    assert f"{record}:2:" in result.output and "a date is written YYYY-MM-DD" in result.output
    assert not (tmp_path / "a.svg").exists()
