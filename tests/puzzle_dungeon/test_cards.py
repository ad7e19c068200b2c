"""Every card: printed texts pinned word for word, and a scenario for each ability."""

import pytest

from dungeoneer.engine.puzzle_dungeon.constants import SUITS
from tests.helpers import (
    codes,
    column_names,
    game,
    is_exhausted,
    is_king,
    legal,
    names,
    others,
    play,
    position,
)

CARDS = game().cards

# (card, face or hero) -> the text exactly as the rulebook prints it.
PRINTED = {
    ("Rogue", "hero"): ["When you collect a monster, draw a card.",
                        "Trophy: Reverse the order of any column."],
    ("Skull Rogue", "hero"): [
        "When a Monster King is revealed, shuffle and deal the monsters into three columns.",
        "Trophy: You may discard any card from the arsenal to draw a card."],
    ("Bodyguard", "hero"): [
        "After set up, attach the first dealt Torch card to this hero as a wizard.",
        "Trophy: You may exhaust the wizard to defeat the front monster of any column.",
        "Monster King: You may discard a card from your hand to ready the wizard."],
    ("Battlesnake", "front"): ["Loot: You may reveal a Battlesnake-type Monster King. If you do, "
                               "defeat the front Monster King of any column."],
    ("Battlesnake", "king"): ["Reveal: Reveal the back Monster King of any column."],
    ("Mutant", "front"): ["Loot: Shuffle any four cards in the arsenal into the deck."],
    ("Minotaur", "front"): ["Loot: You may shuffle the monsters and deal them into four columns."],
    ("Skeleton", "front"): ["Loot: Shuffle the bottom five cards of the discard pile into the "
                            "deck."],
    ("Animated Weapons", "front"): ["Loot: Shuffle up to four cards in the arsenal and/or discard "
                                    "pile with the same suit into the deck."],
    ("Overseer", "front"): ["Loot: You may shuffle this monster into any column with the most "
                            "cards to trigger any other collected monster's Loot."],
    ("Owner's Manual", "trap"): ["Trap: Discard the top two cards of the deck or exhaust a "
                                 "collected monster."],
    ("Owner's Manual", "treasure"): ["Treasure: For each Treasure in the dungeon, draw a card or "
                                     "shuffle any column."],
}


def printed_abilities(name, face):
    if face == "hero":
        return CARDS.hero(name).abilities
    for card in CARDS.trap_treasures:
        if card.name == name:
            return (card.trap,) if face == "trap" else (card.treasure,)
    monster = CARDS.monster_named(name)
    return monster.front.abilities if face == "front" else monster.king.abilities


@pytest.mark.parametrize(("name", "face"), sorted(PRINTED))
def test_printed_texts_are_kept_word_for_word_and_marked_printed(name, face):
    abilities = printed_abilities(name, face)
    assert [a.text for a in abilities] == PRINTED[(name, face)]
    assert all(a.source.startswith("rulebook") for a in abilities)


def test_printed_card_facts():
    """Arsenal Cards: 32 cards, four suits, the values 0 and 2-8. The Monster Deck: 20 monsters
    with the printed names. Rogue prey. Battlesnake's suits."""
    assert len(CARDS.arsenal) == 32
    assert {(c.suit, c.value) for c in CARDS.arsenal} == {
        (s, v) for s in range(4) for v in (0, 2, 3, 4, 5, 6, 7, 8)}
    assert SUITS == ("Torch", "Claw", "Hand", "Mitt")
    assert sorted(m.name for m in CARDS.base_monsters()) == sorted([
        "Dragon", "Cultist", "Stone Golem", "Ratman", "Mutant", "Cyclops", "Automaton", "Reaper",
        "Werewolf", "Minotaur", "Ghost", "Banshee", "Goblin", "Witch", "Skeleton",
        "Haunted Armor", "Lich", "Vampire", "Blue Devil", "Animated Weapons"])
    assert dict(CARDS.hero("Rogue").prey) == {"chest": 4, "goblin": 2, "wisp": 2}
    assert dict(CARDS.hero("Skull Rogue").prey) == {"chest": 4, "king": 4}
    snake = CARDS.monster_named("Battlesnake")
    assert [SUITS[s] for s in snake.front.weapon] == ["Mitt"]
    assert [SUITS[s] for s in snake.king.weapon] == ["Mitt", "Mitt"]
    assert snake.front.defense == (1, 1, 0, 2)  # Torch, Claw, Mitt, Mitt


