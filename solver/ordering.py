"""Move ordering and the best-first estimate: what the searches try first.

Neither changes a verdict (every action is still tried); they decide how soon a win is found.
"""

from __future__ import annotations

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import PuzzleState
from dungeoneer.engine.puzzle_dungeon.constants import KING
from dungeoneer.engine.puzzle_dungeon.rules import prey_progress


def _wanted(state: PuzzleState) -> set[str]:
    return {kind for kind, have, need in prey_progress(state) if have < need}


def _is_prey(state: PuzzleState, monster: int, wanted: set[str]) -> bool:
    if state.rules.cards.monsters[monster].type in wanted:
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
    monsters = state.rules.cards.monsters
    costs = {kind: _clearing_cost(state, kind)
             for kind in {monsters[m].type for column in state.columns for m in column}}
    return set(sorted(costs, key=lambda k: (costs[k], k))[:missing])


def estimate(state: PuzzleState) -> int:
    """How far from a win a position looks (lower is closer): four suits to match for every
    monster still to collect, counting those in front of the nearest prey, less the cards and
    ready weapons at hand. A Monster King still to make costs clearing its type (the last monster
    of a type flips when the one before it leaves), the cheapest types first."""
    attacks = 0
    for kind, have, need in prey_progress(state):
        missing = need - have
        if missing <= 0:
            continue
        costs = _king_costs(state) if kind == KING else _type_costs(state, kind)
        attacks += sum(costs[:missing]) if len(costs) >= missing else 99
    ready = sum(1 for m in state.collected if not state.exhausted >> m & 1)
    return 4 * attacks - (len(state.hand) + len(state.arsenal) + len(state.deck) + ready)


def _depths(state: PuzzleState, chosen) -> list[int]:
    """For each monster `chosen(m)` picks: how many monsters come off its column to reach it."""
    return sorted(depth for column in state.columns
                  for depth, m in enumerate(reversed(column), start=1) if chosen(m))


def _type_costs(state: PuzzleState, kind: str) -> list[int]:
    monsters = state.rules.cards.monsters
    return _depths(state, lambda m: monsters[m].type == kind)


def _king_costs(state: PuzzleState) -> list[int]:
    """Per type: the monsters to collect to get its King (one King per type)."""
    monsters = state.rules.cards.monsters
    costs = []
    for kind in {monsters[m].type for column in state.columns for m in column}:
        members = [m for column in state.columns for m in column if monsters[m].type == kind]
        kings = [m for m in members if state.kings >> m & 1]
        if kings:
            costs.append(min(_depths(state, lambda m, k=kings: m in k)))
        elif len(members) >= 2:
            costs.append(_clearing_cost(state, kind))
    return sorted(costs)


def _clearing_cost(state: PuzzleState, kind: str) -> int:
    """Monsters to collect to take every monster of a type: in each column, down to its deepest
    member."""
    monsters = state.rules.cards.monsters
    return sum(max((depth for depth, m in enumerate(reversed(column), start=1)
                    if monsters[m].type == kind), default=0) for column in state.columns)
