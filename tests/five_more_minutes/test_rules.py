"""5 More Minutes rules, one scenario each, quoting the rulebook; and the decisions F1-F11 of
docs/rules/five-more-minutes.md."""

from dataclasses import replace

import pytest

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.five_more_minutes import FiveMoreMinutes
from tests.five_more_minutes.helpers import legal, play, position


def test_f1_the_first_seat_begins_at_stage_1():
    """How to Play: "All sloths start at stage 1." Stage 1 has two bonuses: a choice."""
    state = FiveMoreMinutes(3).new_initial_state(seed=2)
    assert state.current_player() == 0 and state.stages == (1, 1, 1)
    assert legal(state) == ["bonus A", "bonus B"]


@pytest.mark.parametrize(("players", "alarms", "fives"), [(2, 2, 1), (3, 2, 1), (4, 1, 2),
                                                          (5, 0, 3), (6, 0, 4)])
def test_f2_the_deck_by_player_count(players, alarms, fives):
    """Preparation: remove 2 Alarm Clocks with 6 players; 2 Alarm Clocks and 1 '5 More Minutes'
    with 5; 1 Alarm Clock and 2 '5 More Minutes' with 4; 3 '5 More Minutes' with 2 or 3."""
    deck = FiveMoreMinutes(players).deck_cards()
    assert deck.count("Alarm Clock") == alarms and deck.count("5 More Minutes") == fives
    assert deck.count("Sleep Master") == 1
    assert len([c for c in deck if c not in ("Alarm Clock", "Sleep Master",
                                             "5 More Minutes")]) == 28
    assert "Sleep Master" not in FiveMoreMinutes(players, "rookie").deck_cards()


def test_f3_blue_chips():
    chips = FiveMoreMinutes(2).blue_chips
    assert len(chips) == 33 and min(v for v, _ in chips) == 2
    assert sum(dark for _, dark in chips) == 5


def test_bonuses_by_stage():
    """A - Receive Bonus: stage 2 bonus A is 2 dream cards; stage 3 has one bonus (1 pink chip);
    stage 4 bonus A is 2 yellow chips; stage 5 bonus B is 1 blue chip and 1 pink chip."""
    two = play(position(stages=[2, 1], deck=["Coffee", "Snoring", "Lucid Dream"]), "bonus A")
    assert two.hands[0] == ("Coffee", "Snoring")
    three = position(stages=[3, 1], hands=[["Coffee"]], yellow=[1])
    # One bonus: no choice, taken at once; now in phase B.
    assert legal(three) == ["play Coffee", "end"] and three.pink[0] == 1
    four = play(position(stages=[4, 1]), "bonus A")
    assert four.yellow[0] == 2
    five = play(position(stages=[5, 1]), "bonus B")
    assert len(five.blue[0]) == 1 and five.pink[0] == 1


@pytest.mark.parametrize(("stage", "roll", "after"), [(1, 4, 2), (1, 5, 4), (2, 1, 3), (2, 2, 4)])
def test_advancing_from_stages_1_and_2_takes_a_roll(stage, roll, after):
    """C - Advance Stage: stage 1: 4 or less -> stage 2, 5 or more -> stage 4; stage 2: 1 ->
    stage 3, 2 or more -> stage 4."""
    # Phase B has nothing to play, so it ends at once and the roll follows.
    state = position(stages=[stage, 1], step="play", rolls=[roll])
    assert state.stages[0] == after


@pytest.mark.parametrize(("stage", "after"), [(3, 4), (4, 5), (5, 2)])
def test_stages_3_4_and_5_advance_without_a_roll(stage, after):
    state = position(stages=[stage, 1], step="play")
    assert state.stages[0] == after


def test_f5_pink_chips_change_a_roll():
    state = position(stages=[1, 1], pink=[2], step="play", rolls=[4])
    assert legal(state) == ["keep", "pink +1", "pink +2", "pink -1", "pink -2"]
    state = play(state, "pink +1")
    assert state.stages[0] == 4 and state.pink[0] == 1 and state.supply_pink == 8


