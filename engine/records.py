"""Game records: one human-writable format for every game (documented in docs/records.md).

    # comments run from '#' to the end of a line
    game: NAME            # the game's registry name
    seed: 42
    OPTION: VALUE         # the game's options and set-up orders
    ---
    ACTION                # one action per line, in the game's notation
    ACTION
    ~ OUTCOME             # the shuffle (or roll) during the line above came out this way

A header of `key: value` lines (the game, its options, players, the seed and explicit set-up
orders), a `---` line, then one action per line in the game's notation. A line starting with `~`
writes the outcome of a chance event (a shuffle, a roll) that happened during the action above it;
it overrides the seed for that event. Like a PGN reader, replay stops at the first bad line and
says which line, what it says and why.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from dungeoneer.engine import registry
from dungeoneer.engine.errors import (
    ActionSyntaxError,
    CardDataError,
    CardFolderError,
    ChanceError,
    DungeoneerError,
    IllegalActionError,
    RecordError,
)
from dungeoneer.engine.files import write_atomic
from dungeoneer.engine.numbers import whole_number
from dungeoneer.engine.protocol import Action, Game, RealTimeState, State

SEPARATOR = "---"
RESERVED = ("game", "seed", "players")
NOTES = ("daily", "code", "hints", "solver-hints", "undos")
"""Header lines that say where a game comes from and how it was played (the daily puzzle of a
date, its deal code, the help the player took), without changing the game: a replay reads past
them, and the command that wrote them reads them back."""
MAX_RECORD_BYTES = 16 * 2**20
"""The largest record or deal file read (16 MiB: a long game is a few kilobytes)."""
_LINE_END = re.compile(r"\r\n|\r|\n")
_HEADER_KEY = re.compile(r"[a-z][a-z0-9-]*( [0-9]+)?")
"""A header key: a word, optionally followed by a number ('column 2')."""


@dataclass(frozen=True)
class Move:
    """One action line, with the chance outcomes written under it."""

    text: str
    chance: tuple[str, ...] = ()
    line: int | None = field(default=None, compare=False)
    chance_lines: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Record:
    """A parsed record: the header (in order) and the moves."""

    header: tuple[tuple[str, str], ...]
    moves: tuple[Move, ...]
    file: str | None = field(default=None, compare=False)
    header_lines: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    def get(self, key: str, default: str | None = None) -> str | None:
        """A header value."""
        for name, value in self.header:
            if name == key:
                return value
        return default

    @property
    def game_name(self) -> str:
        """The `game:` header."""
        return self.get("game") or ""

    def with_moves(self, moves: tuple[Move, ...]) -> Record:
        """The same header with other moves."""
        return Record(self.header, moves, self.file, self.header_lines)


def record_for(game: Game, seed: int | None, moves: Sequence[str] = (), *,
               setup: Mapping[str, str] | None = None) -> Record:
    """The record of a game of `game` dealt from `seed` (or laid out by `setup`) and played
    with `moves`: the game's name, `players` when the game has that option, the seed, its other
    options and the set-up orders."""
    options = game.options()
    players = game.players if "players" in game.info.options else None
    return new_record(game.info.name, seed=seed, players=players,
                      options={k: v for k, v in options.items() if k != "players"},
                      setup=dict(setup or {}), moves=tuple(moves))


def new_record(game_name: str, *, seed: int | None, options: dict[str, str],
               setup: dict[str, str] | None = None, players: int | None = None,
               moves: tuple[str, ...] = ()) -> Record:
    """A record for a game started with these settings."""
    header = [("game", game_name)]
    if players is not None:
        header.append(("players", str(players)))
    if seed is not None:
        header.append(("seed", str(seed)))
    header.extend(options.items())
    header.extend((setup or {}).items())
    return Record(tuple(header), tuple(Move(m) for m in moves))


# ----------------------------------------------------------------------------- reading

def _strip(line: str) -> str:
    return line.split("#", 1)[0].strip()


def editor_lines(text: str) -> list[str]:
    """The lines of `text` as an editor numbers them: split at \\n, \\r\\n and \\r only
    (`str.splitlines` also splits at form feeds, \\x1c-\\x1e, \\x85 and \\u2028, which would
    put every later line number out)."""
    lines = _LINE_END.split(text)
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the last line starts no line of its own
    return lines


def parse_record(text: str, file: str = "<record>", *, header_only: bool = False) -> Record:
    """Parse a record's text; raises RecordError naming the line. With `header_only` (a deal
    file), the text is a header alone, with no '---' and no moves."""
    header: list[tuple[str, str]] = []
    header_lines: dict[str, int] = {}
    moves: list[Move] = []
    in_header = True
    for number, raw in enumerate(editor_lines(text), start=1):
        line = _strip(raw)
        if not line:
            continue
        if in_header:
            if line == SEPARATOR and not header_only:
                in_header = False
                continue
            key, colon, value = line.partition(":")
            key = " ".join(key.split()).lower()
            if not colon or not _HEADER_KEY.fullmatch(key):
                raise RecordError("expected a header line 'key: value', or '---' before the "
                                  "moves", file=file, line=number, text=raw.rstrip())
            if key in header_lines:
                raise RecordError(f"the header gives {key!r} twice (first on line "
                                  f"{header_lines[key]})", file=file, line=number,
                                  text=raw.rstrip())
            header.append((key, value.strip()))
            header_lines[key] = number
            continue
        if line.startswith("~"):
            outcome = line[1:].strip()
            if not moves:
                raise RecordError("a chance outcome ('~ ...') follows the action it belongs to; "
                                  "set-up orders go in the header", file=file, line=number,
                                  text=raw.rstrip())
            if not outcome:
                raise RecordError("'~' needs the outcome after it", file=file, line=number,
                                  text=raw.rstrip())
            last = moves[-1]
            moves[-1] = Move(last.text, (*last.chance, outcome), last.line,
                             (*last.chance_lines, number))
            continue
        moves.append(Move(" ".join(line.split()), (), number))
    if in_header and not header_only:
        raise RecordError("no '---' line: a record is a header, a '---' line, then the moves",
                          file=file, line=None)
    record = Record(tuple(header), tuple(moves), file, header_lines)
    if not record.game_name and not header_only:
        raise RecordError("the header needs a 'game:' line", file=file, line=1)
    return record


def load_record(path: str | Path, *, header_only: bool = False) -> Record:
    """Read and parse a record file (or, with `header_only`, a deal file)."""
    return parse_record(read_text(path), str(path), header_only=header_only)


def read_text(path: str | Path, *, limit: int = MAX_RECORD_BYTES) -> str:
    """A record's (or deal file's) text: UTF-8, at most `limit` bytes. A RecordError names the
    file and, for bytes that are not UTF-8, the line and column they are on."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise RecordError("no such file", file=str(path)) from None
    except IsADirectoryError:
        raise RecordError("a folder, not a file", file=str(path)) from None
    except OSError as exc:
        raise RecordError(f"can't read it ({exc.strerror or exc})", file=str(path)) from None
    if len(data) > limit:
        raise RecordError(f"larger than {limit // 2**20} MiB: not a record", file=str(path))
    try:
        return data.decode("utf-8-sig")  # a byte-order mark some editors write is dropped
    except UnicodeDecodeError as exc:
        before = data[:exc.start].decode("utf-8-sig", "replace")
        line = len(editor_lines(before + "x"))
        column = len(before) - max(before.rfind("\n"), before.rfind("\r"))
        raise RecordError(f"column {column}: byte 0x{data[exc.start]:02x} is not UTF-8 text "
                          "(save the file as UTF-8)", file=str(path), line=line) from None


