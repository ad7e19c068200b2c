"""The example records (seeds/five_minute_dungeon/examples/): each replays to its expected end
(won or lost, the reason, the final timer reading) and does what examples.toml says it shows;
together they play every action card, let every event happen, win a boss fight, use an ability
while the timer is paused and lose on time. Bad records are rejected with the file, the line,
what it says and why."""

import functools
import re
import tomllib
from pathlib import Path

import pytest

from dungeoneer.engine.errors import (
    ActionSyntaxError,
    DungeoneerError,
    IllegalActionError,
    RecordError,
)
from dungeoneer.engine.five_minute_dungeon.cards import card_set
from dungeoneer.engine.five_minute_dungeon.clock import LIMIT, parse_time
from dungeoneer.engine.records import load_record, replay, start
from tests.helpers import installed_seeds

SEEDS = installed_seeds("five_minute_dungeon")
EXAMPLES = tomllib.loads((SEEDS / "examples.toml").read_text())["example"]
CARDS = card_set()
ACTION_CARDS = {name for name, card in CARDS.hero_cards.items() if card.action}
EVENTS = {name for name, card in CARDS.dungeon.items() if card.kind == "event"}
BOSS_WON = "a boss fight won"
PAUSE = "a pause with an ability used during it"
STOPPED = "an event stopped"
TIME_LOSS = "a loss on time"
STUCK = "stuck at the boss"

_PLAY = re.compile(r"[\d:.]+ seat \d play (.+?)(?: (?:at|for|from|to) .+)?")
_USE = re.compile(r"[\d:.]+ seat \d use (.+?)(?: (?:at|for) .+)? discarding .+")
_STOPPED = re.compile(r"Seat \d plays (?:Cancel|Holy Hand Grenade): (.+) is stopped\.")


@functools.cache
def replayed(file: str):
    """The record, its state after set-up, the final state and the steps (with their logs)."""
    record = load_record(SEEDS / "examples" / file)
    _game, first = start(record)
    state, steps = replay(record, keep_log=True)
    return record, first, state, steps


def what_happened(file: str) -> set[str]:
    """What the example shows, in examples.toml's words, worked out from the replay: the action
    cards played, the events that happened (not stopped), the abilities used ('ability NAME'),
    and the special moments."""
    _record, first, state, steps = replayed(file)
    happened = set()
    boss = CARDS.bosses[state.boss - 1].card.name
    before = first
    for step in steps:
        text = step.move.text
        if match := _PLAY.fullmatch(text):
            happened.add(match.group(1))
        if match := _USE.fullmatch(text):
            happened.add(f"ability {match.group(1)}")
            if before.paused:
                happened.add(PAUSE)
        for line in step.log:
            event = line.split(":", 1)[0]
            if event in EVENTS and line == f"{event}: {CARDS.dungeon[event].text}":
                happened.add(event)
            if _STOPPED.fullmatch(line):
                happened.add(STOPPED)
        before = step.state
    outcome = state.outcome()
    log = [line for step in steps for line in step.log]
    if outcome.winners and f"{boss} is defeated (every symbol matched)." in log:
        happened.add(BOSS_WON)
    if steps and steps[-1].move.text == "300.0 time runs out" and not outcome.winners \
            and outcome.reason.startswith("time ran out"):
        happened.add(TIME_LOSS)
    if not outcome.winners and outcome.reason.startswith("stuck") and state.faced == (boss,):
        happened.add(STUCK)
    return happened


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["file"] for e in EXAMPLES])
def test_each_example_replays_to_its_end(example):
    record, _first, state, _steps = replayed(example["file"])
    outcome = state.outcome()
    assert state.is_terminal()
    assert outcome.termination.value == example["termination"]
    assert outcome.reason.startswith(example["reason"]), outcome.reason
    assert state.clock == round(example["clock"] * 10)
    assert record.get("players") == str(example["players"])
    assert len(state.game.heroes) == example["players"]


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["file"] for e in EXAMPLES])
def test_each_example_shows_what_it_says(example):
    happened = what_happened(example["file"])
    for shown in example["shows"]:
        assert shown in happened, shown


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["file"] for e in EXAMPLES])
def test_each_example_is_a_short_scripted_readable_run(example):
    """A comment says what it is about, the dungeon and the tops of the decks are written out,
    and every line carries a timer reading that never goes back, stays within the five minutes
    and stands still while the timer is paused."""
    text = (SEEDS / "examples" / example["file"]).read_text()
    assert text.startswith("# ")
    record, first, _state, steps = replayed(example["file"])
    assert record.get("dungeon") and record.get("deck 1")
    assert len(record.get("dungeon").split(",")) <= 8 and len(steps) <= 40
    readings = [parse_time(step.move.text.split()[0]) for step in steps]
    assert None not in readings
    assert readings == sorted(readings) and readings[-1] <= LIMIT
    before = first
    for step, reading in zip(steps, readings, strict=True):
        if before.paused:
            assert reading == before.clock
        before = step.state


