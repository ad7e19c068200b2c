"""Hot seat at a real terminal (a pseudo-terminal of 80x24): between two people's turns the
screen and its scrollback are cleared and the next person is asked to take the seat, so nothing
of the last person's hidden cards is left for the next one to see; bots' seats need no pause."""

from __future__ import annotations

import sys

import pytest

from dungeoneer.cli.hotseat import CLEAR
from tests.conftest import slow_after
from tests.terminal import Terminal, shown_lines

PROMPT = b"Your move (number, notation, help)> "
TAKE_SEAT = b"Seat 2, take the seat and press Enter (q to stop): "


def play(*args: str) -> Terminal:
    return Terminal([sys.executable, "-m", "dungeoneer", "play", *args])


def after_last_clear(output: bytes) -> str:
    """What the screen shows: everything written since the screen was last cleared."""
    return "\n".join(shown_lines(output.rsplit(CLEAR.encode(), 1)[-1]))


@pytest.mark.parametrize(("game", "seed", "secret"), slow_after(1, [
    ("dinky-dungeon", "4", "Necromancer"),
    ("five-more-minutes", "8", "Exploding Head"),
]))
def test_the_next_person_sees_nothing_of_the_last_ones_hand(game, seed, secret):
    term = play(game, "--players", "2", "--seed", seed)
    seen = term.read_until(PROMPT)
    moves = 1 if game == "dinky-dungeon" else 2  # (5 More Minutes: the bonus, then the roll)
    for _ in range(moves):
        term.type(b"1\r")
        if _ < moves - 1:
            seen += term.read_until(PROMPT)
    handed = term.read_until(TAKE_SEAT)
    assert secret.encode() in seen + handed  # seat 1 saw their card before the hand-over
    assert CLEAR.encode() in handed
    assert secret not in after_last_clear(handed)
    term.type(b"\r")
    table = term.read_until(PROMPT)
    assert secret not in after_last_clear(handed + table)
    assert "Since seat 2's last turn:" in after_last_clear(table)
    term.type(b"q\r")
    assert term.finish() == 0


@pytest.mark.slow  # (a process of its own; q at the table's prompt: the tests above)
def test_q_at_the_hand_over_stops_the_game():
    term = play("dinky-dungeon", "--players", "2", "--seed", "4")
    term.read_until(PROMPT)
    term.type(b"1\r")
    term.read_until(TAKE_SEAT)
    term.type(b"q\r")
    assert term.finish() == 0
    assert b"Stopped." in term.output


@pytest.mark.slow  # (a process of its own)
def test_a_person_against_bots_is_never_asked_to_take_the_seat():
    term = play("dinky-dungeon", "--players", "2", "--bot", "human", "--bot", "greedy",
                "--seed", "4")
    term.read_until(PROMPT)
    term.type(b"1\r")
    term.read_until(PROMPT)
    term.type(b"q\r")
    assert term.finish() == 0
    assert b"take the seat" not in term.output and CLEAR.encode() not in term.output