def load_deal_file(path: str | Path, *, game: str | None = None) -> tuple[Game, State, Record]:
    """A deal file: a record header that lays out a table (or names a seed), with no moves; a
    file without a `game:` line is for `game`. Returns the game, the position it describes and
    the header as a record with no moves."""
    record = load_record(path, header_only=True)
    if not record.game_name:
        if game is None:
            raise RecordError("the deal file needs a 'game:' line", file=record.file, line=1)
        record = Record((("game", game), *record.header), (), record.file, record.header_lines)
    game_built, state = start(record)
    return game_built, state, record


# ----------------------------------------------------------------------------- writing

def dumps(record: Record, comment: str = "") -> str:
    """The record as text; `parse_record(dumps(r)) == r`."""
    lines = [f"# {part}" for part in comment.splitlines()] if comment else []
    lines += [f"{key}: {value}" for key, value in record.header]
    lines.append(SEPARATOR)
    for move in record.moves:
        lines.append(move.text)
        lines.extend(f"~ {outcome}" for outcome in move.chance)
    return "\n".join(lines) + "\n"


def save_record(path: str | Path, record: Record, *, comment: str = "",
                overwrite: bool = False) -> None:
    """Write the record atomically."""
    write_atomic(path, dumps(record, comment), overwrite=overwrite)


# ----------------------------------------------------------------------------- replaying

@dataclass(frozen=True)
class Step:
    """One replayed move: the move, the action it named, the state after it, what happened."""

    move: Move
    action: Action
    state: State
    log: tuple[str, ...]


def _header_error(record: Record, key: str | None, reason: str) -> RecordError:
    if key is None:
        return RecordError(reason, file=record.file)
    value = record.get(key)
    return RecordError(reason, file=record.file, line=record.header_lines.get(key),
                       text=None if value is None else f"{key}: {value}")


