"""The same comforts at the table of every game: `help`, `text NAME` (a card's printed text from
the card data), `undo [N]` (a person's own moves, where the game allows it) and `hint` (what the
game's strongest bot would do from the seat's view). A game with a `Terminal` of its own (Puzzle
Dungeon) declares its commands there; the others get these, made from what the game declares
(`GameEntry.cards`, `hint_bot`, `resample`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rich.markup import escape

from dungeoneer.cli.commands import Save, TableCommands
from dungeoneer.engine import registry
from dungeoneer.engine.catalogue import card_named, text_lines
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.protocol import ANY_PLAYER, Bot, State
from dungeoneer.engine.registry import GameEntry, TableCommand, Terminal

NO_UNDO_IN_REAL_TIME = ("moves can't be taken back in {title}: the timer does not run back, "
                        "and a paused timer is the team's, not one person's "
                        "(docs/rules/five-minute-dungeon.md, D22)")
"""What `undo` says in a real-time game (the decision and the passage it reads are in the
game's rules document)."""

_READING = re.compile(r"^\d+(?:\.\d)?\s+")
"""A real-time action's timer reading, at the start of its notation ('12.5 seat 1 play ...')."""

HINT_SEED = 0x5EED
"""The hint's bot and its filling-in of hidden cards are seeded from this and the move number:
the same position gives the same hint."""


def text_command(entry: GameEntry) -> TableCommand:
    """`text NAME`: a card's printed text and source, from the game's card list."""
    def run(state: State, name: str) -> Sequence[str]:
        if not name:
            raise DungeoneerError("text takes a card's name: text NAME")
        assert entry.cards is not None
        return text_lines(card_named(entry.cards(), name, entry.info.title))
    return TableCommand("text NAME", "a card's printed text and where it comes from", run)


def hint(entry: GameEntry, state: State, seat: int, number: int) -> str:
    """The hint's line: the action the game's strongest bot chooses from what `seat` sees (every
    card it cannot see dealt anew, `GameEntry.resample`), in the game's notation."""
    name = entry.hint_bot or entry.default_bot
    if name is None or entry.resample is None:
        return (f"[red]no hints in {entry.info.title}: it has no bot that plays from a seat's "
                "view[/red]")
    seed = HINT_SEED + number
    seen = entry.resample(state, 0 if seat == ANY_PLAYER else seat, seed)
    bot: Bot = registry.make_bot(entry.name, name, seed)
    # (a team bot times its action by its own model: a person plays it when they choose)
    text = _READING.sub("", seen.action_text(bot.choose(seen)))
    try:
        state.parse_action(text)
    except DungeoneerError:  # (the filled-in cards let it do what the true ones don't)
        return f"No hint here: the {name} bot's choice, {escape(text)}, is not legal here."
    who = "the team" if seat == ANY_PLAYER else f"seat {seat + 1}"
    return (f"Hint: {escape(text)} (the {name} bot's choice from what {who} can see; it never "
            "looks at hidden cards)")


def hint_command(entry: GameEntry, moves: Callable[[], int]) -> TableCommand:
    """`hint`, for the seat to act; `moves()` counts the moves played (the hint's seed)."""
    def run(state: State, rest: str) -> Sequence[str] | None:
        if rest:
            return None
        return [hint(entry, state, state.current_player(), moves())]
    name = entry.hint_bot or entry.default_bot
    return TableCommand("hint", f"what the {name} bot would play from your seat's view", run)


def no_undo_command(entry: GameEntry) -> TableCommand:
    """`undo` in a real-time game: why there is none."""
    def run(state: State, rest: str) -> Sequence[str]:
        return [f"[red]{NO_UNDO_IN_REAL_TIME.format(title=entry.info.title)}[/red]"]
    return TableCommand("undo", "(none in real time: the timer does not run back)", run)


def undo_count(movers: Sequence[tuple[int, bool]], seat: int, wanted: int) -> int | str:
    """How many of the last moves `undo N` by `seat` takes back: its own last `wanted` moves and
    the bots' after them (`movers`: each move's seat and whether a person played it, first to
    last). Another person's move is never taken back: the count stops at it, or a message says
    why there is nothing to take back."""
    count = own = 0
    for mover, person in reversed(movers):
        if person and mover != seat:
            break
        count += 1
        if person:
            own += 1
            if own == wanted:
                return count
    if own:
        return count - _bots_since_last_own(movers[len(movers) - count:])
    if movers and count < len(movers):
        blocker = movers[len(movers) - count - 1][0]
        return f"nothing of yours to undo: seat {blocker + 1} moved since (their move is theirs)"
    return 0


def _bots_since_last_own(moves: Sequence[tuple[int, bool]]) -> int:
    """Bots' moves before the first person's move of `moves` (they stay: they came before)."""
    for i, (_, person) in enumerate(moves):
        if person:
            return i
    return len(moves)


def table_commands(entry: GameEntry, save: Save, moves: Callable[[], int],
                   movers: Callable[[], Sequence[tuple[int, bool]]]) -> TableCommands:
    """The commands at the table of a game without a `Terminal` of its own."""
    own: list[TableCommand] = []
    if entry.cards is not None:
        own.append(text_command(entry))
    if entry.bots:
        own.append(hint_command(entry, moves))
    real_time = entry.info.real_time
    if real_time:
        own.append(no_undo_command(entry))
    terminal = Terminal(table=lambda state: None, listed=lambda state: state.legal_actions(),
                        commands=tuple(own), take_back=not real_time, save=True)

    def count_back(state: State, wanted: int) -> int | str:
        return undo_count(movers(), state.current_player(), wanted)
    return TableCommands(terminal, save=save, count_back=None if real_time else count_back)
