"""The rating: only won deals get one; the score and the levels behave as documented."""

import math

import pytest

from dungeoneer.generator.rating import CUT_POINTS, level_of, measure, rate, score
from dungeoneer.solver import UNWINNABLE, WON, solve
from tests.helpers import others, position


def test_an_unwinnable_deal_gets_no_rating():
    rest = others("Ghost", "Witch", "Goblin", "Haunted Armor", "Animated Weapons", "Automaton",
                  "Stone Golem", "Ratman", "Banshee", "Dragon")
    spent = ["Haunted Armor", "Animated Weapons", "Automaton", "Stone Golem", "Ratman", "Banshee"]
    state = position(columns=(("Ghost", "Dragon"), ("Witch", "Goblin"), rest[:5], rest[5:]),
                     rest="none", collected=spent, exhausted=spent, hand="2T 2C 2H 2M", deck="")
    rating = rate(state)
    assert rating.status == UNWINNABLE and rating.level is None and rating.score is None
    assert rating.name == "no rating (unwinnable)"


def test_a_deal_the_solver_cannot_decide_gets_no_rating():
    """A budget that runs out before the solver's first verdict (the Skull Bodyguard's deal 1021
    takes it more than a first turn)."""
    from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon

    state = PuzzleDungeon(hero="Skull Bodyguard").new_initial_state(seed=1021)
    rating = rate(state, positions=1)
    assert rating.status == "unknown" and rating.level is None


@pytest.mark.slow
def test_a_won_deal_is_rated_and_the_rating_is_repeatable():
    state = position_of_seed(42)
    first, second = rate(state), rate(state)
    assert first.status == WON and 1 <= first.level <= 5
    assert first.to_json() == second.to_json()


def test_the_score_is_the_eager_players_failure_in_bits():
    easy = {"eager_wins": 40, "eager_plays": 64, "solver_positions": 1000}
    assert score({**easy, "eager_wins": 1}) > score(easy)
    assert score({**easy, "eager_wins": 64}) == pytest.approx(-math.log2(64.5 / 65))
    assert score({**easy, "eager_wins": 0}) == pytest.approx(math.log2(130))
    # The solver's effort is reported, not scored.
    assert score({**easy, "solver_positions": 40_000}) == score(easy)


def test_levels_split_at_the_cut_points():
    assert level_of(CUT_POINTS[0] - 0.01) == 1
    assert [level_of(cut) for cut in CUT_POINTS] == [2, 3, 4, 5]
    assert level_of(100.0) == 5


@pytest.mark.slow
def test_features_of_a_won_deal():
    state = position_of_seed(7)
    answer = solve(state, seconds=None, states=40_000)
    assert answer.status == WON
    features = measure(state, answer, plays=8)
    assert features["eager_plays"] == 8 and 0 <= features["eager_wins"] <= 8
    assert features["line_steps"] == len(answer.line)


def position_of_seed(seed: int):
    from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon

    return PuzzleDungeon(hero="Rogue").new_initial_state(seed=seed)
