"""The example records: each replays to its expected final scores, and together they show every
adventurer played, the Scapegoat turning an effect away, a Berserker bust, a short dungeon deck,
and both game ends."""

import tomllib

import pytest

from dungeoneer.engine.dinky_dungeon import DinkyDungeon
from dungeoneer.engine.records import load_record, replay
from tests.helpers import installed_seeds

SEEDS = installed_seeds("dinky_dungeon")
EXAMPLES = tomllib.loads((SEEDS / "examples.toml").read_text())["example"]


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["file"] for e in EXAMPLES])
def test_each_example_replays_to_its_scores(example):
    state, steps = replay(load_record(SEEDS / "examples" / example["file"]), keep_log=True)
    outcome = state.outcome()
    assert outcome is not None
    assert list(outcome.scores) == example["scores"]
    assert [w + 1 for w in outcome.winners] == example["winners"]
    played = {s.move.text.split(" ", 1)[1] for s in steps if s.move.text.startswith("play ")}
    log = "\n".join(line for s in steps for line in s.log)
    for shown in example["shows"]:
        if shown in {a.name for a in DinkyDungeon(2).cards.adventurers}:
            assert shown in played
        elif shown == "Scapegoat defence":
            assert "discards the Scapegoat and draws an adventurer instead" in log
        elif shown == "Berserker bust":
            assert "Lv. 3 or higher" in log
        elif shown == "short dungeon deck":
            assert "is short by" in log
        elif shown == "end: deck":
            assert "dungeon deck is empty" in outcome.reason
        elif shown == "end: target":
            assert "reached" in outcome.reason


def test_the_examples_cover_every_adventurer_and_both_ends():
    shown = {s for e in EXAMPLES for s in e["shows"]}
    names = {a.name for a in DinkyDungeon(2).cards.adventurers}
    assert names <= shown
    assert {"end: deck", "end: target", "Scapegoat defence", "Berserker bust"} <= shown
