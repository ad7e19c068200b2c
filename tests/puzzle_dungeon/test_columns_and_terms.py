"""Columns, Adjacency, Drawing & Discarding, Attaching, Status Effects and the Reference terms."""

from dungeoneer.engine.puzzle_dungeon import rules
from tests.helpers import (
    codes,
    column_names,
    is_exhausted,
    is_king,
    legal,
    names,
    others,
    play,
    position,
)

# ----------------------------------------------------------------------------- Columns


def test_an_empty_column_stays_and_monsters_may_be_moved_back_to_it():
    """'When a column becomes empty, it remains in the dungeon and monsters may be moved back to
    it.' Column 1 empties; the Minotaur's Loot deals the monsters into four columns again."""
    everyone = others("Minotaur")
    state = position(hero="Warrior", columns=(("Minotaur",), everyone[:7], everyone[7:13],
                                              everyone[13:]), rest="none",
                     hand="2H 2M 2T 2C", deck="")
    state = play(state, "attack 1")
    assert state.columns[0] == b"" and len(state.columns) == 4
    state = play(state, "yes")
    assert all(state.columns) and sum(map(len, state.columns)) == 19


def test_abilities_that_affect_columns_ignore_empty_columns():
    """The Rogue's 'Trophy: Reverse the order of any column.' offers only non-empty columns."""
    state = position(columns=((), ("Cyclops", "Goblin"), ("Lich",), ("Vampire",)),
                     hand="2M 2H 2C 2T", deck="")
    state = play(state, "attack 4", "resolve Rogue:Trophy")
    assert legal(state) == ["column 2", "column 3", "column 4"]


def columns_with(**fronts):
    """A dungeon whose column i (1-4) holds one named monster, or is empty."""
    return tuple((fronts[f"c{i}"],) if fronts.get(f"c{i}") else () for i in range(1, 5))


def test_leftmost_rightmost_and_middle_count_only_non_empty_columns():
    """Leftmost: the column furthest to the left; rightmost: furthest to the right; middle: the
    single centre column of an odd count, or the two closest to the middle of an even count;
    empty columns are ignored."""
    four = position(columns=(("Goblin",), ("Ratman",), ("Cultist",), ("Mutant",)))
    assert rules.leftmost(four.columns) == [0] and rules.rightmost(four.columns) == [3]
    assert rules.middle(four.columns) == [1, 2]
    # A position's columns are bytes: monster ids, back to front.
    cols = (b"", b"\x01", b"\x02", b"\x03")
    assert rules.leftmost(cols) == [1] and rules.middle(cols) == [2]
    assert rules.rightmost((b"\x01", b"\x02", b"", b"")) == [1]
    assert rules.middle((b"\x01", b"", b"", b"\x02")) == [0, 3]
    assert rules.middle((b"", b"", b"", b"")) == []


def test_the_middle_columns_cant_be_attacked_under_the_cyclops_king():
    """The Cyclops King: 'Monsters in the middle columns can't be attacked.' With four columns the
    middle is columns 2 and 3."""
    state = position(columns=(("Goblin",), ("Ratman",), ("Cultist",), ("Mutant", "Cyclops")),
                     kings=["Cyclops"], collected=[], hand="2T 3T 2C 3C 2H 3H 2M 3M", deck="")
    assert legal(state) == ["attack 1", "attack 4"]


def test_the_leftmost_column_moves_right_when_column_one_is_empty():
    everyone = others("Ghost", "Goblin")
    state = position(columns=((), ("Goblin",), everyone[:9], ["Ghost", *everyone[9:]]),
                     rest="none", kings=["Ghost"], hand="2T 2C 2H 2M 3M 3H 3C 3T", deck="")
    assert "attack 2" not in legal(state)


# ----------------------------------------------------------------------------- Adjacency


