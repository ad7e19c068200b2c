"""Pools of unseen things: where the cards (or chips) a seat cannot see may lie, as the
knowledge of every game with hidden cards keeps it (each game's information.py).

A pool is a bag of things the seat cannot see and how many of them lie at each place; a place is
a number each game gives its own meaning (seats from 0, then negative numbers for the game's
piles), but `OPEN` is always the place of what everyone sees, which no pool tracks, and the
seat's own place is not tracked either (it sees what it holds). A pool holds one kind of thing
(one game's cards of a kind, or its chips), so its things compare with each other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

from dungeoneer.engine.rng import Stream

C = TypeVar("C", bound=Hashable)
"""What a pool holds: a card by name or level, a chip by (value, dark)."""

OPEN = -2
"""Face up or being played: everyone sees it, so no pool tracks it (every game's histories
use this number)."""


class Pool(Generic[C]):
    """Cards the seat cannot see, known as a bag (`cards`), and how many of them lie at each
    place (`counts`), any of them at any of those places."""

    __slots__ = ("cards", "counts")

    def __init__(self, cards: Counter[C], counts: dict[int, int]) -> None:
        self.cards, self.counts = cards, counts

    @classmethod
    def at(cls, cards: Counter[C], counts: dict[int, int]) -> Pool[C]:
        """A pool of `cards` at the places of `counts` that hold any."""
        return cls(cards, {place: n for place, n in counts.items() if n})

    def size(self) -> int:
        """How many cards it holds (the sum of its counts, too)."""
        return sum(self.cards.values())

    def only_at(self, place: int) -> bool:
        """Whether all its cards lie at `place` (so the seat knows they are there)."""
        return len(self.counts) == 1 and place in self.counts

    def take(self, card: C, place: int) -> None:
        """`card`, which lay at `place`, is no longer this pool's."""
        _add(self.cards, card, -1)
        _add(self.counts, place, -1)

    def put(self, card: C, place: int) -> None:
        """`card` is known to lie at `place` with this pool's cards."""
        _add(self.cards, card, 1)
        _add(self.counts, place, 1)

    def shift(self, source: int, to: int) -> None:
        """One of its cards, the seat does not know which, moved from `source` to `to`."""
        _add(self.counts, source, -1)
        _add(self.counts, to, 1)

    def deal(self, stream: Stream) -> dict[int, list[C]]:
        """Its cards dealt to its places: a uniform deal that keeps the counts."""
        # (sorted first: the deal depends on the bag, never on the order it was built in)
        cards = list(stream.shuffled(sorted(self.cards.elements(), key=_order)))
        dealt: dict[int, list[C]] = {}
        for place in sorted(self.counts):
            count = self.counts[place]
            dealt[place], cards = cards[:count], cards[count:]
        return dealt

    def facts(self) -> tuple[object, ...]:
        """What it says, as plain sorted values."""
        return (tuple(sorted(self.cards.items(), key=_order_pair)),
                tuple(sorted(self.counts.items())))


def _order(card: object) -> tuple[int, str, tuple[int, ...]]:
    """A sort key for things of any kind: levels in order, then names, then chips (a pool holds
    one kind, but the key takes all)."""
    if isinstance(card, int):
        return card, "", ()
    if isinstance(card, str):
        return 0, card, ()
    assert isinstance(card, tuple)
    return 0, "", card


def _order_pair(pair: tuple[object, int]) -> tuple[tuple[int, str, tuple[int, ...]], int]:
    """A sort key for (thing, count) pairs."""
    return _order(pair[0]), pair[1]


def _add(counts: dict[Any, int], key: object, n: int) -> None:
    """Add `n` to `counts[key]`, dropping the entry at 0."""
    value = counts.get(key, 0) + n
    assert value >= 0, "a card or place the knowledge does not have: it is wrong"
    if value:
        counts[key] = value
    else:
        counts.pop(key, None)


