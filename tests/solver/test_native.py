"""The full-rules kernel in C (solver/native.py) against the Python kernel it ports: random
games walked on both side by side, every field of every position and of every child compared,
keys byte for byte; whole searches with the same positions, verdicts, lines and memory cap;
and the solver's choice between the two. The comparisons run where the C kernel is built (any
install on a machine with a C compiler; not an editable one); the choice is checked in every
build."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoneer.engine.puzzle_dungeon import FIRST_CARD_PROGRAM, PuzzleDungeon, PuzzleState
from dungeoneer.engine.rng import Stream
from dungeoneer.solver import native, parallel
from dungeoneer.solver.kernel import KERNEL_BYTES_PER_KEY, KernelDepthFirst
from dungeoneer.solver.lines import verify_line
from dungeoneer.solver.native import NativeDepthFirst, NativeRules, refusal
from dungeoneer.solver.rules_kernel import PAY, RulesKernel, Spot
from dungeoneer.solver.search import UNWINNABLE, WON, Strategy
from tests.conftest import slow_after
from tests.solver.kernel_cards import card_game
from tests.solver.random_cards import random_cards, random_position
from tests.solver.test_kernel import HEROES, armed
from tests.solver.test_rules_kernel import (
    EXTRAS,
    late_attach_cards,
    late_position,
    traps_treasures_game,
    traps_treasures_met,
)

needs_c = pytest.mark.skipif(not native.BUILT, reason="the C kernel is not built (an "
                             "editable install, or no C compiler: setup.py)")

FIELDS = ("arsenal", "hand", "discard", "kings", "exhausted", "collected", "dungeon", "pending",
          "columns", "layout", "deck", "attached", "tt", "stream", "stack", "decision")
"""A full-rules position's fields, the Python kernel's `Spot` and the C kernel's alike."""


def same_spot(kernel: NativeRules, spot: Spot, c_spot: object, where: str) -> None:
    """Every field equal, the offer (a payment's as the Python kernel's codes, which the C
    kernel keeps in the order its moves take them), the won test and the key, byte for
    byte."""
    python = kernel.python
    for name in FIELDS:
        assert getattr(c_spot, name) == getattr(spot, name), f"{where}: {name}"
    offer = spot.payments
    if offer is not None and spot.decision == PAY and python.guided:
        offer = sorted(offer, key=python.payment_rank)
    assert kernel.python_node(c_spot).payments == offer, f"{where}: the offer"
    assert kernel.won(c_spot) == kernel.python.won(spot), f"{where}: won"
    assert kernel.key(c_spot) == kernel.python.key(spot), f"{where}: the key"


def walk_both(state: PuzzleState, choices: list[int], guided: bool,
              path: list[Spot] | None = None) -> int:
    """A game on both kernels, the i-th move of each position's list taken from `choices`:
    every position's moves (in the guided order, if `guided`) and every child compared.
    Returns the moves played (and adds the game's positions to `path`)."""
    kernel = NativeRules(state, guided=guided)
    python = kernel.python
    spot, c_spot = python.start(), kernel.start()
    for step, choice in enumerate(choices):
        where = f"step {step}"
        if path is not None:
            path.append(spot)
        same_spot(kernel, spot, c_spot, where)
        moves, c_moves = python.moves(spot), kernel.moves(c_spot)
        assert [kernel.python_move(c_spot, move) for move in c_moves] == moves, where
        if not moves:
            return step
        children = [(python.child(spot, move), kernel.child(c_spot, c_move))
                    for move, c_move in zip(moves, c_moves, strict=True)]
        for move, (child, c_child) in zip(moves, children, strict=True):
            assert isinstance(child, Spot)
            same_spot(kernel, child, c_child, f"{where} move {move}")
        after, c_spot = children[choice % len(children)]
        assert isinstance(after, Spot)
        spot = after
    return len(choices)


@needs_c
@given(hero=st.sampled_from(HEROES), seed=st.integers(0, 2**32), armed_start=st.booleans(),
       guided=st.booleans(), extras=st.booleans(),
       choices=st.lists(st.integers(0, 50), min_size=30, max_size=120))
@settings(max_examples=30, deadline=None)
def test_random_games_give_the_same_positions_in_c(hero, seed, armed_start, guided, extras,
                                                   choices):
    """Every hero face, with the extras or not, from the start or from positions with half
    the monsters collected (payments offering many weapons), in both orders."""
    game = PuzzleDungeon(hero=hero, extras=EXTRAS if extras else ())
    state = game.new_initial_state(seed=seed)
    walk_both(armed(state, seed) if armed_start else state, choices, guided)


@needs_c
@given(hero=st.sampled_from(HEROES), seed=st.integers(0, 2**32), armed_start=st.booleans(),
       guided=st.booleans(), faces=st.lists(st.integers(0, 2), min_size=5, max_size=5),
       choices=st.lists(st.integers(0, 50), min_size=30, max_size=100))
