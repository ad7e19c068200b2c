"""`least_payment_cost` prices the same payments as `payments` lists, without listing them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoneer.engine.puzzle_dungeon.rules import least_payment_cost, payments
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
