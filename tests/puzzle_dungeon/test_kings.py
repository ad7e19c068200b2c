"""Monsters & Monster Kings (rulebook: Monsters & Monster Kings, Abilities)."""

from dungeoneer.engine.protocol import Termination
from tests.helpers import (
    codes,
    column_names,
    is_exhausted,
    is_king,
    legal,
    monster_id,
    names,
    play,
    position,
)

# The goblin type: Goblin, Ratman, Cultist, Mutant (all defenses in seeds/puzzle_dungeon).


def test_the_last_monster_of_a_type_flips_as_a_triggered_ability():
    """'When a monster leaves the dungeon, if there is only one monster of its type remaining in
    the dungeon, that remaining monster flips to its Monster King face as a triggered ability.'
    Defeating the third goblin triggers the flip of the fourth, alongside the Cultist's Loot; the
    player orders them."""
    state = position(hero="Bodyguard", columns=(("Cultist",), ("Mutant", "Lich"), (), ()),
                     collected=["Goblin", "Ratman"], hand="2H 2T 3T 2C", deck="")
    state = play(state, "attack 1", "pay 2T 3T 2C 2H")
    assert legal(state) == ["resolve Cultist:Loot", "resolve flip:Mutant"]
    state = play(state, "resolve flip:Mutant")
    assert is_king(state, "Mutant")


def test_no_flip_while_two_or_more_of_the_type_remain():
    state = position(hero="Bodyguard", columns=(("Cultist",), ("Mutant",), ("Ratman",), ()),
                     collected=["Goblin"], exhausted=["Goblin"], hand="2H 2T 3T 2C", deck="")
    state = play(state, "attack 1")
    assert state.kings == 0
    assert "resolve flip:Mutant" not in legal(state)


def test_the_flip_does_nothing_once_that_monster_has_left_the_dungeon():
    """Abilities don't affect collected monsters: the wisp Reaper, last of its type, is defeated
    by the Bodyguard's Trophy ability before the flip resolves, so it never flips (D4)."""
    state = position(hero="Bodyguard", columns=(("Witch",), ("Reaper",), ("Lich",), ()),
                     collected=["Ghost", "Banshee"], arsenal="5T", hand="2T 3T 2H 2M", deck="")
    state = play(state, "attack 1", "pay 2T 3T 2H 2M")
    assert legal(state) == ["resolve Witch:Loot", "resolve Bodyguard:Trophy",
                            "resolve flip:Reaper"]
    state = play(state, "resolve Bodyguard:Trophy", "yes", "column 2")
    assert "Reaper" in names(state, state.collected)
    # What the Reaper's defeat triggered is newer, so it resolves before the rest (D5).
    assert legal(state) == ["resolve Reaper:Loot", "resolve Bodyguard:Trophy"]
    state = play(state, "resolve Reaper:Loot", "no")
    assert legal(state) == ["resolve Witch:Loot", "resolve flip:Reaper"]
    state = play(state, "resolve flip:Reaper")
    assert not is_king(state, "Reaper")


def test_a_reveal_ability_triggers_when_the_king_is_revealed():
    """'When a Monster King with a Reveal icon is revealed, its ability is triggered.' The Ratman
    King: 'Reveal: Discard the top two cards of the deck.'"""
    state = position(hero="Bodyguard", columns=(("Cultist",), ("Ratman", "Lich"), (), ()),
                     collected=["Goblin", "Mutant"], hand="2H 2T 3T 2C", deck="6C 7C 8C")
    state = play(state, "attack 1", "pay 2T 3T 2C 2H", "resolve flip:Ratman")
    assert codes(state, state.discard[-2:]) == "6C 7C"
    assert codes(state, state.deck) == "8C"


