"""Dinky Dungeon rules, one scenario each, quoting the rulebook section they pin; and the
decisions of docs/rules/dinky-dungeon.md (R1-R15)."""

import pytest

from dungeoneer.engine.dinky_dungeon import DinkyDungeon
from dungeoneer.engine.dinky_dungeon.effects import Keep, Take
from dungeoneer.engine.errors import DungeoneerError, IllegalActionError
from dungeoneer.engine.protocol import TERMINAL
from tests.dinky_dungeon.helpers import conserved, legal, play, table

# ----------------------------------------------------------------------------- setup

def test_setup_each_player_keeps_one_of_two_dealt_adventurers():
    """Setup: "deal two face down to each player. Each player chooses one of the two adventurer
    cards to keep." The rest is shuffled into the adventurer deck; four go face up in a row."""
    state = DinkyDungeon(3).new_initial_state(seed=4)
    assert state.current_player() == 0 and all(a.kind == "keep" for a in state.legal_actions())
    while isinstance(state.tasks[-1], Keep):
        state = state.apply(state.legal_actions()[0])
    assert [len(h) for h in state.hands] == [1, 1, 1]
    assert len(state.row) == 4 and len(state.dungeon) == 36
    assert len(state.adventurers) == 18 - 3 - 4
    assert conserved(state)


def test_r1_seat_one_goes_first():
    state = DinkyDungeon(2).new_initial_state(seed=4)
    state = play(state, *(f"keep {state.legal_actions()[0].arg}",))
    state = state.apply(state.legal_actions()[0])
    assert state.active == 0 and state.current_player() == 0 and isinstance(state.tasks[-1], Take)


def test_r2_the_deck_has_18_cards():
    """Components: "18 adventurer cards"; "36 dungeon cards"; "Lv.1 x20, Lv.2 x10, Lv.3 x4,
    Lv.4 x2"."""
    cards = DinkyDungeon(2).cards
    assert len(cards.adventurer_deck()) == 18 and len(cards.adventurers) == 14
    assert sorted(cards.dungeon) == [1] * 20 + [2] * 10 + [3] * 4 + [4] * 2
    doubled = sorted(a.name for a in cards.adventurers if a.count == 2)
    assert doubled == ["Berserker", "Fighter", "Ninja", "Swordsman"]


def test_setup_orders_can_be_written():
    order = " ".join(["4", "4", *["1"] * 20, *["2"] * 10, *["3"] * 4])
    state = DinkyDungeon(2).new_initial_state(seed=1, setup={"dungeon": order})
    assert state.dungeon[:2] == (4, 4)
    with pytest.raises(DungeoneerError, match="exactly its 36 cards"):
        DinkyDungeon(2).new_initial_state(seed=1, setup={"dungeon": "1 2 3"})


# ----------------------------------------------------------------------------- a turn

def test_a_turn_is_take_play_refill():
    """Turn Overview: choose one of the four available adventurers and add it to your hand; play
    one adventurer from your hand, performing its effect; refill the row back up to four."""
    state = table(hands=[["Scapegoat"], ["Fighter"]],
                  row=["Swordsman", "Bard", "Monk", "Lord"], dungeon=[1, 2, 1, 1, 1])
    assert legal(state) == ["take Bard", "take Lord", "take Monk", "take Swordsman"]
    state = play(state, "take Monk")
    assert state.hands[0] == ("Monk", "Scapegoat") and len(state.row) == 3
    assert legal(state) == ["play Monk", "play Scapegoat"]
    state = play(state, "play Scapegoat")  # draw two from the top of the dungeon deck
    assert state.rewards[0] == (1, 2)
    assert "Scapegoat" in state.adventurer_discard
    assert len(state.row) == 4 and state.active == 1 and state.current_player() == 1


def test_playing_puts_the_card_in_the_discard_after_its_effect():
    """Playing an Adventurer: "The played adventurer card is placed face up in the adventurer
    discard area after the effect is performed" (so a Necromancer can't copy itself)."""
    state = table(hands=[["Necromancer"]], row=["Fighter", "Bard", "Monk", "Lord"],
                  adventurer_discard=[])
    state = play(state, "take Fighter", "play Necromancer")
    assert "Necromancer" in state.adventurer_discard
    assert state.rewards[0] == ()  # the discard held nothing to copy


