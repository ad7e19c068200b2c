"""The game protocol, checked the same way for every registered game (OpenSpiel style): random
playouts from seeded starts, notation round trips, terminal states and outcomes."""

import pytest

from dungeoneer.engine import registry
from dungeoneer.engine.protocol import TERMINAL, Game, State, Termination
from dungeoneer.engine.rng import Stream

GAMES = [info.name for info in registry.registered()]


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_random_playouts_follow_the_protocol(name):
    game = registry.get_game(name)
    assert isinstance(game, Game)
    stream = Stream(11)
    for seed in range(15):
        state = game.new_initial_state(seed=seed)
        assert isinstance(state, State)
        for _ in range(5000):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            assert legal, "a state that is not over has legal actions"
            assert state.current_player() != TERMINAL
            for action in legal:
                assert state.parse_action(state.action_text(action)) == action
            before, earlier = hash(state), state
            state = state.apply(stream.choice(legal))
            assert hash(earlier) == before  # applying an action left the state as it was
            assert {state: 1}[state] == 1  # a new state is hashable, as a key
        else:
            pytest.fail("a game did not end within 5000 actions")
        assert state.current_player() == TERMINAL and state.legal_actions() == ()
        outcome = state.outcome()
        assert outcome is not None and outcome.termination in Termination


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name):
    game = registry.get_game(name)
    assert game.new_initial_state(seed=5) == game.new_initial_state(seed=5)
