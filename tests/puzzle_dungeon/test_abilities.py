"""Abilities (rulebook: Abilities, Triggered Abilities, Attack and Defeat)."""

import pytest

from dungeoneer.engine.errors import IllegalActionError
from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import rules
from tests.helpers import codes, column_names, is_exhausted, legal, names, play, position


def test_you_may_is_a_real_choice():
    """'You may ...' offers yes and no: the Minotaur's 'Loot: You may shuffle the monsters and deal
    them into four columns.'"""
    state = position(hero="Warrior", columns=(("Minotaur",), (), (), ()),
                     hand="2H 2M 2T 2C", deck="")
    before = column_names(state)
    state = play(state, "attack 1")
    assert legal(state) == ["yes", "no"]
    declined = play(state, "no")
    assert column_names(declined)[1:] == before[1:] and not declined.is_decision()
    accepted = play(state, "yes")
    assert sorted(len(c) for c in accepted.columns) == [4, 5, 5, 5]
    accepted.verify()


def test_abilities_triggered_together_resolve_in_the_players_order():
    """'When two or more abilities are triggered at the same time, you may resolve them in any
    order', with the rulebook's own case: the Bodyguard defeats a Trophy that is also a Monster
    King, so its Trophy and Monster King abilities trigger together. The order matters: the
    wizard ends exhausted if the Trophy resolves last, ready if the Monster King does."""
    # The Ghost King forbids attacks on the leftmost column, so it stands in column 2.
    state = position(hero="Bodyguard", columns=(("Lich",), ("Ghost",), ("Goblin",), ()),
                     kings=["Ghost"], arsenal="5T", hand="2H 3H 2M 2T 4C", deck="")
    assert state.attached[0].status == "wizard" and not state.attached[0].exhausted
    state = play(state, "attack 2")
    assert legal(state) == ["resolve Bodyguard:Trophy", "resolve Bodyguard:Monster-King"]

    trophy_last = play(state, "resolve Bodyguard:Monster-King", "yes", "yes", "column 3")
    assert trophy_last.attached[0].exhausted
    assert "Goblin" in names(trophy_last, trophy_last.collected)

    king_last = play(state, "resolve Bodyguard:Trophy", "yes", "column 3")
    king_last = play(king_last, "yes")  # discard the 4C to ready the wizard
    assert not king_last.attached[0].exhausted
    assert codes(king_last, king_last.discard[-1:]) == "4C"


def test_an_ability_cant_be_interrupted_what_it_triggers_waits():
    """'Each ability is resolved in the order it is written and can't be interrupted.' The
    Vampire's Loot draws two cards; the first is a 0, which triggers the Skull Alchemist's 'When
    you draw a 0, discard a card.' That waits until both cards are drawn, so the second card is
    already in hand when the discard is chosen."""
    state = position(hero="Skull Alchemist", columns=(("Vampire",), (), (), ()),
                     hand="2C 2H 2T 2M 3C", deck="0T 5M")
    state = play(state, "attack 1", "pay 2C 2H 2T 2M", "yes")
    assert codes(state, state.hand) == "0T 5M"
    assert legal(state) == ["0T", "5M"]


def test_do_as_much_as_you_can():
    """'If the effect of an ability instructs you to do more than you can, like draw two cards
    while there's one card in the deck, do as much as you can.'"""
    state = position(hero="Bodyguard", columns=(("Vampire",), (), (), ()),
                     hand="2C 2H 2T 2M 3C", deck="5M")
    state = play(state, "attack 1", "pay 2C 2H 2T 2M", "yes")
    assert codes(state, state.hand) == "5M" and state.deck == b""
    assert codes(state, state.discard[-1:]) == "3C"


def test_a_cost_that_cant_be_paid_gives_no_choice():
    """'Some abilities specify a cost which must be paid to gain their effect. These are written
    as "Do X to do Y."' With an empty hand the Vampire's 'discard a card to draw two cards' can't
    be paid: nothing is asked and nothing is drawn."""
    state = position(hero="Bodyguard", columns=(("Vampire",), (), (), ()),
                     hand="2C 2H 2T 2M", deck="5M")
    state = play(state, "attack 1")
    assert not state.is_decision()
    assert state.hand == 0 and codes(state, state.deck) == "5M"