def test_the_examples_are_the_files_in_the_folder():
    files = sorted(path.name for path in (SEEDS / "examples").glob("*.rec"))
    assert files == sorted(e["file"] for e in EXAMPLES)
    assert 4 <= len(files) <= 7


def test_the_examples_together_cover_every_action_card_event_and_ending():
    assert len(ACTION_CARDS) == 17 and len(EVENTS) == 10
    happened = set().union(*(what_happened(e["file"]) for e in EXAMPLES))
    assert not ACTION_CARDS - happened, sorted(ACTION_CARDS - happened)
    assert not EVENTS - happened, sorted(EVENTS - happened)
    assert {BOSS_WON, PAUSE, TIME_LOSS, STOPPED} <= happened
    shown = {s for e in EXAMPLES for s in e["shows"]}
    assert ACTION_CARDS | EVENTS | {BOSS_WON, PAUSE, TIME_LOSS} <= shown
    # Every hero deck is played by some team.
    colours = {c for e in EXAMPLES for c in replayed(e["file"])[2].game.colours}
    assert colours == {"Blue", "Green", "Purple", "Red", "Yellow"}


# ----------------------------------------------------------------------------- bad records

HEADER = """# a bad record
game: five-minute-dungeon
players: 2
heroes: Wizard, Barbarian
seed: 7
dungeon: Gorblin, Bottomless Pit
deck 1: Fireball, Sword, Jump, Jump, Scroll
---
"""
"""The first action is on line 9. Gorblin (Sword, Jump: a Monster) is faced, then Bottomless
Pit (an Obstacle); seat 1 starts with Fireball, Sword, Jump, Jump, Scroll."""

