"""`least_payment_cost` prices the same payments as `payments` lists, without listing them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.engine.puzzle_dungeon.bots import (
    ARSENAL_COST,
    HAND_COST,
    WEAPON_COST,
    CarefulChoices,
)
from dungeoneer.engine.puzzle_dungeon.rules import (
    _fewest_weapons,
    least_payment_cost,
    payments,
    weapon_choices,
    weapon_covers,
)
from dungeoneer.engine.rng import Stream
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


def _careful_payment_listed(payments, stream):
    """The careful player's payment as its rule says, every payment built and priced: the
    cheapest, ties by a draw each, then by index."""
    priced = [(CarefulChoices.payment_cost(p), stream.below(1 << 30), i)
              for i, p in enumerate(payments)]
    return payments[min(priced)[2]]


def _checking(pay, chances, seen):
    """A payer that checks the careful payer `pay` against pricing every listed payment."""
    def checked(payments):
        seen.append(len(payments))
        listed = [CarefulChoices.payment_cost(p) for p in payments]
        blocks = payments.cost_blocks(ARSENAL_COST, HAND_COST, WEAPON_COST)
        assert [cost for cost, count in blocks for _ in range(count)] == listed
        reference = Stream(1)
        reference.state = chances.state
        expected = _careful_payment_listed(payments, reference)
        assert pay(payments) == expected and chances.state == reference.state
        return expected
    return checked


@pytest.mark.parametrize("hero", ["Skull Warrior", "Skull Rogue", "Alchemist", "Bodyguard"])
def test_the_careful_payment_is_the_cheapest_listed_with_the_same_draws(hero):
    """The careful player prices payments in runs (`CardOrderPayments.cost_blocks`) without
    building each: the runs expand to each payment's cost in order, and it picks the payment
    (and draws the chances) that pricing every listed payment would. Careful games, whose
    collected weapons make many payments."""
    game = PuzzleDungeon(hero=hero)
    careful = CarefulChoices()
    seen: list[int] = []
    for seed in range(6):
        state, chances = game.new_initial_state(seed=seed), Stream(seed + 1)
        checked = _checking(careful.payer(chances), chances, seen)
        while not state.is_terminal():
            state = state.apply_paying(careful.choose(state, chances), checked)
    assert len(seen) > 30 and max(seen) > 4
