"""What a seat of Dinky Dungeon knows of the cards it cannot see (issue 17).

A player at the table knows more than the present position shows: an adventurer another player
took from the row is in the taker's hand until it is played or discarded; the card they put back
at set-up is in the adventurer deck, not in another hand; a Lv. 1 or 2 another's Berserker
revealed, the Lv. 1s a Swordsman or a Shaman took and the cards a Summoner chose are among that
player's rewards; the reward they gave a Lord's target (or took from it) is the receiver's; the
hands a Clown revealed stay known as far as they are not changed unseen; the dungeon deck a
Swordsman searched is known to its seat as a bag; once the adventurer discard is shuffled into a
new deck, that deck holds those cards and no others. The rules write every move of a card into
the state's history (`DinkyState.events`, history.py), each with the seats that see which card
it is; `knowledge(state, seat)` reads it as `seat` saw it (`history.seen_by`).

The knowledge of one kind of card (adventurers, or dungeon cards) is a list of pools (`Pool`):
a bag of cards the seat cannot see, and how many of them lie at each place. At the start all
cards of a kind are one pool, all in the deck. A card another player draws unseen moves one of
its pool's places from the deck to their hand; a card the seat sees leaves its pool; a card the
seat knows lies somewhere joins the pool of cards known to lie there. When the seat cannot tell
which of two pools a card came from (a reward taken at random from a player who holds known and
unknown ones), the two become one: what is known is then less, never wrong. A filling
(`Pools.deal`) deals each pool's cards among its places, uniformly over the deals that keep
every count.

Not knowledge here: what a seat might infer from the others' choices (which adventurer they
kept, which rewards they kept against a Magician), nor the reward values a Monk made the others
declare (a total, not a card: `DinkyState.declared` keeps them, and the fillings do not match
them).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from dungeoneer.engine.dinky_dungeon.history import (
    ADVENTURER,
    DECK,
    OPEN,
    Card,
    Event,
    Moved,
    Seen,
    seen_by,
    shown_to,
)
from dungeoneer.engine.rng import Stream

if TYPE_CHECKING:
    from dungeoneer.engine.dinky_dungeon.game import DinkyDungeon, DinkyState


class Pool:
    """Cards the seat cannot see, known as a bag (`cards`), and how many of them lie at each
    place (`counts`), any of them at any of those places."""

    __slots__ = ("cards", "counts")

    def __init__(self, cards: Counter[Card], counts: dict[int, int]) -> None:
        self.cards, self.counts = cards, counts

    def size(self) -> int:
        """How many cards it holds (the sum of its counts, too)."""
        return sum(self.cards.values())

    def only_at(self, place: int) -> bool:
        """Whether all its cards lie at `place` (so the seat knows they are there)."""
        return len(self.counts) == 1 and place in self.counts

    def take(self, card: Card, place: int) -> None:
        """`card`, which lay at `place`, is no longer this pool's."""
        _add(self.cards, card, -1)
        _add(self.counts, place, -1)

    def put(self, card: Card, place: int) -> None:
        """`card` is known to lie at `place` with this pool's cards."""
        _add(self.cards, card, 1)
        _add(self.counts, place, 1)

    def shift(self, source: int, to: int) -> None:
        """One of its cards, the seat does not know which, moved from `source` to `to`."""
        _add(self.counts, source, -1)
        _add(self.counts, to, 1)

    def deal(self, stream: Stream) -> dict[int, list[Card]]:
        """Its cards dealt to its places: a uniform deal that keeps the counts."""
        # (sorted first: the deal depends on the bag, never on the order it was built in)
        cards = list(stream.shuffled(sorted(self.cards.elements(), key=_order)))
        dealt: dict[int, list[Card]] = {}
        for place in sorted(self.counts):
            count = self.counts[place]
            dealt[place], cards = cards[:count], cards[count:]
        return dealt

    def facts(self) -> tuple[object, ...]:
        """What it says, as plain sorted values."""
        return (tuple(sorted(self.cards.items(), key=_order_pair)),
                tuple(sorted(self.counts.items())))


def _order(card: Card) -> tuple[int, str]:
    """A sort key for cards of either kind: levels in order, then names (a pool holds one
    kind, but the type allows both)."""
    return (card, "") if isinstance(card, int) else (0, card)


