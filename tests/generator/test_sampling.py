"""The sampling player: it never reads what the player cannot see, it is the same game
for the same seed, and `odds` gives the same figures for any number of workers."""

from __future__ import annotations

import pytest

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.engine.puzzle_dungeon.information import information_set
from dungeoneer.engine.puzzle_dungeon.rules import in_card_order
from dungeoneer.engine.rng import Stream
from dungeoneer.generator.players import CarefulPlayer
from dungeoneer.generator.sampling import (
    CHUNK,
    Odds,
    SamplingPlayer,
    iter_odds,
    odds,
    ranked,
)

QUICK = SamplingPlayer(samples=1, candidates=2)
"""The cheapest real sampling player: one filling, two options."""


def _positions(seed: int, count: int):
    """Positions of one careful game of deal `seed` (every kind of decision comes up)."""
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=seed)
    stream = Stream(seed)
    for _ in range(count):
        if state.is_terminal():
            return
        yield state
        state = state.apply(CarefulPlayer().choose(state, stream))


def test_two_positions_the_player_cannot_tell_apart_get_the_same_choice():
    """Another order of the deck and another chance to come change nothing the player does:
    it never reads them."""
    player = SamplingPlayer(samples=2, candidates=3)
    for state in _positions(42, 30):
        other = information_set(state).sample(99)
        assert other.deck != state.deck or len(state.deck) < 2
        assert player.choose(state, Stream(5)) == player.choose(other, Stream(5))


def test_the_choice_is_one_of_the_ranked_options_and_ranked_options_are_legal():
    for state in _positions(7, 40):
        options = ranked(state)
        legal = state.legal_actions()
        assert options and set(options) <= set(legal) and len(set(options)) == len(options)
        if {a.kind for a in legal} == {"pay"}:
            assert all(in_card_order(a.arg) for a in options)
        assert QUICK.choose(state, Stream(3)) in options[:QUICK.candidates]


def test_the_same_seed_plays_the_same_game():
    state = PuzzleDungeon(hero="Warrior").new_initial_state(seed=11)

    def moves(seed: int) -> list:
        stream, position, played = Stream(seed), state, []
        while not position.is_terminal():
            action = QUICK.choose(position, stream)
            played.append(action)
            position = position.apply(action)
        return played

    assert moves(4) == moves(4)


@pytest.mark.slow
def test_odds_are_the_same_for_one_worker_and_two():
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=42)
    one = list(iter_odds(state, 2 * CHUNK, seed=3, workers=1, player=QUICK))
    two = list(iter_odds(state, 2 * CHUNK, seed=3, workers=2, player=QUICK))
    assert one == two and one[-1].plays == 2 * CHUNK


def test_odds_stop_once_the_interval_is_narrow_enough():
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=42)
    found = odds(state, 100 * CHUNK, seed=3, player=QUICK, precision=0.45)
    assert found.plays == CHUNK  # any four plays give an interval within +-45 points


def test_an_odds_interval_holds_its_share():
    found = Odds(30, 40)
    low, high = found.interval
    assert low < found.share == 0.75 < high and found.half_width == pytest.approx((high - low) / 2)
    assert found.to_json() == {"wins": 30, "games": 40, "share": 0.75,
                               "wilson95": [round(low, 4), round(high, 4)]}


def test_a_sampling_player_needs_a_filling_an_option_and_a_known_playout():
    for bad in ({"samples": 0}, {"candidates": 0}, {"playout": "psychic"}):
        with pytest.raises(ValueError):
            SamplingPlayer(**bad)


@pytest.mark.slow
def test_pruning_options_out_of_reach_changes_no_choice():
    """`choose` stops playing out an option that can no longer come first; the option it takes
    is the one every playout would have picked, with the same wins."""
    player = SamplingPlayer(samples=3, candidates=5)
    for state in _positions(13, 40):
        options = ranked(state)[:player.candidates]
        if len(options) < 2:
            continue
        full = player.wins(state, options, Stream(8))
        pruned = player.wins(state, options, Stream(8), prune=True)
        best = full.index(max(full))
        assert pruned.index(max(pruned)) == best and pruned[best] == full[best]
        assert all(p <= f for p, f in zip(pruned, full, strict=True))
        assert player.choose(state, Stream(8)) == options[best]
