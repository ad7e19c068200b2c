"""Fuzzing every game's action parser: at positions reached by random legal play, text made of
the game's own words, legal actions with a word changed, and hostile words. `parse_action` returns
a legal action or raises the project's error (ActionSyntaxError, IllegalActionError, which list
what was legal); nothing else."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dungeoneer.engine import registry
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.protocol import State
from dungeoneer.engine.rng import Stream
from tests.fuzz.common import HOSTILE_WORDS, fuzz_settings

GAMES = [info.name for info in registry.registered()]


def _position(name: str, seed: int, steps: int) -> State:
    """The position after `steps` random legal actions from the deal of `seed`."""
    state = registry.get_game(name).new_initial_state(seed=seed)
    stream = Stream(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state = state.apply(stream.choice(state.legal_actions()))
    return state


@st.composite
def typed_text(draw: st.DrawFn, state: State) -> str:
    """What a person might type: a legal action with a word changed, added or dropped, a mix of
    the game's words, or a hostile word."""
    texts = [state.action_text(a) for a in state.legal_actions()] or ["deal"]
    words = sorted({w for t in texts for w in t.split()})
    words += list(HOSTILE_WORDS)
    how = draw(st.sampled_from(("change", "add", "drop", "mix", "hostile")))
    chosen = draw(st.sampled_from(texts)).split()
    if how == "change" and chosen:
        chosen[draw(st.integers(0, len(chosen) - 1))] = draw(st.sampled_from(words))
    elif how == "add":
        chosen.insert(draw(st.integers(0, len(chosen))), draw(st.sampled_from(words)))
    elif how == "drop" and chosen:
        del chosen[draw(st.integers(0, len(chosen) - 1))]
    elif how == "mix":
        chosen = draw(st.lists(st.sampled_from(words), min_size=1, max_size=6))
    else:
        chosen = [draw(st.sampled_from(HOSTILE_WORDS))]
    return " ".join(chosen)


@pytest.mark.parametrize("name", GAMES)
@fuzz_settings(60)
@given(data=st.data())
def test_typed_text_is_a_legal_action_or_one_clear_error(name: str, data: st.DataObject) -> None:
    seed = data.draw(st.integers(0, 30), label="seed")
    state = _position(name, seed, data.draw(st.integers(0, 60), label="steps"))
    if state.is_terminal():
        return
    text = data.draw(typed_text(state), label="text")
    try:
        action = state.parse_action(text)
    except DungeoneerError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert action in state.legal_actions()
