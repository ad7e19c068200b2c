"""Shared by the solver's tests: the complete search of the small synthetic deals, done once."""

import pytest

from dungeoneer.solver.search import Budget, DepthFirst, portfolio
from dungeoneer.solver.synthetic import synthetic_game

SYNTHETIC_DEALS = range(200)
"""Seeded 3-column, 4-row core-rules deals (`solver.synthetic`): all of them with the slow
tests, the FEW in the default run."""
FEW = (0, 1, 2, 3)
"""Two won and two unwinnable deals, three of them big enough for a small table to forget
positions (deal 4, whose proofs under a cap take the longest, is among all of them)."""


@pytest.fixture(scope="session", params=[
    pytest.param(FEW, id="few-deals"),
    pytest.param(SYNTHETIC_DEALS, id="all-deals", marks=pytest.mark.slow)])
def synthetic_searches(request):
    """For each small deal: (its start position, the uncapped depth-first search's result)."""
    found = {}
    for seed in request.param:
        state = synthetic_game(seed).new_initial_state(seed=seed)
        found[seed] = (state, portfolio(state, [DepthFirst(state)], budget=Budget(seconds=60)))
    return found
