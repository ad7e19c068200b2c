"""Move ordering and the best-first estimate: what the searches try first.

Neither changes a verdict (every action is still tried); they decide how soon a win is found.
"""

from __future__ import annotations

from engine.protocol import Action
from engine.puzzle_dungeon import PuzzleState
from engine.puzzle_dungeon.constants import KING
from engine.puzzle_dungeon.rules import prey_progress


def _wanted(state: PuzzleState) -> set[str]:
    return {kind for kind, have, need in prey_progress(state) if have < need}


def _is_prey(state: PuzzleState, monster: int, wanted: set[str]) -> bool:
    if state.rules.cards.monsters[monster].type in wanted:
        return True
    return KING in wanted and bool(state.kings >> monster & 1)


def guided_order(state: PuzzleState, actions: tuple[Action, ...]) -> list[Action]:
    """Attack before dealing, prey before Trophies and shallow columns first; pay with the
    arsenal's front cards first (they block the cards behind them) and keep weapons and hand cards
    for later; say yes to "you may". A stable sort: ties keep the engine's order."""
    kind = actions[0].kind
    if kind == "pay":
        return sorted(actions, key=lambda a: (-len(a.arg.arsenal), len(a.arg.weapons),
                                              len(a.arg.hand)))
    if kind in ("yes", "no"):
        return sorted(actions, key=lambda a: a.kind != "yes")
    if kind not in ("deal", "attack", "treasure"):
        return list(actions)
    wanted = _wanted(state)

    def rank(action: Action) -> tuple[int, int]:
        if action.kind == "attack":
            column = state.columns[action.arg]
            return (0 if _is_prey(state, column[-1], wanted) else 1, len(column))
        return (2, 0) if action.kind == "treasure" else (3, 0)

    return sorted(actions, key=rank)


def estimate(state: PuzzleState) -> int:
    """How far from a win a position looks (lower is closer): four suits to match for every
    monster still to collect, counting those in front of the nearest prey, less the cards and
    ready weapons at hand."""
    wanted = prey_progress(state)
    attacks = 0
    for kind, have, need in wanted:
        missing = need - have
        if missing <= 0:
            continue
        depths = sorted(depth for column in state.columns
                        for depth, m in enumerate(reversed(column), start=1)
                        if _is_prey(state, m, {kind}))
        attacks += sum(depths[:missing]) if len(depths) >= missing else 99
    ready = sum(1 for m in state.collected if not state.exhausted >> m & 1)
    return 4 * attacks - (len(state.hand) + len(state.arsenal) + len(state.deck) + ready)
