"""The order of discards (D18): Game Play, the attack steps, "for each unmatched suit in the
monster's defense, you may discard a card from your hand whose suit matches it" -- one card at a
time, in the player's order. The order is a choice wherever an ability that reads the discard
pile's order can still fire, and only there."""

import pytest

from dungeoneer.engine.errors import IllegalActionError
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, card_set, effects
from dungeoneer.engine.puzzle_dungeon.rules import in_card_order
from tests.helpers import codes, installed_seeds, others, position
from tests.solver.kernel_cards import write_cards


def pay_actions(state):
    return [a for a in state.legal_actions() if a.kind == "pay"]


def test_every_order_of_the_hand_discards_is_a_choice_under_the_skeletons_loot():
    """A discard pile of 2T 3T and a Skeleton paid from a hand of 5H 6C 2M 3M.
    The Loot, "Shuffle the bottom five cards of the discard pile into the deck", leaves one card
    on the pile: at the table any of the four hand cards can be that one."""
    state = position(columns=(("Skeleton",), (), (), ()), hand="5H 6C 2M 3M", deck="",
                     discard="2T 3T")
    state = state.apply(state.parse_action("attack 1"))
    payments = pay_actions(state)
    assert len(payments) == 24  # 4! orders of one set of cards
    assert sum(in_card_order(a.arg) for a in payments) == 1
    left = set()
    for action in payments:
        after = state.apply(action)
        while after.options:  # the Loot and the Rogue's draw, whatever order they resolve in
            after = after.apply(after.legal_actions()[0])
        left.add(codes(after, after.discard[-1:]))
    assert left == {"5H", "6C", "2M", "3M"}


def test_the_order_is_written_and_read_in_the_notation():
    state = position(columns=(("Skeleton",), (), (), ()), hand="5H 6C 2M 3M", deck="",
                     discard="2T 3T")
    state = state.apply(state.parse_action("attack 1"))
    action = state.parse_action("pay 3M 6C 5H 2M")
    assert codes(state, [c for c, _ in action.arg.hand]) == "3M 6C 5H 2M"
    assert state.action_text(action) == "pay 3M 6C 5H 2M"
    after = state.apply(action)
    while after.options:  # the Loot and the Rogue's draw
        after = after.apply(after.legal_actions()[0])
    # The pile's bottom five (other cards) went to the deck; the four paid sit on top in order.
    assert codes(after, after.discard[-4:]) == "3M 6C 5H 2M"


def test_no_order_is_offered_once_no_ability_can_read_it():
    """With the Animated Weapons, the Banshee, the Lich and the Skeleton out of the dungeon (and
    no King of theirs collected), nothing can read the pile's order again: one payment per set
    of cards, in card order, and any written order names it."""
    readers = ("Animated Weapons", "Banshee", "Lich", "Skeleton")
    rest = [n for n in others(*readers, "Goblin")]
    state = position(columns=(("Goblin",), rest[:5], rest[5:10], rest[10:]),
                     collected=list(readers), exhausted=list(readers), rest="none",
                     hand="2C 2H 2M 2T", deck="")
    assert not state.rules.discard_order.live(state)
    state = state.apply(state.parse_action("attack 1"))
    assert not any(a.kind == "pay" for a in state.legal_actions())  # one payment: made at once
    assert codes(state, state.discard[-4:]) == "2T 2C 2H 2M"  # card order (T, C, H, M)


def test_an_order_nothing_reads_is_accepted_in_any_writing():
    readers = ("Animated Weapons", "Banshee", "Lich", "Skeleton")
    rest = [n for n in others(*readers, "Goblin")]
    state = position(columns=(("Goblin",), rest[:5], rest[5:10], rest[10:]),
                     collected=list(readers), exhausted=list(readers), rest="none",
                     hand="2C 2H 2M 2T 3T", deck="")
    state = state.apply(state.parse_action("attack 1"))
    assert state.parse_action("pay 2M 2H 2C 2T") == state.parse_action("pay 2T 2C 2H 2M")


def test_a_wrong_order_is_refused_where_it_matters():
    """Written in one order, the payment is that order: the notation never picks another."""
    state = position(columns=(("Skeleton",), (), (), ()), hand="5H 6C 2M 3M", deck="",
                     discard="2T 3T")
    state = state.apply(state.parse_action("attack 1"))
    first = state.parse_action("pay 5H 6C 2M 3M")
    second = state.parse_action("pay 6C 5H 2M 3M")
    assert first != second
    with pytest.raises(IllegalActionError):
        state.parse_action("pay 5H 6C 2M")


