"""Winning lines: checked by replaying them through the engine, and told as numbered steps.

No line leaves the solver unchecked: `verify_line` replays it from the start position with the
engine and raises if any action is illegal or the end is not a win.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import PuzzleState

if TYPE_CHECKING:  # only a type here: importing OR-Tools costs most of a second
    from dungeoneer.solver.cpsat_core import Attack


class LineError(AssertionError):
    """A line that does not replay to a win: a bug in a solver, never an answer."""


@dataclass(frozen=True)
class Step:
    """One step of a line: its number, the action as written, and what it did."""

    number: int
    action: str
    did: tuple[str, ...]

    def to_json(self) -> dict:
        return {"step": self.number, "action": self.action, "did": list(self.did)}


def verify_line(start: PuzzleState, line: tuple[Action, ...]) -> PuzzleState:
    """Replay `line` from `start`; the final position, which is won. Raises LineError."""
    state = start
    for i, action in enumerate(line, start=1):
        if not state.can_apply(action):
            raise LineError(f"step {i} ({action!r}) is not legal in the position it reaches")
        state = state.apply(action)
    if not state.won():
        raise LineError(f"the line of {len(line)} actions does not end in a win")
    return state


def steps(start: PuzzleState, line: tuple[Action, ...]) -> list[Step]:
    """The line as numbered steps a player can follow at the table."""
    state, told = start, []
    for i, action in enumerate(line, start=1):
        text = state.action_text(action)
        log: list[str] = []
        state = state.apply(action, log)
        told.append(Step(i, text, tuple(log)))
    return told


def line_from_attacks(start: PuzzleState, attacks: tuple[Attack, ...]) -> tuple[Action, ...]:
    """Turn a CP-SAT solution (attacks in order, with deals and payments) into engine actions.
    Stops as soon as the prey is complete."""
    state, line, dealt = start, [], 0
    for attack in attacks:
        if state.won():
            break
        for _ in range(attack.deals_before - dealt):
            line.append(Action("deal"))
            state = state.apply(line[-1])
        dealt = max(dealt, attack.deals_before)
        fronts = [c for c, col in enumerate(state.columns) if col and col[-1] == attack.monster]
        column = fronts[0] if fronts else None
        if column is None:
            raise LineError(f"monster {attack.monster} is not at the front of a column")
        line.append(Action("attack", column))
        state = state.apply(line[-1])
        if state.options:
            payment = _matching_payment(state, attack)
            line.append(payment)
            state = state.apply(payment)
    return tuple(line)


def _matching_payment(state: PuzzleState, attack: Attack) -> Action:
    for action in state.legal_actions():
        if action.kind != "pay":
            continue
        pay = action.arg
        if (tuple(c for c, _ in pay.arsenal) == attack.arsenal
                and tuple(sorted(c for c, _ in pay.hand)) == attack.hand
                and tuple(sorted((m, tuple(sorted(s))) for m, s in pay.weapons)) == attack.weapons):
            return action
    raise LineError(f"no legal payment matches the model's attack on monster {attack.monster}")

