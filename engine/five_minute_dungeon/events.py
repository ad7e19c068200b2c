"""The 5-Minute Dungeon events: each of the ten one class beside its text (the card data's words,
seeds/five_minute_dungeon/cards.toml), holding the team's choices for it, what it does and how a
record writes the choice; and the decision while one waits (docs/rules/five-minute-dungeon.md,
D9, D11, D16, D19, D21).

Defeating Dungeon Cards: "If you encounter an Event Card, do what it says, sweep it away, and move
on to the next card in the dungeon." Challenge Cards: "When you flip over an Event Card, you must
immediately do what it says. The Action Cards Cancel and Holy Hand Grenade can stop an event
before it takes effect." The team decides how an event happens (`team resolve ...`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from dungeoneer.engine.five_minute_dungeon.cards import SYMBOLS
from dungeoneer.engine.five_minute_dungeon.clock import end_pause
from dungeoneer.engine.five_minute_dungeon.dungeon import Reveal
from dungeoneer.engine.five_minute_dungeon.effects import STOPPERS, Play
from dungeoneer.engine.five_minute_dungeon.hands import Refill, ToDiscard, demand, discard, draw
from dungeoneer.engine.five_minute_dungeon.hands import take as take_from_hand
from dungeoneer.engine.five_minute_dungeon.notation import TEAM, Move
from dungeoneer.engine.protocol import ANY_PLAYER, Action
from dungeoneer.engine.tasks import Decision

if TYPE_CHECKING:
    from dungeoneer.engine.five_minute_dungeon.board import Board
    from dungeoneer.engine.five_minute_dungeon.state import DungeonState

Choice = int | str | tuple[int, ...] | None
"""How the team lets an event happen: a seat, a symbol, who passes to whom, or nothing to
choose."""


@dataclass(frozen=True, slots=True)
class Resolve(Move):
    """`team resolve EVENT [CHOICE]`: the team lets the event happen, the way it chooses."""

    KIND: ClassVar[str] = "resolve"
    event: str
    choice: Choice = None

    def text(self) -> str:
        return f"team resolve {self.event}{EVENTS[self.event].choice_text(self.choice)}"


class Event:
    """An event card: the team's choices when it happens, what it does, how a record writes a
    choice (after the event's name), and to the heuristic team (bots.py) how much harm it would
    do if nobody stopped it (`harm`) and how good each choice is (`choice_worth`)."""

    def choices(self, t: Board) -> tuple[Choice, ...]:
        """The ways it may happen, in the order they are listed."""
        return (None,)

    def happen(self, t: Board, choice: Choice) -> None:
        """Do what the card says."""
        raise NotImplementedError

    def choice_text(self, choice: Choice) -> str:
        """' naming Scroll', ' choosing seat 2', or nothing."""
        return ""

    def harm(self, state: DungeonState) -> float:
        """The harm it would do now, roughly in cards lost: none it counts, by default."""
        return 0.0

    def choice_worth(self, state: DungeonState, choice: Choice) -> float:
        """How good `choice` is for the team: all alike, by default."""
        return 0.0


def _seat(choice: Choice) -> int:
    assert isinstance(choice, int)
    return choice


class Ambush(Event):
    """Ambush!: "reveal the next 2 dungeon cards; both must be defeated before moving on." (with
    fewer left, what is left; an event among them happens at once, in order: D19)"""

    def happen(self, t: Board, choice: Choice) -> None:
        t.push(Reveal(count=2))


class BooBoo(Event):
    """A Boo-Boo: "every player discards a card." (seat by seat from seat 1: D21)"""

    def harm(self, state: DungeonState) -> float:
        return float(sum(min(1, len(h)) for h in state.hands))

    def happen(self, t: Board, choice: Choice) -> None:
        for seat in reversed(range(t.game.players)):
            demand(t, ToDiscard, seat, 1)


class Confusion(Event):
    """Confusion: "every player passes their hand to another player." Every hand goes to a
    different player and every player receives one, as the team chooses (D11): a choice is
    where each seat's hand goes, in seat order, written 'passing hands to 2, 3, 1' (seat 1's to
    seat 2, seat 2's to seat 3, seat 3's to seat 1; the order is the meaning)."""

    def choices(self, t: Board) -> tuple[Choice, ...]:
        n = t.game.players
        return tuple(p for p in itertools.permutations(range(n))
                     if all(p[i] != i for i in range(n)))

    def happen(self, t: Board, choice: Choice) -> None:
        assert isinstance(choice, tuple)
        hands = list(t.hands)
        for seat, receiver in enumerate(choice):
            t.hands[receiver] = hands[seat]
        t.say("Hands pass: " + ", ".join(f"seat {s + 1} to seat {r + 1}"
                                         for s, r in enumerate(choice)) + ".")

    def choice_text(self, choice: Choice) -> str:
        assert isinstance(choice, tuple)
        return " passing hands to " + ", ".join(str(s + 1) for s in choice)


class SuddenIllness(Event):
    """Sudden Illness: "every player discards their hand." """

    def harm(self, state: DungeonState) -> float:
        return float(sum(len(h) for h in state.hands))

    def happen(self, t: Board, choice: Choice) -> None:
        for seat in range(t.game.players):
            discard(t, seat, t.hands[seat])


class TrapDoor(Event):
    """Trap Door: "every player discards 3 cards." (seat by seat from seat 1: D21)"""

    def harm(self, state: DungeonState) -> float:
        return float(sum(min(3, len(h)) for h in state.hands))

    def happen(self, t: Board, choice: Choice) -> None:
        for seat in reversed(range(t.game.players)):
            demand(t, ToDiscard, seat, 3)


class ChoosesAPlayer(Event):
    """An event that names one player, written 'choosing seat N'."""

    def choices(self, t: Board) -> tuple[Choice, ...]:
        return tuple(range(t.game.players))

    def choice_text(self, choice: Choice) -> str:
        return f" choosing seat {_seat(choice) + 1}"


class GimmeAHand(ChoosesAPlayer):
    """Gimme a Hand!: "every player passes their hand to the same player." """

    def choice_worth(self, state: DungeonState, choice: Choice) -> float:
        """The player with the fewest cards left to draw (the others refill from their own
        decks)."""
        return -len(state.decks[_seat(choice)])

    def happen(self, t: Board, choice: Choice) -> None:
        chosen = _seat(choice)
        cards = tuple(c for seat, hand in enumerate(t.hands) if seat != chosen for c in hand)
        for seat in range(t.game.players):
            if seat != chosen:
                t.hands[seat] = ()
        t.hands[chosen] = tuple(sorted(t.hands[chosen] + cards))
        t.say(f"Every hand goes to seat {chosen + 1}.")


class YetMoreSpikes(ChoosesAPlayer):
    """Yet More Spikes!: "choose a player; they discard their hand." """

    def harm(self, state: DungeonState) -> float:
        return 3.0

    def choice_worth(self, state: DungeonState, choice: Choice) -> float:
        """The player with the fewest cards in hand."""
        return -len(state.hands[_seat(choice)])

    def happen(self, t: Board, choice: Choice) -> None:
        chosen = _seat(choice)
        discard(t, chosen, t.hands[chosen])


class LockedDoor(Event):
    """Locked Door!: "name a symbol; every player discards all cards with that symbol." A Magic
    Bomb shows every symbol and goes, a Wild Card shows none and stays (D9). Written 'naming
    Scroll'."""

    def choices(self, t: Board) -> tuple[Choice, ...]:
        return SYMBOLS

    def happen(self, t: Board, choice: Choice) -> None:
        hero_cards = t.game.cards.hero_cards
        for seat, hand in enumerate(t.hands):
            discard(t, seat, [c for c in hand if choice in hero_cards[c].symbols])

    def choice_text(self, choice: Choice) -> str:
        assert isinstance(choice, str)
        return f" naming {choice.capitalize()}"

    def harm(self, state: DungeonState) -> float:
        return 3.0

    def choice_worth(self, state: DungeonState, choice: Choice) -> float:
        """The symbol on the fewest cards in the team's hands."""
        hero_cards = state.game.cards.hero_cards
        return -sum(1 for hand in state.hands for c in hand if choice in hero_cards[c].symbols)


