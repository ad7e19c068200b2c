"""5-Minute Dungeon rules, one scenario each, quoting the rulebook
(shared/rulebooks/five-minute-dungeon.txt); and the decisions D1-D21 of
docs/rules/five-minute-dungeon.md (test_dN_...).

Default heroes with two players: seat 1 Barbarian (Red deck, Yellow second deck), seat 2 Wizard
(Blue deck, Green second deck). Decks are written with the `deck N` header, top first: the first
cards are the starting hand, the next ones what a refill draws.
"""

from collections import Counter

import pytest

from dungeoneer.engine.errors import DungeoneerError, IllegalActionError, UnknownNameError
from dungeoneer.engine.five_minute_dungeon.bots import HeuristicTeam, SamplingTeam
from dungeoneer.engine.five_minute_dungeon.cards import card_set
from dungeoneer.engine.five_minute_dungeon.effects import Play
from dungeoneer.engine.five_minute_dungeon.game import FiveMinuteDungeon
from dungeoneer.engine.protocol import ANY_PLAYER, Action, Termination
from tests.five_minute_dungeon.helpers import cards_of, legal, play, start, with_piles

CARDS = card_set()
PLAIN = ["Sword", "Jump", "Arrow", "Shield", "Scroll"]
"""A starting hand of one of each symbol."""
SHIELDS = ["Shield"] * 5
"""Refill cards for seat 1 (the Red and Yellow decks hold 16 Shields)."""
SCROLLS = ["Scroll"] * 5
"""Refill cards for seat 2 (the Blue and Green decks hold 13 Scrolls)."""


def two(dungeon, hand1=PLAIN, hand2=PLAIN, more1=SHIELDS, more2=SCROLLS, **options):
    """A two-player game with the given starting hands and the next cards of each deck."""
    return start(dungeon=dungeon, decks={1: [*hand1, *more1], 2: [*hand2, *more2]}, **options)


def everything_in_the_dungeon(state):
    """Every dungeon card of the run so far, wherever it is."""
    seen = [*state.dungeon, *state.faced, *state.beaten]
    return seen + ([state.event] if state.event else [])


# ----------------------------------------------------------------------------- Setting Up

@pytest.mark.parametrize(("players", "size"), [(2, 5), (3, 4), (4, 3), (5, 3)])
def test_the_starting_hand_size_depends_on_the_players(players, size):
    """Setting Up: "Draw a starting hand from your deck ... 2 players 5 cards; 3 players 4
    cards; 4, 5 or 6 players 3 cards." """
    state = start(players=players, dungeon=["Gorblin"])
    assert [len(h) for h in state.hands] == [size] * players


def test_each_hero_takes_the_deck_of_their_colour():
    """Setting Up: "Grab the deck that's the same color as your Hero Mat, shuffle it, and place
    it on the 'Draw Pile' space"."""
    state = start(players=3, heroes="Wizard, Ranger, Thief", dungeon=["Gorblin"])
    assert [cards_of(state, s) for s in (1, 2, 3)] == [
        sorted(CARDS.decks[c]) for c in ("Blue", "Green", "Purple")]
    assert [len(d) for d in state.decks] == [36, 36, 36]


def test_the_starting_hand_is_the_top_of_the_deck():
    """Setting Up: "Draw a starting hand from your deck." (the `deck N` header is the top)"""
    state = start(players=3, dungeon=["Gorblin"],
                  decks={1: ["Sword+Jump", "Enrage", "Arrow", "Shield", "Jump", "Scroll"]})
    assert state.hands[0] == ("Arrow", "Enrage", "Shield", "Sword+Jump")
    assert state.decks[0][:2] == ("Jump", "Scroll")


def test_heroes_of_one_mat_cannot_both_play():
    """Heroes: "Each Player Mat has its own deck: Sorceress & Wizard ..." """
    with pytest.raises(DungeoneerError, match="share the Blue mat"):
        start(heroes="Wizard, Sorceress")


def test_two_players_shuffle_a_second_deck_into_their_own():
    """Two-Player Games: "Each of you should select a second deck and shuffle both decks
    together." """
    state = start(dungeon=["Gorblin"])
    assert [len(d) + len(h) for d, h in zip(state.decks, state.hands, strict=True)] == [80, 80]
    assert cards_of(state, 1) == sorted(CARDS.decks["Red"] + CARDS.decks["Yellow"])
    assert cards_of(state, 2) == sorted(CARDS.decks["Blue"] + CARDS.decks["Green"])


# ----------------------------------------------------------------------------- Preparing

@pytest.mark.parametrize(("players", "boss", "doors", "challenges"),
                         [(2, 1, 20, 4), (4, 1, 20, 8), (3, 2, 25, 6), (2, 7, 50, 4),
                          (2, 6, 20, 14), (5, 6, 20, 20)])
def test_the_dungeon_is_the_boss_doors_and_two_challenges_per_player(players, boss, doors,
                                                                      challenges):
    """Preparing the Dungeon: "Count out the number of cards shown on the Boss Mat... add 2
    Challenge Cards per player... then shuffle". Quick Start: "Take 2 Challenge Cards per player
    and shuffle them with 20 Door Cards". The K.I.C.K. 9000 adds 10 Challenge Cards."""
    state = start(players=players, boss=boss, seed=3)
    cards = everything_in_the_dungeon(state)
    assert len(cards) == doors + challenges == len(set(cards))
    assert sum(CARDS.dungeon[c].kind == "door" for c in cards) == doors


def test_the_timer_starts_as_the_first_card_is_turned_over():
    """Preparing the Dungeon: "Start the timer when you turn over the first card in the
    dungeon." """
    state = two(["Gorblin", "Invisible Wall"])
    assert state.clock == 0 and not state.paused
    assert state.faced == ("Gorblin",) and state.dungeon == ("Invisible Wall",)


