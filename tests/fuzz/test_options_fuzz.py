"""Fuzzing the command line: every command with one of its values (an argument or an option's
value) replaced by a hostile word. Each command line works or gets one message with status 2.

The other values are chosen so that a valid command line finishes quickly (a deal the solver
wins at once, one candidate for `generate`, a handful of games for `simulate`)."""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.common import HOSTILE_WORDS, assert_clean, fuzz_settings, run

COMMANDS: tuple[tuple[str, ...], ...] = (
    ("deal", "{42}", "--hero", "{Rogue}"),
    ("deal", "{pd1-m.warrior.5000}", "--json"),
    ("solve", "{5000}", "--hero", "{Warrior}", "--time-limit", "{0.5}", "--memory", "{64}",
     "--workers", "{1}"),
    # The archive is not fuzzed here: a new path would make a new archive and generate a puzzle
    # (seconds each); `archive export` fuzzes the path.
    ("daily", "{2026-01-05}", "--levels", "{1,1,1,1,1,1,1}", "--archive", "ARCHIVE"),
    ("archive", "export", "--format", "{json}", "--archive", "{ARCHIVE}"),
    ("generate", "--count", "{1}", "--max-tries", "{1}", "--first-seed", "{5}", "--workers",
     "{1}", "--hero", "{Warrior}"),
    ("simulate", "dinky-dungeon", "--games", "{3}", "--players", "{2}", "--seed", "{1}",
     "--workers", "{1}", "--bot", "{greedy}"),
    ("simulate", "five-more-minutes", "--games", "{3}", "--variant", "{expert}", "--seed",
     "{1}"),
    ("simulate", "five-minute-dungeon", "--games", "{2}", "--pace", "{1.5}", "--seed", "{1}",
     "--players", "{3}"),
    ("play", "dinky-dungeon", "--seed", "{3}", "--bot", "{greedy}", "--bot", "{random}"),
    ("play", "five-minute-dungeon", "--seed", "{3}", "--bot", "{heuristic}", "--boss", "{2}",
     "--players", "{3}", "--pace", "{2}"),
    ("play", "puzzle-dungeon", "--seed", "{3}", "--hero", "{Rogue}"),
    ("games", "--json"),
)
"""Command lines; each '{default}' is a value the fuzzer may replace ('ARCHIVE': a copy of an
archive that holds the puzzle of 2026-01-05, in a temporary folder)."""


@functools.cache
def _archive() -> bytes:
    """An archive holding one day, made once per test run."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "archive.sqlite3"
        result = run(["daily", "2026-01-05", "--archive", str(path)])
        assert result.exit_code == 0, result.output
        return path.read_bytes()


def _args(words: tuple[str, ...], folder: str) -> list[str]:
    """The command line, ARCHIVE made a copy of the one-day archive in `folder`."""
    if "ARCHIVE" in words:
        (Path(folder) / "archive.sqlite3").write_bytes(_archive())
    return [str(Path(folder) / "archive.sqlite3") if w == "ARCHIVE" else w for w in words]


def _slots(command: tuple[str, ...]) -> list[int]:
    return [i for i, word in enumerate(command) if word.startswith("{")]


@st.composite
def command_line(draw: st.DrawFn) -> tuple[str, ...]:
    """A command line with none or one of its values hostile."""
    command = draw(st.sampled_from(COMMANDS))
    slots = _slots(command)
    words = [word[1:-1] if i in slots else word for i, word in enumerate(command)]
    if slots and draw(st.integers(0, 5)):
        at = draw(st.sampled_from(slots))
        words[at] = draw(st.sampled_from(HOSTILE_WORDS))
    return tuple(words)


def _run(words: tuple[str, ...]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        args = _args(words, folder)
        # A person's seat reads stdin: 'q' stops the game.
        assert_clean(run(args, input="q\n"), args)


@pytest.mark.slow
@fuzz_settings(40)
@given(command_line())
def test_a_command_line_works_or_gets_one_message(words: tuple[str, ...]) -> None:
    _run(words)


@pytest.mark.parametrize("command", [  # (the archive they read is made for seconds: slow)
    pytest.param(c, marks=pytest.mark.slow) if c[0] in ("daily", "archive") else c
    for c in COMMANDS],
    ids=lambda c: " ".join(c[:2]))
def test_every_fuzzed_command_works_as_written(command: tuple[str, ...]) -> None:
    """The fuzzer's starting points are valid command lines, so it starts from working ones."""
    words = tuple(w[1:-1] if i in _slots(command) else w for i, w in enumerate(command))
    with tempfile.TemporaryDirectory() as folder:
        args = _args(words, folder)
        result = run(args, input="q\n")
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert result.exit_code == 0, (args, result.output[-1500:])


@pytest.mark.slow
@fuzz_settings(slow=True)
@given(command_line())
def test_many_command_lines(words: tuple[str, ...]) -> None:
    _run(words)
