"""Set Up (rulebook: Set Up) and the seed -> deal test vectors."""

import pytest

from dungeoneer.engine.errors import ChanceError
from tests.helpers import codes, column_names, game, legal

# seed -> (columns back to front, arsenal left to right, hand (sorted), deck top first). A change
# to the generator, the shuffle or the card order breaks these on purpose: deals must not move.
VECTORS = {
    0: ([["Witch", "Skeleton", "Banshee", "Ghost", "Automaton"],
         ["Werewolf", "Ratman", "Cyclops", "Lich", "Animated Weapons"],
         ["Goblin", "Dragon", "Mutant", "Haunted Armor", "Vampire"],
         ["Cultist", "Stone Golem", "Blue Devil", "Reaper", "Minotaur"]],
        "3M 8H 6M 5H 7C 6C", "3T 8T 4C 3H 4H 4M",
        "2H 5M 0C 4T 3C 8C 2C 0M 7M 7T 5T 0H 2M 6T 8M 0T 2T 6H 7H 5C"),
    1: ([["Animated Weapons", "Blue Devil", "Minotaur", "Reaper", "Lich"],
         ["Werewolf", "Goblin", "Cyclops", "Mutant", "Dragon"],
         ["Witch", "Cultist", "Automaton", "Skeleton", "Ghost"],
         ["Stone Golem", "Vampire", "Haunted Armor", "Banshee", "Ratman"]],
        "2M 4M 6H 7H 8C 0H", "5T 6T 4H 5H 5M 6M",
        "4T 3M 8M 5C 6C 7C 8H 3T 3C 7T 2H 7M 2C 2T 3H 0T 8T 0M 4C 0C"),
    42: ([["Vampire", "Lich", "Blue Devil", "Werewolf", "Ratman"],
          ["Stone Golem", "Skeleton", "Mutant", "Banshee", "Haunted Armor"],
          ["Ghost", "Goblin", "Witch", "Dragon", "Minotaur"],
          ["Reaper", "Cultist", "Animated Weapons", "Automaton", "Cyclops"]],
         "7T 6C 4C 8C 2C 4H", "3C 7C 0H 4M 6M 8M",
         "5H 6T 3H 4T 5C 5M 0C 0M 8H 6H 3M 7M 7H 2H 3T 2M 5T 2T 8T 0T"),
    2**64 - 1: ([["Automaton", "Cultist", "Skeleton", "Ratman", "Minotaur"],
                 ["Blue Devil", "Ghost", "Banshee", "Stone Golem", "Cyclops"],
                 ["Reaper", "Dragon", "Goblin", "Witch", "Animated Weapons"],
                 ["Mutant", "Lich", "Haunted Armor", "Werewolf", "Vampire"]],
                "3H 8C 5T 4H 5H 0C", "3T 4T 8T 4C 7H 6M",
                "2T 6C 2C 8M 5C 6T 2H 3M 0H 0M 7C 8H 6H 0T 7T 7M 3C 4M 5M 2M"),
}


@pytest.mark.parametrize("seed", sorted(VECTORS))
def test_seed_gives_the_pinned_deal(seed):
    columns, arsenal, hand, deck = VECTORS[seed]
    state = game().new_initial_state(seed=seed)
    assert column_names(state) == columns
    assert codes(state, state.arsenal) == arsenal
    assert codes(state, state.hand) == hand
    assert codes(state, state.deck) == deck


def test_same_seed_same_state_and_different_seeds_differ():
    g = game()
    assert g.new_initial_state(seed=7) == g.new_initial_state(seed=7)
    assert hash(g.new_initial_state(seed=7)) == hash(g.new_initial_state(seed=7))
    assert g.new_initial_state(seed=7) != g.new_initial_state(seed=8)


ORDER = ("Goblin Ratman Cultist Mutant Ghost Banshee Witch Reaper Dragon Cyclops Werewolf Minotaur "
         "Vampire Lich Skeleton Blue-Devil Haunted-Armor Animated-Weapons Automaton Stone-Golem")