def test_abilities_are_not_optional():
    """'Abilities are not optional.' The Blue Devil's 'Loot: Discard the front card of the
    arsenal, then draw a card.' happens with no choice."""
    state = position(hero="Bodyguard", columns=(("Blue Devil",), (), (), ()),
                     arsenal="7C 6C", hand="2T 2M 2H", deck="5M")
    state = play(state, "attack 1")  # paid with 6C from the arsenal and the hand
    assert not state.is_decision()
    assert state.arsenal == b"" and codes(state, state.hand) == "5M"
    assert codes(state, state.discard[-1:]) == "7C"


def test_an_ability_that_attacks_follows_the_attack_steps():
    """'When an ability instructs you to attack a monster, follow the steps of the Attack
    action.' The Ghost's 'Loot: You may attack the front monster of an adjacent column.': only
    column 1 can be matched (the Skeleton in column 3 needs two Mitts), so it is the one asked
    for; the attack is paid from the hand and the Goblin is defeated and collected. (No Torch in
    the arsenal: the Bodyguard would take the first one dealt as its wizard.)"""
    state = position(hero="Bodyguard", columns=(("Goblin",), ("Ghost",), ("Skeleton",), ()),
                     arsenal="2M 2H 3H", hand="2T 4T 4C 4H 4M", deck="6C")
    state = play(state, "attack 2", "pay 3H 2H 2M 2T")
    # The Ghost is a wisp, a Trophy for the Bodyguard: its Trophy ability triggers too.
    state = play(state, "resolve Ghost:Loot")
    assert legal(state) == ["yes", "no"]
    state = play(state, "yes")
    # The attack steps run in full: the Ghost, collected by now, lends its weapon too.
    assert legal(state) == ["pay 4T 4C 4H 4M", "pay 4T 4C 4M Ghost"]
    state = play(state, "pay 4T 4C 4H 4M")
    assert names(state, state.collected) == ["Goblin", "Ghost"]
    assert codes(state, state.hand) == "6C"  # the Goblin's Loot: Draw a card.


def test_an_ability_that_defeats_triggers_loot_and_collects():
    """'When an ability defeats a monster, its Loot triggers and it moves to your collected
    area.' The Reaper's 'Loot: You may exhaust a collected monster to defeat the front monster
    of this column.' defeats the Goblin behind it, whose Loot draws."""
    state = position(hero="Bodyguard", columns=(("Goblin", "Reaper"), (), (), ()),
                     collected=["Dragon"], hand="2M 2C 2T 3C", deck="6H")
    state = play(state, "attack 1", "pay 2M 2C 2T 3C")
    # The Reaper is a wisp: a Trophy for the Bodyguard, whose Trophy ability triggers too (and
    # does nothing without a wizard).
    state = play(state, "resolve Reaper:Loot", "yes")
    assert legal(state) == ["Reaper", "Dragon"]  # the Reaper itself is collected by now
    state = play(state, "Dragon")
    assert names(state, state.collected) == ["Goblin", "Reaper", "Dragon"]
    assert is_exhausted(state, "Dragon")
    assert codes(state, state.hand) == "6H"


def test_statements_are_in_effect_and_heroes_have_them_too():
    """'Heroes and Monster Kings can have abilities written as statements with no trigger.' The
    Alchemist's 'Your 0s match any suit.': the 0 Torch matches the Goblin's Claw."""
    state = position(hero="Alchemist", columns=(("Goblin",), (), (), ()),
                     hand="2T 0T 2H 2M", deck="")
    assert "attack 1" in legal(state)
    state = play(state, "attack 1")
    assert "Goblin" in names(state, state.collected)


def test_a_wild_card_names_the_suit_it_matches():
    state = position(hero="Alchemist", columns=(("Goblin",), (), (), ()),
                     hand="2T 3T 0T 2H 2M 2C", deck="")
    state = play(state, "attack 1")
    assert "pay 0T=C 2T 2H 2M" in legal(state)
    assert "pay 0T 2C 2H 2M" in legal(state)  # the 0 Torch matching its own Torch
    assert play(state, "pay 2T 2H 2M 0T=C").collected  # any token order is accepted


