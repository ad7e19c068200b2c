"""Sound bounds: rules that prove a position lost, so the search can skip it.

`CoreBound` is the counting relaxation of the core rules (the same constraints as
`solver.cpsat_core.RelaxedModel`, checked by enumeration): to win, some set of monsters that can be
reached from the column fronts (a column-closed set) must meet the prey, and its defense must fit,
suit by suit and in total, the cards still in play plus every weapon the set and the ready
collected monsters could lend. Why it is sound under the core rules: cards only leave play (nothing
returns from the discard pile), every monster collected from now on lies in such a set, each card
pays one suit once, and each weapon lends at most its suits once (a King's two at most).

Under the full rules, abilities move monsters between columns, return cards to the deck and
ready weapons, so this bound does not hold and is not used.
"""

from __future__ import annotations

from dungeoneer.engine.puzzle_dungeon import (
    KING,
    PuzzleDungeon,
    PuzzleState,
    bits,
    face,
    prey_progress,
)


class CoreBound:
    """The counting relaxation as a fast test; call it on a quiet core-rules position."""

    def __init__(self) -> None:
        self.cache: dict[object, bool] = {}
        self.checks = 0

    def __call__(self, state: PuzzleState) -> bool:
        """True when no column-closed set of monsters can pay for the prey: the position is lost."""
        suit_of = state.rules.cards.arsenal
        supply = [0, 0, 0, 0]
        for zone in (state.arsenal, state.deck, bits(state.hand)):
            for card in zone:
                supply[suit_of[card].suit] += 1
        for m in bits(state.collected):
            if not state.exhausted >> m & 1:
                for suit in face(state, m).weapon:
                    supply[suit] += 1
        needs = tuple((kind, need - have) for kind, have, need in prey_progress(state)
                      if need > have)
        return self.lost(state.rules, state.columns, state.kings,
                         (supply[0], supply[1], supply[2], supply[3]), needs)

    def lost(self, game: PuzzleDungeon, columns: tuple[bytes, ...], kings: int,
             supply: tuple[int, int, int, int], needs: tuple[tuple[str, int], ...]) -> bool:
        """The bound on a position given by its columns, Monster Kings, supply (each suit's
        cards in the arsenal, deck and hand, plus the suits of ready weapons) and what the prey
        still needs ((kind, count) for each kind short): what `__call__` reads of a position,
        for a search that keeps positions of its own (`solver.kernel`)."""
        key = (columns, kings, supply, needs)
        found = self.cache.get(key)
        if found is None:
            self.checks += 1
            found = not self._some_set_pays(game, columns, kings, list(supply), needs)
            self.cache[key] = found
        return found

    def _some_set_pays(self, game: PuzzleDungeon, columns: tuple[bytes, ...], kings: int,
                       supply: list[int], needs: tuple[tuple[str, int], ...]) -> bool:
        if not needs:
            return True
        monsters = game.cards.monsters
        kinds = [kind for kind, _ in needs]
        missing = [n for _, n in needs]
        types_in_dungeon: dict[str, int] = {}
        for column in columns:
            for m in column:
                types_in_dungeon[monsters[m].type] = types_in_dungeon.get(monsters[m].type, 0) + 1
        # Per column, for taking its k front monsters: prey counted, net suit cost (defense less
        # the most each monster could lend), and net total cost.
        tables = []
        for column in columns:
            rows: list[tuple[tuple[int, ...], tuple[int, ...], int]] = [
                ((0,) * len(kinds), (0, 0, 0, 0), 0)]
            for m in reversed(column):
                card = monsters[m]
                king_now = bool(kings >> m & 1)
                may_be_king = king_now or types_in_dungeon[card.type] >= 2
                counts, cost, total = rows[-1]
                counts = tuple(c + (1 if kind == card.type or (kind == KING and may_be_king)
                                    else 0) for c, kind in zip(counts, kinds, strict=True))
                lend = [0, 0, 0, 0]
                for suit in range(4):
                    lend[suit] = max(card.front.weapon.count(suit),
                                     card.king.weapon.count(suit) if may_be_king else 0)
                defense = card.front.defense
                cost = tuple(cost[s] + defense[s] - lend[s] for s in range(4))
                total += 4 - (2 if may_be_king else 1)
                rows.append((counts, cost, total))
            tables.append(rows)
        return _Sets(tables, missing, supply).pay(0, (0,) * len(kinds), (0, 0, 0, 0), 0)


class _Sets:
    """The search over column-closed sets, column by column: each column's front monsters
    taken 0, 1, ... deep (a table row each: prey counted, net cost by suit, net total). A
    class rather than a recursive closure, which would be a reference cycle left for the
    garbage collector at every check."""

    def __init__(self, tables: list[list[tuple[tuple[int, ...], tuple[int, ...], int]]],
                 missing: list[int], supply: list[int]) -> None:
        self.tables = tables
        self.missing = missing
        self.supply = supply
        self.budget_total = sum(supply)
        self.best_counts = [t[-1][0] for t in tables]

    def pay(self, i: int, counts: tuple[int, ...], cost: tuple[int, ...], total: int) -> bool:
        """Whether columns i on, added to this much taken, can meet the prey within supply."""
        tables, missing = self.tables, self.missing
        if i == len(tables):
            return (all(c >= n for c, n in zip(counts, missing, strict=True))
                    and all(cost[s] <= self.supply[s] for s in range(4)))
        # Even taking every remaining column whole, can the prey still be met?
        for j, n in enumerate(missing):
            if counts[j] + sum(self.best_counts[k][j] for k in range(i, len(tables))) < n:
                return False
        for row_counts, row_cost, row_total in tables[i]:
            if total + row_total > self.budget_total:
                break  # the net total only grows deeper in a column
            if self.pay(i + 1, tuple(a + b for a, b in zip(counts, row_counts, strict=True)),
                        tuple(cost[s] + row_cost[s] for s in range(4)), total + row_total):
                return True
        return False