def test_the_dungeon_of_the_chosen_boss():
    """Boss Mats: "Start with Baby Barbarian (Boss #1)." The boss may be named."""
    assert start(dungeon=[]).faced == ("Baby Barbarian",)
    assert start(dungeon=[], boss="Zola the Gorgon").faced == ("Zola the Gorgon",)
    with pytest.raises(UnknownNameError, match="unknown boss"):
        start(boss="Big Bad")


# ----------------------------------------------------------------------------- Defeating

def test_resources_from_several_players_defeat_a_card():
    """Defeating Dungeon Cards: "You can defeat the card by playing Resource Cards to the center
    of the table until all the symbols are matched. They don't all have to come from the same
    player." """
    state = play(two(["Gorblin", "Invisible Wall"]), "1.0 seat 1 play Sword at Gorblin")
    assert state.faced == ("Gorblin",) and state.played == (("Sword",),)
    state = play(state, "2.0 seat 2 play Jump at Gorblin")
    assert state.beaten == ("Gorblin",) and state.faced == ("Invisible Wall",)
    assert state.played == ((),) and state.clock == 20


def test_a_defeated_card_is_swept_away_with_the_cards_played_on_it():
    """Sweep Those Cards Away!: "Once your team has defeated a Dungeon Card, sweep it away,
    along with any cards played to defeat it. Then turn over a new Dungeon Card"."""
    state = play(two(["Gorblin", "Invisible Wall"]), "seat 1 play Sword", "seat 2 play Jump")
    assert Counter(state.swept) == Counter(["Sword", "Jump"])
    assert state.discards == ((), ()) and state.faced == ("Invisible Wall",)


def test_any_player_may_act_at_any_time():
    """Quick Start: "Players don't take turns. Any player can play a card at any time." """
    state = two(["Gorblin"])
    assert state.current_player() == ANY_PLAYER
    assert {"seat 1 play Sword at Gorblin", "seat 2 play Sword at Gorblin"} <= set(legal(state))


def test_non_matching_resources_may_be_played_on_a_door():
    """Rules for Playing Resource and Action Cards: "You can play Resource Cards that don't
    match the symbols on a Dungeon Card ... just to get rid of them and draw new cards." """
    state = play(two(["Gorblin"]), "seat 1 play Shield at Gorblin")
    assert state.played == (("Shield",),) and state.faced == ("Gorblin",)
    assert state.hands[0] == ("Arrow", "Jump", "Scroll", "Shield", "Sword")
    assert len(state.decks[0]) == 74


def test_non_matching_resources_may_be_played_on_a_mini_boss():
    """Rules for Playing Resource and Action Cards: only at the Boss are non-matching cards
    forbidden."""
    state = play(two(["Das Boot!"]), "seat 2 play Scroll at Das Boot!")
    assert state.played == (("Scroll",),)


def test_a_double_symbol_card_counts_as_both():
    """Meet the Heroes: "Double Symbol Cards count as a sword plus one other symbol." """
    state = play(two(["Gorblin", "Invisible Wall"], hand1=["Sword+Jump", *PLAIN[1:]]),
                 "seat 1 play Sword+Jump at Gorblin")
    assert state.beaten == ("Gorblin",)


def test_a_double_symbol_card_may_serve_as_either_symbol():
    """Meet the Heroes: "in a pinch they can serve as one or the other. You don't have to use
    both symbols when you play them." """
    state = two(["A Timber-Wolf", "Invisible Wall"], hand1=["Sword+Scroll", *PLAIN[1:]])
    state = play(state, "seat 1 play Sword+Scroll", "seat 2 play Sword")
    assert state.beaten == ("A Timber-Wolf",)


# ----------------------------------------------------------------------------- the boss

def test_at_the_boss_non_matching_resources_are_not_allowed():
    """Rules for Playing Resource and Action Cards: "Once you get to the Dungeon Boss, you are no
    longer allowed to play Resource Cards that don't match the Boss' symbols ... If you play a
    card that breaks any of these rules, you must return it to your hand." """
    state = two([])
    assert state.faced == ("Baby Barbarian",)
    plays = [t for t in legal(state) if " play " in t]
    assert plays == ["seat 1 play Arrow at Baby Barbarian", "seat 1 play Jump at Baby Barbarian",
                     "seat 1 play Sword at Baby Barbarian", "seat 2 play Arrow at Baby Barbarian",
                     "seat 2 play Jump at Baby Barbarian", "seat 2 play Sword at Baby Barbarian"]
    with pytest.raises(IllegalActionError):
        play(state, "seat 1 play Scroll at Baby Barbarian")
    with pytest.raises(IllegalActionError):
        state.apply(Action("play", Play(0, "Shield", "Baby Barbarian")))


def test_at_the_boss_type_defeating_action_cards_are_not_allowed():
    """Rules for Playing Resource and Action Cards: "You also can't play Action cards that
    defeat Monsters, People or Obstacles (Bosses don't count as any of those types)." """
    state = two([], hand1=["Smite", "Mighty Leap", *PLAIN[:3]],
                hand2=["Fireball", "Snipe", *PLAIN[:3]])
    plays = [t.split(" at ")[0] for t in legal(state) if " play " in t]
    assert plays == ["seat 1 play Arrow", "seat 1 play Jump", "seat 1 play Sword",
                     "seat 2 play Arrow", "seat 2 play Jump", "seat 2 play Sword"]
    for seat, card in ((0, "Smite"), (0, "Mighty Leap"), (1, "Fireball"), (1, "Snipe")):
        with pytest.raises(IllegalActionError):
            state.apply(Action("play", Play(seat, card, "Baby Barbarian")))


