"""One test per class of bad input that once crashed a command: each now gets one
message with file, line, the offending text and the reason, and exit status 2 (or, where the
input is valid, works)."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dungeoneer.engine.errors import TEXT_SHOWN
from dungeoneer.engine.executors import ordered_map
from dungeoneer.engine.files import LinesWriter
from dungeoneer.engine.numbers import shown, whole_number
from dungeoneer.engine.rng import MAX_SEED, derived_seed
from tests.conftest import run as run_cli
from tests.fuzz.common import assert_clean, fuzz_settings, laid_out_deal, run
from tests.helpers import installed_seeds

HUGE = "9" * 5000


def refused(args: list[str], says: str, *, input: str | None = None) -> str:
    """Run the command; it must exit 2 with one message containing `says`. The message."""
    result = run(args, input=input)
    assert_clean(result, args)
    assert result.exit_code == 2, result.output
    assert says in result.stderr, result.stderr
    return result.stderr


def write(tmp_path: Path, name: str, text: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


# ----------------------------------------------------------------------------- numbers

@pytest.mark.parametrize(("text", "most", "expected"), [
    ("42", 100, 42), ("007", 100, 7), (" 7", 100, None), ("7 ", 100, None), ("7\n", 100, None),
    ("0" * 50 + "5", 9, 5), ("²", 100, None),
    ("٣", 100, None), (HUGE, MAX_SEED, None), ("-1", 100, None), ("+1", 100, None),
    ("1.0", 100, None), ("", 100, None), ("101", 100, None),
])
def test_whole_numbers_are_ascii_digits_in_range(text, most, expected):
    assert whole_number(text, most=most) == expected


@pytest.mark.parametrize(("header", "says"), [
    ("seed: ²", ":2: 'seed: ²': a seed is a whole number"),
    (f"seed: {HUGE}", ":2: 'seed: 9999"),
    ("players: ²", "Dinky Dungeon is for 2 to 4 players"),
    ("dungeon: ² 1 1", "a dungeon card is written as its level, not '²'"),
])
def test_a_record_header_with_a_strange_number_gets_one_message(tmp_path, header, says):
    game = "dinky-dungeon" if "dungeon" in header or "players" in header else "puzzle-dungeon"
    lines = [f"game: {game}", header] if header.startswith("seed") else \
        [f"game: {game}", "seed: 1", header]
    path = write(tmp_path, "r.rec", "\n".join(lines) + "\n---\n")
    message = refused(["replay", path], says)
    assert len(message) < 400  # a 5,000-digit number is not repeated whole


@pytest.mark.parametrize("args", [
    ["archive", "export", "--archive", "\x00"],
    ["deal", "1", "--cards", "a\x00b"],
    ["replay", "x\x00.rec"],
    ["solve", "--deal-file", "\x00", "--workers", "1"],
    ["generate", "--count", "1", "--out", "\x00"],
])
def test_a_path_with_a_nul_byte_gets_one_message(args):
    """The file system refuses to look at a path holding a NUL byte (os.stat raises
    ValueError): bad input, one message, status 2."""
    refused(args, "")


@pytest.mark.parametrize("written", [HUGE, f"{HUGE}.5", f"1:{HUGE}", f"{HUGE}:05.5"])
def test_a_timer_reading_of_thousands_of_digits_is_no_time(tmp_path, written):
    """A record line of 5-Minute Dungeon whose timer reading is a 5,000-digit number: one
    message (it is no time, and no action), not a crash converting it to an integer."""
    path = write(tmp_path, "r.rec", "game: five-minute-dungeon\nseed: 1\n---\n"
                                    f"{written} seat 1 play Sword at Gorblin\n")
    message = refused(["replay", path], "is not a 5-Minute Dungeon action")
    assert len(message) < 1000


@pytest.mark.parametrize(("written", "reading"), [("299.9", 2999), ("1:05.5", 655),
                                                  ("999999999", 9999999990)])
def test_readings_of_up_to_nine_digits_are_times(written, reading):
    from dungeoneer.engine.five_minute_dungeon.clock import parse_time

    assert parse_time(written) == reading
    assert parse_time("9" * 10) is None


@pytest.mark.parametrize(("option", "value", "says"), [
    ("tries", "1000000000", "tries is a whole number from 1 to 99"),
    ("tries", "²", "tries is a whole number from 1 to 99"),
    ("boss", "²", "unknown boss '²'"),
])
def test_five_minute_dungeon_options_are_bounded(tmp_path, option, value, says):
    text = (f"game: five-minute-dungeon\nplayers: 2\nseed: 1\ncampaign: yes\n{option}: {value}\n"
            "---\n")
    refused(["replay", write(tmp_path, "r.rec", text), "--then", "heuristic"], says)


@pytest.mark.parametrize(("args", "says"), [
    (["deal", "²"], "a deal is a seed"),
    (["deal", HUGE], "a seed is a whole number from 0 to"),
    (["deal", "pd1.rogue.²"], "the seed of a deal code is a whole number"),
    (["deal", f"pd1.rogue.{HUGE}"], "the seed of a deal code is a whole number"),
    (["daily", "2026-01-05", "--levels", "²,1,1,1,1,1,1"], "the levels are seven numbers"),
    (["solve", "1", "--time-limit", "nan"], "a number of seconds from 0 to"),
    (["solve", "1", "--time-limit", "inf"], "a number of seconds from 0 to"),
    (["simulate", "five-minute-dungeon", "--pace", "inf"], "a number of seconds from 0.1"),
    (["simulate", "five-minute-dungeon", "--pace", "nan"], "a number of seconds from 0.1"),
    (["simulate", "dinky-dungeon", "--games", "1000000000"], "from 1 to 100,000"),
    (["simulate", "dinky-dungeon", "--workers", "1000000"], "from 1 to 64"),
    (["generate", "--count", "1", "--workers", "1000000"], "from 1 to 64"),
    (["generate", "--count", HUGE], "a whole number of puzzles"),
])
def test_strange_numbers_on_the_command_line_get_one_message(tmp_path, args, says):
    refused([str(tmp_path / "a.sqlite3") if a == "ARCHIVE" else a for a in args], says)


# ----------------------------------------------------------------------------- seeds

def test_derived_seeds_wrap_round_at_two_to_the_64():
    assert derived_seed(MAX_SEED, 0) == MAX_SEED
    assert derived_seed(MAX_SEED, 1) == 0
    assert derived_seed(5, 3) == 8


def test_a_simulation_seeded_at_the_top_of_the_range_wraps_round():
    result = run(["simulate", "dinky-dungeon", "--games", "2", "--seed", str(MAX_SEED),
                  "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["seats"]


@pytest.mark.slow
def test_generate_from_the_last_seed_wraps_round():
    result = run(["generate", "--count", "2", "--first-seed", str(MAX_SEED), "--hero",
                  "Warrior", "--max-tries", "4"])
    assert result.exit_code == 0, result.output
    seeds = [json.loads(line)["deal"]["seed"] for line in result.stdout.splitlines()]
    assert seeds[0] == MAX_SEED and seeds[1] < 4


# ----------------------------------------------------------------------------- card files

def _card_folder(tmp_path: Path, name: str, old: str, new: str | bytes) -> str:
    text = (installed_seeds("puzzle_dungeon") / name).read_text(encoding="utf-8")
    assert isinstance(new, bytes) or old in text
    if isinstance(new, bytes):
        data = text.encode("utf-8")
        at = data.index(old.encode("utf-8"))
        (tmp_path / name).write_bytes(data[:at] + new + data[at:])
    else:
        (tmp_path / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(tmp_path)


@pytest.mark.parametrize(("name", "old", "new", "says"), [
    ("monsters.toml", "[[monster]]", b"\xff", "monsters.toml:"),
    ("arsenal.toml", "values = [0, 2, 3, 4, 5, 6, 7, 8]", "values = [[1]]",
     "field 'values': expected distinct whole numbers"),
    ("arsenal.toml", "values = [0, 2, 3, 4, 5, 6, 7, 8]", "values = []",
     "field 'values': expected at least 3 values"),
])
def test_a_damaged_card_file_names_file_and_field(tmp_path, name, old, new, says):
    message = refused(["deal", "1", "--cards", _card_folder(tmp_path, name, old, new)], says)
    assert str(tmp_path / name) in message


ONE_EXTRA = """[types]
battlesnake = "rulebook: Monsters & Monster Kings"

