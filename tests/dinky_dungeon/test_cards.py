"""Every Dinky Dungeon adventurer: its printed text word for word, and a scenario for its effect.
(The Magician, Swordsman, Bard, Berserker, Assassin, Clown and Scapegoat have theirs in
test_rules.py as well.)"""

from dungeoneer.engine.dinky_dungeon import DinkyDungeon
from tests.dinky_dungeon.helpers import conserved, legal, play, table

ROW = ["Fighter", "Bard", "Clown", "Assassin"]

# The rulebook's Card List, line for line (shared/rulebooks/dinky-dungeon.txt), and the
# Scapegoat's effect from its Scapegoat Icon Rules.
CARD_LIST = [
    '- Necromancer: Select 1 card from the adventurer discard deck and perform its effect.',
    '- Magician (Scapegoat icon): All other players individually choose up to 3 of their rewards to keep, discarding the others.',  # noqa: E501 (quoted verbatim)
    '- Summoner: Select any 3 cards from the dungeon discard deck and gain them.',
    '- Shaman: Select up to 8 "Lv. 1" monsters from the dungeon discard deck and gain them.',
    '- Swordsman: Select up to 4 "Lv. 1" monsters from the dungeon deck and gain them. Then, shuffle the dungeon deck.',  # noqa: E501 (quoted verbatim)
    '- Bard: Draw 3 cards from the adventurer deck, add them to your hand, and then discard 2 cards from your hand. Play 1 of the remaining 2 cards.',  # noqa: E501 (quoted verbatim)
    '- Berserker: Reveal 1 card from the dungeon deck and gain it. You can repeat this as long as you like; however, if you reveal a monster of "Lv. 3" or higher, discard all rewards gained this turn.',  # noqa: E501 (quoted verbatim)
    '- Assassin (Scapegoat icon): All other players discard 3 random reward cards.',
    '- Fighter: If any player has more reward cards than you, draw 3 cards from the dungeon deck and gain them.',  # noqa: E501 (quoted verbatim)
    "- Ninja: Discard up to 1 reward card. Draw cards from the dungeon deck equal to the value of the discarded card + 1 and gain them. If you don't discard, draw 1 dungeon card and gain it.",  # noqa: E501 (quoted verbatim)
    '- Clown: All players, including yourself, reveal their hand. Choose one adventurer card and perform its effect. (No cards are discarded.)',  # noqa: E501 (quoted verbatim)
]
SCAPEGOAT = "When played, the Scapegoat's effect is \"draw two cards from the top of the dungeon deck.\""  # noqa: E501 (quoted verbatim)


def test_printed_texts_are_word_for_word():
    cards = {c.name: c for c in DinkyDungeon(2).cards.adventurers}
    for line in CARD_LIST:
        head, text = line[2:].split(": ", 1)
        name = head.removesuffix(" (Scapegoat icon)")
        assert cards[name].text == text, name
        assert cards[name].scapegoat_icon == head.endswith("(Scapegoat icon)"), name
    assert cards["Scapegoat"].text.startswith("Draw two cards from the top of the dungeon deck.")
    assert "draw two cards from the top of the dungeon deck" in SCAPEGOAT
    assert {"Monk", "Lord", "Scapegoat"} | {line[2:].split(":")[0].removesuffix(
        " (Scapegoat icon)") for line in CARD_LIST} == set(cards)


def test_necromancer_performs_a_discarded_effect():
    state = table(hands=[["Necromancer"]], row=ROW, adventurer_discard=["Ninja"],
                  dungeon=[2, 1, 1])
    # One choice only, twice: the Ninja is copied at once, and with no reward to discard it
    # draws one card at once.
    state = play(state, "take Fighter", "play Necromancer")
    assert state.rewards[0] == (2,) and state.adventurer_discard.count("Ninja") == 1


def test_summoner_gains_any_three_from_the_discard():
    state = table(hands=[["Summoner"]], row=ROW, dungeon=[1, 1, 1, 1],
                  dungeon_discard=[])
    state = play(state, "take Fighter", "play Summoner")
    assert legal(state) == ["gain 1", "gain 2", "gain 3", "gain 4"]
    state = play(state, "gain 4", "gain 4", "gain 3")
    assert state.rewards[0] == (3, 4, 4) and state.active == 1


def test_shaman_gains_up_to_eight_lv1_from_the_discard():
    state = table(hands=[["Shaman"]], row=ROW, dungeon=[2, 2, 2], dungeon_discard=[])
    state = play(state, "take Fighter", "play Shaman")
    assert legal(state) == [f"ones {n}" for n in range(9)]
    state = play(state, "ones 8")
    assert state.rewards[0] == (1,) * 8 and conserved(state)


def test_fighter_draws_three_only_if_someone_has_more_cards():
    behind = table(hands=[["Fighter"]], rewards=[[4], [1, 1]], row=["Ninja", "Bard", "Monk",
                                                                   "Lord"], dungeon=[1, 2, 3, 1])
    behind = play(behind, "take Ninja", "play Fighter")
    assert behind.rewards[0] == (1, 2, 3, 4)
    ahead = table(hands=[["Fighter"]], rewards=[[1, 1], [4]], row=["Ninja", "Bard", "Monk",
                                                                  "Lord"], dungeon=[1, 2, 3, 1])
    ahead = play(ahead, "take Ninja", "play Fighter")
    assert ahead.rewards[0] == (1, 1)


def test_ninja_discards_one_to_draw_its_value_plus_one():
    state = table(hands=[["Ninja"]], rewards=[[2, 1]], row=ROW, dungeon=[1, 3, 1, 2, 1])
    state = play(state, "take Fighter", "play Ninja")
    assert legal(state) == ["discard-reward 1", "discard-reward 2", "no-discard"]
    state = play(state, "discard-reward 2")
    assert state.rewards[0] == (1, 1, 1, 3)  # drew 2 + 1 = 3 cards
    assert 2 in state.dungeon_discard


def test_monk_draws_one_per_player_with_a_higher_value():
    state = table(players=4, hands=[["Monk"]], rewards=[[2], [3], [1], [2, 1]], row=ROW,
                  dungeon=[4, 1, 1, 1, 1])
    state = play(state, "take Fighter", "play Monk")
    assert state.rewards[0] == (1, 2, 4)  # seats 2 and 4 declared more than 2
    assert [tuple(d) for d in state.declared] == [(1, 3), (2, 1), (3, 3)]
    assert state.view(2)["declared"] == [{"seat": 2, "value": 3}, {"seat": 3, "value": 1},
                                         {"seat": 4, "value": 3}]  # seats from 1


def test_lord_gives_one_and_takes_one_at_random_from_each():
    state = table(players=3, hands=[["Lord"]], rewards=[[1, 4], [2], [3, 3]], row=ROW)
    state = play(state, "take Fighter", "play Lord")
    assert state.current_player() == 0 and legal(state) == ["give 1", "give 4"]
    state = play(state, "give 1")  # the 4 is all that is left to give the second player
    assert state.rewards[1] == (1, 2) or len(state.rewards[1]) == 1
    assert len(state.rewards[0]) == 2 and conserved(state)
    assert sum(state.scores()) == 1 + 4 + 2 + 3 + 3