def test_defeating_the_boss_wins():
    """Winning: "If you defeat the Baby Barbarian and all of his cards, you have conquered the
    first dungeon!" Quick Start: "Once all cards in the dungeon have been defeated, you still
    need to defeat the Boss!" (Baby Barbarian: 2 Swords, 2 Arrows, 3 Jumps)"""
    state = two(["Gorblin"], hand1=["Sword+Arrow", "Sword+Jump", "Jump", "Jump", "Sword"])
    state = play(state, "5.0 seat 1 play Sword", "6.0 seat 2 play Jump")
    assert state.faced == ("Baby Barbarian",)
    state = play(state, "10.0 seat 1 play Sword+Arrow", "20.0 seat 1 play Sword+Jump",
                 "30.0 seat 1 play Jump", "40.0 seat 1 play Jump")
    assert not state.is_terminal()
    state = play(state, "60.0 seat 2 play Arrow")
    outcome = state.outcome()
    assert state.is_terminal() and state.won and state.beaten == ("Gorblin", "Baby Barbarian")
    assert outcome.termination == Termination.WON and outcome.winners == (0, 1)
    assert outcome.scores == (240.0,) and state.legal_actions() == ()


# ----------------------------------------------------------------------------- abilities

def test_an_ability_costs_three_cards_discarded_face_up():
    """Defeating Dungeon Cards: "To use your ability, discard 3 cards face up to the Discard
    Pile space on your Hero Mat, announce your ability to the team, and perform the action on
    your Hero Mat." (the Barbarian's Slay defeats a Monster)"""
    state = play(two(["Gorblin", "Invisible Wall"]),
                 "seat 1 use Slay at Gorblin discarding Arrow, Scroll, Shield")
    assert state.discards[0] == ("Arrow", "Scroll", "Shield")
    assert state.beaten == ("Gorblin",) and state.faced == ("Invisible Wall",)
    assert state.hands[0] == ("Jump", "Shield", "Shield", "Shield", "Sword")


def test_no_ability_without_three_cards():
    """Notes on Using Abilities: "If you don't have 3 cards to discard, you cannot use your
    ability." """
    state = with_piles(two(["Gorblin"]), hands={1: ["Sword", "Jump"], 2: ["Jump", "Arrow"]},
                       decks={1: [], 2: []})
    assert legal(state) == ["seat 1 play Jump at Gorblin", "seat 1 play Sword at Gorblin",
                            "seat 2 play Arrow at Gorblin", "seat 2 play Jump at Gorblin",
                            "time runs out"]


@pytest.mark.parametrize(("faced", "offered"), [
    ("Gorblin", True), ("Invisible Wall", False), ("An Arm Dealer", False),
    ("Das Boot!", False)])
def test_a_type_defeating_ability_only_against_its_type(faced, offered):
    """Notes on Using Abilities: "If your ability allows you to defeat a certain type of Door
    Card (Monster, Obstacle or Person), then you can only use your ability when facing a card of
    that type." Challenge Cards: Mini-Bosses "cannot be defeated by Hero Abilities"."""
    state = two([faced])
    assert any(t.startswith("seat 1 use Slay") for t in legal(state)) is offered


def test_a_type_defeating_ability_not_against_the_boss():
    """Rules for Playing Resource and Action Cards: "Bosses don't count as any of those
    types"."""
    state = two([])
    assert not [t for t in legal(state) if t.startswith("seat 1 use")]


def test_other_abilities_may_be_used_anytime():
    """Notes on Using Abilities: "All other abilities can be used anytime." (the Wizard's Stop
    Time facing an Obstacle and the boss)"""
    for dungeon in (["Invisible Wall"], []):
        assert "seat 2 use Stop Time discarding Arrow, Jump, Scroll" in legal(two(dungeon))


def test_abilities_while_paused_do_not_restart_the_clock_once_each():
    """Notes on Using Abilities: "Players can use their abilities while time is paused without
    restarting the clock. However, each player may only use their ability once per pause." """
    state = play(two(["Gorblin", "A Timber-Wolf", "Invisible Wall"]),
                 "20.0 seat 2 use Stop Time discarding Arrow, Jump, Shield",
                 "20.0 seat 1 use Slay at Gorblin discarding Arrow, Jump, Scroll")
    assert state.paused and state.clock == 200 and state.faced == ("A Timber-Wolf",)
    assert not [t for t in legal(state) if " use " in t]
    state = play(state, "20.0 seat 1 play Sword")
    assert not state.paused
    assert "seat 1 use Slay at A Timber-Wolf discarding Shield, Shield, Shield" in legal(state)


# ----------------------------------------------------------------------------- the pause

def test_stop_time_pauses_until_a_card_is_played():
    """Meet the Heroes: "The Wizard's Stop Time ability pauses the game timer. It remains paused
    until a player plays a card. Discarding cards, using abilities, or turning over a new
    Dungeon Card does not restart the timer." """
    state = play(two(["Gorblin", "Trap Door", "Invisible Wall"]),
                 "30.0 seat 2 use Stop Time discarding Arrow, Jump, Shield")
    assert state.paused and "time runs out" not in legal(state)
    # The Barbarian's Slay turns over Trap Door: discarding for it keeps the pause.
    state = play(state, "30.0 seat 1 use Slay at Gorblin discarding Arrow, Jump, Scroll",
                 *["30.0 seat 1 discard Shield"] * 3, *["30.0 seat 2 discard Scroll"] * 3)
    assert state.paused and state.faced == ("Invisible Wall",) and state.clock == 300
    with pytest.raises(IllegalActionError, match=r"paused at 30\.0"):
        play(state, "31.0 seat 2 play Scroll")
    state = play(state, "30.0 seat 2 play Scroll")
    assert not state.paused
    assert play(state, "31.0 seat 2 play Scroll").clock == 310


