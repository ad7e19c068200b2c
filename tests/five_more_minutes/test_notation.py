"""5 More Minutes notation: each decision writes its actions and reads them back in any case and
spacing (a seat or a chip value with leading zeros too); the typed arguments (a signed number of
pink chips, a seat, a chip value) are written as records always wrote them."""

import pytest

from dungeoneer.engine.errors import ActionSyntaxError, IllegalActionError
from dungeoneer.engine.protocol import Action
from tests.five_more_minutes.helpers import legal, play, position


def test_a_roll_writes_signed_pink_chips_and_reads_them_in_any_case():
    state = position(stages=[1, 1], pink=[2], step="play", rolls=[3])
    assert state.legal_actions()[:3] == (Action("keep"), Action("pink", 1), Action("pink", 2))
    assert legal(state) == ["keep", "pink +1", "pink +2", "pink -1", "pink -2"]
    assert state.parse_action("  PINK   -2 ") == Action("pink", -2)
    assert state.parse_action("Keep") == Action("keep")
    with pytest.raises(IllegalActionError, match="legal here: keep, pink \\+1"):
        state.parse_action("pink +3")
    with pytest.raises(IllegalActionError):
        state.parse_action("pink 1")  # the sign is part of the notation


def test_cards_seats_and_values_read_in_any_case_and_with_leading_zeros():
    state = position(players=3, stages=[3, 4, 5], step="play", yellow=[3],
                     hands=[["Sleepwalker", "Coffee"], [], ["Coffee"]], blue=[[], [2], [3, 4]])
    assert state.parse_action("play   sleepWALKER") == Action("play", "Sleepwalker")
    target = play(state, "play Sleepwalker")
    assert legal(target) == ["target 2", "target 3"]
    assert target.parse_action("target 03") == Action("target", 3)
    give = play(target, "TARGET 3")
    assert legal(give) == ["give 3", "give 4"] and give.legal_actions()[0] == Action("give", 3)
    assert give.parse_action("give 004") == Action("give", 4)
    assert give.public_action_text(Action("give", 4)) == "gives a blue chip"


def test_an_unknown_word_names_the_actions():
    state = position()
    with pytest.raises(ActionSyntaxError, match="not a 5 More Minutes action"):
        state.parse_action("dance")
    with pytest.raises(IllegalActionError, match="legal here: bonus A, bonus B"):
        state.parse_action("bonus C")
