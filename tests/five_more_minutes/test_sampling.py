"""The 5 More Minutes sampling bot: a filling keeps everything the seat sees and deals
the rest fairly; playouts and choices are the same for the same seed."""

import json
from collections import Counter
from dataclasses import replace

import pytest

from dungeoneer.engine import registry, session
from dungeoneer.engine.five_more_minutes import FiveMoreMinutes
from dungeoneer.engine.five_more_minutes.bots import (
    WORTHS,
    GreedyBot,
    SamplingFiveBot,
    candidates,
    fill_in,
    playout,
)
from dungeoneer.engine.five_more_minutes.effects import LucidDraw, LucidDream, SetAside
from dungeoneer.engine.rng import Stream
from dungeoneer.engine.simulate import simulate
from tests.conftest import run, slow_after

VARIANTS = ["standard", "rookie", "expert", "nightmare", "expert,nightmare"]


def positions(count, seed=11):
    """`count` positions of random lengths from games of greedy and random bots, each with the
    seat to act, over every player count and variant."""
    stream = Stream(seed)
    found = []
    while len(found) < count:
        game = FiveMoreMinutes(stream.below(5) + 2, stream.choice(VARIANTS))
        state = game.new_initial_state(seed=stream.u64())
        greedy, moves = GreedyBot(stream.u64()), stream.below(200)
        for _ in range(moves):
            if state.over:
                break
            actions = state.legal_actions()
            state = state.apply(greedy.choose(state) if stream.below(4) else
                                stream.choice(actions))
        if not state.over:
            found.append(state)
    return found


def unseen_cards(state, seat):
    return Counter(state.deck) + sum((Counter(h) for p, h in enumerate(state.hands) if p != seat),
                                     Counter())


def unseen_chips(state, seat):
    aside = Counter(t.chip for t in state.tasks if isinstance(t, SetAside))  # (F8)
    return Counter(state.blue_pile) + aside + sum((Counter(b) for p, b in enumerate(state.blue)
                                                   if p != seat), Counter())


def hidden_of(task, seat):
    """A task less what `seat` may not see in it: the chip Hallucinations set aside (F8), the
    cards another seat drew for a Lucid Dream (F11)."""
    if isinstance(task, SetAside):
        return SetAside(task.seat, (0, 0))
    if isinstance(task, LucidDraw | LucidDream) and task.seat != seat:
        return replace(task, drawn=())
    return task


@pytest.mark.parametrize("index", slow_after(1, range(4)))
def test_a_filling_keeps_everything_the_seat_sees(index):
    for state in positions(40, seed=100 + index):
        for seat in range(state.game.players):
            filled = fill_in(state, seat, 7 + seat)
            assert filled.view(seat) == state.view(seat)
            assert [hidden_of(t, seat) for t in filled.tasks] == [
                hidden_of(t, seat) for t in state.tasks]
            assert filled.legal_actions() == state.legal_actions()
            assert (filled.stages, filled.pink, filled.yellow, filled.discard) == (
                state.stages, state.pink, state.yellow, state.discard)
            # Only what the seat cannot see moves: the same cards and chips, counts kept.
            assert unseen_cards(filled, seat) == unseen_cards(state, seat)
            assert unseen_chips(filled, seat) == unseen_chips(state, seat)
            assert [len(h) for h in filled.hands] == [len(h) for h in state.hands]
            assert all(list(h) == sorted(h) for h in (*filled.hands, *filled.blue))
            kinds = state.game.kinds
            assert not any(kinds[c].special for h in filled.hands for c in h)
            if "nightmare" in state.game.variants:  # dark chips are shown when received
                assert [[c for c in b if c[1]] for b in filled.blue] == [
                    [c for c in b if c[1]] for b in state.blue]
            assert filled.stream != state.stream


def test_a_filling_is_the_same_for_a_seed_and_sees_only_the_seats_view():
    for state in positions(20):
        seat = state.current_player()
        assert fill_in(state, seat, 5) == fill_in(state, seat, 5)
        # Two positions without a history the seat cannot tell apart are filled alike (with a
        # history, what it saw happen counts too: test_knowledge.py).
        plain = replace(state, events=None)
        other = fill_in(plain, seat, 99)
        assert fill_in(other, seat, 5) == fill_in(plain, seat, 5)