def test_a_kings_statement_is_in_effect_wherever_it_is_in_the_dungeon():
    """'A Monster King's ability is always in effect regardless of its position in the dungeon.'
    The Ghost King, buried at the back of column 3: 'Monsters in the leftmost column can't be
    attacked.'"""
    free = position(columns=(("Goblin",), (), ("Ghost", "Lich"), ()), rest="back",
                    hand="2T 2C 2H 2M", deck="")
    assert "attack 1" in legal(free)
    blocked = position(columns=(("Goblin",), (), ("Ghost", "Lich"), ()), rest="back",
                       kings=["Ghost"], hand="2T 2C 2H 2M", deck="")
    assert "attack 1" not in legal(blocked)


def test_a_kings_statement_ends_when_it_is_collected():
    state = position(columns=(("Goblin",), (), (), ()), collected=["Ghost"], kings=["Ghost"],
                     hand="2T 2C 2H 2M", deck="")
    assert "attack 1" in legal(state)


def test_abilities_that_affect_monsters_affect_kings():
    """'Abilities that affect monsters affect Monster Kings.' The Witch's 'Loot: Reverse the order
    of this column.' moves the King in it like any monster."""
    state = position(hero="Warrior", columns=(("Cyclops", "Werewolf", "Witch"), (), (), ()),
                     kings=["Werewolf"], hand="2T 3T 2H 2M", deck="")
    state = play(state, "attack 1", "resolve Witch:Loot")
    assert column_names(state)[0][:2] == ["Werewolf", "Cyclops"]
    assert is_king(state, "Werewolf")


def test_kings_count_as_their_type_and_as_monster_kings_for_the_win():
    """'Monster Kings count as their monster type and as Monster Kings for the purposes of
    winning the game.' The Skull Rogue needs chest x4 and Monster King x4: four chest Kings
    meet both at once."""
    state = position(hero="Skull Rogue", columns=(("Stone Golem",), (), (), ()),
                     collected=["Haunted Armor", "Animated Weapons", "Automaton"],
                     kings=["Haunted Armor", "Animated Weapons", "Automaton", "Stone Golem"],
                     exhausted=["Haunted Armor", "Animated Weapons", "Automaton"],
                     hand="2M 3M 2T 2H", deck="")
    state = play(state, "attack 1")
    assert state.is_terminal()
    assert state.outcome().termination is Termination.WON
    assert state.to_json()["prey"] == [
        {"prey": "chest", "collected": 4, "needed": 4},
        {"prey": "king", "collected": 4, "needed": 4}]


def test_a_king_is_a_trophy_if_its_type_is_a_trophy():
    """'A Monster King is a Trophy if its monster type is a Trophy.' The Werewolf (a beast: not
    in the Rogue's prey) as a King triggers the Rogue's Trophy ability."""
    state = position(columns=(("Werewolf",), (), (), ()), kings=["Werewolf"],
                     hand="2C 3C 2M 2T", deck="5H")
    state = play(state, "attack 1")
    assert legal(state) == ["resolve Rogue:Trophy", "resolve Rogue:Collect"]


def test_monster_king_is_not_a_monster_type_and_kings_weapons_have_two_suits():
    """'Monster King is not a monster type.' A King's face keeps its type; its weapon shows two
    suits."""
    state = position(collected=["Dragon"], kings=["Dragon"])
    dragon = state.to_json()["collected"][0]
    assert dragon["type"] == "beast" and dragon["king"] is True
    assert dragon["weapon"] == ["Torch", "Hand"]


def test_an_exhausted_monster_stays_exhausted_when_it_flips():
    """Flipping changes the face, not the orientation (Ready & Exhausted)."""
    state = position(hero="Bodyguard", columns=(("Cultist",), ("Mutant", "Lich"), (), ()),
                     collected=["Goblin", "Ratman"], exhausted=["Mutant"],
                     hand="2H 2T 3T 2C", deck="")
    state = play(state, "attack 1", "pay 2T 3T 2C 2H", "resolve flip:Mutant")
    assert is_king(state, "Mutant") and is_exhausted(state, "Mutant")
    assert monster_id(state, "Mutant") in [m for c in state.columns for m in c]
