"""The example records in seeds/puzzle_dungeon/examples replay to their expected ends."""


import pytest

from dungeoneer.engine.protocol import Termination
from dungeoneer.engine.records import load_record, replay
from tests.helpers import codes, installed_seeds, names

EXAMPLES = installed_seeds("puzzle_dungeon") / "examples"


def test_every_example_is_tested():
    assert sorted(p.name for p in EXAMPLES.glob("*.rec")) == [
        "rogue-win.rec", "traps-and-treasures-loss.rec", "written-shuffle.rec"]


def test_rogue_win():
    state, steps = replay(load_record(EXAMPLES / "rogue-win.rec"))
    assert len(steps) == 34
    assert state.outcome().termination is Termination.WON
    assert sorted(names(state, state.collected)) == [
        "Animated Weapons", "Automaton", "Goblin", "Haunted Armor", "Lich", "Ratman", "Reaper",
        "Stone Golem", "Witch"]


def test_traps_and_treasures_loss():
    state, steps = replay(load_record(EXAMPLES / "traps-and-treasures-loss.rec"))
    assert len(steps) == 66
    outcome = state.outcome()
    assert outcome.termination is Termination.LOST
    assert "chest 2/4, goblin 0/2, wisp 2/2" in outcome.reason
    tts = state.rules.cards.trap_treasures
    assert [tts[t].name for t in state.removed] == ["Cursed Lantern", "Bear Trap"]


def test_written_shuffle():
    state, _steps = replay(load_record(EXAMPLES / "written-shuffle.rec"))
    assert state.outcome() is None
    assert codes(state, state.arsenal) == "6H 7H 7M"
    assert codes(state, state.deck).startswith("6M 5M 4M")


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.rec")), ids=lambda p: p.name)
def test_examples_round_trip_through_the_writer(path):
    from dungeoneer.engine.records import dumps, parse_record
    record = load_record(path)
    assert parse_record(dumps(record)) == record
