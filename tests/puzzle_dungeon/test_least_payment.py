"""`least_payment_cost` prices the same payments as `payments` lists, without listing them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.engine.puzzle_dungeon.rules import (
    _fewest_weapons,
    least_payment_cost,
    payments,
    weapon_choices,
    weapon_covers,
)
from tests.puzzle_dungeon.test_properties import SETTINGS, games, random_game

PRICES = ((0, 3, 2), (1, 1, 1), (5, 0, 1))
"""Per arsenal card, hand card and weapon: the careful player's, a count of cards, and a third."""


def _listed_least(state, target: int, prices: tuple[int, int, int]) -> int | None:
    per_arsenal, per_hand, per_weapon = prices
    return min((per_arsenal * len(p.arsenal) + per_hand * len(p.hand) + per_weapon * len(p.weapons)
                for p in payments(state, target)), default=None)


@pytest.mark.slow
@settings(SETTINGS, max_examples=25)  # each example lists every payment of a whole game
@given(games, st.integers(0, 2**32), st.data())
def test_the_least_cost_is_the_least_of_the_listed_payments(game, seed, data):
    for state, _action, _after in random_game(game, seed, data):
        for column in state.columns:
            if column:
                for prices in PRICES:
                    assert (least_payment_cost(state, column[-1], *prices)
                            == _listed_least(state, column[-1], prices))


weapon = st.tuples(st.integers(0, 3)) | st.tuples(st.integers(0, 3), st.integers(0, 3))
defense = st.lists(st.integers(0, 3), min_size=4, max_size=4)


@settings(deadline=None)  # (the listing grows with every weapon: its time varies)
@given(st.lists(st.tuples(weapon, st.booleans()), max_size=6), defense)
def test_the_fewest_weapons_for_each_suit_count_are_those_of_every_listed_set(weapons, need):
    """Weapons as the payments list them (`weapon_covers`, every set of weapons and suits)
    and as the least cost counts them: the same suit counts, each with the fewest weapons."""
    choices = [(m, weapon_choices(suits, wild)) for m, (suits, wild) in enumerate(weapons)]
    listed: dict[tuple[int, ...], int] = {}
    for cover, uses in weapon_covers(choices, need):
        listed[cover] = min(listed.get(cover, len(uses)), len(uses))
    assert dict(_fewest_weapons(choices, need)) == listed


def test_a_negative_cost_is_refused():
    state = PuzzleDungeon().new_initial_state(seed=1)
    with pytest.raises(ValueError, match="not negative"):
        least_payment_cost(state, state.columns[0][-1], 0, -1, 2)
