"""OR-Tools CP-SAT models of Puzzle Dungeon's core rules (every card ability switched off).

The core rules, as the engine plays them with `core=True`: monsters in columns, attacked from the
front; an attack matches each defense suit once, with a top segment of the arsenal (each card a
suit still unmatched), then hand cards, then weapons of ready collected monsters (exhausted for
good: nothing readies them); the Deal action pushes the next deck card onto the arsenal; the last
monster of a type flips to its King face (two weapon suits) when the one before it leaves; the
prey counts types and Kings. Nothing returns from the discard pile.

Two models:

- `CoreModel` is exact. It avoids time slots: each collected monster gets a rank (its place in
  the attack order) and a number of deals made before its attack; a card is popped at the attack
  it pays for, and the stack rule reads "every card pushed after it and already dealt is popped by
  then". Its solutions are turned into engine actions and replayed (`solver.lines`).
- `RelaxedModel` drops the order: some column-closed set of monsters meets the prey, and its
  defense, suit by suit, fits the cards still in play plus every weapon it could offer. It has
  fewer constraints, so when it is infeasible the exact model is too: the deal is lost.
"""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from dungeoneer.engine.puzzle_dungeon import KING, PuzzleState, bits, face, prey_progress

FEASIBLE, INFEASIBLE, UNKNOWN = "feasible", "infeasible", "unknown"


@dataclass(frozen=True)
class Settings:
    """Solver settings, fixed so that runs repeat: a deterministic time limit (CP-SAT's work
    units, about seconds on this machine), the worker count and the random seed."""

    deterministic_time: float = 30.0
    workers: int = 1
    seed: int = 0


@dataclass(frozen=True)
class Attack:
    """One attack of a solution: the monster, deals made before it, and how it is paid."""

    monster: int
    deals_before: int
    arsenal: tuple[int, ...]
    """Cards popped from the arsenal, top first."""
    hand: tuple[int, ...]
    weapons: tuple[tuple[int, tuple[int, ...]], ...]


@dataclass(frozen=True)
class CoreAnswer:
    """A model's verdict, the attacks of a solution (exact model, feasible) and the effort."""

    status: str
    attacks: tuple[Attack, ...] = ()
    seconds: float = 0.0
    deterministic_time: float = 0.0


class _Position:
    """The facts of a quiet core-rules position the models need."""

    def __init__(self, state: PuzzleState) -> None:
        if not state.rules.core:
            raise ValueError("the CP-SAT models cover the core rules only")
        if state.stack:
            raise ValueError("the CP-SAT models start from a position with nothing pending")
        self.state = state
        cards = state.rules.cards
        self.monsters = [m for column in state.columns for m in column]
        self.column_pairs = [(column[i], column[i + 1]) for column in state.columns
                             for i in range(len(column) - 1)]  # (behind, in front)
        self.type = {m: cards.monsters[m].type for m in self.monsters}
        self.defense = {m: cards.monsters[m].front.defense for m in self.monsters}
        self.front_weapon = {m: cards.monsters[m].front.weapon for m in self.monsters}
        self.king_weapon = {m: cards.monsters[m].king.weapon for m in self.monsters}
        self.king_now = {m: bool(state.kings >> m & 1) for m in self.monsters}
        self.suit = {c.id: c.suit for c in cards.arsenal}
        # The push order: the arsenal bottom to top, then the deck top first.
        self.pushed = list(state.arsenal) + list(state.deck)
        self.in_stack = len(state.arsenal)
        self.hand = list(bits(state.hand))
        self.ready = list(bits(state.collected & ~state.exhausted))
        self.needs = {kind: need - have for kind, have, need in prey_progress(state)}
        self.same_type = {m: [n for n in self.monsters if n != m and self.type[n] == self.type[m]]
                          for m in self.monsters}

    def ready_weapon(self, m: int) -> tuple[int, ...]:
        return face(self.state, m).weapon


def _add_prey(model: cp_model.CpModel, p: _Position, collected: dict[int, cp_model.IntVar],
              kings: list[cp_model.IntVar]) -> None:
    """Enough collected monsters of each prey type, and enough Monster Kings (`kings`: the terms
    that count as one)."""
    for kind, missing in p.needs.items():
        if missing <= 0:
            continue
        if kind == KING:
            model.add(sum(kings) >= missing)
        else:
            model.add(sum(collected[m] for m in p.monsters if p.type[m] == kind) >= missing)


