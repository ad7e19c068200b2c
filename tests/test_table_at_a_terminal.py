"""help, text, hint and undo of every game at a real terminal (a pseudo-terminal of 80x24):
each answer is shown under the table, whole, and fits the window; 5-Minute Dungeon's at its
ticking prompt."""

from __future__ import annotations

import sys

import pytest

from tests.conftest import slow_after
from tests.terminal import Reader, Terminal, shown_lines

LINE_PROMPT = b"Your move (number, notation, help)> "
TICKING = b" move> "

GAMES = {
    "dinky-dungeon": (["--bot", "human", "--bot", "greedy", "--seed", "4"], LINE_PROMPT,
                      b"monk", b"Took back 3 moves."),
    "five-more-minutes": (["--bot", "human", "--bot", "greedy", "--seed", "8"], LINE_PROMPT,
                          b"alarm clock", b"Took back 4 moves."),
    "five-minute-dungeon": (["--players", "2", "--seed", "3"], TICKING, b"wizard",
                            b"moves can't be taken back"),
}


def fits(screen: bytes) -> list[str]:
    lines = shown_lines(screen)
    assert len(lines) <= 24, "\n".join(lines)
    assert all(len(line) <= 80 for line in lines), "\n".join(lines)
    return lines


# One game in the default run (a pseudo-terminal costs a process of its own); the others,
# 5-Minute Dungeon's ticking prompt among them, with the slow tests.
@pytest.mark.parametrize("game", slow_after(1, GAMES))
def test_help_text_hint_and_undo_at_80_by_24(game):
    args, prompt, card, undone = GAMES[game]
    term = Terminal([sys.executable, "-m", "dungeoneer", "play", game, *args])
    shown = Reader(term)
    shown.until(prompt)
    answers = {}
    for typed, until in ((b"help", b"this list"), (b"text " + card, b"source: "),
                         (b"hint", b"Hint: ")):
        term.type(typed + b"\r")
        answers[typed] = shown.until(until)
        fits(answers[typed] + shown.until(prompt))
    if prompt == LINE_PROMPT:  # two moves of one's own, then undo 2
        for _ in range(2):
            term.type(b"1\r")
            shown.until(prompt)
        term.type(b"undo 2\r")
    else:
        term.type(b"undo\r")
    fits(shown.until(undone) + shown.until(prompt))
    term.type(b"q\r")
    assert term.finish() == 0
    said = " ".join(" ".join(shown_lines(answers[b"help"])).split())
    assert "text NAME a card's printed text" in said and "hint what the" in said
