"""Messages that stay and say what is wrong: a number out of the list's range says the range, a
card that does not exist says so, a long list of what is legal is summarised, and a rejected
entry is followed by the prompt again, not by the whole table (which would scroll it away)."""

from __future__ import annotations

import pytest

from dungeoneer.cli.choosing import summarised
from dungeoneer.cli.options import check_lines_placed, lines_kept
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.files import LinesWriter
from dungeoneer.engine.numbers import plural
from tests.conftest import run, succeeded

PROMPT = "Your move (number, notation, help)> "


def answers(*typed: str) -> list[str]:
    """What Puzzle Dungeon's table says after each of `typed`, deal 42, after `attack 2`."""
    result = succeeded(run("play", "puzzle-dungeon", "42", input="\n".join(
        ["attack 2", *typed, "q"]) + "\n", width=80))
    said = result.output.split(PROMPT)[2:]  # (the first answer is attack 2)
    # Each starts with the answer's echo, on the prompt's line.
    return [" ".join(text.split("\n", 1)[1].split()) for text in said]


def test_a_number_out_of_range_says_the_range():
    assert answers("99")[0] == "there is no action 99 (1-15)"


def test_a_card_that_does_not_exist_says_so():
    assert answers("pay 9Z")[0] == \
        "there is no card 9Z (a card is a value 0-8 and a suit letter, T, C, H, M)"


def test_the_orderings_of_a_payment_are_summarised():
    said = answers("pay 3C 7C 0H 5T")[0]
    assert said.startswith("this action is not legal here; legal here: pay 3C 7C 0H 4M, ")
    assert said.endswith(" and 25 more (the list above numbers them)")


def test_after_a_rejected_entry_only_the_prompt_comes_back():
    said = answers("zzz", "99")
    assert said[0].startswith("not an action in Puzzle Dungeon's notation")
    assert "Column 1" not in said[0] and "Column 1" not in said[1]


def test_short_lists_are_left_whole():
    message = "this action is not legal here; legal here: deal, attack 2"
    assert summarised(message) == message
    many = "legal here: " + ", ".join(f"a{i}" for i in range(10))
    assert summarised(many) == "legal here: a0, a1, a2, a3, a4, a5 and 4 more (the list above " \
                               "numbers them)"


def test_counts_of_one_are_in_the_singular():
    assert [plural(n, "puzzle") for n in (0, 1, 2)] == ["0 puzzles", "1 puzzle", "2 puzzles"]
    assert plural(1, "try", "tries") == "1 try" and plural(3, "try", "tries") == "3 tries"


@pytest.mark.parametrize(("lines", "kept", "placed"), [
    (1, "1 puzzle kept in out-1.jsonl.", "the 1 puzzle is in out-1.jsonl instead"),
    (2, "2 puzzles kept in out-1.jsonl.", "the 2 puzzles are in out-1.jsonl instead")])
def test_what_a_batch_kept_is_counted_in_words_that_fit(tmp_path, monkeypatch, lines, kept,
                                                         placed):
    monkeypatch.chdir(tmp_path)
    assert lines_kept(None, "puzzle") == "no puzzles written."
    with LinesWriter("out.jsonl") as sink:
        (tmp_path / "out.jsonl").write_text("someone else's\n")  # it appears meanwhile
        for _ in range(lines):
            sink.write_line("{}")
    assert lines_kept(sink, "puzzle") == kept
    with pytest.raises(DungeoneerError) as caught:
        check_lines_placed(sink, "puzzle")
    assert caught.value.reason == f"out.jsonl appeared while this ran and was left alone; {placed}"


def test_one_puzzle_generated_is_one_puzzle_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = succeeded(run("generate", "--count", "1", "--workers", "1", "--out", "p.jsonl"))
    assert result.stdout == "" and result.stderr == "1 puzzle written to p.jsonl.\n"


def test_one_move_replayed_is_one_move(tmp_path):
    record = tmp_path / "one.rec"
    succeeded(run("play", "puzzle-dungeon", "42", "--record", str(record), input="deal\nq\n"))
    result = succeeded(run("replay", str(record)))
    assert "\n1 move replayed.\n" in result.output
