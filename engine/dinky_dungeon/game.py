"""Dinky Dungeon: the rules (shared/rulebooks/dinky-dungeon.txt) on immutable states; this module
holds the game's facts and options, a configured game and its set-up, and the registry's
factory.

A state (`state.py`) is frozen; `apply` copies it into a `Board` (`board.py`), runs the action
and the tasks it leads to until someone must choose again (or the game ends), and freezes the
board into a new state. Every choice is an action of the player who makes it, including choices
made on another player's turn (what to keep against the Magician). The tasks are typed records
(engine.tasks), in `effects.py`: those of Setup, the Turn Overview and Game End, playing an
adventurer, and each card's effect with its tasks and choices. Decisions in
docs/rules/dinky-dungeon.md (R1, R2, ...).
"""

from __future__ import annotations

from collections.abc import Mapping

from dungeoneer.engine import registry, rng
from dungeoneer.engine.dinky_dungeon.board import Board
from dungeoneer.engine.dinky_dungeon.cards import DinkyCards, load_cards
from dungeoneer.engine.dinky_dungeon.effects import KINDS, TARGETS, Keep, Start
from dungeoneer.engine.dinky_dungeon.history import DECK, Moved, seat_bit
from dungeoneer.engine.dinky_dungeon.state import DinkyState
from dungeoneer.engine.errors import DungeoneerError, UnknownNameError
from dungeoneer.engine.history import START
from dungeoneer.engine.numbers import shown, whole_number
from dungeoneer.engine.protocol import GameInfo

INFO = GameInfo(
    name="dinky-dungeon", title="Dinky Dungeon", min_players=2, max_players=4,
    hidden_information=True,
    summary="Draft adventurers and play them to gain hidden rewards; 2-4 players.",
    options={"players": "number of players, 2 to 4 (default 2)"},
    setup={"dungeon": "the dungeon deck's order, top first (levels, like '1 1 3 2 ...')",
           "adventurers": "the adventurer deck's order before dealing, top first (names)"})


class DinkyDungeon:
    """A configured game: the card data and the number of players."""

    info = INFO

    def __init__(self, players: int = 2, cards: DinkyCards | None = None) -> None:
        if players not in TARGETS:
            raise DungeoneerError(f"Dinky Dungeon is for 2 to 4 players, not {players}")
        self.players = players
        self.cards = cards or load_cards()
        self.target = TARGETS[players]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DinkyDungeon) and (self.players, self.cards) == (
            other.players, other.cards)

    def __hash__(self) -> int:
        return hash(("dinky-dungeon", self.players))

    def options(self) -> dict[str, str]:
        """Record header lines."""
        return {"players": str(self.players)}

    def new_initial_state(self, seed: int | None = None,
                          setup: Mapping[str, str] | None = None) -> DinkyState:
        """Setup: shuffle the dungeon and the adventurers, deal two adventurers to each player;
        each keeps one (their first decisions)."""
        setup = dict(setup or {})
        unknown = sorted(set(setup) - set(INFO.setup))
        if unknown:
            raise UnknownNameError(f"unknown set-up key {unknown[0]!r}", text=unknown[0])
        stream = None if seed is None else rng.verify_seed(seed)
        table = Board.blank(self, stream, events=START)
        table.dungeon = table.ordered(self.cards.dungeon, setup.get("dungeon"), "the dungeon deck",
                                      _level)
        deck = table.ordered(self.cards.adventurer_deck(), setup.get("adventurers"),
                             "the adventurer deck", self._name)
        dealt = [deck[2 * p: 2 * p + 2] for p in range(self.players)]
        table.adventurers = tuple(deck[2 * self.players:])
        for seat, pair in enumerate(dealt):
            for name in pair:
                table.note(Moved(name, DECK, seat, seat_bit(seat)))
        table.say("The dungeon deck and the adventurer deck are shuffled; each player is dealt "
                  "two adventurers.")
        table.push(Start(0))
        for seat in reversed(range(self.players)):
            table.push(Keep(seat, tuple(sorted(dealt[seat]))))
        table.run()
        return table.freeze()

    def _name(self, token: str) -> str:
        try:
            return self.cards.named(token).name
        except KeyError:
            raise UnknownNameError(f"unknown adventurer {token!r}", text=token) from None


DinkyState.BOARD, DinkyState.TITLE, DinkyState.KINDS = Board, INFO.title, KINDS


def _level(token: str) -> int:
    """A dungeon card in a written order: its level."""
    level = whole_number(token, least=1, most=99)
    if level is None:
        raise DungeoneerError(f"a dungeon card is written as its level, not {shown(token)!r}",
                              text=token)
    return level


def make_dinky_dungeon(options: Mapping[str, str], base_dir: str | None = None) -> DinkyDungeon:
    """The registry factory."""
    registry.check_options(INFO, options)
    return DinkyDungeon(registry.players_from(INFO, options))