def test_actions_out_of_turn_or_illegal_say_what_was_legal():
    state = table(hands=[["Scapegoat"]], row=["Fighter", "Bard", "Monk", "Lord"])
    with pytest.raises(IllegalActionError) as raised:
        play(state, "take Clown")
    assert "take Fighter" in str(raised.value.legal)


def test_rewards_are_hidden_from_other_seats():
    """Components: "The total reward value of all acquired dungeon cards is the player's score.
    This value is kept secret from other players." Hands are hidden too (Setup reminder)."""
    state = table(hands=[["Scapegoat"], ["Ninja"]], rewards=[[4, 1], [2]],
                  row=["Fighter", "Bard", "Monk", "Lord"])
    view = state.view(1)
    assert view["rewards"] == [2] and view["hand"] == ["Ninja"]
    assert view["reward_counts"] == [2, 1] and view["hand_counts"] == [1, 1]
    text = str(view)
    assert "Scapegoat" not in text and "4" not in str(view["reward_counts"])


# ----------------------------------------------------------------------------- decks

def test_r8_missing_cards_are_chosen_from_the_discard():
    """Playing an Adventurer: "If a card's effect causes you to draw more dungeon cards than
    remain in the dungeon deck, any missing additional cards are chosen from the dungeon discard
    deck." """
    state = table(hands=[["Scapegoat"]], row=["Fighter", "Bard", "Monk", "Lord"],
                  dungeon=[1], dungeon_discard=[1, 2, 4])
    state = play(state, "take Fighter", "play Scapegoat")
    assert state.rewards[0] == (1,) and state.current_player() == 0
    # Every other card is in the discard: the player picks the missing one among its values.
    assert legal(state) == ["gain 1", "gain 2", "gain 3", "gain 4"]
    fours = state.dungeon_discard.count(4)
    state = play(state, "gain 4")
    assert state.rewards[0] == (1, 4) and state.dungeon_discard.count(4) == fours - 1


def test_r5_the_discard_becomes_the_deck_when_a_draw_empties_it():
    """When the Adventurer Deck Is Depleted: "If drawing an adventurer card causes the adventurer
    deck to be empty, the adventurer discard deck is shuffled and turned face down, forming the
    new adventurer deck." """
    state = table(hands=[["Scapegoat"], ["Ninja"]],
                  row=["Fighter", "Bard", "Monk", "Lord"],
                  adventurer_discard=["Swordsman", "Swordsman", "Berserker", "Berserker",
                                      "Fighter", "Ninja", "Clown", "Shaman", "Summoner",
                                      "Assassin", "Magician"])
    assert state.adventurers == ("Necromancer",)
    state = play(state, "take Fighter", "play Scapegoat")
    # The refill drew the Necromancer, emptying the deck: the discard (with the Scapegoat just
    # played) became the new deck.
    assert "Necromancer" in state.row and state.adventurer_discard == ()
    assert len(state.adventurers) == 12 and conserved(state)


# ----------------------------------------------------------------------------- game end

def test_the_game_ends_when_a_player_reaches_the_target():
    """Game End A: "A player's total reward value reaches the specified number of points"
    (2 players: 20, 3 players: 18, 4 players: 16), at the end of a turn."""
    assert [DinkyDungeon(n).target for n in (2, 3, 4)] == [20, 18, 16]
    state = table(players=3, hands=[["Scapegoat"]], rewards=[[4, 4, 3, 3, 2]],
                  row=["Fighter", "Bard", "Monk", "Lord"], dungeon=[1, 1, 2, 2])
    state = play(state, "take Fighter", "play Scapegoat")
    assert state.is_terminal() and state.current_player() == TERMINAL
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.scores[0] == 18


def test_the_game_ends_when_the_dungeon_deck_is_depleted():
    """Game End B: "The dungeon deck is depleted." """
    state = table(hands=[["Scapegoat"]], rewards=[[], [3]],
                  row=["Fighter", "Bard", "Monk", "Lord"], dungeon=[1, 1])
    state = play(state, "take Fighter", "play Scapegoat")
    assert state.is_terminal()
    assert state.outcome().winners == (1,) and "dungeon deck is empty" in state.outcome().reason


def test_r13_the_game_ends_at_the_end_of_the_turn():
    """A Bard's second play still happens after the deck ran out on its first."""
    state = table(hands=[["Bard"]], row=["Fighter", "Clown", "Monk", "Lord"], dungeon=[1])
    state = play(state, "take Fighter", "play Bard")
    # Drew 3 adventurers (hand: Fighter + 3), discard 2, then play one.
    assert not state.is_terminal()