BAD = {
    "no time": (
        ["seat 1 play Fireball at Gorblin"], RecordError, 9,
        "every action line starts with the timer reading"),
    "time going backwards": (
        ["5.0 seat 1 play Fireball at Gorblin", "4.0 seat 1 play Jump at Bottomless Pit"],
        IllegalActionError, 10, "the timer already reads 5.0; actions come in time order"),
    "an action after 300.0": (
        ["5.0 seat 1 play Fireball at Gorblin", "300.5 seat 1 play Jump at Bottomless Pit"],
        IllegalActionError, 10, "time ran out at 300.0"),
    "an action after time ran out": (
        ["300.0 time runs out", "300.0 seat 1 play Jump at Gorblin"], RecordError, 10,
        "the game is already over here (time ran out"),
    "time running out early": (
        ["200.0 time runs out"], IllegalActionError, 9, "time runs out at 300.0"),
    "an unknown card": (
        ["5.0 seat 1 play Excalibur at Gorblin"], ActionSyntaxError, 9,
        "no hero card is called 'Excalibur'"),
    "an illegal play": (
        ["3.0 seat 1 play Sword at Gorblin", "4.0 seat 1 play Jump at Gorblin",
         "6.0 seat 1 play Fireball at Bottomless Pit"], IllegalActionError, 11,
        "'seat 1 play Fireball at Bottomless Pit' is not legal here"),
    "a reading other than the paused one": (
        ["2.0 seat 1 use Stop Time discarding Jump, Jump, Scroll",
         "3.0 seat 1 play Sword at Gorblin"], IllegalActionError, 10,
        "the timer is paused at 2.0 until a card is played"),
    "not an action": (
        ["5.0 flip the table"], ActionSyntaxError, 9, "is not a 5-Minute Dungeon action"),
    "a shuffle that did not happen": (
        ["5.0 seat 1 play Fireball at Gorblin", "~ Sword, Jump"], RecordError, 10,
        "no chance event was left for this outcome", "Sword, Jump"),
}


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.rec"
    path.write_text(text)
    return path


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_a_bad_action_line_is_rejected_with_its_line_text_and_reason(tmp_path, case):
    lines, error, line, reason, *text = BAD[case]
    text = text[0] if text else lines[line - 9]
    path = write(tmp_path, HEADER + "\n".join(lines) + "\n")
    with pytest.raises(error) as caught:
        replay(load_record(path))
    exc = caught.value
    assert isinstance(exc, DungeoneerError)
    assert (exc.file, exc.line) == (str(path), line)
    assert exc.text == text
    assert reason in exc.reason
    assert str(exc).startswith(f"{path}:{line}: {text!r}: ")
    if isinstance(exc, IllegalActionError):
        assert exc.legal and "no action is legal here" not in str(exc)


def test_the_lines_before_a_bad_one_are_fine(tmp_path):
    """The good prefixes of the bad records replay (so each error is the bad line's)."""
    for lines, _error, line, *_reason in BAD.values():
        good = [text for text in lines[:line - 9] if not text.startswith("~")]
        replay(load_record(write(tmp_path, HEADER + "\n".join(good) + "\n")))


def test_an_illegal_action_lists_what_is_legal_instead(tmp_path):
    lines = BAD["an illegal play"][0]
    with pytest.raises(IllegalActionError) as caught:
        replay(load_record(write(tmp_path, HEADER + "\n".join(lines) + "\n")))
    assert "seat 1 play Jump at Bottomless Pit" in caught.value.legal
    assert not any(" play Fireball" in text for text in caught.value.legal)
    with pytest.raises(IllegalActionError) as late:
        replay(load_record(write(tmp_path, HEADER + "\n".join(BAD["an action after 300.0"][0]))))
    assert late.value.legal == ("300.0 time runs out",)


BAD_HEADERS = {
    "an unknown header": (
        "seed: 7", "seed: 7\nhero: Wizard", 6, "hero: Wizard",
        "'hero' is not a header of 5-Minute Dungeon"),
    "a bad dungeon card": (
        "Gorblin, Bottomless Pit", "Gorblin, Bottomles Pit", 6,
        "dungeon: Gorblin, Bottomles Pit", "'Bottomles Pit' is not a door or challenge card"),
    "a dungeon card twice": (
        "Gorblin, Bottomless Pit", "Gorblin, Bottomless Pit, gorblin", 6,
        "dungeon: Gorblin, Bottomless Pit, gorblin", "Gorblin is in the dungeon twice"),
    "a boss in the dungeon": (
        "Gorblin, Bottomless Pit", "Gorblin, Baby Barbarian", 6,
        "dungeon: Gorblin, Baby Barbarian", "'Baby Barbarian' is not a door or challenge card"),
    "a card not in the deck": (
        "deck 1: Fireball", "deck 1: Firebal", 7, "deck 1: Firebal, Sword, Jump, Jump, Scroll",
        "'Firebal' is not a card left in seat 1's deck"),
    "a card the deck has run out of": (
        "deck 1: Fireball, Sword", "deck 1: Cancel, Cancel, Sword", 7,
        "deck 1: Cancel, Cancel, Sword, Jump, Jump, Scroll",
        "'Cancel' is not a card left in seat 1's deck"),
    "too many players": ("players: 2", "players: 6", 3, "players: 6", "for 2 to 5 players"),
    # The offending text is on an earlier header line too: the line at fault is blamed.
    "a card not in the second seat's deck": (
        "Jump, Scroll\n", "Jump, Scroll\ndeck 2: Fireball\n", 8, "deck 2: Fireball",
        "'Fireball' is not a card left in seat 2's deck"),
    "a second deck already in play": (
        "seed: 7", "seed: 7\nsecond-decks: Barbarian, Green", 6,
        "second-decks: Barbarian, Green", "the Red deck is already in play"),
}


