"""5 More Minutes at a real terminal: a person's seat against three bots in an 80x24
pseudo-terminal. Each screen, from the table's first line to the prompt, fits the window; Ctrl-C
at the prompt stops the game and saves the record of what was played."""

from __future__ import annotations

import sys

import pytest

from dungeoneer.engine.records import load_record, replay
from tests.terminal import Terminal, shown_lines

PROMPT = b"Your move (number, notation, help)> "
TITLE = "5 More Minutes, 4 players: turn "


def play(*args: str) -> Terminal:
    return Terminal([sys.executable, "-m", "dungeoneer", "play", "five-more-minutes",
                     "--players", "4", "--bot", "human", "--bot", "greedy", "--bot", "greedy",
                     "--bot", "greedy", *args])


def screen_of(shown: bytes) -> list[str]:
    """The last table shown and what follows it up to the prompt (the bots' moves before it
    scroll away, as they may)."""
    lines = shown_lines(shown)
    starts = [i for i, line in enumerate(lines) if line.startswith(TITLE)]
    assert starts, "\n".join(lines)
    return lines[starts[-1]:]


# A process of its own: slow. Its screens at 80 columns are pinned in tests/test_screens.py, and
# Ctrl-C at the prompt is checked at a terminal in tests/test_terminal.py.
@pytest.mark.slow
def test_a_persons_turns_fit_80_by_24_and_ctrl_c_saves_the_record(tmp_path):
    record = tmp_path / "game.rec"
    term = play("--seed", "3", "--record", str(record))
    screens = [screen_of(term.read_until(PROMPT))]
    # bonus A; keep the 6 (stage 4); bonus A twice; play Exploding Head; target seat 2.
    for answer in (b"bonus A\r", b"1\r", b"1\r", b"1\r", b"1\r", b"1\r"):
        term.type(answer)
        screens.append(screen_of(term.read_until(PROMPT)))
    term.ctrl_c()
    status = term.finish()
    assert status == 0, term.output[-1000:]
    for screen in screens:
        assert len(screen) <= 24, "\n".join(f"{i}: {line}" for i, line in enumerate(screen))
        assert all(len(line) <= 80 for line in screen), "\n".join(screen)
    said = [" ".join(" ".join(screen).split()) for screen in screens]
    assert "bonus A: receive 1 card and 1 pink chip" in said[0]
    assert "stage 4: keep (6), pink +1 (7), pink -1 (5)" in said[1]
    assert "bonus A: receive 1 blue chip and 1 card" in said[3]
    assert "Exploding Head (1): Force another player to return to stage 1, unless he" in said[4]
    assert "target 2 (stage 4), target 3 (stage 5), target 4 (stage 5)" in said[5]
    assert "turn 13, seat 1's turn" in said[6]

    shown = term.output.replace(b"\r\n", b"")  # a long path wraps at 80 columns
    assert b"Stopped." in shown and f"Record saved to {record}.".encode() in shown
    moves = record.read_text().split("---\n")[1].splitlines()
    assert moves[:2] == ["bonus A", "keep"] and "play Exploding Head" in moves
    assert moves[moves.index("play Exploding Head") + 1] == "target 2"
    # The record holds every move up to the Ctrl-C: it replays to seat 1's bonus at turn 13.
    state, _ = replay(load_record(str(record)))
    assert (state.turns, state.current_player(), state.decision.NAME) == (12, 0, "bonus")
