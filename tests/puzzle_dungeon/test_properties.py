"""Property tests: random legal play keeps every invariant, and records round-trip."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, rules
from dungeoneer.engine.records import dumps, new_record, parse_record, replay
from dungeoneer.engine.rng import MAX_SEED

HEROES = [h.name for h in PuzzleDungeon().cards.heroes]
TYPES_TT = [c.name for c in PuzzleDungeon().cards.trap_treasures]
EXTRAS = ["Battlesnake", "Overseer", "Mold Demon"]
MAX_ACTIONS = 3000

games = st.builds(
    lambda hero, split, extras: PuzzleDungeon(
        hero=hero, traps=TYPES_TT[:split], treasures=TYPES_TT[split:split + 2], extras=extras),
    st.sampled_from(HEROES), st.integers(0, 3),
    st.lists(st.sampled_from(EXTRAS), unique=True, max_size=3))
SETTINGS = settings(max_examples=100, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def random_game(game, seed, data):
    """Play a random legal game; yield each (state, action, next state)."""
    state = game.new_initial_state(seed=seed)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="choice")]
        after = state.apply(action)
        yield state, action, after
        state = after
    raise AssertionError(f"no end within {MAX_ACTIONS} actions")


@pytest.mark.slow
@SETTINGS
@given(games, st.integers(0, MAX_SEED), st.data())
def test_every_card_is_somewhere_exactly_once_and_states_never_change(game, seed, data):
    """All 32 arsenal cards and every monster are always in exactly one place; applying an
    action never changes the state it was applied to; every game ends."""
    last = None
    for state, _action, after in random_game(game, seed, data):
        snapshot = (hash(state), repr(state.to_json()))
        state.verify()
        after.verify()
        assert (hash(state), repr(state.to_json())) == snapshot
        last = after
    if last is not None:
        assert last.is_terminal() and last.outcome() is not None


@pytest.mark.slow
@SETTINGS
@given(games, st.integers(0, MAX_SEED), st.data())
def test_the_quick_attack_check_agrees_with_the_payments(game, seed, data):
    """`can_pay` (the quick yes/no) says yes exactly when some payment exists, and every payment
    matches the defense suit for suit."""
    for state, _action, _after in random_game(game, seed, data):
        for column in state.columns:
            if not column:
                continue
            target = column[-1]
            found = list(rules.payments(state, target))
            assert rules.can_pay(state, target) == bool(found)
            defense = rules.face(state, target).defense
            assert all(rules.payment_suits(p) == defense for p in found)
            assert len(set(found)) == len(found)


@pytest.mark.slow
@SETTINGS
@given(games, st.integers(0, MAX_SEED), st.data())
def test_records_round_trip(game, seed, data):
    """Writing a played game as a record and reading it back gives the same game."""
    moves, final = [], None
    for state, action, after in random_game(game, seed, data):
        moves.append(state.action_text(action))
        final = after
    record = new_record("puzzle-dungeon", seed=seed, options=game.options(), moves=tuple(moves))
    text = dumps(record)
    parsed = parse_record(text)
    assert parsed == record and dumps(parsed) == text
    replayed, steps = replay(parsed)
    assert len(steps) == len(moves)
    if final is not None:
        assert replayed == final