def start(record: Record) -> tuple[Game, State]:
    """The game the header describes and its state after set-up."""
    base_dir = str(Path(record.file).parent) if record.file else None
    try:
        infos = {info.name: info for info in registry.registered()}
        info = infos.get(record.game_name)
        if info is None:
            raise _header_error(record, "game", f"unknown game {record.game_name!r}; the games "
                                f"are: {', '.join(infos)}")
        known = {*RESERVED, *NOTES, *info.options, *info.setup}
        for key, _value in record.header:
            if key not in known:
                raise _header_error(record, key, f"{key!r} is not a header of {info.title} "
                                    f"(headers: {', '.join(sorted(known))})")
        seed = _seed(record)
        players = record.get("players")
        if players is not None and whole_number(players, least=info.min_players,
                                                most=info.max_players) is None:
            raise _header_error(record, "players", f"{info.title} is for "
                                f"{info.min_players} to {info.max_players} players")
        options = {k: v for k, v in record.header if k in info.options}
        if players is not None and "players" in info.options:
            options["players"] = players
        setup = {k: v for k, v in record.header if k in info.setup}
        try:
            game = registry.get_game(info.name, options, base_dir=base_dir)
            state = game.new_initial_state(seed=seed, setup=setup)
        except CardFolderError as exc:
            raise _header_error(record, "cards", exc.reason) from None
        except CardDataError:
            raise  # it names the card file, card and field
        except DungeoneerError as exc:
            blamed = _blame(record, exc, options, setup)
            raise _header_error(record, blamed, exc.reason) from None
        return game, state
    except (RecordError, CardDataError):
        raise
    except DungeoneerError as exc:
        raise RecordError(exc.reason, file=record.file) from None


def _blame(record: Record, exc: DungeoneerError, options: Mapping[str, str],
           setup: Mapping[str, str]) -> str | None:
    """The header line an error in building the game comes from, when one line is at fault:
    the one the game names, else the first that holds the offending text."""
    if exc.header is not None and exc.header in (*setup, *options):
        return exc.header
    text = (exc.text or "").strip().lower()
    for key, value in [*setup.items(), *options.items()]:
        if text and text in value.lower():
            return key
    if exc.text is not None and not text:
        # The error is about an empty value ('hero:' with nothing after it): that line.
        return next((key for key, value in [*setup.items(), *options.items()]
                     if not value.strip()), None)
    if isinstance(exc, ChanceError) and record.get("seed") is None:
        return "game"  # no seed: the shuffles of set up had nothing to draw from
    return None


def _seed(record: Record) -> int | None:
    value = record.get("seed")
    if value is None:
        return None
    from dungeoneer.engine.rng import MAX_SEED, parse_seed
    seed = parse_seed(value)
    if seed is None:
        raise _header_error(record, "seed", f"a seed is a whole number from 0 to {MAX_SEED}")
    return seed


def replay(record: Record, *, keep_log: bool = False,
           on_step: Callable[[Step], None] | None = None,
           first: State | None = None) -> tuple[State, list[Step]]:
    """Play the record's moves from the start (`first`: the state after set-up, if the caller
    has it already from `start`); stops at the first bad line with a RecordError or
    IllegalActionError that names the file, line and text (and what was legal there)."""
    state = first if first is not None else start(record)[1]
    steps: list[Step] = []
    for step in iter_replay(record, state, keep_log=keep_log):
        steps.append(step)
        if on_step is not None:
            on_step(step)
        state = step.state
    return state, steps


def iter_replay(record: Record, state: State, *, keep_log: bool = False) -> Iterator[Step]:
    """Replay the moves one by one from `state`."""
    for move in record.moves:
        if state.is_terminal():
            outcome = state.outcome()
            why = f" ({outcome.reason})" if outcome else ""
            raise RecordError(f"the game is already over here{why}", file=record.file,
                              line=move.line, text=move.text)
        try:
            action = state.parse_action(move.text)
        except (ActionSyntaxError, IllegalActionError) as exc:
            raise exc.located(file=record.file, line=move.line, text=move.text) from None
        if state.game.info.real_time and cast(RealTimeState, state).time_of(action) is None:
            raise RecordError("in a real-time game every action line starts with the timer "
                              "reading at which it happened, in seconds (like '12.5 seat 1 "
                              "play Sword')", file=record.file, line=move.line, text=move.text)
        log: list[str] | None = [] if keep_log else None
        before = state.with_chance(move.chance) if move.chance else state
        try:
            state = before.apply(action, log)
        except IllegalActionError as exc:
            raise exc.located(file=record.file, line=move.line, text=move.text) from None
        except ChanceError as exc:
            line = move.chance_lines[0] if move.chance_lines else move.line
            raise exc.located(file=record.file, line=line, text=exc.text or move.text) from None
        unused = state.pending_chance()
        if unused:
            index = len(move.chance) - len(unused)
            raise RecordError("no chance event was left for this outcome: the action above "
                              "shuffled or rolled fewer times than the record says",
                              file=record.file, line=move.chance_lines[index], text=unused[0])
        yield Step(move, action, state, tuple(log or ()))
