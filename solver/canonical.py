"""Canonical keys for the transposition table: positions that play the same get the same key.

Why merging is sound. Two arsenal cards are *interchangeable* when swapping them everywhere, in
every zone and for the rest of the game, maps every legal line to a legal line with the same
outcome. The engine reads a card in three ways:

1. through its suit and the values some ability names ('any 0', 'when you deal an 8', 'your 0s');
2. through its place in an ordered zone (the arsenal, the deck, the discard pile): shuffles draw
   places from the game's stream, not cards, so a swap commutes with them;
3. through its identity: the hand and the collection are kept sorted by card id, and an ability
   that shuffles several hand cards into the deck adds them in that order ('Shuffle your hand
   into the deck'); 'the first dealt Torch card' is found among the set-up deals by identity.

So a card's *class* is its suit, plus its value when some ability in play reads that value
(1), refined so that every class is a run of consecutive card ids (3): then the classes of the
cards of any hand, in card-id order, follow from how many of each class it holds, and two hands
with the same classes leave the same classes in the same order wherever they go. With the
built-in cards the values read are 0 and 8, the ends of each suit, so the refinement splits
nothing; a card file whose ability reads 'any 5' gets three classes per suit (below 5, the 5,
above 5). A swap of two cards of one class is then invisible to every rule, and a position is
keyed by its cards' classes: equal keys mean positions that are images of each other under such
a swap, so they win or lose alike.

What the key leaves out, and why:

- the discard pile's order, once no ability that reads it can still fire
  (`effects.DiscardOrder`): its size will do, since its cards follow from the other zones;
- the hand's order (it is a multiset of classes): the engine lets the player discard hand cards
  in any order wherever that order can matter (D18), and the rest is the run argument above;
- the set-up deals, once 'the first dealt' card can no longer be looked for: with the built-in
  cards only an 'after set up' ability looks, and it has fired when set up ends. A card file that
  looks for it later (an `attach_first_dealt` step on any other trigger) reads a card's identity
  that a swap would change: for such a card set the key keeps every card by identity
  (`Coverage`), with the set-up deals in it.

While an ability waits for a choice, its frames name cards by identity, which a swap would have
to follow; such transient positions are keyed exactly, without classes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from dungeoneer.engine.puzzle_dungeon import (
    FIRST_CARD_PROGRAM,
    AttachFirstDealt,
    DrawFromDiscard,
    Instr,
    Payment,
    PuzzleDungeon,
    PuzzleState,
)


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


def first_dealt_read_late(game: PuzzleDungeon) -> bool:
    """Whether an ability in play can look for 'the first dealt' card after set up has ended:
    an `attach_first_dealt` step anywhere but in a hero's 'after set up' ability."""
    for ability in game.abilities_in_play():
        late = not (ability.owner_kind == "hero" and ability.trigger == "after_setup")
        if late and any(isinstance(instr, AttachFirstDealt) for instr in ability.program):
            return True
    return False


@dataclass(frozen=True)
class Coverage:
    """Which card-merging reductions the card set in play lets the solver make, and why not
    when it does not. Card classes and interchangeable payments rest on one argument (the
    module's docstring), so they are on or off together."""

    card_classes: bool
    reason: str = ""


def coverage(game: PuzzleDungeon) -> Coverage:
    """What the argument for card classes covers in this game."""
    if first_dealt_read_late(game):
        return Coverage(False, "an ability looks for 'the first dealt' card after set up, by "
                               "the card's identity: every card is kept by identity")
    return Coverage(True)


def card_classes(game: PuzzleDungeon) -> tuple[int, ...]:
    """Each arsenal card's class (by card id): cards of one class are interchangeable.

    A class is a suit, plus the value when an ability in play reads it, split into runs of
    consecutive card ids; classes are numbered in card-id order, so a sorted hand lists its
    classes in order. Under `coverage` off, every card is a class of its own."""
    cards = game.cards.arsenal
    if not coverage(game).card_classes:
        return tuple(range(len(cards)))
    sensitive = value_sensitive(game)
    classes: list[int] = []
    previous: tuple[int, int] | None = None
    for card in cards:  # (in card-id order: card i is cards[i])
        kind = (card.suit, card.value if card.value in sensitive else -1)
        if classes and kind == previous:
            classes.append(classes[-1])  # the run goes on
        else:
            classes.append(classes[-1] + 1 if classes else 0)  # a new run: a new class
        previous = kind
    return tuple(classes)


