"""The solver's verdicts: won (with a line the engine replays to a win), unwinnable (only with a
proof), unknown (when the budget runs out)."""

import gc
import time

import pytest

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.solver import UNKNOWN, UNWINNABLE, WON, solve
from dungeoneer.solver.canonical import Canonicalizer
from dungeoneer.solver.lines import LineError, verify_line
from dungeoneer.solver.rollouts import NestedRollouts
from dungeoneer.solver.search import (
    DROPPED,
    BestFirst,
    Budget,
    DepthFirst,
    Runner,
    plain_order,
    portfolio,
    search,
)
from dungeoneer.solver.synthetic import synthetic_game
from tests.conftest import slow_after
from tests.helpers import others, play, position


def test_a_known_short_win():
    """One attack from the win: the Rogue needs one more wisp, the Ghost is in front."""
    state = position(columns=(("Ghost",), (), (), ()),
                     collected=["Haunted Armor", "Animated Weapons", "Automaton", "Stone Golem",
                                "Goblin", "Ratman", "Banshee"],
                     exhausted=["Haunted Armor", "Animated Weapons", "Automaton", "Stone Golem",
                                "Goblin", "Ratman", "Banshee"],
                     hand="2H 3H 2M 2T", deck="5C 6C")
    answer = solve(state, seconds=10)
    assert answer.status == WON
    # The attack completes the prey; the abilities it triggers still resolve before the win (D6).
    # The payment is a step: with the Lich and the Skeleton in the dungeon, the order of the four
    # hand cards on the discard pile is the player's choice (D18).
    assert answer.steps[0].action == "attack 1" and answer.steps[1].action.startswith("pay")
    assert len(answer.steps) <= 4
    assert "You defeat the Ghost." in answer.steps[1].did
    verify_line(state, answer.line)


def test_a_full_deal_is_won_and_its_line_replays():
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=42)
    answer = solve(state, seconds=30)
    assert answer.status == WON
    assert verify_line(state, answer.line).won()
    assert [s.number for s in answer.steps] == list(range(1, len(answer.line) + 1))


def test_no_legal_action_left_is_unwinnable():
    state = position(columns=(("Goblin",), (), (), ()), hand="2T", deck="")
    answer = solve(state)
    assert answer.status == UNWINNABLE and answer.method == "engine"


def test_a_deal_built_to_be_unwinnable_is_proven_so_by_complete_search():
    """Under the full rules: the Rogue needs a second wisp, and the only ones left stand behind
    monsters the hand can't pay for, with an empty deck. Every reachable position is searched."""
    rest = others("Ghost", "Witch", "Goblin", "Haunted Armor", "Animated Weapons", "Automaton",
                  "Stone Golem", "Ratman", "Banshee", "Dragon")
    state = position(columns=(("Ghost", "Dragon"), ("Witch", "Goblin"), rest[:5], rest[5:]),
                     rest="none",
                     collected=["Haunted Armor", "Animated Weapons", "Automaton", "Stone Golem",
                                "Ratman", "Banshee"],
                     exhausted=["Haunted Armor", "Animated Weapons", "Automaton", "Stone Golem",
                                "Ratman", "Banshee"],
                     hand="2T 2C 2H 2M", deck="")
    answer = solve(state, seconds=60)
    assert answer.status == UNWINNABLE
    assert "none is won" in answer.reason


def test_the_core_relaxation_proves_a_deal_unwinnable():
    state = PuzzleDungeon(hero="Rogue", core=True).new_initial_state(seed=7)
    answer = solve(state)
    assert answer.status == UNWINNABLE and answer.method == "cp-sat relaxation"


@pytest.mark.parametrize("deal", [
    pytest.param(lambda: synthetic_game(1).new_initial_state(seed=1), id="3x4"),
    pytest.param(lambda: PuzzleDungeon(hero="Rogue", core=True).new_initial_state(seed=1),
                 id="full-size", marks=pytest.mark.slow)])
def test_a_core_deal_proven_unwinnable_by_a_complete_search_with_the_bound(deal):
    """A small deal in the default run; a full-size one, a few seconds' search, when slow."""
    state = deal()
    answer = solve(state, seconds=120)
    assert answer.status == UNWINNABLE
    assert answer.details["pruned"] > 0


def test_a_timeout_is_unknown_never_unwinnable():
    state = PuzzleDungeon(hero="Skull Rogue").new_initial_state(seed=0)
    answer = solve(state, seconds=0.01)
    assert answer.status == UNKNOWN and answer.line == () and answer.steps == ()
    assert "budget ran out" in answer.reason


def test_a_line_that_does_not_win_is_refused():
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=42)
    with pytest.raises(LineError):
        verify_line(state, (state.legal_actions()[0],))


def test_solving_from_the_middle_of_a_game():
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=42)
    state = play(state, "deal", "deal")
    answer = solve(state, seconds=30)
    assert answer.status == WON and verify_line(state, answer.line).won()


@pytest.mark.parametrize("seed", slow_after(4, range(12)))  # (two won, two unwinnable first)
def test_both_strategies_and_the_plain_baseline_agree(seed):
    """Each strategy alone is complete: on small deals all three reach the same verdict."""
    state = synthetic_game(seed).new_initial_state(seed=seed)
    verdicts = {search(state, order=plain_order, budget=Budget(seconds=60)).status,
                portfolio(state, [BestFirst(state)], budget=Budget(seconds=60)).status,
                portfolio(state, [DepthFirst(state)], budget=Budget(seconds=60)).status}
    assert len(verdicts) == 1 and verdicts <= {WON, UNWINNABLE}