def test_divine_shield_pauses_and_everyone_draws():
    """Meet the Heroes: "Divine Shield pauses the timer and also allows all players to draw a
    card." """
    state = two(["Gorblin"], hand1=["Divine Shield", *PLAIN[:4]])
    state = play(state, "15.0 seat 1 play Divine Shield")
    assert state.paused and state.clock == 150
    assert state.hands == (("Arrow", "Jump", "Shield", "Shield", "Sword"),
                           ("Arrow", "Jump", "Scroll", "Scroll", "Shield", "Sword"))
    assert play(state, "15.0 seat 1 play Sword").paused is False


# ----------------------------------------------------------------------------- refilling

def test_refill_to_the_starting_hand_size_after_playing():
    """Refilling Your Hand: "Anytime you play or discard cards, refill your hand back to the
    starting hand size"."""
    state = play(two(["Gorblin"]), "seat 2 play Arrow")
    assert state.hands[1] == ("Jump", "Scroll", "Scroll", "Shield", "Sword")
    assert len(state.decks[1]) == 74


def test_never_refill_above_the_starting_hand_size():
    """Refilling Your Hand: "If you ever have more cards in your hand than the starting hand
    size, do not refill again until you have fewer cards than your starting hand size." """
    state = two(["Gorblin"], hand1=["Enrage", *PLAIN[:4]])
    state = play(state, "seat 1 play Enrage for seat 1 and seat 2")
    assert [len(h) for h in state.hands] == [7, 8]
    state = play(state, "seat 1 play Shield", "seat 1 play Shield")
    assert len(state.hands[0]) == 5 and len(state.decks[0]) == 72


def test_draw_effects_come_before_the_refill():
    """Refilling Your Hand: "If you play a card or ability that makes you draw cards, draw those
    first, then refill your hand if you still need to." (Enrage: the player who played it
    draws 3 to 7 cards, not refills to 5 and draws to 8)"""
    state = play(two(["Gorblin"], hand1=["Enrage", *PLAIN[:4]]),
                 "seat 1 play Enrage for seat 1 and seat 2")
    assert state.hands[0] == ("Arrow", "Jump", "Shield", "Shield", "Shield", "Shield", "Sword")


# ----------------------------------------------------------------------------- out of cards

def test_a_player_out_of_cards_can_do_nothing_until_helped():
    """Out of Cards?: "If you run out of cards in your hand and draw pile, you can't do anything
    until another player helps you out with a card like Heal, Donation, or Confusion". Heal
    "can save a player who has run out of cards!" """
    state = with_piles(two(["Gorblin"], hand1=["Heal", *PLAIN[:4]]), hands={2: []},
                       decks={2: []}, discards={2: ["Sword", "Jump", "Arrow"]})
    assert not [t for t in legal(state) if t.startswith("seat 2")]
    state = play(state, "seat 1 play Heal for seat 2")
    assert state.hands[1] == ("Arrow", "Jump", "Sword") and state.decks[1] == ()
    assert state.discards[1] == ()
    assert "seat 2 play Jump at Gorblin" in legal(state)


def test_lost_when_every_player_is_out_of_cards():
    """Losing: "If all players run out of cards" the dungeon gets the best of the team."""
    state = with_piles(two(["Gorblin"]), hands={1: ["Sword"], 2: []}, decks={1: [], 2: []})
    state = play(state, "seat 1 play Sword")
    assert state.is_terminal() and state.outcome().termination == Termination.LOST
    assert state.reason.startswith("every player is out of cards")


# ----------------------------------------------------------------------------- losing

def test_lost_when_time_runs_out():
    """Losing: "If time runs out before you and your team defeat the Dungeon Boss"."""
    state = play(two(["Gorblin"]), "300.0 time runs out")
    assert state.is_terminal() and state.clock == 3000
    assert state.outcome().termination == Termination.LOST
    assert state.reason == "time ran out (facing Gorblin)"


def test_a_loss_names_the_card_the_team_faced():
    """Losing: "the dungeon can get the best of your team"; the reason says where: the card the
    team is facing ("If you're facing a Dungeon Card"), not the dungeon's boss, unless the team
    faces the boss ("Once you get to the Dungeon Boss")."""
    assert play(two(["Gorblin", "Steve"]), "300.0 time runs out").reason == \
        "time ran out (facing Gorblin)"
    ambush = two(["Ambush!", "Gorblin", "Steve", "Invisible Wall"])
    assert ambush.faced == ("Gorblin", "Steve")
    assert play(ambush, "300.0 time runs out").reason == "time ran out (facing Gorblin and Steve)"
    trap = play(two(["Gorblin", "Trap Door", "Steve"]), "seat 1 play Sword", "seat 2 play Jump")
    assert trap.current_player() == 0 and trap.faced == ()  # Trap Door's discards are made
    assert play(trap, "300.0 time runs out").reason == "time ran out (facing Trap Door)"
    waiting = two(["Locked Door!", "Gorblin"])
    assert waiting.event == "Locked Door!"
    assert play(waiting, "300.0 time runs out").reason == "time ran out (facing Locked Door!)"
    assert play(two([]), "300.0 time runs out").reason == "time ran out (facing Baby Barbarian)"
    out = with_piles(two(["Gorblin", "Steve"], hand1=["Sword+Jump", *PLAIN[1:]]),
                     hands={1: ["Sword+Jump"], 2: []}, decks={1: [], 2: []})
    out = play(out, "12.0 seat 1 play Sword+Jump")
    assert out.reason == "every player is out of cards (after Gorblin, 288.0 s left)"


def test_time_runs_out_only_at_300():
    """Preparing the Dungeon: "Set a timer to 5 minutes"."""
    with pytest.raises(IllegalActionError, match=r"time runs out at 300\.0"):
        play(two(["Gorblin"]), "120.0 time runs out")


