"""The 5-Minute Dungeon dungeon: turning its cards over, what a faced card still needs, defeating
and sweeping it, and the boss at the end (docs/rules/five-minute-dungeon.md, D5, D19).

Defeating Dungeon Cards: "There are three ways to defeat cards with symbols: Using Resource Cards
... until all the symbols are matched ... Using Action Cards ... Using Special Abilities". Sweep
Those Cards Away!: "Once your team has defeated a Dungeon Card, sweep it away, along with any
cards played to defeat it. Then turn over a new Dungeon Card to continue your adventure!" Quick
Start: "Once all cards in the dungeon have been defeated, you still need to defeat the Boss!"
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dungeoneer.engine.five_minute_dungeon.cards import SYMBOLS, CardSet
from dungeoneer.engine.five_minute_dungeon.ends import boss_beaten
from dungeoneer.engine.protocol import ANY_PLAYER
from dungeoneer.engine.tasks import Step

if TYPE_CHECKING:
    from dungeoneer.engine.five_minute_dungeon.board import Board


def shortfall(cards: CardSet, name: str, played: Sequence[str]) -> tuple[tuple[int, ...], int]:
    """Symbols a dungeon card still needs given the cards played on it: (per symbol, before the
    Wild Cards; missing in all after them). Double-symbol cards count as both symbols and a
    Magic Bomb as one of each, so only the Wild Cards need placing, and each goes where it is
    missing (D5)."""
    need = list(cards.dungeon[name].needs)
    wild = 0
    for card in played:
        hero_card = cards.hero_cards[card]
        if hero_card.wild:
            wild += 1
        for symbol in hero_card.symbols:
            i = SYMBOLS.index(symbol)
            if need[i]:
                need[i] -= 1
    return tuple(need), max(0, sum(need) - wild)


def still_needed(t: Board, index: int) -> frozenset[str]:
    """The symbols faced card `index` still lacks (none once the Wild Cards on it cover
    them)."""
    need, missing = shortfall(t.game.cards, t.faced[index], t.played[index])
    return frozenset(s for s, k in zip(SYMBOLS, need, strict=True) if k) if missing else \
        frozenset()


def defeat(t: Board, name: str, how: str) -> None:
    """A faced card is defeated: sweep it away with the cards played on it."""
    index = t.faced.index(name)
    t.faced.pop(index)
    t.swept = t.swept + t.played.pop(index)
    t.beaten = (*t.beaten, name)
    t.say(f"{name} is defeated ({how}).")
    if t.game.cards.dungeon[name].kind == "boss":
        boss_beaten(t)


def check_defeated(t: Board, name: str) -> None:
    """Resources matching every symbol defeat the card."""
    index = t.faced.index(name)
    if shortfall(t.game.cards, name, t.played[index])[1] == 0:
        defeat(t, name, "every symbol matched")


@dataclass(frozen=True)
class Reveal(Step):
    """Turn over the next `count` dungeon cards, one after the other: an event happens at once
    ("When you flip over an Event Card, you must immediately do what it says"), the others are
    faced. Fewer are left: what is left (D19)."""

    seat: int = ANY_PLAYER
    count: int = 1

    def run(self, table: Board) -> None:
        # events.py turns cards over too (Ambush!), so it is imported here, not at the top.
        from dungeoneer.engine.five_minute_dungeon.events import EventWaits

        t = table
        if not t.dungeon:
            return
        if self.count > 1:
            t.push(Reveal(count=self.count - 1))
        name, t.dungeon = t.dungeon[0], t.dungeon[1:]
        card = t.game.cards.dungeon[name]
        t.say(f"Turned over: {name}.")
        if card.kind == "event":
            t.event = name
            t.push(EventWaits())
            return
        t.faced.append(name)
        t.played.append(())


def move_on(t: Board) -> bool:
    """With nothing faced: turn over the next card, or face the boss after the last one. True
    if it did something."""
    if t.faced or t.event:
        return False
    if t.dungeon:
        t.push(Reveal())
        return True
    boss = t.game.cards.bosses[t.boss - 1].card
    if boss.name in t.beaten:
        return False
    t.faced.append(boss.name)
    t.played.append(())
    t.say(f"The dungeon is cleared: {boss.name} awaits.")
    return True