def test_interchangeable_hand_cards_give_one_key():
    """Paying with the 2T or the 3T (no ability reads either value) leads to positions that are
    images of each other under a swap of the two cards: one transposition-table key."""
    state = position(columns=(("Goblin",), (), (), ()), hand="2T 3T 2C 2H 2M", deck="5C")
    state = play(state, "attack 1")
    key = Canonicalizer(state.rules).key
    with_2t = play(state, "pay 2T 2C 2H 2M", "resolve Goblin:Loot")
    with_3t = play(state, "pay 3T 2C 2H 2M", "resolve Goblin:Loot")
    assert with_2t != with_3t and key(with_2t) == key(with_3t)


def test_values_an_ability_reads_keep_cards_apart():
    """The Ratman's 'Draw any 0 in the discard pile' reads the value 0: a 0 Torch and a 2 Torch
    are different classes."""
    canonical = Canonicalizer(PuzzleDungeon(hero="Rogue").new_initial_state(seed=1).rules)
    cards = PuzzleDungeon().cards.arsenal
    zero_t, two_t, three_t = (next(c.id for c in cards if c.code == code)
                              for code in ("0T", "2T", "3T"))
    assert canonical.card_class[zero_t] != canonical.card_class[two_t]
    assert canonical.card_class[two_t] == canonical.card_class[three_t]


@pytest.mark.parametrize("strategy", [DepthFirst, NestedRollouts])
def test_a_turn_ends_where_the_time_limit_does(strategy):
    """A strategy whose time limit has passed pauses at its next position (the rollouts: at the
    end of the playout under way), however many positions its turn grants: a solve stops at its
    time limit, not at the end of a turn."""
    root = PuzzleDungeon(hero="Skull Bodyguard").new_initial_state(seed=20074)
    searching = strategy(root)
    searching.deadline = time.perf_counter() - 1.0
    runner = Runner(searching)
    assert runner.turn(100_000).states < 1_000
    searching.deadline = None
    assert runner.turn(500).states >= 500


def test_the_careful_players_games_win_where_the_eager_players_do_not_reach():
    """Skull Alchemist 20102: the careful player's games (hand and weapons kept for later) win
    within 20,000 positions, where the eager player's games do not; the line replays."""
    root = PuzzleDungeon(hero="Skull Alchemist").new_initial_state(seed=20102)
    careful = portfolio(root, [NestedRollouts(root, players=("careful",))],
                        budget=Budget(states=20_000))
    assert careful.status == WON
    assert verify_line(root, careful.line).won()
    eager = portfolio(root, [NestedRollouts(root, players=("eager",))],
                      budget=Budget(states=20_000))
    assert eager.status == UNKNOWN


def test_the_rollouts_know_their_players():
    root = PuzzleDungeon().new_initial_state(seed=1)
    with pytest.raises(ValueError, match="players are 'eager' and 'careful'"):
        NestedRollouts(root, players=("greedy",))
    with pytest.raises(ValueError):
        NestedRollouts(root, players=())


def test_the_rollouts_leave_a_lost_end_claiming_nothing():
    """At the end of a lost game there is no game to play out: the rollouts, which never claim
    a loss, drop out at once, and the depth-first search beside them proves it."""
    from tests.solver.test_soundness import lost_eager_game

    end = lost_eager_game("Rogue", 0)[-1]
    assert end.is_terminal() and not end.won()
    report = Runner(NestedRollouts(end)).turn(100)
    assert report.verdict is not None and report.verdict.status == DROPPED
    assert portfolio(end, [NestedRollouts(end), DepthFirst(end)]).status == UNWINNABLE


def test_the_portfolio_gives_its_strategies_the_time_limit():
    root = PuzzleDungeon(hero="Skull Bodyguard").new_initial_state(seed=20074)
    strategies = [DepthFirst(root), NestedRollouts(root)]
    budget = Budget(seconds=0.0)
    answer = portfolio(root, strategies, budget=budget)
    assert answer.status == UNKNOWN
    assert all(s.deadline == budget.deadline() for s in strategies)
    assert answer.states <= 2


@pytest.mark.parametrize("strategy", [DepthFirst, NestedRollouts])
def test_a_turn_leaves_no_cycle_behind(strategy):
    """A turn runs with the garbage collector off (`Runner.turn`), which costs no memory only
    because the engine's positions, boards and payments (every recursive walk a function, not
    a closure) and the searches' keys form no reference cycle. Skull Rogue: abilities that
    shuffle, pick cards and attack; the eager and careful players' payments."""
    state = PuzzleDungeon(hero="Skull Rogue").new_initial_state(seed=1000)
    gc.collect()
    gc.disable()  # (kept off until counted: the collector would clear cycles as it went)
    try:
        report = Runner(strategy(state)).turn(5_000)
        left = gc.collect()
    finally:
        gc.enable()
    assert report.states >= 5_000 or report.verdict is not None
    assert left == 0


@pytest.mark.parametrize("enabled", [True, False])
def test_a_turn_gives_the_collector_back_as_it_was(enabled):
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=1000)
    if not enabled:
        gc.disable()
    try:
        Runner(DepthFirst(state)).turn(100)
        assert gc.isenabled() == enabled
    finally:
        gc.enable()
