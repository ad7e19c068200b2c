"""The history of a game of 5 More Minutes: every move of a card or a blue chip between places,
with the seats that see which one it is. The rules write it (`Board.note`); what a
seat knows (information.py) is read from it, each move as that seat saw it (`seen_by`): nothing
else reads an event, so nothing a seat did not see can reach its knowledge.

The history is a persistent linked list (`Link`: the last move and the history before it), so
a move adds one small record and a new state shares all the rest with the one before (as
Dinky Dungeon's `engine.history.Chain`, but with the move's fields in the link itself).

Places: a seat's number (its hand, or its blue chips: the kind of the thing says which); `DECK`
(the dream card deck); `OPEN` (the used cards and a card being played: everyone sees them, so
the knowledge does not track them); `PILE` (the face-down blue chips in the center); `UNDER`
(a chip a Sleepwalker's target puts under the pile, F9: the knowledge gives each its own place
below the pile); `ASIDE` (the chip Hallucinations takes, set aside until the trade is done, F8).
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

from dungeoneer.engine import history as chains
from dungeoneer.engine import pools

Thing: TypeAlias = str | tuple[int, int]
"""A card (by name) or a blue chip (value, dark)."""

DREAM, SPECIAL, BLUE = "dream", "special", "blue"
"""The three kinds of thing that move: dream cards (every card but the specials), special cards
(played as soon as they are drawn, so never in a hand) and blue chips. Which kind moved is
public even when the thing is not."""

DECK = -1
"""The dream card deck, face down."""
OPEN = pools.OPEN
"""Face up or being played: the used cards (not tracked: everyone sees them)."""
PILE = -3
"""The blue chips in the center, face down (the part of the pile dealt at the start)."""
ASIDE = -4
"""The chip Hallucinations took, until the trade is done (F8)."""
UNDER = -5
"""Under the pile (F9): the chip a Sleepwalker's target gave back. The knowledge numbers these
places on downwards, one a chip, in the order they were put there."""

EVERYONE = -1
"""`seen` when every seat sees the thing (as bits, -1 has them all)."""


def seat_bit(seat: int) -> int:
    """`seen` for one seat (bits combine with `|`)."""
    return 1 << seat


class Moved(NamedTuple):
    """A thing of `kind` moved from place `source` to place `to`; `seen`: the seats that see
    which one it is, as bits (`seat_bit`, `EVERYONE`). Every seat sees that a thing of its kind
    moved, and from where to where."""

    kind: str
    thing: Thing
    source: int
    to: int
    seen: int


class Seen(NamedTuple):
    """A move as one seat saw it: the thing if it saw which one (else None), its kind and
    places."""

    kind: str
    thing: Thing | None
    source: int
    to: int


def seen_by(event: Moved, seat: int) -> Seen:
    """What `seat` saw of a move: its kind and places, and the thing only if it is one of the
    seats that see it."""
    thing = event.thing if event.seen >> seat & 1 else None
    return Seen(event.kind, thing, event.source, event.to)


class Link(NamedTuple):
    """A history: its last move (the fields of `Moved`) and the history before it (`START`, the
    history before anything moved, has no move and nothing before it). One record a move: the
    move and its link are one tuple, half the objects to build of a move and a link apart."""

    kind: str
    thing: Thing
    source: int
    to: int
    seen: int
    previous: Link | None

    @property
    def event(self) -> Moved | None:
        """The last move (None for `START`)."""
        return None if self.previous is None else Moved(*self[:5])


START = Link("", "", 0, 0, 0, None)
"""The history of a game before anything has moved."""


def events(history: Link) -> list[Moved]:
    """The events of `history`, in the order they happened."""
    found = after(history, None)
    assert found is not None
    return found


def after(history: Link, earlier: Link | None) -> list[Moved] | None:
    """The events of `history` after `earlier`, in order, if `history` goes on from `earlier`
    (None: it does not; `earlier` None: every event): `engine.history.after`, each event built
    from its link's fields."""
    return chains.after(history, earlier, _moved)


def _moved(link: Link) -> Moved:
    return Moved(*link[:5])