def test_lost_when_stuck_at_the_boss():
    """Losing: "or if you get stuck on it and have no way to defeat it". (No card in hand
    matches the Baby Barbarian and neither Slay nor Smite works on a boss.)"""
    state = start(heroes="Barbarian, Paladin", dungeon=[],
                  decks={1: ["Scroll", "Scroll", "Shield", "Shield", "Fireball"],
                         2: ["Scroll", "Scroll", "Shield", "Shield", "Smite"]})
    assert state.is_terminal() and state.outcome().termination == Termination.LOST
    assert state.reason.startswith("stuck: nothing can be played (facing Baby Barbarian")


# ----------------------------------------------------------------------------- campaign

def test_a_campaign_goes_on_to_the_next_boss_with_the_timer_reset():
    """Winning: "You'll have to fight through six more dungeons". Preparing the Next Dungeon:
    "Gather all of the cards ... Put the Boss Mat for the next dungeon in the center of the
    table. Construct the dungeon for the new boss ... Reset the timer to 5 minutes"."""
    state = two([], hand1=["Holy Hand Grenade", *PLAIN[:4]], campaign="yes")
    state = play(state, "45.0 seat 1 play Holy Hand Grenade")
    assert not state.is_terminal() and state.boss == 2 and state.beaten_bosses == (1,)
    assert state.clock == 0 and state.attempt == 1 and state.swept == ()
    assert len(everything_in_the_dungeon(state)) == 25 + 4
    assert [len(h) + len(d) for h, d in zip(state.hands, state.decks, strict=True)] == [80, 80]


def test_without_a_campaign_the_first_boss_ends_the_game():
    """Winning: "you have conquered the first dungeon! Congratulations!" """
    state = play(two([], hand1=["Holy Hand Grenade", *PLAIN[:4]]),
                 "seat 1 play Holy Hand Grenade")
    assert state.is_terminal() and state.won and state.reason.startswith("Baby Barbarian")


def test_a_campaign_is_won_at_the_last_boss():
    """Boss Mats: "working your way up to Boss #7 (The Dungeon Master Final Form)"."""
    state = two([], hand1=["Holy Hand Grenade", *PLAIN[:4]], campaign="yes", boss=7)
    state = play(state, "seat 1 play Holy Hand Grenade")
    assert state.is_terminal() and state.won
    assert state.reason.startswith("the campaign is won")


# ----------------------------------------------------------------------------- notation

def test_the_notation_takes_any_order_where_the_order_means_nothing():
    """Notes on Using Abilities: "discard 3 cards": which is discarded first means nothing, nor
    in which order Enrage's "two players" are named; such actions are read in any order (and any
    spacing and letter case) and written in one: cards in name order, players in seat order."""
    state = start(players=3, dungeon=["Gorblin"],
                  decks={1: ["Enrage", "Sword+Jump", "Jump", "Arrow"],
                         2: ["Shield", "Scroll", "Arrow", "Scroll"]})
    enrage = state.parse_action("seat 1 play Enrage for seat 3 and seat 1")
    assert state.action_text(enrage) == "seat 1 play Enrage for seat 1 and seat 3"
    assert state.parse_action("SEAT 1  play enrage FOR seat 1 and SEAT 3") == enrage
    paid = state.parse_action("seat 2 use Stop Time discarding Shield, Scroll, Arrow")
    assert state.action_text(paid) == "seat 2 use Stop Time discarding Arrow, Scroll, Shield"
    for written in ("seat 2 use stop time discarding scroll,arrow ,  shield",
                    "seat 2 use Stop Time discarding Scroll, Shield, Arrow"):
        assert state.parse_action(written) == paid
    twice = state.parse_action("seat 2 use Stop Time discarding Scroll, Shield, Scroll")
    assert state.action_text(twice) == "seat 2 use Stop Time discarding Scroll, Scroll, Shield"
    with pytest.raises(IllegalActionError):
        state.parse_action("seat 2 use Stop Time discarding Shield, Shield, Scroll")
    spaced = state.parse_action("2.5  seat 1 play Sword + Jump at gorblin")
    assert state.action_text(spaced) == "2.5 seat 1 play Sword+Jump at Gorblin"


def test_the_notation_keeps_the_order_where_it_means_something():
    """Confusion: "every player passes their hand to another player": 'passing hands to 2, 3,
    1' says where seat 1's, seat 2's and seat 3's hands go, so another order is another
    choice (D11)."""
    state = start(players=3, dungeon=["Confusion", "Gorblin"],
                  decks={1: ["Sword"] * 4, 2: ["Scroll"] * 4, 3: ["Shield"] * 4})
    one = state.parse_action("team resolve Confusion passing hands to 2,3,1")
    other = state.parse_action("team resolve confusion passing hands to 3, 1, 2")
    assert one != other
    assert state.action_text(one) == "team resolve Confusion passing hands to 2, 3, 1"


# ----------------------------------------------------------------------------- decisions

def test_d1_timer_readings():
    """D1: every action carries the timer reading in tenths of a second; readings never go
    back; nothing after 300.0; during a pause the reading must equal the paused reading."""
    state = play(two(["Gorblin", "Invisible Wall"]), "12.5 seat 1 play Shield")
    assert state.clock == 125
    with pytest.raises(IllegalActionError, match=r"the timer already reads 12\.5") as error:
        play(state, "12.4 seat 1 play Shield")
    assert error.value.legal == ("12.5 seat 1 play Shield at Gorblin",)
    assert play(state, "seat 1 play Shield").clock == 125  # no time: now
    assert play(state, "1:05.5 seat 1 play Shield").clock == 655
    with pytest.raises(IllegalActionError, match=r"time ran out at 300\.0") as error:
        play(state, "300.1 seat 1 play Sword")
    assert error.value.legal == ("300.0 time runs out",)
    assert play(state, "300.0 seat 1 play Sword").clock == 3000
    paused = play(state, "40.0 seat 2 use Stop Time discarding Arrow, Jump, Scroll")
    with pytest.raises(IllegalActionError, match=r"paused at 40\.0") as error:
        play(paused, "41.0 seat 1 play Sword")
    assert error.value.legal == ("40.0 seat 1 play Sword at Gorblin",)
    assert play(paused, "40.0 seat 1 play Sword").clock == 400