def test_r7_equal_highest_totals_share_the_win():
    state = table(hands=[["Scapegoat"]], rewards=[[2], [3, 1]],
                  row=["Fighter", "Bard", "Monk", "Lord"], dungeon=[1, 1])
    state = play(state, "take Fighter", "play Scapegoat")
    assert state.outcome().winners == (0, 1)


# ----------------------------------------------------------------------------- Scapegoat

def test_r4_the_scapegoat_turns_away_the_assassin():
    """Scapegoat Icon Rules: "instead of applying that effect, you discard the Scapegoat and
    draw the top card from the adventurer deck." """
    state = table(players=3, hands=[["Assassin"], ["Scapegoat"], ["Ninja"]],
                  rewards=[[], [4, 3, 2, 1], [2, 2, 1, 1]],
                  row=["Fighter", "Bard", "Monk", "Lord"])
    top = state.adventurers[0]
    state = play(state, "take Fighter", "play Assassin")
    assert state.rewards[1] == (1, 2, 3, 4)  # untouched
    assert state.hands[1] == (top,) and "Scapegoat" in state.adventurer_discard
    assert len(state.rewards[2]) == 1  # the unprotected player lost 3 at random


def test_r4_the_scapegoat_turns_away_the_magician():
    state = table(hands=[["Magician"], ["Scapegoat"]], rewards=[[], [4, 3, 2, 1, 1]],
                  row=["Fighter", "Bard", "Monk", "Lord"])
    state = play(state, "take Fighter", "play Magician")
    assert state.rewards[1] == (1, 1, 2, 3, 4)


def test_the_scapegoat_does_not_protect_its_own_player():
    state = table(hands=[["Magician", "Scapegoat"], []], rewards=[[4, 3, 2, 1, 1]],
                  row=["Fighter", "Bard", "Monk", "Lord"], step="play")
    state = play(state, "play Magician")
    assert state.rewards[0] == (1, 1, 2, 3, 4) and "Scapegoat" in state.hands[0]


# ----------------------------------------------------------------------------- decisions

def test_r3_a_copier_cannot_copy_a_copier():
    state = table(hands=[["Necromancer"]], row=["Fighter", "Bard", "Monk", "Lord"],
                  adventurer_discard=["Clown", "Scapegoat", "Ninja"])
    state = play(state, "take Fighter", "play Necromancer")
    assert legal(state) == ["copy Ninja", "copy Scapegoat"]
    clown = table(hands=[["Clown"], ["Necromancer"]], row=["Fighter", "Bard", "Monk", "Lord"])
    log: list[str] = []
    clown = play(clown, "take Monk", "play Clown", log=log)
    # The Necromancer in the other hand can't be chosen: only the Monk is left, taken at once.
    assert "Seat 1 performs the Monk." in log and clown.active == 1


def test_r6_the_berserker_loses_the_turns_rewards_on_lv3():
    state = table(hands=[["Berserker"]], rewards=[[2]], row=["Fighter", "Bard", "Monk", "Lord"],
                  dungeon=[1, 2, 3, 1, 1])
    state = play(state, "take Fighter", "play Berserker")
    assert state.rewards[0] == (1, 2) and legal(state) == ["again", "stop"]
    state = play(state, "again")
    assert state.rewards[0] == (1, 2, 2)
    state = play(state, "again")  # a Lv. 3: the 1 and the 2 gained this turn are discarded
    assert state.rewards[0] == (2,)
    assert sorted(state.dungeon_discard)[-3:] == [1, 2, 3] or 3 in state.dungeon_discard
    assert state.active == 1  # the turn ended


