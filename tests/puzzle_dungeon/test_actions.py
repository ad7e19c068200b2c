"""Game Play (rulebook: Game Play): the Deal and Attack actions and the attack steps."""

import pytest

from dungeoneer.engine.errors import IllegalActionError
from dungeoneer.engine.protocol import Action, Termination
from tests.helpers import codes, is_exhausted, legal, names, play, position

GOBLIN_FRONT = (("Goblin",), (), (), ())  # Goblin's defense: Torch, Claw, Hand, Mitt


def test_deal_moves_the_top_card_of_the_deck_to_the_rightmost_position():
    """'The Deal action moves the top card of the deck to the rightmost position in the arsenal.'"""
    state = position(columns=GOBLIN_FRONT, arsenal="2T 3T", deck="5M 6M 7M")
    state = play(state, "deal")
    assert codes(state, state.arsenal) == "2T 3T 5M"
    assert codes(state, state.deck)[:5] == "6M 7M"


def test_deal_any_number_of_times_until_the_deck_is_empty():
    """'You may take the Deal action any number of times. The arsenal may have any number of
    cards.' With the deck empty there is nothing to deal."""
    state = position(columns=GOBLIN_FRONT, hand="2T", deck="5M 6M 7M")
    state = play(state, "deal", "deal", "deal")
    assert codes(state, state.arsenal) == "5M 6M 7M"
    assert state.deck == b"" and "deal" not in legal(state)


def test_an_empty_deck_does_not_lose_while_an_attack_remains():
    """'You do not lose if there are no cards in the deck.'"""
    state = position(columns=GOBLIN_FRONT, hand="2T 2C 2H 2M", deck="")
    assert not state.is_terminal()
    assert legal(state) == ["attack 1"]


def test_no_legal_action_and_the_prey_incomplete_is_a_loss():
    """Decision D6: the game is lost when no legal action is left and the prey is not
    complete."""
    state = position(columns=GOBLIN_FRONT, hand="2T", deck="")
    assert state.is_terminal()
    assert state.outcome().termination is Termination.LOST


def test_cant_attack_a_monster_whose_defense_cant_be_matched():
    """'You can't attack a monster if you can't match each suit in its defense.'"""
    state = position(columns=GOBLIN_FRONT, hand="2T 2C 2H", deck="5M")
    assert legal(state) == ["deal"]
    assert not state.can_apply(Action("attack", 0))
    with pytest.raises(IllegalActionError, match="legal here: deal"):
        state.verify_action(Action("attack", 0))
    assert legal(play(state, "deal")) == ["attack 1"]


def test_only_the_front_monster_of_a_column_can_be_attacked():
    """Attack step 1: 'Choose the front monster of any column.' (D1: the front is the last card
    dealt to the column.) The Skeleton behind the Goblin can't be chosen."""
    state = position(columns=(("Skeleton", "Goblin"), ("Automaton",), ("Cyclops",), ("Dragon",)),
                     hand="2T 2C 2H 2M 3M 3H 3C", deck="")
    # An attack names a column, not a monster: its front is the one attacked.
    assert "attack 1" in legal(state)
    state = play(state, "attack 1", "pay 2T 2C 2H 2M")
    assert names(state, state.collected) == ["Goblin"]
    assert names(state, state.columns[0])[-1] == "Skeleton"


def test_the_arsenal_is_used_front_first_and_stops_at_a_card_that_matches_nothing():
    """Attack step 3, with the rulebook's Mold Demon example: the 6 Mitt and the 4 Torch can be
    discarded from the arsenal, but not the 0 Hand behind them, since the defense has no Hand."""
    state = position(extras=["Mold Demon"], columns=(("Mold Demon",), (), (), ()),
                     arsenal="0H 6M 4T", hand="2C 3C 5H", deck="")
    state = play(state, "attack 1")  # the only payment is made automatically
    assert names(state, state.collected) == ["Mold Demon"]
    assert codes(state, state.discard[-4:]) == "4T 6M 2C 3C"
    assert codes(state, state.arsenal) == "0H" and codes(state, state.hand) == "5H"


def test_arsenal_cards_are_optional_and_each_matches_one_unmatched_suit():
    """Step 3 says 'you may discard it': the player may leave the 5 Torch and use the hand's
    3 Torch instead. Both ways are offered."""
    state = position(columns=GOBLIN_FRONT, arsenal="5T", hand="3T 2C 4H 6M", deck="")
    state = play(state, "attack 1")
    assert state.is_decision()
    assert sorted(legal(state)) == ["pay 3T 2C 4H 6M", "pay 5T 2C 4H 6M"]
    after = play(state, "pay 5T 2C 4H 6M")
    assert codes(after, after.hand) == "3T"


