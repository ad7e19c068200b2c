"""Dinky Dungeon properties over random legal play: every card somewhere exactly once, states
never change, a seat's view never shows another seat's hidden cards, records round-trip."""

import json

from hypothesis import given, settings

from dungeoneer.engine.dinky_dungeon import DinkyDungeon
from dungeoneer.engine.records import dumps, new_record, parse_record, replay
from dungeoneer.engine.rng import Stream
from tests.dinky_dungeon.helpers import conserved, games, random_game


@settings(max_examples=40, deadline=None)
@given(games)
def test_every_card_is_somewhere_exactly_once(game):
    states, _ = random_game(*game)
    for state in states:
        assert conserved(state)
        for zone in (*state.hands, *state.rewards, state.dungeon_discard,
                     state.adventurer_discard):
            assert list(zone) == sorted(zone)  # zones without order are kept sorted


@settings(max_examples=25, deadline=None)
@given(games)
def test_states_never_change(game):
    players, seed, choices = game
    stream = Stream(choices)
    state = DinkyDungeon(players).new_initial_state(seed=seed)
    while not state.is_terminal():
        before = json.dumps(state.to_json(), sort_keys=True)
        state.apply(stream.choice(state.legal_actions()))
        assert json.dumps(state.to_json(), sort_keys=True) == before
        state = state.apply(stream.choice(state.legal_actions()))


@settings(max_examples=25, deadline=None)
@given(games)
def test_a_seats_view_never_shows_hidden_cards_of_others(game):
    """Two positions that differ only in another seat's hand and rewards (same counts) look the
    same from this seat."""
    states, _ = random_game(*game)
    for state in states[:: max(1, len(states) // 8)]:
        players = state.game.players
        for seat in range(players):
            view = state.view(seat)
            assert view["hand"] == list(state.hands[seat])
            assert view["rewards"] == list(state.rewards[seat])
            others = [o for o in range(players) if o != seat]
            for other in others:
                # What the view holds about another seat: counts only.
                assert view["hand_counts"][other] == len(state.hands[other])
                assert view["reward_counts"][other] == len(state.rewards[other])
            assert "hands" not in view and "dungeon" not in view and "adventurers" not in view
            assert set(view) == {*state.view(others[0])}


@settings(max_examples=20, deadline=None)
@given(games)
def test_records_round_trip(game):
    players, seed, choices = game
    states, moves = random_game(players, seed, choices)
    record = new_record("dinky-dungeon", seed=seed, players=players, options={},
                        moves=tuple(moves))
    text = dumps(record)
    again = parse_record(text)
    assert again == record
    end, _steps = replay(again)
    assert end == states[-1]


@settings(max_examples=20, deadline=None)
@given(games)
def test_bots_decide_from_their_own_view_only(game):
    """Changing what a seat can't see (the others' hands and reward values, the deck orders)
    never changes what its bot does."""
    from dataclasses import replace

    from dungeoneer.engine.dinky_dungeon.bots import make_bot

    states, _ = random_game(*game)
    for state in states[:-1:3]:
        seat = state.current_player()
        others_rewards = tuple(r if i == seat else tuple(sorted(4 - v + 1 for v in r))
                               for i, r in enumerate(state.rewards))
        others_hands = tuple(h if i == seat else tuple("Lord" for _ in h)
                             for i, h in enumerate(state.hands))
        hidden = replace(state, rewards=others_rewards, hands=others_hands,
                         dungeon=tuple(reversed(state.dungeon)),
                         adventurers=tuple(reversed(state.adventurers)))
        assert hidden.view(seat) == state.view(seat)
        for name in ("greedy", "random"):
            assert make_bot(name, 5).choose(hidden) == make_bot(name, 5).choose(state)
