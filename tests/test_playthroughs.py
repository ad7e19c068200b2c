"""Every game plays its golden playthroughs again position by position (tests/playthroughs.py):
the same legal actions, prompts, views, positions and outcome, through the game protocol only."""

from __future__ import annotations

import pytest

from tests.playthroughs import HERE, PLAYTHROUGHS, lines


@pytest.mark.parametrize("name", PLAYTHROUGHS)
def test_a_game_plays_its_golden_playthrough(name):
    golden = (HERE / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    for number, (line, expected) in enumerate(zip(lines(name), golden, strict=False), start=1):
        assert line == expected, f"{name}.txt line {number} differs"
    assert len(list(lines(name))) == len(golden)