def _solve(model: cp_model.CpModel,
           settings: Settings) -> tuple[cp_model.CpSolver, cp_model.CpSolverStatus]:
    solver = cp_model.CpSolver()
    solver.parameters.max_deterministic_time = settings.deterministic_time
    solver.parameters.num_workers = settings.workers
    solver.parameters.random_seed = settings.seed
    return solver, solver.solve(model)


def _verdict(status: cp_model.CpSolverStatus) -> str:
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return FEASIBLE
    if status == cp_model.INFEASIBLE:
        return INFEASIBLE
    return UNKNOWN


class CoreModel:
    """The exact model: one variable family per rule, one `_add_*` per constraint family."""

    def __init__(self, state: PuzzleState) -> None:
        self.p = _Position(state)
        self.model = cp_model.CpModel()
        self._add_variables()
        self._add_column_order()
        self._add_kings()
        self._add_prey()
        self._add_card_use()
        self._add_weapon_use()
        self._add_cover()
        self._add_deals_and_stack()

    # -- variables

    def _add_variables(self) -> None:
        p, m_ = self.p, self.model
        n = len(p.monsters)
        self.collected = {m: m_.new_bool_var(f"collected[{m}]") for m in p.monsters}
        self.rank = {m: m_.new_int_var(0, max(n - 1, 0), f"rank[{m}]") for m in p.monsters}
        if p.monsters:
            m_.add_all_different(self.rank.values())
        # Collected monsters come first, then the others in a fixed order (no symmetric orders).
        for a in p.monsters:
            for b in p.monsters:
                if a < b:
                    m_.add(self.rank[a] < self.rank[b]).only_enforce_if(
                        [self.collected[a].negated(), self.collected[b].negated()])
                if a != b:
                    m_.add(self.rank[a] < self.rank[b]).only_enforce_if(
                        [self.collected[a], self.collected[b].negated()])
        self.before: dict[tuple[int, int], cp_model.IntVar] = {}  # (a, b): a attacked before b
        for a in p.monsters:
            for b in p.monsters:
                if a != b:
                    var = m_.new_bool_var(f"before[{a},{b}]")
                    m_.add(self.rank[a] < self.rank[b]).only_enforce_if(var)
                    m_.add(self.rank[a] > self.rank[b]).only_enforce_if(var.negated())
                    self.before[a, b] = var

    # -- constraints

    def _add_column_order(self) -> None:
        """Only a column's front can be attacked: the monster in front goes first."""
        for behind, front in self.p.column_pairs:
            self.model.add_implication(self.collected[behind], self.collected[front])
            self.model.add_implication(self.collected[behind], self.before[front, behind])

    def _add_kings(self) -> None:
        """A monster is collected as a King if it shows its King face already, or if every other
        monster of its type in the dungeon is collected before it (it flipped when the one before
        it left)."""
        p, m_ = self.p, self.model
        self.king: dict[int, cp_model.IntVar] = {}
        for m in p.monsters:
            var = m_.new_bool_var(f"king[{m}]")
            if p.king_now[m]:
                m_.add(var == self.collected[m])
            elif not p.same_type[m]:
                m_.add(var == 0)
            else:
                conditions = [self.collected[m]]
                for other in p.same_type[m]:
                    conditions += [self.collected[other], self.before[other, m]]
                m_.add_bool_and(conditions).only_enforce_if(var)
                m_.add_bool_or([c.negated() for c in conditions]).only_enforce_if(var.negated())
            self.king[m] = var

    def _add_prey(self) -> None:
        """The prey: enough monsters of each type, and enough Monster Kings."""
        _add_prey(self.model, self.p, self.collected, list(self.king.values()))

    def _add_card_use(self) -> None:
        """Each arsenal, deck and hand card pays for at most one attack, of a monster whose
        defense shows its suit."""
        p, m_ = self.p, self.model
        self.pops: dict[tuple[int, int], cp_model.IntVar] = {}  # (card, monster)
        self.hand_use: dict[tuple[int, int], cp_model.IntVar] = {}  # (card, monster)
        for m in p.monsters:
            for c in p.pushed:
                if p.defense[m][p.suit[c]]:
                    self.pops[c, m] = m_.new_bool_var(f"pop[{c},{m}]")
            for c in p.hand:
                if p.defense[m][p.suit[c]]:
                    self.hand_use[c, m] = m_.new_bool_var(f"hand[{c},{m}]")
        for c in p.pushed:
            m_.add_at_most_one(v for (card, _), v in self.pops.items() if card == c)
        for c in p.hand:
            m_.add_at_most_one(v for (card, _), v in self.hand_use.items() if card == c)

    def _add_weapon_use(self) -> None:
        """A ready collected monster's weapon can be exhausted once, for a later attack: one suit,
        or for a King either or both of its two suits."""
        p, m_ = self.p, self.model
        # (weapon owner, target) -> list of (suit, bool var)
        self.weapon_units: dict[tuple[int, int], list[tuple[int, cp_model.IntVar]]] = {}
        self.exhausts: dict[tuple[int, int], cp_model.IntVar] = {}
        for j in [*p.ready, *p.monsters]:
            for m in p.monsters:
                if j == m:
                    continue
                units: list[tuple[int, cp_model.IntVar]] = []
                used = m_.new_bool_var(f"exhaust[{j},{m}]")
                # (weapon suits, the face condition they need: None for a ready weapon)
                options: list[tuple[tuple[int, ...], cp_model.BoolVarT | None]]
                if j in p.ready:
                    options = [(p.ready_weapon(j), None)]
                else:
                    m_.add_implication(used, self.collected[j])
                    m_.add_implication(used, self.before[j, m])
                    options = [(p.front_weapon[j], self.king[j].negated()),
                               (p.king_weapon[j], self.king[j])]
                for suits, face_condition in options:
                    for i, suit in enumerate(suits):
                        if not p.defense[m][suit]:
                            continue
                        unit = m_.new_bool_var(f"unit[{j},{m},{i},{face_condition is None}]")
                        m_.add_implication(unit, used)
                        if face_condition is not None:
                            m_.add_implication(unit, face_condition)
                        units.append((suit, unit))
                if units:
                    m_.add_bool_or([u for _, u in units]).only_enforce_if(used)
                else:
                    m_.add(used == 0)
                self.weapon_units[j, m] = units
                self.exhausts[j, m] = used
            m_.add_at_most_one(self.exhausts[j, m] for m in p.monsters if (j, m) in self.exhausts)

    def _add_cover(self) -> None:
        """Each suit of a collected monster's defense is matched exactly once; nothing is spent on
        a monster that is not collected."""
        p, m_ = self.p, self.model
        for m in p.monsters:
            for suit in range(4):
                terms = [v for (c, t), v in self.pops.items() if t == m and p.suit[c] == suit]
                terms += [v for (c, t), v in self.hand_use.items() if t == m and p.suit[c] == suit]
                for j in [*p.ready, *p.monsters]:
                    terms += [u for s, u in self.weapon_units.get((j, m), ()) if s == suit]
                m_.add(sum(terms) == p.defense[m][suit] * self.collected[m])

    def _add_deals_and_stack(self) -> None:
        """Deals happen between attacks, in deck order. A card is popped only once it has been
        dealt, and only from the top: every card pushed after it and dealt by then is popped at
        the same attack or before."""
        p, m_ = self.p, self.model
        deck = len(p.pushed) - p.in_stack
        self.deals = {m: m_.new_int_var(0, deck, f"deals[{m}]") for m in p.monsters}
        for a in p.monsters:
            for b in p.monsters:
                if a != b:
                    m_.add(self.deals[a] <= self.deals[b]).only_enforce_if(
                        [self.collected[a], self.collected[b], self.before[a, b]])
        # (card, monster) -> dealt before that monster's attack (True: in the arsenal already)
        dealt: dict[tuple[int, int], bool | cp_model.IntVar] = {}
        for index, c in enumerate(p.pushed):
            deck_index = index - p.in_stack
            for m in p.monsters:
                if deck_index < 0:
                    dealt[c, m] = True
                else:
                    var = m_.new_bool_var(f"dealt[{c},{m}]")
                    m_.add(self.deals[m] >= deck_index + 1).only_enforce_if(var)
                    m_.add(self.deals[m] <= deck_index).only_enforce_if(var.negated())
                    dealt[c, m] = var
        for (c, m), pop in self.pops.items():
            if dealt[c, m] is not True:
                m_.add_implication(pop, dealt[c, m])
        # when[c]: the rank of the attack that pops c (past every rank if none does).
        n = len(p.monsters)
        when = {c: m_.new_int_var(0, n, f"when[{c}]") for c in p.pushed}
        for c in p.pushed:
            pops = [(m, v) for (card, m), v in self.pops.items() if card == c]
            for m, pop in pops:
                m_.add(when[c] == self.rank[m]).only_enforce_if(pop)
            m_.add(when[c] == n).only_enforce_if([pop.negated() for _, pop in pops])
        for i, c in enumerate(p.pushed):
            for q in p.pushed[i + 1:]:
                for m in p.monsters:
                    pop_c = self.pops.get((c, m))
                    if pop_c is None:
                        continue
                    condition = [pop_c] if dealt[q, m] is True else [pop_c, dealt[q, m]]
                    m_.add(when[q] <= self.rank[m]).only_enforce_if(condition)

    # -- solving

    def solve(self, settings: Settings = Settings()) -> CoreAnswer:
        """Solve; on success, the attacks in order."""
        solver, status = _solve(self.model, settings)
        verdict = _verdict(status)
        attacks: list[Attack] = []
        if verdict == FEASIBLE:
            attacks = self._extract(solver)
        return CoreAnswer(verdict, tuple(attacks), solver.wall_time, solver.deterministic_time)

    def _extract(self, solver: cp_model.CpSolver) -> list[Attack]:
        p = self.p
        chosen = sorted((m for m in p.monsters if solver.value(self.collected[m])),
                        key=lambda m: solver.value(self.rank[m]))
        attacks: list[Attack] = []
        for m in chosen:
            popped = [c for c in p.pushed if (c, m) in self.pops and solver.value(self.pops[c, m])]
            popped.sort(key=p.pushed.index, reverse=True)  # top first
            hand = sorted(c for c in p.hand
                          if (c, m) in self.hand_use and solver.value(self.hand_use[c, m]))
            weapons: list[tuple[int, tuple[int, ...]]] = []
            for j in [*p.ready, *p.monsters]:
                units = self.weapon_units.get((j, m), ())
                suits = tuple(sorted(s for s, u in units if solver.value(u)))
                if suits:
                    weapons.append((j, suits))
            attacks.append(Attack(m, solver.value(self.deals[m]), tuple(popped), tuple(hand),
                                  tuple(sorted(weapons))))
        return attacks


