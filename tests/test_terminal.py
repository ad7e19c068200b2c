"""Playing at a real terminal: `dungeoneer play puzzle-dungeon` in a pseudo-terminal of
80x24, typed at like a person, Ctrl-C included. Click's runner has no terminal, so these check
what it can't: that the prompt really waits, that the screen fits the window, and that Ctrl-C at
the prompt stops the game and saves its record."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.terminal import Terminal, shown_lines

PROMPT = b"Your move (number, notation, help)> "


def play(*args: str) -> Terminal:
    return Terminal([sys.executable, "-m", "dungeoneer", "play", "puzzle-dungeon", *args])


def test_each_screen_fits_an_80_by_24_terminal(tmp_path):
    term = play("42", "--record", str(tmp_path / "game.rec"))
    first = term.read_until(PROMPT)
    term.type(b"attack 2\r")
    second = term.read_until(PROMPT)
    term.type(b"q\r")
    assert term.finish() == 0
    for number, screen in enumerate((first, second)):
        lines = shown_lines(screen)
        if number:
            lines = lines[1:]  # the answer's echo, on the previous screen's prompt line
        assert len(lines) <= 24, "\n".join(f"{i}: {line}" for i, line in enumerate(lines))
        assert all(len(line) <= 80 for line in lines), "\n".join(lines)
    assert "Column 1" in shown_lines(first)[1]
    assert any("15. pay 4H 2C 8C 8M" in line for line in shown_lines(second))


def test_ctrl_c_at_the_prompt_stops_and_saves_the_record(tmp_path):
    record = tmp_path / "game.rec"
    term = play("42", "--record", str(record))
    term.read_until(PROMPT)
    term.type(b"deal\r")
    term.read_until(PROMPT)
    term.ctrl_c()
    status = term.finish()
    assert status == 0, term.output[-1000:]
    shown = term.output.replace(b"\r\n", b"")  # a long path wraps at 80 columns
    assert b"Stopped." in shown and f"Record saved to {record}.".encode() in shown
    assert Path(record).read_text().split("---\n")[1] == "deal\n"


@pytest.mark.slow  # (undo and help at a terminal: tests/test_table_at_a_terminal.py)
def test_undo_and_help_at_a_terminal(tmp_path):
    term = play("42")
    term.read_until(PROMPT)
    term.type(b"deal\r")
    term.read_until(PROMPT)
    term.type(b"undo\r")
    after_undo = term.read_until(PROMPT)
    term.type(b"help\r")
    helped = term.read_until(PROMPT)
    term.type(b"q\r")
    assert term.finish() == 0
    assert b"Took back 1 move." in after_undo
    assert b"undo [N]" in helped and b"hint" in helped
