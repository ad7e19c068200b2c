"""5-Minute Dungeon cards, one scenario each: every action card, hero ability and event, each
docstring quoting the card's text from seeds/five_minute_dungeon/cards.toml (its `effect`).

Default heroes with two players: seat 1 Barbarian (Red and Yellow decks: Mighty Leap, Enrage,
Divine Shield, Holy Hand Grenade, Heal, Health Potion, Smite), seat 2 Wizard (Blue and Green:
Fireball, Magic Bomb, Cancel, Wild Card, Healing Herbs, Snipe). Purple cards (Backstab, Sprint,
Steal, Donation) come with the Thief.
"""

import tomllib
from importlib import resources

import pytest

from dungeoneer.engine.five_minute_dungeon import effects as hero_rules
from dungeoneer.engine.five_minute_dungeon import events
from dungeoneer.engine.five_minute_dungeon.cards import card_set
from dungeoneer.engine.protocol import ANY_PLAYER, Termination
from tests.five_minute_dungeon.helpers import legal, play, start, with_piles

CARDS = card_set()
PLAIN = ["Sword", "Jump", "Arrow", "Shield", "Scroll"]
"""A hand of one of each symbol (every deck has at least three of each)."""
MORE = ["Shield", "Shield", "Scroll", "Scroll", "Sword"]
"""The next cards of a deck, for the refills."""


def deal(dungeon, hand1=PLAIN, hand2=PLAIN, heroes=None, **options):
    """A two-player game with these starting hands, each followed by MORE."""
    return start(heroes=heroes, dungeon=dungeon, decks={1: [*hand1, *MORE], 2: [*hand2, *MORE]},
                 **options)


def plays(state):
    """The card plays legal now, as text."""
    return " ".join(t for t in legal(state) if " play " in t)


def uses(state, seat):
    """The ability uses legal for a seat (1-based)."""
    return [t for t in legal(state) if t.startswith(f"seat {seat} use")]


# ----------------------------------------------------------------------------- action cards

def test_fireball():
    """Fireball: "defeat a Monster"."""
    state = play(deal(["Gorblin", "Steve"], hand2=["Fireball", *PLAIN[:4]]),
                 "seat 2 play Fireball at Gorblin")
    assert state.beaten == ("Gorblin",) and state.faced == ("Steve",)
    assert "Fireball" in state.swept and state.discards == ((), ())
    assert "Fireball" not in plays(deal(["Steve"], hand2=["Fireball", *PLAIN[:4]]))


def test_smite_card():
    """Smite (card): "defeat a Monster"."""
    state = play(deal(["A Timber-Wolf", "Steve"], hand1=["Smite", *PLAIN[:4]]),
                 "seat 1 play Smite at A Timber-Wolf")
    assert state.beaten == ("A Timber-Wolf",)
    assert "Smite" not in plays(deal(["Invisible Wall"], hand1=["Smite", *PLAIN[:4]]))


def test_snipe():
    """Snipe: "defeat a Person"."""
    state = play(deal(["An Arm Dealer", "Gorblin"], hand2=["Snipe", *PLAIN[:4]]),
                 "seat 2 play Snipe at An Arm Dealer")
    assert state.beaten == ("An Arm Dealer",) and state.faced == ("Gorblin",)
    assert "Snipe" not in plays(deal(["Gorblin"], hand2=["Snipe", *PLAIN[:4]]))


def test_backstab():
    """Backstab: "defeat a Person"."""
    state = deal(["Steve", "Gorblin"], heroes="Thief, Wizard", hand1=["Backstab", *PLAIN[:4]])
    assert play(state, "seat 1 play Backstab at Steve").beaten == ("Steve",)
    other = deal(["Gorblin"], heroes="Thief, Wizard", hand1=["Backstab", *PLAIN[:4]])
    assert "Backstab" not in plays(other)


