"""5-Minute Dungeon over random play by the team bots (any number of players, any boss, with and
without a campaign, dungeons built by the seed or written out): every hero card somewhere exactly
once, every dungeon card too, states never change, the timer never goes back, every game ends,
and a game written as a record replays to the same end."""

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoneer.engine import registry
from dungeoneer.engine.five_minute_dungeon.bots import BOTS
from dungeoneer.engine.five_minute_dungeon.cards import card_set
from dungeoneer.engine.five_minute_dungeon.clock import LIMIT, parse_time
from dungeoneer.engine.records import dumps, new_record, parse_record, replay

GAME = "five-minute-dungeon"
CARDS = card_set()
CAP = 5000
"""More actions than any game takes: each seat's deck holds at most 80 cards and every dungeon
at most 60, so a run that goes on past this is stuck in a loop."""

written_dungeons = st.none() | st.lists(
    st.sampled_from(sorted(CARDS.doors + CARDS.challenges)), min_size=1, max_size=8,
    unique=True)
games = st.fixed_dictionaries({
    "players": st.integers(2, 5),
    "boss": st.integers(1, 7),
    "seed": st.integers(0, 2**32),
    "bot_seed": st.integers(0, 2**32),
    # (the sampling team plays the same rules through the heuristic's playouts at 40 times the
    # cost: its own tests are in test_sampling.py, and drawn here it made this file take minutes)
    "bot": st.sampled_from(sorted(set(BOTS) - {"sampling"})),
    "pace": st.sampled_from([1.0, 2.5, 5.0, 8.0]),
    "campaign": st.sampled_from([False, False, False, True]),
    "dungeon": written_dungeons,
})


def options_of(game: dict) -> dict[str, str]:
    options = {"players": str(game["players"]), "boss": str(game["boss"])}
    if game["campaign"]:
        options.update(campaign="yes", tries="2")
    return options


def setup_of(game: dict) -> dict[str, str]:
    return {} if game["dungeon"] is None else {"dungeon": ", ".join(game["dungeon"])}


def snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def random_game(game: dict):
    """Every state of a bot game, the JSON of each taken as it was made, and the moves as a
    record writes them (with their timer readings)."""
    rules = registry.get_game(GAME, options_of(game))
    state = rules.new_initial_state(seed=game["seed"], setup=setup_of(game))
    team = BOTS[game["bot"]](game["bot_seed"], game["pace"])
    states, snapshots, moves = [state], [snapshot(state)], []
    while not state.is_terminal():
        assert len(moves) < CAP, "the game did not end"
        action = team.choose(state)
        moves.append(state.action_text(action))
        state = state.apply(action)
        states.append(state)
        snapshots.append(snapshot(state))
    return rules, states, snapshots, moves


def run_of(state) -> tuple[int, int]:
    """Which dungeon and which try a state belongs to (a campaign resets the timer and rebuilds
    the dungeon for each)."""
    return state.boss, state.attempt


def dungeon_cards(state) -> Counter:
    """The dungeon's cards wherever they are: still in the deck, faced, beaten or waiting as an
    event (the boss, which is not part of the dungeon deck, left out)."""
    boss = CARDS.bosses[state.boss - 1].card.name
    cards = [*state.dungeon, *state.faced, *state.beaten, *([state.event] if state.event else [])]
    return Counter(card for card in cards if card != boss)


@pytest.mark.slow
@settings(max_examples=50, deadline=None)
@given(games)
def test_hero_cards_are_conserved_and_states_never_change(game):
    rules, states, snapshots, _moves = random_game(game)
    every_card = Counter(c for seat in range(rules.players) for c in rules.deck_of(seat))
    per_seat = 80 if rules.players == 2 else 40  # two players add a second deck each
    assert sum(every_card.values()) == per_seat * rules.players
    for state, taken in zip(states, snapshots, strict=True):
        assert Counter(state.cards_everywhere()) == every_card
        # Applying an action to it (and asking for its legal actions) changed nothing.
        assert snapshot(state) == taken
    assert states[-1].is_terminal() and states[-1].outcome() is not None


@pytest.mark.slow
@settings(max_examples=50, deadline=None)
@given(games)
def test_dungeon_cards_are_conserved_and_the_timer_never_goes_back(game):
    _rules, states, _snapshots, moves = random_game(game)
    first_of_run = {}
    for before, after, move in zip(states[:-1], states[1:], moves, strict=True):
        reading = parse_time(move.split()[0])
        assert reading is not None and 0 <= reading <= LIMIT
        assert reading >= before.clock
        if before.paused and not move.endswith("time runs out"):
            assert reading == before.clock
        if run_of(after) == run_of(before):
            assert after.clock == reading >= before.clock
    for state in states:
        expected = first_of_run.setdefault(run_of(state), dungeon_cards(state))
        assert dungeon_cards(state) == expected
        assert 0 <= state.clock <= LIMIT
    first = states[0]
    if game["dungeon"] is not None:
        assert dungeon_cards(first) == Counter(game["dungeon"])
    else:
        boss = CARDS.bosses[first.boss - 1]
        size = boss.doors + 2 * game["players"] + boss.extra_challenges
        assert sum(dungeon_cards(first).values()) == size
        assert max(dungeon_cards(first).values()) == 1


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(games)
def test_every_game_ends_won_or_lost_with_a_reason(game):
    _rules, states, _snapshots, moves = random_game(game)
    final = states[-1]
    outcome = final.outcome()
    assert final.is_terminal() and final.legal_actions() == ()
    assert outcome.reason
    if outcome.winners:
        assert outcome.termination.value == "won"
        assert outcome.winners == tuple(range(game["players"]))
        assert outcome.scores == ((LIMIT - final.clock) / 10,)
    else:
        assert outcome.termination.value == "lost"
    if moves[-1] == "300.0 time runs out" and not game["campaign"]:
        assert final.clock == LIMIT and outcome.reason.startswith("time ran out")


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(games)
def test_records_round_trip(game):
    rules, states, _snapshots, moves = random_game(game)
    record = new_record(GAME, seed=game["seed"], players=game["players"],
                        options=rules.options(), setup=setup_of(game), moves=tuple(moves))
    text = dumps(record)
    again = parse_record(text)
    assert again == record
    assert dumps(again) == text
    final, steps = replay(again)
    assert len(steps) == len(moves)
    assert [step.move.text for step in steps] == moves
    assert snapshot(final) == snapshot(states[-1])
    assert final.outcome() == states[-1].outcome()
    assert final == states[-1]
