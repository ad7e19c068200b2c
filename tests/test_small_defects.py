"""The small things a person at the table noticed: Dinky Dungeon's table names the seat that is
choosing and counts cards in words, a bot's hidden choice is not echoed as if it were notation,
5 More Minutes marks the person's own seat, `games` says the number of players once, and
Puzzle Dungeon's suits are coloured at a terminal only (never in a pipe or under NO_COLOR)."""

from __future__ import annotations

from rich.console import Console

from dungeoneer.engine import registry
from tests.conftest import run, succeeded


def test_dinky_dungeon_names_the_seat_choosing_and_counts_in_words():
    state = registry.get_game("dinky-dungeon", {"players": "2"}).new_initial_state(seed=4)
    state = state.apply(state.legal_actions()[0])  # seat 1 keeps; seat 2 keeps next
    console = Console(width=100, file=None, record=True)
    with console.capture() as captured:
        console.print(registry.entry("dinky-dungeon").draw(state, 1))
    lines = captured.get().splitlines()
    assert lines[0].endswith("turn 1, seat 2 to play")
    assert lines[4] == "Seat 1       hand: 1 card; rewards: no cards"
    assert lines[5] == "Seat 2       hand: -; rewards: - (total 0)"


def test_a_bots_hidden_choice_is_echoed_in_words_not_as_notation():
    result = succeeded(run("play", "dinky-dungeon", "--bot", "human", "--bot", "greedy",
                           "--seed", "4", input="1\nq\n"))
    assert "> seat 2 keeps an adventurer (hidden)\n" in result.output
    assert "> seat 1 keep Necromancer\n" in result.output


def test_five_more_minutes_marks_the_persons_own_seat():
    result = succeeded(run("play", "five-more-minutes", "--bot", "human", "--bot", "greedy",
                           "--seed", "8", input="q\n"))
    assert "Seat 1 (you), A - Receive Bonus at stage 1" in result.output


def test_games_says_the_number_of_players_once():
    lines = succeeded(run("games", width=200)).output.splitlines()
    assert "dinky-dungeon  Dinky Dungeon, 2-4 players: Draft adventurers and play them to gain " \
           "hidden rewards." in lines
    assert any(line.startswith("puzzle-dungeon  Puzzle Dungeon, 1 player: Solitaire") for line in
               lines)
    assert not any("player(s)" in line for line in lines)


def _zones(console: Console) -> str:
    from dungeoneer.engine.puzzle_dungeon.screen import compact_zones

    state = registry.get_game("puzzle-dungeon").new_initial_state(seed=42)
    with console.capture() as captured:
        console.print(compact_zones(state))
    return captured.get()


def test_suits_are_coloured_at_a_terminal_only(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    coloured = _zones(Console(force_terminal=True, color_system="standard", width=80))
    assert "\x1b[1;33m7T\x1b[0m" in coloured and "\x1b[1;34m4M\x1b[0m" in coloured
    piped = succeeded(run("play", "puzzle-dungeon", "42", input="q\n")).output
    assert "\x1b[" not in piped and "Arsenal 7T 6C 4C 8C 2C [4H]" in piped
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[1;33m" not in _zones(Console(force_terminal=True, color_system="standard",
                                               width=80))


def test_a_person_is_told_the_cards_that_came_into_their_hand():
    # The log says 'Seat 1 receives a card.' in words everyone may read; the person who moved is
    # told which card it was (Dream Eater's blind pick too: the hand's difference).
    result = succeeded(run("play", "five-more-minutes", "--bot", "human", "--bot", "greedy",
                           "--seed", "8", input="1\nq\n"))
    assert "  Seat 1 receives a card.\n  Into your hand: Exploding Head\n" in result.output
    bots = succeeded(run("play", "five-more-minutes", "--bot", "greedy", "--bot", "greedy",
                         "--seed", "8"))
    assert "Into your hand" not in bots.output  # (only a person's own move, to that person)
