"""What a Puzzle Dungeon player knows: the position less the deck's order and the chance
to come, and full positions drawn uniformly from everything consistent with that.

At the table everything is face up except the deck: the columns, the monsters' faces (a Monster
King's included: `kings`), the arsenal, the hand, the discard pile in its order, the collected
monsters, attachments, Traps and Treasures, and any ability waiting for a choice. The deck's
*cards* are known too (every arsenal card not somewhere else), but not their order. Nor is the
chance to come: the order of every later shuffle (of the deck, of a column).

No order inside the deck is ever known, so a uniform shuffle of the deck is the whole of the
player's uncertainty about it: the rules put a card into the deck only by shuffling it in
("Shuffle ... into the deck"), and take cards only from the top (draw, deal, "Discard the top two
cards of the deck"), each then face up; nothing looks at the deck or puts a card at a known place
in it. `test_information.py` checks it in random play: an action either leaves the deck as it
was, less cards taken from its top, or shuffles it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from dungeoneer.engine import rng
from dungeoneer.engine.puzzle_dungeon.board import STATE_FIELDS
from dungeoneer.engine.puzzle_dungeon.state import PuzzleState

HIDDEN = ("deck", "rng", "forced")
"""The fields of a position the player does not see (`deck` only its order: its cards are known);
`forced` (chance written in a record) is no part of the table."""


def seen(state: PuzzleState) -> tuple[Any, ...]:
    """Everything of `state` the player sees, as a comparable key: the position less the deck's
    order and the chance to come (the deck as a sorted set of cards)."""
    shown = tuple(getattr(state, name) for name in STATE_FIELDS if name not in HIDDEN)
    return (*shown, tuple(sorted(state.deck)))


@dataclass(frozen=True)
class InformationSet:
    """The positions a player cannot tell apart from `state`: the same table, any order of the
    same deck, any chance to come."""

    state: PuzzleState

    def view(self) -> dict[str, Any]:
        """What the player knows, as JSON-ready data (the deck as a count)."""
        return self.state.view()

    def holds(self, other: PuzzleState) -> bool:
        """Whether `other` is a position the player could be in."""
        return other.rules == self.state.rules and seen(other) == seen(self.state)

    def sample(self, seed: int) -> PuzzleState:
        """A full position from the set, drawn uniformly over the orders of the deck, with a
        fresh stream (seeded from `seed`) for the chance to come."""
        order, stream = rng.shuffled(tuple(sorted(self.state.deck)), rng.verify_seed(seed))
        # The stream goes on from the shuffle: the chance to come is drawn afresh too.
        return self.state.set(deck=bytes(order), rng=stream, forced=())

    def samples(self, seed: int, count: int) -> Iterator[PuzzleState]:
        """`count` positions drawn with seeds derived from `seed` (the same ones every time)."""
        for index in range(count):
            yield self.sample(rng.derived_seed(seed, index))


def information_set(state: PuzzleState) -> InformationSet:
    """The information set of a position (as the player at the table knows it)."""
    return InformationSet(state)