def test_sprint():
    """Sprint: "defeat an Obstacle"."""
    state = deal(["Invisible Wall", "Gorblin"], heroes="Thief, Wizard",
                 hand1=["Sprint", *PLAIN[:4]])
    assert play(state, "seat 1 play Sprint at Invisible Wall").beaten == ("Invisible Wall",)
    other = deal(["Steve"], heroes="Thief, Wizard", hand1=["Sprint", *PLAIN[:4]])
    assert "Sprint" not in plays(other)


def test_mighty_leap():
    """Mighty Leap: "defeat an Obstacle"."""
    state = play(deal(["Bottomless Pit", "Gorblin"], hand1=["Mighty Leap", *PLAIN[:4]]),
                 "seat 1 play Mighty Leap at Bottomless Pit")
    assert state.beaten == ("Bottomless Pit",)
    assert "Mighty Leap" not in plays(deal(["Gorblin"], hand1=["Mighty Leap", *PLAIN[:4]]))


def test_magic_bomb():
    """Magic Bomb: "counts as one of each symbol; not all need be used"."""
    collector = deal(["The Collector", "Gorblin"], hand2=["Magic Bomb", *PLAIN[:4]])
    assert play(collector, "seat 2 play Magic Bomb").beaten == ("The Collector",)
    gorblin = deal(["Gorblin", "Steve"], hand2=["Magic Bomb", *PLAIN[:4]])
    assert play(gorblin, "seat 2 play Magic Bomb").beaten == ("Gorblin",)
    boss = play(deal([], hand2=["Magic Bomb", *PLAIN[:4]]), "seat 2 play Magic Bomb")
    assert boss.played == (("Magic Bomb",),) and boss.faced == ("Baby Barbarian",)


def test_wild_card():
    """Wild Card: "counts as any one symbol"."""
    state = deal(["Gorblin", "Steve"], hand2=["Wild Card", "Wild Card", *PLAIN[:3]])
    state = play(state, "seat 2 play Wild Card")
    assert state.faced == ("Gorblin",) and state.played == (("Wild Card",),)
    assert play(state, "seat 2 play Wild Card").beaten == ("Gorblin",)
    assert play(state, "seat 1 play Jump").beaten == ("Gorblin",)


def test_cancel():
    """Cancel: "stop an Event from taking effect"."""
    state = deal(["Sudden Illness", "Gorblin"], hand2=["Cancel", *PLAIN[:4]])
    assert state.event == "Sudden Illness"
    state = play(state, "seat 2 play Cancel")
    assert state.event is None and state.beaten == ("Sudden Illness",)
    assert state.discards == ((), ()) and state.hands[0] == tuple(sorted(PLAIN))
    assert state.hands[1] == ("Arrow", "Jump", "Shield", "Shield", "Sword")
    assert state.faced == ("Gorblin",) and "Cancel" in state.swept


def test_holy_hand_grenade_defeats_the_boss():
    """Holy Hand Grenade: "defeat any card faced, including Mini-Bosses, Events and Bosses (the
    only card that defeats a Boss outright)"."""
    state = play(deal([], hand1=["Holy Hand Grenade", *PLAIN[:4]]),
                 "12.0 seat 1 play Holy Hand Grenade at Baby Barbarian")
    assert state.is_terminal() and state.outcome().termination == Termination.WON
    assert state.outcome().scores == (288.0,)


def test_holy_hand_grenade_defeats_a_mini_boss_and_a_door():
    """Holy Hand Grenade: "defeat any card faced, including Mini-Bosses"."""
    state = deal(["Ambush!", "The Rat King", "Gorblin"],
                 hand1=["Holy Hand Grenade", *PLAIN[:4]])
    state = play(state, "team resolve Ambush!")
    assert state.faced == ("The Rat King", "Gorblin")
    assert {"seat 1 play Holy Hand Grenade at The Rat King",
            "seat 1 play Holy Hand Grenade at Gorblin"} <= set(legal(state))
    state = play(state, "seat 1 play Holy Hand Grenade at The Rat King")
    assert state.beaten == ("Ambush!", "The Rat King") and state.faced == ("Gorblin",)


