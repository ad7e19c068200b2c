"""The example records: each replays to its expected scores and winners, and together they play
every dream card, both special cards, a '5 More Minutes' avoiding a return, a chip taken from a
player, a reshuffle of the used cards, and every variant."""

import tomllib

import pytest

from dungeoneer.engine.five_more_minutes import FiveMoreMinutes
from dungeoneer.engine.records import load_record, replay
from tests.helpers import installed_seeds

SEEDS = installed_seeds("five_more_minutes")
EXAMPLES = tomllib.loads((SEEDS / "examples.toml").read_text())["example"]
CHECKS = {
    "Alarm Clock drawn": "draws the Alarm Clock",
    "Sleep Master drawn": "draws the Sleep Master",
    "5 More Minutes avoids a return": "plays 5 More Minutes and stays",
    "a chip taken from a player": "chip from seat",
    "the used cards reshuffled": "the used cards are shuffled",
    "Nightmare variant": "a nightmare!",
}


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["file"] for e in EXAMPLES])
def test_each_example_replays_to_its_result(example):
    record = load_record(SEEDS / "examples" / example["file"])
    state, steps = replay(record, keep_log=True)
    outcome = state.outcome()
    assert list(outcome.scores) == example["scores"]
    assert [w + 1 for w in outcome.winners] == example["winners"]
    played = {s.move.text.split(" ", 1)[1] for s in steps if s.move.text.startswith("play ")}
    log = "\n".join(line for s in steps for line in s.log)
    for shown in example["shows"]:
        if shown in FiveMoreMinutes(2).kinds:
            assert shown in played
        elif shown in CHECKS:
            assert CHECKS[shown] in log, shown
        elif shown.endswith("variant"):
            assert shown.split()[0].lower() in (record.get("variant") or "")
        elif shown == "a tie broken by pink chips":
            best = max(outcome.scores)
            assert list(outcome.scores).count(best) > 1 and len(outcome.winners) == 1
        else:
            raise AssertionError(f"no check for {shown!r}")


def test_the_examples_cover_every_card_and_variant():
    shown = {s for e in EXAMPLES for s in e["shows"]}
    kinds = set(FiveMoreMinutes(2).kinds) - {"5 More Minutes", "Alarm Clock", "Sleep Master"}
    assert kinds <= shown
    assert set(CHECKS) <= shown and {"Expert variant", "Rookie variant"} <= shown
    assert "a tie broken by pink chips" in shown
