"""Puzzle Dungeon deals as the commands take them: a seed with a hero, a deal code (which names its
own hero), a deal file or a record to go on with (`Start`: the position, and how a line played
from it becomes a record); and a deal as data for programs."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.numbers import shown
from dungeoneer.engine.protocol import State
from dungeoneer.engine.puzzle_dungeon import (
    INFO,
    PuzzleDungeon,
    PuzzleState,
    information_set,
    make_puzzle_dungeon,
)
from dungeoneer.engine.records import (
    Move,
    Record,
    load_deal_file,
    load_record,
    record_for,
    replay,
)
from dungeoneer.engine.rng import MAX_SEED, parse_seed
from dungeoneer.generator.codes import (
    EXAMPLE,
    PREFIX,
    code_start,
    layout_code,
    parse_code,
    read_code,
    short_code,
)

GAME_NAME = INFO.name
DEFAULT_HERO = "Rogue"


def parse_deal(text: str) -> int | str:
    """A deal as typed: a seed (a whole number from 0 to 2**64 - 1) or a deal code (returned as
    text, parsed by `start_deal`), as given: spaces around it are no part of either."""
    if text.isascii() and text.isdigit():
        seed = parse_seed(text)
        if seed is None:
            raise DungeoneerError(f"a seed is a whole number from 0 to {MAX_SEED}, not "
                                  f"{shown(text)!r}", text=text)
        return seed
    if not text.lower().startswith(PREFIX):
        raise DungeoneerError(f"a deal is a seed (a whole number from 0 to {MAX_SEED}) or a deal "
                              f"code like {EXAMPLE}, not {shown(text)!r}", text=text)
    return text


def puzzle_game(hero: str | None = None, cards: str | None = None,
                core: bool = False, **more: str | None) -> PuzzleDungeon:
    """The game with this hero face, card folder (None: the built-in cards) and rules (`core`:
    every card ability switched off); `more` gives the other options as a record's header
    writes them (traps, treasures, extras), None for left out."""
    options = {"hero": hero or DEFAULT_HERO}
    if cards:
        options["cards"] = cards
    if core:
        options["core"] = "yes"
    options.update({key: value for key, value in more.items() if value})
    return make_puzzle_dungeon(options)


@dataclass(frozen=True)
class Deal:
    """A deal to play: the game, the seed and the set-up lines that start it (a layout code's
    monster and arsenal orders), and how the deal was given."""

    game: PuzzleDungeon
    seed: int
    setup: dict[str, str]
    given: int | str
    checked: bool = True
    """False for a code given without a check character (written before codes had one)."""

    def state(self) -> PuzzleState:
        """The position after set up."""
        return self.game.new_initial_state(seed=self.seed, setup=self.setup)

    def codes(self) -> tuple[str, str]:
        """(the short code, the layout code) of the deal."""
        if isinstance(self.given, int):
            return (short_code(self.game, self.given).text(),
                    layout_code(self.game, self.given).text())
        code = parse_code(self.given)
        if code.is_layout:
            return code.text(), code.text()
        assert code.seed is not None  # a short code names its seed
        return code.text(), layout_code(self.game, code.seed).text()

    def note(self) -> str | None:
        """What to tell a person who gave a code without a check character, or None."""
        if self.checked:
            return None
        return (f"{shown(str(self.given).strip())} has no check character (a code written "
                "before codes had one), so a typo in it can't be caught; it is read as "
                f"{self.codes()[0]}")


def start_deal(deal: int | str, hero: str | None = None, cards: str | None = None,
               core: bool = False, **more: str | None) -> Deal:
    """The deal of a seed (with `hero`, default Rogue) or of a deal code (which names its own
    hero, so `hero` must be None); `more`: the game's other options (see `puzzle_game`)."""
    if isinstance(deal, int):
        return Deal(puzzle_game(hero, cards, core, **more), deal, {}, deal)
    if hero is not None:
        raise DungeoneerError("a deal code names its hero; leave out --hero", text=hero)
    read = read_code(deal)
    coded, seed, setup = code_start(read.code, cards)
    return Deal(puzzle_game(coded.hero.name, cards, core, **more), seed, setup, deal,
                checked=read.checked)


