"""Winning lines: checked by replaying them through the engine, and told as numbered steps.

No line leaves the solver unchecked: `verify_line` replays it from the start position with the
engine and raises if any action is illegal or the end is not a win.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import PuzzleState

if TYPE_CHECKING:  # only a type here: importing OR-Tools costs most of a second
    from dungeoneer.solver.cpsat_core import Attack


class LineError(AssertionError):
    """A line that does not replay to a win: a bug in a solver, never an answer."""


@dataclass(frozen=True)
class Step:
    """One step of a line: its number, the action as written, what it did, and the question it
    answers (the position's prompt before it; '' when the player was free to act)."""

    number: int
    action: str
    did: tuple[str, ...]
    answers: str = ""

    def to_json(self) -> dict[str, Any]:
        """A step as docs/json.md writes it: {"step", "action", "answers", "did"}."""
        return {"step": self.number, "action": self.action, "answers": self.answers or None,
                "did": list(self.did)}


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
        text, asked = state.action_text(action), state.prompt()
        log: list[str] = []
        state = state.apply(action, log)
        told.append(Step(i, text, tuple(log), asked))
    return told


def written_steps(start: PuzzleState, texts: Sequence[str]) -> list[Step]:
    """A line written as actions' texts (an archive's, a generator's), as numbered steps; a
    DungeoneerError naming the step that does not replay."""
    state, line = start, []
    for number, text in enumerate(texts, start=1):
        try:
            action = state.parse_action(text)
            state = state.apply(action)
        except DungeoneerError as exc:
            raise DungeoneerError(f"step {number}, {text!r}: {exc.reason}", text=text) from None
        line.append(action)
    return steps(start, tuple(line))


def line_json(start: PuzzleState, texts: Sequence[str]) -> list[dict[str, Any]]:
    """A line written as actions' texts, as steps for programs (docs/json.md, "line")."""
    return [step.to_json() for step in written_steps(start, texts)]


# ----------------------------------------------------------------------------- the short telling

@dataclass(frozen=True)
class Brief:
    """A line of the short telling: the step numbers ('15-17' for a run of deals), the action(s)
    and what it was for, in a few words."""

    numbers: str
    action: str
    gloss: str


_IMPLIED = re.compile(r"You (discard \S+ from the (hand|arsenal)|exhaust the .*|collect the (?!"
                      r"Treasure).*)\.$|Its weapon matches .*")
"""What the action's own text already says: a payment names the cards it discards and the
monsters it exhausts, and a defeated monster is always collected."""
_RESOLVES = re.compile(r"^(.+'s .+) resolves\.$")
"""The log's credit of what follows to an ability ('Rogue's Collect resolves.')."""
_DEAL = re.compile(r"You deal (\S+) to the arsenal\.$")
_ABILITY = re.compile(r"^(.+?): “([^:”]+):")
"""A prompt that quotes a card's ability: 'Lich: “Loot: Shuffle ...”'."""


def gloss(step: Step) -> str:
    """What a step did, in a few words: its log without what the action already says, and, for
    the answer to a card's choice, whose ability asked ("Lich's Loot")."""
    said = [line for line in step.did if not _IMPLIED.match(line)]
    text = "; ".join(_credited(said))
    asked = _ABILITY.match(step.answers)
    if asked is None:
        return text
    whose = f"{asked.group(1)}'s {asked.group(2)}"
    return f"{whose}: {text}" if text else whose


def _credited(said: Sequence[str]) -> list[str]:
    """A step's log in a few words, each ability's effects after its name ('Rogue's Collect:
    draw 3H'), as the log credits them ('Rogue's Collect resolves.' before its effects)."""
    parts: list[str] = []
    waiting = False  # the last part is an ability's name, its effects not yet told
    for line in said:
        credit = _RESOLVES.match(line)
        if credit is not None:
            parts.append(credit.group(1))
            waiting = True
            continue
        words = _lowered(line.removeprefix("You ").rstrip("."))
        if waiting:
            parts[-1] = f"{parts[-1]}: {words}"
        else:
            parts.append(words)
        waiting = False
    return parts


def _lowered(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def brief(told: Sequence[Step]) -> list[Brief]:
    """The line told one row per step, a run of plain deals (nothing but a card dealt) in one
    row: a line a player can follow at a glance."""
    rows: list[Brief] = []
    i = 0
    while i < len(told):
        run = _deal_run(told, i)
        if len(run) > 1:
            cards = " ".join(card for card, _ in run)
            rows.append(Brief(f"{told[i].number}-{run[-1][1].number}", f"deal \u00d7{len(run)}",
                              f"{cards} to the arsenal"))
            i += len(run)
            continue
        said = gloss(told[i])
        verb = told[i].action.split(" ")[0] + " "
        rows.append(Brief(str(told[i].number), told[i].action, said.removeprefix(verb)))
        i += 1
    return rows


def _deal_run(told: Sequence[Step], first: int) -> list[tuple[str, Step]]:
    """The plain deals from step `first` on: (card dealt, step)."""
    run = []
    for step in told[first:]:
        dealt = _DEAL.match(step.did[0]) if step.action == "deal" and len(step.did) == 1 \
            else None
        if dealt is None:
            break
        run.append((dealt.group(1), step))
    return run


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

