"""What card games built on a stack of tasks share: the protocol methods of their states and the
loop that runs the tasks.

Such a game keeps, in its frozen state, a stack of tasks (typed records, each naming the seat it
concerns). `apply` copies the state into a mutable board (the working copy), hands the chosen
action to the decision on top of the stack, runs the tasks that follow until a decision with a
real choice is on top (or the game is over), and freezes the board into the new state. A
decision with one option is taken at once, unless it is one a record always writes.

A task is a typed record: a `Step` runs by itself, a `Decision` lists its options, applies the
one chosen and writes and reads its notation, all in one small class beside the card text it
implements. A game provides, on its state class: `BOARD` (its board class), `TITLE` and `KINDS`
(the first words of its actions, for error messages); on its board class: `LISTS` (the state's
tuple fields the board works on as lists), `freeze()`, and annotations declaring the fields the
board copies from the state (so a type checker sees them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar, cast

from dungeoneer.engine.errors import TEXT_SHOWN, ActionSyntaxError, IllegalActionError
from dungeoneer.engine.numbers import shown
from dungeoneer.engine.protocol import TERMINAL, Action

# ----------------------------------------------------------------------------- typed tasks

class Task:
    """A task on the stack: `seat` is the seat it concerns (the one that decides, for a
    decision). Subclasses are frozen dataclasses declaring `seat` and their own fields."""

    seat: int


class Step(Task):
    """A task that runs by itself when it reaches the top of the stack."""

    def run(self, board: Any) -> None:
        """Do the task on the board (push more tasks, change the board, say what happened)."""
        raise NotImplementedError


class Decision(Task):
    """A task that waits for its seat's choice. `options` lists the legal actions (none: the
    decision is skipped; one: it is taken at once unless `always_ask`); `choose` applies one;
    `text` and `parse` are its notation, as records write it."""

    always_ask: ClassVar[bool] = False
    """A lone option is still asked for (and written in the record)."""

    def options(self, where: Any) -> tuple[Action, ...]:
        """The legal actions (`where` is a board or a frozen state: both have the fields)."""
        raise NotImplementedError

    def choose(self, board: Any, action: Action) -> None:
        """Apply the chosen action."""
        raise NotImplementedError

    def text(self, action: Action) -> str:
        """The action as a record writes it (default: the kind, then the argument)."""
        return action.kind if action.arg is None else f"{action.kind} {action.arg}"

    def parse(self, where: Any, words: list[str]) -> Action | None:
        """The action the words (the text split at spaces) write, legal or not; None leaves it
        to matching the text of each legal action, spacing and case aside (the default)."""
        return None


def seat_of(task: Task) -> int:
    """The seat a task concerns."""
    return task.seat


def kind_of(task: Task) -> str:
    """The kind of a task: its class's name."""
    return type(task).__name__


