"""One small protocol for every game: solvers, bots, records and the CLI are written against it.

A game is a `Game` object (static facts in `GameInfo`, a way to start a game). A position is an
immutable, hashable `State`: its legal actions, applying an action (a new state; the old one is
untouched), whose turn it is, whether the game is over and its `Outcome`. Chance (shuffles, dice)
is drawn from a seeded stream kept inside the state, so a seed fixes a whole game; a record may
instead write an outcome explicitly, queued with `State.with_chance`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, runtime_checkable

TERMINAL = -1
"""`current_player()` of a finished game."""

ANY_PLAYER = -2
"""`current_player()` of a real-time game where any player may act; each action names its actor."""


def seat_number(player: int) -> int | None:
    """A seat as output shows it (docs/json.md, "seat"): numbered from 1; None for TERMINAL
    and ANY_PLAYER, which are no seat."""
    return player + 1 if player >= 0 else None


class Action(NamedTuple):
    """One move: a kind ('deal', 'attack', 'pay', ...) and its argument. Hashable and cheap."""

    kind: str
    arg: Any = None


class Termination(enum.Enum):
    """Why a game ended."""

    WON = "won"
    """The players reached their goal (solitaire or cooperative games)."""
    LOST = "lost"
    """The goal can no longer be reached (no legal action is left, time ran out, ...)."""
    FINISHED = "finished"
    """A competitive game reached its end; `Outcome.winners` says who won."""


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the termination, the winning seats, final scores and a sentence why."""

    termination: Termination
    winners: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dictionary (docs/json.md, "outcome"): the winners are seat numbers from
        1, as everywhere in output; the scores are listed by seat."""
        return {"termination": self.termination.value,
                "winners": [seat + 1 for seat in self.winners],
                "scores": list(self.scores), "reason": self.reason}


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game."""

    name: str
    """The registry name, as typed on the command line: lower case words joined by hyphens."""
    title: str
    min_players: int
    max_players: int
    hidden_information: bool
    real_time: bool = False
    """No turns: while the players are free to act, `current_player()` is ANY_PLAYER and each
    action names its actor. Such a game's states are `RealTimeState`s (a timer reading, a pause,
    the reading an action carries); a record must give every action's reading, and one holder
    (a team bot, or the people at one terminal) chooses every seat's actions."""
    time_limit: int | None = None
    """A real-time game: the timer's length in tenths of a second (3000 for 300 s)."""
    summary: str = ""
    options: Mapping[str, str] = field(default_factory=dict)
    """Option name -> one line of help; records carry options as header lines."""
    setup: Mapping[str, str] = field(default_factory=dict)
    """Explicit set-up orders a record's header may give instead of the seed's shuffles."""


@runtime_checkable
class State(Protocol):
    """A position. Immutable and hashable; `apply` returns a new state."""

    @property
    def game(self) -> Game:
        """The configured game this is a position of."""
        ...

    def current_player(self) -> int:
        """The seat to act, `TERMINAL` when the game is over, or `ANY_PLAYER` in real time."""
        ...

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the rules allow now, in a fixed order; empty when the game is over."""
        ...

    def apply(self, action: Action, log: list[str] | None = None) -> State:
        """The state after `action`; raises IllegalActionError if it is not legal here. When `log`
        is a list, a sentence per thing that happened is appended to it."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    def outcome(self) -> Outcome | None:
        """The outcome of a finished game, else None."""
        ...

    def action_text(self, action: Action) -> str:
        """The action in the game's text notation (what a record line holds)."""
        ...

    def parse_action(self, text: str) -> Action:
        """The legal action the text names; raises ActionSyntaxError or IllegalActionError."""
        ...

    def with_chance(self, outcomes: Sequence[str]) -> State:
        """This state with explicit chance outcomes queued: the next chance events take them, in
        order, instead of drawing from the seeded stream."""
        ...

    def pending_chance(self) -> tuple[str, ...]:
        """Queued explicit chance outcomes not yet used."""
        ...

    def public_action_text(self, action: Action) -> str:
        """The action as the other seats may see it: `action_text` without what only the actor
        knows (which hidden card was kept or given); the record still writes `action_text`."""
        ...

    def prompt(self) -> str:
        """The decision now pending, in words for a person ('Seat 2: keep a reward (or done)');
        empty when there is nothing to say beyond the legal actions (a solitaire player's turn,
        or a finished game)."""
        ...

    def view(self, player: int) -> dict[str, Any]:
        """What `player` may know, as JSON-ready data (hidden cards are counted, not shown)."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data."""
        ...


def format_reading(tenths: int) -> str:
    """A timer reading (tenths of a second) as records write it: seconds to a tenth ('12.5')."""
    return f"{tenths // 10}.{tenths % 10}"


@runtime_checkable
class RealTimeState(State, Protocol):
    """A position of a real-time game (`GameInfo.real_time`): a timer that runs from 0 up to
    `GameInfo.time_limit` (tenths of a second) and may be paused. Actions may carry the reading
    at which they happen; one without a reading happens at the current one."""

    @property
    def clock(self) -> int:
        """The timer's reading, in tenths of a second."""
        ...

    @property
    def paused(self) -> bool:
        """Whether the timer stands still (it runs again when the rules say)."""
        ...

    def time_of(self, action: Action) -> int | None:
        """The reading `action` carries, or None (it happens now)."""
        ...

    def at(self, action: Action, reading: int) -> Action:
        """`action` happening at timer `reading` (`apply` checks that the reading can be)."""
        ...

    def time_runs_out(self) -> Action:
        """The legal action of letting the time run out (the team waits for the end)."""
        ...


@runtime_checkable
class Game(Protocol):
    """A configured game: rules, card data and options."""

    @property
    def info(self) -> GameInfo:
        """The game's static facts."""
        ...

    @property
    def players(self) -> int:
        """The number of seats."""
        ...

    def new_initial_state(self, seed: int | None = None,
                          setup: Mapping[str, str] | None = None) -> State:
        """The state after set-up. `setup` holds explicit set-up orders from a record's header
        (these override the seed for the set-up shuffles)."""
        ...

    def options(self) -> dict[str, str]:
        """The options this game was configured with, as record header lines (a record writes
        `players`, if it is among them, as a header line of its own)."""
        ...


@runtime_checkable
class Bot(Protocol):
    """A player program: chooses an action for the seat to act (a team bot: for whichever seat
    or the whole team). It reads only what that seat may know (`State.view`); its random choices
    come from its own seeded stream."""

    @property
    def name(self) -> str:
        """The bot's name, as the command line takes it."""
        ...

    def choose(self, state: State) -> Action:
        """The action to take in `state`."""
        ...
