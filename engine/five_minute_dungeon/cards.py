"""5-Minute Dungeon card data: seeds/five_minute_dungeon/cards.toml read into small records.

Hero-deck cards are known by name: a resource card by its symbols ('Sword', 'Sword+Arrow'),
an action card by its title ('Fireball'). Dungeon cards (doors, mini-bosses, events, bosses) by
their titles, which are all different.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

SYMBOLS = ("sword", "arrow", "jump", "scroll", "shield")
TYPES = ("monster", "obstacle", "person")
COLOURS = ("Blue", "Green", "Purple", "Red", "Yellow")


@dataclass(frozen=True)
class HeroCard:
    """A card of a hero deck."""

    name: str
    symbols: tuple[str, ...]
    """The symbols it counts as: one or two for a resource card, all five for a Magic Bomb
    ('one of each symbol'), none for the other action cards and the Wild Card."""
    wild: bool
    """A Wild Card: 'can be played as any one symbol of your choice'."""
    action: bool
    """An action card (black border): unique to its deck."""
    text: str
    """What the card does (the card data's words)."""


@dataclass(frozen=True)
class DungeonCard:
    """A card of the dungeon, or a boss."""

    name: str
    kind: str
    """'door', 'mini_boss', 'event' or 'boss'."""
    type: str | None
    """A door's type: monster, obstacle or person. Mini-bosses and bosses have none."""
    needs: tuple[int, ...]
    """Symbols to match, counted in SYMBOLS order."""
    text: str = ""
    """An event's text."""


@dataclass(frozen=True)
class Boss:
    """A boss mat: its card, its door count and extra challenge cards."""

    number: int
    card: DungeonCard
    doors: int
    extra_challenges: int


@dataclass(frozen=True)
class Hero:
    """A hero: their deck's colour, their ability and what it does."""

    name: str
    colour: str
    ability: str
    effect: str


@dataclass(frozen=True)
class CardSet:
    """Everything in the box."""

    hero_cards: dict[str, HeroCard]
    decks: dict[str, tuple[str, ...]]
    """Each colour's 40 cards by name, sorted."""
    heroes: dict[str, Hero]
    dungeon: dict[str, DungeonCard]
    doors: tuple[str, ...]
    challenges: tuple[str, ...]
    """The 10 mini-bosses and 10 events."""
    bosses: tuple[Boss, ...]


def _needs(symbols: dict[str, int]) -> tuple[int, ...]:
    return tuple(symbols.get(s, 0) for s in SYMBOLS)


def resource_name(symbols: Sequence[str]) -> str:
    """A resource card's name from its symbols: 'Sword', 'Sword+Arrow'."""
    return "+".join(s.capitalize() for s in symbols)


@functools.lru_cache(maxsize=1)
def card_set() -> CardSet:
    """The card data, read once."""
    folder = resources.files("dungeoneer.seeds.five_minute_dungeon")
    text = (folder / "cards.toml").read_text("utf-8")
    data = tomllib.loads(text)
    actions = {a["name"]: a["effect"] for a in data["action_card"]}
    hero_cards: dict[str, HeroCard] = {}
    decks: dict[str, tuple[str, ...]] = {}
    heroes: dict[str, Hero] = {}
    abilities = {h["name"]: h for h in data["hero"]}
    for deck in data["hero_deck"]:
        cards: list[str] = []
        for symbol, count in deck["single"].items():
            cards += [_resource(hero_cards, (symbol,))] * count
        for double in deck["double"]:
            cards += [_resource(hero_cards, tuple(double["symbols"]))] * double["count"]
        for action in deck["action"]:
            name = action["name"]
            hero_cards[name] = HeroCard(
                name, SYMBOLS if name == "Magic Bomb" else (), name == "Wild Card", True,
                actions[name])
            cards += [name] * action["count"]
        decks[deck["colour"]] = tuple(sorted(cards))
        for hero in deck["heroes"]:
            entry = abilities[hero]
            heroes[hero] = Hero(hero, deck["colour"], entry["ability"], entry["effect"])
    dungeon: dict[str, DungeonCard] = {}
    for door in data["door"]:
        dungeon[door["name"]] = DungeonCard(door["name"], "door", door["type"],
                                            _needs(door["symbols"]))
    for mini in data["mini_boss"]:
        dungeon[mini["name"]] = DungeonCard(mini["name"], "mini_boss", None,
                                            _needs(mini["symbols"]))
    for event in data["event"]:
        dungeon[event["name"]] = DungeonCard(event["name"], "event", None, (0,) * 5,
                                             event["effect"])
    bosses = []
    for boss in data["boss"]:
        card = DungeonCard(boss["name"], "boss", None, _needs(boss["symbols"]))
        dungeon[boss["name"]] = card
        bosses.append(Boss(boss["number"], card, boss["doors"], boss["extra_challenges"]))
    challenges = tuple(m["name"] for m in data["mini_boss"]) + tuple(
        e["name"] for e in data["event"])
    return CardSet(hero_cards, decks, heroes, dungeon, tuple(d["name"] for d in data["door"]),
                   challenges, tuple(bosses))


def _resource(hero_cards: dict[str, HeroCard], symbols: tuple[str, ...]) -> str:
    name = resource_name(symbols)
    hero_cards.setdefault(name, HeroCard(name, symbols, False, False,
                                         f"counts as {' and '.join(symbols)}"))
    return name