def test_a_card_in_a_column_is_adjacent_to_the_cards_in_front_and_behind():
    """The Banshee King: 'Reveal: Exhaust the monsters adjacent to this Monster King.' It flips
    when the third wisp leaves; the monsters right behind and in front of it are exhausted, the
    one two places away is not."""
    state = position(hero="Bodyguard",
                     columns=(("Reaper",), ("Goblin", "Lich", "Banshee", "Mutant"), (), ()),
                     collected=["Ghost", "Witch"], exhausted=["Ghost", "Witch"],
                     hand="2M 2C 2T 3C", deck="")
    state = play(state, "attack 1", "resolve flip:Banshee")
    assert is_king(state, "Banshee")
    assert is_exhausted(state, "Lich") and is_exhausted(state, "Mutant")
    assert not is_exhausted(state, "Goblin")


def test_a_column_is_adjacent_to_the_columns_left_and_right():
    """The Cultist's 'Loot: Swap the front monsters of this column and an adjacent column.' From
    column 2 the choice is column 1 or column 3."""
    state = position(hero="Bodyguard",
                     columns=(("Goblin",), ("Lich", "Cultist"), ("Ratman",), ("Mutant",)),
                     hand="2H 2T 3T 2C", deck="")
    state = play(state, "attack 2")
    assert legal(state) == ["column 1", "column 3"]
    state = play(state, "column 3")
    assert column_names(state)[1][-1] == "Ratman" and column_names(state)[2][-1] == "Lich"


def test_an_arsenal_card_is_adjacent_to_the_cards_left_and_right():
    """The Stone Golem's 'Loot: You may swap two adjacent cards in the arsenal.'"""
    state = position(hero="Warrior", columns=(("Stone Golem",), (), (), ()),
                     arsenal="4C 5C 6C", hand="2M 3M 2T 2H", deck="")
    state = play(state, "attack 1", "yes")
    assert legal(state) == ["swap 4C 5C", "swap 5C 6C"]
    state = play(state, "swap 4C 5C")
    assert codes(state, state.arsenal) == "5C 4C 6C"


# ----------------------------------------------------------------------------- Drawing, discarding


def test_discard_means_from_the_hand_unless_said_otherwise():
    """'When an ability instructs you to discard a card, discard it from your hand unless
    otherwise specified.' The Vampire King's 'Reveal: Discard a card.' offers hand cards only."""
    state = position(hero="Warrior",
                     columns=(("Skeleton",), ("Vampire", "Goblin"), (), ()),
                     collected=["Blue Devil", "Lich"], exhausted=["Blue Devil", "Lich"],
                     arsenal="8C 7T",
                     hand="2H 2C 2M 3M 4T 5T", deck="")
    state = play(state, "attack 1")
    assert legal(state) == ["resolve Skeleton:Loot", "resolve flip:Vampire"]
    state = play(state, "resolve flip:Vampire")
    assert legal(state) == ["4T", "5T"]  # not the arsenal's 8C or 7T


def test_cards_are_drawn_only_by_abilities_and_at_set_up():
    """'Cards may only be drawn during set up or from the effects of abilities': no action
    draws."""
    state = position(columns=(("Goblin",), (), (), ()), hand="2T 2C 2H 2M", deck="5C")
    assert {a.kind for a in state.legal_actions()} <= {"deal", "attack", "treasure"}


def test_an_empty_deck_stays_empty_unless_an_ability_moves_cards_to_it():
    """The Skeleton's 'Loot: Shuffle the bottom five cards of the discard pile into the deck.'
    refills an empty deck."""
    state = position(hero="Bodyguard", columns=(("Skeleton",), (), (), ()),
                     hand="2H 2C 2M 3M", deck="")
    assert state.deck == b""
    bottom_five = sorted(state.discard[:5])
    state = play(state, "attack 1")
    assert sorted(state.deck) == bottom_five


# ----------------------------------------------------------------------------- Attaching, status