def test_holy_hand_grenade_stops_an_event():
    """Holy Hand Grenade: "defeat any card faced, including ... Events"."""
    state = deal(["Trap Door", "Gorblin"], hand1=["Holy Hand Grenade", *PLAIN[:4]])
    state = play(state, "seat 1 play Holy Hand Grenade at Trap Door")
    assert state.beaten == ("Trap Door",) and state.discards == ((), ())
    assert state.current_player() == ANY_PLAYER and state.faced == ("Gorblin",)


def test_heal():
    """Heal: "one player puts their whole discard pile back into their deck"."""
    state = with_piles(deal(["Gorblin"], hand1=["Heal", *PLAIN[:4]]),
                       discards={2: ["Sword", "Jump", "Fireball"]})
    healed = play(state, "seat 1 play Heal for seat 2")
    assert healed.discards[1] == () and len(healed.decks[1]) == len(state.decks[1]) + 3
    assert sorted(healed.decks[1]) == sorted(state.decks[1] + state.discards[1])
    assert healed.hands[1] == state.hands[1]


def test_health_potion():
    """Health Potion: "every player recovers 3 cards from their discard pile to their hand"."""
    state = with_piles(deal(["Gorblin"], hand1=["Health Potion", *PLAIN[:4]]),
                       discards={1: ["Sword", "Sword", "Jump", "Heal"], 2: ["Arrow", "Arrow"]})
    state = play(state, "seat 1 play Health Potion")
    assert state.hands[1] == ("Arrow", "Arrow", "Arrow", "Jump", "Scroll", "Shield", "Sword")
    assert legal(state) == ["seat 1 recover Heal", "seat 1 recover Jump", "seat 1 recover Sword",
                            "time runs out"]
    state = play(state, "seat 1 recover Heal", "seat 1 recover Sword", "seat 1 recover Sword")
    assert state.discards == (("Jump",), ())
    assert state.hands[0] == ("Arrow", "Heal", "Jump", "Shield", "Sword", "Sword", "Sword")


def test_healing_herbs():
    """Healing Herbs: "one player recovers 4 cards from their discard pile to their hand"."""
    state = with_piles(deal(["Gorblin"], hand2=["Healing Herbs", *PLAIN[:4]]),
                       discards={1: ["Sword", "Sword", "Jump", "Heal", "Enrage"]})
    state = play(state, "seat 2 play Healing Herbs for seat 1")
    assert state.current_player() == 0
    state = play(state, "seat 1 recover Heal", "seat 1 recover Enrage", "seat 1 recover Sword",
                 "seat 1 recover Jump")
    assert state.discards == (("Sword",), ()) and len(state.hands[0]) == 9
    assert state.hands[1] == ("Arrow", "Jump", "Shield", "Shield", "Sword")


def test_divine_shield():
    """Divine Shield: "pause the timer (until someone plays a card) and every player draws 1
    card"."""
    state = play(deal(["Gorblin"], hand1=["Divine Shield", *PLAIN[:4]]),
                 "20.0 seat 1 play Divine Shield")
    assert state.paused and state.clock == 200 and "time runs out" not in legal(state)
    assert state.hands == (("Arrow", "Jump", "Shield", "Shield", "Sword"),
                           ("Arrow", "Jump", "Scroll", "Shield", "Shield", "Sword"))
    assert not play(state, "20.0 seat 2 play Shield").paused


def test_enrage():
    """Enrage: "choose two players (you may be one); each draws 3 cards"."""
    state = deal(["Gorblin"], hand1=["Enrage", *PLAIN[:4]])
    assert [t for t in legal(state) if "play Enrage" in t] == [
        "seat 1 play Enrage for seat 1 and seat 2"]
    three = start(players=3, dungeon=["Gorblin"], decks={1: ["Enrage", *PLAIN[:3], *MORE]})
    assert [t for t in legal(three) if "play Enrage" in t] == [
        "seat 1 play Enrage for seat 1 and seat 2", "seat 1 play Enrage for seat 1 and seat 3",
        "seat 1 play Enrage for seat 2 and seat 3"]
    three = play(three, "seat 1 play Enrage for seat 2 and seat 3")
    assert [len(h) for h in three.hands] == [4, 7, 7]
    assert three.hands[0] == ("Arrow", "Jump", "Shield", "Sword")