class RelaxedModel:
    """The counting relaxation: order, the stack and King timing are dropped."""

    def __init__(self, state: PuzzleState) -> None:
        self.p = p = _Position(state)
        self.model = m_ = cp_model.CpModel()
        self.collected = {m: m_.new_bool_var(f"collected[{m}]") for m in p.monsters}
        self._add_column_closure()
        self._add_prey()
        self._add_supply()

    def _add_column_closure(self) -> None:
        """To reach a monster, every monster in front of it goes too."""
        for behind, front in self.p.column_pairs:
            self.model.add_implication(self.collected[behind], self.collected[front])

    def _add_prey(self) -> None:
        """Enough of each type; a King needs another of its type gone, or to be one already."""
        p = self.p
        may_be_king = [self.collected[m] for m in p.monsters if p.king_now[m] or p.same_type[m]]
        _add_prey(self.model, p, self.collected, may_be_king)

    def _add_supply(self) -> None:
        """Suit by suit, and in total, the defenses fit the cards still in play and every weapon
        the chosen monsters (and the ready collected ones) could lend, at its most generous face."""
        p, m_ = self.p, self.model
        cards = [p.suit[c] for c in [*p.pushed, *p.hand]]
        ready_units = [s for j in p.ready for s in p.ready_weapon(j)]
        total: list[cp_model.LinearExpr | int] = []  # the demand of each suit
        for suit in range(4):
            demand = sum(p.defense[m][suit] * self.collected[m] for m in p.monsters)
            lend = []
            for m in p.monsters:
                could_be_king = p.king_now[m] or bool(p.same_type[m])
                units = max(p.front_weapon[m].count(suit),
                            p.king_weapon[m].count(suit) if could_be_king else 0)
                if units:
                    lend.append(units * self.collected[m])
            m_.add(demand <= cards.count(suit) + ready_units.count(suit) + sum(lend))
            total.append(demand)
        weapon_total = sum((2 if p.king_now[m] or p.same_type[m] else 1) * self.collected[m]
                           for m in p.monsters)
        m_.add(sum(total) <= len(cards) + len(ready_units) + weapon_total)

    def solve(self, settings: Settings = Settings()) -> CoreAnswer:
        """Feasible (no proof) or infeasible (the position is lost)."""
        solver, status = _solve(self.model, settings)
        return CoreAnswer(_verdict(status), (), solver.wall_time, solver.deterministic_time)
