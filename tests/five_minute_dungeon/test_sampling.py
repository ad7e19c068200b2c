"""The 5-Minute Dungeon sampling team: its fillings change only what nobody at the table
knows, it times every action as the heuristic team does, and the same seed plays the same run."""

from collections import Counter

import pytest

from dungeoneer.engine import registry
from dungeoneer.engine.five_minute_dungeon.bots import HeuristicTeam, SamplingTeam, fill_in
from dungeoneer.engine.protocol import ANY_PLAYER


def positions(seed=4, players=3, boss=2, every=5):
    """Positions of a heuristic run, every `every` actions."""
    game = registry.get_game("five-minute-dungeon", {"players": str(players), "boss": str(boss)})
    state, team, found = game.new_initial_state(seed=seed), HeuristicTeam(seed), []
    while not state.is_terminal():
        found.append(state)
        state = state.apply(team.choose(state))
    return found[::every]


def kinds(state, dungeon):
    """How many door and challenge cards (by their backs) a dungeon deck holds."""
    doors = set(state.game.cards.doors)
    return sum(name in doors for name in dungeon), sum(name not in doors for name in dungeon)


def test_a_filling_looks_the_same_to_the_team():
    for index, state in enumerate(positions()):
        filled = fill_in(state, index)
        assert filled.view(ANY_PLAYER) == state.view(ANY_PLAYER)
        assert [Counter(d) for d in filled.decks] == [Counter(d) for d in state.decks]
        assert kinds(state, filled.dungeon) == kinds(state, state.dungeon)
        assert filled.legal_actions() == state.legal_actions()
        met = Counter([*state.beaten, *state.faced])
        unmet = Counter([*state.game.cards.doors, *state.game.cards.challenges]) - met
        assert not Counter(filled.dungeon) - unmet  # only cards not yet met
        assert fill_in(state, index) == filled


def test_fillings_vary_with_the_seed():
    state = positions()[2]
    orders = {fill_in(state, seed).dungeon for seed in range(10)}
    decks = {fill_in(state, seed).decks for seed in range(10)}
    assert len(orders) > 5 and len(decks) > 5


def test_it_times_its_actions_as_the_heuristic_team_does():
    """Where it has nothing to sample it plays the heuristic's action; every action it takes
    happens when the time model says its player is ready, never past the five minutes."""
    state = positions(players=2, boss=1)[0]
    sampling, heuristic = SamplingTeam(5), HeuristicTeam(5)
    for _ in range(12):
        if state.is_terminal():
            break
        choices = [a for a in state.legal_actions() if a.kind != "timeout"]
        sampled = len(sampling.candidates(state, choices)) > 1
        ready = {seat: sampling.time.when(state, seat) for seat in range(state.game.players)}
        action = sampling.choose(state)
        expected = heuristic.choose(state)
        if not sampled:
            assert action == expected
        at = state.time_of(action)
        assert at is not None and state.clock <= at <= 3000
        if action.kind != "timeout" and action.arg.seat is not None and not state.paused:
            assert at == ready[action.arg.seat]
        state = state.apply(action)
        heuristic.time.ready = dict(sampling.time.ready)  # follow the sampled line


@pytest.mark.slow
def test_the_same_seed_plays_the_same_run():
    from dungeoneer.engine.simulate import play_run

    job = ("five-minute-dungeon", {"players": "2", "boss": "1"}, "sampling", 5.0, 3)
    assert play_run(job) == play_run(job)
