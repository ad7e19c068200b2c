"""5-Minute Dungeon set-up: the heroes and their decks, the shuffles, the starting hands and the
dungeon deck (docs/rules/five-minute-dungeon.md, D2, D3, D4, D14, D20).

Setting Up: "Select which hero you want to play ... Grab the deck that's the same color as your
Hero Mat, shuffle it, and place it on the 'Draw Pile' space on your Hero Mat, face down. Draw a
starting hand from your deck." Two-Player Games: "Each of you should select a second deck and
shuffle both decks together." Building the Dungeon Deck: "Count out the number of cards shown on
the Boss Mat... add 2 Challenge Cards per player... then shuffle and place the deck on the Boss
Mat". A record's `deck N` and `dungeon` headers may write the tops of the decks and the dungeon
instead of the seed's shuffles; an error in one names that header (`DungeoneerError.header`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from dungeoneer.engine import rng
from dungeoneer.engine.errors import ChanceError, DungeoneerError, UnknownNameError
from dungeoneer.engine.five_minute_dungeon.cards import COLOURS, CardSet
from dungeoneer.engine.five_minute_dungeon.hands import refill

if TYPE_CHECKING:
    from dungeoneer.engine.five_minute_dungeon.board import Board

DEFAULT_HEROES = ("Barbarian", "Wizard", "Paladin", "Ranger", "Thief")


def chosen_heroes(cards: CardSet, names: Sequence[str], players: int) -> tuple[str, ...]:
    """The heroes named, one for each player, each on their own mat (Heroes: "Each Player Mat
    has its own deck")."""
    by_key = {h.lower(): h for h in cards.heroes}
    heroes = []
    for name in names:
        hero = by_key.get(name.strip().lower())
        if hero is None:
            raise UnknownNameError(f"unknown hero {name.strip()!r}; the heroes are: "
                                   f"{', '.join(cards.heroes)}", text=name.strip(),
                                   header="heroes")
        heroes.append(hero)
    if len(heroes) != players:
        raise DungeoneerError(f"{len(heroes)} heroes for {players} players",
                              text=", ".join(names), header="heroes")
    colours = [cards.heroes[h].colour for h in heroes]
    for i, colour in enumerate(colours):
        if colour in colours[:i]:
            raise DungeoneerError(f"{heroes[i]} and {heroes[colours.index(colour)]} share "
                                  f"the {colour} mat and deck: each hero needs their own",
                                  text=heroes[i], header="heroes")
    return tuple(heroes)


def chosen_second_decks(cards: CardSet, names: Sequence[str] | None,
                 colours: Sequence[str]) -> tuple[str, ...]:
    """Two-Player Games: "Each of you should select a second deck" (D2): the decks named (by
    colour or hero) or the first colours nobody plays, in the order of the default heroes."""
    free = [c for c in COLOURS if c not in colours]
    if not names:
        order = [cards.heroes[h].colour for h in DEFAULT_HEROES]
        return tuple(c for c in order if c in free)[:2]
    chosen = []
    for name in names:
        key = name.strip().lower()
        colour = next((c for c in COLOURS if c.lower() == key), None) or next(
            (h.colour for h in cards.heroes.values() if h.name.lower() == key), None)
        if colour is None:
            raise UnknownNameError(f"unknown deck {name.strip()!r}; the decks are "
                                   f"{', '.join(COLOURS)} (or name a hero)",
                                   text=name.strip(), header="second-decks")
        if colour not in free or colour in chosen:
            raise DungeoneerError(f"the {colour} deck is already in play", text=name.strip(),
                                  header="second-decks")
        chosen.append(colour)
    if len(chosen) != 2:
        raise DungeoneerError("two second decks, one for each player", text=", ".join(names),
                              header="second-decks")
    return tuple(chosen)


def split_titles(text: str, known: Mapping[str, str]) -> list[str]:
    """Comma-separated card titles, where a title may hold commas itself ("Two Guys, One Bow",
    "A Terrible, No-Good, Awful Puppet Show"): pieces are joined while the text so far is not a
    title of `known` (lower-case keys) but starts one."""
    names: list[str] = []
    for piece in (" ".join(t.split()) for t in text.split(",") if t.strip()):
        joined = f"{names[-1]}, {piece}" if names else ""
        if names and names[-1].lower() not in known and any(
                key.startswith(joined.lower()) for key in known):
            names[-1] = joined
        else:
            names.append(piece)
    return names


def shuffle(t: Board, items: tuple[str, ...], what: str) -> tuple[str, ...]:
    """The items in a random order: a written outcome (names, comma-separated) or the seeded
    stream."""
    if t.forced:
        written, t.forced = t.forced[0], t.forced[1:]
        left = list(items)
        by_key = {i.lower(): i for i in items}
        order = []
        for name in split_titles(written, by_key):
            card = by_key.get(name.lower())
            if card is None or card not in left:
                raise ChanceError(f"the written order for {what} must list exactly: "
                                  f"{', '.join(sorted(items))}", text=written)
            left.remove(card)
            order.append(card)
        if left:
            raise ChanceError(f"the written order for {what} leaves out "
                              f"{', '.join(sorted(left))}", text=written)
        return tuple(order)
    if not items:
        return ()
    if t.stream is None:
        raise ChanceError(f"shuffling {what} needs a seed or a written order")
    result, t.stream = rng.shuffled(items, t.stream)
    return result


def written(t: Board, key: str) -> str | None:
    """A set-up header's value, for the first dungeon only: a campaign's later dungeons and its
    retries are built by the seed (D4)."""
    if t.attempt == 1 and t.boss == t.game.boss:
        return t.setup.get(key)
    return None


def ordered_deck(t: Board, seat: int) -> tuple[str, ...]:
    """A seat's draw pile: the cards the `deck N` header puts on top, the rest shuffled (D3)."""
    cards = list(t.game.deck_of(seat))
    key = f"deck {seat + 1}"
    top: list[str] = []
    order = written(t, key)
    if order:
        by_key = {c.lower(): c for c in cards}
        for text in order.split(","):
            name = by_key.get(" ".join(text.split()).lower())
            if name is None or name not in cards:
                raise DungeoneerError(f"{text.strip()!r} is not a card left in seat "
                                      f"{seat + 1}'s deck", text=text.strip(), header=key)
            cards.remove(name)
            top.append(name)
    return (*top, *shuffle(t, tuple(cards), f"seat {seat + 1}'s deck"))


def build_dungeon(t: Board) -> tuple[str, ...]:
    """Building the Dungeon Deck: the boss's number of door cards, 2 challenge cards per player
    (and the boss's extra), shuffled; or the `dungeon` header's cards, top first (D4, D20)."""
    cards = t.game.cards
    order = written(t, "dungeon")
    if order is not None:
        by_key = {k.lower(): k for k, c in cards.dungeon.items() if c.kind != "boss"}
        dungeon: list[str] = []
        for name in split_titles(order, by_key):
            card = by_key.get(name.lower())
            if card is None:
                raise UnknownNameError(f"{name!r} is not a door or challenge card", text=name,
                                       header="dungeon")
            if card in dungeon:
                raise DungeoneerError(f"{card} is in the dungeon twice", text=name,
                                      header="dungeon")
            dungeon.append(card)
        return tuple(dungeon)
    boss = cards.bosses[t.boss - 1]
    doors = shuffle(t, cards.doors, "the door cards")[:boss.doors]
    count = 2 * t.game.players + boss.extra_challenges
    challenges = shuffle(t, cards.challenges, "the challenge cards")[:count]
    return shuffle(t, doors + challenges, "the dungeon")


def prepare(t: Board) -> None:
    """Setting Up and Preparing the Dungeon, for the current boss: every deck shuffled, the
    dungeon built, the timer reset and the starting hands drawn."""
    for seat in range(t.game.players):
        t.decks[seat] = ordered_deck(t, seat)
        t.hands[seat] = ()
        t.discards[seat] = ()
    t.dungeon = build_dungeon(t)
    t.faced, t.played = [], []
    t.swept, t.beaten = (), ()
    t.clock, t.paused, t.used, t.event = 0, False, frozenset(), None
    refill(t)