def context_free(program: Sequence[Instr]) -> bool:
    """Whether no step of the program reads its ability's context (`Instr.context_free`)."""
    return all(instr.context_free() for instr in program)


def resolve_signatures(game: PuzzleDungeon) -> list[int]:
    """By program id, which pending abilities are interchangeable when they wait in the same
    batch (`solver.branches`): card abilities with the same trigger kind and the same steps,
    none of which reads its context, share a number; every other program gets -1."""
    numbers: dict[tuple[str, tuple[Instr, ...]], int] = {}
    found: list[int] = []
    for program_id, program in enumerate(game.programs):
        if program_id >= FIRST_CARD_PROGRAM and context_free(program):
            # The trigger kind too: "Ignore Loot abilities" silences one kind and not another.
            signature = (game.ability(program_id).trigger, program)
            found.append(numbers.setdefault(signature, len(numbers)))
        else:
            found.append(-1)
    return found


def exact_key(state: PuzzleState) -> tuple[object, ...]:
    """A position's key with every card by identity and every zone in order: what a pending
    position is keyed by, and what a search without card classes would use."""
    return (state.columns, state.kings, state.exhausted, state.arsenal, state.hand, state.deck,
            state.discard, state.collected, state.attached, state.traps, state.treasures,
            state.removed, state.rng, state.forced, state.stack, state.setup_deals)


class Canonicalizer:
    """Computes transposition-table keys for the positions of one game."""

    def __init__(self, game: PuzzleDungeon) -> None:
        self.coverage = coverage(game)
        self.card_class = card_classes(game)
        self.discard_order = game.discard_order
        self.keeps_setup_deals = not self.coverage.card_classes
        self.resolve_signatures = resolve_signatures(game)
        """`resolve_signatures`, worked out once for the game."""
        self.class_table = bytes(self.card_class) + bytes(256 - len(self.card_class))
        """A `bytes.translate` table: card id -> class."""
        self._first = [self.card_class.index(kind)
                       for kind in range(max(self.card_class, default=-1) + 1)]
        """Each class's first card id (classes are numbered in card-id order)."""

    def classes(self, cards: bytes) -> bytes:
        """Cards as their classes, in the same order."""
        return cards.translate(self.class_table)

    def hand(self, hand: int) -> int:
        """The hand as its classes: the same count of each class, taken as the run's first
        cards (a hand is a set, and cards of one class are interchangeable). Classes are runs
        of consecutive ids, so the hand's cards of a class come one after another, lowest
        first: the hand is read card by card, not class by class."""
        card_class, first = self.card_class, self._first
        canonical = 0
        previous = -1
        rank = 0
        while hand:
            low = hand & -hand
            kind = card_class[low.bit_length() - 1]
            hand ^= low
            if kind == previous:
                rank += 1
            else:
                previous, rank = kind, 0
            canonical |= 1 << (first[kind] + rank)
        return canonical

    def key(self, state: PuzzleState) -> Any:
        """The canonical key of a position."""
        if state.stack:
            return exact_key(state)
        card_class = self.card_class
        # While no ability can read its order, the discard pile's cards follow from all the other
        # zones: its size will do.
        ordered = self.discard_order.live(state)
        discard = self.classes(state.discard) if ordered else len(state.discard)
        # In the order attached: 'the wizard' is the first card attached as one.
        attached = tuple((card_class[a.card], a.host, a.status, a.exhausted)
                         for a in state.attached) if state.attached else ()
        setup = state.setup_deals if self.keeps_setup_deals else b""
        return (state.columns, state.kings, state.exhausted, self.classes(state.arsenal),
                self.hand(state.hand), self.classes(state.deck), discard, state.collected,
                attached, state.traps, state.treasures, state.removed, state.rng, state.forced,
                setup)

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
