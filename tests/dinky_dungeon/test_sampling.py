"""The Dinky Dungeon sampling bot: its fillings change only what the seat cannot see,
deal the hidden cards fairly, and the bot's games are the same for the same seed."""

import json
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings

from dungeoneer.engine.dinky_dungeon import DinkyDungeon
from dungeoneer.engine.dinky_dungeon.bots import (
    SAMPLED,
    GreedyBot,
    SamplingBot,
    Seen,
    fill_in,
    make_bot,
)
from dungeoneer.engine.dinky_dungeon.effects import Keep
from dungeoneer.engine.simulate import play_game
from tests.conftest import run
from tests.dinky_dungeon.helpers import conserved, games, play, random_game, table


def hidden_counts(state, seat):
    """How many cards each place the seat cannot see holds."""
    others = [s for s in range(state.game.players) if s != seat]
    return ([len(state.hands[s]) for s in others], [len(state.rewards[s]) for s in others],
            len(state.adventurers), len(state.dungeon),
            [len(t.dealt) for t in state.tasks if isinstance(t, Keep) and t.seat != seat])


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(games)
def test_a_filling_looks_the_same_from_the_seat(game):
    """Whatever the seat sees (its view, the legal actions when it is to act) is unchanged; every
    card is still somewhere exactly once, each hidden place keeps its count."""
    states, _ = random_game(*game)
    for index, state in enumerate(states[:-1]):
        for seat in range(state.game.players):
            filled = fill_in(state, seat, index * 7 + seat)
            assert filled.view(seat) == state.view(seat)
            assert conserved(filled)
            assert hidden_counts(filled, seat) == hidden_counts(state, seat)
            assert filled.tasks[-1].seat == state.tasks[-1].seat
            if seat == state.current_player():
                assert filled.legal_actions() == state.legal_actions()
                for action in filled.legal_actions():  # each one can be played out
                    assert conserved(filled.apply(action))
            for zone in (*filled.hands, *filled.rewards):
                assert list(zone) == sorted(zone)


@settings(max_examples=15, deadline=None)
@given(games)
def test_a_position_without_a_history_is_filled_in_from_its_view_and_the_seed(game):
    """Two positions without a history (so what the seat knows is its view) that the seat
    cannot tell apart give the same filling for the same seed, and so the same choice of the
    sampling bot (with a history: test_knowledge.py, twin games)."""
    states, _ = random_game(*game)
    for index, state in enumerate(states[:-1:4]):
        seat = state.current_player()
        state = replace(state, events=None)
        other = fill_in(state, seat, 1000 + index)  # the hidden cards dealt another way
        assert fill_in(other, seat, 5) == fill_in(state, seat, 5)
        assert make_bot("sampling", 9).choose(other) == make_bot("sampling", 9).choose(state)


def test_hidden_cards_are_dealt_in_proportion():
    """Over many fillings, the other seat's hand holds each adventurer as often as its share of
    the cards seat 1 has not seen, and its rewards each level likewise (within a few points)."""
    state = table(players=2, hands=[["Bard"], ["Lord", "Monk"]], rewards=[[1, 2], [1, 1, 3]],
                  row=["Ninja", "Fighter", "Clown", "Shaman"])
    pool = Counter([*state.hands[1], *state.adventurers])
    levels = Counter([*state.rewards[1], *state.dungeon])
    fillings = 3000
    held, gained = Counter(), Counter()
    for seed in range(fillings):
        filled = fill_in(state, 0, seed)
        held.update(filled.hands[1])
        gained.update(filled.rewards[1])
    for name, copies in pool.items():
        expected = 2 * copies / sum(pool.values())
        assert abs(held[name] / fillings - expected) < 0.03, name
    for level, copies in levels.items():
        expected = 3 * copies / sum(levels.values())
        assert abs(gained[level] / fillings - expected) < 0.05, level


def test_the_same_seed_plays_the_same_game():
    job = ("dinky-dungeon", 3, ("sampling", "greedy", "greedy"), 17)
    first = play_game(job)
    assert first == play_game(job)
    assert first["bots"] == ["sampling", "greedy", "greedy"]
    state = DinkyDungeon(4).new_initial_state(seed=3)
    choices = [SamplingBot(11, samples=3).choose(state) for _ in range(2)]
    assert choices[0] == choices[1]


def test_it_samples_only_the_decisions_that_shape_the_game():
    """At a sampled decision its candidates are greedy's two best, best first; at any other,
    greedy's choice alone."""
    kinds = set()
    for game in ((4, 3, 8), (3, 21, 5), (2, 40, 2)):
        states, _ = random_game(*game)
        for state in states[:-1]:
            actions = state.legal_actions()
            if len(actions) < 2:
                continue
            kind = type(state.tasks[-1]).__name__
            kinds.add(kind)
            candidates = SamplingBot(4, width=2).candidates(state, actions)
            greedy = GreedyBot(0)
            scores = greedy.scores(greedy.seen(state), actions)
            if kind not in SAMPLED:
                assert len(candidates) == 1
                assert scores[actions.index(candidates[0])] == max(scores)
                continue
            values = [scores[actions.index(c)] for c in candidates]
            assert len(candidates) == 2 and values == sorted(scores, reverse=True)[:2]
    assert {"Take", "Play"} <= kinds and kinds - SAMPLED


def test_greedy_reads_the_state_as_its_view():
    """The greedy bot's light reading of the state gives the scores its view gives."""
    states, _ = random_game(4, 12, 34)
    for state in states[:-1]:
        seat = state.current_player()
        bot = GreedyBot(0)
        actions = state.legal_actions()
        assert bot.scores(bot.seen(state), actions) == bot.scores(Seen(state.view(seat)), actions)


@pytest.mark.slow
def test_simulate_with_the_sampling_bot_from_the_command_line():
    args = ("simulate", "dinky-dungeon", "--games", "4", "--players", "4", "--bot", "sampling",
            "--bot", "greedy", "--json")
    one = run(*args)
    assert one.exit_code == 0 and one.exception is None, one.output
    report = json.loads(one.output)
    assert report["strategies"]["sampling"]["games"] == 8  # two seats of four, in each game
    two = run(*args, "--workers", "2")
    assert two.exit_code == 0 and two.exception is None, two.output
    assert json.loads(two.output) == report


def test_play_and_replay_then_take_the_sampling_bot(tmp_path):
    played = run("play", "dinky-dungeon", "--bot", "sampling", "--bot", "greedy", "--seed", "5")
    assert played.exit_code == 0 and played.exception is None, played.output
    assert "Game over: finished" in played.output
    partial = tmp_path / "partial.rec"
    partial.write_text("game: dinky-dungeon\nplayers: 2\nseed: 3\n---\n")
    result = run("replay", str(partial), "--then", "sampling")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "more moves by sampling" in result.output


def test_what_a_pending_effect_shows_the_seat_stays():
    """The deck a Swordsman searches keeps its cards (only their order changes); the hands a
    Clown revealed stay where they are."""
    search = play(table(players=3, hands=[["Swordsman"], ["Bard"], ["Lord"]],
                        rewards=[[], [1, 1, 1], [1, 2]], step="play"), "play Swordsman")
    assert search.legal_actions()[-1].arg == 4
    for seed in range(20):
        filled = fill_in(search, 0, seed)
        assert sorted(filled.dungeon) == sorted(search.dungeon)
        assert conserved(play(filled, "ones 4"))
    clown = play(table(players=3, hands=[["Clown"], ["Bard"], ["Lord", "Monk"]], step="play"),
                 "play Clown")
    assert fill_in(clown, 0, 3).hands == clown.hands