@settings(max_examples=20, deadline=None)
def test_games_with_traps_and_treasures_give_the_same_positions_in_c(
        hero, seed, armed_start, guided, faces, choices):
    """Each of the five Traps & Treasures set up as a Trap, a Treasure or not at all."""
    state = traps_treasures_game(hero, faces).new_initial_state(seed=seed)
    walk_both(armed(state, seed) if armed_start else state, choices, guided)


@needs_c
def test_the_walks_in_c_meet_the_traps_and_treasures():
    """(What the comparison relies on: Treasures used, Traps flipped, modes chosen and a 'for
    each' block repeated, in both kernels alike.)"""
    met = [0, 0, 0, 0]
    for seed in range(12):
        game = traps_treasures_game(HEROES[seed % 8], [1, seed % 2, (seed + 1) % 2, 0, 1])
        path: list[Spot] = []
        walk_both(armed(game.new_initial_state(seed=seed), seed),
                  [seed * 3 + i for i in range(150)], seed % 2 == 1, path)
        met = [a + b for a, b in zip(met, traps_treasures_met(path), strict=True)]
    used, flipped, modes, repeated = met
    assert used >= 3
    assert flipped >= 3
    assert modes >= 3
    assert repeated >= 1


@needs_c
def test_the_first_dealt_card_attached_in_c(tmp_path):
    """Every Loot ability made 'Attach the first dealt Torch card to this hero as a wizard':
    set up's deals read off the root, the wizard attached, then exhausted and readied."""
    game = card_game(late_attach_cards(tmp_path, "wizard"), "Rogue")
    attached = 0
    for seed in range(16):  # (seeds 10 and 15 deal two Torch cards at set up)
        path: list[Spot] = []
        walk_both(game.new_initial_state(seed=seed), [seed + i for i in range(100)],
                  seed % 2 == 0, path)
        attached += sum(1 for spot in path if spot.attached)
    assert attached >= 3


@needs_c
@pytest.mark.parametrize("hero, seed", [("Skull Alchemist", 4), ("Skull Warrior", 2)])
def test_a_start_with_abilities_pending_is_the_same_in_c(hero, seed):
    """Set up left abilities pending: both kernels resolve them to the same decision."""
    state = PuzzleDungeon(hero=hero).new_initial_state(seed=seed)
    assert state.stack
    assert walk_both(state, [seed + i for i in range(80)], guided=True) > 10


@needs_c
@pytest.mark.parametrize("first", slow_after(1, [0, 12, 24, 36]))
def test_random_card_sets_give_the_same_positions_in_c(first, tmp_path):
    """The soundness tests' random card sets (every op, `may`, `one_of`, values in the middle
    of a suit, sometimes a Trap & Treasure) on their small positions, twelve sets a case."""
    walked = 0
    for seed in range(first, first + 12):
        cards = random_cards(seed, tmp_path / f"cards-{seed}")
        for place in range(3):
            try:
                state = random_position(cards, seed * 10 + place)
            except RuntimeError:  # (abilities that trigger each other for ever: not a game)
                continue
            assert refusal(state) == ""
            stream = Stream(seed * 10 + place)
            walk_both(state, [stream.below(50) for _ in range(60)], guided=place == 1)
            walked += 1
    assert walked >= 20


def python_search(root: PuzzleState, memory: int | None = None) -> KernelDepthFirst:
    return KernelDepthFirst(root, memory=memory, kernel=RulesKernel(root, guided=True))


def turns(search: Strategy, positions: int, turn: int) -> list[tuple[object, ...]]:
    """A search run in turns of `turn` positions up to `positions` or a verdict: each turn's
    report (positions, evictions, furthest position's progress, verdict and line)."""
    reports = []
    verdict = None
    while verdict is None and search.states < positions:
        search.grant(turn)
        verdict = search.resume()
        report = search.report(verdict)
        reports.append((report.states, report.evicted, report.collected, report.prey,
                        None if verdict is None else (verdict.status, verdict.line)))
    return reports


@needs_c
@pytest.mark.parametrize("hero, seed", slow_after(8, [(hero, seed) for seed in (1000, 1001)
                                                      for hero in HEROES]))
def test_a_search_in_c_is_the_python_kernels(hero, seed):
    """The same positions turn by turn, the same furthest position, verdict and line."""
    root = PuzzleDungeon(hero=hero).new_initial_state(seed=seed)
    assert turns(NativeDepthFirst(root), 12_000, 3000) == turns(python_search(root), 12_000,
                                                                   3000)


@needs_c
@pytest.mark.parametrize("hero, seed", [("Skull Warrior", 1000), ("Rogue", 1001)])
def test_a_search_with_traps_and_treasures_in_c_is_the_python_kernels(hero, seed):
    """All five Traps & Treasures in play (two Traps, three Treasures)."""
    root = traps_treasures_game(hero, [0, 1, 1, 0, 1]).new_initial_state(seed=seed)
    assert turns(NativeDepthFirst(root), 12_000, 3000) == turns(python_search(root), 12_000,
                                                                   3000)