def test_d2_second_decks_default_to_the_first_colours_nobody_plays():
    """D2: with two players the second decks default to the first colours (in the order of the
    default heroes: Red, Blue, Yellow, Green, Purple) nobody plays; `second-decks` names them by
    colour or hero."""
    assert FiveMinuteDungeon(2).second == ("Yellow", "Green")
    assert FiveMinuteDungeon(2, ("Paladin", "Ranger")).second == ("Red", "Blue")
    state = start(heroes="Wizard, Ranger", second_decks="Purple, Valkyrie", dungeon=["Gorblin"])
    assert cards_of(state, 1) == sorted(CARDS.decks["Blue"] + CARDS.decks["Purple"])
    assert cards_of(state, 2) == sorted(CARDS.decks["Green"] + CARDS.decks["Yellow"])
    with pytest.raises(DungeoneerError, match="already in play"):
        start(second_decks="Red, Purple")
    with pytest.raises(DungeoneerError, match="only a two-player team"):
        start(players=3, second_decks="Purple, Green")


def test_d3_the_deck_header_puts_cards_on_top_and_shuffles_the_rest():
    """D3: the `deck N` header puts cards on top, the rest shuffled."""
    top = ["Sword", "Jump", "Arrow", "Shield", "Scroll", "Heal", "Enrage"]
    one, other = (start(dungeon=["Gorblin"], decks={1: top}, seed=s) for s in (1, 2))
    for state in (one, other):
        assert state.hands[0] == tuple(sorted(top[:5])) and state.decks[0][:2] == ("Heal",
                                                                                  "Enrage")
        assert cards_of(state, 1) == sorted(CARDS.decks["Red"] + CARDS.decks["Yellow"])
    assert one.decks[0][2:] != other.decks[0][2:]
    with pytest.raises(DungeoneerError, match="not a card left in seat 1's deck"):
        start(decks={1: ["Heal", "Heal"]})


def test_d4_the_dungeon_header_is_any_selection_each_at_most_once():
    """D4: a written `dungeon` header may be any selection of door and challenge cards, each at
    most once."""
    state = start(dungeon=["The Collector", "Two Guys, One Bow", "Jacked O'Lanterns",
                           "A Terrible, No-Good, Awful Puppet Show"])
    assert state.faced == ("The Collector",)
    assert state.dungeon == ("Two Guys, One Bow", "Jacked O'Lanterns",
                             "A Terrible, No-Good, Awful Puppet Show")
    with pytest.raises(DungeoneerError, match="in the dungeon twice"):
        start(dungeon=["Gorblin", "Steve", "Gorblin"])
    with pytest.raises(UnknownNameError, match="not a door or challenge card"):
        start(dungeon=["Baby Barbarian"])


def test_d5_a_wild_card_is_whichever_symbol_is_missing():
    """D5: a Wild Card counts as whichever symbol is still missing (no separate choice)."""
    state = two(["Gorblin", "Invisible Wall"], hand2=["Wild Card", *PLAIN[:4]])
    assert "seat 2 play Wild Card at Gorblin" in legal(state)
    state = play(state, "seat 2 play Wild Card")
    for card in ("Sword", "Jump"):
        assert play(state, f"seat 1 play {card}").beaten == ("Gorblin",)
    assert play(state, "seat 1 play Shield").faced == ("Gorblin",)


def test_d6_at_the_boss_a_resource_must_give_a_missing_symbol():
    """D6: at the boss a resource may be played only if it provides a symbol the boss still
    lacks (Baby Barbarian needs 2 Swords)."""
    state = two([], hand1=["Sword+Jump", "Sword", "Sword", "Sword+Shield", "Shield"])
    state = play(state, "seat 1 play Sword", "seat 1 play Sword")
    plays = [t for t in legal(state) if t.startswith("seat 1 play")]
    assert plays == ["seat 1 play Sword+Jump at Baby Barbarian"]
    with pytest.raises(IllegalActionError):
        play(state, "seat 1 play Sword+Shield")


def test_d7_refilling():
    """D7: a hand shorter than the hand size refills whatever made it short (also after Steal,
    Gimme a Hand!, Donation), never above the hand size; a player's pending discards are chosen
    from the hand before refilling."""
    state = start(heroes="Barbarian, Thief", dungeon=["Gorblin"],
                  decks={1: [*PLAIN, *SHIELDS], 2: ["Steal", *PLAIN[:4], "Jump"]})
    state = play(state, "seat 2 play Steal from seat 1")
    assert len(state.hands[1]) == 9 and state.hands[0] == ("Shield",) * 5
    gimme = play(two(["Gimme a Hand!", "Gorblin"]), "team resolve Gimme a Hand! choosing seat 1")
    assert [len(h) for h in gimme.hands] == [10, 5] and gimme.hands[1] == ("Scroll",) * 5
    state = play(two(["Gorblin", "Trap Door", "Invisible Wall"]), "seat 1 play Sword",
                 "seat 2 play Jump", "seat 1 discard Scroll", "seat 1 discard Shield")
    assert state.current_player() == 0 and len(state.hands[0]) == 3
    state = play(state, "seat 1 discard Arrow")
    assert state.current_player() == 1 and state.hands[0] == ("Jump", "Shield")
    state = play(state, "seat 2 discard Arrow", "seat 2 discard Scroll", "seat 2 discard Shield")
    assert [len(h) for h in state.hands] == [5, 5] and state.faced == ("Invisible Wall",)
    assert state.discards == (("Arrow", "Scroll", "Shield"), ("Arrow", "Scroll", "Shield"))


