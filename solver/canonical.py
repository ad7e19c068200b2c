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

While an ability waits for a choice, its frames name cards by identity, which a swap would have to
follow; such transient positions are keyed exactly, without classes.
"""

from __future__ import annotations

from typing import Any

from dungeoneer.engine.puzzle_dungeon import PuzzleState
from dungeoneer.engine.puzzle_dungeon.effects import DrawFromDiscard, ShuffleIntoDeck
from dungeoneer.engine.puzzle_dungeon.game import PuzzleDungeon


def value_sensitive(game: PuzzleDungeon) -> frozenset[int]:
    """The card values some ability in play reads ('any 0', 'when you deal an 8', 'your 0s')."""
    values: set[int] = set()
    abilities = [] if game.core else _abilities_in_play(game)
    for ability in abilities:
        if "value" in ability.filter:
            values.add(ability.filter["value"])
        if ability.static is not None and ability.static.kind == "wild":
            values.update(ability.static.params["values"])
        for instr in ability.program:
            if isinstance(instr, DrawFromDiscard) and instr.value is not None:
                values.add(instr.value)
    return frozenset(values)


def discard_order_matters(game: PuzzleDungeon) -> bool:
    """Whether an ability in play reads the order of the discard pile (its top, its bottom, or the
    order cards are picked from it)."""
    if game.core:
        return False
    for ability in _abilities_in_play(game):
        for instr in ability.program:
            if isinstance(instr, DrawFromDiscard) and instr.card == "top":
                return True
            if isinstance(instr, ShuffleIntoDeck) and "discard" in instr.zones:
                return True
    return False


def _abilities_in_play(game: PuzzleDungeon) -> list:
    found = list(game.hero.abilities)
    for m in game.monster_ids:
        monster = game.cards.monsters[m]
        found.extend(monster.front.abilities)
        found.extend(monster.king.abilities)
    for t in (*game.setup_traps, *game.setup_treasures):
        card = game.cards.trap_treasures[t]
        found.extend((card.trap, card.treasure))
    return found


class Canonicalizer:
    """Computes transposition-table keys for the positions of one game."""

    def __init__(self, game: PuzzleDungeon) -> None:
        sensitive = value_sensitive(game)
        self.card_class = tuple(
            card.suit * 16 + (card.value + 1 if card.value in sensitive else 0)
            for card in game.cards.arsenal)
        self.discard_ordered = discard_order_matters(game)

    def classes(self, cards: tuple[int, ...]) -> tuple[int, ...]:
        """Cards as their classes, in the same order."""
        card_class = self.card_class
        return tuple(card_class[c] for c in cards)

    def key(self, state: PuzzleState) -> Any:
        """The canonical key of a position."""
        if state.stack:
            return (state.columns, state.kings, state.exhausted, state.arsenal, state.hand,
                    state.deck, state.discard, state.collected, state.attached, state.traps,
                    state.treasures, state.removed, state.rng, state.forced, state.stack)
        card_class = self.card_class
        hand = tuple(sorted(card_class[c] for c in state.hand))
        # Unordered, the discard pile's cards follow from all the other zones: its size will do.
        discard = self.classes(state.discard) if self.discard_ordered else len(state.discard)
        attached = tuple(sorted((card_class[a.card], a.host, a.status, a.exhausted)
                                for a in state.attached))
        return (state.columns, state.kings, state.exhausted, self.classes(state.arsenal), hand,
                self.classes(state.deck), discard, state.collected, attached, state.traps,
                state.treasures, state.removed, state.rng, state.forced)

    def payment_signature(self, payment) -> Any:
        """Payments that differ only by interchangeable hand cards lead to positions that are
        images of each other under a swap: one signature for them."""
        card_class = self.card_class
        hand = tuple(sorted((card_class[c], s) for c, s in payment.hand))
        return (payment.arsenal, hand, payment.weapons)
