"""5 More Minutes bots: the greedy bot makes none of the blunders a sensible player avoids."""

from dataclasses import replace

from dungeoneer.engine.five_more_minutes.bots import GreedyBot
from dungeoneer.engine.five_more_minutes.effects import SaveRoll
from tests.five_more_minutes.helpers import play, position


def choice(state):
    return state.action_text(GreedyBot(1).choose(state))


def test_dream_control_is_not_played_with_nothing_to_make_free():
    # Dream Control: "You can play the next two cards of your turn for free."
    alone = position(hands=[["Dream Control"]], yellow=[3], step="play")
    assert "play Dream Control" in [alone.action_text(a) for a in alone.legal_actions()]
    assert choice(alone) == "end"
    # '5 More Minutes' is not played in phase B, and a cheap card saves less than it costs.
    assert choice(position(hands=[["Dream Control", "5 More Minutes"]], yellow=[3],
                           step="play")) == "end"
    assert choice(position(hands=[["Dream Control", "Coffee"]], yellow=[3],
                           step="play")) != "play Dream Control"


def test_dream_control_is_played_when_two_cards_it_frees_cost_its_price():
    state = position(hands=[["Dream Control", "Sleep Paralysis", "Snoring"]], yellow=[3],
                     step="play")
    assert choice(state) == "play Dream Control"


def test_sleep_paralysis_is_not_aimed_at_a_player_at_stage_1():
    # Sleep Paralysis: "Force another player to return to stage 1." Seat 2 leads but is at stage
    # 1 already; seat 3 is not.
    state = play(position(players=3, hands=[["Sleep Paralysis"]], yellow=[2], stages=[1, 1, 2],
                          blue=[[], [2, 3], []], step="play"), "play Sleep Paralysis")
    assert choice(state) == "target 3"
    exploding = play(position(players=3, hands=[["Exploding Head"]], yellow=[1],
                              stages=[1, 1, 2], blue=[[], [2, 3], []], step="play"),
                     "play Exploding Head")
    assert choice(exploding) == "target 3"


def test_hallucinations_trades_only_with_a_player_who_has_a_blue_chip():
    # "Trade 1 blue chip with another player": with nobody else holding one, the bot keeps its
    # chip (and its card); otherwise it trades with a holder, even one less far asleep.
    nobody = position(players=3, hands=[["Hallucinations"]], yellow=[1], stages=[1, 5, 1],
                      blue=[[3]], step="play")
    assert choice(nobody) == "end"
    state = play(position(players=3, hands=[["Hallucinations"]], yellow=[1], stages=[1, 5, 1],
                          blue=[[3], [], [2]], step="play"), "play Hallucinations")
    assert choice(state) == "target 3"


def test_no_pink_chip_is_spent_on_a_save_roll_at_stage_1():
    # F14 takes such rolls away; the bot would not spend on one either (it changes nothing).
    state = position(stages=[1, 1], pink=[2], step="play")
    rolled = replace(state, tasks=(*state.tasks, SaveRoll(0, 3)), legal=None)
    assert choice(rolled) == "keep"
    at_stage_2 = replace(rolled, stages=(2, 1), legal=None)
    assert choice(at_stage_2) == "pink +2"
