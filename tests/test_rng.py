"""Portable randomness: the same seed gives the same stream and shuffles everywhere."""

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
