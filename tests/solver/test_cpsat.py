"""The CP-SAT models against the search and the engine, on small seeded core-rules deals."""

import pytest

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.engine.rng import Stream
from dungeoneer.solver.bounds import CoreBound
from dungeoneer.solver.cpsat_core import FEASIBLE, INFEASIBLE, CoreModel, RelaxedModel, Settings
from dungeoneer.solver.lines import line_from_attacks, verify_line
from dungeoneer.solver.search import UNWINNABLE, WON
from dungeoneer.solver.synthetic import synthetic_game


@pytest.fixture(scope="module")
def verdicts(synthetic_searches):
    """For each small deal: (search verdict, exact model answer, relaxation answer)."""
    found = {}
    for seed, (state, searched) in synthetic_searches.items():
        exact = CoreModel(state).solve(Settings(deterministic_time=60))
        relaxed = RelaxedModel(state).solve(Settings(deterministic_time=10))
        found[seed] = (state, searched, exact, relaxed)
    return found


def test_the_exact_model_and_the_search_agree_on_every_small_deal(verdicts):
    """On the seeded 3x4 core-rules deals the complete search and the exact CP-SAT model give
    the same verdict (and both decide every deal)."""
    outcomes = {WON: 0, UNWINNABLE: 0}
    for seed, (_state, searched, exact, _relaxed) in verdicts.items():
        assert searched.status in (WON, UNWINNABLE), seed
        assert exact.status == (FEASIBLE if searched.status == WON else INFEASIBLE), seed
        outcomes[searched.status] += 1
    assert min(outcomes.values()) >= max(1, len(verdicts) // 5)  # a real mix of both


def test_every_winning_line_of_either_replays_to_a_win(verdicts):
    for seed, (state, searched, exact, _relaxed) in verdicts.items():
        if searched.status == WON:
            assert verify_line(state, searched.line).won(), seed
        if exact.status == FEASIBLE:
            assert verify_line(state, line_from_attacks(state, exact.attacks)).won(), seed


def test_the_relaxation_only_ever_rejects_lost_deals(verdicts):
    for seed, (_state, searched, _exact, relaxed) in verdicts.items():
        if relaxed.status == INFEASIBLE:
            assert searched.status == UNWINNABLE, seed


def test_the_fast_bound_agrees_with_the_relaxation_model():
    """`CoreBound` enumerates what `RelaxedModel` states: on positions met in random play of
    full-size and small core deals they give the same answer."""
    stream = Stream(5)
    games = [PuzzleDungeon(hero="Rogue", core=True), PuzzleDungeon(hero="Skull Rogue", core=True),
             *(synthetic_game(seed) for seed in range(6))]
    checked = proven = 0
    for game in games:
        for seed in range(4):
            state = game.new_initial_state(seed=seed)
            while not state.is_terminal():
                if not state.options:
                    lost = CoreBound()(state)
                    relaxed = RelaxedModel(state).solve().status == INFEASIBLE
                    assert lost == relaxed
                    checked += 1
                    proven += lost
                state = state.apply(stream.choice(state.legal_actions()))
    assert checked > 100 and proven > 0


def test_the_models_refuse_positions_they_do_not_cover():
    full = PuzzleDungeon(hero="Rogue").new_initial_state(seed=1)
    with pytest.raises(ValueError, match="core rules"):
        CoreModel(full)
