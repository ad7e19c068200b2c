"""The 5 More Minutes working copy: a state's fields made mutable for one action and the tasks
that follow it (engine.tasks), with the chance the rules draw (shuffles, die rolls) and the
history they write."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from dungeoneer.engine import rng
from dungeoneer.engine.errors import ChanceError
from dungeoneer.engine.five_more_minutes.cards import Chip
from dungeoneer.engine.five_more_minutes.effects import Item
from dungeoneer.engine.five_more_minutes.history import Link, Thing
from dungeoneer.engine.five_more_minutes.state import FiveState
from dungeoneer.engine.protocol import Action
from dungeoneer.engine.tasks import Decision, Step, TaskBoard, TaskState

if TYPE_CHECKING:
    from dungeoneer.engine.five_more_minutes.game import FiveMoreMinutes


class Board(TaskBoard):
    """A mutable working copy of a state: the same fields, the stack of tasks as a list. The
    per-seat fields stay tuples, replaced when they change (`rules.put`)."""

    LISTS = ("tasks",)

    game: FiveMoreMinutes
    deck: tuple[str, ...]
    """Top first."""
    discard: tuple[str, ...]
    """The used cards."""
    hands: tuple[tuple[str, ...], ...]
    stages: tuple[int, ...]
    pink: tuple[int, ...]
    yellow: tuple[int, ...]
    blue: tuple[tuple[Chip, ...], ...]
    supply_pink: int
    """Pink chips in the center."""
    supply_yellow: int
    blue_pile: tuple[Chip, ...]
    """The blue chips in the center, face down, the next one first."""
    lost: tuple[bool, ...]
    """Who loses their next turn (Coffee)."""
    free: int
    active: int
    turns: int
    tasks: list[Step | Decision]
    stream: int | None
    forced: tuple[str, ...]
    over: bool
    events: Link | None
    """The history (`FiveState.events`): `note` adds to it, unless it is None."""

    def note(self, kind: str, thing: Thing, source: int, to: int, seen: int) -> None:
        """Add a move to the history, if one is kept (the fields of history.Moved; a sampling
        bot's playouts keep none, and then nothing is built)."""
        if self.events is not None:
            # (built by tuple.__new__: half the time of its constructor, and a game writes
            # a hundred or more)
            self.events = tuple.__new__(Link, (kind, thing, source, to, seen, self.events))

    def run(self) -> None:
        """Run tasks until a decision with a real choice is on top, or the game is over: the
        loop of engine.tasks for typed tasks alone (every task of this game is one), without its
        checks for the older tuple tasks (a fifth of the time of a bot game)."""
        tasks = self.tasks  # (changed in place only)
        while tasks and not self.over:
            task = tasks[-1]
            if isinstance(task, Decision):
                found = task.options(self)
                if not found:
                    tasks.pop()
                elif len(found) == 1 and not task.always_ask:
                    tasks.pop()
                    task.choose(self, found[0])
                else:
                    self.found = found
                    return
            else:
                tasks.pop()
                task.run(self)

    def choose(self, action: Action) -> None:
        """Apply a choice to the decision on top."""
        self.found = None
        decision = self.tasks.pop()
        assert isinstance(decision, Decision)
        decision.choose(self, action)

    @classmethod
    def options_of(cls, where: Any, task: Decision) -> tuple[Action, ...]:
        """A decision's options, on a board or in a frozen state."""
        return task.options(where)

    @classmethod
    def of(cls, state: TaskState, log: list[str] | None) -> Board:
        """A working copy of `state`: its fields copied at once, the stack as a list (a copy is
        made for every action: this is the fastest way)."""
        values = state.__dict__.copy()
        del values["legal"]
        values["tasks"], values["log"], values["found"] = list(values["tasks"]), log, None
        table = object.__new__(cls)
        table.__dict__ = values
        return table

    def freeze(self) -> FiveState:
        """The new state, its fields filled at once (as Dinky Dungeon's: the frozen dataclass's
        constructor is slow; the property tests check every state this builds): the table's
        own, which it gives up (a table is used for one action). Hands, blue chips and used
        cards are kept sorted as they change (`rules.added`)."""
        values = self.__dict__  # handed over: the table is done with once frozen
        self.__dict__ = {}
        del values["log"]
        found = values.pop("found")
        values["tasks"], values["legal"] = tuple(values["tasks"]), () if values["over"] else found
        state = object.__new__(FiveState)
        object.__setattr__(state, "__dict__", values)
        return state

    # ------------------------------------------------------------------ chance

    def shuffled(self, items: Sequence[Item], what: str) -> tuple[Item, ...]:
        """The items in a random order: a written outcome (cards by name, comma-separated;
        blue chips by value, 'd' for dark, like '2 3 2d'), or the seeded stream."""
        if self.forced:
            written, self.forced = self.forced[0], self.forced[1:]
            tokens = ([t.strip() for t in written.split(",")] if "," in written or not items
                      or isinstance(items[0], str) else written.split())
            by_text: dict[str, list[Item]] = {}
            for item in items:
                by_text.setdefault(_item_text(item).lower(), []).append(item)
            order: list[Item] = []
            for token in tokens:
                bucket = by_text.get(token.lower())
                if not bucket:
                    raise ChanceError(f"the written order for {what} must list exactly: "
                                      f"{', '.join(sorted(map(_item_text, items)))}",
                                      text=written)
                order.append(bucket.pop())
            if len(order) != len(items):
                raise ChanceError(f"the written order for {what} lists {len(order)} of its "
                                  f"{len(items)} items", text=written)
            return tuple(order)
        if self.stream is None:
            raise ChanceError(f"shuffling {what} needs a seed")
        result, self.stream = rng.shuffled(tuple(items), self.stream)
        return result

    def roll_die(self) -> int:
        """A die roll: a written outcome ('~ 4') or the seeded stream."""
        if self.forced:
            written, self.forced = self.forced[0], self.forced[1:]
            if written.strip() not in ("1", "2", "3", "4", "5", "6"):
                raise ChanceError(f"a die roll is a number from 1 to 6, not {written!r}",
                                  text=written)
            return int(written)
        if self.stream is None:
            raise ChanceError("a die roll needs a seed or a written outcome")
        value, self.stream = rng.below(6, self.stream)
        return value + 1


def _item_text(item: str | Chip) -> str:
    if isinstance(item, tuple):
        return f"{item[0]}{'d' if item[1] else ''}"
    return str(item)
