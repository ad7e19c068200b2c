"""5-Minute Dungeon hands: drawing, refilling, discarding and recovering cards, and a player's
discards (or recoveries) when an event or a card asks for them.

Setting Up: "Draw a starting hand from your deck. The number of cards you draw depends on how many
people are playing: 2 players 5 cards; 3 players 4 cards; 4, 5 or 6 players 3 cards."
Refilling Your Hand: "Anytime you play or discard cards, refill your hand back to the starting
hand size ... If you play a card or ability that makes you draw cards, draw those first, then
refill your hand if you still need to. If you ever have more cards in your hand than the starting
hand size, do not refill again until you have fewer cards than your starting hand size." (D7)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from dungeoneer.engine.five_minute_dungeon.notation import Move, actor
from dungeoneer.engine.protocol import ANY_PLAYER, Action
from dungeoneer.engine.tasks import Decision, Step

if TYPE_CHECKING:
    from dungeoneer.engine.five_minute_dungeon.board import Board

HAND_SIZE = {2: 5, 3: 4, 4: 3, 5: 3}
"""Starting Hand Size: "2 players 5 cards; 3 players 4 cards; 4, 5 or 6 players 3 cards"."""


def draw(t: Board, seat: int, count: int) -> None:
    """Draw from the seat's own draw pile (as many as it holds)."""
    deck = t.decks[seat]
    if count and deck:
        t.hands[seat] = tuple(sorted(t.hands[seat] + deck[:count]))
        t.decks[seat] = deck[count:]


def refill(t: Board) -> None:
    """Refilling Your Hand: back to the starting hand size, never above it (D7)."""
    size = t.game.hand_size
    for seat, hand in enumerate(t.hands):
        if len(hand) < size and t.decks[seat]:
            draw(t, seat, size - len(hand))


def take(t: Board, seat: int, cards: Sequence[str]) -> None:
    """Take cards out of a seat's hand."""
    hand = list(t.hands[seat])
    for card in cards:
        hand.remove(card)
    t.hands[seat] = tuple(hand)


def discard(t: Board, seat: int, cards: Sequence[str]) -> None:
    """Cards from a hand to the seat's discard pile (face up)."""
    take(t, seat, cards)
    t.discards[seat] = tuple(sorted(t.discards[seat] + tuple(cards)))
    if cards and t.log is not None:
        t.say(f"Seat {seat + 1} discards {', '.join(cards)}.")


def recover(t: Board, seat: int, cards: Sequence[str]) -> None:
    """Cards from a seat's discard pile back to their hand."""
    pile = list(t.discards[seat])
    for card in cards:
        pile.remove(card)
    t.discards[seat] = tuple(pile)
    t.hands[seat] = tuple(sorted(t.hands[seat] + tuple(cards)))
    if cards and t.log is not None:
        t.say(f"Seat {seat + 1} takes back {', '.join(cards)}.")


@dataclass(frozen=True)
class Refill(Step):
    """Refill every hand once the card, ability or event that made one short has taken effect
    (its players' choices made: D7)."""

    seat: int = ANY_PLAYER

    def run(self, table: Board) -> None:
        refill(table)


# ----------------------------------------------------------------------------- choosing cards

@dataclass(frozen=True, slots=True)
class DiscardCard(Move):
    """`seat N discard CARD`: one of the cards a seat must discard."""

    KIND: ClassVar[str] = "discard"
    seat: int
    card: str

    def text(self) -> str:
        return f"{actor(self.seat)} {self.KIND} {self.card}"


@dataclass(frozen=True, slots=True)
class RecoverCard(DiscardCard):
    """`seat N recover CARD`: one of the cards a seat takes back from their discard pile."""

    KIND: ClassVar[str] = "recover"


@dataclass(frozen=True)
class ToDiscard(Decision):
    """A seat must discard `left` more cards of their hand (A Boo-Boo, Trap Door, An Ungodly
    Amount of Porcupines): one card at a time, their choice; the others wait (D21)."""

    seat: int
    left: int
    NAME: ClassVar[str] = "discard"
    """The decision's kind as output names it (docs/json.md)."""
    RECORD: ClassVar[type[DiscardCard]] = DiscardCard

    def pile(self, t: Board) -> tuple[str, ...]:
        """The cards to choose from."""
        return t.hands[self.seat]

    def options(self, table: Board) -> tuple[Action, ...]:
        kind, record = self.RECORD.KIND, self.RECORD
        return tuple(Action(kind, record(self.seat, card))
                     for card in sorted(set(self.pile(table))))

    def choose(self, table: Board, action: Action) -> None:
        """The card goes; the rest stays to choose (all at once when no choice is left)."""
        self.give(table, (action.arg.card,))
        if self.left > 1:
            demand(table, type(self), self.seat, self.left - 1)

    def give(self, t: Board, cards: Sequence[str]) -> None:
        """Move the chosen cards."""
        discard(t, self.seat, cards)

    def text(self, action: Action) -> str:
        record: Move = action.arg
        return record.text()

    def prompt(self) -> str:
        """What the seat is asked, for a person at the terminal."""
        return f"Seat {self.seat + 1}: {self.NAME} {self.left} more " \
               f"card{'s' if self.left > 1 else ''}"


@dataclass(frozen=True)
class ToRecover(ToDiscard):
    """A seat recovers `left` more cards from their discard pile to their hand (Healing Herbs,
    Health Potion): one card at a time, their choice."""

    NAME: ClassVar[str] = "recover"
    RECORD: ClassVar[type[DiscardCard]] = RecoverCard

    def pile(self, t: Board) -> tuple[str, ...]:
        return t.discards[self.seat]

    def give(self, t: Board, cards: Sequence[str]) -> None:
        recover(t, self.seat, cards)


def demand(t: Board, kind: type[ToDiscard], seat: int, count: int) -> None:
    """A seat must discard (`ToDiscard`) or recover (`ToRecover`) `count` cards: at once if
    they have no more than that, else as their decision, one card at a time."""
    task = kind(seat, count)
    pile = task.pile(t)
    if len(pile) <= count:
        task.give(t, pile)
        return
    t.push(task)

