"""Move ordering and the best-first estimate: what the searches try first.

Neither changes a verdict (every action is still tried); they decide how soon a win is found.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import KING, PuzzleState, prey_progress

if TYPE_CHECKING:
    from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon


def _wanted(state: PuzzleState) -> set[str]:
    return {kind for kind, have, need in prey_progress(state) if have < need}


def _is_prey(state: PuzzleState, monster: int, wanted: set[str]) -> bool:
    if state.rules.tables.kind[monster] in wanted:
        return True
    return KING in wanted and bool(state.kings >> monster & 1)


def guided_order(state: PuzzleState, actions: tuple[Action, ...]) -> list[Action]:
    """Attack before dealing, prey before Trophies (with Monster Kings still to make, the types
    cheapest to clear count as prey) and shallow columns first; pay with the arsenal's front cards
    first (they block the cards behind them) and keep weapons and hand cards for later; say yes to
    "you may". A stable sort: ties keep the engine's order."""
    kind = actions[0].kind
    if kind == "pay":
        return sorted(actions, key=lambda a: (-len(a.arg.arsenal), len(a.arg.weapons),
                                              len(a.arg.hand)))
    if kind in ("yes", "no"):
        return sorted(actions, key=lambda a: a.kind != "yes")
    if kind not in ("deal", "attack", "treasure"):
        return list(actions)
    wanted = _wanted(state) | _king_types(state)

    def rank(action: Action) -> tuple[int, int]:
        if action.kind == "attack":
            column = state.columns[action.arg]
            return (0 if _is_prey(state, column[-1], wanted) else 1, len(column))
        return (2, 0) if action.kind == "treasure" else (3, 0)

    return sorted(actions, key=rank)


def _king_types(state: PuzzleState) -> set[str]:
    """The types whose Kings look cheapest to make, as many as Monster Kings are still missing."""
    missing = sum(need - have for kind, have, need in prey_progress(state)
                  if kind == KING and need > have)
    if not missing:
        return set()
    return set(cheapest_types(state.rules, state.columns, state.kings)[:missing])


def cheapest_types(rules: PuzzleDungeon, columns: tuple[bytes, ...], kings: int
                   ) -> tuple[str, ...]:
    """The dungeon's types, cheapest to clear first (ties by name): a Monster King still to
    make is looked for among the first."""
    return _layout(rules, columns, kings).cheapest_types


def estimate(state: PuzzleState) -> int:
    """How far from a win a position looks (lower is closer): four suits to match for every
    monster still to collect, counting those in front of the nearest prey, less the cards and
    ready weapons at hand. A Monster King still to make costs clearing its type (the last monster
    of a type flips when the one before it leaves), the cheapest types first."""
    layout = _layout(state.rules, state.columns, state.kings)
    attacks = 0
    for kind, have, need in prey_progress(state):
        missing = need - have
        if missing <= 0:
            continue
        costs = layout.king_costs if kind == KING else layout.depths.get(kind, ())
        attacks += sum(costs[:missing]) if len(costs) >= missing else 99
    ready = (state.collected & ~state.exhausted).bit_count()
    return 4 * attacks - (state.hand.bit_count() + len(state.arsenal) + len(state.deck) + ready)


class _Layout(NamedTuple):
    """What the ordering reads off the dungeon alone (its columns and which monsters show their
    King face), worked out once per dungeon: positions that differ only in cards share it."""

    depths: dict[str, tuple[int, ...]]
    """Per type: how many monsters come off a column to reach each monster of it, sorted."""
    king_costs: tuple[int, ...]
    """Per type that can give a King: the monsters to collect to get it, sorted."""
    cheapest_types: tuple[str, ...]
    """The types, cheapest to clear first (ties by name)."""


@lru_cache(maxsize=1 << 15)
def _layout(rules: PuzzleDungeon, columns: tuple[bytes, ...], kings: int) -> _Layout:
    kinds = rules.tables.kind
    depths: dict[str, list[int]] = {}
    deepest: dict[str, list[int]] = {}
    king_depths: dict[str, list[int]] = {}
    for c, column in enumerate(columns):
        for depth, m in enumerate(reversed(column), start=1):
            kind = kinds[m]
            depths.setdefault(kind, []).append(depth)
            # Clearing a type: in each column, down to its deepest member.
            deepest.setdefault(kind, [0] * len(columns))[c] = depth
            if kings >> m & 1:
                king_depths.setdefault(kind, []).append(depth)
    clearing = {kind: sum(per_column) for kind, per_column in deepest.items()}
    king_costs = []
    for kind, found in depths.items():
        if kind in king_depths:
            king_costs.append(min(king_depths[kind]))
        elif len(found) >= 2:
            king_costs.append(clearing[kind])
    return _Layout({kind: tuple(sorted(found)) for kind, found in depths.items()},
                   tuple(sorted(king_costs)),
                   tuple(sorted(clearing, key=lambda k: (clearing[k], k))))
