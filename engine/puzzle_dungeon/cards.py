"""Puzzle Dungeon card data: the model, and the loader that checks every file, card and field.

The data lives in `seeds/puzzle_dungeon/*.toml`. A user may point the game at a folder of their
own; any of the five files found there replaces the built-in one. Every error names the file, the
card and the field.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from dungeoneer.engine.errors import CardDataError, CardFolderError, UnknownNameError
from dungeoneer.engine.puzzle_dungeon import effects
from dungeoneer.engine.puzzle_dungeon.constants import HERO, KING, SUIT_LETTERS, SUITS

FILES = ("arsenal.toml", "monsters.toml", "heroes.toml", "traps_treasures.toml", "examples.toml")
SOURCE_KINDS = ("rulebook", "reference", "reconstructed")

# Which triggers a printed symbol announces: the text of such an ability starts with it.
SYMBOL_OF_TRIGGER = {
    "loot": "Loot:", "trophy": "Trophy:", "reveal": "Reveal:", "monster_king": "Monster King:",
    "trap": "Trap:", "treasure": "Treasure:",
}
TRIGGERS = (*SYMBOL_OF_TRIGGER, "collect", "king_revealed", "after_setup", "deal", "draw",
            "attack", "static")
FILTER_KEYS = {"value", "suit", "king"}
WHILE = ("revealed", "collected")


class ArsenalCard(NamedTuple):
    """One of the 32 arsenal cards. `suit` indexes SUITS."""

    id: int
    suit: int
    value: int

    @property
    def code(self) -> str:
        """Short notation: value then suit letter, e.g. '5M' for the 5 Mitt."""
        return f"{self.value}{SUIT_LETTERS[self.suit]}"

    @property
    def title(self) -> str:
        """Long form, e.g. '5 Mitt'."""
        return f"{self.value} {SUITS[self.suit]}"


@dataclass(frozen=True)
class Static:
    """A statement with no trigger (a static ability) and what it changes."""

    kind: str
    params: Mapping[str, Any]


@dataclass(frozen=True, eq=False)
class Ability:
    """One ability: its printed text next to the trigger and program that implement it."""

    id: int
    owner: int
    """HERO, a monster id, or a Trap/Treasure card id (see `owner_kind`)."""
    owner_kind: str
    """'hero', 'monster' or 'trap_treasure'."""
    owner_name: str
    face: str
    text: str
    trigger: str
    filter: Mapping[str, Any]
    while_: str
    program: tuple[effects.Instr, ...]
    static: Static | None
    source: str

    @property
    def label(self) -> str:
        """How a record names this ability when ordering triggers, e.g. 'Goblin:Loot'."""
        word = SYMBOL_OF_TRIGGER.get(self.trigger, "").rstrip(":") or self.trigger
        return f"{key_of(self.owner_name)}:{key_of(word.title().replace('_', '-'))}"


@dataclass(frozen=True, eq=False)
class Face:
    """One face of a monster card."""

    weapon: tuple[int, ...]
    defense: tuple[int, int, int, int]
    """How many of each suit (indexed like SUITS) the defense shows: a multiset."""
    abilities: tuple[Ability, ...]


@dataclass(frozen=True, eq=False)
class Monster:
    """A double-faced monster card: the monster and its Monster King."""

    id: int
    name: str
    type: str
    front: Face
    king: Face
    source: Mapping[str, str]
    extra: bool

    @property
    def key(self) -> str:
        """The name as one notation token ('Stone-Golem')."""
        return key_of(self.name)


@dataclass(frozen=True, eq=False)
class HeroFace:
    """One face of a hero card."""

    name: str
    card: str
    challenge: bool
    prey: tuple[tuple[str, int], ...]
    abilities: tuple[Ability, ...]
    source: Mapping[str, str]

    @property
    def key(self) -> str:
        """The name as one notation token."""
        return key_of(self.name)

    def trophy(self, monster_type: str) -> bool:
        """Monsters whose type is not in the prey area are Trophies (Kings follow their type)."""
        return all(kind != monster_type for kind, _ in self.prey)


@dataclass(frozen=True, eq=False)
class TrapTreasure:
    """A Traps & Treasures card: a Trap face and a Treasure face for one monster type."""

    id: int
    name: str
    type: str
    trap: Ability
    treasure: Ability
    source: Mapping[str, str]

    @property
    def key(self) -> str:
        """The name as one notation token."""
        return key_of(self.name)


@dataclass(frozen=True, eq=False)
class CardSet:
    """Everything printed (or reconstructed) for the game, as loaded and checked."""

    version: str
    arsenal: tuple[ArsenalCard, ...]
    monsters: tuple[Monster, ...]
    heroes: tuple[HeroFace, ...]
    trap_treasures: tuple[TrapTreasure, ...]
    types: Mapping[str, str]
    abilities: tuple[Ability, ...]
    origin: Mapping[str, str] = field(default_factory=dict)
    """File name -> the path it was read from."""

    def base_monsters(self) -> tuple[Monster, ...]:
        """The 20-card monster deck (without the example extras)."""
        return tuple(m for m in self.monsters if not m.extra)

    def hero(self, name: str) -> HeroFace:
        """The hero face with this name (case and spaces/hyphens do not matter)."""
        wanted = key_of(name).lower()
        for hero in self.heroes:
            if hero.key.lower() == wanted:
                return hero
        known = ", ".join(h.name for h in self.heroes)
        raise UnknownNameError(f"unknown hero {name!r}; the heroes are: {known}", text=name)

    def monster_named(self, name: str) -> Monster:
        """The monster with this name or key."""
        wanted = key_of(name).lower()
        for monster in self.monsters:
            if monster.key.lower() == wanted:
                return monster
        known = ", ".join(m.name for m in self.monsters)
        raise UnknownNameError(f"unknown monster {name!r}; the monsters are: {known}", text=name)

    def trap_treasure_named(self, name: str) -> TrapTreasure:
        """The Traps & Treasures card with this name or key."""
        wanted = key_of(name).lower()
        for card in self.trap_treasures:
            if card.key.lower() == wanted:
                return card
        known = ", ".join(c.name for c in self.trap_treasures)
        raise UnknownNameError(f"unknown Trap/Treasure {name!r}; the cards are: {known}",
                               text=name)


def key_of(name: str) -> str:
    """A name as a single notation token: spaces become hyphens ('Blue Devil' -> 'Blue-Devil')."""
    return "-".join(name.split())


# ----------------------------------------------------------------------------- loading

def load_card_set(folder: str | Path | None = None) -> CardSet:
    """Load and check the card data. Files in `folder` replace the built-in ones of that name."""
    texts: dict[str, tuple[str, str]] = {}
    builtin = resources.files("dungeoneer.seeds.puzzle_dungeon")
    if folder is not None and not _is_folder(Path(folder)):
        raise CardFolderError("the card folder does not exist", file=str(folder))
    for name in FILES:
        custom = Path(folder) / name if folder is not None else None
        if custom is not None and custom.is_file():
            texts[name] = (str(custom), _read_card_file(custom))
        else:
            text = builtin.joinpath(name).read_text("utf-8")
            texts[name] = (f"seeds/puzzle_dungeon/{name}", text)
    return _Loader(texts).load()


DUNGEON_SIZE = 20
"""Monsters in the monster deck: "deal the monsters ... into four columns of five cards each"."""
SETUP_CARDS = 12
"""Arsenal cards set up needs: "deal six cards to the arsenal and draw six cards"."""
MAX_EXTRAS = 20
"""Example monsters (extras that may stand in for base ones) at most."""
MIN_VALUES = 3
"""Arsenal values at least: four suits of three values give the twelve cards set up needs."""
MAX_CARD_FILE_BYTES = 2**20
"""The largest card file read (1 MiB; the built-in files are a few tens of kilobytes)."""


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # a name too long for the file system, say
        return False


def _read_card_file(path: Path) -> str:
    """A card file's text: UTF-8, of a sane size; CardDataError naming the file (and the line of
    bytes that are not UTF-8) otherwise."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_CARD_FILE_BYTES + 1)
    except OSError as exc:
        raise CardDataError(f"can't read it ({exc.strerror or exc})", file=str(path)) from None
    if len(data) > MAX_CARD_FILE_BYTES:
        raise CardDataError(f"larger than {MAX_CARD_FILE_BYTES // 2**20} MiB: not a card file",
                            file=str(path))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise CardDataError(f"byte 0x{data[exc.start]:02x} is not UTF-8 text (TOML files are "
                            "UTF-8)", file=str(path), line=line) from None