def deal_name(code: str) -> str:
    """What names a deal code's deal however it was written: the code without its check
    character, in its canonical form (the fair hints are seeded from it)."""
    return parse_code(code).body()


def puzzle_position(state: State, file: str | None = None) -> PuzzleState:
    """`state` if it is a Puzzle Dungeon position (what the solver and the ratings take); else
    DungeoneerError naming the file it came from."""
    if not isinstance(state, PuzzleState):
        raise DungeoneerError(f"this is a game of {state.game.info.title}; the solver and the "
                              f"ratings take {INFO.title} positions", file=file)
    if state.rng is None and not state.game.core:
        # Said now, not from deep inside a search when the first Loot shuffles the deck.
        raise DungeoneerError("no 'seed:' line: under the full rules abilities shuffle (the "
                              "deck, the monsters), and the solver takes those shuffles from "
                              "the seed; add one, or 'core: yes' for the core rules", file=file)
    return state


def load_deal(path: str | Path) -> tuple[PuzzleState, Record]:
    """A deal file (docs/records.md, 'Deal files'): the position it lays out and its header."""
    _game, state, record = load_deal_file(path, game=GAME_NAME)
    return puzzle_position(state, str(path)), record


def deal_json(state: PuzzleState, *, seed: int | None = None,
              codes: tuple[str, str] | None = None, file: str | None = None) -> dict[str, Any]:
    """A deal as programs see it named (docs/json.md, "deal"): {"game", "hero", "seed", "code",
    "layout_code", "file"}. A seed or code gives its codes and seed; a deal file or record gives
    its path and its header's seed, and no code (it may lay out any table)."""
    code, layout = codes or (None, None)
    return {"game": GAME_NAME, "hero": state.rules.hero.name, "seed": seed, "code": code,
            "layout_code": layout, "file": file}


ToRecord = Callable[[Sequence[str]], Record]
"""Moves played from a start -> a record that replays them from the beginning."""


@dataclass(frozen=True)
class Start:
    """Where a puzzle command starts: the position, how the moves played from it make a record
    that replays them, and the deal as programs see it named (`deal_json`)."""

    state: PuzzleState
    to_record: ToRecord
    named: dict[str, Any]
    note: str | None = None
    """What to tell the person about how the deal was given (`Deal.note`), or None."""


def start_of_deal(deal: int | str, hero: str | None = None, cards: str | None = None,
                  core: bool = False) -> Start:
    """The start of a seed's or a deal code's deal (`start_deal`)."""
    dealt = start_deal(deal, hero, cards, core)
    state = dealt.state()

    def to_record(moves: Sequence[str]) -> Record:
        return record_for(dealt.game, dealt.seed, moves, setup=dealt.setup)

    return Start(state, to_record, deal_json(state, seed=dealt.seed, codes=dealt.codes()),
                 note=dealt.note())


def start_of_deal_file(path: str) -> Start:
    """The start of a deal file: its table, and records with its header."""
    state, header = load_deal(path)

    def to_record(moves: Sequence[str]) -> Record:
        return Record(header.header, tuple(Move(m) for m in moves))

    return Start(state, to_record, deal_json(state, seed=header_seed(header), file=path))


def start_of_record(path: str) -> Start:
    """The start where a (partial) game record stops: the moves played from there go on after
    the record's own."""
    record = load_record(path)
    reached, _steps = replay(record)
    state = puzzle_position(reached, path)

    def to_record(moves: Sequence[str]) -> Record:
        return record.with_moves((*record.moves, *(Move(m) for m in moves)))

    return Start(state, to_record, deal_json(state, seed=header_seed(record), file=path))


def header_seed(record: Record) -> int | None:
    """The seed a file's header names (read and checked already when the file was started)."""
    written = record.get("seed")
    return None if written is None else parse_seed(written)


def position_seed(puzzle: str, state: State) -> int:
    """A seed for the position `state` of the deal `puzzle` names: the first 8 bytes of SHA-256
    of the name and of what the player sees (the information set: never the deck's order), so
    the same position of the same deal always gets the same seed, however it was reached."""
    seen = information_set(puzzle_position(state)).view()
    text = json.dumps([puzzle, seen], sort_keys=True, separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
