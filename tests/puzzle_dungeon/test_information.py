"""What a player knows: the table less the deck's order and the chance to come; and
samples of full positions, uniform over the orders of the deck."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.engine.puzzle_dungeon.information import information_set, seen
from dungeoneer.engine.rng import MAX_SEED
from tests.puzzle_dungeon.test_properties import SETTINGS, games, random_game


def _with_deck_of(count: int, seed: int = 42):
    """A position of deal `seed` with `count` cards left in the deck (dealing the rest)."""
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=seed)
    while len(state.deck) > count:
        state = state.apply(state.parse_action("deal"))
    return state


def test_a_sample_differs_from_the_position_only_in_what_the_player_cannot_see():
    state = _with_deck_of(12)
    known = information_set(state)
    for sample in known.samples(7, 50):
        assert known.holds(sample) and seen(sample) == seen(state)
        assert sorted(sample.deck) == sorted(state.deck)
        assert sample.columns == state.columns and sample.discard == state.discard
        sample.verify()
    assert len({s.deck for s in known.samples(7, 50)}) > 40  # the order really varies
    assert not known.holds(state.apply(state.parse_action("deal")))


def test_samples_are_the_same_for_the_same_seed():
    known = information_set(_with_deck_of(10))
    assert list(known.samples(3, 5)) == list(known.samples(3, 5))
    assert list(known.samples(3, 5)) != list(known.samples(4, 5))


def test_the_orders_of_the_deck_come_up_uniformly():
    """Four cards: each of the 24 orders about 1/24 of 4,800 samples (a chi-square test at the
    0.1% level: 23 degrees of freedom, critical value 49.7)."""
    state = _with_deck_of(4)
    known = information_set(state)
    counts = Counter(sample.deck for sample in known.samples(11, 4800))
    orders = {bytes(order) for order in itertools.permutations(sorted(state.deck))}
    assert set(counts) == orders
    expected = 4800 / len(orders)
    chi_square = sum((counts[order] - expected) ** 2 / expected for order in orders)
    assert chi_square < 49.7, chi_square


def test_the_chance_to_come_is_drawn_afresh():
    known = information_set(_with_deck_of(8))
    assert len({s.rng for s in known.samples(5, 20)}) == 20


@pytest.mark.slow
@SETTINGS
@given(games, st.integers(0, MAX_SEED), st.data())
def test_the_deck_changes_only_by_losing_its_top_cards_or_by_a_shuffle(game, seed, data):
    """The argument that the deck's order is never partly known: in random play, an action
    either leaves the deck as it was less cards taken from its top, or shuffles it (a card joins
    the deck only that way)."""
    for state, action, _after in random_game(game, seed, data):
        log: list[str] = []
        after = state.apply(action, log)
        taken_from_top = state.deck[len(state.deck) - len(after.deck):] == after.deck
        if not taken_from_top:
            assert any(line.startswith("You shuffle") and line.endswith("into the deck.")
                       for line in log), log