def _order_pair(pair: tuple[Card, int]) -> tuple[tuple[int, str], int]:
    """A sort key for (card, count) pairs."""
    return _order(pair[0]), pair[1]


def _add(counts: dict, key: object, n: int) -> None:
    """Add `n` to `counts[key]`, dropping the entry at 0."""
    value = counts.get(key, 0) + n
    assert value >= 0, "a card or place the knowledge does not have: it is wrong"
    if value:
        counts[key] = value
    else:
        counts.pop(key, None)


class Pools:
    """Where the cards of one kind that `seat` cannot see may lie: a list of pools."""

    def __init__(self, seat: int, pools: list[Pool] | None = None) -> None:
        self.seat = seat
        self.pools: list[Pool] = [p for p in pools or () if p.cards]

    # -------------------------------------------------------------- what the seat knows

    def hidden(self, place: int) -> int:
        """How many cards the seat cannot see lie at `place`."""
        return sum(pool.counts.get(place, 0) for pool in self.pools)

    def certain(self, place: int) -> Counter[Card]:
        """The cards the seat knows lie at `place`: those of the pools that lie only there."""
        found: Counter[Card] = Counter()
        for pool in self.pools:
            if pool.only_at(place):
                found += pool.cards
        return found

    def possible(self, place: int) -> Counter[Card]:
        """The cards that may lie at `place`, each as many times as it may (a card not here is
        one the seat knows is not there)."""
        found: Counter[Card] = Counter()
        for pool in self.pools:
            count = pool.counts.get(place, 0)
            if count:
                found += Counter({card: min(n, count) for card, n in pool.cards.items()})
        return found

    def facts(self) -> tuple[object, ...]:
        """All it knows as plain values, to compare or show (each pool's, in order)."""
        return tuple(pool.facts() for pool in self.pools)

    # -------------------------------------------------------------- what happens

    def observe(self, seen: Seen) -> None:
        """A move as the seat saw it (`history.seen_by`)."""
        if seen.card is None:
            self.move(seen.source, seen.to)
            return
        if self._tracked(seen.source):
            self.leave(seen.source, seen.card)
        if self._tracked(seen.to):
            self.arrive(seen.to, seen.card)

    def look(self, place: int, cards: tuple[Card, ...]) -> None:
        """The seat sees every card at `place`: they leave their pools and are known there."""
        if not self._tracked(place):
            return
        for card in cards:
            self.leave(place, card)
        assert not self.hidden(place), "a look at a place shows all its cards"
        for card in cards:
            self.arrive(place, card)

    def leave(self, place: int, card: Card) -> None:
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

    def arrive(self, place: int, card: Card) -> None:
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

    def deal(self, stream: Stream) -> dict[int, list[Card]]:
        """A uniform deal of every pool: the cards at each place (in no particular order)."""
        dealt: dict[int, list[Card]] = {}
        for pool in self.pools:
            for place, cards in pool.deal(stream).items():
                dealt.setdefault(place, []).extend(cards)
        return dealt

    # -------------------------------------------------------------- helpers

    def _tracked(self, place: int) -> bool:
        """Whether hidden cards at `place` are tracked (not the seat's own, nor open ones)."""
        return place != self.seat and place != OPEN

    def _merged(self, found: list[Pool]) -> Pool:
        """One pool for several the seat can no longer tell apart (in the first one's place)."""
        if len(found) == 1:
            return found[0]
        merged = Pool(Counter(), {})
        for pool in found:
            merged.cards.update(pool.cards)
            for place, n in pool.counts.items():
                _add(merged.counts, place, n)
        self.pools[self.pools.index(found[0])] = merged
        for pool in found[1:]:
            self.pools.remove(pool)
        return merged


# ----------------------------------------------------------------------------- a seat's knowledge

class Knowledge:
    """What `seat` knows of what it cannot see: where the hidden adventurers (`adventurers`) and
    dungeon cards (`dungeon`) may lie."""

    def __init__(self, seat: int, adventurers: Pools, dungeon: Pools) -> None:
        self.seat, self.adventurers, self.dungeon = seat, adventurers, dungeon

    def of(self, kind: str) -> Pools:
        """The pools of a kind of card (history.ADVENTURER or history.DUNGEON)."""
        return self.adventurers if kind == ADVENTURER else self.dungeon

    def facts(self) -> tuple[object, ...]:
        """All it knows as plain values (`Pools.facts` of the adventurers, then the dungeon)."""
        return self.adventurers.facts(), self.dungeon.facts()

    def observe(self, event: Event) -> None:
        """One event of the history, as the seat saw it."""
        if isinstance(event, Moved):
            seen = seen_by(event, self.seat)
            self.of(seen.kind).observe(seen)
            return
        cards = shown_to(event, self.seat)
        if cards is not None:
            self.of(event.kind).look(event.place, cards)