def test_while_collected_abilities_work_only_from_the_collected_area():
    """'While this Monster King is collected' abilities are only in effect while it is collected:
    the Haunted Armor King readies each monster you collect."""
    collected = position(hero="Bodyguard", columns=(("Goblin",), (), (), ()),
                         collected=["Haunted Armor"], kings=["Haunted Armor"],
                         exhausted=["Goblin"], hand="2T 2C 2H 2M", deck="5C")
    after = play(collected, "attack 1", "pay 2T 2C 2H 2M", "resolve Haunted-Armor:Collect")
    assert not is_exhausted(after, "Goblin")

    in_dungeon = position(hero="Bodyguard", columns=(("Goblin",), ("Haunted Armor",), (), ()),
                          kings=["Haunted Armor"], exhausted=["Goblin"],
                          hand="2T 2C 2H 2M", deck="5C")
    after = play(in_dungeon, "attack 1")
    assert "Goblin" in names(after, after.collected) and is_exhausted(after, "Goblin")


def test_a_while_collected_statement_follows_the_collection_under_the_same_kings():
    """The Werewolf King: 'While this Monster King is collected, its weapons match any suit.'
    The statements in effect are kept by Monster King faces and collection (one game, asked in
    both orders): the same King faces with the Werewolf collected or not give different ones."""
    in_dungeon = position(columns=(("Werewolf",), (), (), ()), kings=["Werewolf"])
    werewolf = in_dungeon.columns[0][-1]
    collected = in_dungeon.set(collected=in_dungeon.collected | 1 << werewolf)

    def kinds(state):
        return {static.kind for static, _owner in rules.active_statics(state)}

    assert "wild_weapons" not in kinds(in_dungeon)
    assert "wild_weapons" in kinds(collected)
    assert "wild_weapons" not in kinds(in_dungeon)


def test_exhausted_monsters_can_be_attacked_and_stay_exhausted_when_collected():
    """Ready & Exhausted: 'Exhausted monsters in the dungeon may be attacked as normal and their
    Loot still triggers. When you collect an exhausted monster, it remains exhausted.'"""
    state = position(hero="Bodyguard", columns=(("Goblin",), (), (), ()), exhausted=["Goblin"],
                     hand="2T 2C 2H 2M", deck="5C")
    state = play(state, "attack 1")
    assert is_exhausted(state, "Goblin") and codes(state, state.hand) == "5C"


def test_cards_begin_ready_and_only_abilities_ready_them():
    """'Cards begin the game ready.' 'Exhausted cards may only be readied by the effects of
    abilities': the Haunted Armor's 'Loot: Ready a collected monster.'"""
    state = position(hero="Warrior", columns=(("Haunted Armor",), (), (), ()),
                     collected=["Goblin", "Ratman"], exhausted=["Goblin", "Ratman"],
                     hand="2C 3C 2H 2M", deck="")
    assert state.exhausted != 0
    assert position(hero="Warrior").exhausted == 0
    state = play(state, "attack 1")
    assert legal(state) == ["Goblin", "Ratman"]
    state = play(state, "Ratman")
    assert is_exhausted(state, "Goblin") and not is_exhausted(state, "Ratman")


def test_no_action_may_be_taken_while_an_ability_waits():
    """'You may not take actions until all triggered abilities have been resolved.'"""
    state = position(columns=(("Goblin",), (), (), ()), hand="2T 2C 2H 2M", deck="5M 6M")
    state = play(state, "attack 1")
    assert state.is_decision()
    with pytest.raises(IllegalActionError, match="waiting for a choice"):
        state.parse_action("deal")
    with pytest.raises(IllegalActionError):
        state.apply(Action("deal"))


def test_moving_or_shuffling_a_card_does_not_change_its_orientation():
    """Ready & Exhausted: 'Moving or shuffling a card does not change its orientation.' The
    Cyclops's 'Loot: Shuffle any column.' keeps the exhausted Lich exhausted."""
    state = position(hero="Bodyguard", columns=(("Cyclops",), ("Goblin", "Lich"), (), ()),
                     exhausted=["Lich"], hand="2M 2H 2C 2T", deck="", seed=9)
    state = play(state, "attack 1", "column 2")
    assert is_exhausted(state, "Lich") and not is_exhausted(state, "Goblin")


def test_any_column_with_the_most_means_one_of_the_tied_columns():
    """Reference, Any, example 2: 'If two columns have five monsters and two have four, the two
    columns with five both contain the most monsters.' The Overseer may go into either."""
    rest = [m.name for m in position().rules.cards.base_monsters()]
    state = position(hero="Bodyguard", extras=["Overseer"],
                     columns=(("Overseer",), rest[:8], rest[8:16], rest[16:]), rest="none",
                     hand="2H 2C 2T 2M", deck="")
    state = play(state, "attack 1", "yes")
    assert legal(state) == ["column 2", "column 3"]