def test_steal():
    """Steal: "take another player's whole hand into yours"."""
    state = deal(["Gorblin"], heroes="Thief, Wizard", hand1=["Steal", *PLAIN[:4]],
                 hand2=["Fireball", "Fireball", "Cancel", "Scroll", "Scroll"])
    state = play(state, "seat 1 play Steal from seat 2")
    assert state.hands[0] == ("Arrow", "Cancel", "Fireball", "Fireball", "Jump", "Scroll",
                              "Scroll", "Shield", "Sword")
    assert state.hands[1] == ("Scroll", "Scroll", "Shield", "Shield", "Sword")


def test_donation():
    """Donation: "give your whole hand to another player, then refill"."""
    state = deal(["Gorblin"], heroes="Thief, Wizard", hand1=["Donation", *PLAIN[:4]])
    assert [t for t in legal(state) if "play Donation" in t] == [
        "seat 1 play Donation to seat 2"]
    state = play(state, "seat 1 play Donation to seat 2")
    assert state.hands[0] == ("Scroll", "Scroll", "Shield", "Shield", "Sword")
    assert len(state.hands[1]) == 9 and state.hands[1].count("Sword") == 2


def test_donation_helps_a_player_out_of_cards():
    """Donation: "give your whole hand to another player" (Out of Cards?: "until another player
    helps you out with a card like Heal, Donation, or Confusion")."""
    state = with_piles(deal(["Gorblin"], heroes="Thief, Wizard", hand1=["Donation", *PLAIN[:4]]),
                       hands={2: []}, decks={2: []})
    state = play(state, "seat 1 play Donation to seat 2")
    assert state.hands[1] == ("Arrow", "Jump", "Shield", "Sword")


# ----------------------------------------------------------------------------- abilities

def defeats_only(hero, partner, ability, door, others):
    """Seat 1's ability defeats `door` for 3 cards, and is not offered against `others`."""
    state = deal([door, "Das Boot!"], heroes=f"{hero}, {partner}")
    state = play(state, f"seat 1 use {ability} at {door} discarding Arrow, Jump, Scroll")
    assert state.beaten == (door,) and state.faced == ("Das Boot!",)
    assert state.discards[0] == ("Arrow", "Jump", "Scroll")
    assert not uses(state, 1)  # a mini-boss
    for other in others:
        assert not uses(deal([other], heroes=f"{hero}, {partner}"), 1)


def test_stop_time():
    """Stop Time (Wizard): "pause the timer until a player plays a card"."""
    state = play(deal(["Gorblin"]), "33.3 seat 2 use Stop Time discarding Arrow, Jump, Scroll")
    assert state.paused and state.clock == 333 and state.discards[1] == ("Arrow", "Jump",
                                                                          "Scroll")
    state = play(state, "33.3 seat 1 play Shield")
    assert not state.paused and play(state, "40.0 seat 1 play Shield").clock == 400


def test_teleport():
    """Teleport (Sorceress): "defeat an Obstacle"."""
    defeats_only("Sorceress", "Barbarian", "Teleport", "Invisible Wall", ["Gorblin", "Steve"])


def test_vault():
    """Vault (Ninja): "defeat an Obstacle"."""
    defeats_only("Ninja", "Wizard", "Vault", "Quicksand", ["Gorblin", "Steve"])


