"""Move ordering: which action the depth-first search tries first.

Ordering never changes a verdict (every action is still tried); it decides how soon a win is
found. The heuristics: attack before dealing, attack prey before Trophies, pay with the arsenal's
front cards first (they block the cards behind them) and keep weapons and hand cards for later,
and say yes to "you may".
"""

from __future__ import annotations

from engine.protocol import Action
from engine.puzzle_dungeon import PuzzleState
from engine.puzzle_dungeon.constants import KING


def _prey_types(state: PuzzleState) -> set[str]:
    return {kind for kind, have, need in _progress(state) if have < need}


def _progress(state: PuzzleState):
    from engine.puzzle_dungeon.rules import prey_progress
    return prey_progress(state)


def guided_order(state: PuzzleState, actions: tuple[Action, ...]) -> list[Action]:
    """Actions sorted by the heuristics above (stable, so ties keep the engine's order)."""
    kind = actions[0].kind
    if kind == "pay":
        # More arsenal cards first, then fewer weapons, then fewer hand cards.
        return sorted(actions, key=lambda a: (-len(a.arg.arsenal), len(a.arg.weapons),
                                              len(a.arg.hand)))
    if kind in ("yes", "no"):
        return sorted(actions, key=lambda a: a.kind != "yes")
    if kind not in ("deal", "attack", "treasure"):
        return list(actions)
    wanted = _prey_types(state)
    monsters = state.rules.cards.monsters

    def rank(action: Action) -> tuple[int, int]:
        if action.kind == "attack":
            front = state.columns[action.arg][-1]
            king = bool(state.kings >> front & 1)
            prey = monsters[front].type in wanted or (king and KING in wanted)
            return (0 if prey else 1, len(state.columns[action.arg]))
        if action.kind == "treasure":
            return (2, 0)
        return (3, 0)  # deal

    return sorted(actions, key=rank)
