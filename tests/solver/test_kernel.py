"""The core-rules kernel against the engine: the same legal actions, the same successors, the
same searches (verdicts, position counts, lines), on every hero face, on small synthetic deals
searched to the end, and on a card set whose suits are split into several classes."""

from __future__ import annotations

import dataclasses
import gc
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import ArsenalCard, PuzzleDungeon, PuzzleState
from dungeoneer.engine.rng import Stream
from dungeoneer.solver.bounds import CoreBound
from dungeoneer.solver.canonical import Canonicalizer
from dungeoneer.solver.kernel import (
    DEAL,
    KERNEL_BYTES_PER_KEY,
    Kernel,
    KernelDepthFirst,
    Node,
    unsupported,
)
from dungeoneer.solver.lines import verify_line
from dungeoneer.solver.search import UNKNOWN, UNWINNABLE, WON, DepthFirst, Strategy, plain_order
from dungeoneer.solver.synthetic import synthetic_game
from tests.conftest import slow_after

ATTACK = partial(Action, "attack")
FEW_SMALL = (0, 1, 2, 3)
"""Small synthetic deals (`solver.synthetic`), won and unwinnable ones."""
HEROES = ("Rogue", "Bodyguard", "Warrior", "Alchemist",
          "Skull Rogue", "Skull Bodyguard", "Skull Warrior", "Skull Alchemist")