@dataclass
class _Where:
    """Where a value sits, for error messages."""

    file: str
    card: str = ""

    def error(self, field_name: str, reason: str) -> CardDataError:
        card = f"card {self.card!r}, " if self.card else ""
        return CardDataError(f"{card}field {field_name!r}: {reason}", file=self.file)


class _Loader:
    """Reads the five files, checks every field and builds the CardSet."""

    def __init__(self, texts: Mapping[str, tuple[str, str]]) -> None:
        self.texts = texts
        self.abilities: list[Ability] = []

    # -- helpers

    def _parse(self, name: str) -> tuple[str, dict[str, Any]]:
        path, text = self.texts[name]
        try:
            return path, tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            line = _line_of(str(exc))
            raise CardDataError(f"not valid TOML: {exc}", file=path, line=line) from None

    @staticmethod
    def _get(table: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: _Where,
             default: Any = ...) -> Any:
        if key not in table:
            if default is ...:
                raise where.error(key, "missing")
            return default
        value = table[key]
        if isinstance(value, bool) and kind in (int, (int,)):
            raise where.error(key, f"expected a whole number, got {value!r}")
        if not isinstance(value, kind):
            kinds = kind if isinstance(kind, tuple) else (kind,)
            names = " or ".join(k.__name__ for k in kinds)
            raise where.error(key, f"expected {names}, got {value!r}")
        return value

    def _tables(self, table: Mapping[str, Any], key: str, where: _Where,
                default: Any = ...) -> list[dict[str, Any]]:
        """A list of tables ([[monster]], [[monster.ability]] ...), each checked to be one."""
        values = self._get(table, key, list, where, default)
        tables: list[dict[str, Any]] = []
        for number, value in enumerate(values, start=1):
            if not isinstance(value, dict):
                raise where.error(key, f"entry {number} is {value!r}, not a table (write "
                                  f"[[{key}]] sections, or {{ ... }} tables)")
            tables.append(value)
        return tables

    @staticmethod
    def _check_keys(table: Mapping[str, Any], allowed: set[str], where: _Where, what: str) -> None:
        unknown = sorted(set(table) - allowed)
        if unknown:
            fields = ", ".join(sorted(allowed))
            raise where.error(unknown[0], f"not a field of {what} (fields: {fields})")

    @staticmethod
    def _check_source(value: Any, where: _Where, field_name: str) -> str:
        if not isinstance(value, str) or value.split(":")[0].strip() not in SOURCE_KINDS:
            raise where.error(field_name, "a source starts with 'rulebook', 'reference' or "
                              f"'reconstructed', got {value!r}")
        return value

    def _sources(self, table: Mapping[str, Any], fields: list[str],
                 where: _Where) -> dict[str, str]:
        sources = self._get(table, "source", dict, where)
        for name in fields:
            if name in table and name not in sources:
                raise where.error(f"source.{name}", "missing: every field says where it comes from")
        for name, value in sources.items():
            if name not in fields:
                raise where.error(f"source.{name}", "names no field of this card")
            self._check_source(value, where, f"source.{name}")
        return dict(sources)

    def _suit(self, value: Any, where: _Where, field_name: str) -> int:
        if value not in SUITS:
            raise where.error(field_name,
                              f"unknown suit {value!r}; the suits are {', '.join(SUITS)}")
        return SUITS.index(value)

    def _suits(self, table: Mapping[str, Any], key: str, where: _Where,
               count: int | None) -> list[int]:
        values = self._get(table, key, list, where)
        if count is not None and len(values) != count:
            raise where.error(key, f"expected {count} suits, got {len(values)}")
        if not values:
            raise where.error(key, "expected at least one suit")
        return [self._suit(v, where, key) for v in values]

    # -- abilities

    def _ability(self, table: Mapping[str, Any], where: _Where, owner: int, owner_kind: str,
                 owner_name: str, faces: tuple[str, ...]) -> Ability:
        allowed = {"face", "text", "trigger", "while", "filter", "effect", "static", "source"}
        self._check_keys(table, allowed, where, "an ability")
        face = self._get(table, "face", str, where, faces[0])
        if face not in faces:
            raise where.error("face", f"expected one of {', '.join(faces)}, got {face!r}")
        text = self._get(table, "text", str, where)
        trigger = self._get(table, "trigger", str, where)
        if trigger not in TRIGGERS:
            raise where.error("trigger",
                              f"unknown trigger {trigger!r}; known: {', '.join(TRIGGERS)}")
        symbol = SYMBOL_OF_TRIGGER.get(trigger)
        if symbol and not text.startswith(symbol):
            raise where.error("text", f"a {trigger} ability's text starts with {symbol!r}")
        for other, other_symbol in SYMBOL_OF_TRIGGER.items():
            if other != trigger and text.startswith(other_symbol):
                raise where.error("trigger", f"the text starts with {other_symbol!r}, so the "
                                  f"trigger is {other!r}, not {trigger!r}")
        while_ = self._get(table, "while", str, where, "revealed")
        if while_ not in WHILE:
            raise where.error("while", f"expected one of {', '.join(WHILE)}, got {while_!r}")
        if while_ == "collected" and not text.startswith("While this Monster King is collected"):
            raise where.error("while", "only a text that starts 'While this Monster King is "
                              "collected' is active while collected")
        filt = self._get(table, "filter", dict, where, {})
        self._check_keys(filt, FILTER_KEYS, where, "a filter")
        if "suit" in filt:
            filt = {**filt, "suit": self._suit(filt["suit"], where, "filter.suit")}
        source = self._check_source(self._get(table, "source", str, where), where, "source")
        static = None
        program: tuple[effects.Instr, ...] = ()
        if trigger == "static":
            if "effect" in table:
                raise where.error("effect", "a static ability has a 'static' table, not an effect")
            spec = dict(self._get(table, "static", dict, where))
            kind = spec.pop("kind", None)
            if kind not in effects.STATIC_KINDS:
                raise where.error("static.kind", f"unknown static kind {kind!r}; known: "
                                  f"{', '.join(effects.STATIC_KINDS)}")
            problem = effects.check_static(kind, spec)
            if problem:
                raise where.error("static", problem)
            static = Static(kind, spec)
        else:
            if "static" in table:
                raise where.error("static", f"a {trigger} ability has an 'effect', not 'static'")
            steps = self._get(table, "effect", list, where)
            try:
                program = effects.compile_effect(steps)
            except effects.EffectSpecError as exc:
                raise where.error("effect", str(exc)) from None
            problem = effects.check_context(program, trigger, owner_kind)
            if problem:
                raise where.error("effect", problem)
        ability = Ability(
            id=len(self.abilities) + effects.FIRST_CARD_PROGRAM, owner=owner,
            owner_kind=owner_kind, owner_name=owner_name, face=face, text=text, trigger=trigger,
            filter=filt, while_=while_, program=program, static=static, source=source)
        self.abilities.append(ability)
        return ability

    # -- files

    def _arsenal(self) -> tuple[str, tuple[ArsenalCard, ...]]:
        path, data = self._parse("arsenal.toml")
        where = _Where(path)
        self._check_keys(data, {"version", "suits", "values", "source"}, where, "the arsenal file")
        version = self._get(data, "version", str, where)
        suits = self._get(data, "suits", list, where)
        if list(suits) != list(SUITS):
            raise where.error("suits", f"the engine knows the suits {', '.join(SUITS)}")
        values = self._get(data, "values", list, where)
        if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 9
                   for v in values) or len(set(values)) != len(values):
            raise where.error("values", "expected distinct whole numbers from 0 to 9")
        if len(values) < MIN_VALUES:
            raise where.error("values", f"expected at least {MIN_VALUES} values: set up deals "
                              f"{SETUP_CARDS} cards, and each value gives one card of each suit")
        self._sources(data, ["version", "suits", "values"], where)
        cards = tuple(ArsenalCard(s * len(values) + i, s, v)
                      for s in range(len(SUITS)) for i, v in enumerate(values))
        return version, cards

    def _monsters(self, name: str, extra: bool, first_id: int,
                  types: dict[str, str]) -> list[Monster]:
        path, data = self._parse(name)
        where = _Where(path)
        self._check_keys(data, {"types", "monster"}, where, f"the file {name}")
        for type_name, source in self._get(data, "types", dict, where, {}).items():
            self._check_source(source, where, f"types.{type_name}")
            types[type_name] = source
        monsters: list[Monster] = []
        for table in self._tables(data, "monster", where, []):
            card = _Where(path, str(table.get("name", f"monster #{len(monsters) + 1}")))
            fields = ["name", "type", "weapon", "defense", "king_weapon"]
            self._check_keys(table, {*fields, "source", "ability"}, card, "a monster")
            monster_name = self._get(table, "name", str, card)
            monster_type = self._get(table, "type", str, card)
            if monster_type not in types:
                raise card.error("type", f"unknown type {monster_type!r}; declare it under [types]")
            weapon = self._suits(table, "weapon", card, 1)
            defense = self._suits(table, "defense", card, 4)
            king_weapon = self._suits(table, "king_weapon", card, 2)
            source = self._sources(table, fields, card)
            monster_id = first_id + len(monsters)
            abilities = [self._ability(a, card, monster_id, "monster", monster_name,
                                       ("front", "king"))
                         for a in self._tables(table, "ability", card, [])]
            for ability in abilities:
                self._check_monster_ability(ability, card)
            counts = (defense.count(0), defense.count(1), defense.count(2), defense.count(3))
            front = Face(tuple(weapon), counts, tuple(a for a in abilities if a.face == "front"))
            king = Face(tuple(king_weapon), counts, tuple(a for a in abilities if a.face == "king"))
            monsters.append(Monster(monster_id, monster_name, monster_type, front, king, source,
                                    extra))
        return monsters

    @staticmethod
    def _check_monster_ability(ability: Ability, where: _Where) -> None:
        allowed = {"front": ("loot",),
                   "king": ("reveal", "static", "collect", "king_revealed", "deal", "draw",
                            "attack", "loot")}[ability.face]
        if ability.trigger not in allowed:
            raise where.error("ability.trigger", f"a {ability.face} face can't have a "
                              f"{ability.trigger!r} ability (allowed: {', '.join(allowed)})")
        if ability.while_ == "collected" and ability.face != "king":
            raise where.error("ability.while", "only a Monster King can act while collected")

    def _heroes(self, types: Mapping[str, str]) -> list[HeroFace]:
        path, data = self._parse("heroes.toml")
        where = _Where(path)
        self._check_keys(data, {"hero"}, where, "the heroes file")
        heroes: list[HeroFace] = []
        for table in self._tables(data, "hero", where):
            card = _Where(path, str(table.get("name", f"hero #{len(heroes) + 1}")))
            fields = ["name", "card", "challenge", "prey"]
            self._check_keys(table, {*fields, "source", "ability"}, card, "a hero")
            hero_name = self._get(table, "name", str, card)
            prey = self._get(table, "prey", dict, card)
            for kind, count in prey.items():
                if kind != KING and kind not in types:
                    raise card.error(f"prey.{kind}", f"unknown type {kind!r} (or {KING!r})")
                if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                    raise card.error(f"prey.{kind}",
                                     f"expected a positive whole number, got {count!r}")
            abilities = tuple(self._ability(a, card, HERO, "hero", hero_name, ("hero",))
                              for a in self._tables(table, "ability", card))
            for ability in abilities:
                if ability.trigger in ("loot", "reveal", "trap", "treasure"):
                    raise card.error("ability.trigger",
                                     f"a hero can't have a {ability.trigger} ability")
            heroes.append(HeroFace(
                name=hero_name, card=self._get(table, "card", str, card),
                challenge=self._get(table, "challenge", bool, card),
                prey=tuple(prey.items()), abilities=abilities,
                source=self._sources(table, fields, card)))
        return heroes

    def _trap_treasures(self, types: Mapping[str, str]) -> list[TrapTreasure]:
        path, data = self._parse("traps_treasures.toml")
        where = _Where(path)
        self._check_keys(data, {"card"}, where, "the Traps & Treasures file")
        cards: list[TrapTreasure] = []
        for table in self._tables(data, "card", where, []):
            card = _Where(path, str(table.get("name", f"card #{len(cards) + 1}")))
            fields = ["name", "type"]
            self._check_keys(table, {*fields, "source", "ability"}, card, "a Trap/Treasure")
            card_name = self._get(table, "name", str, card)
            card_type = self._get(table, "type", str, card)
            if card_type not in types:
                raise card.error("type", f"unknown type {card_type!r}")
            card_id = len(cards)
            abilities = [self._ability(a, card, card_id, "trap_treasure", card_name,
                                       ("trap", "treasure"))
                         for a in self._tables(table, "ability", card)]
            by_face = {a.face: a for a in abilities}
            if sorted(by_face) != ["trap", "treasure"] or len(abilities) != 2:
                raise card.error("ability", "expected exactly one trap and one treasure ability")
            for face, ability in by_face.items():
                if ability.trigger != face:
                    raise card.error("ability.trigger", f"the {face} face's trigger is {face!r}")
            cards.append(TrapTreasure(card_id, card_name, card_type, by_face["trap"],
                                      by_face["treasure"], self._sources(table, fields, card)))
        return cards

    def load(self) -> CardSet:
        version, arsenal = self._arsenal()
        types: dict[str, str] = {}
        monsters = self._monsters("monsters.toml", False, 0, types)
        if len(monsters) != DUNGEON_SIZE:
            raise CardDataError(f"field 'monster': the monster deck has {DUNGEON_SIZE} monsters "
                                f"(four columns of five, 'Set Up'), not {len(monsters)}",
                                file=self.texts["monsters.toml"][0])
        extras = self._monsters("examples.toml", True, len(monsters), types)
        if len(extras) > MAX_EXTRAS:
            raise CardDataError(f"field 'monster': at most {MAX_EXTRAS} example monsters, not "
                                f"{len(extras)}", file=self.texts["examples.toml"][0])
        monsters += extras
        names = [m.key.lower() for m in monsters]
        for monster in monsters:
            if names.count(monster.key.lower()) > 1:
                raise CardDataError(f"card {monster.name!r}: two monsters share this name",
                                    file=self.texts["monsters.toml"][0])
        heroes = self._heroes(types)
        if not heroes:
            raise CardDataError("field 'hero': expected at least one hero",
                                file=self.texts["heroes.toml"][0])
        trap_treasures = self._trap_treasures(types)
        extra_ids = {m.id for m in monsters if m.extra}
        for ability in self.abilities:
            try:
                effects.check_references([ability], types)
            except effects.EffectSpecError as exc:
                file = {"hero": "heroes.toml", "trap_treasure": "traps_treasures.toml"}.get(
                    ability.owner_kind,
                    "examples.toml" if ability.owner in extra_ids else "monsters.toml")
                raise CardDataError(f"card {ability.owner_name!r}, field 'effect': {exc}",
                                    file=self.texts[file][0]) from None
        return CardSet(version=version, arsenal=arsenal, monsters=tuple(monsters),
                       heroes=tuple(heroes), trap_treasures=tuple(trap_treasures),
                       types=dict(types), abilities=tuple(self.abilities),
                       origin={name: path for name, (path, _) in self.texts.items()})


def _line_of(message: str) -> int | None:
    """The line number in a tomllib error message ('... (at line 3, column 5)')."""
    marker = "at line "
    if marker in message:
        digits = message.split(marker, 1)[1].split(",")[0].split(")")[0]
        if digits.isdigit():
            return int(digits)
    return None
