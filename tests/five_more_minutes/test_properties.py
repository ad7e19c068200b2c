"""5 More Minutes over random legal play: every card and chip somewhere exactly once, states
never change, a seat's view never shows another seat's hand or blue values."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoneer.engine.five_more_minutes import FiveMoreMinutes
from dungeoneer.engine.five_more_minutes.effects import SetAside, Used
from dungeoneer.engine.rng import Stream

games = st.tuples(st.integers(2, 6), st.integers(0, 2**32), st.integers(0, 2**32),
                  st.sampled_from(["standard", "rookie", "expert", "nightmare",
                                   "rookie,expert,nightmare"]))


def in_limbo(state):
    """Cards and chips between places: a card being played, a blue chip being swapped."""
    cards = [t.card for t in state.tasks if isinstance(t, Used)]
    chips = [t.chip for t in state.tasks if isinstance(t, SetAside)]
    return cards, chips


def random_game(game):
    """Every state of a random game (players, seed, seed of the choices, variant), the JSON of
    each taken as it was made, and the moves as text."""
    players, seed, choices, variant = game
    stream = Stream(choices)
    state = FiveMoreMinutes(players, variant).new_initial_state(seed=seed)
    states, snapshots, moves = [state], [json.dumps(state.to_json(), sort_keys=True)], []
    while not state.is_terminal():
        action = stream.choice(state.legal_actions())
        moves.append(state.action_text(action))
        state = state.apply(action)
        states.append(state)
        snapshots.append(json.dumps(state.to_json(), sort_keys=True))
    return states, snapshots, moves


@settings(max_examples=30, deadline=None)
@given(games)
def test_cards_and_chips_are_conserved_and_states_never_change(game):
    states, snapshots, _ = random_game(game)
    for state, snapshot in zip(states, snapshots, strict=True):
        cards, chips = in_limbo(state)
        held = sorted([*state.deck, *state.discard, *cards, *(c for h in state.hands for c in h)])
        assert held == sorted(state.game.deck_cards())
        assert sum(state.pink) + state.supply_pink == 9
        assert sum(state.yellow) + state.supply_yellow == 21
        blue = sorted([*state.blue_pile, *chips, *(c for b in state.blue for c in b)])
        assert blue == sorted(state.game.blue_chips)
        # Hands, blue chips and used cards are kept in order (nobody may learn anything from
        # the order in which they came).
        assert all(list(h) == sorted(h) for h in (*state.hands, *state.blue, state.discard))
        # Nothing applied after it changed it.
        assert json.dumps(state.to_json(), sort_keys=True) == snapshot


@settings(max_examples=20, deadline=None)
@given(games)
def test_a_view_shows_only_counts_of_other_seats_hidden_things(game):
    states, _, _ = random_game(game)
    for state in states:
        for seat in range(state.game.players):
            view = state.view(seat)
            assert view["hand"] == list(state.hands[seat])
            assert "hands" not in view and "deck" not in view
            assert view["blue_counts"] == [len(b) for b in state.blue]
            assert view["blue"] == [list(c) for c in state.blue[seat]]
            if not state.over and seat == state.current_player():
                # The bots' lighter view holds the same facts.
                seen = state.seat_view(seat)
                assert (seen.seat + 1, seen.players, seen.decision.public()) == (
                    view["seat"], view["players"], view["decision"])
                assert [list(seen.stages), list(seen.pink), list(seen.yellow),
                        list(seen.blue_counts), list(seen.hand_counts), list(seen.discard),
                        list(seen.hand), [list(c) for c in seen.blue]] == [
                    view["stages"], view["pink"], view["yellow"], view["blue_counts"],
                    view["hand_counts"], view["discard"], view["hand"], view["blue"]]


@settings(max_examples=15, deadline=None)
@given(games)
def test_records_round_trip(game):
    from dungeoneer.engine.records import dumps, new_record, parse_record, replay

    players, seed, _, variant = game
    states, _, moves = random_game(game)
    record = new_record("five-more-minutes", seed=seed, players=players,
                        options=FiveMoreMinutes(players, variant).options(), moves=tuple(moves))
    again = parse_record(dumps(record))
    assert again == record
    assert replay(again)[0] == states[-1]