def test_four_monsters_of_each_type_and_every_field_has_a_source():
    """'There are four monsters of each type.' Every value says where it comes from."""
    types = [m.type for m in CARDS.base_monsters()]
    assert sorted(set(types)) == ["beast", "chest", "fiend", "goblin", "wisp"]
    assert all(types.count(t) == 4 for t in set(types))
    for monster in CARDS.monsters:
        assert set(monster.source) == {"name", "type", "weapon", "defense", "king_weapon"}
    for ability in CARDS.abilities:
        assert ability.source.split(":")[0] in ("rulebook", "reference", "reconstructed")


def test_reconstructed_cards_read_like_printed_ones():
    """Reconstructed texts use the printed verbs and trigger words."""
    verbs = ("deal", "draw", "discard", "shuffle", "reveal", "exhaust", "ready", "attach",
             "defeat", "collect", "swap", "reverse", "attack", "ignore", "match", "can't")
    for ability in CARDS.abilities:
        if ability.source.startswith("reconstructed"):
            assert any(v in ability.text.lower() for v in verbs), ability.text
            assert ability.text.endswith("."), ability.text


# ----------------------------------------------------------------------------- helpers

def pay_for(name, start=2):
    """Hand cards that match a monster's defense exactly (values from `start` upward)."""
    defense = CARDS.monster_named(name).front.defense
    cards = []
    for suit, count in enumerate(defense):
        cards += [f"{start + i}{'TCHM'[suit]}" for i in range(count)]
    return " ".join(cards)


def pay_from_hand(state):
    """Choose the payment that uses hand cards only, if the attack asks how to pay."""
    for action in state.legal_actions():
        if action.kind == "pay" and not action.arg.arsenal and not action.arg.weapons:
            return state.apply(action)
    return state


def reveal_by_flip(king, hero="Bodyguard", extra_hand="", defeat=None, **kw):
    """Defeat the third monster of the King's type so that the King flips; resolve the flip."""
    kind = CARDS.monster_named(king).type
    same = [m.name for m in CARDS.base_monsters() if m.type == kind and m.name != king]
    if defeat is not None:
        same.remove(defeat)
        same.insert(0, defeat)
    filler = next(m.name for m in CARDS.base_monsters() if m.type != kind)
    kw.setdefault("columns", ((same[0],), (king, filler), (), ()))
    kw.setdefault("deck", "")
    hand = f"{pay_for(same[0])} {extra_hand}".strip()
    state = position(hero=hero, collected=same[1:], exhausted=same[1:], hand=hand, **kw)
    state = pay_from_hand(play(state, "attack 1"))
    flip = "resolve flip:" + CARDS.monster_named(king).key
    if flip in legal(state):
        state = play(state, flip)
    assert is_king(state, king)
    return state


# ----------------------------------------------------------------------------- heroes

def test_rogue_trophy_reverses_any_column():
    state = position(columns=(("Cyclops",), ("Goblin", "Ratman", "Lich"), (), ()),
                     hand=pay_for("Cyclops"), deck="8C")
    state = play(state, "attack 1", "resolve Rogue:Trophy")
    before = column_names(state)[1]
    state = play(state, "column 2")
    assert column_names(state)[1] == before[::-1]


def test_skull_rogue_redeals_into_three_columns_when_a_king_is_revealed():
    state = reveal_by_flip("Ratman", hero="Skull Rogue")
    state = play(state, "resolve Skull-Rogue:King-Revealed")
    assert state.columns[3] == b"" and all(state.columns[:3])


def test_skull_rogue_trophy_may_discard_any_arsenal_card_to_draw():
    state = position(hero="Skull Rogue", columns=(("Cyclops",), (), (), ()),
                     arsenal="5C 6C", hand=pay_for("Cyclops"), deck="8C")
    state = play(state, "attack 1", "pay 2T 2C 2H 2M", "resolve Skull-Rogue:Trophy", "yes")
    assert legal(state) == ["5C", "6C"]  # any card, not only the front
    state = play(state, "5C")
    assert codes(state, state.arsenal) == "6C" and codes(state, state.hand) == "8C"


def test_skull_bodyguard_hand_wizard_attacks_the_front_of_any_column():
    state = position(hero="Skull Bodyguard", columns=(("Goblin",), ("Ratman",), (), ()),
                     arsenal="3T 4H", hand=pay_for("Goblin") + " 5C 5T 5H 5M", deck="")
    assert [codes(state, [a.card]) for a in state.attached] == ["4H"]
    # The Goblin is a Trophy for the Skull Bodyguard (prey: fiend and Monster Kings).
    state = play(state, "attack 1", "pay 2T 2C 2H 2M", "resolve Skull-Bodyguard:Trophy", "yes")
    assert state.attached[0].exhausted
    assert all(a.kind == "pay" for a in state.legal_actions())  # the attack on column 2