def interleaved_game(seed: int) -> PuzzleDungeon:
    """A synthetic deal whose card ids take the suits two by two (T T M M H H C C T T ...):
    each suit is two classes of two cards (runs of consecutive ids), so a payment's hand cards
    of one suit are told apart by class, and two cards of one class are interchangeable."""
    game = synthetic_game(seed)
    count = len(game.cards.arsenal)
    arsenal = tuple(ArsenalCard(i, i // 2 % 4, i) for i in range(count))
    cards = dataclasses.replace(game.cards, arsenal=arsenal)
    return PuzzleDungeon(cards, "Tester", core=True, columns=game.columns)


def same_position(kernel: Kernel, node: Node, state: PuzzleState) -> None:
    """The kernel's position is the engine's, field by field."""
    assert node.arsenal == state.arsenal
    assert node.hand == state.hand
    assert kernel.deck[node.dealt:] == state.deck
    assert node.discard == state.discard
    columns = tuple(kernel.columns[c][:node.depths >> (5 * c) & 31]
                    for c in range(len(kernel.columns)))
    assert columns == state.columns
    assert (node.kings, node.exhausted, node.collected) == (
        state.kings, state.exhausted, state.collected)
    assert (node.pending >= 0) == bool(state.options)
    assert kernel.won(node) == state.won()


def armed(state: PuzzleState, seed: int) -> PuzzleState:
    """The position with half its monsters (drawn from `seed`) taken out of the columns and
    collected, ready, every other one (the first among them) as a Monster King: payments then
    offer many weapons, Kings' two suits among them, which a game from the start reaches only
    late."""
    stream = Stream(seed)
    columns = [bytearray(column) for column in state.columns]
    collected = kings = 0
    for _ in range(sum(len(column) for column in columns) // 2):
        column = columns[stream.below(len(columns))]
        if len(column) > 1:
            monster = column.pop(stream.below(len(column) - 1))  # (never the front's place)
            if not collected.bit_count() % 2:
                kings |= 1 << monster
            collected |= 1 << monster
    return state.set(columns=tuple(bytes(c) for c in columns), collected=collected, kings=kings)


def engine_branches(state: PuzzleState, canonical: Canonicalizer) -> list[Action]:
    """The engine's legal actions, a payment kept only when no earlier one leads to a position
    with the same key (what the kernel lists)."""
    actions = state.legal_actions()
    if not state.options:
        return list(actions)
    kept, keys = [], set()
    for action in actions:
        key = canonical.key(state.apply(action))
        if key not in keys:
            keys.add(key)
            kept.append(action)
    return kept


def walk_both(state: PuzzleState, choices: list[int]) -> int:
    """Play a game on the engine and the kernel side by side, taking the i-th move of each
    position's list from `choices` (mod its length); every position's moves and every
    successor compared. Returns the positions compared."""
    kernel = Kernel(state)
    canonical = Canonicalizer(state.rules)
    node = kernel.start()
    compared = 0
    for choice in choices:
        same_position(kernel, node, state)
        moves = kernel.moves(node)
        assert [kernel.action(node, m, state) for m in moves] == engine_branches(state, canonical)
        compared += 1
        if not moves:
            break
        for move in moves:  # every successor, not only the one taken
            same_position(kernel, kernel.child(node, move),
                          state.apply(kernel.action(node, move, state)))
        move = moves[choice % len(moves)]
        node, state = kernel.child(node, move), state.apply(kernel.action(node, move, state))
    return compared


@given(hero=st.sampled_from(HEROES), seed=st.integers(0, 2**32),
       choices=st.lists(st.integers(0, 50), min_size=30, max_size=90))
@settings(max_examples=25, deadline=None)
def test_random_games_give_the_same_moves_and_successors(hero, seed, choices):
    state = PuzzleDungeon(hero=hero, core=True).new_initial_state(seed=seed)
    assert walk_both(state, choices) >= 1


@given(seed=st.integers(0, 2**16), choices=st.lists(st.integers(0, 50), min_size=10,
                                                      max_size=40))
@settings(max_examples=25, deadline=None)
def test_suits_split_into_classes_give_the_same_moves_and_successors(seed, choices):
    game = interleaved_game(seed)
    walk_both(game.new_initial_state(seed=seed), choices)


@given(hero=st.sampled_from(HEROES), seed=st.integers(0, 2**32),
       choices=st.lists(st.integers(0, 50), min_size=10, max_size=40))
@settings(max_examples=25, deadline=None)
def test_payments_with_many_weapons_and_kings_give_the_same_moves_and_successors(
        hero, seed, choices):
    state = armed(PuzzleDungeon(hero=hero, core=True).new_initial_state(seed=seed), seed)
    assert state.collected & state.kings
    walk_both(state, choices)


def test_armed_positions_offer_king_weapons_in_payments():
    """(What the test above relies on: its positions' payments use Kings' weapons.)"""
    used = 0
    for seed in range(20):
        state = armed(PuzzleDungeon(hero="Skull Rogue", core=True).new_initial_state(seed=seed),
                      seed)
        for column in range(len(state.columns)):
            if state.columns[column] and ATTACK(column) in state.legal_actions():
                after = state.apply(ATTACK(column))
                for action in after.options:
                    used += any(state.kings >> m & 1 for m, _suits in action.arg.weapons)
    assert used > 100


Found = tuple[str, tuple[Action, ...], int, int]
"""A search's verdict, winning line, positions and positions pruned by the bound."""


def searched(search: Strategy, positions: int, turn: int | None = None) -> Found:
    """What a strategy found within `positions` (in turns of `turn`)."""
    verdict = None
    while verdict is None and search.states < positions:
        search.grant(min(turn or positions, positions - search.states))
        verdict = search.resume()
    if verdict is None:
        return UNKNOWN, (), search.states, search.pruned
    return verdict.status, verdict.line, search.states, search.pruned


def engine_search(state: PuzzleState, positions: int, bound: bool = False) -> Found:
    return searched(DepthFirst(state, order=plain_order, prune=CoreBound() if bound else None),
                    positions)


def kernel_search(state: PuzzleState, positions: int, turn: int | None = None,
                  bound: bool = False) -> Found:
    return searched(KernelDepthFirst(state, bound=CoreBound() if bound else None), positions,
                    turn)


@pytest.mark.parametrize("hero, seed", slow_after(4, [(h, s) for s in (1000, 1003, 7)
                                                     for h in HEROES]))
@pytest.mark.parametrize("bound", [False, True], ids=["unbounded", "bounded"])
def test_a_search_visits_as_many_positions_as_the_engines(hero, seed, bound):
    state = PuzzleDungeon(hero=hero, core=True).new_initial_state(seed=seed)
    assert kernel_search(state, 3000, bound=bound) == engine_search(state, 3000, bound=bound)


def test_a_search_in_turns_is_the_same_search():
    """Paused and resumed (as the portfolio runs it), the same positions and verdict."""
    for seed in range(4):
        state = synthetic_game(seed).new_initial_state(seed=seed)
        assert kernel_search(state, 200_000, turn=37) == kernel_search(state, 200_000)


def test_a_capped_table_still_finishes_and_agrees():
    """Under a memory cap the table forgets old keys, never the path's: the search may visit
    positions again, and still ends with the same verdict."""
    evicted = 0
    for seed in FEW_SMALL:
        state = synthetic_game(seed).new_initial_state(seed=seed)
        capped = KernelDepthFirst(state, memory=KERNEL_BYTES_PER_KEY * 200)
        status = searched(capped, 2_000_000)[0]
        assert status == kernel_search(state, 200_000)[0]
        evicted += capped.table.evicted
    assert evicted > 0  # (the bigger deals forget positions)


@pytest.mark.parametrize("seed", slow_after(6, range(60)))
@pytest.mark.parametrize("bound", [False, True], ids=["unbounded", "bounded"])
def test_small_deals_searched_to_the_end_agree_with_the_engine(seed, bound):
    """Synthetic deals small enough to search whole: the same verdict, the same number of
    positions (and pruned by the core bound), the same winning line, which replays to a win."""
    state = synthetic_game(seed).new_initial_state(seed=seed)
    found = kernel_search(state, 200_000, bound=bound)
    assert found == engine_search(state, 200_000, bound=bound)
    assert found[0] in (WON, UNWINNABLE)
    if found[0] == WON:
        assert verify_line(state, found[1]).won()


@pytest.mark.parametrize("seed", slow_after(3, range(30)))
def test_small_deals_with_suits_split_into_classes_agree_with_the_engine(seed):
    state = interleaved_game(seed).new_initial_state(seed=seed)
    found = kernel_search(state, 200_000)
    assert found == engine_search(state, 200_000)
    assert found[0] in (WON, UNWINNABLE)


def test_some_small_deals_are_won_and_some_proven_unwinnable():
    """The comparisons above cover both verdicts (seeds of `synthetic_game`)."""
    verdicts = {kernel_search(synthetic_game(seed).new_initial_state(seed=seed), 200_000)[0]
                for seed in range(6)}
    assert verdicts == {WON, UNWINNABLE}


def test_a_won_start_is_won_with_no_move():
    state = synthetic_game(0).new_initial_state(seed=0)
    every = (1 << len(state.rules.cards.monsters)) - 1
    won = state.set(columns=tuple(b"" for _ in state.columns), collected=every, kings=every)
    assert won.won()
    assert kernel_search(won, 10) == (WON, (), 0, 0)


def test_the_bound_prunes_some_small_deals():
    """(What the bounded comparisons rely on.)"""
    assert sum(kernel_search(synthetic_game(seed).new_initial_state(seed=seed), 200_000,
                             bound=True)[3] for seed in range(6)) > 0


def test_a_search_leaves_no_cycle_behind():
    """The garbage collector is off while the kernel searches, which is safe only because its
    positions, moves and keys form no reference cycle."""
    state = PuzzleDungeon(hero="Skull Rogue", core=True).new_initial_state(seed=1000)
    gc.collect()
    search = KernelDepthFirst(state, bound=CoreBound())
    search.grant(20_000)
    assert search.resume() is None
    assert gc.isenabled() and gc.collect() == 0


def test_the_report_tells_how_far_the_search_got():
    state = PuzzleDungeon(hero="Rogue", core=True).new_initial_state(seed=1000)
    search = KernelDepthFirst(state)
    search.grant(2000)
    assert search.resume() is None
    report = search.report()
    assert report.name == "kernel depth-first" and report.states == 2000
    assert report.collected == search.furthest.collected.bit_count() > 0
    assert [have for _kind, have, _need in report.prey] != [0] * len(report.prey)


def test_a_deal_costs_a_card_and_an_attack_the_front_monster():
    state = PuzzleDungeon(hero="Rogue", core=True).new_initial_state(seed=3)
    kernel = Kernel(state)
    node = kernel.start()
    dealt = kernel.child(node, DEAL)
    assert dealt.arsenal == state.arsenal + state.deck[:1] and dealt.dealt == 1


@pytest.mark.parametrize("options, reason", [
    ({}, "core rules only"),
    ({"core": True, "traps": ()}, ""),
])
def test_the_kernel_says_which_positions_it_cannot_search(options, reason):
    state = PuzzleDungeon(hero="Rogue", **options).new_initial_state(seed=1)
    assert (reason in unsupported(state)) if reason else unsupported(state) == ""
    if reason:
        with pytest.raises(ValueError, match=reason):
            Kernel(state)


def test_a_position_waiting_for_a_payment_is_not_a_start():
    state = PuzzleDungeon(hero="Rogue", core=True).new_initial_state(seed=1)
    stream = Stream(5)
    while not state.options and state.legal_actions():
        actions = state.legal_actions()
        state = state.apply(actions[stream.below(len(actions))])
    assert state.options  # (seed 5's walk reaches a payment with a choice)
    assert "decision" in unsupported(state)