[[monster]]
name = "Battlesnake"
type = "battlesnake"
weapon = ["Mitt"]
defense = ["Claw", "Torch", "Mitt", "Mitt"]
king_weapon = ["Mitt", "Mitt"]
source = { name = "rulebook", type = "rulebook", weapon = "rulebook", defense = "rulebook", \
king_weapon = "rulebook" }
ability = ABILITY
"""


@pytest.mark.parametrize(("text", "says"), [
    ("monster = [1, 2]\n", "field 'monster': entry 1 is 1, not a table"),
    (ONE_EXTRA.replace("ABILITY", "[5]"), "card 'Battlesnake', field 'ability': entry 1 is 5"),
    (ONE_EXTRA.replace("ABILITY", '["Loot"]'), "field 'ability': entry 1 is 'Loot'"),
])
def test_a_list_where_tables_belong_names_the_card_and_field(tmp_path, text, says):
    (tmp_path / "examples.toml").write_text(text.replace("\\\n", ""), encoding="utf-8")
    message = refused(["deal", "1", "--cards", str(tmp_path)], says)
    assert str(tmp_path / "examples.toml") in message


def test_non_utf8_card_file_gives_the_line(tmp_path):
    folder = _card_folder(tmp_path, "heroes.toml", "[[hero]]", b"\xff")
    text = (installed_seeds("puzzle_dungeon") / "heroes.toml").read_text(encoding="utf-8")
    line = text[:text.index("[[hero]]")].count("\n") + 1
    refused(["deal", "1", "--cards", folder], f"heroes.toml:{line}: byte 0xff is not UTF-8")


@pytest.mark.parametrize("count", [0, 19, 21, pytest.param(1000, marks=pytest.mark.slow)])
def test_the_monster_deck_has_twenty_monsters(tmp_path, count):
    text = (installed_seeds("puzzle_dungeon") / "monsters.toml").read_text(encoding="utf-8")
    head, *monsters = text.split("[[monster]]")
    chosen = list(itertools.islice(itertools.cycle(monsters), count))
    # Repeated monsters would share a name: the count is checked before the names.
    (tmp_path / "monsters.toml").write_text("[[monster]]".join([head, *chosen]),
                                            encoding="utf-8")
    refused(["deal", "1", "--cards", str(tmp_path)], f"has 20 monsters (four columns of five, "
            f"'Set Up'), not {count}")


def test_a_card_folder_path_too_long_for_the_file_system(tmp_path):
    refused(["deal", "1", "--cards", "a/" * 3000], "the card folder does not exist")


@pytest.mark.parametrize("args", [
    ["daily", "2026-01-05", "--archive", "LONG"],
    ["archive", "export", "--archive", "LONG"],
    ["solve", "1", "--out", "LONG"],
    ["replay", "LONG"],
])
def test_a_path_too_long_for_the_file_system_gets_one_message(args):
    long = "b" * 300
    message = refused([long if a == "LONG" else a for a in args], "")
    assert "too long" in message.lower() or "no such file" in message, message


# ----------------------------------------------------------------------------- records

def test_solve_from_another_games_record_says_so():
    record = installed_seeds("dinky_dungeon") / "examples" / "game-3p-seed-1.rec"
    refused(["solve", "--from", str(record)], "this is a game of Dinky Dungeon")


def test_an_empty_header_value_is_blamed_on_its_line(tmp_path):
    path = write(tmp_path, "r.rec", "game: puzzle-dungeon\nseed: 1\nhero:\n---\n")
    refused(["replay", path], f"{path}:3: 'hero: ': unknown hero ''")


@pytest.mark.parametrize("odd", ["\f", "\v", "\x1c", "\x85", "\u2028"])
def test_line_numbers_count_only_real_line_ends(tmp_path, odd):
    path = write(tmp_path, "r.rec", f"# a comment with {odd} in it\ngame: puzzle-dungeon\n"
                 "seed: x\n---\n")
    refused(["replay", path], f"{path}:3: 'seed: x'")


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_every_usual_line_ending_counts_lines_alike(tmp_path, ending):
    text = ending.join(["# one", "game: puzzle-dungeon", "seed: x", "---", ""])
    path = write(tmp_path, "r.rec", text.encode("utf-8"))
    refused(["replay", path], f"{path}:3: 'seed: x'")


def test_a_record_that_is_not_utf8_gets_line_and_column(tmp_path):
    path = write(tmp_path, "r.rec", b"game: puzzle-dungeon\nseed: 1\n---\ndeal\nde\xffal\n")
    refused(["replay", path], f"{path}:5: column 3: byte 0xff is not UTF-8")


def test_a_deal_file_without_a_seed_is_refused_before_the_search(tmp_path):
    lines = [line for line in laid_out_deal() if not line.startswith("seed:")]
    path = write(tmp_path, "deal.txt", "\n".join(lines) + "\n")
    refused(["solve", "--deal-file", path], f"{path}: no 'seed:' line")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_file_is_refused_after_reading_a_bounded_amount():
    refused(["replay", "/dev/zero"], "larger than 16 MiB: not a record")


def test_a_folder_is_not_a_record(tmp_path):
    refused(["replay", str(tmp_path)], "is a directory")


# ----------------------------------------------------------------------------- output files

@pytest.mark.parametrize("args", [
    ["play", "dinky-dungeon", "--bot", "greedy", "--bot", "greedy", "--record", "OUT"],
    ["solve", "1", "--out", "OUT"],
    ["generate", "--count", "1", "--out", "OUT"],
])
def test_an_output_path_is_checked_before_any_work(tmp_path, args):
    missing = str(tmp_path / "missing" / "x.out")
    result = run([missing if a == "OUT" else a for a in args])
    assert result.exit_code == 2
    assert result.stdout == ""  # nothing was played, solved or generated first
    assert result.stderr == f"error: {missing}: the folder {tmp_path / 'missing'} does not exist\n"


@pytest.mark.slow  # (generate --out: tests/generator/test_daily.py, stopped: test_kills.py)
def test_generate_writes_each_puzzle_as_it_is_found(tmp_path):
    out = tmp_path / "p.jsonl"
    result = run(["generate", "--count", "2", "--hero", "Warrior", "--first-seed", "5000",
                  "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert [json.loads(line)["candidate"] for line in out.read_text().splitlines()] == [0, 1]


def test_a_lines_writer_stopped_half_way_keeps_its_lines(tmp_path):
    target = tmp_path / "out.jsonl"
    with pytest.raises(KeyboardInterrupt), LinesWriter(target) as sink:
        sink.write_line("one")
        sink.write_line("two")
        raise KeyboardInterrupt
    assert target.read_text() == "one\ntwo\n"
    assert os.listdir(tmp_path) == ["out.jsonl"]  # no temporary file left


def test_a_lines_writer_with_no_lines_writes_nothing(tmp_path):
    with LinesWriter(tmp_path / "out.jsonl"):
        pass
    assert os.listdir(tmp_path) == []


# ----------------------------------------------------------------------------- bounded work

def test_jobs_are_drawn_lazily():
    drawn = []

    def endless():
        for i in itertools.count():
            drawn.append(i)
            yield i

    first = list(itertools.islice(ordered_map(abs, endless(), workers=2), 5))
    assert first == [0, 1, 2, 3, 4]
    assert len(drawn) <= 5 + 4 * 2  # a few jobs per worker ahead, not the whole input


def test_a_record_naming_a_card_folder_that_is_not_there_blames_its_line(tmp_path):
    path = write(tmp_path, "r.rec", f"game: puzzle-dungeon\nseed: 1\ncards: {'a/' * 3000}\n---\n")
    message = refused(["replay", path], f"{path}:3: 'cards: a/a/")
    assert message.endswith("...': the card folder does not exist\n")
    assert len(message) < 300


def test_a_record_saved_with_a_byte_order_mark_replays(tmp_path):
    text = (installed_seeds("puzzle_dungeon") / "examples" / "rogue-win.rec").read_bytes()
    path = write(tmp_path, "bom.rec", b"\xef\xbb\xbf" + text)
    result = run(["replay", path])
    assert result.exit_code == 0, result.output
    assert "Game over: won" in result.output


def test_a_huge_number_typed_at_the_prompt_is_not_a_crash():
    """A person's seat (Dinky Dungeon's second seat here) reads a number from the list: 5,000
    digits are no number there, and the game goes on to the 'q' that stops it."""
    args = ["play", "dinky-dungeon", "--seed", "3", "--bot", "greedy", "--bot", "human"]
    result = run(args, input=f"{HUGE}\nq\n")
    assert_clean(result, args)
    assert result.exit_code == 0 and "Stopped." in result.output


NUL_FOLDER_READERS = [
    ("record", ["replay"]), ("record", ["replay", "--json"]),
    ("record", ["solve", "--workers", "1", "--time-limit", "5", "--from"]),
    ("record", ["odds", "--plays", "1", "--workers", "1", "--from"]),
    ("record", ["play", "puzzle-dungeon", "--from"]),
    ("deal file", ["solve", "--workers", "1", "--time-limit", "5", "--deal-file"]),
    ("deal file", ["rate", "--deal-file"]),
]
"""The commands that read a card folder from a record's or a deal file's `cards:` line."""

FOLDER_TEXT = st.text(st.characters(exclude_characters="\n\r#", exclude_categories=["Cs"]),
                      max_size=8)
"""Text of a folder's name, as a header line can hold it (a '#' starts a comment)."""


