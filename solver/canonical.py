"""Canonical keys for the transposition table: positions that play the same get the same key.

Why merging is sound. Two arsenal cards of the same suit whose values no ability in the game ever
looks at are interchangeable: swapping them everywhere, in every zone and for the rest of the
game, maps every legal line to a legal line with the same outcome (every rule and ability reads a
card only through its suit and the values it names, and shuffles are drawn by position, not by
card). So a position can be keyed by *card classes* (suit, and the value when some ability reads
it) instead of card identities, and the search treats positions that differ only by such a swap as
one. The key keeps everything else exactly (columns, faces, orientation, the order of every
ordered zone, the random stream), so equal keys mean positions that are images of each other under
a swap of interchangeable cards.

The discard pile is kept in order (as classes) while an ability that reads its order can still
fire (`effects.DiscardOrder`), and reduced to its size once none can. That the hand may be keyed as
a multiset rests on the engine letting the player discard hand cards in any order wherever the
order can matter (D18): two hands with the same classes then offer the same class sequences. (When
the engine discarded them in card-id order, a hand of 4H 5H and one of 5H 6H, with the 5s a class
of their own, had one key and different futures.)

While an ability waits for a choice, its frames name cards by identity, which a swap would have to
follow; such transient positions are keyed exactly, without classes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dungeoneer.engine.puzzle_dungeon import PuzzleState
from dungeoneer.engine.puzzle_dungeon.effects import DrawFromDiscard
from dungeoneer.engine.puzzle_dungeon.game import PuzzleDungeon
from dungeoneer.engine.puzzle_dungeon.rules import Payment


def value_sensitive(game: PuzzleDungeon) -> frozenset[int]:
    """The card values some ability in play reads ('any 0', 'when you deal an 8', 'your 0s')."""
    values: set[int] = set()
    for ability in game.abilities_in_play():
        if "value" in ability.filter:
            values.add(ability.filter["value"])
        if ability.static is not None and ability.static.kind == "wild":
            values.update(ability.static.params["values"])
        for instr in ability.program:
            if isinstance(instr, DrawFromDiscard) and instr.value is not None:
                values.add(instr.value)
    return frozenset(values)


def exact_key(state: PuzzleState) -> tuple:
    """A position's key with every card by identity and every zone in order: what a pending
    position is keyed by, and what a search without card classes would use."""
    return (state.columns, state.kings, state.exhausted, state.arsenal, state.hand, state.deck,
            state.discard, state.collected, state.attached, state.traps, state.treasures,
            state.removed, state.rng, state.forced, state.stack)


class Canonicalizer:
    """Computes transposition-table keys for the positions of one game."""

    def __init__(self, game: PuzzleDungeon) -> None:
        sensitive = value_sensitive(game)
        self.card_class = tuple(
            card.suit * 16 + (card.value + 1 if card.value in sensitive else 0)
            for card in game.cards.arsenal)
        self.discard_order = game.discard_order

    def classes(self, cards: tuple[int, ...]) -> tuple[int, ...]:
        """Cards as their classes, in the same order."""
        card_class = self.card_class
        return tuple(card_class[c] for c in cards)

    def key(self, state: PuzzleState) -> Any:
        """The canonical key of a position."""
        if state.stack:
            return exact_key(state)
        card_class = self.card_class
        hand = tuple(sorted(card_class[c] for c in state.hand))
        # While no ability can read its order, the discard pile's cards follow from all the other
        # zones: its size will do.
        ordered = self.discard_order.live(state)
        discard = self.classes(state.discard) if ordered else len(state.discard)
        attached = tuple(sorted((card_class[a.card], a.host, a.status, a.exhausted)
                                for a in state.attached))
        return (state.columns, state.kings, state.exhausted, self.classes(state.arsenal), hand,
                self.classes(state.deck), discard, state.collected, attached, state.traps,
                state.treasures, state.removed, state.rng, state.forced)

    def payment_signatures(self, state: PuzzleState) -> Callable[[Payment], Any]:
        """A signature for the payments offered in this position: payments with one signature
        lead to positions with one key. Hand cards count as their classes (interchangeable cards
        give images under a swap), in the order they are discarded while the discard pile's
        order can still matter, and as a multiset once it cannot."""
        card_class = self.card_class
        ordered = self.discard_order.live(state)

        def signature(payment: Payment) -> Any:
            hand = tuple((card_class[c], s) for c, s in payment.hand)
            return (payment.arsenal, hand if ordered else tuple(sorted(hand)), payment.weapons)

        return signature