def test_skull_bodyguard_exhausts_the_wizard_when_a_king_is_revealed():
    state = reveal_by_flip("Ratman", hero="Skull Bodyguard", arsenal="4H")
    state = play(state, "resolve Skull-Bodyguard:King-Revealed")
    assert state.attached[0].exhausted


def test_warrior_may_ready_a_collected_monster_when_attacking_a_king():
    state = position(hero="Warrior", columns=(("Dragon",), (), (), ()), kings=["Dragon"],
                     collected=["Goblin"], exhausted=["Goblin"], hand=pay_for("Dragon"), deck="")
    state = play(state, "attack 1")
    assert legal(state) == ["yes", "no"]  # before paying: attack abilities resolve first
    state = play(state, "yes")
    assert not is_exhausted(state, "Goblin")


def test_warrior_trophy_draws():
    state = position(hero="Warrior", columns=(("Reaper",), (), (), ()), hand=pay_for("Reaper"),
                     deck="5C 6C")
    state = play(state, "attack 1", "resolve Warrior:Trophy")
    assert codes(state, state.hand) == "5C"


def test_skull_warrior_trophy_may_shuffle_any_column():
    state = position(hero="Skull Warrior", columns=(("Goblin",), ("Ratman", "Lich"), (), ()),
                     hand=pay_for("Goblin"), deck="5C 6C", seed=3)
    state = play(state, "attack 1", "resolve Skull-Warrior:Trophy", "yes")
    assert legal(state) == ["column 1", "column 2"]
    before = sorted(column_names(state)[1])
    state = play(state, "column 2")
    assert sorted(column_names(state)[1]) == before


def test_alchemist_trophy_shuffles_any_discard_card_into_the_deck():
    state = position(hero="Alchemist", columns=(("Haunted Armor",), (), (), ()),
                     hand=pay_for("Haunted Armor"), deck=None, discard="5C 6C")
    state = play(state, "attack 1", "resolve Alchemist:Trophy")
    assert "5C" in legal(state) and "2C" in legal(state)  # any card, the paid ones too
    state = play(state, "5C")
    assert "5C" in codes(state, state.deck) and "5C" not in codes(state, state.discard)


# ----------------------------------------------------------------------------- monster fronts

def test_automaton_loot_draws_the_front_card_of_the_arsenal():
    state = position(hero="Bodyguard", columns=(("Automaton",), (), (), ()), arsenal="8M 8C",
                     hand=pay_for("Automaton"), deck="")
    state = play(state, "attack 1", "pay 2T 2C 2H 3H", "resolve Automaton:Loot")
    assert codes(state, state.hand) == "8C" and codes(state, state.arsenal) == "8M"


def test_goblin_loot_draws_a_card():
    state = position(hero="Bodyguard", columns=(("Goblin",), (), (), ()),
                     hand=pay_for("Goblin"), deck="7H")
    state = play(state, "attack 1")
    assert codes(state, state.hand) == "7H"


def test_mutant_loot_shuffles_any_four_arsenal_cards_into_the_deck():
    state = position(hero="Bodyguard", columns=(("Mutant",), (), (), ()),
                     arsenal="2H 3H 4H 5H 6H", hand=pay_for("Mutant"), deck="8H")
    state = play(state, "attack 1")
    # Picks go left to right, leaving enough cards to reach four: 2H or 3H first.
    assert legal(state) == ["2H", "3H"]
    state = play(state, "3H")  # then 4H, 5H, 6H are the only way to four: no more choice
    assert codes(state, state.arsenal) == "2H"
    assert sorted(codes(state, state.deck).split()) == ["3H", "4H", "5H", "6H", "8H"]


def test_animated_weapons_loot_shuffles_up_to_four_cards_of_one_suit():
    state = position(hero="Bodyguard", columns=(("Animated Weapons",), (), (), ()),
                     arsenal="5H 5M", hand=pay_for("Animated Weapons"), deck="8H",
                     discard="6H 7M")
    state = play(state, "attack 1", "pay 2T 2C 2M 3M", "resolve Animated-Weapons:Loot")
    options = legal(state)
    assert options[-1] == "done" and {"5H", "5M", "7M", "6H"} <= set(options)
    state = play(state, "5H")
    assert "5M" not in legal(state) and "6H" in legal(state)  # the same suit only
    # The 6H tops the discard pile: no Hand is left after it, so the picking ends there.
    state = play(state, "6H")
    assert sorted(codes(state, state.deck).split()) == ["5H", "6H", "8H"]