def test_d8_heal_shuffles_the_discard_pile_into_the_draw_pile():
    """D8: Heal shuffles the discard pile into the draw pile (a chance event)."""
    state = with_piles(two(["Gorblin"], hand1=["Heal", *PLAIN[:4]]),
                       decks={2: ["Sword", "Shield"]}, discards={2: ["Jump", "Arrow"]})
    order = "Arrow, Shield, Jump, Sword"
    healed = play(state.with_chance([order]), "seat 1 play Heal for seat 2")
    assert healed.decks[1] == ("Arrow", "Shield", "Jump", "Sword") and healed.discards[1] == ()
    seeded = play(state, "seat 1 play Heal for seat 2")
    assert sorted(seeded.decks[1]) == ["Arrow", "Jump", "Shield", "Sword"]


def test_d9_locked_door_takes_magic_bombs_and_leaves_wild_cards():
    """D9: Locked Door!: a Magic Bomb shows every symbol and is discarded, a Wild Card shows none
    and is kept."""
    state = two(["Locked Door!", "Gorblin"], hand1=["Sword+Scroll", *PLAIN[:4]],
                hand2=["Magic Bomb", "Wild Card", "Scroll+Scroll", "Scroll", "Arrow"])
    state = play(state, "team resolve Locked Door! naming Scroll")
    assert state.discards == (("Sword+Scroll",), ("Magic Bomb", "Scroll", "Scroll+Scroll"))
    assert state.hands[1] == ("Arrow", "Scroll", "Scroll", "Scroll", "Wild Card")


def test_d10_stop_time_is_the_wizards_use_for_its_pause():
    """D10: Stop Time counts as the Wizard's use for the pause it starts."""
    state = play(two(["Gorblin"]), "seat 2 use Stop Time discarding Arrow, Jump, Shield")
    assert state.used == frozenset({1})
    assert not [t for t in legal(state) if t.startswith("seat 2 use")]
    assert [t for t in legal(state) if t.startswith("seat 1 use")]
    state = play(state, "seat 1 play Shield")
    assert state.used == frozenset() and [t for t in legal(state) if t.startswith("seat 2 use")]


def test_d11_confusion_gives_every_hand_to_a_different_player():
    """D11: Confusion: every hand goes to a different player, as the team chooses (options are
    the derangements)."""
    state = start(players=3, dungeon=["Confusion", "Gorblin"],
                  decks={1: ["Sword"] * 4, 2: ["Scroll"] * 4, 3: ["Shield"] * 4})
    assert legal(state) == ["team resolve Confusion passing hands to 2, 3, 1",
                            "team resolve Confusion passing hands to 3, 1, 2", "time runs out"]
    state = play(state, "team resolve Confusion passing hands to 2, 3, 1")
    assert state.hands == (("Shield",) * 4, ("Sword",) * 4, ("Scroll",) * 4)


def test_d12_the_team_bot_never_sees_the_order_of_the_draw_piles():
    """D12: the team bot sees every hand but never the order of the draw piles: its choice does
    not change when the draw piles are reordered."""
    hand = ["Sword", "Shield", "Shield", "Scroll", "Scroll"]
    one = start(dungeon=["Gorblin", "Steve"], decks={1: [*hand, "Jump", "Arrow", "Heal"]})
    other = start(dungeon=["Gorblin", "Steve"], decks={1: [*hand, "Heal", "Arrow", "Jump"]})
    assert one.hands == other.hands and one.decks != other.decks
    assert sorted(one.decks[0]) == sorted(other.decks[0]) and one.decks[1] == other.decks[1]
    for seed in range(5):
        assert HeuristicTeam(seed).choose(one) == HeuristicTeam(seed).choose(other)
        assert SamplingTeam(seed).choose(one) == SamplingTeam(seed).choose(other)


def test_d13_time_may_run_out_while_a_player_decides():
    """D13: time may run out while a player decides (a pending discard's legal actions include
    `time runs out` unless paused)."""
    state = play(two(["Gorblin", "Trap Door"]), "seat 1 play Sword", "seat 2 play Jump")
    assert state.current_player() == 0 and legal(state)[-1] == "time runs out"
    assert play(state, "300.0 time runs out").reason == "time ran out (facing Trap Door)"
    paused = play(two(["Gorblin", "Trap Door"]),
                  "seat 2 use Stop Time discarding Arrow, Jump, Shield",
                  "seat 1 use Slay at Gorblin discarding Arrow, Jump, Shield")
    assert paused.current_player() == 0 and "time runs out" not in legal(paused)


def test_d14_at_most_five_players():
    """D14: at most 5 players (the base game has five mats); 6 players is an error."""
    assert len(start(players=5, dungeon=["Gorblin"]).hands) == 5
    with pytest.raises(DungeoneerError, match="2 to 5 players"):
        start(players=6)
    with pytest.raises(DungeoneerError, match="2 to 5 players"):
        FiveMinuteDungeon(6)


def test_d15_an_action_card_is_played_only_where_it_can_act():
    """D15: type-defeating cards need a faced card of their type; Cancel only while an event
    waits; the other action cards any time."""
    hand1 = ["Mighty Leap", "Smite", "Heal", "Enrage", "Divine Shield"]
    hand2 = ["Fireball", "Snipe", "Cancel", "Healing Herbs", "Sword"]
    texts = legal(two(["Invisible Wall"], hand1=hand1, hand2=hand2))
    assert "seat 1 play Mighty Leap at Invisible Wall" in texts
    assert not [t for t in texts if " play " in t and any(
        c in t for c in ("Smite", "Fireball", "Snipe", "Cancel"))]
    boss = legal(two([], hand1=hand1, hand2=hand2))
    assert {"seat 1 play Heal for seat 1", "seat 1 play Enrage for seat 1 and seat 2",
            "seat 1 play Divine Shield", "seat 2 play Healing Herbs for seat 2"} <= set(boss)
    event = legal(two(["Sudden Illness", "Gorblin"], hand1=hand1, hand2=hand2))
    assert "seat 2 play Cancel" in event


