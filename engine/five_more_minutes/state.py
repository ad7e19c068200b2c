"""The 5 More Minutes position: the frozen state and the protocol on it (engine.tasks), and what
one seat may know of it (`SeatView`, read by the bots at every decision)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dungeoneer.engine.five_more_minutes.cards import Chip
from dungeoneer.engine.five_more_minutes.effects import FiveDecision
from dungeoneer.engine.five_more_minutes.history import Link
from dungeoneer.engine.protocol import (
    TERMINAL,
    Action,
    Outcome,
    Termination,
    seat_number,
)
from dungeoneer.engine.tasks import Decision, Step, TaskState

if TYPE_CHECKING:
    from dungeoneer.engine.five_more_minutes.board import Board
    from dungeoneer.engine.five_more_minutes.game import FiveMoreMinutes


@dataclass(frozen=True)
class FiveState(TaskState):
    """A 5 More Minutes position. Immutable; `apply` returns a new one (engine.tasks). Hands,
    blue chips and used cards are held sorted (their order tells nothing)."""

    game: FiveMoreMinutes
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    stages: tuple[int, ...]
    pink: tuple[int, ...]
    yellow: tuple[int, ...]
    blue: tuple[tuple[Chip, ...], ...]
    """Each player's blue chips as (value, dark): the values are hidden from the others."""
    supply_pink: int
    supply_yellow: int
    blue_pile: tuple[Chip, ...]
    lost: tuple[bool, ...]
    free: int
    """Cards still free this turn (Dream Control)."""
    active: int
    """The seat whose turn it is."""
    turns: int
    tasks: tuple[Step | Decision, ...]
    stream: int | None
    forced: tuple[str, ...]
    over: bool
    events: Link | None = field(default=None, compare=False, hash=False, repr=False)
    """The history: every move of a card or a blue chip so far, with the seats that see which
    one it is (history.py), from which `knowledge` reads what a seat knows. How the position was
    reached, not the position: states compare without it. None when the position has no
    history (built by hand, or a sampling bot's filling: nothing is recorded on from it)."""
    legal: tuple[Action, ...] | None = field(default=None, compare=False, hash=False,
                                             repr=False)

    def current_player(self) -> int:
        """The seat that must choose now, or TERMINAL."""
        return TERMINAL if self.over else self.tasks[-1].seat

    @property
    def decision(self) -> FiveDecision:
        """The pending decision (the game is not over)."""
        task = self.tasks[-1]
        assert isinstance(task, FiveDecision)
        return task

    def scores(self) -> tuple[int, ...]:
        """Each player's blue total."""
        return tuple(sum(v for v, _ in chips) for chips in self.blue)

    def outcome(self) -> Outcome | None:
        """Score: the most blue points wins; ties go to the most pink chips, then the most yellow
        chips; a tie after that is shared (F6)."""
        if not self.over:
            return None
        keys = [(s, self.pink[i], self.yellow[i]) for i, s in enumerate(self.scores())]
        best = max(keys)
        winners = tuple(i for i, k in enumerate(keys) if k == best)
        return Outcome(Termination.FINISHED, winners, self.scores(),
                       f"a 6 was rolled at the end check; most blue points {best[0]}")

    def public_action_text(self, action: Action) -> str:
        """The action as the other players see it: the value of a blue chip given away stays
        hidden (the receiver sees it in their own view)."""
        return self.action_text(action) if self.over else self.decision.public_text(action)

    def seat_view(self, player: int) -> SeatView:
        """What `player` may know, as `view` (seats from 0 here), without the view's copies:
        for the bots, which read it at every decision."""
        return SeatView(self, player)

    def view(self, player: int) -> dict[str, Any]:
        """What `player` may know: their own hand and blue values; of the others, counts (and
        their pink and yellow chips, which lie open)."""
        data = self._public()
        data["seat"] = seat_number(player)
        data["hand"] = list(self.hands[player])
        data["blue"] = [list(c) for c in self.blue[player]]
        return data

    def to_json(self) -> dict[str, Any]:
        data = self._public()
        data["hands"] = [list(h) for h in self.hands]
        data["blue"] = [[list(c) for c in chips] for chips in self.blue]
        data["deck"] = list(self.deck)
        return data

    def _public(self) -> dict[str, Any]:
        return {"game": "five-more-minutes", "players": self.game.players,
                "active": seat_number(self.active), "turns": self.turns,
                "to_act": seat_number(self.current_player()),
                "stages": list(self.stages), "pink": list(self.pink), "yellow": list(self.yellow),
                "blue_counts": [len(b) for b in self.blue],
                "hand_counts": [len(h) for h in self.hands], "deck_count": len(self.deck),
                "discard": list(self.discard), "supply": {"pink": self.supply_pink,
                                                          "yellow": self.supply_yellow,
                                                          "blue": len(self.blue_pile)},
                "lost_turn": list(self.lost), "over": self.over,
                "decision": None if self.over else self.decision.public()}

    def prompt(self) -> str:
        """Whose decision and its name ('Seat 2: modify')."""
        return "" if self.over else self.decision.prompt()


class SeatView:
    """What one seat may know of a state (`FiveState.seat_view`), read from the state itself
    (nothing is copied, as bots read it at every decision): the open facts, the counts of what
    the others hide, and the seat's own hand and blue chips. Seats count from 0. It reads a
    working table the same way (the sampling bot's playouts run on one table)."""

    __slots__ = ("_state", "decision", "discard", "others", "pink", "players", "seat", "stages",
                 "yellow")

    def __init__(self, state: FiveState | Board, seat: int) -> None:
        self._state, self.seat, self.players = state, seat, state.game.players
        self.decision: FiveDecision = state.tasks[-1]  # type: ignore[assignment]
        """The pending decision: the seat's own (a bot reads the view when it is to decide)."""
        self.stages, self.pink, self.yellow = state.stages, state.pink, state.yellow
        self.discard = state.discard
        """The used cards, open to all."""
        self.others = [p for p in range(self.players) if p != seat]
        """The other seats."""

    @property
    def hand(self) -> tuple[str, ...]:
        """The seat's own cards."""
        return self._state.hands[self.seat]

    @property
    def blue(self) -> tuple[Chip, ...]:
        """The seat's own blue chips, (value, dark)."""
        return self._state.blue[self.seat]

    @property
    def blue_counts(self) -> tuple[int, ...]:
        """How many blue chips each seat has."""
        return tuple(map(len, self._state.blue))

    @property
    def hand_counts(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(map(len, self._state.hands))

    @property
    def costs(self) -> dict[str, int | None]:
        """Each card's cost in yellow chips, printed on it (None: not played in phase B)."""
        return self._state.game.costs
