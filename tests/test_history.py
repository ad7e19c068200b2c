"""The shared history chain (`engine.history`): events in order, what came after a point, and
pickling however long a game runs."""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st

from dungeoneer.engine.history import START, Chain, after, chain_of, events


@given(st.lists(st.integers()), st.lists(st.integers()))
def test_a_chain_lists_its_events_and_those_after_an_earlier_one(first, then):
    earlier = chain_of(first)
    later = earlier
    for event in then:
        later = Chain(event, later)
    assert events(earlier) == first
    assert events(later) == first + then
    assert after(later, earlier) == then
    assert after(later, None) == first + then


def test_a_chain_that_does_not_go_on_from_another_has_nothing_after_it():
    one, other = chain_of([1, 2]), chain_of([1, 2])  # equal events, a different history
    assert after(Chain(3, one), other) is None
    assert after(START, chain_of([1])) is None
    assert events(START) == []


def test_a_long_chain_pickles_as_the_same_events():
    long = chain_of(list(range(20_000)))  # far deeper than the recursion limit
    again = pickle.loads(pickle.dumps(long))
    assert events(again) == list(range(20_000))
    assert after(again, START) == list(range(20_000))  # (rebuilt on this process's START)
