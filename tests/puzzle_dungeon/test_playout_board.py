"""Playing on one working board: `Board.act` comes to the same positions as
`PuzzleState.apply`, the board's legal actions and outcome are the state's, and the eager
player, which plays its playouts that way and checks only the columns it would pick from, plays
the same games as before. The shortcuts a playout takes come to what the long way does: a deal
with nothing to trigger moves the card without the interpreter, and the eager player's options,
read on from one position to the next (`EagerOptions`), are the ones read afresh."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, effects, rules
from dungeoneer.engine.puzzle_dungeon.board import DEAL, NO_CTX, Board, Frame
from dungeoneer.engine.puzzle_dungeon.bots import (
    EagerOptions,
    advances,
    eager_options,
    missing_kinds,
)
from dungeoneer.engine.puzzle_dungeon.state import freeze
from dungeoneer.engine.rng import Stream
from dungeoneer.generator.players import eager_playout
from tests.puzzle_dungeon.test_properties import SETTINGS, games, random_game


@pytest.mark.slow
@settings(SETTINGS, max_examples=60)
@given(games, st.integers(0, 2**32), st.data())
def test_a_board_played_on_meets_the_same_positions_as_apply(game, seed, data):
    board = None
    for state, action, after in random_game(game, seed, data):
        if board is None:
            board = Board(state)
        assert board.legal_actions() == state.legal_actions()
        assert board.won() == state.won()
        board.act(action)
        assert freeze(board) == after
        assert freeze(board).to_json() == after.to_json()
    if board is not None:
        assert board.legal_actions() == ()


def _eager_options_as_first_written(state):
    """The eager player's options as it first chose them: from every legal action."""
    actions = state.legal_actions()
    attacks = [a for a in actions if a.kind == "attack"]
    if not attacks:
        return list(actions)
    missing = missing_kinds(state)
    wanted = [a for a in attacks if advances(state, state.columns[a.arg][-1], missing)]
    return wanted or attacks


@pytest.mark.slow
@settings(SETTINGS, max_examples=60)
@given(games, st.integers(0, 2**32), st.data())
def test_the_eager_options_are_the_legal_ones_it_would_pick_from(game, seed, data):
    for state, _action, _after in random_game(game, seed, data):
        if not state.options:
            assert eager_options(state) == _eager_options_as_first_written(state)


@pytest.mark.slow
@settings(SETTINGS, max_examples=60)
@given(games, st.integers(0, 2**32), st.data())
def test_the_eager_options_read_on_through_a_game_are_the_ones_read_afresh(game, seed, data):
    # One reader for the whole game, on a board played on as a playout plays it: what it keeps
    # from one position to the next (and what it skips after a card dealt onto a position with
    # no attack) must never change its answer.
    board, read_on = None, EagerOptions()
    for state, action, _after in random_game(game, seed, data):
        if board is None:
            board = Board(state)
        if not state.options:
            assert read_on(board) == _eager_options_as_first_written(state)
        board.act(action)


@pytest.mark.slow
@settings(SETTINGS, max_examples=60)
@given(games, st.integers(0, 2**32), st.data())
def test_a_deal_with_nothing_to_trigger_comes_to_what_the_interpreter_does(game, seed, data):
    for state, _action, _after in random_game(game, seed, data):
        if state.options or DEAL not in state.legal_actions():
            continue
        short, long = Board(state, []), Board(state, [])
        short.act(DEAL)
        long.stack.append(Frame(effects.DEAL_ACTION, 0, NO_CTX, (), False))
        long.options = long.resolve()
        assert freeze(short) == freeze(long)
        assert short.log == long.log


def test_a_deal_that_triggers_an_ability_still_resolves_it():
    # Skull Warrior, 'When you deal an 8, discard it.' (heroes.toml): deal 17's deck begins with
    # an 8, so this deal is not the card's move alone.
    state = PuzzleDungeon(hero="Skull Warrior").new_initial_state(seed=17)
    eight = state.deck[0]
    assert state.rules.cards.arsenal[eight].value == 8
    board = Board(state)
    board.act(DEAL)
    assert eight in board.discard and eight not in board.arsenal


def test_an_attack_may_take_as_many_arsenal_cards_as_its_defense_has_suits():
    # Rogue deal 6: the Animated Weapons at the front of column 3 can be paid with the four front
    # arsenal cards alone, one for each suit of its defense, with two more cards behind them
    # (out of every payment's reach, so the payments leave them out).
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=6)
    target = state.columns[2][-1]
    suits = sum(rules.face(state, target).defense)
    assert len(state.arsenal) > suits
    found = list(rules.payments(state, target))
    assert max(len(p.arsenal) for p in found) == suits
    assert len(rules.CardOrderPayments(state, target)) == len(
        [p for p in found if rules.in_card_order(p)])


EAGER_WINS = [2, 0, 1, 2, 0, 1, 1, 1, 4, 0, 0, 1, 1, 0, 4, 1, 0, 1, 3, 0,
              0, 1, 2, 0, 1, 0, 0, 0, 1, 1, 2, 4, 3, 1, 2, 0, 1, 0, 0, 0]
"""Wins of 10 eager games on each of deals 1-40 (heroes in turn), computed before the eager
player played on a board: the rating counts these games, so they must not change."""


@pytest.mark.slow
def test_the_eager_player_plays_the_games_it_played_on_frozen_positions():
    heroes = ["Rogue", "Warrior", "Bodyguard", "Alchemist"]
    wins = []
    for seed in range(1, 41):
        state = PuzzleDungeon(hero=heroes[seed % 4]).new_initial_state(seed=seed)
        stream = Stream(seed)
        wins.append(sum(eager_playout(state, stream) for _ in range(10)))
    assert wins == EAGER_WINS
    assert stream.state == 5546194820897970481  # (and drew the same chances on the last deal)