ARSENAL = ("0T 2T 3T 4T 5T 6T 7T 8T 0C 2C 3C 4C 5C 6C 7C 8C "
           "0H 2H 3H 4H 5H 6H 7H 8H 0M 2M 3M 4M 5M 6M 7M 8M")


def test_set_up_deals_monsters_left_to_right_top_to_bottom_into_four_columns_of_five():
    """Set Up: 'deal the monsters left to right, top to bottom into four columns of five cards'.
    The first row dealt is the back of each column; the last card dealt to a column is its front
    (docs/rules/puzzle-dungeon.md, D1)."""
    state = game().new_initial_state(seed=3, setup={"monsters": ORDER, "arsenal": ARSENAL})
    assert column_names(state) == [
        ["Goblin", "Ghost", "Dragon", "Vampire", "Haunted Armor"],
        ["Ratman", "Banshee", "Cyclops", "Lich", "Animated Weapons"],
        ["Cultist", "Witch", "Werewolf", "Skeleton", "Automaton"],
        ["Mutant", "Reaper", "Minotaur", "Blue Devil", "Stone Golem"]]


def test_set_up_deals_six_to_the_arsenal_one_at_a_time_then_draws_six():
    """Set Up: 'deal six cards to the arsenal and draw six cards'. Each dealt card goes to the
    rightmost position, so the sixth card dealt is the front (D2, D3)."""
    state = game().new_initial_state(seed=3, setup={"monsters": ORDER, "arsenal": ARSENAL})
    assert codes(state, state.arsenal) == "0T 2T 3T 4T 5T 6T"
    assert codes(state, state.hand) == "7T 8T 0C 2C 3C 4C"
    assert codes(state, state.deck) == ARSENAL.split(" ", 12)[12]
    assert state.discard == b"" and state.collected == 0
    state.verify()


def test_explicit_orders_must_name_each_card_once():
    with pytest.raises(ChanceError, match="Goblin"):
        game().new_initial_state(seed=3, setup={"monsters": ORDER.replace("Ratman", "Goblin")})
    with pytest.raises(ChanceError, match="lists 31 cards"):
        game().new_initial_state(seed=3, setup={"arsenal": ARSENAL.rsplit(" ", 1)[0]})


def test_without_a_seed_every_shuffle_must_be_written():
    with pytest.raises(ChanceError, match="needs a seed"):
        game().new_initial_state(seed=None)


def test_deal_triggers_fire_during_set_up():
    """Set Up: 'Abilities that trigger when a card is dealt or drawn trigger during set up.' The
    Skull Warrior's 'When you deal an 8, discard it.' discards an 8 dealt at set up."""
    arsenal = ARSENAL.replace("5T", "X").replace("8T", "5T").replace("X", "8T")  # 8T dealt 5th
    state = game("Skull Warrior").new_initial_state(
        seed=3, setup={"monsters": ORDER, "arsenal": arsenal})
    assert codes(state, state.arsenal) == "0T 2T 3T 4T 6T"
    assert codes(state, state.discard) == "8T"


def test_draw_triggers_fire_during_set_up_and_ask_for_their_choice():
    """The Skull Alchemist's 'When you draw a 0, discard a card.': the 0C drawn at set up makes
    the first position a choice of which card to discard."""
    state = game("Skull Alchemist").new_initial_state(
        seed=3, setup={"monsters": ORDER, "arsenal": ARSENAL})
    assert state.is_decision()
    assert legal(state) == ["7T", "8T", "0C", "2C", "3C", "4C"]
    after = state.apply(state.parse_action("8T"))
    assert codes(after, after.discard) == "8T" and not after.is_decision()


def test_a_game_keeps_its_hash_but_a_pickled_copy_works_its_own_out():
    """The game's hash is worked out once; a copy sent to another process (pickled) must not
    bring it along, since strings hash differently there."""
    import pickle

    from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon

    played = PuzzleDungeon(hero="Skull Rogue", core=False)
    assert hash(played) == hash(PuzzleDungeon(hero="Skull Rogue")) == hash(played)
    copy = pickle.loads(pickle.dumps(played))
    assert copy._hash is None and hash(copy) == hash(played)