def test_d16_an_event_resolves_at_once_unless_the_team_has_a_choice():
    """D16: an event with no way to stop it and only one way to happen resolves at once; with a
    Cancel or Holy Hand Grenade in some hand, the team chooses."""
    state = two(["Sudden Illness", "Gorblin"])
    assert state.beaten == ("Sudden Illness",) and state.faced == ("Gorblin",)
    assert state.discards == (tuple(sorted(PLAIN)),) * 2
    waiting = two(["Sudden Illness", "Gorblin"], hand1=["Holy Hand Grenade", *PLAIN[:4]])
    assert waiting.event == "Sudden Illness" and waiting.faced == ()
    assert legal(waiting) == ["seat 1 play Holy Hand Grenade at Sudden Illness",
                              "team resolve Sudden Illness", "time runs out"]


def test_d17_stuck_when_only_waiting_is_left():
    """D17: stuck: when the only legal action left is letting the time run out (or none, while
    paused), the run is lost as stuck."""
    state = start(heroes="Wizard, Barbarian", dungeon=[],
                  decks={1: ["Scroll", "Scroll", "Shield", "Shield", "Fireball", "Scroll",
                             "Shield", "Scroll"],
                         2: ["Scroll", "Scroll", "Shield", "Shield", "Mighty Leap"]})
    assert not state.is_terminal()
    assert {t.split(" discarding")[0] for t in legal(state)} == {"seat 1 use Stop Time",
                                                                 "time runs out"}
    state = play(state, "seat 1 use Stop Time discarding Fireball, Scroll, Scroll")
    assert state.is_terminal() and state.outcome().termination == Termination.LOST
    assert state.reason == "stuck: nothing can be played (facing Baby Barbarian, 300.0 s left)"


def test_d18_a_campaign_gives_each_dungeon_three_tries():
    """D18: a campaign gives each dungeon `tries` tries (default 3) before the team gives up."""
    state = two(["Gorblin", "Invisible Wall"], campaign="yes")
    assert state.game.options()["tries"] == "3"
    for attempt in (2, 3):
        state = play(state, "300.0 time runs out")
        assert not state.is_terminal() and state.attempt == attempt and state.boss == 1
        assert state.clock == 0 and len(everything_in_the_dungeon(state)) == 24
    state = play(state, "300.0 time runs out")
    assert state.is_terminal() and state.reason.endswith("bosses beaten: 0")
    once = play(two(["Gorblin"], campaign="yes", tries="1"), "300.0 time runs out")
    assert once.is_terminal()


def test_a_retry_after_being_stuck_turns_over_the_new_dungeon():
    """Losing: "Reset the timer, rebuild the Dungeon Deck, and try again!" (after being
    stuck, or out of cards, too)"""
    state = start(heroes="Barbarian, Paladin", dungeon=[], campaign="yes",
                  decks={1: ["Scroll", "Scroll", "Shield", "Shield", "Fireball"],
                         2: ["Scroll", "Scroll", "Shield", "Shield", "Smite"]})
    assert not state.is_terminal() and state.attempt == 2 and state.clock == 0
    assert state.faced or state.event or state.beaten
    assert len(everything_in_the_dungeon(state)) == 24
    out = with_piles(two(["Gorblin"], campaign="yes"), hands={1: ["Sword"], 2: []},
                     decks={1: [], 2: []})
    out = play(out, "seat 1 play Sword")
    assert out.attempt == 2 and (out.faced or out.event or out.beaten)


def test_d19_ambush_with_fewer_than_two_cards_left_turns_over_what_is_left():
    """D19: Ambush! with fewer than two cards left turns over what is left."""
    one = two(["Ambush!", "Gorblin"])
    assert one.faced == ("Gorblin",) and one.dungeon == ()
    none = two(["Ambush!"])
    assert none.beaten == ("Ambush!",) and none.faced == ("Baby Barbarian",)


def test_d20_the_dungeon_is_a_random_selection_of_doors_and_challenges():
    """D20: the dungeon's doors are a random selection from the 55 door cards, its challenge
    cards from the 20."""
    selections = []
    for seed in (1, 2, 3):
        cards = everything_in_the_dungeon(start(seed=seed))
        doors = {c for c in cards if c in CARDS.doors}
        challenges = {c for c in cards if c in CARDS.challenges}
        assert len(doors) == 20 and len(challenges) == 4 and len(cards) == 24
        selections.append(doors)
    assert len(CARDS.doors) == 55 and len(CARDS.challenges) == 20
    assert selections[0] != selections[1] != selections[2]


def test_d21_each_players_choices_go_seat_by_seat_from_seat_1():
    """D21: events that need each player's choice are decided seat by seat from seat 1."""
    state = start(players=3, dungeon=["A Boo-Boo", "Gorblin"],
                  decks={1: PLAIN[:4], 2: PLAIN[1:], 3: PLAIN[:4]})
    assert state.current_player() == 0
    state = play(state, "seat 1 discard Arrow")
    assert state.current_player() == 1 and state.discards[0] == ("Arrow",)
    state = play(state, "seat 2 discard Scroll")
    assert state.current_player() == 2
    state = play(state, "seat 3 discard Shield")
    assert state.current_player() == ANY_PLAYER and state.faced == ("Gorblin",)