@given(reader=st.sampled_from(NUL_FOLDER_READERS), data=st.data(),
       before=FOLDER_TEXT, after=FOLDER_TEXT)
@fuzz_settings(25)
def test_a_card_folder_with_a_nul_byte_in_a_file_names_its_line(reader, data, before, after):
    """A `cards:` line whose folder holds a NUL byte (which the file system refuses to look at:
    os calls raise ValueError) is bad input at that line, whatever reads the file."""
    kind, args = reader
    if kind == "record":
        record = data.draw(st.sampled_from(sorted(
            (installed_seeds("puzzle_dungeon") / "examples").glob("*.rec"))))
        head, moves = record.read_text(encoding="utf-8").split("---\n", 1)
        lines = head.splitlines()
        start = next(i for i, line in enumerate(lines) if line.startswith("game:")) + 1
        name, tail = "r.rec", ["---", *moves.splitlines()]
    else:
        lines, start, name, tail = list(laid_out_deal()), 0, "d.txt", []
    at = data.draw(st.integers(start, len(lines)))
    value = f"{before}\x00{after}"
    lines.insert(at, f"cards: {value}")
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder):
        Path(name).write_text("\n".join([*lines, *tail]) + "\n", encoding="utf-8")
        result = run_cli(*args, name, input="q\n")
    assert_clean(result, args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    text = f"cards: {value.strip()}"  # (the line as the header holds it)
    assert result.stderr == (f"error: {name}:{at + 1}: {shown(text, TEXT_SHOWN)!r}: the card "
                             "folder's name holds a NUL character, which no file system takes\n")
