"""Every 5 More Minutes card: its printed text word for word, and a scenario for each card not
pinned in test_rules.py."""

import re
import tomllib

from dungeoneer.engine.five_more_minutes import FiveMoreMinutes, effects
from tests.five_more_minutes.helpers import legal, play, position
from tests.helpers import installed_seeds

# The rulebook's Dream Cards list, line for line (shared/rulebooks/five-more-minutes.txt).
CARD_LIST = [
    '- Pleasant Sleep (cost 3): Take a blue chip from the center of the table.',
    '- Sleep Paralysis (cost 2): Force another player to return to stage 1.',
    "- Dream Eater (cost 1): Pick a card from another player's hand.",
    '- Dream Control (cost 3): You can play the next two cards of your turn for free.',
    '- Recurring Dream (cost 1): Draw a discarded card at your choice.',
    '- 5 More Minutes (Anytime): Avoid returning to stage 1.',
    "- Hallucinations (cost 1): Trade 1 blue chip with another player. If you don't have blue chips, you give a yellow or a pink one. If you don't have chips, you give nothing.",  # noqa: E501 (quoted verbatim)
    '- Lucid Dream (cost 1): Draw 3 cards, add two to your hand and discard the other one.',
    '- Exploding Head (cost 1): Force another player to return to stage 1, unless he manage to get at least a 5 on a die roll.',  # noqa: E501 (quoted verbatim)
    '- Snoring (cost 2): Force the other players to return to stage 1, unless they manage to get at least a 5 on a die roll.',  # noqa: E501 (quoted verbatim)
    '- Coffee (cost 1): All players which are at stage 1 lose their next turn. Except the player who plays this card.',  # noqa: E501 (quoted verbatim)
    '- Sleepwalker (cost 2): Force another player to change a blue chip for its value in yellow ones.',  # noqa: E501 (quoted verbatim)
    '- Alarm Clock: ALL players return to stage 1.',
    '- Sleep Master: ALL players choose to receive a pink chip, a yellow one or a card.',
]


def test_printed_texts_and_costs_are_word_for_word():
    kinds = FiveMoreMinutes(6).kinds
    for line in CARD_LIST:
        head, text = line[2:].split(": ", 1)
        match = re.fullmatch(r"(.+?)(?: \((?:cost (\d)|Anytime)\))?", head)
        name, cost = match.group(1), match.group(2)
        assert kinds[name].text == text, name
        assert kinds[name].cost == (int(cost) if cost else None), name
    assert {line[2:].split(" (")[0].split(":")[0] for line in CARD_LIST} == set(kinds)


def test_stage_1_bonuses():
    """Stage 1: bonus A, 1 card and 1 pink chip; bonus B, 1 card and 1 yellow chip."""
    a = play(position(deck=["Coffee", "Snoring"]), "bonus A")
    assert a.hands[0] == ("Coffee",) and a.pink[0] == 1
    b = play(position(deck=["Coffee", "Snoring"]), "bonus B")
    assert b.hands[0] == ("Coffee",) and b.yellow[0] == 1


def test_pleasant_sleep_takes_a_blue_chip():
    state = position(stages=[3, 1], step="play", yellow=[3], hands=[["Pleasant Sleep"]])
    state = play(state, "play Pleasant Sleep")
    assert len(state.blue[0]) == 1 and state.yellow[0] == 0 and state.supply_yellow == 21


def test_dream_control_makes_the_next_two_cards_free():
    state = position(stages=[3, 1], step="play", yellow=[3],
                     hands=[["Dream Control", "Sleepwalker", "Snoring", "Coffee"]])
    state = play(state, "play Dream Control")
    assert state.yellow[0] == 0 and state.free == 2
    assert "play Snoring" in legal(state)  # free, though no yellow chip is left
    state = play(state, "play Coffee")
    assert state.free == 1 and state.yellow[0] == 0


def test_recurring_dream_takes_back_a_used_card():
    state = position(stages=[3, 1], step="play", yellow=[1], hands=[["Recurring Dream"]],
                     deck=["Coffee"])
    state = play(state, "play Recurring Dream")
    assert "receive Pleasant Sleep" in legal(state)
    state = play(state, "receive Pleasant Sleep")
    assert "Pleasant Sleep" in state.hands[0]


def test_recurring_dream_may_take_back_a_special_card_which_is_played_at_once():
    """Recurring Dream: "Draw a discarded card at your choice"; the special cards: "If you add
    these cards to your hand, you have to play them immediately." The used specials are offered
    like any other used card."""
    state = position(stages=[3, 4], step="play", yellow=[2],
                     hands=[["Recurring Dream", "Dream Eater"]], deck=["Coffee", "Snoring"])
    state = play(state, "play Recurring Dream")
    assert {"receive Alarm Clock", "receive Sleep Master"} <= set(legal(state))
    alarm = play(state, "receive Alarm Clock")
    # ALL players return to stage 1 (the one who drew it too); the card is used again, and
    # phase B goes on.
    assert alarm.stages == (1, 1) and alarm.hands[0] == ("Dream Eater",)
    assert alarm.discard.count("Alarm Clock") == 2 and legal(alarm) == ["play Dream Eater", "end"]
    master = play(state, "receive Sleep Master")
    assert legal(master) == ["receive pink", "receive yellow", "receive card"]
    master = play(master, "receive pink", "receive card")
    assert master.pink == (1, 0) and master.hands == (("Dream Eater",), ("Coffee",))
    assert master.discard.count("Sleep Master") == 1


def test_exploding_head_with_pink_chips_on_the_forced_roll():
    """The victim rolls; pink chips change any roll, the ones other cards force too."""
    state = position(stages=[3, 4], step="play", yellow=[1], pink=[0, 1],
                     hands=[["Exploding Head"]])
    state = play(state.with_chance(["4"]), "play Exploding Head")
    assert state.current_player() == 1 and legal(state) == ["keep", "pink +1", "pink -1"]
    saved = play(state, "pink +1")
    assert saved.stages[1] == 4 and saved.pink[1] == 0
    failed = play(state, "keep")
    assert failed.stages[1] == 1


def test_snoring_makes_every_other_player_roll():
    state = position(players=3, stages=[3, 4, 5], step="play", yellow=[2], hands=[["Snoring"]])
    state = play(state.with_chance(["5", "2"]), "play Snoring")
    assert state.stages[1] == 4 and state.stages[2] == 1


def test_each_card_names_the_class_that_implements_it_and_that_class_quotes_it():
    """cards.toml's `effect` is the class in effects.py that plays the card, and that class's
    docstring quotes the printed text (the text beside the code)."""
    data = tomllib.loads((installed_seeds("five_more_minutes") / "cards.toml").read_text())
    played = {**effects.CARDS, **effects.SPECIALS}
    for entry in data["card"]:
        implementer = getattr(effects, entry["effect"])
        if entry["name"] == "5 More Minutes":  # played only as the answer to a return
            assert implementer is effects.Return
        else:
            assert played[entry["name"]] is implementer and entry["name"] == implementer.CARD
        assert entry["text"] in " ".join(implementer.__doc__.split()), entry["name"]
    assert set(played) == {e["name"] for e in data["card"]} - {"5 More Minutes"}
