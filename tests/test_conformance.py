"""What every registered game must do, checked the same way for each (as OpenSpiel's consistency
tests run over every game it registers): seeded random playouts through the protocol only, in
which every action reads back from its notation, states never change, chance comes only from
the state, records round-trip and replay to the same positions, views hold nothing the seat
cannot know, and the same seed plays the same game in another process under another hash seed.

A game installed from another package is checked too: the cases are made from the registry.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from dungeoneer.engine import registry
from dungeoneer.engine.protocol import ANY_PLAYER, TERMINAL, Action, Game, RealTimeState, State
from dungeoneer.engine.records import dumps, parse_record, record_for, replay
from dungeoneer.engine.rng import Stream

MAX_ACTIONS = 3000
"""Every game here ends far sooner under random play."""

EVERY = 7
"""The costlier checks (the whole JSON before and after, resampled views) run at every 7th
position, and at the first and the last."""

OPTIONS: dict[str, tuple[dict[str, str], ...]] = {
    "dinky-dungeon": ({"players": "4"},),
    "five-more-minutes": ({"players": "5", "variant": "expert,nightmare"},),
    "five-minute-dungeon": ({"players": "3", "boss": "4"},),
    "puzzle-dungeon": ({"hero": "Skull Alchemist", "traps": "Rope Snare"},),
}
"""Options besides each game's defaults, so that more of the rules are played."""


@dataclass(frozen=True)
class Case:
    game: str
    options: dict[str, str]
    seed: int

    def __str__(self) -> str:
        written = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.game}[{written}]-{self.seed}"

    def made(self) -> Game:
        return registry.get_game(self.game, self.options)


def cases() -> list[Case]:
    found = []
    for entry in registry.entries():
        configurations = ({}, *OPTIONS.get(entry.name, ()))
        found += [Case(entry.name, options, seed)
                  for seed, options in enumerate(configurations, start=1)]
    return found


CASES = cases()


def chosen(state: State, stream: Stream) -> Action:
    """A random legal action; in a real-time game it happens at the timer's reading, and the time
    runs out only when nothing else can happen."""
    legal = state.legal_actions()
    if isinstance(state, RealTimeState) and state.game.info.real_time:
        out = state.time_runs_out()
        others = [a for a in legal if a != out]
        if not others:
            return state.at(out, state.game.info.time_limit or 0)
        return state.at(others[stream.below(len(others))], state.clock)
    return legal[stream.below(len(legal))]


def playout(case: Case) -> Iterator[tuple[State, Action, State]]:
    """(state, action, next state) of a seeded random game, to its end."""
    state = case.made().new_initial_state(seed=case.seed)
    stream = Stream(case.seed)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return
        action = chosen(state, stream)
        after = state.apply(action)
        yield state, action, after
        state = after
    pytest.fail(f"{case}: no end within {MAX_ACTIONS} actions")


def frozen(state: State) -> str:
    """Everything a state holds, as text, to compare before and after."""
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_random_game_keeps_to_the_protocol(case):
    game = case.made()
    info = game.info
    steps = list(playout(case))
    assert steps, "a game with no action"
    for number, (state, action, after) in enumerate(steps):
        costly = number % EVERY == 0 or number == len(steps) - 1
        seat = state.current_player()
        assert seat == ANY_PLAYER if info.real_time and seat < 0 else 0 <= seat < game.players
        assert not state.is_terminal() and state.outcome() is None
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal), "distinct legal actions"
        for each in legal:  # every action reads back from what the record writes
            assert state.parse_action(state.action_text(each)) == each
        assert state.public_action_text(action)
        before = (hash(state), frozen(state)) if costly else (hash(state), "")
        again = state.apply(action)
        assert again == after and hash(again) == hash(after), "chance comes from the state"
        assert hash(state) == before[0] and (not costly or frozen(state) == before[1]), \
            "applying an action changed the state"
        assert state.with_chance(()).pending_chance() == state.pending_chance()
    last = steps[-1][2]
    assert last.is_terminal() and last.current_player() == TERMINAL
    assert last.legal_actions() == () and last.outcome() is not None


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_random_game_round_trips_through_its_record_and_replays(case):
    steps = list(playout(case))
    game = case.made()
    moves = [state.action_text(action) for state, action, _ in steps]
    text = dumps(record_for(game, case.seed, moves))
    record = parse_record(text)
    assert dumps(record) == text
    reached, replayed = replay(record)
    assert reached == steps[-1][2]
    assert [step.state for step in replayed] == [after for _, _, after in steps]
    assert [step.move.text for step in replayed] == moves


@pytest.mark.parametrize("case", [c for c in CASES
                                  if registry.entry(c.game).info.hidden_information], ids=str)
def test_a_view_holds_nothing_its_seat_cannot_know(case):
    """Each seat's view is the same in every position the seat cannot tell from the real one
    (its hidden cards dealt anew: `GameEntry.resample`), and the views and outcomes are JSON."""
    entry = registry.entry(case.game)
    if entry.resample is None:
        pytest.skip(f"{case.game} declares no resampling")
    steps = list(playout(case))
    players = case.made().players
    differed = False
    for number, (state, _, _) in enumerate(steps):
        if number % EVERY:
            continue
        for seat in range(players):
            view = state.view(seat)
            json.dumps(view)
            other = entry.resample(state, seat, case.seed + number)
            assert other.view(seat) == view, f"seat {seat + 1}'s view at step {number}"
            differed = differed or frozen(other) != frozen(state)
    assert differed, "the resampled positions never differed: the check would see no leak"
    outcome = steps[-1][2].outcome()
    assert outcome is not None
    json.dumps(outcome.to_json())


def digests() -> list[str]:
    """Every case with its moves digested, played in this process."""
    found = []
    for case in CASES:
        moves = "\n".join(state.action_text(action) for state, action, _ in playout(case))
        found.append(f"{case} {hashlib.sha256(moves.encode()).hexdigest()}")
    return found


PLAYOUT_SCRIPT = """
from tests.test_conformance import digests
print("\\n".join(digests()))
"""


def digests_elsewhere(hash_seed: str) -> list[str]:
    """`digests()` in a new process under PYTHONHASHSEED=hash_seed."""
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", PLAYOUT_SCRIPT], cwd=root, check=True,
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONHASHSEED": hash_seed})
    return done.stdout.splitlines()


def test_the_same_seed_plays_the_same_game_in_any_process_and_under_any_hash_seed():
    """Nothing depends on `hash()` or on the process: sets and dicts of strings iterate in
    another order under another hash seed, and would change a game that read them in order.
    This process and a new one, under a hash seed other than this one's."""
    other = "0" if os.environ.get("PYTHONHASHSEED") == "4242" else "4242"
    here, there = digests(), digests_elsewhere(other)
    assert here == there and len(here) == len(CASES)
