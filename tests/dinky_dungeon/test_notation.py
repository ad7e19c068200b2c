"""Dinky Dungeon's notation and the shape of its tasks: each decision reads its actions in any
spacing and case and writes one canonical form; what other seats see and what a decision asks
are the decision's own; the table declares the state's fields."""

from dataclasses import fields

import pytest
from hypothesis import given, settings

from dungeoneer.engine.dinky_dungeon import DinkyState
from dungeoneer.engine.dinky_dungeon.board import Board
from dungeoneer.engine.dinky_dungeon.effects import DECISIONS, KINDS, DinkyDecision
from dungeoneer.engine.errors import ActionSyntaxError, IllegalActionError
from dungeoneer.engine.protocol import Action
from dungeoneer.engine.records import parse_record, replay
from dungeoneer.engine.rng import Stream
from tests.dinky_dungeon.helpers import games, legal, play, random_game, table
from tests.transcripts import HERE

ROW = ["Fighter", "Bard", "Monk", "Lord"]


def test_an_action_is_read_in_any_spacing_and_case_and_written_one_way():
    state = table(hands=[["Ninja"]], rewards=[[2]], row=ROW)
    for text in ("take Bard", "TAKE bard", "  take \t  BaRd  ", "Take BARD"):
        assert state.parse_action(text) == Action("take", "Bard")
    assert state.action_text(state.parse_action("take bard")) == "take Bard"
    state = play(state, "take fighter", "PLAY   ninja")
    assert legal(state)[-1] == "no-discard"
    assert state.parse_action("No-Discard") == Action("no-discard")
    assert state.parse_action("discard-REWARD  2") == Action("discard-reward", 2)


def test_numbers_may_have_leading_zeros():
    state = play(table(hands=[["Ninja"]], rewards=[[2, 4]], row=ROW), "take Fighter",
                 "play Ninja")
    assert state.parse_action("DISCARD-REWARD 04") == Action("discard-reward", 4)
    assert state.action_text(Action("discard-reward", 4)) == "discard-reward 4"


@pytest.mark.parametrize("text", ["take Wizard", "take", "take Bard Monk", "play Bard",
                                  "take 3", "again"])
def test_what_is_not_a_legal_action_is_refused_naming_the_legal_ones(text):
    state = table(hands=[["Ninja"]], row=ROW)
    with pytest.raises(IllegalActionError) as raised:
        state.parse_action(text)
    assert list(raised.value.legal) == ["take Bard", "take Fighter", "take Lord", "take Monk"]


def test_a_word_that_is_no_action_says_which_words_are():
    with pytest.raises(ActionSyntaxError, match="actions: keep, take, play"):
        table(hands=[["Ninja"]], row=ROW).parse_action("draw Bard")


def test_a_record_typed_in_any_spacing_and_case_replays_the_same_game():
    """A pinned bot game, its moves retyped (kinds in capitals, names in lower case, extra
    spaces), replays to the same end."""
    text = (HERE / "dinky-3p-seed-2.rec").read_text(encoding="utf-8")
    header, moves = text.split("---\n")
    retyped = [f"  {line.split(' ', 1)[0].upper()}    {line.split(' ', 1)[1].lower()} "
               if " " in line else line.title() for line in moves.splitlines() if line]
    mangled = header + "---\n" + "\n".join(retyped) + "\n"
    assert mangled != text
    end, _ = replay(parse_record(mangled))
    again, _ = replay(parse_record(text))
    assert end == again and end.is_terminal()


def _retyped(text: str, stream: Stream) -> str:
    """The text with each letter's case flipped at random and random spacing between words."""
    letters = "".join(c.swapcase() if stream.below(2) else c for c in text)
    return " " * stream.below(3) + (" " * (1 + stream.below(3))).join(letters.split()) + "\t"


@settings(max_examples=15, deadline=None)
@given(games)
def test_every_legal_action_reads_back_from_its_text_retyped(game):
    stream = Stream(game[2])
    states, _ = random_game(*game)
    for state in states[:-1]:
        for action in state.legal_actions():
            assert state.parse_action(_retyped(state.action_text(action), stream)) == action


# ----------------------------------------------------------------------------- the shape

def test_what_other_seats_see_and_the_question_are_the_decisions_own():
    lord = play(table(hands=[["Lord"], ["Ninja"]], rewards=[[3, 1], [2]],
                      row=["Fighter", "Bard", "Monk", "Clown"]),
                "take Fighter", "play Lord")
    assert legal(lord) == ["give 1", "give 3"] and lord.prompt() == "Seat 1: give a reward"
    assert lord.public_action_text(Action("give", 3)) == "gives a reward"
    magician = play(table(hands=[["Magician"], ["Ninja"]], rewards=[[], [1, 1, 2, 3, 4]],
                          row=ROW), "take Fighter", "play Magician")
    assert magician.prompt() == "Seat 2: keep a reward (or done)"
    assert magician.public_action_text(Action("keep-reward", 4)) == "keeps a reward"
    assert magician.public_action_text(Action("done")) == "done"
    necromancer = play(table(hands=[["Necromancer"]], row=ROW,
                             adventurer_discard=["Ninja", "Scapegoat"]),
                       "take Fighter", "play Necromancer")
    assert necromancer.prompt() == "Seat 1: choose an effect for the Necromancer"
    assert necromancer.public_action_text(Action("copy", "Ninja")) == "copy Ninja"


def _subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub, *_subclasses(sub)}
    return found


def test_every_decision_is_listed_once_with_its_own_words():
    assert _subclasses(DinkyDecision) == set(DECISIONS)
    assert len(KINDS) == len(set(KINDS)) == sum(len(d.KINDS) for d in DECISIONS)
    assert KINDS == ("keep", "take", "play", "copy", "gain", "ones", "discard", "again", "stop",
                     "keep-reward", "done", "discard-reward", "no-discard", "give")


def test_the_table_declares_every_field_of_the_state():
    """The fields a table copies from the state are annotations on the Board class, so a type
    checker sees them (engine.tasks fills them from the state)."""
    state_fields = {f.name for f in fields(DinkyState)} - {"legal"}
    declared = {name for cls in Board.__mro__ for name in getattr(cls, "__annotations__", {})}
    assert state_fields <= declared
    working = Board.of(table(hands=[["Ninja"]], row=ROW), None)
    assert set(vars(working)) - {"log", "found"} == state_fields
