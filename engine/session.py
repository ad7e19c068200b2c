"""Playing a game through: who holds each seat, the seeds of the bots, the clock of a real-time
game, and the end. `play`, `replay --then` and the simulations all run games here.

A seat is held by a bot or by a person (None in the list of seats); a person's choices come from
the `ask` function the caller passes (the command line asks at the terminal), which may also
take moves back (`TakeBack`) where the game offers it. A real-time game
(`GameInfo.real_time`) has one holder for the whole table: a team bot, or the people at one
terminal, who choose every seat's actions. A bot's action is taken as it is (a team bot times
its own actions); a person's action in a real-time game happens at the reading the `Clock` gives.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol, cast

from dungeoneer.engine import registry
from dungeoneer.engine.protocol import Action, Bot, Game, RealTimeState, State, format_reading
from dungeoneer.engine.rng import MASK64

MAX_ACTIONS = 10_000
"""A game that takes more actions than this has gone wrong (every game here ends far sooner)."""


def action_bound(game: Game) -> int:
    """The most actions a game of `game` takes before it is taken to have gone wrong:
    MAX_ACTIONS, or the game's own `max_actions` where it may be longer (a 5-Minute Dungeon
    campaign plays its dungeon again for every try)."""
    bound = getattr(game, "max_actions", None)
    return bound if isinstance(bound, int) and not isinstance(bound, bool) else MAX_ACTIONS


def seat_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in `seat` (from 0) of the game dealt from `game_seed`:
    `game_seed * 8 + seat`, kept within 64 bits. A team bot, holding every seat of a real-time
    game, is seeded with `game_seed` itself."""
    return (game_seed * 8 + seat) & MASK64


def seat_bots(game_name: str, names: Sequence[str | None], seed: int,
              **settings: float) -> list[Bot | None]:
    """The bots of a game by seat (None or 'human': a person holds the seat), seeded from the
    game's seed (`seat_seed`). A real-time game takes one name, its team bot."""
    info = registry.entry(game_name).info
    if info.real_time:
        if len(names) != 1:
            raise ValueError("a real-time game has one holder: its team bot, or the people")
        name = names[0]
        return [None if name in (None, "human") else
                registry.make_bot(game_name, name, seed, **settings)]
    return [None if name in (None, "human") else
            registry.make_bot(game_name, name, seat_seed(seed, seat), **settings)
            for seat, name in enumerate(names)]


# ----------------------------------------------------------------------------- the clock

class Clock(Protocol):
    """When a person's action in a real-time game happens."""

    def reading(self, state: RealTimeState) -> int:
        """The timer reading (tenths of a second) of the action being chosen now."""
        ...

    def tick(self) -> None:
        """An action has just happened."""
        ...


class RealClock:
    """The action happens when it is chosen: the wall time since the last action moves the timer
    on; while the timer is paused it stands still."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.last = now()

    def reading(self, state: RealTimeState) -> int:
        """The reading now."""
        if state.paused:
            return state.clock
        return state.clock + round((self.now() - self.last) * 10)

    def tick(self) -> None:
        """Start timing the next action."""
        self.last = self.now()


class FixedPace:
    """Every action takes `pace` seconds (at least a tenth); while the timer is paused it stands
    still."""

    def __init__(self, pace: float) -> None:
        self.step = max(1, round(pace * 10))

    def reading(self, state: RealTimeState) -> int:
        """The reading `pace` seconds after the last action."""
        return state.clock if state.paused else state.clock + self.step

    def tick(self) -> None:
        """Nothing to note: the pace is fixed."""


# ----------------------------------------------------------------------------- the loop

class Turn(NamedTuple):
    """One action of a session: who acted, what, the states around it and what happened."""

    seat: int
    """The seat that was to act (`current_player()` before it; ANY_PLAYER: the team)."""
    action: Action
    before: State
    after: State
    log: tuple[str, ...]
    by_person: bool
    note: str
    """Something the session did to the action, for the people ('Too late: ...'), or ''."""

    def text(self) -> str:
        """The action in the game's notation, as the record writes it."""
        return self.before.action_text(self.action)


@dataclass(frozen=True)
class TakeBack:
    """A person's wish to take back the last `count` moves (as many as there are)."""

    count: int


Ask = Callable[[State, int], Action | TakeBack | None]
"""A person's choice: (state, seat) -> a legal action, a `TakeBack`, or None to stop the game
there."""


@dataclass(frozen=True)
class Ending:
    """How a session ended: the last state, the moves it played (as record lines; empty when
    they were not kept), how many actions that was, and whether a person stopped it before the
    end."""

    state: State
    moves: tuple[str, ...]
    actions: int
    stopped: bool


