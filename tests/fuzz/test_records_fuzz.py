"""Fuzzing the record reader and replay: the example records of all four games, damaged line by
line and byte by byte, through `dungeoneer replay` (and `solve --from`, which reads any game's
record). Every damaged record replays or gets one message with status 2."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.common import (
    HOSTILE_WORDS,
    LINE_DAMAGES,
    assert_clean,
    damage_line,
    example_records,
    fuzz_settings,
    hostile_text,
    run,
)

RECORDS = example_records()
RAW_BYTES = (b"\xff", b"\xfe\xff", b"\xc3", b"\x00", b"\r", b"\f", b"\xe2\x80\xa8", b"\n---\n",
             b"\n~ x\n")


def _separator(lines: list[str]) -> int:
    """The index of the '---' line (or the end)."""
    return next((i for i, line in enumerate(lines) if line.strip() == "---"), len(lines))


@st.composite
def damaged_record(draw: st.DrawFn) -> bytes:
    """An example record with one to three damages: a header value, a line or a word replaced,
    a line inserted, deleted or repeated, or raw bytes (not always UTF-8) put in."""
    path = draw(st.sampled_from(RECORDS))
    lines = path.read_text(encoding="utf-8").split("\n")
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, max(len(lines) - 1, 0)))
        how = draw(st.sampled_from(("value", "value", "line", "word", "insert", "delete",
                                    "repeat")))
        header = [i for i, line in enumerate(lines[:_separator(lines)]) if ":" in line]
        if how == "value" and header:
            # Header lines are few beside the moves: aim at them directly.
            at = draw(st.sampled_from(header))
            key = lines[at].split(":", 1)[0]
            lines[at] = f"{key}: {draw(hostile_text())}"
        elif how == "word" and lines and lines[at].split():
            words = lines[at].split()
            words[draw(st.integers(0, len(words) - 1))] = draw(st.sampled_from(HOSTILE_WORDS))
            lines[at] = " ".join(words)
        elif how in LINE_DAMAGES and lines:
            damage_line(draw, lines, at, how)
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    if draw(st.booleans()):
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from(RAW_BYTES)) + data[at:]
    return data


def _replay(data: bytes, *extra: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzzed.rec"
        path.write_bytes(data)
        args = ["replay", str(path), *extra]
        assert_clean(run(args), args)


@pytest.mark.slow
@fuzz_settings()
@given(damaged_record(), st.sampled_from(((), ("--json",), ("--step",), ("--then", "random"))))
def test_a_damaged_record_replays_or_gets_one_message(data: bytes, extra: tuple[str, ...]) -> None:
    _replay(data, *extra)


@fuzz_settings(10)
@given(damaged_record())
def test_solve_from_a_damaged_record_of_any_game_gets_one_message(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzzed.rec"
        path.write_bytes(data)
        args = ["solve", "--from", str(path), "--time-limit", "0.05", "--workers", "1"]
        assert_clean(run(args), args)


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.name)
def test_every_example_record_replays(record: Path) -> None:
    result = run(["replay", str(record)])
    assert result.exit_code == 0, result.output


@pytest.mark.slow
@fuzz_settings(slow=True)
@given(damaged_record(), st.sampled_from(((), ("--json",), ("--then", "random"))))
def test_many_damaged_records(data: bytes, extra: tuple[str, ...]) -> None:
    _replay(data, *extra)
