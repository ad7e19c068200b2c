"""5 More Minutes: the rules (shared/rulebooks/five-more-minutes.txt) on immutable states; this
module holds the game's facts and options, a configured game and its preparation, and the
registry's factory.

The same shape as Dinky Dungeon's engine: a frozen state (`state.py`), a mutable `Board` for one
action (`board.py`), and a stack of tasks (engine.tasks). The tasks, one small class per phase,
roll, card and choice, are in `effects.py`; a task that needs a choice is a decision of the player
who makes it (a forced roll is modified by the player who rolls it; a return to stage 1 may be
avoided by its victim). Card and chip data in `cards.py`. Decisions in
docs/rules/five-more-minutes.md (F1, F2, ...).
"""

from __future__ import annotations

from collections.abc import Mapping

from dungeoneer.engine import registry, rng
from dungeoneer.engine.errors import DungeoneerError, UnknownNameError
from dungeoneer.engine.five_more_minutes.board import Board
from dungeoneer.engine.five_more_minutes.cards import card_data
from dungeoneer.engine.five_more_minutes.effects import Turn, expert_deal
from dungeoneer.engine.five_more_minutes.history import START
from dungeoneer.engine.five_more_minutes.state import FiveState
from dungeoneer.engine.protocol import GameInfo

KINDS = ("bonus", "play", "end", "discard", "keep", "pink", "target", "from", "avoid",
         "accept", "receive", "give")
"""The first words of every action, for error messages."""

INFO = GameInfo(
    name="five-more-minutes", title="5 More Minutes", min_players=2, max_players=6,
    hidden_information=True,
    summary="Sloths dream through five sleep stages for hidden blue energy; 2-6 players.",
    options={"players": "number of players, 2 to 6 (default 2)",
             "variant": "standard (default), or any of rookie (no special cards), expert (two "
                        "dream cards each to start), nightmare (dark blue chips wake everyone), "
                        "comma-separated"})
VARIANTS = ("rookie", "expert", "nightmare")


class FiveMoreMinutes:
    """A configured game: players and variant."""

    info = INFO

    def __init__(self, players: int = 2, variant: str = "standard") -> None:
        if not 2 <= players <= 6:
            raise DungeoneerError(f"5 More Minutes is for 2 to 6 players, not {players}")
        chosen = {v.strip().lower() for v in variant.split(",") if v.strip()} - {"standard"}
        unknown = sorted(chosen - set(VARIANTS))
        if unknown:
            raise DungeoneerError(f"unknown variant {unknown[0]!r}; the variants are standard, "
                                  f"{', '.join(VARIANTS)}", text=variant)
        self.players = players
        self.variants = frozenset(chosen)
        self.variant = ",".join(v for v in VARIANTS if v in chosen) or "standard"
        self.kinds, self.blue_chips, removal = card_data()
        self.costs = {name: kind.cost for name, kind in self.kinds.items()}
        """Each card's cost in yellow chips (None: it can't be played in phase B)."""
        self.removed = removal[players]
        self.end_threshold = 4 if players <= 3 else 3
        """D - Check Game End: roll with 3 or more blue chips (4 or more with 2 or 3 players)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FiveMoreMinutes) and (self.players, self.variant) == (
            other.players, other.variant)

    def __hash__(self) -> int:
        return hash(("five-more-minutes", self.players, self.variant))

    def options(self) -> dict[str, str]:
        """Record header lines."""
        return {} if self.variant == "standard" else {"variant": self.variant}

    def deck_cards(self) -> tuple[str, ...]:
        """Preparation: every card less the removal table's (and the specials for rookies)."""
        cards: list[str] = []
        for kind in self.kinds.values():
            if kind.special and "rookie" in self.variants:
                continue
            cards += [kind.name] * (kind.count - self.removed.get(kind.name, 0))
        return tuple(sorted(cards))

    def new_initial_state(self, seed: int | None = None,
                          setup: Mapping[str, str] | None = None) -> FiveState:
        """Preparation: the deck shuffled, the blue chips face down and mixed, every sloth at
        stage 1; the first player begins (F1)."""
        if setup:
            raise UnknownNameError(f"5 More Minutes has no set-up key {sorted(setup)[0]!r}",
                                   text=sorted(setup)[0])
        n = self.players
        table = Board(game=self, deck=(), discard=(), hands=((),) * n, stages=(1,) * n,
                      pink=(0,) * n, yellow=(0,) * n, blue=((),) * n, supply_pink=9,
                      supply_yellow=21, blue_pile=(), lost=(False,) * n, free=0, active=0,
                      turns=0, tasks=[], stream=None if seed is None else rng.verify_seed(seed),
                      forced=(), over=False, events=START)
        table.deck = table.shuffled(self.deck_cards(), "the deck")
        table.blue_pile = table.shuffled(self.blue_chips, "the blue chips")
        if "expert" in self.variants:
            expert_deal(table)
        table.push(Turn(0))
        table.run()
        return table.freeze()


FiveState.BOARD, FiveState.TITLE, FiveState.KINDS = Board, INFO.title, KINDS


def make_five_more_minutes(options: Mapping[str, str],
                           base_dir: str | None = None) -> FiveMoreMinutes:
    """The registry factory."""
    registry.check_options(INFO, options)
    return FiveMoreMinutes(registry.players_from(INFO, options),
                           options.get("variant", "standard").strip())
