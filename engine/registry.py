"""The registry: the games there are, found through the `dungeoneer.games` entry-point group.

Each game package declares itself once, in a `GameEntry`: its static facts (`GameInfo`), the
factory that builds a configured game from options, its bots, the options the command line
offers for it, how it draws its table for people and how it is simulated. A package makes its
game known by naming that entry in its metadata (docs/games.md):

    [project.entry-points."dungeoneer.games"]
    my-game = "my_package.my_game:GAME"

The core never imports a game: entries are loaded the first time the games are asked for, and a
game whose package fails to load is reported by name (`broken()`) instead of breaking the rest.
`register` adds an entry by hand (a test's game, a notebook's).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any, Literal, Protocol

from dungeoneer.engine.errors import DungeoneerError, UnknownNameError
from dungeoneer.engine.numbers import shown, whole_number
from dungeoneer.engine.protocol import Action, Bot, Game, GameInfo, State

if TYPE_CHECKING:
    from dungeoneer.engine.catalogue import CardText
    from dungeoneer.engine.simulate import SeatSimulation, TeamSimulation

ENTRY_POINT_GROUP = "dungeoneer.games"


class GameFactory(Protocol):
    """Builds a configured game from options (record-header style: name -> text); `base_dir`
    resolves relative paths in them (a record's folder). Bad options raise DungeoneerError."""

    def __call__(self, options: Mapping[str, str], base_dir: str | None = None) -> Game: ...


BotFactory = Callable[..., Bot]
"""Builds a bot: `factory(seed, **settings)`, the settings being the bot's own (a team bot's
pace); a bot class is one."""


class Drawing(Protocol):
    """Draws a state for people (a rich renderable): as `seat` sees it, or with seat None the
    whole table as a replay shows it; `reveal` adds what nobody at the table sees (a deck's
    order); `live`: the time is shown ticking elsewhere (a real-time game's prompt), so the
    table leaves its clock out rather than show a second one that stands still."""

    def __call__(self, state: State, seat: int | None = None, *, reveal: bool = False,
                 live: bool = False) -> Any: ...


@dataclass(frozen=True)
class Shortcut:
    """A short code a person may type at the terminal for a legal action, such as `1 arrow`:
    words, the first of them a seat number where the action is a seat's. A code depends only on
    the action (never on its place in the list), so it stays the same while other moves are
    played. Several actions may share a code; `detail` tells them apart (the person is asked
    which). Codes are a screen matter: records keep the game's notation."""

    code: str
    action: Action
    detail: str = ""
    """What tells this action apart from the others under the same code ('at Gorblin')."""
    group: str = ""
    """The row of the list it is shown in (a seat and its hero)."""


@dataclass(frozen=True)
class TableCommand:
    """A command a person may type at the table instead of an action, such as `text Rogue`:
    `usage` as the help shows it (its first word is what is typed), a line of `help`, and `run`,
    which answers what was typed after the word with the lines to show (rich markup), or with
    None when those words are not this command's (the answer is then read as an action). Bad
    input raises DungeoneerError, shown as one message."""

    usage: str
    help: str
    run: Callable[[State, str], Sequence[str] | None]

    @property
    def word(self) -> str:
        """What is typed: the first word of `usage`."""
        return self.usage.split()[0]


def _nothing_about(state: State) -> Sequence[tuple[str, str]]:
    return ()


@dataclass(frozen=True)
class Terminal:
    """How people play a game at a terminal, where it differs from the default (the table as
    `GameEntry.draw` shows it to the seat, every legal action in a numbered list, no command but
    q). The list is laid out in columns across the screen, so that the table and the choice fit
    an 80x24 terminal."""

    table: Callable[[State], Any]
    """The table drawn before each choice (a rich renderable)."""
    listed: Callable[[State], Sequence[Action]]
    """The legal actions the list numbers; the others are typed in the notation."""
    unlisted: str = ""
    """Said under the list when it leaves legal actions out: how to type them."""
    about: Callable[[State], Sequence[tuple[str, str]]] = _nothing_about
    """(label, text) of what the pending choice is about, shown under the prompt (the printed
    text of each ability the choice is between)."""
    legend: str = ""
    """What the table's signs mean: the start of `help`."""
    commands: tuple[TableCommand, ...] = ()
    """The game's own commands (a card's printed text)."""
    explain: Callable[[State, str], str | None] | None = None
    """The game's own reason why typed text names no legal action, where it can say more than
    the notation's error ('there is no card 9Z'); None: it cannot."""
    take_back: bool = False
    """Whether people may take moves back (`undo [N]`; `session.TakeBack`)."""
    save: bool = False
    """Whether people may save the record so far (`save [FILE]`)."""


@dataclass(frozen=True)
class Option:
    """A game option the command line offers (`--players 3` sets the option `players`). `kind`
    says how the value is read: 'int' (a whole number), 'text', 'folder' (a path to a folder) or
    'flag' (given: the option is 'yes'). An option not given is left to the game, which checks
    every value and knows the defaults (the help text says them)."""

    key: str
    help: str
    kind: Literal["int", "text", "folder", "flag"] = "text"

    @property
    def flag(self) -> str:
        """The command-line flag: '--' and the key."""
        return f"--{self.key}"


@dataclass(frozen=True)
class Caption:
    """What names a picture besides the position it shows: a title (the daily puzzle of a
    date, its number and level), the code that deals it again, and how far play had gone (the
    moves played, the last of them in the game's notation)."""

    title: str = ""
    code: str = ""
    moves: int = 0
    last_move: str = ""


@dataclass(frozen=True)
class GameEntry:
    """Everything the library and the command line know about a game, declared by its package."""

    info: GameInfo
    factory: GameFactory
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    """Bot name -> factory. In a real-time game each is a team bot that plays every seat."""
    default_bot: str | None = None
    """The bot simulations use when none is named."""
    default_pace: float | None = None
    """A real-time game: the seconds a player takes per action in its team bots' time model
    when none is given (`pace` is then the bots' one setting)."""
    options: tuple[Option, ...] = ()
    """The game's options on the command line (`play`; a simulation has its own)."""
    draw: Drawing | None = None
    """How the table is drawn for people; None: its JSON view is shown."""
    simulation: SeatSimulation | TeamSimulation | None = None
    """How the game is simulated (`engine.simulate`); None: it is not."""
    picture: Callable[[State, Caption], str] | None = None
    """A position as a self-contained SVG picture (`--svg`) with its caption; None: the game
    has none."""
    listings: Callable[[], Mapping[str, Sequence[str]]] | None = None
    """Named lists `dungeoneer games` shows under the game (the hero faces to choose from)."""
    shortcuts: Callable[[State], Sequence[Shortcut]] | None = None
    """Short codes for the legal actions, shown and read at a real terminal instead of the
    numbered list (`Shortcut`); None: people choose by number or notation."""
    resample: Callable[[State, int, int], State] | None = None
    """`resample(state, seat, seed)`: a position `seat` cannot tell from `state`, its hidden cards
    dealt anew and the chance to come drawn afresh from `seed`, as its bots fill in what they
    cannot see (OpenSpiel's resampling from an information state). The conformance tests check
    with it that a seat's view holds nothing it cannot know. None: the game has none."""
    cards: Callable[[], Sequence[CardText]] | None = None
    """Every card with its printed text and source (`engine.catalogue`), for `dungeoneer cards`
    and `text NAME` at the table; None: the game has no card list."""
    hint_bot: str | None = None
    """The bot whose choice `hint` at the table shows (the game's strongest); None: the
    default bot."""
    terminal: Callable[[], Terminal] | None = None
    """How people play the game at a terminal, where it differs from the default (`Terminal`),
    made when first needed; None: the default."""

    @property
    def name(self) -> str:
        """The registry name (`GameInfo.name`)."""
        return self.info.name


_GAMES: dict[str, GameEntry] = {}
_BROKEN: dict[str, str] = {}
_loaded = False


def register(entry: GameEntry) -> None:
    """Add a game by hand (the entry points add the installed ones)."""
    _load()
    if entry.name in _GAMES:
        raise ValueError(f"game {entry.name!r} is registered twice")
    _GAMES[entry.name] = entry


def unregister(name: str) -> None:
    """Remove a game added with `register` (tests)."""
    _GAMES.pop(name, None)


def _load() -> None:
    """Load every entry point of the group, once per process."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        _load_point(point)


def _load_point(point: EntryPoint) -> None:
    where = f"{point.value}" + (f" (from {point.dist.name})" if point.dist else "")
    try:
        entry = point.load()
    except Exception as exc:  # a third party's broken package must not break the others
        _BROKEN[point.name] = f"{where} failed to load: {type(exc).__name__}: {exc}"
        return
    if not isinstance(entry, GameEntry):
        _BROKEN[point.name] = f"{where} is not a GameEntry"
    elif entry.name != point.name:
        _BROKEN[point.name] = f"{where} declares the game {entry.name!r}, not {point.name!r}"
    elif entry.name in _GAMES:
        _BROKEN[point.name] = f"{where}: the game {entry.name!r} is installed twice"
    else:
        _GAMES[entry.name] = entry


def entries() -> tuple[GameEntry, ...]:
    """The registered games, by name."""
    _load()
    return tuple(_GAMES[name] for name in sorted(_GAMES))


def registered() -> tuple[GameInfo, ...]:
    """The registered games' static facts, by name."""
    return tuple(entry.info for entry in entries())


def broken() -> dict[str, str]:
    """Games whose entry point could not be loaded: name -> why."""
    _load()
    return dict(_BROKEN)


def entry(name: str) -> GameEntry:
    """The named game's entry; UnknownNameError (naming the games there are) if there is none."""
    _load()
    found = _GAMES.get(name)
    if found is not None:
        return found
    if name in _BROKEN:
        raise DungeoneerError(f"the game {name!r} is installed but broken: {_BROKEN[name]}",
                              text=name)
    known = ", ".join(sorted(_GAMES)) or "none"
    raise UnknownNameError(f"unknown game {name!r}; the games are: {known}", text=name)


def get_game(name: str, options: Mapping[str, str] | None = None, *,
             base_dir: str | None = None) -> Game:
    """Build the named game with `options` (as in a record header). `base_dir` resolves relative
    paths in options (a record's folder)."""
    return entry(name).factory(dict(options or {}), base_dir=base_dir)


def bot_names(game_name: str) -> tuple[str, ...]:
    """The bots a game has (none for a solitaire game)."""
    return tuple(entry(game_name).bots)


def make_bot(game_name: str, name: str, seed: int = 0, **settings: Any) -> Bot:
    """A bot for the game, its random choices seeded; `settings` go to the bot (a team bot's
    pace). `name` may carry settings of the bot's own after a colon, `NAME:KEY=VALUE,...`
    ('sampling:samples=8,lead=0.1'), among those its class lists in `SETTINGS`
    (`engine.bots.BotSetting`); each is set on the bot once it is built."""
    bots = entry(game_name).bots
    base, _, written = name.partition(":")
    base = base.strip()
    if not bots:
        raise DungeoneerError(f"there are no bots for {game_name}", text=name)
    if base not in bots:
        raise UnknownNameError(f"unknown bot {base!r} for {game_name}; the bots are: "
                               f"{', '.join(bots)}", text=base)
    chosen = bot_settings(game_name, base, bots[base], written) if written.strip() else {}
    bot = bots[base](seed, **settings)
    for key, value in chosen.items():
        setattr(bot, key, value)
    return bot


def bot_settings(game_name: str, base: str, factory: BotFactory,
                 written: str) -> dict[str, int | float]:
    """The settings `written` after a bot's name ('samples=8,lead=0.1'), read and checked
    against the bot's `SETTINGS`; DungeoneerError (or UnknownNameError) naming the first that
    is not one."""
    allowed = {s.name: s for s in getattr(factory, "SETTINGS", ())}
    found: dict[str, int | float] = {}
    for item in written.split(","):
        key, equals, text = (part.strip() for part in item.partition("="))
        if not equals or not key:
            raise DungeoneerError(f"a setting of the {base} bot is NAME=VALUE, not "
                                  f"{shown(item.strip())!r}", text=item)
        setting = allowed.get(key)
        if setting is None:
            takes = (f"its settings are {', '.join(allowed)}" if allowed
                     else "it takes no settings")
            raise UnknownNameError(f"unknown setting {key!r} of the {base} bot of {game_name}; "
                                   f"{takes}", text=key)
        value = setting.read(text)
        if value is None:
            raise DungeoneerError(f"{key} of the {base} bot is {setting.allowed()}, not "
                                  f"{shown(text)!r}", text=text)
        found[key] = value
    return found


def check_options(info: GameInfo, options: Mapping[str, str]) -> None:
    """Raise UnknownNameError, naming the game's options, for an option the game doesn't have."""
    unknown = sorted(set(options) - set(info.options))
    if unknown:
        raise UnknownNameError(f"unknown {info.title} option {unknown[0]!r}; options: "
                               f"{', '.join(info.options)}", text=unknown[0])


def players_option(info: GameInfo) -> Option:
    """The `players` option of a game for several players."""
    return Option("players", f"Number of players, {info.min_players} to {info.max_players} "
                  f"(default {info.min_players}).", kind="int")


def players_from(info: GameInfo, options: Mapping[str, str], default: int | None = None) -> int:
    """The `players` option (default: `default`, else the fewest the game allows), checked
    against the game."""
    fallback = info.min_players if default is None else default
    text = options.get("players", str(fallback)).strip()
    players = whole_number(text, least=info.min_players, most=info.max_players)
    if players is None:
        raise DungeoneerError(f"{info.title} is for {info.min_players} to {info.max_players} "
                              f"players, not {shown(text)!r}", text=text)
    return players