class Pools(Generic[C]):
    """Where the cards of one kind that `seat` cannot see may lie: a list of pools."""

    def __init__(self, seat: int, pools: list[Pool[C]] | None = None) -> None:
        self.seat = seat
        self.pools: list[Pool[C]] = [p for p in pools or () if p.cards]

    # -------------------------------------------------------------- what the seat knows

    def hidden(self, place: int) -> int:
        """How many cards the seat cannot see lie at `place`."""
        return sum(pool.counts.get(place, 0) for pool in self.pools)

    def certain(self, place: int) -> Counter[C]:
        """The cards the seat knows lie at `place`: those of the pools that lie only there."""
        found: Counter[C] = Counter()
        for pool in self.pools:
            if pool.only_at(place):
                found += pool.cards
        return found

    def possible(self, place: int) -> Counter[C]:
        """The cards that may lie at `place`, each as many times as it may (a card not here is
        one the seat knows is not there)."""
        found: Counter[C] = Counter()
        for pool in self.pools:
            count = pool.counts.get(place, 0)
            if count:
                found += Counter({card: min(n, count) for card, n in pool.cards.items()})
        return found

    def facts(self) -> tuple[object, ...]:
        """All it knows as plain values, to compare or show (each pool's, in order)."""
        return tuple(pool.facts() for pool in self.pools)

    # -------------------------------------------------------------- what happens

    def observe(self, card: C | None, source: int, to: int) -> None:
        """A move from `source` to `to` as the seat saw it: `card` if it saw which one, else
        None (a game's history says which, `seen_by`)."""
        if card is None:
            self.move(source, to)
            return
        if self._tracked(source):
            self.leave(source, card)
        if self._tracked(to):
            self.arrive(to, card)

    def look(self, place: int, cards: tuple[C, ...]) -> None:
        """The seat sees every card at `place`: they leave their pools and are known there."""
        if not self._tracked(place):
            return
        for card in cards:
            self.leave(place, card)
        assert not self.hidden(place), "a look at a place shows all its cards"
        for card in cards:
            self.arrive(place, card)

    def leave(self, place: int, card: C) -> None:
        """`card`, which lay at `place`, is seen: it leaves its pool. When more than one pool may
        have held it, they become one (the seat cannot tell which)."""
        found = [pool for pool in self.pools if pool.counts.get(place) and pool.cards[card]]
        assert found, f"{card!r} can't have been at {place}: the knowledge is wrong"
        # A pool that surely holds one at `place` (fewer other cards than its places there)
        # may give it up alone: had it come from another pool, that one's copy would now be
        # where this one's is, which the pools allow as well.
        sure = [pool for pool in found
                if pool.size() - pool.cards[card] < pool.counts[place]]
        pool = sure[0] if sure else self._merged(found)
        pool.take(card, place)
        if not pool.cards:
            self.pools.remove(pool)

    def arrive(self, place: int, card: C) -> None:
        """The seat knows `card` lies at `place`: with the cards known to lie there."""
        for pool in self.pools:
            if pool.only_at(place):
                pool.put(card, place)
                return
        self.pools.append(Pool(Counter({card: 1}), {place: 1}))

    def move(self, source: int, to: int) -> None:
        """A card the seat did not see moved from `source` to `to`: from one of the pools that
        may have held it there (the seat cannot tell which, so they become one)."""
        assert self._tracked(source) and self._tracked(to), "an unseen card moved in the open"
        found = [pool for pool in self.pools if pool.counts.get(source)]
        assert found, f"nothing can have moved from {source}: the knowledge is wrong"
        self._merged(found).shift(source, to)

    # -------------------------------------------------------------- dealing

    def deal(self, stream: Stream) -> dict[int, list[C]]:
        """A uniform deal of every pool: the cards at each place (in no particular order)."""
        dealt: dict[int, list[C]] = {}
        for pool in self.pools:
            for place, cards in pool.deal(stream).items():
                dealt.setdefault(place, []).extend(cards)
        return dealt

    # -------------------------------------------------------------- helpers

    def _tracked(self, place: int) -> bool:
        """Whether hidden cards at `place` are tracked (not the seat's own, nor open ones)."""
        return place != self.seat and place != OPEN

    def _merged(self, found: list[Pool[C]]) -> Pool[C]:
        """One pool for several the seat can no longer tell apart (in the first one's place)."""
        if len(found) == 1:
            return found[0]
        merged: Pool[C] = Pool(Counter(), {})
        for pool in found:
            merged.cards.update(pool.cards)
            for place, n in pool.counts.items():
                _add(merged.counts, place, n)
        self.pools[self.pools.index(found[0])] = merged
        for pool in found[1:]:
            self.pools.remove(pool)
        return merged