def test_pickpocket():
    """Pickpocket (Thief): "draw 5 cards"."""
    state = deal(["Gorblin"], heroes="Thief, Wizard")
    state = play(state, "seat 1 use Pickpocket discarding Arrow, Jump, Scroll")
    assert state.hands[0] == ("Scroll", "Scroll", "Shield", "Shield", "Shield", "Sword", "Sword")
    assert state.discards[0] == ("Arrow", "Jump", "Scroll")


def test_smite_ability():
    """Smite (Paladin): "defeat a Monster"."""
    defeats_only("Paladin", "Wizard", "Smite", "Griffin-Door", ["Invisible Wall", "Steve"])


def test_inspire():
    """Inspire (Valkyrie): "every other player draws 2 cards"."""
    state = start(players=3, heroes="Valkyrie, Wizard, Barbarian", dungeon=["Gorblin"],
                  decks={s: [*PLAIN[:4], *MORE] for s in (1, 2, 3)})
    state = play(state, "seat 1 use Inspire discarding Arrow, Jump, Shield")
    assert [len(h) for h in state.hands] == [4, 6, 6]
    assert state.hands[1] == ("Arrow", "Jump", "Shield", "Shield", "Shield", "Sword")
    assert state.hands[0] == ("Scroll", "Shield", "Shield", "Sword")


def test_slay():
    """Slay (Barbarian): "defeat a Monster"."""
    defeats_only("Barbarian", "Wizard", "Slay", "Gorblin", ["Invisible Wall", "Steve"])


def test_intimidate():
    """Intimidate (Gladiator): "defeat a Person"."""
    defeats_only("Gladiator", "Wizard", "Intimidate", "Steve", ["Gorblin", "Invisible Wall"])


def test_trick_shot():
    """Trick Shot (Ranger): "defeat a Person"."""
    defeats_only("Ranger", "Wizard", "Trick Shot", "An Arm Dealer",
                 ["Gorblin", "Invisible Wall"])


def test_animal_companion():
    """Animal Companion (Huntress): "another player (not herself) draws 4 cards"."""
    state = deal(["Gorblin"], heroes="Huntress, Wizard")
    assert {t.split(" discarding")[0] for t in uses(state, 1)} == {
        "seat 1 use Animal Companion for seat 2"}
    state = play(state, "seat 1 use Animal Companion for seat 2 discarding Arrow, Jump, Scroll")
    assert len(state.hands[1]) == 9 and state.hands[0] == ("Scroll", "Shield", "Shield",
                                                            "Shield", "Sword")


# ----------------------------------------------------------------------------- events

def test_ambush():
    """Ambush!: "reveal the next 2 dungeon cards; both must be defeated before moving on." """
    state = deal(["Ambush!", "Gorblin", "Invisible Wall", "Steve"])
    assert state.faced == ("Gorblin", "Invisible Wall") and state.dungeon == ("Steve",)
    state = play(state, "seat 1 play Sword at Gorblin", "seat 2 play Jump at Gorblin")
    assert state.faced == ("Invisible Wall",) and state.dungeon == ("Steve",)
    state = play(state, "seat 2 play Scroll", "seat 1 play Scroll")
    assert state.faced == ("Steve",) and state.beaten == ("Ambush!", "Gorblin",
                                                          "Invisible Wall")


def test_ambush_turns_over_an_event_at_once():
    """Ambush!: "reveal the next 2 dungeon cards" (an event among them happens)."""
    state = deal(["Ambush!", "Dungeon Error in Your Favor", "Gorblin", "Steve"])
    assert state.faced == ("Gorblin",) and state.dungeon == ("Steve",)
    assert [len(h) for h in state.hands] == [10, 10]


def test_a_boo_boo():
    """A Boo-Boo: "every player discards a card." """
    state = deal(["A Boo-Boo", "Gorblin"], hand2=["Scroll"] * 5)
    assert state.current_player() == 0
    state = play(state, "seat 1 discard Shield")
    # Seat 2 holds only Scrolls: no choice to make.
    assert state.discards == (("Shield",), ("Scroll",))
    assert [len(h) for h in state.hands] == [5, 5] and state.faced == ("Gorblin",)


