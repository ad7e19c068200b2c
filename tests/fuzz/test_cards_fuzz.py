"""Fuzzing the card loader: the built-in Puzzle Dungeon card files, damaged value by value, line
by line and byte by byte, in a `--cards` folder. Every damaged folder deals a game or gets one
message naming the file with status 2."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.common import LINE_DAMAGES, assert_clean, damage_line, fuzz_settings, run
from tests.helpers import installed_seeds

SEEDS = installed_seeds("puzzle_dungeon")
FILES = ("arsenal.toml", "monsters.toml", "examples.toml", "heroes.toml", "traps_treasures.toml")
TOML_VALUES = ('[1, 2]', '[5]', '[]', '{}', '{ a = 1 }', '""', '"x"', '"²"', '-1', '0', '1000',
               '1e400', 'nan', 'inf', 'true', '[[1]]', '[{ op = "draw" }]', '"Claw"',
               '["Claw"]', '["Claw", "Claw", "Claw", "Claw"]', '"reconstructed"', '2026-01-01',
               '"' + "x" * 3000 + '"', '[' + ", ".join(["0"] * 200) + ']')
ASSIGNMENT = re.compile(r"^(\s*[A-Za-z_][A-Za-z0-9_.]*\s*=\s*).+$")


@st.composite
def damaged_file(draw: st.DrawFn) -> tuple[str, bytes]:
    """One card file with one to three damages: a value replaced by another TOML value (of
    another type, out of range, huge), a line replaced, deleted or repeated, the file cut short,
    or bytes that are not UTF-8 put in."""
    name = draw(st.sampled_from(FILES))
    lines = (SEEDS / name).read_text(encoding="utf-8").split("\n")
    for _ in range(draw(st.integers(1, 3))):
        if not lines:
            break
        assignments = [i for i, line in enumerate(lines) if ASSIGNMENT.match(line)]
        how = draw(st.sampled_from(("value", "value", "value", "line", "delete", "repeat",
                                    "cut")))
        at = draw(st.integers(0, len(lines) - 1))
        if how == "value" and assignments:
            at = draw(st.sampled_from(assignments))
            match = ASSIGNMENT.match(lines[at])
            if match:
                lines[at] = match.group(1) + draw(st.sampled_from(TOML_VALUES))
        elif how == "cut":
            lines = lines[:at]
        elif how in LINE_DAMAGES:
            damage_line(draw, lines, at, how)
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 9)) == 0:
        at = draw(st.integers(0, len(data)))
        data = data[:at] + b"\xff\xfe" + data[at:]
    return name, data


def _deal_with(name: str, data: bytes, *extra: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / name).write_bytes(data)
        args = ["deal", "42", "--cards", folder, *extra]
        assert_clean(run(args), args)


@fuzz_settings(40)
@given(damaged_file(), st.sampled_from(((), ("--hero", "Skull Bodyguard"), ("--json",))))
def test_a_damaged_card_file_deals_or_gets_one_message(file: tuple[str, bytes],
                                                       extra: tuple[str, ...]) -> None:
    _deal_with(*file, *extra)


@fuzz_settings(10)
@given(damaged_file())
def test_a_damaged_card_file_solves_or_gets_one_message(file: tuple[str, bytes]) -> None:
    name, data = file
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / name).write_bytes(data)
        args = ["solve", "7", "--cards", folder, "--time-limit", "0.2", "--workers", "1"]
        assert_clean(run(args), args)


@pytest.mark.slow
@fuzz_settings(slow=True)
@given(damaged_file(), st.sampled_from(((), ("--hero", "Skull Bodyguard"))))
def test_many_damaged_card_files(file: tuple[str, bytes], extra: tuple[str, ...]) -> None:
    _deal_with(*file, *extra)
