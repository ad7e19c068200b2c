"""Puzzle Dungeon: the configured game (card data, hero, options), set-up and hand-made layouts."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path

from dungeoneer.engine import registry, rng
from dungeoneer.engine.errors import (
    CardFolderError,
    ChanceError,
    DungeoneerError,
    UnknownNameError,
)
from dungeoneer.engine.protocol import GameInfo
from dungeoneer.engine.puzzle_dungeon import effects, rules
from dungeoneer.engine.puzzle_dungeon.board import (
    BUILTIN_PROGRAMS,
    Board,
    Ctx,
    Frame,
    deal_rows,
    written_order,
)
from dungeoneer.engine.puzzle_dungeon.cards import Ability, CardSet, load_card_set
from dungeoneer.engine.puzzle_dungeon.constants import HERO
from dungeoneer.engine.puzzle_dungeon.state import PuzzleState, freeze, new_memo

COLUMNS = 4
"""Set Up: 'four columns of five cards'."""

INFO = GameInfo(
    name="puzzle-dungeon",
    title="Puzzle Dungeon",
    min_players=1,
    max_players=1,
    hidden_information=True,
    summary="Solitaire: match monsters' defense suits with arsenal cards to collect your prey.",
    options={
        "hero": "the hero face (default Rogue)",
        "traps": "Traps & Treasures cards attached as Traps after set up, comma-separated",
        "treasures": "Traps & Treasures cards collected as Treasures after set up",
        "extras": "example monsters added to the monster deck (Battlesnake, Overseer, Mold Demon)",
        "cards": "a folder of card files replacing the built-in ones",
        "core": "yes: the core rules, with every card ability switched off (the solver's exact "
                "model covers these)",
    },
    setup={
        "monsters": "the monster deck, top first, before it is dealt (names)",
        "arsenal": "the arsenal deck, top first, before set up deals and draws (5M ...); with "
                   "a laid-out table, the arsenal row, left to right",
        **{f"column {c}": f"a laid-out table: column {c}, back to front (names)"
           for c in range(1, COLUMNS + 1)},
        "hand": "a laid-out table: the hand",
        "deck": "a laid-out table: the deck, top first",
        "discard": "a laid-out table: the discard pile, bottom first",
        "collected": "a laid-out table: monsters already collected",
        "kings": "a laid-out table: monsters showing their Monster King face",
        "exhausted": "a laid-out table: exhausted monsters",
    },
)
SETUP_KEYS = INFO.setup
LAYOUT_KEYS = ("hand", "deck", "discard", "collected", "kings", "exhausted")
"""Header keys that mean the table is laid out by hand (with the 'column N' keys)."""


@lru_cache(maxsize=8)
def _cached_cards(folder: str | None) -> CardSet:
    return load_card_set(folder)


def card_set(folder: str | Path | None = None) -> CardSet:
    """The card data (built-in, or with files from `folder`), loaded once per folder."""
    if folder is not None and "\x00" in str(folder):  # (os calls raise ValueError for it)
        raise CardFolderError("the card folder's name holds a NUL character, which no file "
                              "system takes", file=str(folder).replace("\x00", "\\x00"))
    return _cached_cards(None if folder is None else str(Path(folder).resolve()))


def names_in(text: str) -> list[str]:
    """Monster names from a header line: comma-separated names ('Blue Devil, Lich') or
    notation keys separated by spaces ('Blue-Devil Lich')."""
    if "," in text:
        return [part.strip() for part in text.split(",") if part.strip()]
    return text.split()


def _names(value: str | Sequence[str]) -> list[str]:
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return list(value)


class PuzzleDungeon:
    """A configured game of Puzzle Dungeon: the `Game` of the protocol.

    It also holds the tables the engine looks up while playing (the programs of every ability,
    the hero's abilities by trigger, each King's abilities by trigger).
    """

    info = INFO
    players = 1
    """Solitaire: one seat."""

    def __init__(self, cards: CardSet | None = None, hero: str = "Rogue", *,
                 traps: Sequence[str] = (), treasures: Sequence[str] = (),
                 extras: Sequence[str] = (), card_folder: str | None = None,
                 core: bool = False, columns: int = COLUMNS) -> None:
        self.cards = cards if cards is not None else card_set(card_folder)
        self.card_folder = card_folder
        self.core = core
        """The core rules: no card ability triggers or holds (the rules themselves, the Monster
        King flip among them, still apply)."""
        self.columns = columns
        self.hero = self.cards.hero(hero)
        if core and (traps or treasures):
            raise DungeoneerError("the core rules have no card abilities, so no Traps & Treasures")
        self.setup_traps = tuple(self.cards.trap_treasure_named(n).id for n in traps)
        self.setup_treasures = tuple(self.cards.trap_treasure_named(n).id for n in treasures)
        self.extras = tuple(self._extra(n) for n in extras)
        self.monster_ids = tuple(m.id for m in self.cards.base_monsters()) + self.extras
        self._check_trap_types()
        self.programs = BUILTIN_PROGRAMS + tuple(a.program for a in self.cards.abilities)
        self.tables = rules.CardTables.of(self.cards)
        """The card data as the rules read it at every position (`rules.CardTables`)."""
        # The abilities in play, looked up while playing; all empty under the core rules.
        hero_abilities = () if core else self.hero.abilities
        self.hero_triggers: dict[str, tuple[Ability, ...]] = {}
        for ability in hero_abilities:
            if ability.static is None:
                self.hero_triggers[ability.trigger] = (
                    *self.hero_triggers.get(ability.trigger, ()), ability)
        self.hero_statics: rules.Statics = tuple((a.static, HERO) for a in hero_abilities
                                                 if a.static)
        self.king_abilities: list[dict[str, tuple[Ability, ...]]] = []
        self.king_statics: list[tuple[Ability, ...]] = []
        self.loot_abilities: list[tuple[tuple[Ability, ...], tuple[Ability, ...]]] = []
        for monster in self.cards.monsters:
            king_face = () if core else monster.king.abilities
            table: dict[str, tuple[Ability, ...]] = {}
            for ability in king_face:
                if ability.static is None:
                    table[ability.trigger] = (*table.get(ability.trigger, ()), ability)
            self.king_abilities.append(table)
            self.king_statics.append(tuple(a for a in king_face if a.static is not None))
            front_face = () if core else monster.front.abilities
            self.loot_abilities.append((
                tuple(a for a in front_face if a.trigger == "loot"),
                tuple(a for a in king_face if a.trigger == "loot")))
        self.discard_order = effects.DiscardOrder.of(self)
        """When the order of discards is the player's choice: only while an ability that reads the
        discard pile's order can still fire (Game Play, the attack steps; D18)."""
        self._hash: int | None = None
        """The hash, once worked out (`__hash__`)."""
        self.statics_memo: dict[tuple[int, int], rules.Statics] = {}
        """`rules.active_statics` by Monster King faces and collected monsters. Not part of
        the configuration."""
        self.prey_memo: dict[tuple[int, int], tuple[tuple[str, int, int], ...]] = {}
        """`rules.prey_progress` by collected monsters and Monster King faces: worked out once
        for each (a playout asks at every position, and the collection changes only at an
        attack). Not part of the configuration."""

    def _extra(self, name: str) -> int:
        monster = self.cards.monster_named(name)
        if not monster.extra:
            raise UnknownNameError(f"{monster.name} is in the base deck already; extras are "
                                   f"{', '.join(m.name for m in self.cards.monsters if m.extra)}",
                                   text=name)
        return monster.id

    def _check_trap_types(self) -> None:
        types = {self.cards.monsters[m].type for m in self.monster_ids}
        for t in (*self.setup_traps, *self.setup_treasures):
            card = self.cards.trap_treasures[t]
            if card.type not in types:
                raise DungeoneerError(f"{card.name} is a {card.type}-type card, and no monster "
                                      "of that type is in the game (Variant: use Traps/Treasures "
                                      "with the same types as monsters in the dungeon)",
                                      text=card.name)
        both = set(self.setup_traps) & set(self.setup_treasures)
        if both:
            name = self.cards.trap_treasures[min(both)].name
            raise DungeoneerError(f"{name} can't be both a Trap and a Treasure", text=name)

    def _identity(self) -> tuple[object, ...]:
        return (self.hero.name, self.setup_traps, self.setup_treasures, self.extras, self.core,
                self.columns)

    def __eq__(self, other: object) -> bool:
        """Two configurations are the same game when they use the same card data, hero and
        options (so a replayed position equals the one it was recorded from)."""
        if not isinstance(other, PuzzleDungeon):
            return NotImplemented
        return self.cards is other.cards and self._identity() == other._identity()

    def __hash__(self) -> int:
        # Worked out once: the solver's caches key on the game at every position.
        if self._hash is None:
            self._hash = hash(self._identity())
        return self._hash

    def __getstate__(self) -> dict[str, object]:
        """Pickled without the memos (a worker starts its own) and without the hash (strings
        hash differently in another process)."""
        return {**self.__dict__, "prey_memo": {}, "statics_memo": {}, "_hash": None}

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self.options().items())
        return f"PuzzleDungeon({options})"

    def abilities_in_play(self) -> list[Ability]:
        """Every card ability of this game: the hero's, both faces of every monster in the deck,
        and the Traps & Treasures set up; none under the core rules."""
        if self.core:
            return []
        found = list(self.hero.abilities)
        for m in self.monster_ids:
            monster = self.cards.monsters[m]
            found.extend(monster.front.abilities)
            found.extend(monster.king.abilities)
        for t in (*self.setup_traps, *self.setup_treasures):
            card = self.cards.trap_treasures[t]
            found.extend((card.trap, card.treasure))
        return found

    def ability(self, ability_id: int) -> Ability:
        """A card ability by its program id."""
        return self.cards.abilities[ability_id - effects.FIRST_CARD_PROGRAM]

    def options(self) -> dict[str, str]:
        """This configuration as record header lines (only what differs from the defaults)."""
        names = self.cards.trap_treasures
        found = {"hero": self.hero.name}
        if self.setup_traps:
            found["traps"] = ", ".join(names[t].name for t in self.setup_traps)
        if self.setup_treasures:
            found["treasures"] = ", ".join(names[t].name for t in self.setup_treasures)
        if self.extras:
            found["extras"] = ", ".join(self.cards.monsters[m].name for m in self.extras)
        if self.card_folder:
            found["cards"] = self.card_folder
        if self.core:
            found["core"] = "yes"
        return found

    # ------------------------------------------------------------------ set up

    def new_initial_state(self, seed: int | None = None,
                          setup: Mapping[str, str] | None = None) -> PuzzleState:
        """Set up (Set Up): shuffle the monsters and deal them left to right, top to bottom into
        four columns; shuffle the arsenal cards, deal six to the arsenal one at a time and draw
        six. `setup` may give the monster deck and arsenal deck orders (top first) instead of
        shuffling them; the seed then only decides later shuffles."""
        setup = dict(setup or {})
        column_keys = [f"column {c}" for c in range(1, self.columns + 1)]
        unknown = sorted(set(setup) - set(SETUP_KEYS) - set(column_keys))
        if unknown:
            raise UnknownNameError(f"unknown set-up key {unknown[0]!r}; known: "
                                   f"{', '.join(SETUP_KEYS)}", text=unknown[0])
        if any(key in setup for key in (*column_keys, *LAYOUT_KEYS)):
            return self._laid_out(setup, seed)
        stream = None if seed is None else rng.verify_seed(seed)
        monsters, stream = self._order(setup.get("monsters"), self.monster_ids, stream,
                                       self._monster_key, "the monster deck")
        arsenal_ids = tuple(c.id for c in self.cards.arsenal)
        deck, stream = self._order(setup.get("arsenal"), arsenal_ids, stream,
                                   lambda c: self.cards.arsenal[c].code, "the arsenal deck")
        columns = deal_rows(monsters, self.columns, self.columns)
        return self._set_up(columns, deck, stream)

    def _monster_key(self, monster: int) -> str:
        return self.cards.monsters[monster].key

    def _laid_out(self, setup: Mapping[str, str], seed: int | None) -> PuzzleState:
        """A table laid out by hand in a deal file or record header."""
        if "monsters" in setup:
            raise DungeoneerError("a laid-out table lists its columns; 'monsters' (a deck order "
                                  "to deal) can't go with them", text=setup["monsters"])
        columns = [names_in(setup.get(f"column {c}", ""))
                   for c in range(1, self.columns + 1)]
        return self.from_layout(
            columns, setup.get("arsenal", "").split(), setup.get("hand", "").split(),
            setup.get("deck", "").split(), discard=setup.get("discard", "").split(),
            collected=names_in(setup.get("collected", "")), kings=names_in(setup.get("kings", "")),
            exhausted=names_in(setup.get("exhausted", "")), seed=seed)

    @staticmethod
    def _order(written: str | None, items: tuple[int, ...], stream: int | None,
               notation: Callable[[int], str], what: str) -> tuple[tuple[int, ...], int | None]:
        if written is not None:
            return written_order(items, written, notation, what), stream
        if stream is None:
            raise ChanceError(f"{what} needs a seed or an explicit order")
        return rng.shuffled(items, stream)

    def _set_up(self, columns: Sequence[Sequence[int]], deck: Sequence[int], stream: int | None,
                layout: dict[str, object] | None = None) -> PuzzleState:
        blank = PuzzleState(
            rules=self, columns=tuple(bytes(c) for c in columns), kings=0, exhausted=0,
            arsenal=b"", hand=0, deck=bytes(deck), discard=b"", collected=0, attached=(),
            traps=(), treasures=(), removed=(), rng=stream, forced=(), stack=(), setup_deals=b"",
            options=(), memo=new_memo())
        board = Board(blank)
        if layout is None:
            board.stack.append(Frame(effects.SETUP, 0, Ctx(), (), False))
        else:
            # A hand-made layout: the zones are given; only 'after set up' remains to happen.
            for name, value in layout.items():
                setattr(board, name, value)
            board.setup_deals = board.arsenal
            board.stack.append(Frame(effects.SETUP, 2, Ctx(), (), False))
        board.options = board.resolve()
        return freeze(board)

    def from_layout(self, columns: Sequence[Sequence[str]], arsenal: Sequence[str] = (),
                    hand: Sequence[str] = (), deck: Sequence[str] = (), *,
                    discard: Sequence[str] = (), collected: Sequence[str] = (),
                    kings: Sequence[str] = (), exhausted: Sequence[str] = (),
                    seed: int | None = None) -> PuzzleState:
        """A position laid out by hand, as if set up had just ended.

        `columns`: four lists of monster names, back to front. `collected`: monsters already
        collected; `kings`: monsters showing their Monster King face; `exhausted`: exhausted
        monsters. Arsenal cards are codes like 5M: `arsenal` left to right (its last card is the
        front), `hand`, `deck` top first, `discard` bottom first. Every monster of the game and
        every arsenal card must be placed exactly once. The seed decides later shuffles."""
        if len(columns) != self.columns:
            raise DungeoneerError(f"the dungeon has {self.columns} columns, got {len(columns)}")
        cols = tuple(tuple(self._monster_id(n) for n in column) for column in columns)
        taken = tuple(sorted(self._monster_id(n) for n in collected))
        placed = sorted([m for column in cols for m in column] + list(taken))
        if placed != sorted(self.monster_ids):
            missing = sorted(set(self.monster_ids) - set(placed))
            extra = sorted({m for m in placed if placed.count(m) > 1 or m not in self.monster_ids})
            names = self.cards.monsters
            zones = {**{f"column {i + 1}": column for i, column in enumerate(cols)},
                     "collected": taken}
            raise DungeoneerError(
                "every monster of the game must be placed exactly once (in a column or "
                f"collected); missing: {', '.join(names[m].name for m in missing) or 'none'}; "
                f"extra or repeated: {', '.join(names[m].name for m in extra) or 'none'}",
                header=_at_fault(zones, self.monster_ids))
        zones = {name: tuple(self._card_id(c) for c in cards) for name, cards in
                 (("arsenal", arsenal), ("hand", hand), ("deck", deck), ("discard", discard))}
        everything = sorted(c for cards in zones.values() for c in cards)
        if everything != list(range(len(self.cards.arsenal))):
            missing = sorted(set(range(len(self.cards.arsenal))) - set(everything))
            repeated = sorted({c for c in everything if everything.count(c) > 1})
            show = self.cards.arsenal
            raise DungeoneerError(
                "every arsenal card must be placed exactly once; missing: "
                f"{' '.join(show[c].code for c in missing) or 'none'}; repeated: "
                f"{' '.join(show[c].code for c in repeated) or 'none'}",
                header=_at_fault(zones, range(len(show))))
        stream = None if seed is None else rng.verify_seed(seed)
        layout = {"arsenal": bytes(zones["arsenal"]), "hand": _mask(zones["hand"]),
                  "discard": bytes(zones["discard"]), "collected": _mask(taken),
                  "kings": _mask(self._monster_id(n) for n in kings),
                  "exhausted": _mask(self._monster_id(n) for n in exhausted)}
        return self._set_up(cols, zones["deck"], stream, layout)

    def _monster_id(self, name: str) -> int:
        wanted = "-".join(name.split()).lower()
        for monster in self.cards.monsters:
            if monster.key.lower() == wanted:
                return monster.id
        raise UnknownNameError(f"unknown monster {name!r}", text=name)

    def _card_id(self, code: str) -> int:
        for card in self.cards.arsenal:
            if card.code.lower() == code.strip().lower():
                return card.id
        raise UnknownNameError(f"unknown arsenal card {code!r} (write value and suit letter, "
                               "like 5M)", text=code)


