"""`replay --step` as a viewer at a real terminal (a pseudo-terminal of 80x24): Enter or n next,
p back, a number to jump, q, Escape, Ctrl-C or the end of input stop; each screen one step,
numbered as --at counts, fitting the window. What each key does is pinned without a terminal
too (`next_step`)."""

from __future__ import annotations

import sys
from importlib import resources

import pytest

from dungeoneer.cli.hotseat import CLEAR
from dungeoneer.cli.viewer import At, next_step
from tests.conftest import slow_after
from tests.terminal import Reader, Terminal, shown_lines

KEYS = b"Enter/n next"
RECORD = str(resources.files("dungeoneer.seeds") / "puzzle_dungeon" / "examples" /
             "rogue-win.rec")


@pytest.mark.parametrize(("key", "at", "after"), [
    ("\r", At(0), At(1)), ("n", At(3), At(4)), (" ", At(34), At(34)), ("\x1b[C", At(2), At(3)),
    ("p", At(3), At(2)), ("\x1b[D", At(0), At(0)), ("1", At(5), At(5, "1")),
    ("2", At(5, "1"), At(5, "12")), ("\r", At(5, "12"), At(12)), ("\r", At(5, "99"), At(34)),
    ("\x7f", At(5, "12"), At(5, "1")), ("x", At(5), At(5)),
])
def test_what_each_key_does(key, at, after):
    assert next_step(at, key, 34) == after


@pytest.mark.parametrize("key", ["q", "\x1b", "\x03", "\x04", None])
def test_q_escape_ctrl_c_ctrl_d_and_the_end_of_input_stop(key):
    assert next_step(At(4), key, 34) is None


def screen(output: bytes) -> list[str]:
    """The lines on screen: what was written since it was last cleared."""
    return shown_lines(output.rsplit(CLEAR.encode(), 1)[-1])


def viewer() -> Terminal:
    return Terminal([sys.executable, "-m", "dungeoneer", "replay", RECORD, "--step"])


# What each key does is pinned above without a terminal; one key stops the viewer here by
# default, the others with the slow tests.
@pytest.mark.parametrize("stop", slow_after(1, [b"q", b"\x1b", b"\x04"]))
def test_the_viewer_steps_on_back_and_jumps_and_stops(stop):
    term = viewer()
    shown = Reader(term)
    first = screen(shown.until(KEYS))
    assert first[0] == "Step 0 of 34: the start"
    term.type(b"\r")
    second = screen(shown.until(KEYS))
    assert second[0] == "Step 1 of 34: attack 4 (record line 7)"
    term.type(b"p")
    assert screen(shown.until(KEYS))[0] == "Step 0 of 34: the start"
    term.type(b"12\r")
    typed = shown.until(b"Step 12 of 34: ")  # (each digit draws the key line again)
    jumped = screen(typed + shown.until(KEYS))
    assert jumped[0].startswith("Step 12 of 34: ")
    for drawn in (first, second, jumped):
        assert len(drawn) <= 24 and all(len(line) <= 80 for line in drawn), "\n".join(drawn)
    term.type(stop)
    assert term.finish(30) == 0
    assert b"34 moves replayed." in term.output


@pytest.mark.slow  # (Ctrl-C at a terminal: tests/test_terminal.py; the key: above)
def test_ctrl_c_stops_the_viewer():
    term = viewer()
    term.read_until(KEYS)
    term.ctrl_c()
    assert term.finish(30) == 0


def test_keys_typed_together_are_read_one_by_one():
    from dungeoneer.cli.viewer import split_keys

    assert split_keys("12\r") == ["1", "2", "\r"]
    assert split_keys("\x1b[Cn\x1b") == ["\x1b[C", "n", "\x1b"]
