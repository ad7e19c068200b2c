"""Paying on the spot: `rules.CardOrderPayments` counts the payments in card order without
listing them, and `PuzzleState.apply_paying` comes to the same position as `apply` followed by
the payment decision, asking its payer exactly where that decision is offered."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.engine.puzzle_dungeon.rules import CardOrderPayments, in_card_order, payments
from tests.puzzle_dungeon.test_properties import SETTINGS, games, random_game


@pytest.mark.slow
@settings(SETTINGS, max_examples=25)  # each example lists every payment of a whole game
@given(games, st.integers(0, 2**32), st.data())
def test_counted_payments_are_the_listed_ones_in_card_order(game, seed, data):
    for state, _action, _after in random_game(game, seed, data):
        for column in state.columns:
            if column:
                target = column[-1]
                listed = [p for p in payments(state, target) if in_card_order(p)]
                counted = CardOrderPayments(state, target)
                assert len(counted) == len(listed)
                assert list(counted) == listed
                assert list(payments(state, target, every_order=False)) == listed


def test_a_payment_past_the_last_is_an_index_error():
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=42)
    counted = CardOrderPayments(state, state.columns[0][-1])
    with pytest.raises(IndexError):
        counted[len(counted)]
    with pytest.raises(IndexError):
        counted[-1]


class RecordingPayer:
    """Picks payments with hypothesis and keeps what it was offered and what it paid."""

    def __init__(self, data) -> None:
        self.data = data
        self.offered: list[list] = []
        self.chosen: list = []

    def __call__(self, counted):
        choice = counted[self.data.draw(st.integers(0, len(counted) - 1), label="payment")]
        self.offered.append(list(counted))
        self.chosen.append(choice)
        return choice


@pytest.mark.slow
@settings(SETTINGS, max_examples=40)
@given(games, st.integers(0, 2**32), st.data())
def test_paying_at_once_is_the_action_and_then_the_payment_decision(game, seed, data):
    for state, action, after in random_game(game, seed, data):
        payer = RecordingPayer(data)
        at_once = state.apply_paying(action, payer)
        step = after
        for payment, offered in zip(payer.chosen, payer.offered, strict=True):
            # The payer was offered just what the decision offers, in card order, one per set.
            assert [a.arg for a in step.legal_actions() if in_card_order(a.arg)] == offered
            step = step.apply(Action("pay", payment))
        assert at_once == step
        # ... and it was asked at every payment decision there was.
        assert not step.options or {a.kind for a in step.options} != {"pay"}