def test_an_attached_card_moves_with_its_host():
    """'If a card moves or changes game areas, cards attached to it move with it.' The Stone Golem
    King attaches the front arsenal card to itself; collected, it keeps the card."""
    state = position(hero="Bodyguard",
                     columns=(("Haunted Armor",), ("Stone Golem", "Lich"), (), ()),
                     collected=["Animated Weapons", "Automaton"],
                     exhausted=["Animated Weapons", "Automaton"],
                     arsenal="6H 7M", hand="2C 3C 2H 2M", deck="")
    state = play(state, "attack 1", "pay 2C 3C 2H 2M", "resolve flip:Stone-Golem")
    assert [(codes(state, [a.card]), a.host) for a in state.attached] == [
        ("7M", state.rules.cards.monster_named("Stone Golem").id)]
    state.verify()


def test_the_wizard_is_a_status_on_an_attached_card():
    """'Names, types, and other labels created by abilities are statuses.' The Bodyguard's 'After
    set up, attach the first dealt Torch card to this hero as a wizard.'"""
    state = position(hero="Bodyguard", arsenal="3C 4T 5T", deck=None)
    assert [(codes(state, [a.card]), a.status) for a in state.attached] == [("4T", "wizard")]
    assert codes(state, state.arsenal) == "3C 5T"


def test_without_a_dealt_torch_there_is_no_wizard():
    """Decision D9: only the cards dealt at set up are looked at."""
    state = position(hero="Bodyguard", arsenal="3C 4C", deck=None)
    assert state.attached == ()


# ----------------------------------------------------------------------------- Reference terms


def test_any_means_any_one():
    """Reference, Any: 'Draw any 0 in the discard pile' means to choose one 0 in the discard pile
    and draw it (the Ratman's Loot)."""
    state = position(hero="Bodyguard", columns=(("Ratman",), (), (), ()),
                     hand="2C 2T 2M 2H", deck=None, discard="0T 4H 0M")
    state = play(state, "attack 1")
    assert legal(state) == ["0T", "0M"]
    state = play(state, "0M")
    assert codes(state, state.hand) == "0M"


def test_ignore_resolves_with_no_effect():
    """Reference, Ignore: 'Ignored abilities resolve with no effect.' Under the Cultist King
    ('Ignore Trophy abilities.') the Rogue's Trophy ability does nothing."""
    state = position(columns=(("Werewolf",), ("Cultist", "Lich"), (), ()), kings=["Cultist"],
                     hand="2C 3C 2M 2T", deck="5H")
    state = play(state, "attack 1", "resolve Rogue:Trophy")
    # No column to reverse is asked for: what is left to resolve is the rest of the batch.
    assert legal(state) == ["resolve Werewolf:Loot", "resolve Rogue:Collect"]
    state = play(state, "resolve Rogue:Collect")
    assert codes(state, state.hand) == "5H"


def test_swap_exchanges_places():
    """Reference, Swap: 'Two or more cards exchange places simultaneously.' The Werewolf's 'Loot:
    Swap the front and back monsters of any column.'"""
    rest = others("Werewolf", "Goblin", "Lich", "Ratman", "Mutant")
    state = position(hero="Warrior",
                     columns=([*rest[:1], "Werewolf"], ("Goblin", "Lich", "Ratman"), ("Mutant",),
                              rest[1:]),
                     rest="none", hand="2C 3C 2M 2T", deck="")
    state = play(state, "attack 1")
    assert legal(state) == ["column 2", "column 4"]  # one card in columns 1 and 3: no swap
    state = play(state, "column 2")
    column = column_names(state)[1]
    assert column[-1] != "Ratman" and column[0] == "Ratman"


def test_this_column_is_where_the_monster_was_when_defeated():
    """Reference, This Column: the Witch's 'Loot: Reverse the order of this column.' reverses the
    column the Witch was in, not another."""
    rest = others("Goblin", "Ratman", "Witch", "Cyclops", "Lich")
    state = position(hero="Warrior", columns=(("Goblin", "Ratman", "Witch"), ("Cyclops", "Lich"),
                                              rest[:8], rest[8:]),
                     rest="none", hand="2T 3T 2H 2M", deck="")
    state = play(state, "attack 1", "resolve Witch:Loot")
    assert column_names(state)[:2] == [["Ratman", "Goblin"], ["Cyclops", "Lich"]]
    assert names(state, state.collected).count("Witch") == 1