class TaskState:
    """Protocol methods for a frozen dataclass state with fields `tasks`, `over`, `forced` and
    `legal` (the cached legal actions, not part of the position)."""

    BOARD: ClassVar[type[TaskBoard]]
    TITLE: ClassVar[str]
    KINDS: ClassVar[tuple[str, ...]]

    # The fields every such state has (declared by the state's dataclass).
    tasks: tuple[Any, ...]
    over: bool
    forced: tuple[str, ...]
    legal: tuple[Action, ...] | None

    def current_player(self) -> int:
        """The seat that must choose now, or TERMINAL."""
        return TERMINAL if self.over else seat_of(self.tasks[-1])

    def legal_actions(self) -> tuple[Action, ...]:
        """The choices of the pending decision (worked out once per state)."""
        if self.over:
            return ()
        legal = self.legal
        if legal is None:
            legal = self.BOARD.options_of(self, self.tasks[-1])
            object.__setattr__(self, "legal", legal)
        return legal

    def apply(self, action: Action, log: list[str] | None = None) -> Any:
        """The state after `action`; IllegalActionError (with the legal ones) if it isn't legal."""
        if action not in self.legal_actions():
            raise IllegalActionError(f"{self.action_text(action)} is not legal here",
                                     legal=[self.action_text(a) for a in self.legal_actions()])
        board = self.BOARD.of(self, log)
        board.choose(action)
        board.run()
        return board.freeze()

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.over

    def action_text(self, action: Action) -> str:
        """The action as a record writes it: as the pending decision writes it (a typed one),
        else its kind, then its argument if it has one."""
        if not self.over and self.tasks and isinstance(self.tasks[-1], Decision):
            return self.tasks[-1].text(action)
        return action.kind if action.arg is None else f"{action.kind} {action.arg}"

    def parse_action(self, text: str) -> Action:
        """The legal action the text names (spacing and letter case do not matter): as the
        pending decision reads it (a typed one), else the legal action written the same way."""
        words = text.split()
        if not words or words[0].lower() not in self.KINDS:
            raise ActionSyntaxError(f"{shown(text, TEXT_SHOWN)!r} is not a {self.TITLE} action "
                                    f"(actions: {', '.join(self.KINDS)})", text=text)
        if not self.over and self.tasks and isinstance(self.tasks[-1], Decision):
            parsed = self.tasks[-1].parse(self, words)
            if parsed is not None and parsed in self.legal_actions():
                return parsed
        wanted = " ".join(words).lower()
        for action in self.legal_actions():
            if self.action_text(action).lower() == wanted:
                return action
        raise IllegalActionError(f"{shown(text, TEXT_SHOWN)!r} is not legal here",
                                 legal=[self.action_text(a) for a in self.legal_actions()])

    def with_chance(self, outcomes: Sequence[str]) -> Any:
        """This state with explicit chance outcomes queued (shuffles, picks, die rolls)."""
        return replace(cast(Any, self), forced=(*self.forced, *outcomes), legal=None)

    def pending_chance(self) -> tuple[str, ...]:
        """Queued explicit outcomes not yet used."""
        return self.forced


class TaskBoard:
    """A mutable working copy of a state, for one action and the tasks that follow it."""

    LISTS: ClassVar[tuple[str, ...]] = ("tasks",)

    # The fields every board has; a game's board class declares the rest of its state's.
    tasks: list[Any]
    over: bool
    forced: tuple[str, ...]

    def __init__(self, **values: Any) -> None:
        self.__dict__.update(values)
        self.log: list[str] | None = None
        self.found: tuple[Action, ...] | None = None
        """The options of the decision the run stopped at (the new state's legal actions)."""

    @classmethod
    def of(cls, state: TaskState, log: list[str] | None) -> TaskBoard:
        """A working copy of `state`; what happens is told to `log` if it is a list."""
        values = dict(state.__dict__)
        del values["legal"]
        for name in cls.LISTS:
            values[name] = list(values[name])
        board = cls(**values)
        board.log = log
        return board

    def freeze(self) -> Any:
        """The new state (a game's board class defines it)."""
        raise NotImplementedError

    @classmethod
    def options_of(cls, where: Any, task: Decision) -> tuple[Action, ...]:
        """A decision's options, on a board or in a frozen state."""
        return task.options(where)

    def say(self, text: str) -> None:
        """Tell the log what happened."""
        if self.log is not None:
            self.log.append(text)

    def push(self, task: Any) -> None:
        """Put a task on top of the stack: it runs before those under it."""
        self.tasks.append(task)

    def run(self) -> None:
        """Run tasks until a decision with a real choice is on top, or the game is over."""
        while self.tasks and not self.over:
            task = self.tasks[-1]
            if isinstance(task, Decision):
                found = task.options(self)
                if not found:
                    self.tasks.pop()
                    continue
                if len(found) == 1 and not task.always_ask:
                    self.choose(found[0])
                    continue
                self.found = found
                return
            self.tasks.pop()
            task.run(self)

    def choose(self, action: Action) -> None:
        """Apply a choice to the decision on top."""
        self.found = None
        task = self.tasks.pop()
        task.choose(self, action)