def test_playing_costs_yellow_and_the_hand_is_cut_to_three():
    """B - Play Dream Cards: pay the cost with yellow chips; at the end of the phase, discard down
    to 3 cards."""
    state = position(stages=[3, 1], step="play", yellow=[1],
                     hands=[["Sleep Paralysis", "Coffee", "Snoring", "Lucid Dream",
                             "Recurring Dream"]])
    assert legal(state) == ["play Coffee", "play Lucid Dream", "play Recurring Dream", "end"]
    state = play(state, "end")
    assert all(a.startswith("discard ") for a in legal(state))
    state = play(state, "discard Coffee", "discard Snoring")
    assert len(state.hands[0]) == 3 and state.active == 1


def test_f10_five_more_minutes_avoids_a_return():
    state = position(stages=[3, 4], step="play", yellow=[2],
                     hands=[["Sleep Paralysis"], ["5 More Minutes"]])
    state = play(state, "play Sleep Paralysis")
    assert state.current_player() == 1 and legal(state) == ["avoid", "accept"]
    avoided = play(state, "avoid")
    assert avoided.stages[1] == 4 and "5 More Minutes" in avoided.discard
    accepted = play(state, "accept")
    assert accepted.stages[1] == 1


def test_coffee_makes_players_at_stage_1_lose_their_next_turn():
    state = position(players=3, stages=[1, 1, 4], step="play", yellow=[1], hands=[["Coffee"]])
    state = play(state, "play Coffee")
    # Seat 1 (who played it, at stage 1 too) finished its turn; seat 2 lost its turn without
    # a bonus choice; seat 3 now chooses its bonus.
    assert state.active == 2 and state.turns == 2 and state.stages[1] == 1
    assert state.lost == (False, False, False) and legal(state) == ["bonus A", "bonus B"]


def test_the_end_check_needs_enough_blue_chips_and_a_6():
    """D - Check Game End: with 3 or more blue chips (4 or more with 2 or 3 players), roll; a 6
    ends the game."""
    three = position(stages=[3, 1], blue=[[2, 2, 3]], step="play", rolls=[6])
    assert not three.is_terminal() and three.active == 1  # 2 players: 3 chips are not enough
    ended = position(stages=[3, 1], blue=[[2, 2, 3, 4]], step="play", rolls=[6])
    assert ended.is_terminal() and ended.outcome().winners == (0,)
    assert ended.outcome().scores == (11, 0)
    going_on = position(stages=[3, 1], blue=[[2, 2, 3, 4]], step="play", rolls=[5])
    assert not going_on.is_terminal()
    many = position(players=4, stages=[3, 1, 1, 1], blue=[[2, 2, 3]], step="play", rolls=[6])
    assert many.is_terminal()


def test_f6_ties_go_to_pink_then_yellow():
    # Seat 1 rolls at the end check with 4 chips (9 points); seat 2 also has 9 and a pink chip.
    ended = position(stages=[3, 1], blue=[[2, 2, 2, 3], [3, 3, 3]], pink=[0, 1], step="play",
                     rolls=[6])
    assert ended.outcome().winners == (1,)
    level = position(stages=[3, 1], blue=[[2, 2, 2, 3], [3, 3, 3]], yellow=[2, 2],
                     step="play", rolls=[6])
    assert level.outcome().winners == (0, 1)


def test_f4_an_empty_center_takes_from_another_player():
    state = position(players=3, stages=[3, 1, 1], pink=[0, 4, 5])
    assert state.supply_pink == 0
    assert legal(state) == ["from 2", "from 3"]
    state = play(state, "from 3")
    assert state.pink == (1, 4, 4)


def test_f7_dream_eater_takes_a_card_blind():
    state = position(stages=[3, 1], step="play", yellow=[1],
                     hands=[["Dream Eater"], ["Coffee"]])
    state = play(state, "play Dream Eater")
    assert "Coffee" in state.hands[0] and state.hands[1] == ()