def _at_fault(zones: Mapping[str, Sequence[int]], allowed: Iterable[int]) -> str | None:
    """The zone (a header key: 'column 2', 'hand') where a laid-out table first goes wrong: the
    one holding the second copy of a repeated card, or a card not in this game. None when
    cards are only missing: no one line is at fault then."""
    seen: set[int] = set()
    in_game = set(allowed)
    for zone, cards in zones.items():
        for card in cards:
            if card in seen or card not in in_game:
                return zone
            seen.add(card)
    return None


def _mask(ids: Iterable[int]) -> int:
    mask = 0
    for i in ids:
        mask |= 1 << i
    return mask


def make_puzzle_dungeon(options: Mapping[str, str], base_dir: str | None = None) -> PuzzleDungeon:
    """The registry factory: build the game from record-header style options."""
    registry.check_options(INFO, options)
    folder = options.get("cards")
    if folder and base_dir and not Path(folder).is_absolute():
        folder = str(Path(base_dir) / folder)
    core = options.get("core", "no").strip().lower()
    if core not in ("yes", "no"):
        raise DungeoneerError(f"core is 'yes' or 'no', not {options['core']!r}", text=core)
    return PuzzleDungeon(
        card_set(folder), options.get("hero", "Rogue"),
        traps=_names(options.get("traps", "")), treasures=_names(options.get("treasures", "")),
        extras=_names(options.get("extras", "")), card_folder=options.get("cards"),
        core=core == "yes")
