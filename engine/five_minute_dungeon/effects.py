"""5-Minute Dungeon: what the action cards and the events do, each next to its text (the card
data's words, seeds/five_minute_dungeon/cards.toml).

Each effect works on the engine's mutable working copy of a state (`game.Table`): it moves cards
between zones and may push tasks (a player's discards, more cards to turn over) that the engine
runs next. Type-defeating cards, Cancel and the Holy Hand Grenade are handled where cards are
played (game.py), as they act on the faced cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dungeoneer.engine.five_minute_dungeon.game import Table


def seats_text(seats: Sequence[int]) -> str:
    """'seat 1 and seat 3'."""
    return " and ".join(f"seat {s + 1}" for s in seats)


# ----------------------------------------------------------------------------- action cards

def heal(t: Table, seat: int, seats: tuple[int, ...]) -> None:
    """Heal: 'one player puts their whole discard pile back into their deck' (shuffled in,
    D8)."""
    target = seats[0]
    pile = t.discards[target]
    t.discards[target] = ()
    t.decks[target] = t.shuffle(t.decks[target] + pile, f"seat {target + 1}'s deck")
    t.say(f"Seat {target + 1} shuffles {len(pile)} discarded cards into their draw pile.")


def healing_herbs(t: Table, seat: int, seats: tuple[int, ...]) -> None:
    """Healing Herbs: 'one player recovers 4 cards from their discard pile to their hand'."""
    t.demand("recover", seats[0], 4)


def health_potion(t: Table, seat: int, seats: tuple[int, ...]) -> None:
    """Health Potion: 'every player recovers 3 cards from their discard pile to their hand'."""
    for other in reversed(range(t.game.players)):
        t.demand("recover", other, 3)


def divine_shield(t: Table, seat: int, seats: tuple[int, ...]) -> None:
    """Divine Shield: 'pause the timer (until someone plays a card) and every player draws 1
    card'."""
    t.pause()
    for other in range(t.game.players):
        t.draw(other, 1)
    t.say("Every player draws a card.")


def enrage(t: Table, seat: int, seats: tuple[int, ...]) -> None:
    """Enrage: 'choose two players (you may be one); each draws 3 cards'."""
    for other in seats:
        t.draw(other, 3)
    t.say(f"{seats_text(seats).capitalize()} draw 3 cards each.")


def steal(t: Table, seat: int, seats: tuple[int, ...]) -> None:
    """Steal: 'take another player's whole hand into yours'."""
    victim = seats[0]
    t.say(f"Seat {seat + 1} takes seat {victim + 1}'s hand: {', '.join(t.hands[victim]) or '-'}.")
    t.hands[seat] = tuple(sorted(t.hands[seat] + t.hands[victim]))
    t.hands[victim] = ()


def donation(t: Table, seat: int, seats: tuple[int, ...]) -> None:
    """Donation: 'give your whole hand to another player, then refill'."""
    friend = seats[0]
    t.say(f"Seat {seat + 1} gives seat {friend + 1} their hand: "
          f"{', '.join(t.hands[seat]) or '-'}.")
    t.hands[friend] = tuple(sorted(t.hands[friend] + t.hands[seat]))
    t.hands[seat] = ()


CARD_EFFECTS = {"Heal": heal, "Healing Herbs": healing_herbs, "Health Potion": health_potion,
                "Divine Shield": divine_shield, "Enrage": enrage, "Steal": steal,
                "Donation": donation}


# ----------------------------------------------------------------------------- events

def ambush(t: Table, choice: Any) -> None:
    """Ambush!: 'reveal the next 2 dungeon cards; both must be defeated before moving on.'"""
    t.push(("reveal", None, 2))  # the team's task: no seat


def boo_boo(t: Table, choice: Any) -> None:
    """A Boo-Boo: 'every player discards a card.'"""
    for seat in reversed(range(t.game.players)):
        t.demand("discard", seat, 1)


def confusion(t: Table, choice: Any) -> None:
    """Confusion: 'every player passes their hand to another player.' (each hand to a
    different player, as the team chooses; D11)"""
    hands = list(t.hands)
    for seat, receiver in enumerate(choice):
        t.hands[receiver] = hands[seat]
    t.say("Hands pass: " + ", ".join(f"seat {s + 1} to seat {r + 1}"
                                     for s, r in enumerate(choice)) + ".")


def sudden_illness(t: Table, choice: Any) -> None:
    """Sudden Illness: 'every player discards their hand.'"""
    for seat in range(t.game.players):
        t.discard(seat, t.hands[seat])


def trap_door(t: Table, choice: Any) -> None:
    """Trap Door: 'every player discards 3 cards.'"""
    for seat in reversed(range(t.game.players)):
        t.demand("discard", seat, 3)


def gimme_a_hand(t: Table, choice: Any) -> None:
    """Gimme a Hand!: 'every player passes their hand to the same player.'"""
    cards = tuple(c for seat, hand in enumerate(t.hands) if seat != choice for c in hand)
    for seat in range(t.game.players):
        if seat != choice:
            t.hands[seat] = ()
    t.hands[choice] = tuple(sorted(t.hands[choice] + cards))
    t.say(f"Every hand goes to seat {choice + 1}.")


def locked_door(t: Table, choice: Any) -> None:
    """Locked Door!: 'name a symbol; every player discards all cards with that symbol.' (a
    Magic Bomb shows every symbol; D9)"""
    hero_cards = t.game.cards.hero_cards
    for seat, hand in enumerate(t.hands):
        t.discard(seat, [c for c in hand if choice in hero_cards[c].symbols])


def porcupines(t: Table, choice: Any) -> None:
    """An Ungodly Amount of Porcupines: 'every player draws 3 cards, then discards 3.'"""
    for seat in range(t.game.players):
        t.draw(seat, 3)
    for seat in reversed(range(t.game.players)):
        t.demand("discard", seat, 3)


def dungeon_error(t: Table, choice: Any) -> None:
    """Dungeon Error in Your Favor: 'every player draws 5 cards.'"""
    for seat in range(t.game.players):
        t.draw(seat, 5)


def yet_more_spikes(t: Table, choice: Any) -> None:
    """Yet More Spikes!: 'choose a player; they discard their hand.'"""
    t.discard(choice, t.hands[choice])


EVENTS = {"Ambush!": ambush, "A Boo-Boo": boo_boo, "Confusion": confusion,
          "Sudden Illness": sudden_illness, "Trap Door": trap_door,
          "Gimme a Hand!": gimme_a_hand, "Locked Door!": locked_door,
          "An Ungodly Amount of Porcupines": porcupines,
          "Dungeon Error in Your Favor": dungeon_error, "Yet More Spikes!": yet_more_spikes}
