"""The 5-Minute Dungeon table: a mutable working copy of a state for one action and what it sets
off, and the loop that runs the task stack (engine.tasks: a `Step` runs by itself, a `Decision`
waits for a choice).

The loop differs from the turn-based games' `TaskBoard.run` in two ways the rules draw: when the
stack is empty the team is free to act (`effects.FREE`), after the hands are refilled and the next
card turned over; and while the timer runs, time may run out during any decision (D13), so a
decision is taken at once only when it has one option besides that.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dungeoneer.engine.five_minute_dungeon.dungeon import move_on
from dungeoneer.engine.five_minute_dungeon.effects import FREE
from dungeoneer.engine.five_minute_dungeon.ends import TIME_RUNS_OUT, lose, stuck, time_runs_out
from dungeoneer.engine.five_minute_dungeon.hands import refill
from dungeoneer.engine.five_minute_dungeon.state import DungeonState
from dungeoneer.engine.protocol import Action
from dungeoneer.engine.tasks import Decision, Step, Task

if TYPE_CHECKING:
    from dungeoneer.engine.five_minute_dungeon.game import FiveMinuteDungeon


@dataclass(eq=False)
class Board:
    """A state's fields (DungeonState documents them), the zones as lists, with the log of
    what happens and the options the run stopped at."""

    game: FiveMinuteDungeon
    boss: int
    attempt: int
    beaten_bosses: tuple[int, ...]
    decks: list[tuple[str, ...]]
    hands: list[tuple[str, ...]]
    discards: list[tuple[str, ...]]
    dungeon: tuple[str, ...]
    faced: list[str]
    played: list[tuple[str, ...]]
    swept: tuple[str, ...]
    beaten: tuple[str, ...]
    clock: int
    paused: bool
    used: frozenset[int]
    event: str | None
    tasks: list[Task]
    stream: int | None
    forced: tuple[str, ...]
    over: bool
    won: bool
    reason: str
    setup: Mapping[str, str]
    log: list[str] | None = None
    """What happens is told here, if it is a list."""
    found: tuple[Action, ...] | None = None
    """The options of the decision the run stopped at (the new state's legal actions)."""

    @classmethod
    def of(cls, state: DungeonState, log: list[str] | None = None) -> Board:
        """A working copy of `state`."""
        return cls(game=state.game, boss=state.boss, attempt=state.attempt,
                   beaten_bosses=state.beaten_bosses, decks=list(state.decks),
                   hands=list(state.hands), discards=list(state.discards),
                   dungeon=state.dungeon, faced=list(state.faced), played=list(state.played),
                   swept=state.swept, beaten=state.beaten, clock=state.clock,
                   paused=state.paused, used=state.used, event=state.event,
                   tasks=list(state.tasks), stream=state.stream, forced=state.forced,
                   over=state.over, won=state.won, reason=state.reason, setup=state.setup,
                   log=log)

    def freeze(self) -> DungeonState:
        """The new state."""
        return DungeonState(
            game=self.game, boss=self.boss, attempt=self.attempt,
            beaten_bosses=self.beaten_bosses, decks=tuple(self.decks), hands=tuple(self.hands),
            discards=tuple(self.discards), dungeon=self.dungeon, faced=tuple(self.faced),
            played=tuple(self.played), swept=self.swept, beaten=self.beaten, clock=self.clock,
            paused=self.paused, used=self.used, event=self.event, tasks=tuple(self.tasks),
            stream=self.stream, forced=tuple(self.forced), over=self.over, won=self.won,
            reason=self.reason, setup=self.setup, legal=() if self.over else self.found)

    def say(self, text: str) -> None:
        """Tell the log what happened."""
        if self.log is not None:
            self.log.append(text)

    def push(self, task: Task) -> None:
        """Put a task on top of the stack: it runs before those under it."""
        self.tasks.append(task)

    # ------------------------------------------------------------------ the loop

    def options(self) -> tuple[Action, ...]:
        """The legal actions: the pending decision's, or the free ones; and while the timer
        runs, letting it run out."""
        if self.tasks:
            task = self.tasks[-1]
            assert isinstance(task, Decision)
            found = task.options(self)
            return found if self.paused else (*found, TIME_RUNS_OUT)
        return FREE.options(self)

    def run(self) -> None:
        """Run tasks until a decision with a real choice is pending, the team is free to act,
        or the game is over."""
        while not self.over:
            if self.tasks:
                task = self.tasks[-1]
                if isinstance(task, Decision):
                    found = task.options(self)
                    if len(found) == 1:
                        self.choose(found[0])
                        continue
                    if found:
                        # Time may run out while a player decides (D13).
                        self.found = found if self.paused else (*found, TIME_RUNS_OUT)
                        return
                    self.tasks.pop()
                    continue
                self.tasks.pop()
                assert isinstance(task, Step)
                task.run(self)
                continue
            refill(self)
            if self.settle():
                continue
            if self.over:
                return
            found = FREE.options(self)
            if not found or (found[-1].kind == TIME_RUNS_OUT.kind and len(found) == 1):
                stuck(self)
                continue  # in a campaign, the retry's first card is turned over
            self.found = found
            return

    def choose(self, action: Action) -> None:
        """Apply a choice: the pending decision's, or a free action; or the time running out,
        whatever is pending."""
        self.found = None
        if action.kind == TIME_RUNS_OUT.kind:
            time_runs_out(self)
        elif self.tasks:
            task = self.tasks.pop()
            assert isinstance(task, Decision)
            task.choose(self, action)
        else:
            FREE.choose(self, action)

    def settle(self) -> bool:
        """With nothing pending: lose if every player is out of cards, else move on to the next
        card when nothing is faced. True if it did something."""
        if not any(self.hands) and not any(self.decks):
            lose(self, "every player is out of cards")
            return True  # over, or (a campaign's retry) the new dungeon to turn over
        return move_on(self)


DungeonState.BOARD = Board