def test_confusion():
    """Confusion: "every player passes their hand to another player." """
    state = deal(["Confusion", "Gorblin"], hand1=["Sword"] * 5, hand2=["Scroll"] * 5)
    assert state.hands == (("Scroll",) * 5, ("Sword",) * 5) and state.faced == ("Gorblin",)


def test_sudden_illness():
    """Sudden Illness: "every player discards their hand." """
    state = deal(["Sudden Illness", "Gorblin"])
    assert state.discards == (tuple(sorted(PLAIN)),) * 2
    assert state.hands == (tuple(sorted(MORE)),) * 2


def test_trap_door():
    """Trap Door: "every player discards 3 cards." """
    state = deal(["Trap Door", "Gorblin"], hand2=["Jump", "Jump", "Sword", "Sword", "Sword"])
    state = play(state, "seat 1 discard Sword", "seat 1 discard Jump", "seat 1 discard Arrow")
    assert legal(state) == ["seat 2 discard Jump", "seat 2 discard Sword", "time runs out"]
    state = play(state, "seat 2 discard Sword", "seat 2 discard Sword", "seat 2 discard Sword")
    assert state.discards == (("Arrow", "Jump", "Sword"), ("Sword", "Sword", "Sword"))
    assert state.hands == (("Scroll", "Scroll", "Shield", "Shield", "Shield"),
                           ("Jump", "Jump", "Scroll", "Shield", "Shield"))


def test_gimme_a_hand():
    """Gimme a Hand!: "every player passes their hand to the same player." """
    state = deal(["Gimme a Hand!", "Gorblin"], hand1=["Sword"] * 5)
    state = play(state, "team resolve Gimme a Hand! choosing seat 2")
    assert state.hands[1] == ("Arrow", "Jump", "Scroll", "Shield", "Sword", "Sword", "Sword",
                              "Sword", "Sword", "Sword")
    assert state.hands[0] == tuple(sorted(MORE))


def test_locked_door():
    """Locked Door!: "name a symbol; every player discards all cards with that symbol." """
    state = deal(["Locked Door!", "Gorblin"], hand1=["Sword+Jump", "Jump", "Jump", "Arrow",
                                                    "Shield"])
    assert legal(state)[:5] == [f"team resolve Locked Door! naming {s}" for s in (
        "Sword", "Arrow", "Jump", "Scroll", "Shield")]
    state = play(state, "team resolve Locked Door! naming Jump")
    assert state.discards == (("Jump", "Jump", "Sword+Jump"), ("Jump",))
    assert state.hands[0] == ("Arrow", "Scroll", "Shield", "Shield", "Shield")


def test_an_ungodly_amount_of_porcupines():
    """An Ungodly Amount of Porcupines: "every player draws 3 cards, then discards 3." """
    state = deal(["An Ungodly Amount of Porcupines", "Gorblin"])
    assert [len(h) for h in state.hands] == [8, 8] and state.current_player() == 0
    state = play(state, "seat 1 discard Sword", "seat 1 discard Jump", "seat 1 discard Arrow",
                 "seat 2 discard Shield", "seat 2 discard Shield", "seat 2 discard Shield")
    assert state.hands == (("Scroll", "Scroll", "Shield", "Shield", "Shield"),
                           ("Arrow", "Jump", "Scroll", "Scroll", "Sword"))
    assert state.current_player() == ANY_PLAYER and state.faced == ("Gorblin",)


def test_dungeon_error_in_your_favor():
    """Dungeon Error in Your Favor: "every player draws 5 cards." """
    state = deal(["Dungeon Error in Your Favor", "Gorblin"])
    assert state.hands == (tuple(sorted(PLAIN + MORE)),) * 2


def test_yet_more_spikes():
    """Yet More Spikes!: "choose a player; they discard their hand." """
    state = deal(["Yet More Spikes!", "Gorblin"])
    state = play(state, "team resolve Yet More Spikes! choosing seat 1")
    assert state.discards == (tuple(sorted(PLAIN)), ())
    assert state.hands == (tuple(sorted(MORE)), tuple(sorted(PLAIN)))


