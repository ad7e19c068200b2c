"""How a game ended, as the comment lines that open its record (a replay ignores them) and as
`replay --then` tells a finish: the result, the winner(s), each seat's score, and who held each
seat (a person, or a bot with its settings)."""

from __future__ import annotations

from collections.abc import Sequence

from dungeoneer.engine.protocol import State, Termination
from dungeoneer.engine.session import Turn


def holder_text(name: str | None, pace: float | None = None) -> str:
    """Who held a seat: 'a person', or 'the greedy bot' ('the sampling:samples=8 bot', 'the
    heuristic team at 5 s per action')."""
    if name is None or name == "human":
        return "a person"
    return f"the {name} bot" + (f" at {pace:g} s per action" if pace is not None else "")


def seats_line(state: State, holders: Sequence[str], real_time: bool) -> str:
    """'seats: 1 a person, 2 the greedy bot' (a real-time game: one holder for the team)."""
    if real_time or state.game.players == 1:
        people = "the people at the terminal" if real_time else "a person"
        return f"played by: {people if holders[0] == holder_text(None) else holders[0]}"
    return "seats: " + ", ".join(f"{i + 1} {holder}" for i, holder in enumerate(holders))


def _score(value: float) -> str:
    return f"{value:g}"


def result_lines(state: State, holders: Sequence[str] | None) -> list[str]:
    """The comment lines that close a record: its result (and why), the winners, the scores
    by seat, and who held each seat (None: the caller says it)."""
    outcome = state.outcome()
    real_time = state.game.info.real_time
    if outcome is None:
        lines = ["result: unfinished"]
    else:
        lines = [f"result: {outcome.termination.value} ({outcome.reason})" if outcome.reason
                 else f"result: {outcome.termination.value}"]
        several = state.game.players > 1 and not real_time
        if outcome.termination is Termination.FINISHED or (several and outcome.winners):
            won = ", ".join(f"seat {seat + 1}" for seat in outcome.winners) or "nobody"
            lines.append(f"winners: {won}")
        if outcome.scores and several:
            lines.append("scores: " + ", ".join(f"seat {i + 1} {_score(s)}"
                                                for i, s in enumerate(outcome.scores)))
        elif outcome.scores and real_time:  # (a won run's score: the seconds left)
            lines.append(f"time left: {_score(outcome.scores[0])} s")
    if holders is not None:
        lines.append(seats_line(state, holders, real_time))
    return lines


def finish_lines(turns: Sequence[Turn]) -> list[str]:
    """The moves a bot finish played, one a line with its seat ('seat 2: play Bard')."""
    lines = []
    for turn in turns:
        who = f"seat {turn.seat + 1}: " if turn.seat >= 0 else ""
        lines.append(f"  {who}{turn.text()}")
    return lines
