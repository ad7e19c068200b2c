"""The shared task loop (engine.tasks) with typed tasks: a Step runs by itself, a Decision with
no option is skipped, with one is taken at once unless it always asks, and writes its own
notation."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from dungeoneer.engine.errors import IllegalActionError
from dungeoneer.engine.protocol import TERMINAL, Action
from dungeoneer.engine.tasks import Decision, Step, TaskBoard, TaskState, kind_of, seat_of


@dataclass(frozen=True)
class Count(TaskState):
    """A toy game: seat 0 picks numbers to add to a total until it says stop."""

    total: int
    tasks: tuple
    over: bool = False
    forced: tuple[str, ...] = ()
    legal: Any = field(default=None, compare=False, repr=False)


class Table(TaskBoard):
    LISTS = ("tasks",)
    total: int
    tasks: list
    over: bool

    def freeze(self) -> Count:
        return Count(self.total, tuple(self.tasks), self.over, self.forced, self.found)


@dataclass(frozen=True)
class Finish(Step):
    seat: int = 0

    def run(self, table: Any) -> None:
        table.over = True
        table.say("The count ends.")


@dataclass(frozen=True)
class Pick(Decision):
    seat: int = 0
    choices: tuple[int, ...] = (1, 2)

    def options(self, table: Any) -> tuple[Action, ...]:
        return (*(Action("add", n) for n in self.choices), Action("stop"))

    def choose(self, table: Any, action: Action) -> None:
        if action.kind == "stop":
            table.push(Finish())
            return
        table.total += action.arg
        table.push(Pick(choices=self.choices))

    def text(self, action: Action) -> str:
        return "stop counting" if action.kind == "stop" else f"add {action.arg}"

    def parse(self, where: Any, words: list[str]) -> Action | None:
        # Its own reading of numbers (leading zeros); anything else is left to the texts.
        if len(words) == 2 and words[0].lower() == "add" and words[1].isdigit():
            return Action("add", int(words[1]))
        return None


@dataclass(frozen=True)
class Nothing(Decision):
    """A decision without options: skipped."""

    seat: int = 0

    def options(self, table: Any) -> tuple[Action, ...]:
        return ()


@dataclass(frozen=True)
class Only(Decision):
    """One option: taken at once unless it always asks."""

    seat: int = 0
    ask: bool = False

    @property
    def always_ask(self) -> bool:  # type: ignore[override]
        return self.ask

    def options(self, table: Any) -> tuple[Action, ...]:
        return (Action("add", 10),)

    def choose(self, table: Any, action: Action) -> None:
        table.total += 10


Count.BOARD, Count.TITLE, Count.KINDS = Table, "Count", ("add", "stop")


def start(*tasks: Any) -> Count:
    table = Table(total=0, tasks=list(tasks), over=False, forced=())
    table.run()
    return table.freeze()


def test_a_typed_decision_lists_applies_and_writes_its_actions():
    state = start(Pick())
    assert state.legal_actions() == (Action("add", 1), Action("add", 2), Action("stop"))
    assert state.current_player() == 0 and seat_of(state.tasks[-1]) == 0
    assert kind_of(state.tasks[-1]) == "Pick"
    assert state.action_text(Action("stop")) == "stop counting"
    state = state.apply(state.parse_action("add 2"))
    log: list[str] = []
    state = state.apply(state.parse_action("STOP   counting"), log)
    assert state.total == 2 and state.over and state.current_player() == TERMINAL
    assert log == ["The count ends."]


def test_a_decision_without_options_is_skipped_and_a_lone_option_is_taken():
    state = start(Pick(), Only(), Nothing())
    assert state.total == 10 and isinstance(state.tasks[-1], Pick)


def test_a_lone_option_that_always_asks_waits():
    state = start(Pick(), Only(ask=True))
    assert state.legal_actions() == (Action("add", 10),) and state.total == 0


def test_an_illegal_action_names_the_legal_ones():
    with pytest.raises(IllegalActionError, match="legal here: add 1, add 2, stop counting"):
        start(Pick()).apply(Action("add", 3))


def test_a_typed_decision_reads_its_own_notation_and_the_rest_falls_back_to_the_texts():
    state = start(Pick())
    assert state.parse_action("ADD 002") == Action("add", 2)
    assert state.parse_action("stop   COUNTING") == Action("stop")
    with pytest.raises(IllegalActionError, match="'add 3' is not legal here"):
        state.parse_action("add 3")  # read, but not one of the options
