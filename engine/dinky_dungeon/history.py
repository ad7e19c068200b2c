"""The history of a game of Dinky Dungeon: every move of a card between places, and every look at
a whole place, with the seats that see which cards they are. The rules write it
(`Board.note`); what a seat knows (information.py) is read from it, each event as that seat saw it
(`seen_by`, `shown_to`): nothing else reads an event, so nothing a seat did not see can reach its
knowledge. The history is a chain (`engine.history.Chain`: the last event and the history before
it), so an event adds one small record and shares the rest with the state before.

Places: a seat's number (their hand of adventurers, or their rewards; at set-up, the two
adventurers they are still to choose from count as their hand); `DECK` (the adventurer deck or
the dungeon deck: which one the card's kind says); `OPEN` (the row, both discards and a card
being played: everyone sees them, so the knowledge does not track them).
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

from dungeoneer.engine import pools

Card: TypeAlias = str | int
"""An adventurer (by name) or a dungeon card (by level)."""

ADVENTURER, DUNGEON = "adventurer", "dungeon"
"""The two kinds of card. Which kind moved is public even when the card is not."""

DECK = -1
"""The face-down deck of the card's kind."""
OPEN = pools.OPEN
"""Face up or being played: the row, the discards (not tracked: everyone sees them)."""

EVERYONE = -1
"""`seen` when every seat sees the card (as bits, -1 has them all)."""


def seat_bit(seat: int) -> int:
    """`seen` for one seat (bits combine with `|`)."""
    return 1 << seat


def kind_of(card: Card) -> str:
    """A card's kind: adventurers are named, dungeon cards are levels."""
    return ADVENTURER if isinstance(card, str) else DUNGEON


class Moved(NamedTuple):
    """A card moved from place `source` to place `to`; `seen`: the seats that see which card it
    is, as bits (`seat_bit`, `EVERYONE`). Every seat sees that a card of its kind moved."""

    card: Card
    source: int
    to: int
    seen: int


class Shown(NamedTuple):
    """The seats in `seen` look at every card of `kind` at `place`: `cards` (sorted). The
    Clown's revealed hands (everyone), the dungeon deck a Swordsman searches (its seat)."""

    kind: str
    place: int
    cards: tuple[Card, ...]
    seen: int


Event: TypeAlias = Moved | Shown


class Seen(NamedTuple):
    """A move as one seat saw it: the card if it saw which one (else None), and its kind."""

    kind: str
    card: Card | None
    source: int
    to: int


def seen_by(event: Moved, seat: int) -> Seen:
    """What `seat` saw of a move: its kind and places, and the card only if it is one of the
    seats that see it."""
    card = event.card if event.seen >> seat & 1 else None
    return Seen(kind_of(event.card), card, event.source, event.to)


def shown_to(event: Shown, seat: int) -> tuple[Card, ...] | None:
    """The cards a look showed `seat`, or None if it was not one of the seats that looked."""
    return event.cards if event.seen >> seat & 1 else None
