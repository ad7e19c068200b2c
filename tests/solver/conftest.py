"""Shared by the solver's tests: the complete search of the small synthetic deals, done once."""

import pytest

from dungeoneer.solver.search import Budget, DepthFirst, portfolio
from dungeoneer.solver.synthetic import synthetic_game

SYNTHETIC_DEALS = range(200)
"""Seeded 3-column, 4-row core-rules deals (`solver.synthetic`)."""


@pytest.fixture(scope="session")
def synthetic_searches():
    """For each small deal: (its start position, the uncapped depth-first search's result)."""
    found = {}
    for seed in SYNTHETIC_DEALS:
        state = synthetic_game(seed).new_initial_state(seed=seed)
        found[seed] = (state, portfolio(state, [DepthFirst(state)], budget=Budget(seconds=60)))
    return found