class Porcupines(Event):
    """An Ungodly Amount of Porcupines: "every player draws 3 cards, then discards 3." """

    def happen(self, t: Board, choice: Choice) -> None:
        for seat in range(t.game.players):
            draw(t, seat, 3)
        for seat in reversed(range(t.game.players)):
            demand(t, ToDiscard, seat, 3)


class DungeonError(Event):
    """Dungeon Error in Your Favor: "every player draws 5 cards." """

    def happen(self, t: Board, choice: Choice) -> None:
        for seat in range(t.game.players):
            draw(t, seat, 5)


EVENTS: dict[str, Event] = {
    "Ambush!": Ambush(), "A Boo-Boo": BooBoo(), "Confusion": Confusion(),
    "Sudden Illness": SuddenIllness(), "Trap Door": TrapDoor(), "Gimme a Hand!": GimmeAHand(),
    "Locked Door!": LockedDoor(), "An Ungodly Amount of Porcupines": Porcupines(),
    "Dungeon Error in Your Favor": DungeonError(), "Yet More Spikes!": YetMoreSpikes()}
"""Each event, by title."""


@dataclass(frozen=True)
class EventWaits(Decision):
    """An event is turned over (`Board.event`): a seat stops it with a Cancel or Holy Hand
    Grenade from their hand, or the team lets it happen, the way it chooses. With nobody able
    to stop it and one way for it to happen, it happens at once (D16)."""

    seat: int = ANY_PLAYER
    NAME: ClassVar[str] = "event"
    """The decision's kind as output names it (docs/json.md)."""

    def options(self, table: Board) -> tuple[Action, ...]:
        t = table
        event = t.event
        assert event is not None
        found = [rule.stop(seat, event) for seat, hand in enumerate(t.hands)
                 for card, rule in STOPPERS if card in hand]
        found += [Action(Resolve.KIND, Resolve(TEAM, event, choice))
                  for choice in EVENTS[event].choices(t)]
        return tuple(found)

    def choose(self, table: Board, action: Action) -> None:
        t = table
        event = t.event
        assert event is not None
        t.event = None
        t.beaten = (*t.beaten, event)
        record: Move = action.arg
        if isinstance(record, Play):
            take_from_hand(t, record.seat, (record.card,))
            t.say(f"Seat {record.seat + 1} plays {record.card}: {event} is stopped.")
            end_pause(t)
            t.swept = (*t.swept, record.card)
            t.push(Refill())
            return
        assert isinstance(record, Resolve)
        t.say(f"{event}: {t.game.cards.dungeon[event].text}")
        t.push(Refill())
        EVENTS[event].happen(t, record.choice)

    def text(self, action: Action) -> str:
        record: Move = action.arg
        return record.text()