def test_f8_hallucinations_swaps_blue_chips():
    state = position(stages=[3, 1], step="play", yellow=[1], blue=[[2], [4]],
                     hands=[["Hallucinations"]])
    state = play(state, "play Hallucinations")
    assert [v for v, _ in state.blue[0]] == [4] and [v for v, _ in state.blue[1]] == [2]


def test_f9_sleepwalker_changes_blue_for_yellow():
    state = position(stages=[3, 1], step="play", yellow=[2], blue=[[], [3, 4]],
                     hands=[["Sleepwalker"]])
    state = play(state, "play Sleepwalker")
    assert state.current_player() == 1 and legal(state) == ["give 3", "give 4"]
    state = play(state, "give 3")
    assert [v for v, _ in state.blue[1]] == [4] and state.yellow[1] == 3


def test_f11_lucid_dream_keeps_two_of_three():
    state = position(stages=[3, 1], step="play", yellow=[1], hands=[["Lucid Dream"]],
                     deck=["Coffee", "Snoring", "Dream Eater", "Sleepwalker"])
    state = play(state, "play Lucid Dream")
    assert legal(state) == ["discard Coffee", "discard Dream Eater", "discard Snoring"]
    state = play(state, "discard Snoring")
    assert state.hands[0] == ("Coffee", "Dream Eater") and "Snoring" in state.discard


def test_an_alarm_clock_is_played_when_drawn():
    """Special cards: "If you add these cards to your hand, you have to play them immediately."
    Alarm Clock: "ALL players return to stage 1." """
    state = position(stages=[2, 4], deck=["Alarm Clock", "Coffee"])
    state = play(state.with_chance(["1"]), "bonus A")
    # Both returned to stage 1; seat 1 then rolled a 1 to advance: stage 2 (from stage 2 a 1
    # would have led to stage 3).
    assert state.stages == (2, 1) and state.hands[0] == ("Coffee",)
    assert "Alarm Clock" in state.discard


def test_a_special_card_drawn_first_is_played_before_the_next_card_is_drawn():
    """Special cards: "If you add these cards to your hand, you have to play them immediately."
    Drawn as the first of two cards, its effect comes before the second card is drawn, so a
    '5 More Minutes' drawn second can't answer an Alarm Clock drawn first."""
    state = position(stages=[2, 4], deck=["Alarm Clock", "5 More Minutes", "Coffee"])
    state = play(state, "bonus A", rolls=[1])
    # Seat 1 returned to stage 1 before drawing the '5 More Minutes' (then rolled a 1: stage 2);
    # seat 2 returned too, and it is its turn.
    assert state.stages == (2, 1) and state.hands[0] == ("5 More Minutes",)
    assert state.current_player() == 1 and legal(state) == ["bonus A", "bonus B"]


def test_a_special_card_among_lucid_dreams_draws_is_played_before_the_next_draw():
    """Lucid Dream draws one card at a time; a special card is played as it is drawn, and with
    only two cards drawn to the hand there is nothing to discard (F11)."""
    state = position(stages=[3, 4], step="play", yellow=[2], hands=[["Lucid Dream"]],
                     deck=["Coffee", "Alarm Clock", "5 More Minutes", "Snoring"])
    state = play(state, "play Lucid Dream")
    assert state.stages == (1, 1) and state.hands[0] == ("5 More Minutes", "Coffee")
    assert legal(state) == ["play Coffee", "end"] and state.deck == ("Snoring",)


def test_sleep_master_lets_every_player_choose():
    state = position(stages=[4, 4], deck=["Sleep Master", "Coffee", "Snoring"])
    state = play(state, "bonus B")
    assert state.current_player() == 0 and legal(state) == ["receive pink", "receive yellow",
                                                            "receive card"]
    state = play(state, "receive pink", "receive card")
    assert state.pink[0] == 1 and state.hands[1] == ("Coffee",)


def test_an_empty_deck_is_refilled_from_the_used_cards():
    """A, note *: "If there are no cards left in the dream card deck, shuffle the used cards and
    place them facing down again." """
    state = position(stages=[4, 1], deck=[])
    state = play(state, "bonus B")
    assert len(state.hands[0]) == 1 and state.discard == ()