@pytest.mark.parametrize("case", BAD_HEADERS, ids=list(BAD_HEADERS))
def test_a_bad_header_is_rejected_with_its_line_text_and_reason(tmp_path, case):
    old, new, line, text, reason = BAD_HEADERS[case]
    assert old in HEADER
    path = write(tmp_path, HEADER.replace(old, new, 1) + "3.0 seat 1 play Fireball at Gorblin\n")
    with pytest.raises(RecordError) as caught:
        replay(load_record(path))
    exc = caught.value
    assert (exc.file, exc.line, exc.text) == (str(path), line, text)
    assert reason in exc.reason
    assert str(exc).startswith(f"{path}:{line}: {text!r}: ")


TYPED = """# typed up at a real table
game: five-minute-dungeon
players: 3
heroes: Barbarian, Wizard, Paladin
seed: 7
dungeon: Gorblin, Steve, Invisible Wall
deck 1: Enrage, Sword, Jump, Arrow
deck 2: Scroll, Shield, Arrow, Jump
---
2.0 seat 1 play {enrage}
4.5 {stop_time}
4.5 seat 1 play {sword_arrow} at Gorblin
"""


def test_a_record_typed_up_at_a_real_table_replays(tmp_path):
    """Written in the order the table said them (Enrage's players, the cards paid), with its own
    spacing and letter case, a record replays as the one the engine writes, whose lines are in
    the one order."""
    typed = TYPED.format(enrage="enrage for seat 3 and seat 1",
                         stop_time="  SEAT 2 use Stop Time discarding Shield,Arrow ,  Scroll",
                         sword_arrow="Sword + arrow")
    written = TYPED.format(enrage="Enrage for seat 1 and seat 3",
                           stop_time="seat 2 use Stop Time discarding Arrow, Scroll, Shield",
                           sword_arrow="Sword+Arrow")
    state, steps = replay(load_record(write(tmp_path, typed)))
    again, engine_steps = replay(load_record(write(tmp_path, written)))
    assert state == again and len(steps) == 3
    assert [s.action for s in steps] == [s.action for s in engine_steps]
    assert [state.action_text(s.action) for s in steps] == [
        s.move.text for s in engine_steps]


def test_a_heal_shuffle_may_be_written_out_and_a_wrong_one_is_rejected(tmp_path):
    """The Heal of paused-timer.rec with its new draw pile written under it as a `~` line: the
    pile is then exactly that; a written order that leaves a card out names the `~` line."""
    text = (SEEDS / "examples" / "paused-timer.rec").read_text()
    heal = "24.0 seat 3 play Heal for seat 2\n"
    steps = replayed("paused-timer.rec")[3]
    index = [step.move.text for step in steps].index(heal.strip())
    before = steps[index - 1].state
    pile = sorted(before.decks[1] + before.discards[1], reverse=True)
    written = text.replace(heal, f"{heal}~ {', '.join(pile)}\n")
    _state, again = replay(load_record(write(tmp_path, written)))
    assert again[index].state.decks[1] == tuple(pile)
    assert again[-1].state.outcome() == steps[-1].state.outcome()
    line = text[:text.index(heal)].count("\n") + 2
    short = text.replace(heal, f"{heal}~ {', '.join(pile[1:])}\n")
    with pytest.raises(DungeoneerError) as caught:
        replay(load_record(write(tmp_path, short)))
    assert caught.value.line == line and "leaves out" in caught.value.reason