class Session:
    """A game in play from `state`: `seats` holds a bot, or None for a person, per seat (a
    real-time game: one holder for the whole table). `clock` times a person's actions in a
    real-time game (default: the real clock)."""

    def __init__(self, state: State, seats: Sequence[Bot | None], *, ask: Ask | None = None,
                 clock: Clock | None = None) -> None:
        info = state.game.info
        expected = 1 if info.real_time else state.game.players
        if len(seats) != expected:
            raise ValueError(f"{info.title} takes {expected} seat holder(s), not {len(seats)}")
        if ask is None and any(seat is None for seat in seats):
            raise ValueError("a person holds a seat, so the session needs `ask`")
        self.state = state
        self.seats = tuple(seats)
        self.ask = ask
        self.real_time = info.real_time
        self.limit = info.time_limit or 0
        self.people = any(seat is None for seat in self.seats)
        # Only people's actions are timed by a clock (a team bot times its own).
        self.clock = clock if clock is not None or not (self.real_time and self.people) \
            else RealClock()
        self.moves: list[str] = []
        """The moves played so far, as record lines (kept up to date while the game runs, so a
        caller can save them when it is interrupted)."""
        self.before: list[State] = []
        """With people at the table, the state before each move played (to take moves back)."""

    def run(self, *, on_turn: Callable[[Turn], None] | None = None,
            on_action: Callable[[int, Action], None] | None = None, keep_log: bool = False,
            keep_moves: bool = True, max_actions: int | None = None,
            on_take_back: Callable[[int], None] | None = None) -> Ending:
        """Play until the game is over or a person stops. `on_turn` hears every action as a
        `Turn`; `on_action` hears only the seat and the action (cheaper, for a simulation's
        tallies); `keep_log` collects what each action did (for `Turn.log`); `keep_moves=False`
        skips writing the moves down; `on_take_back` hears how many moves a person's
        `TakeBack` took back (0: there were none)."""
        state, moves, stopped = self.state, self.moves, False
        seats, real_time, clock = self.seats, self.real_time, self.clock
        actions = 0
        if max_actions is None:
            max_actions = action_bound(state.game)
        while not state.is_terminal():
            if actions == max_actions:
                raise RuntimeError(f"the game did not end within {max_actions} actions")
            seat = state.current_player()
            bot = seats[0] if real_time else seats[seat]  # one holder for a real-time table
            note = ""
            if bot is not None:
                action = bot.choose(state)
            else:
                chosen = self.ask(state, seat) if self.ask is not None else None
                if chosen is None:
                    stopped = True
                    break
                if isinstance(chosen, TakeBack):
                    taken = self.take_back(chosen.count)
                    if on_take_back is not None:
                        on_take_back(taken)
                    state = self.state
                    continue
                action, note = self._timed(state, chosen) if real_time else (chosen, "")
            log: list[str] | None = [] if keep_log else None
            after = state.apply(action, log)
            if clock is not None:
                clock.tick()
            if keep_moves:
                moves.append(state.action_text(action))
            if self.people:
                self.before.append(state)
            if on_action is not None:
                on_action(seat, action)
            if on_turn is not None:
                on_turn(Turn(seat, action, state, after, tuple(log) if log else (), bot is None,
                             note))
            state = self.state = after
            actions += 1
        return Ending(state, tuple(moves), actions, stopped)

    def take_back(self, count: int) -> int:
        """Take back the last `count` moves, or as many as were played; how many that was. (Not
        in real time: the timer does not run back.)"""
        if self.real_time:
            raise ValueError("moves of a real-time game can't be taken back")
        taken = min(count, len(self.before))
        if taken:
            self.state = self.before[-taken]
            del self.before[-taken:]
            del self.moves[-taken:]
        return taken

    def shown(self, turn: Turn) -> str:
        """The action as the people at the table see it: a bot's hidden choices are left out."""
        if turn.by_person or not self.people:
            return turn.text()
        return turn.before.public_action_text(turn.action)

    def _timed(self, state: State, chosen: Action) -> tuple[Action, str]:
        """A person's action in a real-time game, at the clock's reading; past the time limit,
        the time runs out instead."""
        timed = cast(RealTimeState, state)  # declared by GameInfo.real_time
        runs_out = timed.time_runs_out()
        # 'time runs out' typed with a reading of its own ('75.0 time runs out') is the same
        # choice: the time runs out at the limit, whatever reading was typed.
        if chosen == runs_out or timed.at(chosen, self.limit) == timed.at(runs_out, self.limit):
            return timed.at(runs_out, self.limit), ""
        assert self.clock is not None
        reading = self.clock.reading(timed)
        if reading > self.limit:
            return (timed.at(runs_out, self.limit),
                    f"Too late: the timer reads {format_reading(reading)}.")
        return timed.at(chosen, reading), ""


def start(game: Game, seed: int | None, seats: Sequence[Bot | None], *,
          ask: Ask | None = None, clock: Clock | None = None) -> Session:
    """A session of a new game dealt from `seed`."""
    return Session(game.new_initial_state(seed=seed), seats, ask=ask, clock=clock)
