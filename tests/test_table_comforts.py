"""The same comforts at the table of every game (click's runner, fixed-width console): `help`,
`text NAME` from the card data, `undo [N]` of a person's own moves, `hint` from the seat's view,
and `dungeoneer cards GAME [NAME]`."""

from __future__ import annotations

import json

import pytest

from dungeoneer.cli.comforts import undo_count
from tests.conftest import failed_cleanly, run, succeeded

GAMES = [("dinky-dungeon", ["--players", "2", "--bot", "human", "--bot", "greedy"]),
         ("five-more-minutes", ["--players", "2", "--bot", "human", "--bot", "greedy"]),
         ("five-minute-dungeon", ["--players", "2", "--pace", "2"])]


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_help_lists_the_commands_in_every_game(game, options):
    result = succeeded(run("play", game, *options, "--seed", "4", input="help\nq\n"))
    helped = result.output.split("Also:\n", 1)[1]
    for usage in ("undo", "text NAME", "hint", "save [FILE]", "help", "q"):
        assert f"\n  {usage}" in "\n" + helped, helped
    assert "not an action" not in result.output


@pytest.mark.parametrize(("game", "card", "words"), [
    ("dinky-dungeon", "monk", "All other players declare their reward value."),
    ("five-more-minutes", "alarm clock", "ALL players return to stage 1."),
    ("five-minute-dungeon", "Wizard", "Stop Time (discard 3 cards): pause the timer"),
])
def test_text_shows_a_cards_printed_text_and_its_source(game, card, words):
    options = dict(GAMES)[game]
    result = succeeded(run("play", game, *options, "--seed", "4", input=f"text {card}\nq\n"))
    assert words in result.output
    assert "source: " in result.output


def test_text_of_a_card_that_does_not_exist_says_so():
    result = succeeded(run("play", "dinky-dungeon", *GAMES[0][1], "--seed", "4",
                           input="text Gandalf\nq\n"))
    assert "Dinky Dungeon has no card called 'Gandalf'" in result.output


def test_undo_takes_back_a_persons_move_and_the_bots_after_it():
    # Seat 1 keeps, the bot in seat 2 keeps, seat 1 takes: `undo 2` takes back all three.
    typed = "1\n1\nundo 2\nq\n"
    result = succeeded(run("play", "dinky-dungeon", *GAMES[0][1], "--seed", "4", input=typed))
    after = result.output.split("Took back 3 moves.\n", 1)[1]
    assert "Seat 1: keep one of your two adventurers" in after


def test_undo_counts_a_seats_own_moves_and_never_another_persons():
    # (seat, by a person), first to last
    moves = [(0, True), (1, False), (0, True), (1, False), (1, False)]
    assert undo_count(moves, 0, 1) == 3
    assert undo_count(moves, 0, 2) == 5
    assert undo_count(moves, 0, 9) == 5
    hot_seat = [(0, True), (1, True)]
    assert undo_count(hot_seat, 0, 1) == "nothing of yours to undo: seat 2 moved since " \
                                         "(their move is theirs)"
    assert undo_count(hot_seat, 1, 1) == 1
    assert undo_count([], 0, 1) == 0


def test_undo_in_five_minute_dungeon_says_why_there_is_none():
    # docs/rules/five-minute-dungeon.md, D22: the timer does not run back.
    result = succeeded(run("play", "five-minute-dungeon", "--players", "2", "--pace", "2",
                           "--seed", "4", input="undo\nq\n"))
    assert "moves can't be taken back in 5-Minute Dungeon: the timer does not run back" \
        in result.output


def test_hint_names_a_legal_action_from_the_seats_view():
    result = succeeded(run("play", "dinky-dungeon", *GAMES[0][1], "--seed", "4",
                           input="hint\nq\n"))
    hint = result.output.split("Hint: ", 1)[1].split(" (the sampling bot's choice", 1)[0]
    assert hint in ("keep Necromancer", "keep Ninja")


def test_the_hint_depends_only_on_what_the_seat_sees():
    from dungeoneer.cli.comforts import hint
    from dungeoneer.engine import registry

    entry = registry.entry("dinky-dungeon")
    state = registry.get_game("dinky-dungeon", {"players": "2"}).new_initial_state(seed=4)
    while state.current_player() != 0 or len(state.legal_actions()) < 2:
        state = state.apply(state.legal_actions()[0])
    other = entry.resample(state, 0, 99)  # the same for seat 1, other hidden cards
    assert other.view(0) == state.view(0)
    assert hint(entry, state, 0, 5) == hint(entry, other, 0, 5)


def test_cards_lists_every_card_with_its_source():
    result = succeeded(run("cards", "dinky-dungeon", width=1000))
    lines = result.output.splitlines()
    assert lines[0] == "Dinky Dungeon: 18 cards"
    monk = next(line for line in lines if line.startswith("Monk,"))
    assert monk == ("Monk, adventurer (1 in the deck, Scapegoat icon): All other players declare "
                    "their reward value. Draw 1 card from the dungeon deck for each player whose "
                    "value is higher than yours, and gain them. [name: rulebook: Scapegoat Icon "
                    "Rules (\"The Monk: You do not have to declare your reward value\"); text: "
                    "reconstructed; count: reconstructed]")


def test_cards_shows_one_card_of_any_game():
    one = succeeded(run("cards", "puzzle-dungeon", "rogue"))
    assert one.output.splitlines()[0] == "Rogue"
    data = json.loads(succeeded(run("cards", "five-more-minutes", "alarm", "--json")).output)
    assert data == [{"name": "Alarm Clock", "kind": "special card",
                     "text": "ALL players return to stage 1.", "detail": "cost: when drawn, 2 in "
                     "the deck", "source": "text: rulebook: Dream Cards (special); cost: rulebook: "
                     "Dream Cards (played as soon as drawn); count: reference: 2 Alarm Clock + 1 "
                     "Sleep Master fits the removal table"}]


@pytest.mark.parametrize(("args", "message"), [
    (["cards", "nogame"], "error: unknown game 'nogame'"),
    (["cards", "dinky-dungeon", "gandalf"], "error: Dinky Dungeon has no card called 'gandalf'"),
    (["cards", "five-minute-dungeon", "a"], "error: 'a' could be Arrow, Arrow+Arrow,"),
])
def test_cards_refuses_unknown_names_clearly(args, message):
    result = failed_cleanly(run(*args))
    assert result.output.startswith(message), result.output
