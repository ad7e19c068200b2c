"""The full-rules kernel slice against the engine, on the built-in cards with their Loot
abilities made draws (tests/solver/kernel_cards.py): the same moves, the same successors (pending
abilities included), the same searches."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoneer.engine.puzzle_dungeon import KING_FLIP, PuzzleDungeon, PuzzleState
from dungeoneer.engine.puzzle_dungeon.board import Batch, Ctx, Frame, Trigger
from dungeoneer.engine.puzzle_dungeon.effects import ATTACK_ACTION
from dungeoneer.solver.branches import branches
from dungeoneer.solver.canonical import Canonicalizer
from dungeoneer.solver.kernel import KernelDepthFirst
from dungeoneer.solver.lines import verify_line
from dungeoneer.solver.search import DepthFirst, plain_order
from dungeoneer.solver.trigger_kernel import (
    TriggerKernel,
    TriggerNode,
    card_set_refusal,
    unsupported,
)
from tests.conftest import slow_after
from tests.solver.kernel_cards import card_game as draw_game
from tests.solver.kernel_cards import write_draw_cards
from tests.solver.test_kernel import HEROES, searched


@pytest.fixture(scope="module")
def draw_cards(tmp_path_factory: pytest.TempPathFactory):
    return write_draw_cards(tmp_path_factory.mktemp("draw-cards"))


def _trigger(code: int) -> Trigger:
    program, column, subject = code >> 16, (code >> 8 & 255) - 1, code & 255
    if program == KING_FLIP:
        return Trigger(program, Ctx(subject=subject))
    return Trigger(program, Ctx(source=subject, column=column, subject=subject))


def engine_stack(kernel: TriggerKernel, node: TriggerNode) -> tuple[object, ...]:
    """The engine's pending abilities for the kernel's position."""
    if node.pending >= 0:
        target = kernel.front(node, node.pending)
        return (Frame(ATTACK_ACTION, 1, Ctx(column=node.pending, subject=target), (), False),)
    stack: list[object] = [Batch(tuple(_trigger(code) for code in node.batch))] \
        if node.batch else []
    if node.frame >= 0:
        trigger = _trigger(node.frame >> 8)
        stack.append(Frame(trigger.ability, node.frame & 255, trigger.ctx, (), False))
    return tuple(stack)


def same_position(kernel: TriggerKernel, node: TriggerNode, state: PuzzleState) -> None:
    """The kernel's position is the engine's, field by field, pending abilities included."""
    columns = tuple(kernel.columns[c][:node.depths >> (5 * c) & 31]
                    for c in range(len(kernel.columns)))
    assert (columns, node.arsenal, node.hand, kernel.deck[node.dealt:], node.discard,
            node.kings, node.exhausted, node.collected) == (
        state.columns, state.arsenal, state.hand, state.deck, state.discard, state.kings,
        state.exhausted, state.collected)
    assert engine_stack(kernel, node) == state.stack
    assert kernel.won(node) == state.won()


def walk_both(state: PuzzleState, choices: list[int]) -> set[str]:
    """Play a game on the engine and the kernel side by side, taking the i-th move of each
    position's list from `choices`; every position's moves and every successor compared.
    Returns the kinds of decision met."""
    kernel = TriggerKernel(state)
    canonical = Canonicalizer(state.rules)
    node = kernel.start()
    kinds = set()
    for choice in choices:
        same_position(kernel, node, state)
        moves = kernel.moves(node)
        actions = [kernel.action(node, m, state) for m in moves]
        expected = list(branches(state, canonical))
        if state.options and state.options[0].kind == "pay":
            # (the kernel lists one payment per child key, as test_kernel.engine_branches)
            keys, kept = set(), []
            for action in expected:
                key = canonical.key(state.apply(action))
                if key not in keys:
                    keys.add(key)
                    kept.append(action)
            expected = kept
        assert actions == expected
        if not moves:
            break
        kinds.add(actions[0].kind)
        for move, action in zip(moves, actions, strict=True):
            child = kernel.child(node, move)
            assert isinstance(child, TriggerNode)
            same_position(kernel, child, state.apply(action))
        move = moves[choice % len(moves)]
        child = kernel.child(node, move)
        assert isinstance(child, TriggerNode)
        node, state = child, state.apply(kernel.action(node, move, state))
    return kinds


@given(hero=st.sampled_from(HEROES), seed=st.integers(0, 2**32),
       choices=st.lists(st.integers(0, 50), min_size=40, max_size=120))
@settings(max_examples=30, deadline=None)
def test_random_games_give_the_same_moves_and_successors(draw_cards, hero, seed, choices):
    walk_both(draw_game(draw_cards, hero).new_initial_state(seed=seed), choices)


def test_the_walks_meet_every_kind_of_decision(draw_cards):
    """(What the comparisons rely on: orders of abilities, yes or no, payments.)"""
    kinds: set[str] = set()
    for seed in range(40):
        state = draw_game(draw_cards, HEROES[seed % 8]).new_initial_state(seed=seed)
        kinds |= walk_both(state, [seed * 7 + i for i in range(150)])
    assert kinds == {"deal", "attack", "pay", "resolve", "yes"}


@pytest.mark.parametrize("hero, seed", slow_after(4, [(h, s) for s in (1000, 1003)
                                                     for h in HEROES]))
def test_a_search_visits_as_many_positions_as_the_engines(draw_cards, hero, seed):
    state = draw_game(draw_cards, hero).new_initial_state(seed=seed)
    found = searched(KernelDepthFirst(state, kernel=TriggerKernel(state)), 3000)
    assert found == searched(DepthFirst(state, order=plain_order), 3000)
    if found[1]:
        assert verify_line(state, found[1]).won()


def test_the_slice_refuses_other_cards():
    game = PuzzleDungeon(hero="Rogue")
    assert "Rogue" in card_set_refusal(game)
    assert unsupported(PuzzleDungeon(hero="Rogue", core=True).new_initial_state(seed=1)) != ""
