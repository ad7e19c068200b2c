"""What a seat of Dinky Dungeon knows of the cards it cannot see.

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

from dungeoneer.engine import history
from dungeoneer.engine.dinky_dungeon.history import (
    ADVENTURER,
    DECK,
    Card,
    Event,
    Moved,
    seen_by,
    shown_to,
)
from dungeoneer.engine.pools import Pool, Pools

if TYPE_CHECKING:
    from dungeoneer.engine.dinky_dungeon.game import DinkyDungeon
    from dungeoneer.engine.dinky_dungeon.state import DinkyState


# ----------------------------------------------------------------------------- a seat's knowledge

class Knowledge:
    """What `seat` knows of what it cannot see: where the hidden adventurers (`adventurers`) and
    dungeon cards (`dungeon`) may lie."""

    def __init__(self, seat: int, adventurers: Pools[Card], dungeon: Pools[Card]) -> None:
        self.seat, self.adventurers, self.dungeon = seat, adventurers, dungeon

    def of(self, kind: str) -> Pools[Card]:
        """The pools of a kind of card (history.ADVENTURER or history.DUNGEON)."""
        return self.adventurers if kind == ADVENTURER else self.dungeon

    def facts(self) -> tuple[object, ...]:
        """All it knows as plain values (`Pools.facts` of the adventurers, then the dungeon)."""
        return self.adventurers.facts(), self.dungeon.facts()

    def observe(self, event: Event) -> None:
        """One event of the history, as the seat saw it."""
        if isinstance(event, Moved):
            seen = seen_by(event, self.seat)
            self.of(seen.kind).observe(seen.card, seen.source, seen.to)
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
    from dungeoneer.engine.dinky_dungeon.effects import Copy, Keep, Ones  # (they write the history)

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
    adventurers.append(Pool.at(unknown, {DECK: len(state.adventurers)}
                             | ({} if revealed else {p: hands[p].total() for p in others})))
    levels = Counter[Card](v for p in others for v in state.rewards[p])
    rewards = {p: len(state.rewards[p]) for p in others}
    deck = Counter[Card](state.dungeon)
    dungeon = ([Pool.at(levels, rewards), Pool.at(deck, {DECK: len(state.dungeon)})] if searched
               else [Pool.at(levels + deck, rewards | {DECK: len(state.dungeon)})])
    return Knowledge(seat, Pools(seat, adventurers), Pools(seat, dungeon))


def knowledge(state: DinkyState, seat: int) -> Knowledge:
    """What `seat` knows in `state`: its history as the seat saw it, from the start; without a
    history (`state.events` None), its view (`from_view`)."""
    if state.events is None:
        return from_view(state, seat)
    known = at_start(state.game, seat)
    for event in history.events(state.events):
        known.observe(event)
    return known


class Memory(history.Memory["DinkyState", Knowledge]):
    """`knowledge` for a bot that decides at many states of one game, read on from the events
    new since its last decision (`engine.history.Memory`)."""

    def __init__(self) -> None:
        super().__init__(at_start, from_view, history.after)