@needs_c
@pytest.mark.parametrize("hero", ["Skull Bodyguard", "Alchemist"])
def test_a_search_in_c_forgets_as_the_python_kernels_does(hero):
    """Under a memory cap of 500 keys: the same positions forgotten, turn by turn."""
    root = PuzzleDungeon(hero=hero).new_initial_state(seed=1000)
    memory = 500 * KERNEL_BYTES_PER_KEY
    found = turns(NativeDepthFirst(root, memory=memory), 6000, 1000)
    assert found == turns(python_search(root, memory), 6000, 1000)
    assert found[-1][1] > 1000  # (evicted)


@needs_c
def test_searches_in_c_end_as_the_python_kernels_do():
    """Late positions of the built-in cards, small enough to search whole: the same
    verdicts, won lines that replay to a win through the engine, and losses proven."""
    ends = []
    for seed in range(12):
        root = late_position(PuzzleDungeon(hero=HEROES[seed % 8]), seed, 2)
        found = turns(NativeDepthFirst(root), 40_000, 40_000)
        assert found == turns(python_search(root), 40_000, 40_000)
        outcome = found[-1][-1]
        if outcome is not None:
            status, line = outcome
            ends.append(status)
            if status == WON:
                assert verify_line(root, line).won()
    assert WON in ends and UNWINNABLE in ends


@needs_c
def test_a_turn_past_its_time_ends_soon():
    root = PuzzleDungeon(hero="Skull Warrior").new_initial_state(seed=1000)
    search = NativeDepthFirst(root)
    search.grant(10**9)
    search.deadline = 0.0  # (long past)
    assert search.resume() is None
    assert 0 < search.states <= native.TIME_CHECK + 1


@needs_c
def test_a_position_beyond_the_c_kernels_sizes_hands_the_search_to_python():
    """The Python kernel's search takes over from the start; its positions count on top."""
    root = PuzzleDungeon(hero="Skull Rogue").new_initial_state(seed=1001)
    search = NativeDepthFirst(root, fail_at=2500)
    found = turns(search, 40_000, 2000)
    expected = turns(python_search(root), 40_000, 2000)
    assert search.fallback is not None
    assert found[0] == expected[0]
    assert found[-1][0] == 2500 + expected[-1][0]
    assert found[-1][-1] == expected[-1][-1] and found[-1][-1][0] == WON


@needs_c
def test_the_c_kernel_refuses_what_it_does_not_play(tmp_path):
    """What the Python kernel does not play either (an attachment of a status other than a
    wizard's), and the core rules, which have a kernel of their own."""
    assert refusal(PuzzleDungeon(hero="Rogue").new_initial_state(seed=1)) == ""
    tt = traps_treasures_game("Rogue", [0, 1, 2, 2, 2]).new_initial_state(seed=1)
    assert refusal(tt) == ""
    guard = card_game(late_attach_cards(tmp_path, "guard"), "Rogue").new_initial_state(seed=1)
    assert "does not play" in refusal(guard)
    core = PuzzleDungeon(hero="Rogue", core=True).new_initial_state(seed=1)
    assert "core rules" in refusal(core)


def test_a_step_the_c_kernel_does_not_play_is_refused():
    """A step numbered past the C kernel's last (a step added to the Python kernel alone) keeps
    the search on the Python kernel."""
    kernel = RulesKernel(PuzzleDungeon(hero="Rogue").new_initial_state(seed=1))
    assert native.python_refusal(kernel) == ""
    kernel.steps[FIRST_CARD_PROGRAM - 1] = [(native.LAST_NATIVE_STEP + 1, 0)]
    assert native.python_refusal(kernel) == "a step the C kernel does not play"


def test_the_solver_searches_in_c_where_it_can():
    """The portfolio's full-rules depth-first search runs in C where the C kernel is built and
    plays the cards, on the Python kernel elsewhere, under one name."""
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=20)
    search = parallel.rules_kernel_search(state, None)
    assert search.name == "rules kernel depth-first"
    assert isinstance(search, NativeDepthFirst) == native.BUILT
    tt = traps_treasures_game("Rogue", [0, 1, 2, 2, 2]).new_initial_state(seed=1)
    assert isinstance(parallel.rules_kernel_search(tt, None), NativeDepthFirst) == native.BUILT


def test_without_the_c_kernel_the_python_kernel_searches(monkeypatch):
    monkeypatch.setattr(native, "_ckernel", None)
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=20)
    assert refusal(state) == "the C kernel is not built (a pure install)"
    assert isinstance(parallel.rules_kernel_search(state, None), KernelDepthFirst)
    with pytest.raises(RuntimeError, match="not built"):
        NativeRules(state)