def test_r15_a_bust_ends_the_berserker():
    """Berserker: "You can repeat this as long as you like; however, if you reveal a monster of
    "Lv. 3" or higher, discard all rewards gained this turn." The bust ends the repeating (R15),
    though the dungeon deck still has cards, on the first reveal as on a later one, and when a
    Necromancer copies the Berserker."""
    state = table(hands=[["Berserker"]], row=["Fighter", "Bard", "Monk", "Lord"],
                  dungeon=[1, 4, 1, 1, 2])
    log: list[str] = []
    state = play(state, "take Fighter", "play Berserker", "again", log=log)
    assert "Seat 1 reveals a Lv. 4 monster." in log and state.rewards[0] == ()
    assert state.dungeon == (1, 1, 2)  # cards are left to reveal, yet no "again" is offered
    assert state.active == 1 and legal(state)[0].startswith("take ")
    first = table(hands=[["Berserker"]], row=["Fighter", "Bard", "Monk", "Lord"],
                  dungeon=[3, 1, 1, 1])
    first = play(first, "take Fighter", "play Berserker")
    assert first.active == 1 and first.dungeon == (1, 1, 1) and first.rewards[0] == ()
    copied = table(hands=[["Necromancer"]], row=["Fighter", "Bard", "Monk", "Lord"],
                   adventurer_discard=["Berserker"], dungeon=[2, 3, 1, 1])
    copied = play(copied, "take Fighter", "play Necromancer")  # the lone copy is taken at once
    assert copied.rewards[0] == (2,) and legal(copied) == ["again", "stop"]
    copied = play(copied, "again")
    assert copied.active == 1 and copied.rewards[0] == () and copied.dungeon == (1, 1)


def test_r9_the_magician_target_keeps_three():
    state = table(hands=[["Magician"], ["Ninja"]], rewards=[[], [1, 1, 2, 3, 4]],
                  row=["Fighter", "Bard", "Monk", "Lord"])
    state = play(state, "take Fighter", "play Magician")
    assert state.current_player() == 1
    assert legal(state) == ["keep-reward 1", "keep-reward 2", "keep-reward 3", "keep-reward 4",
                            "done"]
    state = play(state, "keep-reward 4", "keep-reward 3", "keep-reward 2")
    assert state.rewards[1] == (2, 3, 4) and sorted(state.dungeon_discard).count(1) >= 2
    few = table(hands=[["Magician"], ["Ninja"]], rewards=[[], [1, 4]],
                row=["Fighter", "Bard", "Monk", "Lord"])
    few = play(few, "take Fighter", "play Magician")
    assert few.rewards[1] == (1, 4) and few.active == 1


def test_r10_the_bard_draws_three_discards_two_and_plays_one():
    state = table(hands=[["Bard"]], row=["Fighter", "Clown", "Monk", "Lord"],
                  dungeon=[1, 2, 1, 1, 1, 1])
    drawn = state.adventurers[:3]
    state = play(state, "take Fighter", "play Bard")
    assert sorted(state.hands[0]) == sorted(["Fighter", *drawn])
    assert all(a.startswith("discard ") for a in legal(state))
    first, second = state.hands[0][0], state.hands[0][1]
    state = play(state, f"discard {first}")
    state = play(state, f"discard {second}" if second in state.hands[0] else
                 f"discard {state.hands[0][0]}")
    assert len(state.hands[0]) == 2 and all(a.startswith("play ") for a in legal(state))


def test_r11_a_written_outcome_decides_the_assassins_picks():
    state = table(hands=[["Assassin"], ["Ninja"]], rewards=[[], [1, 2, 3, 4]],
                  row=["Fighter", "Bard", "Monk", "Lord"])
    state = play(state, "take Fighter")
    state = state.with_chance(["4 3 1 2"]).apply(state.parse_action("play Assassin"))
    assert state.rewards[1] == (2,)


def test_r12_copied_cards_do_not_move():
    state = table(hands=[["Clown"], ["Scapegoat"]], row=["Fighter", "Bard", "Monk", "Lord"],
                  dungeon=[2, 2, 1, 1])
    state = play(state, "take Monk", "play Clown")
    assert legal(state) == ["copy Monk", "copy Scapegoat"]
    state = play(state, "copy Scapegoat")
    assert state.rewards[0] == (2, 2) and state.hands[1] == ("Scapegoat",)


def test_r14_the_swordsman_chooses_how_many_and_shuffles():
    state = table(hands=[["Swordsman"]], row=["Fighter", "Bard", "Monk", "Lord"],
                  dungeon=[3, 1, 2, 1, 1, 4, 1, 1, 1])
    state = play(state, "take Fighter", "play Swordsman")
    assert legal(state) == [f"ones {n}" for n in range(5)]
    state = play(state, "ones 3")
    assert state.rewards[0] == (1, 1, 1)
    assert sorted(state.dungeon) == [1, 1, 1, 2, 3, 4]
