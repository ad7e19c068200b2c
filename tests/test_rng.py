"""Portable randomness: the same seed gives the same stream and shuffles everywhere."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dungeoneer.engine import rng


def test_splitmix64_matches_the_reference_outputs():
    # Vigna's reference splitmix64.c, seeded with 1234567, prints these first five outputs.
    state = 1234567
    outputs = []
    for _ in range(5):
        value, state = rng.next_u64(state)
        outputs.append(value)
    assert outputs == [6457827717110365317, 3203168211198807973, 9817491932198370423,
                       4593380528125082431, 16408922859458223821]


def test_shuffle_test_vector():
    assert rng.shuffled(range(10), 0) == ((6, 3, 2, 9, 8, 1, 4, 7, 0, 5), 10372713005361028285)


@pytest.mark.parametrize("bound", [0, -1, (1 << 64) + 1])
def test_a_bound_beyond_what_one_output_draws_is_refused(bound):
    with pytest.raises(ValueError, match="a bound is from 1 to 2"):
        rng.below(bound, 7)


def test_below_rejects_bias_region_and_stays_in_range():
    state = 99
    seen = set()
    for _ in range(300):
        value, state = rng.below(3, state)
        seen.add(value)
    assert seen == {0, 1, 2}


@given(st.lists(st.integers(), max_size=40), st.integers(0, rng.MAX_SEED))
def test_shuffled_is_a_permutation_and_deterministic(items, seed):
    first, state1 = rng.shuffled(items, seed)
    second, state2 = rng.shuffled(items, seed)
    assert first == second and state1 == state2
    assert sorted(first) == sorted(items)


def test_stream_wrapper_follows_the_pure_functions():
    stream = rng.Stream(5)
    value, state = rng.next_u64(5)
    assert stream.u64() == value and stream.state == state


def test_seeds_are_checked():
    for bad in (-1, 2**64, "3", 1.5, True):
        try:
            rng.verify_seed(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} was accepted")
    assert rng.verify_seed(0) == 0 and rng.verify_seed(rng.MAX_SEED) == rng.MAX_SEED


def test_seeds_are_read_from_ascii_digits_only():
    from dungeoneer.engine.rng import MAX_SEED, parse_seed

    assert parse_seed("42") == 42 and parse_seed(str(MAX_SEED)) == MAX_SEED
    assert [parse_seed(t) for t in ("", "-1", "4.2", "\u00b2", str(MAX_SEED + 1),
                                    "9" * 5000, " 42 ")] == [None] * 7


def reference_below(bound: int, state: int) -> tuple[int, int]:
    """`below` written from its definition: the first output under the largest multiple of
    `bound` at most 2**64, reduced modulo `bound`."""
    limit = (1 << 64) - (1 << 64) % bound
    while True:
        value, state = rng.next_u64(state)
        if value < limit:
            return value % bound, state


BOUNDS = st.one_of(st.integers(1, 64), st.integers(1, 1 << 31), st.integers(1, 1 << 64),
                   st.sampled_from([1 << 30, (1 << 30) + 1, 3 << 29, 1 << 31, 1 << 40,
                                    (1 << 62) - 1, 1 << 62, (1 << 64) - 1, 1 << 64]))


def on_words(bound: int, state: int) -> tuple[int, int]:
    """`below` as the compiled build draws it, on the state's 32-bit halves."""
    draw = rng._below_words if bound <= 1 << 30 else rng._below_wide_words
    value, high, low = draw(bound, state >> 32, state & 0xFFFFFFFF)
    return value, high << 32 | low


@given(BOUNDS, st.integers(0, rng.MAX_SEED))
def test_a_draw_is_its_definitions_on_words_and_on_integers(bound, state):
    expected = reference_below(bound, state)
    assert rng.below(bound, state) == expected
    if bound < 1 << 62:
        assert on_words(bound, state) == expected


@given(st.integers(0, rng.MAX_SEED))
def test_an_output_on_words_is_the_reference_output(state):
    high, low = rng._advance(state >> 32, state & 0xFFFFFFFF)
    z_high, z_low = rng._mix(high, low)
    assert (z_high << 32 | z_low, high << 32 | low) == rng.next_u64(state)


def state_before(output: int) -> int:
    """The state whose next output (`next_u64`) is `output`: SplitMix64's output function undone
    step by step (each xor-shift and each odd multiplier is invertible modulo 2**64)."""
    mask = rng.MASK64
    z = output ^ (output >> 31) ^ (output >> 62)
    z = z * pow(0x94D049BB133111EB, -1, 1 << 64) & mask
    z = z ^ (z >> 27) ^ (z >> 54)
    z = z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & mask
    z = z ^ (z >> 30) ^ (z >> 60)
    return (z - 0x9E3779B97F4A7C15) & mask


@pytest.mark.parametrize("bound, output", [(3, (1 << 64) - 1), (5, (1 << 64) - 1),
                                           ((1 << 30) - 1, (1 << 64) - 2),
                                           ((1 << 40) - 1, (1 << 64) - 3),
                                           ((1 << 61) + 1, (1 << 64) - (1 << 40))])
def test_a_draw_rejects_an_output_in_the_biased_sliver(bound, output):
    state = state_before(output)
    assert rng.next_u64(state)[0] == output
    assert output >= (1 << 64) - (1 << 64) % bound  # in the sliver: the draw takes the next one
    expected = reference_below(bound, rng.next_u64(state)[1])
    assert rng.below(bound, state) == expected
    assert on_words(bound, state) == expected


@given(st.lists(st.integers(), max_size=40), st.integers(0, rng.MAX_SEED))
def test_a_shuffle_is_fisher_yates_over_its_definitions_draws(items, state):
    expected, after = list(items), state
    for i in range(len(expected) - 1, 0, -1):
        j, after = reference_below(i + 1, after)
        expected[i], expected[j] = expected[j], expected[i]
    assert rng.shuffled(items, state) == (tuple(expected), after)
