"""The move ordering and the best-first estimate (heuristics: they never change a verdict)."""

from dungeoneer.solver.ordering import _king_types, estimate, guided_order
from tests.helpers import play, position


def test_attacks_on_prey_come_first_and_dealing_last():
    state = position(columns=(("Dragon",), ("Goblin",), (), ()),
                     hand="2T 3T 2C 3C 2H 3H 2M 3M", deck="5C")
    ordered = [state.action_text(a) for a in guided_order(state, state.legal_actions())]
    assert ordered == ["attack 2", "attack 1", "deal"]  # the Goblin is prey, the Dragon is not


def test_payments_use_the_arsenal_front_first():
    state = position(columns=(("Goblin",), (), (), ()), arsenal="5T", hand="3T 2C 2H 2M",
                     deck="")
    state = play(state, "attack 1")
    ordered = [state.action_text(a) for a in guided_order(state, state.legal_actions())]
    assert ordered[0] == "pay 5T 2C 2H 2M"


def test_kings_to_make_point_at_the_types_cheapest_to_clear():
    """The Skull Rogue needs Monster Kings: a type whose four monsters stand at the front is the
    cheapest to clear."""
    state = position(hero="Skull Rogue",
                     columns=(("Ghost",), ("Banshee",), ("Witch",), ("Reaper",)))
    assert "wisp" in _king_types(state)


def test_the_estimate_falls_as_the_prey_fills():
    before = position(columns=(("Ghost",), (), (), ()), hand="2H 3H 2M 2T", deck="")
    after = play(before, "attack 1", "resolve Ghost:Loot")
    assert estimate(after) < estimate(before)
