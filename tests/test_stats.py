"""Wilson intervals and Spearman's correlation against values worked out by hand."""

import math

import pytest

from dungeoneer.engine.stats import ranks, spearman, wilson


def test_wilson_matches_the_textbook_value():
    # 8 of 10: p = 0.8, z = 1.96 gives centre 0.7168 and half-width 0.2266 by the formula.
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_stays_inside_0_1_at_the_edges():
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_ranks_share_ties():
    assert ranks([10, 20, 20, 5]) == [2.0, 3.5, 3.5, 1.0]


def test_spearman_of_monotone_and_reversed_orders():
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # With ties: x = 1,2,2,3 and y = 1,3,2,4 gives 0.9487 (ranks 1,2.5,2.5,4 vs 1,3,2,4).
    assert spearman([1, 2, 2, 3], [1, 3, 2, 4]) == pytest.approx(0.9487, abs=1e-4)
    assert math.isnan(spearman([1, 1], [2, 3]))
