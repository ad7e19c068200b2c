"""Which legal actions a search needs to try: all of them, less provably redundant ones.

Two reductions, each with its argument:

1. **Interchangeable pending abilities.** When several triggered abilities wait together, the
   player picks which resolves first. If two of them have the same program (the same steps, e.g.
   two Trophy abilities that both draw a card)
   and trigger kind (so that "Ignore Loot abilities" treats them alike) and that program never
   reads its context (the card it is on, "this column", "it"), then resolving one first or the
   other first runs the same steps in the same order: the positions and choices that follow are
   identical. So only the first of such a group is tried.
2. **Interchangeable payments.** Payments that differ only by which of two interchangeable hand
   cards they spend (`solver.canonical`) lead to positions that are images of each other under a
   swap of those cards: one of them is tried.
"""

from __future__ import annotations

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import PuzzleState
from dungeoneer.solver.canonical import Canonicalizer


def branches(state: PuzzleState, canonical: Canonicalizer) -> tuple[Action, ...]:
    """The legal actions worth trying, in the engine's order."""
    actions = state.legal_actions()
    if not actions:
        return actions
    kind = actions[0].kind
    if kind == "resolve":
        return _distinct_resolves(state, actions, canonical)
    if kind == "pay":
        seen, kept = set(), []
        payment_signature = canonical.payment_signatures(state)
        for action in actions:
            signature = payment_signature(action.arg)
            if signature not in seen:
                seen.add(signature)
                kept.append(action)
        return tuple(kept)
    return actions


def _distinct_resolves(state: PuzzleState, actions: tuple[Action, ...],
                       canonical: Canonicalizer) -> tuple[Action, ...]:
    batch = state.stack[-1].triggers
    kept = distinct_resolves(canonical.resolve_signatures,
                             [batch[action.arg].ability for action in actions])
    return tuple([actions[i] for i in kept])


def distinct_resolves(signatures: list[int], programs: list[int]) -> list[int]:
    """Which of the abilities waiting together (their program ids, in the batch's order) to
    try first: the first of each interchangeable kind (`Canonicalizer.resolve_signatures`) and
    every other one, by index (reduction 1 above; the search kernels ask it too)."""
    seen: list[int] = []
    kept: list[int] = []
    for i, program in enumerate(programs):
        signature = signatures[program]
        if signature >= 0:
            if signature in seen:
                continue
            seen.append(signature)
        kept.append(i)
    return kept
