"""What card games built on a stack of tasks share: the protocol methods of their states and the
loop that runs the tasks.

Such a game keeps, in its frozen state, a stack of tasks (tuples whose first two items are the
task's kind and the seat it concerns). `apply` copies the state into a mutable table, hands the
chosen action to the decision on top of the stack, runs the tasks that follow until a decision
with a real choice is on top (or the game is over), and freezes the table into the new state.
A decision with one option is taken at once, unless its kind is one a record always writes.

A game provides, on its state class: `TABLE` (its table class), `TITLE` and `KINDS` (the first
words of its actions, for error messages); on its table class: `DECISIONS` (kind -> function
applying a choice), `AUTOMATIC` (kind -> function running a task), `OPTIONS` (the function
listing a decision's options, given a state or a table and the task), `ALWAYS_ASK` and `LISTS`
(the state's tuple fields the table works on as lists), and `freeze()`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from dungeoneer.engine.errors import ActionSyntaxError, IllegalActionError
from dungeoneer.engine.protocol import TERMINAL, Action


class TaskState:
    """Protocol methods for a frozen dataclass state with fields `tasks`, `over`, `forced` and
    `legal` (the cached legal actions, not part of the position)."""

    TABLE: ClassVar[type[TaskTable]]
    TITLE: ClassVar[str]
    KINDS: ClassVar[tuple[str, ...]]

    def current_player(self) -> int:
        """The seat that must choose now, or TERMINAL."""
        return TERMINAL if self.over else self.tasks[-1][1]

    def legal_actions(self) -> tuple[Action, ...]:
        """The choices of the pending decision (worked out once per state)."""
        if self.over:
            return ()
        if self.legal is None:
            object.__setattr__(self, "legal", self.TABLE.OPTIONS(self, self.tasks[-1]))
        return self.legal

    def apply(self, action: Action, log: list[str] | None = None):
        """The state after `action`; IllegalActionError (with the legal ones) if it isn't legal."""
        if action not in self.legal_actions():
            raise IllegalActionError(f"{self.action_text(action)} is not legal here",
                                     legal=[self.action_text(a) for a in self.legal_actions()])
        table = self.TABLE.of(self, log)
        table.choose(action)
        table.run()
        return table.freeze()

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.over

    def action_text(self, action: Action) -> str:
        """The action as a record writes it: its kind, then its argument if it has one."""
        return action.kind if action.arg is None else f"{action.kind} {action.arg}"

    def parse_action(self, text: str) -> Action:
        """The legal action the text names (spacing and letter case do not matter)."""
        words = text.split()
        if not words or words[0].lower() not in self.KINDS:
            raise ActionSyntaxError(f"{text!r} is not a {self.TITLE} action (actions: "
                                    f"{', '.join(self.KINDS)})", text=text)
        wanted = " ".join(words).lower()
        for action in self.legal_actions():
            if self.action_text(action).lower() == wanted:
                return action
        raise IllegalActionError(f"{text!r} is not legal here",
                                 legal=[self.action_text(a) for a in self.legal_actions()])

    def with_chance(self, outcomes: Sequence[str]):
        """This state with explicit chance outcomes queued (shuffles, picks, die rolls)."""
        return replace(self, forced=(*self.forced, *outcomes), legal=None)

    def pending_chance(self) -> tuple[str, ...]:
        """Queued explicit outcomes not yet used."""
        return self.forced


class TaskTable:
    """A mutable working copy of a state, for one action and the tasks that follow it."""

    DECISIONS: ClassVar[dict[str, Callable]]
    AUTOMATIC: ClassVar[dict[str, Callable]]
    OPTIONS: ClassVar[Callable[[Any, tuple], tuple[Action, ...]]]
    ALWAYS_ASK: ClassVar[tuple[str, ...]] = ()
    LISTS: ClassVar[tuple[str, ...]] = ("tasks",)

    def __init__(self, **values) -> None:
        self.__dict__.update(values)
        self.log: list[str] | None = None
        self.found: tuple[Action, ...] | None = None
        """The options of the decision the run stopped at (the new state's legal actions)."""

    @classmethod
    def of(cls, state: TaskState, log: list[str] | None) -> TaskTable:
        """A working copy of `state`; what happens is told to `log` if it is a list."""
        values = dict(state.__dict__)
        del values["legal"]
        for name in cls.LISTS:
            values[name] = list(values[name])
        table = cls(**values)
        table.log = log
        return table

    def say(self, text: str) -> None:
        """Tell the log what happened."""
        if self.log is not None:
            self.log.append(text)

    def push(self, task: tuple) -> None:
        """Put a task on top of the stack: it runs before those under it."""
        self.tasks.append(task)

    def run(self) -> None:
        """Run tasks until a decision with a real choice is on top, or the game is over."""
        while self.tasks and not self.over:
            task = self.tasks[-1]
            if task[0] in self.DECISIONS:
                found = type(self).OPTIONS(self, task)
                if not found:
                    self.tasks.pop()
                    continue
                if len(found) == 1 and task[0] not in self.ALWAYS_ASK:
                    self.choose(found[0])
                    continue
                self.found = found
                return
            self.tasks.pop()
            self.AUTOMATIC[task[0]](self, task)

    def choose(self, action: Action) -> None:
        """Apply a choice to the decision on top."""
        self.found = None
        task = self.tasks.pop()
        self.DECISIONS[task[0]](self, task, action)
