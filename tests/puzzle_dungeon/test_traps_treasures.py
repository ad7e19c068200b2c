"""Variant - Traps & Treasures (rulebook: Variant - Traps & Treasures)."""

import pytest

from dungeoneer.engine.errors import DungeoneerError
from tests.helpers import codes, column_names, is_king, legal, play, position


def tts(state, zone):
    return [state.rules.cards.trap_treasures[t].name for t in getattr(state, zone)]


def test_after_set_up_traps_attach_to_the_hero_and_treasures_are_collected():
    """'After set up, attach any number of Traps to your hero and/or collect any number of
    Treasures.'"""
    state = position(traps=["Rope Snare"], treasures=["Cursed Lantern", "Bear Trap"])
    assert tts(state, "traps") == ["Rope Snare"]
    assert tts(state, "treasures") == ["Cursed Lantern", "Bear Trap"]
    state.verify()


def test_defeating_a_monster_of_a_traps_type_triggers_the_trap():
    """'Defeating a monster of the Trap/Treasure's type triggers its ability.' Rope Snare (goblin):
    'Trap: Discard a card.'"""
    state = position(hero="Bodyguard", traps=["Rope Snare"], columns=(("Goblin",), (), (), ()),
                     hand="2T 2C 2H 2M 5C", deck="7C")
    state = play(state, "attack 1", "pay 2T 2C 2H 2M")
    assert legal(state) == ["resolve Goblin:Loot", "resolve Rope-Snare:Trap"]
    state = play(state, "resolve Rope-Snare:Trap")
    assert codes(state, state.discard[-1:]) == "5C"


def test_a_trap_whose_type_is_gone_flips_to_its_treasure_and_is_collected():
    """'When there are no monsters in the dungeon with the type of an attached Trap, flip it to
    its Treasure face and collect it.'"""
    state = position(hero="Bodyguard", traps=["Rope Snare"], columns=(("Goblin",), (), (), ()),
                     collected=["Ratman", "Cultist", "Mutant"],
                     exhausted=["Ratman", "Cultist", "Mutant"], hand="2T 2C 2H 2M", deck="7C")
    state = play(state, "attack 1")
    assert tts(state, "traps") == [] and tts(state, "treasures") == ["Rope Snare"]


def test_a_trap_flips_at_once_if_its_type_is_not_in_the_dungeon_after_set_up():
    state = position(traps=["Rope Snare"], collected=["Goblin", "Ratman", "Cultist", "Mutant"],
                     exhausted=["Goblin", "Ratman", "Cultist", "Mutant"])
    assert tts(state, "treasures") == ["Rope Snare"]


def test_the_treasure_action_triggers_the_effect_then_removes_the_card():
    """'While you have a collected Treasure, you may take the action: "Treasure: Trigger this
    Treasure's effect, then remove it from the game."' Rope Snare: 'Treasure: Draw two cards.'"""
    state = position(treasures=["Rope Snare"], deck="5C 6C 7C")
    assert "treasure Rope-Snare" in legal(state)
    state = play(state, "treasure Rope-Snare")
    assert codes(state, state.hand) == "5C 6C"
    assert tts(state, "treasures") == [] and tts(state, "removed") == ["Rope Snare"]
    assert "treasure Rope-Snare" not in legal(state)


def test_a_collected_treasure_also_triggers_when_a_monster_of_its_type_is_defeated():
    """Decision D13: the Ability line applies to both faces."""
    state = position(hero="Bodyguard", treasures=["Rope Snare"],
                     columns=(("Goblin",), (), (), ()), hand="2T 2C 2H 2M", deck="7C 8C 6C")
    state = play(state, "attack 1")
    assert legal(state) == ["resolve Goblin:Loot", "resolve Rope-Snare:Treasure"]


def test_owners_manual_trap_is_one_or_the_other():
    """Owner's Manual (printed): 'Trap: Discard the top two cards of the deck or exhaust a
    collected monster.'"""
    state = position(hero="Bodyguard", traps=["Owner's Manual"],
                     columns=(("Haunted Armor",), ("Automaton",), (), ()),
                     hand="2C 3C 2H 2M", deck="5C 6C 7C")
    state = play(state, "attack 1", "resolve Owner's-Manual:Trap")
    assert legal(state) == ["choose discard", "choose exhaust"]
    discarded = play(state, "choose discard")
    assert codes(discarded, discarded.deck) == "7C"
    exhausted = play(state, "choose exhaust")
    assert exhausted.exhausted != 0


def test_owners_manual_treasure_counts_the_treasure_type_monsters_in_the_dungeon():
    """Owner's Manual (printed): 'Treasure: For each Treasure in the dungeon, draw a card or
    shuffle any column.' A Treasure card is never in the dungeon; the count is the monsters there
    of a collected Treasure's type (decision D12): two chests here, so two choices."""
    state = position(treasures=["Owner's Manual"],
                     columns=(("Haunted Armor",), ("Automaton",), (), ()),
                     collected=["Animated Weapons", "Stone Golem"],
                     exhausted=["Animated Weapons", "Stone Golem"], deck="5C 6C 7C")
    state = play(state, "treasure Owner's-Manual")
    assert legal(state) == ["choose draw", "choose shuffle"]
    state = play(state, "choose draw", "choose draw")
    assert codes(state, state.hand) == "5C 6C" and not state.is_decision()
    assert tts(state, "removed") == ["Owner's Manual"]


def test_traps_and_treasures_use_types_of_monsters_in_the_game():
    """'Use Traps/Treasures with the same types as monsters in the dungeon.' A card can't be both
    a Trap and a Treasure."""
    with pytest.raises(DungeoneerError, match="both"):
        position(traps=["Bear Trap"], treasures=["Bear Trap"])


def test_blood_chalice_trap_reveals_the_back_of_a_column():
    """Blood Chalice: 'Trap: Reveal the back Monster King of any column.'"""
    state = position(hero="Bodyguard", traps=["Blood Chalice"],
                     columns=(("Vampire",), ("Goblin", "Cultist"), (), ()),
                     hand="2C 2H 2T 2M", deck="7C")
    state = play(state, "attack 1", "resolve Blood-Chalice:Trap")
    assert legal(state) == ["column 1", "column 2"]
    back = column_names(state)[1][0]
    state = play(state, "column 2")
    assert is_king(state, back)


def test_cursed_lantern_treasure_readies_a_collected_monster():
    """Cursed Lantern: 'Treasure: Ready a collected monster.'"""
    state = position(treasures=["Cursed Lantern"], collected=["Goblin"], exhausted=["Goblin"])
    state = play(state, "treasure Cursed-Lantern")
    assert state.exhausted == 0
