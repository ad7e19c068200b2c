"""What a seat of 5 More Minutes knows of the cards and blue chips it cannot see.

A player at the table knows more than the present position shows: a card another player took
from its hand with a Dream Eater is in the taker's hand until it is played or discarded (F7); a
card another player drew back from the used cards with a Recurring Dream is in that hand; once
the used cards are shuffled into a new deck, the deck holds those cards and no others (A, note
*); the blue chip it gave in a Hallucinations trade is with the receiver, and the one it took
came from the target (F8); the chip a Sleepwalker's target put under the pile is there, below
the chips dealt at the start, and its value is known to everyone from the yellow chips paid for
it (F9). The rules write every move of a card or a chip into the state's history
(`FiveState.events`, history.py), each with the seats that see which one it is;
`knowledge(state, seat)` reads it as `seat` saw it (`history.seen_by`).

The knowledge of each kind of thing (dream cards, special cards, blue chips) is a list of pools
(engine.pools): a bag of things the seat cannot see, and how many of them lie at each place. At
the start all cards of a kind are one pool, in the deck, and all blue chips one pool, in the
center's pile. A special card is played as soon as it is drawn, so the specials are a kind of
their own, never in a hand. A filling (`Pools.deal`, sampling.fill_in) deals each pool's things
among its places, uniformly over the deals that keep every count.

Blue chips are known by their value: outside the Nightmare variant nothing tells a dark 2 from
another 2, so the knowledge does not either, and a filling chooses which 2s are dark at random
(`faces`). In the Nightmare variant the chips are known from the view of the present position
only (a dark chip is shown when received, so where the dark chips are is
known to all, which pools of values cannot say; F15).

Not knowledge here: what a seat might infer from the others' choices (which card they discarded
or kept, which chip they gave), nor that the value of a chip a Sleepwalker's target gave back is
at least the yellow chips paid, when the center had fewer than its value.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from dungeoneer.engine import history
from dungeoneer.engine.five_more_minutes.cards import Chip
from dungeoneer.engine.five_more_minutes.effects import SetAside
from dungeoneer.engine.five_more_minutes.history import (
    ASIDE,
    BLUE,
    DECK,
    DREAM,
    PILE,
    UNDER,
    Moved,
    after,
    events,
    seen_by,
)
from dungeoneer.engine.pools import Pool, Pools

if TYPE_CHECKING:
    from dungeoneer.engine.five_more_minutes.game import FiveMoreMinutes
    from dungeoneer.engine.five_more_minutes.state import FiveState


def face(chip: Chip) -> Chip:
    """A blue chip as the knowledge tells it from others: by its value (dark is (value, 0) too,
    outside the Nightmare variant nothing tells them apart)."""
    return chip[0], 0


def faces(chips: tuple[Chip, ...] | list[Chip]) -> Counter[Chip]:
    """The chips as a bag of faces."""
    return Counter(map(face, chips))


class Knowledge:
    """What `seat` knows of what it cannot see: where the hidden dream cards (`dream`), special
    cards (`special`) and blue chips (`blue`, by face; None in the Nightmare variant) may lie,
    and the places of the chips under the center's pile, the next one to be drawn first
    (`under`)."""

    def __init__(self, seat: int, dream: Pools[str], special: Pools[str],
                 blue: Pools[Chip] | None) -> None:
        self.seat, self.dream, self.special, self.blue = seat, dream, special, blue
        self.under: list[int] = []
        """The places (UNDER, UNDER - 1, ...) of the chips under the pile, top first."""
        self.placed = 0
        """How many chips have been put under the pile (each gets a place of its own)."""

    def facts(self) -> tuple[object, ...]:
        """All it knows as plain values, to compare or show."""
        blue = None if self.blue is None else self.blue.facts()
        return self.dream.facts(), self.special.facts(), blue, tuple(self.under)

    def observe(self, event: Moved) -> None:
        """One event of the history, as the seat saw it."""
        seen = seen_by(event, self.seat)
        if seen.kind != BLUE:
            pools = self.dream if seen.kind == DREAM else self.special
            pools.observe(seen.thing, seen.source, seen.to)  # type: ignore[arg-type]
            return
        if self.blue is None:
            return
        source = self._drawn_from() if seen.source == PILE else seen.source
        to = self._put_under() if seen.to == UNDER else seen.to
        chip = None if seen.thing is None else face(seen.thing)  # type: ignore[arg-type]
        self.blue.observe(chip, source, to)

    def _drawn_from(self) -> int:
        """Where a chip drawn from the pile comes from: the part dealt at the start while it
        lasts (every seat counts its chips), then the first chip put under it."""
        assert self.blue is not None
        if self.blue.hidden(PILE) or not self.under:
            return PILE
        return self.under.pop(0)

    def _put_under(self) -> int:
        """A new place under the pile, below the others, for a chip given back (F9)."""
        place = UNDER - self.placed
        self.placed += 1
        self.under.append(place)
        return place


def at_start(game: FiveMoreMinutes, seat: int) -> Knowledge:
    """What `seat` knows before anything is dealt: every dream card and every special card in
    the deck, every blue chip in the pile."""
    kinds = game.kinds
    cards = game.deck_cards()
    dream = Counter(c for c in cards if not kinds[c].special)
    special = Counter(c for c in cards if kinds[c].special)
    blue = None
    if "nightmare" not in game.variants:
        chips = faces(game.blue_chips)
        blue = Pools(seat, [Pool(chips, {PILE: chips.total()})])
    return Knowledge(seat, Pools(seat, [Pool.at(dream, {DECK: dream.total()})]),
                     Pools(seat, [Pool.at(special, {DECK: special.total()})]), blue)


def set_aside(state: FiveState) -> list[Chip]:
    """The chips Hallucinations has set aside in `state` (F8: at most one)."""
    return [task.chip for task in state.tasks if isinstance(task, SetAside)]


def from_view(state: FiveState, seat: int) -> Knowledge:
    """What `seat` knows of a position without its history (one built by hand, or a filling):
    its view. The other hands and the deck hold the dream cards it does not see, the deck the
    special cards; the others' blue chips and the pile the chips it does not see (a chip set
    aside by Hallucinations stays where it is)."""
    kinds = state.game.kinds
    others = [p for p in range(state.game.players) if p != seat]
    dream = Counter(c for p in others for c in state.hands[p])
    dream.update(c for c in state.deck if not kinds[c].special)
    special = Counter(c for c in state.deck if kinds[c].special)
    held = {p: len(state.hands[p]) for p in others}
    in_deck = {DECK: dream.total() - sum(held.values())}
    blue = None
    if "nightmare" not in state.game.variants:
        chips = faces([*(c for p in others for c in state.blue[p]), *state.blue_pile])
        counts = {p: len(state.blue[p]) for p in others} | {PILE: len(state.blue_pile)}
        aside = faces(set_aside(state))
        blue = Pools(seat, [Pool.at(chips, counts), Pool.at(aside, {ASIDE: aside.total()})])
    return Knowledge(seat, Pools(seat, [Pool.at(dream, held | in_deck)]),
                     Pools(seat, [Pool.at(special, {DECK: special.total()})]), blue)


def knowledge(state: FiveState, seat: int) -> Knowledge:
    """What `seat` knows in `state`: its history as the seat saw it, from the start; without a
    history (`state.events` None), its view (`from_view`)."""
    if state.events is None:
        return from_view(state, seat)
    known = at_start(state.game, seat)
    for event in events(state.events):
        known.observe(event)
    return known


class Memory(history.Memory["FiveState", Knowledge]):
    """`knowledge` for a bot that decides at many states of one game, read on from the events
    new since its last decision (`engine.history.Memory`)."""

    def __init__(self) -> None:
        super().__init__(at_start, from_view, after)