# ----------------------------------------------------------------------------- mini-bosses

def test_mini_bosses_are_no_monster_person_or_obstacle():
    """Challenge Cards: Mini-Bosses "do not count as a Monster, Obstacle, or Person, so they
    cannot be defeated by Hero Abilities or by Action Cards like Fireball or Snipe." """
    minis = [c for c in CARDS.dungeon.values() if c.kind == "mini_boss"]
    assert len(minis) == 10 and all(c.type is None for c in minis)
    state = deal(["The Rat King"], hand1=["Mighty Leap", "Smite", "Holy Hand Grenade", "Sword",
                                          "Jump"],
                 hand2=["Fireball", "Snipe", "Sword", "Jump", "Arrow"])
    assert not uses(state, 1)
    cards = {t.split(" at ")[0] for t in legal(state) if " play " in t}
    assert cards == {"seat 1 play Holy Hand Grenade", "seat 1 play Sword", "seat 1 play Jump",
                     "seat 2 play Sword", "seat 2 play Jump", "seat 2 play Arrow"}


# ----------------------------------------------------------------------------- completeness

def test_every_card_ability_and_event_has_an_implementation():
    """Every action card, hero ability and event named in cards.toml is implemented (each
    card's and ability's rule in engine/five_minute_dungeon/hero_rules.py, each event's in
    events.py), with the effect its text names."""
    folder = resources.files("dungeoneer.seeds.five_minute_dungeon")
    text = (folder / "cards.toml").read_text("utf-8")
    data = tomllib.loads(text)
    actions = {a["name"]: a["effect"] for a in data["action_card"]}
    assert set(actions) == set(hero_rules.CARD_RULES)
    for name, rule in hero_rules.CARD_RULES.items():
        assert rule is hero_rules.rule_of(CARDS.hero_cards[name])
        if isinstance(rule, hero_rules.DefeatsType):
            kind = rule.type.capitalize()
            assert actions[name] in (f"defeat a {kind}", f"defeat an {kind}")
            assert hero_rules.DEFEATS[name] == rule.type
    assert set(hero_rules.DEFEATS) == {n for n, r in hero_rules.CARD_RULES.items()
                                  if isinstance(r, hero_rules.DefeatsType)}
    resource = hero_rules.RESOURCE
    assert hero_rules.CARD_RULES["Magic Bomb"] is hero_rules.CARD_RULES["Wild Card"] is resource
    assert CARDS.hero_cards["Magic Bomb"].symbols == ("sword", "arrow", "jump", "scroll",
                                                      "shield")
    assert CARDS.hero_cards["Wild Card"].wild
    for hero in data["hero"]:
        ability = hero_rules.ABILITIES[hero["ability"]]
        effect, value = ability.effect, ability.value
        assert CARDS.heroes[hero["name"]].ability == hero["ability"]
        if effect == "defeat":
            assert isinstance(value, str) and hero["effect"].endswith(value.capitalize())
        elif effect != "pause":
            assert str(value) in hero["effect"]
    assert len(hero_rules.ABILITIES) == len(data["hero"]) == 10
    assert set(events.EVENTS) == {e["name"] for e in data["event"]}


@pytest.mark.parametrize("event", sorted(e for e, c in CARDS.dungeon.items()
                                         if c.kind == "event"))
def test_every_event_can_be_cancelled(event):
    """Challenge Cards: "The Action Cards Cancel and Holy Hand Grenade can stop an event before
    it takes effect." """
    state = deal([event, "Gorblin"], hand2=["Cancel", *PLAIN[:4]])
    assert state.event == event and "seat 2 play Cancel" in legal(state)
    state = play(state, "seat 2 play Cancel")
    assert state.faced == ("Gorblin",) and state.hands[0] == tuple(sorted(PLAIN))