def test_which_steps_read_the_discard_pile_order():
    """The Banshee's top card, the Skeleton's bottom five, and any shuffle of several discard
    pile cards into the deck read the order; drawing or shuffling one chosen card does not."""
    game = PuzzleDungeon()
    readers = {m.name for m in game.cards.monsters if game.discard_order.in_dungeon >> m.id & 1}
    assert readers == {"Animated Weapons", "Banshee", "Lich", "Skeleton"}
    assert not effects.reads_discard_order(effects.ShuffleIntoDeck(("discard",), 1))
    assert effects.reads_discard_order(effects.ShuffleIntoDeck(("discard",), 3))
    assert effects.reads_discard_order(effects.ShuffleIntoDeck(("discard",), "all"))
    assert not PuzzleDungeon(core=True).discard_order.read


def test_a_discard_of_several_cards_asks_the_order_when_it_matters(tmp_path):
    """A card file's 'Discard two cards' (the loader accepts a count): each card is picked in
    turn, in any order, while the order can be read."""
    folder = tmp_path / "cards"
    folder.mkdir()
    for source in installed_seeds("puzzle_dungeon").glob("*.toml"):
        text = source.read_text(encoding="utf-8")
        if source.name == "monsters.toml":
            old = 'text = "Loot: Draw a card."\ntrigger = "loot"\neffect = [{ op = "draw" }]'
            assert old in text
            text = text.replace(old, 'text = "Loot: Discard two cards."\ntrigger = "loot"\n'
                                'effect = [{ op = "discard", count = 2 }]', 1)
        (folder / source.name).write_text(text, encoding="utf-8")
    defense = card_set(folder).monster_named("Goblin").front.defense
    paid = " ".join(f"{2 + i}{'TCHM'[suit]}" for suit, n in enumerate(defense) for i in range(n))
    state = position(hero="Bodyguard", columns=(("Goblin",), (), (), ()),
                     hand=f"{paid} 8C 8H", deck="", card_folder=str(folder))
    state = state.apply(state.parse_action("attack 1"))
    state = state.apply(state.parse_action(f"pay {paid}"))
    while state.options and state.legal_actions()[0].kind == "resolve":
        state = state.apply(state.legal_actions()[0])
    assert sorted(state.action_text(a) for a in state.legal_actions()) == ["8C", "8H"]
    state = state.apply(state.parse_action("8H"))  # the last card left goes without asking
    assert codes(state, state.discard[-2:]) == "8H 8C"


def test_a_discard_of_several_cards_in_card_order_always_finishes(tmp_path):
    """'Discard two cards' where the order of discards can't be read (no card of the set reads
    the discard pile): the cards are picked in increasing card order, so each pair is chosen
    one way only, and the first pick is never the highest card (nothing would be left above it
    for the second)."""
    def two_discards(abilities: list[dict]) -> list[dict]:
        return [{**a, "text": "Loot: Discard two cards.",
                 "effect": [{"op": "discard", "count": 2}]}
                for a in abilities if a["trigger"] == "loot"]
    folder = write_cards(tmp_path / "cards", two_discards, lambda abilities: [])
    defense = card_set(folder).monster_named("Goblin").front.defense
    paid = " ".join(f"{2 + i}{'TCHM'[suit]}" for suit, n in enumerate(defense) for i in range(n))
    state = position(hero="Bodyguard", columns=(("Goblin",), (), (), ()),
                     hand=f"{paid} 8T 8C 8H", deck="", card_folder=str(folder))
    assert not state.rules.discard_order.read
    state = state.apply(state.parse_action("attack 1"))
    state = state.apply(state.parse_action(f"pay {paid}"))
    first = [state.action_text(a) for a in state.legal_actions()]
    assert first == ["8T", "8C"]  # (card order: 8T, 8C, 8H)
    pairs = set()
    for pick in first:
        after = state.apply(state.parse_action(pick))
        for second in [after.action_text(a) for a in after.legal_actions()]:
            done = after.apply(after.parse_action(second))
            assert not done.options and not done.stack
            pairs.add((pick, second))
    assert pairs == {("8T", "8C"), ("8T", "8H"), ("8C", "8H")}