def test_a_card_behind_the_front_of_the_arsenal_is_reached_only_through_the_front():
    """Step 3 repeats from the front: the 2T behind the front 6C can only be used after the 6C.
    So the payments are: hand only, 6C, or 6C then 2T."""
    state = position(columns=GOBLIN_FRONT, arsenal="2T 6C", hand="3T 3C 4H 6M", deck="")
    state = play(state, "attack 1")
    assert sorted(legal(state)) == ["pay 3T 3C 4H 6M", "pay 6C 2T 4H 6M", "pay 6C 3T 4H 6M"]


def test_hand_cards_only_match_suits_still_unmatched():
    """Step 4: 'for each unmatched suit ... you may discard a card from your hand whose suit
    matches it'. A second Torch can't be added to the Goblin's single Torch."""
    state = position(columns=GOBLIN_FRONT, hand="2T 3T 2C 2H 2M", deck="")
    state = play(state, "attack 1")
    assert sorted(legal(state)) == ["pay 2T 2C 2H 2M", "pay 3T 2C 2H 2M"]


def test_weapons_of_ready_collected_monsters_match_the_rest():
    """Step 5: 'you may exhaust ready, collected monsters to use their weapon(s) suits'. The
    collected Goblin's Torch weapon matches the Ratman's Torch; the Goblin becomes exhausted."""
    state = position(columns=(("Ratman",), (), (), ()), collected=["Goblin"],
                     hand="2C 2H 2M", deck="")
    state = play(state, "attack 1")
    assert names(state, state.collected) == ["Goblin", "Ratman"]
    assert is_exhausted(state, "Goblin") and not is_exhausted(state, "Ratman")


def test_exhausted_monsters_weapons_cant_be_used():
    state = position(columns=(("Ratman",), (), (), ()), collected=["Goblin"],
                     exhausted=["Goblin"], hand="2C 2H 2M", deck="")
    assert "attack 1" not in legal(state)


def test_a_kings_weapon_gives_two_suits_either_or_both():
    """'Monster King weapons have two suits. When you exhaust a Monster King ... you may choose to
    use only one of its suits.' The Stone Golem King (Mitt, Mitt) against the Skeleton's two
    Mitts: both suits, or one and the 3 Mitt from the hand."""
    state = position(columns=(("Skeleton",), (), (), ()), collected=["Stone Golem"],
                     kings=["Stone Golem"], hand="2H 2C 3M", deck="")
    state = play(state, "attack 1")
    assert sorted(legal(state)) == ["pay 2C 2H 3M Stone-Golem:M", "pay 2C 2H Stone-Golem"]
    # A King's weapon may also be written with both its suits.
    assert play(state, "pay 2C 2H Stone-Golem:MM").collected


def test_defense_suits_are_a_multiset():
    """The Skeleton's defense shows two Mitts: both must be matched (a Mitt matches one)."""
    state = position(columns=(("Skeleton",), (), (), ()), hand="2H 2C 3M", deck="")
    assert "attack 1" not in legal(state)


def test_every_attack_source_may_be_combined():
    """'You may attack using only cards in the arsenal, your hand, monster weapons, or any
    combination of them.'"""
    state = position(columns=(("Ratman",), (), (), ()), collected=["Goblin"],
                     arsenal="3C", hand="2M 2H", deck="")
    state = play(state, "attack 1")
    assert names(state, state.collected) == ["Goblin", "Ratman"]
    assert codes(state, state.discard[-3:]) == "3C 2H 2M"


def test_a_defeated_monster_triggers_its_loot_then_is_collected():
    """Steps 6-8: defeated, 'Trigger its Loot', 'Collect it'. The Goblin's 'Loot: Draw a card.'
    and the Rogue's 'When you collect a monster, draw a card.' trigger together; each draws."""
    state = position(columns=GOBLIN_FRONT, hand="2T 2C 2H 2M", deck="5M 6M")
    state = play(state, "attack 1")
    assert legal(state) == ["resolve Goblin:Loot", "resolve Rogue:Collect"]
    state = play(state, "resolve Goblin:Loot")
    assert codes(state, state.hand) == "5M 6M"
    assert names(state, state.collected) == ["Goblin"]
