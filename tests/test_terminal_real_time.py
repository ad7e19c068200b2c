"""A real-time game at a real terminal: `dungeoneer play five-minute-dungeon` in the
80x24 pseudo-terminal of tests/test_terminal.py. Click's runner has no terminal, so these check
what it can't: that the time left ticks on screen while nobody presses a key, that a card is
played by its short code typed (and corrected) in cbreak mode, and that Ctrl-C stops the run and
saves its record."""

from __future__ import annotations

import re
import sys

import pytest

from tests.terminal import ANSI, Terminal, shown_lines

TICKING = b" move> "
"""The end of the prompt's line, drawn again at each tenth (its time is coloured apart)."""
LEFT = re.compile(rb"(\d+\.\d) s left  move> ")


def times_left(screen: bytes) -> list[float]:
    """The times left the prompt's line showed, in order."""
    return [float(t) for t in LEFT.findall(ANSI.sub(b"", screen))]


def play(*args: str) -> Terminal:
    return Terminal([sys.executable, "-m", "dungeoneer", "play", "five-minute-dungeon", *args])


def time_left_shown(term: Terminal) -> float:
    """The time left on the prompt's line as it is drawn next."""
    return times_left(term.read_until(TICKING))[-1]


def test_the_clock_ticks_a_code_plays_and_ctrl_c_saves(tmp_path):
    record = tmp_path / "run.rec"
    term = play("--seed", "3", "--record", str(record))
    screen = term.read_until(TICKING)
    lines = shown_lines(screen)
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines[:-1]), "\n".join(lines)
    assert any("Seat 2 Wizard" in line and "2 stop-time (7)" in line for line in lines)
    first = times_left(screen)[-1]
    while (now := time_left_shown(term)) == first:  # no key is pressed meanwhile
        pass
    assert now < first
    term.type(b"1x")
    term.read_until(b"move> 1x")
    term.type(b"\x7far\r")  # backspace, then the rest of Arrow's code
    played = term.read_until(TICKING)
    assert b"> " in played and re.search(rb"\d+\.\d seat 1 play Arrow at A Warrior Princess",
                                         played)
    assert b"1 divine-shield" in played  # the card drawn after it has a code of its own
    term.type(b"\x03")  # Ctrl-C, a signal as the terminal's line discipline sends it
    assert term.finish() == 0, term.output[-1000:]
    shown = term.output.replace(b"\r\n", b"")  # a long path wraps at 80 columns
    assert b"Stopped." in shown and f"Record saved to {record}.".encode() in shown
    moves = record.read_text().split("---\n")[1].splitlines()
    assert len(moves) == 1 and re.fullmatch(r"\d+\.\d seat 1 play Arrow at A Warrior Princess",
                                            moves[0]), moves


@pytest.mark.slow  # (a process of its own; the ticking prompt: the test above)
def test_one_clock_on_screen_and_a_rejected_entry_leaves_the_line_empty():
    term = play("--seed", "3")
    screen = term.read_until(TICKING)
    header = next(line for line in shown_lines(screen)
                  if line.startswith("5-Minute Dungeon, 2 players, boss 1"))
    assert "s left" not in header and "timer" not in header, header
    term.type(b"zzz\r")
    after = term.read_until(b"move> ")  # the prompt's line drawn again after the message
    term.read_until(TICKING)
    term.type(b"\x03")
    assert term.finish() == 0
    assert b"zzz" in after
    drawn_after = term.output.rsplit(b"not an action", 1)[-1]
    assert b"move> zzz" not in drawn_after