def at_start(game: DinkyDungeon, seat: int) -> Knowledge:
    """What `seat` knows before anything is dealt: every card of each kind in its deck."""
    adventurers = Counter[Card](game.cards.adventurer_deck())
    levels = Counter[Card](game.cards.dungeon)
    return Knowledge(seat, Pools(seat, [Pool(adventurers, {DECK: adventurers.total()})]),
                     Pools(seat, [Pool(levels, {DECK: levels.total()})]))


def from_view(state: DinkyState, seat: int) -> Knowledge:
    """What `seat` knows of a position without its history (one built by hand, or a filling):
    its view, and what a pending effect shows it. The other hands (and the two adventurers each
    other seat is still to choose from at set-up) and the adventurer deck hold the adventurers
    it does not see, the other seats' rewards and the dungeon deck its dungeon cards; but the
    hands a pending Clown revealed are known, and so is the dungeon deck to the seat whose
    Swordsman is searching it."""
    from dungeoneer.engine.dinky_dungeon.effects import Copy, Ones  # (they write the history)
    from dungeoneer.engine.dinky_dungeon.game import Keep

    others = [p for p in range(state.game.players) if p != seat]
    revealed = any(isinstance(t, Copy) and t.copier == "Clown" for t in state.tasks)
    searched = any(isinstance(t, Ones) and t.pile == "deck" and t.seat == seat
                   for t in state.tasks)
    hands = {p: Counter[Card](state.hands[p]) for p in others}
    for task in state.tasks:
        if isinstance(task, Keep) and task.seat != seat:
            hands[task.seat] += Counter(task.dealt)
    adventurers = [Pool(hands[p], {p: hands[p].total()}) for p in others] if revealed else []
    unknown = Counter[Card](state.adventurers)
    if not revealed:
        unknown += sum(hands.values(), Counter())
    adventurers.append(_pool(unknown, {DECK: len(state.adventurers)}
                             | ({} if revealed else {p: hands[p].total() for p in others})))
    levels = Counter[Card](v for p in others for v in state.rewards[p])
    rewards = {p: len(state.rewards[p]) for p in others}
    deck = Counter[Card](state.dungeon)
    dungeon = ([_pool(levels, rewards), _pool(deck, {DECK: len(state.dungeon)})] if searched
               else [_pool(levels + deck, rewards | {DECK: len(state.dungeon)})])
    return Knowledge(seat, Pools(seat, adventurers), Pools(seat, dungeon))


def _pool(cards: Counter[Card], counts: dict[int, int]) -> Pool:
    """A pool of `cards` at the places of `counts` that hold any."""
    return Pool(cards, {place: n for place, n in counts.items() if n})


def knowledge(state: DinkyState, seat: int) -> Knowledge:
    """What `seat` knows in `state`: its history as the seat saw it, from the start; without a
    history (`state.events` None), its view (`from_view`)."""
    if state.events is None:
        return from_view(state, seat)
    known = at_start(state.game, seat)
    for event in state.events:
        known.observe(event)
    return known


class Memory:
    """`knowledge` for a bot that decides at many states of one game: each read on from the
    last one's when its history goes on from that one's (a cache: the same knowledge, in less
    time; the knowledge it returns changes with the next call)."""

    def __init__(self) -> None:
        self._game: DinkyDungeon | None = None
        self._events: tuple[Event, ...] = ()
        self._known: Knowledge | None = None

    def of(self, state: DinkyState, seat: int) -> Knowledge:
        """What `seat` knows in `state` (as `knowledge`)."""
        events, known, done = state.events, self._known, len(self._events)
        if events is None:
            return from_view(state, seat)
        if (known is None or known.seat != seat or state.game != self._game
                or events[:done] != self._events):
            known, done = at_start(state.game, seat), 0
        for event in events[done:]:
            known.observe(event)
        self._game, self._events, self._known = state.game, events, known
        return known