def test_f12_expert_deals_two_cards_and_no_special():
    for seed in range(30):
        state = FiveMoreMinutes(4, "expert").new_initial_state(seed=seed)
        dealt = [c for h in state.hands for c in h]
        assert all(len(h) >= 2 for h in state.hands[1:]) and len(dealt) >= 8
        assert "Alarm Clock" not in dealt and "Sleep Master" not in dealt


def dark_chip_first(state):
    """The state with a dark blue chip on top of the center's pile."""
    dark = next(c for c in state.blue_pile if c[1])
    return replace(state, blue_pile=(dark, *[c for c in state.blue_pile if c != dark]))


def test_f13_a_dark_chip_is_a_nightmare():
    state = dark_chip_first(position(stages=[5, 4], variant="nightmare", deck=["Coffee"]))
    state = play(state.with_chance(["3"]), "bonus A")  # a blue chip (dark) and a card
    # Seat 1's turn ended at stage 1; seat 2 rolled a 3 (under 4) and returned to stage 1 too;
    # it is seat 2's turn now.
    assert state.stages == (1, 1) and state.active == 1
    assert "Nightmare" in FiveMoreMinutes(2, "rookie,nightmare").options()["variant"].title()


def test_f13_the_nightmares_own_return_may_be_avoided():
    """5 More Minutes: "(Anytime): Avoid returning to stage 1"; the nightmare's "you begin your
    next turn at stage 1" is such a return, and may be answered. The turn still ends, and the
    others still roll."""
    state = dark_chip_first(position(stages=[5, 4], variant="nightmare", deck=["Coffee"],
                                     hands=[["5 More Minutes"]]))
    state = play(state, "bonus A")
    assert state.current_player() == 0 and legal(state) == ["avoid", "accept"]
    avoided = play(state, "avoid", rolls=[3])
    assert avoided.stages == (5, 1) and avoided.active == 1 and avoided.hands[0] == ("Coffee",)
    assert "5 More Minutes" in avoided.discard and legal(avoided) == ["bonus A", "bonus B"]


def test_f14_no_roll_at_stage_1():
    """Snoring: "Force the other players to return to stage 1, unless they manage to get at least
    a 5 on a die roll"; a player at stage 1 already has nothing to roll for, and pink chips
    spent on the roll would change nothing: no roll, and no pink chips offered."""
    state = position(players=3, stages=[3, 1, 4], step="play", yellow=[3], pink=[0, 2, 0],
                     hands=[["Snoring", "Coffee"]])
    log: list[str] = []
    before = state.with_chance(["2"])  # one roll only: seat 3's
    state = before.apply(before.parse_action("play Snoring"), log)
    assert "Seat 2 is at stage 1 already: no roll." in log
    assert state.stages == (3, 1, 1) and state.pink == (0, 2, 0) and state.pending_chance() == ()
    assert state.current_player() == 0 and legal(state) == ["play Coffee", "end"]


def test_f14_no_roll_at_stage_1_for_exploding_head_or_a_nightmare():
    exploding = position(players=3, stages=[3, 1, 4], step="play", yellow=[2], pink=[0, 2, 0],
                         hands=[["Exploding Head", "Coffee"]])
    exploding = play(exploding, "play Exploding Head", "target 2")
    assert exploding.current_player() == 0 and exploding.stages == (3, 1, 4)
    state = dark_chip_first(position(players=3, stages=[5, 1, 4], pink=[0, 2, 0],
                                     variant="nightmare", deck=["Coffee"]))
    state = play(state, "bonus A", rolls=[5])  # seat 3's roll only
    assert state.stages == (1, 1, 4) and state.pink == (0, 2, 0) and state.active == 1


def test_variants_are_checked():
    with pytest.raises(DungeoneerError, match="unknown variant 'sweet'"):
        FiveMoreMinutes(2, "expert,sweet")