@pytest.mark.slow
def test_a_hidden_card_is_dealt_to_a_hand_as_often_as_its_share_says():
    state = next(replace(s, events=None) for s in positions(60, seed=3)  # (from the view)
                 if s.game.players == 2 and len(s.hands[1]) >= 2 and len(s.deck) >= 8)
    seat, other = 0, 1
    kinds = state.game.kinds
    pool = Counter({c: n for c, n in unseen_cards(state, seat).items() if not kinds[c].special})
    card, copies = pool.most_common(1)[0]
    held, size = len(state.hands[other]), sum(pool.values())
    fills = 3000
    counts = [fill_in(state, seat, s).hands[other].count(card) for s in range(fills)]
    # Hypergeometric: mean held*copies/size, and its variance.
    mean = held * copies / size
    variance = held * copies / size * (1 - copies / size) * (size - held) / (size - 1)
    assert abs(sum(counts) / fills - mean) < 4 * (variance / fills) ** 0.5
    values = [sum(v for v, _ in fill_in(state, seat, s).blue[other]) for s in range(fills)]
    chips = unseen_chips(state, seat)
    per_chip = sum(v * n for (v, _), n in chips.items()) / sum(chips.values())
    assert abs(sum(values) / fills - per_chip * len(state.blue[other])) < 0.1


def test_a_playout_is_a_greedy_game_to_the_end():
    for index, state in enumerate(positions(12)):
        seat = state.current_player()
        bot, end = GreedyBot(index), state
        while not end.over:
            end = end.apply(bot.choose(end))
        winners = end.outcome().winners
        expected = 1 / len(winners) if seat in winners else 0.0
        assert playout(state, seat, index) == expected


def test_candidates_put_the_greedy_choice_first():
    for state in positions(30):
        actions = state.legal_actions()
        found = candidates(state, actions)
        assert found and len(set(found)) == len(found) and set(found) <= set(actions)
        worths = WORTHS[state.decision.NAME](state.seat_view(state.current_player()), actions)
        assert worths[actions.index(found[0])] == max(worths)


def test_the_sampling_bot_chooses_the_same_for_the_same_seed():
    for state in positions(6, seed=8):
        choices = {SamplingFiveBot(3, samples=2).choose(state) for _ in range(2)}
        assert len(choices) == 1 and choices <= set(state.legal_actions())


def test_a_game_with_a_sampling_seat_is_the_same_for_the_same_seed():
    game = registry.get_game("five-more-minutes", {"players": "2"})

    def moves():
        seats = session.seat_bots("five-more-minutes", ["sampling", "greedy"], 4)
        return session.start(game, 4, seats).run().moves

    assert moves() == moves()


@pytest.mark.slow
def test_a_simulation_with_sampling_bots_does_not_depend_on_the_workers():
    args = {"players": 2, "bots": ["sampling", "greedy"], "seed": 3}
    assert simulate("five-more-minutes", 2, workers=1, **args) == simulate(
        "five-more-minutes", 2, workers=2, **args)


def test_the_command_line_takes_the_sampling_bot(tmp_path):
    result = run("simulate", "five-more-minutes", "--bot", "sampling", "--bot", "greedy",
                 "--players", "2", "--games", "2", "--json")
    assert result.exception is None and result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["strategies"]["sampling"]["games"] == 2
    out = tmp_path / "game.rec"
    result = run("play", "five-more-minutes", "--bot", "sampling", "--bot", "greedy", "--seed",
                 "2", "--record", str(out))
    assert result.exception is None and result.exit_code == 0, result.output
    partial = tmp_path / "partial.rec"
    partial.write_text("game: five-more-minutes\nplayers: 2\nseed: 3\n---\nbonus A\n~ 6\n")
    result = run("replay", str(partial), "--then", "sampling")
    assert result.exception is None and result.exit_code == 0, result.output
    assert "Game over: finished" in result.output