def test_banshee_loot_draws_the_top_of_the_discard_pile():
    """The top of the discard pile is the last card discarded: here the last card paid."""
    state = position(hero="Bodyguard", columns=(("Banshee",), (), (), ()),
                     hand=pay_for("Banshee"), deck=None, discard="5T 6T")
    state = play(state, "attack 1", "resolve Banshee:Loot")
    assert codes(state, state.hand) == "2M"


def test_dragon_loot_readies_each_collected_monster():
    state = position(hero="Bodyguard", columns=(("Dragon",), (), (), ()),
                     collected=["Goblin", "Lich"], exhausted=["Goblin", "Lich"],
                     hand=pay_for("Dragon"), deck="")
    state = play(state, "attack 1")
    assert not is_exhausted(state, "Goblin") and not is_exhausted(state, "Lich")


def test_cyclops_loot_shuffles_any_column():
    state = position(hero="Bodyguard", columns=(("Cyclops",), ("Goblin", "Lich"), (), ()),
                     hand=pay_for("Cyclops"), deck="", seed=5)
    state = play(state, "attack 1")
    assert legal(state) == ["column 1", "column 2"]
    before = sorted(column_names(state)[1])
    state = play(state, "column 2")
    assert sorted(column_names(state)[1]) == before


def test_lich_loot_shuffles_any_three_discard_cards_into_the_deck():
    state = position(hero="Warrior", columns=(("Lich",), (), (), ()), hand=pay_for("Lich"),
                     deck="")
    pile = len(state.discard)
    state = play(state, "attack 1")
    assert "done" not in legal(state)  # exactly three, not up to three
    while state.is_decision():
        state = play(state, legal(state)[0])
    assert len(state.deck) == 3 and len(state.discard) == pile + 4 - 3


def test_overseer_loot_returns_it_to_a_fullest_column_to_trigger_another_loot():
    state = position(hero="Bodyguard", extras=["Overseer"],
                     columns=(("Overseer",), ("Goblin", "Ratman"), ("Lich",), ()),
                     collected=["Mutant", "Dragon"], exhausted=["Mutant", "Dragon"],
                     hand=pay_for("Overseer"), deck="5C")
    state = play(state, "attack 1", "yes")
    assert "Overseer" in [n for c in column_names(state) for n in c]
    assert "Overseer" not in names(state, state.collected)
    assert legal(state) == ["Mutant", "Dragon"]  # the other collected monsters' Loots
    state = play(state, "Dragon")
    assert not is_exhausted(state, "Mutant")  # the Dragon's Loot readied everything


def test_battlesnake_loot_needs_another_battlesnake_type_monster_to_reveal():
    """With the example set the Battlesnake is the only monster of its type, so there is no
    Battlesnake-type monster to reveal and the 'you may' can't be paid: nothing is asked."""
    state = position(hero="Bodyguard", extras=["Battlesnake"],
                     columns=(("Battlesnake",), ("Goblin",), (), ()),
                     kings=["Goblin"], hand=pay_for("Battlesnake"), deck="")
    state = play(state, "attack 1", "resolve Battlesnake:Loot")
    assert not state.is_decision()


def test_battlesnake_king_reveals_the_back_of_any_column():
    rest = others("Vampire", "Goblin", "Ratman", "Lich")
    state = position(hero="Bodyguard", extras=["Battlesnake"], traps=["Blood Chalice"],
                     columns=(("Vampire",), ("Goblin", "Ratman"), ("Battlesnake", "Lich"), rest),
                     rest="none", hand=pay_for("Vampire"), deck="")
    state = play(state, "attack 1", "resolve Blood-Chalice:Trap", "column 3")
    assert is_king(state, "Battlesnake")
    # Its Reveal ability: 'Reveal the back Monster King of any column.' (column 1 is empty now)
    assert legal(state) == ["column 2", "column 4"]
    state = play(state, "column 2")
    assert is_king(state, "Goblin")


# ----------------------------------------------------------------------------- Monster Kings

def test_animated_weapons_king_reveal_shuffles_the_discard_pile_into_the_deck():
    state = reveal_by_flip("Animated Weapons", discard="5C 6C")
    assert state.discard == b"" and "5C" in codes(state, state.deck)


