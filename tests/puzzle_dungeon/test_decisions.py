"""Decisions where the rulebook is silent (docs/rules/puzzle-dungeon.md), one test each that is
not pinned elsewhere."""

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from tests.helpers import codes, column_names, legal, names, play, position


def test_d10_an_attack_that_can_no_longer_be_paid_after_its_triggers_ends():
    """D10: 'When you attack' abilities resolve before paying; the Lich King discards the front
    card of the arsenal, the 2C this attack needed, so the Goblin can't be matched any more: the
    attack ends, nothing else is spent, and the Goblin stays."""
    state = position(hero="Bodyguard", columns=(("Goblin",), ("Lich", "Cyclops"), (), ()),
                     kings=["Lich"], arsenal="2C", hand="2T 2H 2M", deck="")
    assert "attack 1" in legal(state)
    state = play(state, "attack 1")
    assert names(state, [c[-1] for c in state.columns if c])[0] == "Goblin"
    assert codes(state, state.hand) == "2T 2H 2M" and codes(state, state.discard[-1:]) == "2C"


def test_d11_shuffling_no_card_into_the_deck_does_not_shuffle_it():
    """D11: 'Shuffle up to four cards ... into the deck' with none chosen leaves the deck as it
    is."""
    state = position(hero="Bodyguard", columns=(("Animated Weapons",), (), (), ()),
                     hand="2T 2C 2M 3M", deck="5C 6C 7C 8C", discard="5H")
    state = play(state, "attack 1", "resolve Animated-Weapons:Loot", "done")
    assert codes(state, state.deck) == "5C 6C 7C 8C"


def test_d15_adjacent_columns_are_by_position_and_empty_ones_are_never_chosen():
    """D15: an empty column keeps its place: with column 3 empty, column 4 is not adjacent to
    column 2, so the Cultist's swap can only go to column 1."""
    everyone = [m.name for m in PuzzleDungeon().cards.base_monsters()
                if m.name not in ("Cultist", "Goblin", "Lich")]
    state = position(hero="Bodyguard",
                     columns=(("Goblin",), ("Lich", "Cultist"), (), everyone), rest="none",
                     hand="2H 2T 3T 2C", deck="")
    state = play(state, "attack 2")
    assert column_names(state)[0][-1] == "Lich" and column_names(state)[1] == ["Goblin"]


def test_d25_every_draw_is_a_draw_even_from_the_discard_pile():
    """D25: the Ratman's 'Draw any 0 in the discard pile' draws, so the Skull Alchemist's 'When
    you draw a 0, discard a card.' triggers."""
    state = position(hero="Skull Alchemist", columns=(("Ratman",), (), (), ()),
                     hand="2C 2T 2M 2H 5C", deck=None, discard="0T")
    state = play(state, "attack 1", "pay 2C 2T 2M 2H")
    assert legal(state) == ["0T", "5C"]  # discard a card: the drawn 0 is in hand


def test_d26_example_monsters_join_the_monster_deck():
    """D26: with the three example monsters the 23 monsters are dealt 6, 6, 6, 5."""
    state = PuzzleDungeon(extras=["Battlesnake", "Overseer", "Mold Demon"]).new_initial_state(
        seed=1)
    assert [len(c) for c in state.columns] == [6, 6, 6, 5]
    state.verify()


def test_d7_a_single_option_is_taken_and_a_may_always_asks():
    """D7: the only payment is made at once (no 'pay' line), while a 'you may' asks even when
    'yes' is the only sensible answer."""
    state = position(hero="Warrior", columns=(("Minotaur",), (), (), ()),
                     hand="2H 2M 2T 2C", deck="")
    state = play(state, "attack 1")
    assert legal(state) == ["yes", "no"]


def test_d22_a_loot_triggered_by_the_overseer_has_no_this_column():
    """D22: the Overseer triggers the collected Witch's 'Loot: Reverse the order of this column.'
    The Witch was defeated long ago; there is no 'this column' now, so nothing is reversed."""
    rest = [m.name for m in PuzzleDungeon().cards.base_monsters()
            if m.name not in ("Witch", "Cultist", "Mutant", "Dragon")]
    state = position(hero="Bodyguard", extras=["Overseer"],
                     columns=(("Overseer",), rest, ("Cultist", "Mutant"), ("Dragon",)),
                     rest="none", collected=["Witch"], exhausted=["Witch"],
                     hand="2H 2C 2T 2M", deck="")
    log: list[str] = []
    state = play(state, "attack 1", "yes", log=log)
    assert "You shuffle the Overseer into column 2." in log
    assert not any("reverse" in line for line in log)
    assert column_names(state)[2:] == [["Cultist", "Mutant"], ["Dragon"]]