def test_automaton_king_reveal_exhausts_each_collected_monster():
    state = reveal_by_flip("Automaton")
    assert state.collected and state.collected & ~state.exhausted == 0


def test_goblin_king_draws_dealt_zeros_while_collected():
    state = position(columns=(("Lich",), (), (), ()), collected=["Goblin"], kings=["Goblin"],
                     deck="0C 5C")
    state = play(state, "deal")
    assert codes(state, state.hand) == "0C" and state.arsenal == b""
    state = play(state, "deal")
    assert codes(state, state.arsenal) == "5C"


def test_mutant_king_reveal_shuffles_the_arsenal_front_into_the_deck():
    state = reveal_by_flip("Mutant", defeat="Ratman", arsenal="7C 8C")
    assert codes(state, state.arsenal) == "7C" and "8C" in codes(state, state.deck)


def test_witch_king_draws_when_a_king_is_revealed_while_collected():
    state = position(hero="Bodyguard", columns=(("Cultist",), ("Ratman", "Lich"), (), ()),
                     collected=["Goblin", "Mutant", "Witch"], kings=["Witch"],
                     exhausted=["Goblin", "Mutant", "Witch"], hand=pay_for("Cultist"),
                     deck="5C 6C 7C")
    state = play(state, "attack 1", "resolve flip:Ratman")
    assert legal(state) == ["resolve Ratman:Reveal", "resolve Witch:King-Revealed"]
    state = play(state, "resolve Witch:King-Revealed")
    assert codes(state, state.hand) == "5C"


def test_reaper_king_forbids_weapons():
    state = position(columns=(("Ratman",), ("Reaper", "Lich"), (), ()), kings=["Reaper"],
                     collected=["Goblin"], hand="2C 2H 2M", deck="")
    assert "attack 1" not in legal(state)


def test_dragon_king_ignores_loot():
    state = position(hero="Bodyguard", columns=(("Goblin",), ("Dragon", "Lich"), (), ()),
                     kings=["Dragon"], hand=pay_for("Goblin"), deck="5C")
    state = play(state, "attack 1")
    assert state.hand == 0


def test_werewolf_king_weapons_match_any_suit_while_collected():
    state = position(hero="Bodyguard", columns=(("Ratman",), (), (), ()), collected=["Werewolf"],
                     kings=["Werewolf"], hand="2C 2H 3H", deck="")
    state = play(state, "attack 1")
    assert "pay 2C 2H Werewolf:TM" in legal(state)
    assert "pay 2C 3H Werewolf:TM" in legal(state)
    assert play(state, "pay 2C 2H Werewolf:MT").collected  # suits may be written in any order


def test_minotaur_king_reveal_exhausts_the_front_of_each_column():
    state = reveal_by_flip("Minotaur", columns=(("Dragon",), ("Minotaur", "Lich"), ("Goblin",),
                                                ()))
    fronts = [c[-1] for c in state.columns if c]
    assert fronts and all(state.exhausted >> m & 1 for m in fronts)


def test_vampire_king_reveal_discards_a_card_from_the_hand():
    state = reveal_by_flip("Vampire", hero="Warrior", extra_hand="8C 8T")
    assert legal(state) == ["8T", "8C"]


def test_lich_king_discards_the_arsenal_front_when_you_attack():
    state = position(hero="Bodyguard", columns=(("Goblin",), ("Lich", "Cyclops"), (), ()),
                     kings=["Lich"], arsenal="5C 8C", hand=pay_for("Goblin"), deck="")
    state = pay_from_hand(play(state, "attack 1"))
    assert codes(state, state.arsenal) == "5C"  # the 8C was discarded before paying
    assert "8C" in codes(state, state.discard)


def test_skeleton_king_may_shuffle_a_discard_card_into_the_deck_on_collect():
    state = position(hero="Bodyguard", columns=(("Goblin",), (), (), ()), collected=["Skeleton"],
                     kings=["Skeleton"], exhausted=["Skeleton"], hand=pay_for("Goblin"),
                     deck="8C", discard="5C")
    state = play(state, "attack 1", "resolve Skeleton:Collect", "yes")
    assert "5C" in legal(state)
    state = play(state, "5C")
    assert "5C" in codes(state, state.deck)


def test_blue_devil_king_swaps_the_fronts_of_the_leftmost_and_rightmost_columns():
    state = reveal_by_flip("Blue Devil", columns=(("Vampire",), ("Blue Devil", "Goblin"),
                                                  ("Ratman",), ("Cultist",)))
    assert column_names(state)[0][-1] == "Cultist"
