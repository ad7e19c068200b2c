"""Puzzle Dungeon bots' choices that read only what a player at the table sees: the eager
player's options (attack what the prey lacks, else any attack, else deal), its payments at
random, and the payments one order each; the careful player's choices (a plan: attack what the
prey needs, free the way to it, pay with the arsenal before the hand, deal only when nothing
worth attacking is in reach).

They choose from a position's visible fields alone, never the deck's order, so the blind players
(`generator.players`) and the solver's rollouts on the true deal (`solver.rollouts`) use them
alike: the same choices, the first unsure of what comes, the second seeing it come.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon.board import DEAL, Board, Payer
from dungeoneer.engine.puzzle_dungeon.constants import KING
from dungeoneer.engine.puzzle_dungeon.rules import (
    CardOrderPayments,
    Payment,
    Position,
    Resources,
    active_statics,
    defense_of,
    forbidden_columns,
    in_card_order,
    least_payment_cost,
    nonempty_columns,
    prey_progress,
)
from dungeoneer.engine.puzzle_dungeon.state import PuzzleState
from dungeoneer.engine.rng import Stream

__all__ = ["CarefulChoices", "EagerOptions", "advances", "eager_options", "missing_kinds",
           "one_order_each", "pay_at_random"]


def eager_options(position: Position) -> list[Action]:
    """What the eager player picks from at a quiet position: of the legal actions, the attacks
    on monsters the prey needs if there is one, else all attacks, else all actions (none: the
    game is over). Columns it would not pick from are not checked for a payment: the wanted
    columns first, the others only when none of those can be attacked (profiled: the legal
    actions were a fifth of a playout's time)."""
    return EagerOptions()(position)


class EagerOptions:
    """`eager_options` for the positions of one playout, in turn. What the answer depends on
    besides the arsenal (the columns, the Kings, the collection and what is exhausted, which
    decide the prey still lacking, the statements in effect, the fronts' defenses and the ready
    weapons; and the hand) is summed up once and kept while those stay as they are: after a
    deal, the commonest action (the eager player deals until it can attack), only the arsenal
    and the deck have changed, and only the arsenal's front is read again (profiled: the
    options after a deal were a fifth of an Alchemist's playout)."""

    __slots__ = ("collected", "columns", "defenses", "exhausted", "hand", "kings", "missing",
                 "no_attack", "others", "resources", "wanted")

    def __init__(self) -> None:
        self.columns: tuple[bytes, ...] | None = None
        self.no_attack: bytes | None = None
        """The arsenal of the last answer, if it had no attack and nothing else has changed."""

    def __call__(self, position: Position) -> list[Action]:
        # (identity for the columns: a dungeon that changes is a new tuple, so an equal one that
        # is not the same object is only read again)
        if not (position.columns is self.columns and position.hand == self.hand
                and position.collected == self.collected and position.kings == self.kings
                and position.exhausted == self.exhausted):
            self._read(position)
        if not self.missing:
            return []  # the prey is complete
        resources = self.resources
        if resources is not None:
            arsenal = position.arsenal
            resources.arsenal = arsenal
            can_match, defenses = resources.can_match, self.defenses
            wanted, others = self.wanted, self.others
            before = self.no_attack
            if (before is not None and len(arsenal) == len(before) + 1
                    and arsenal[:-1] == before):
                # One card dealt onto a position with no attack: a payment now must take it
                # first (any other was there before), so only the defenses it can match may
                # have become payable.
                card = arsenal[-1]
                if resources.value[card] not in resources.wild:
                    suit = resources.suit[card]
                    wanted = [c for c in wanted if defenses[c][suit]]
                    others = [c for c in others if defenses[c][suit]]
            attacks = ([c for c in wanted if can_match(defenses[c])]
                       or [c for c in others if can_match(defenses[c])])
            if attacks:
                self.no_attack = None
                return [_attack_action(c) for c in attacks]
            self.no_attack = arsenal
        return [*([DEAL] if position.deck else []),
                *(Action("treasure", t) for t in position.treasures)]

    def _read(self, position: Position) -> None:
        """Sum up what does not depend on the arsenal: the columns that may be attacked, those
        that bring the prey a kind it lacks first, their fronts' defenses, and the hand and
        weapons to pay with."""
        self.columns, self.hand = position.columns, position.hand
        self.collected, self.kings, self.exhausted = (position.collected, position.kings,
                                                      position.exhausted)
        self.missing = missing_kinds(position)
        self.no_attack = None
        columns = position.columns
        fronts = nonempty_columns(columns)
        self.resources = None
        if not self.missing or not fronts:
            return
        statics = active_statics(position)
        blocked = forbidden_columns(position, statics) if statics else set()
        open_fronts = [c for c in fronts if c not in blocked]
        self.wanted = [c for c in open_fronts
                       if advances(position, columns[c][-1], self.missing)]
        self.others = [c for c in open_fronts if c not in self.wanted]
        self.defenses = {c: defense_of(position, columns[c][-1]) for c in open_fronts}
        self.resources = Resources(position, statics)


@cache  # (one action per column, made once)
def _attack_action(column: int) -> Action:
    return Action("attack", column)


def pay_at_random(stream: Stream) -> Payer:
    """The eager player's payment: any of those in card order, at random (what it picks when
    the decision is offered, drawn alike)."""
    def pay(payments: CardOrderPayments) -> Payment:
        return payments[stream.below(len(payments))]
    return pay


def one_order_each(actions: Sequence[Action]) -> Sequence[Action]:
    """The payments among `actions` that discard their hand cards in card order, or all the
    actions when they are not payments: these players do not choose the order of their discards
    (a person rarely does; the solver does, D18)."""
    if not actions or actions[0].kind != "pay":
        return actions
    return [a for a in actions if in_card_order(a.arg)]


def missing_kinds(state: Position) -> list[str]:
    """The kinds (types, or KING) the prey still lacks."""
    return [kind for kind, have, need in prey_progress(state) if have < need]


def advances(state: Position, monster: int, missing: list[str]) -> bool:
    """Whether collecting the monster (as it shows now) gives the prey a kind it lacks."""
    return (state.rules.cards.monsters[monster].type in missing
            or (KING in missing and bool(state.kings >> monster & 1)))


# ----------------------------------------------------------------------------- the careful player

HAND_COST = 3
"""What paying a suit from the hand costs the careful player: a hand card pays any attack later."""
WEAPON_COST = 2
ARSENAL_COST = 0
"""The front of the arsenal is paid first; using it frees the cards behind it."""
YES_SHARE = 3
"""Out of 4: how often the careful player takes an optional ability."""


class CarefulChoices:
    """The careful player's choices: `choose` an action, `payer` a payment on the spot."""

    def payer(self, stream: Stream) -> Payer:
        """The careful player's payment, chosen on the spot: the cheapest of those in card order
        (`payment_cost`), ties at random, its chances drawn as for the decision (`choose`)."""
        def pay(payments: CardOrderPayments) -> Payment:
            # Every payment priced in index order, each with its draw, without building each
            # one (pricing them built them all: a sixth of a careful playout's time).
            best_cost = best_draw = best = -1
            index = 0
            for cost, count in payments.cost_blocks(ARSENAL_COST, HAND_COST, WEAPON_COST):
                for _ in range(count):
                    draw = stream.below(1 << 30)
                    if best < 0 or cost < best_cost or (cost == best_cost and draw < best_draw):
                        best_cost, best_draw, best = cost, draw, index
                    index += 1
            return payments[best]
        return pay

    def choose(self, position: PuzzleState | Board, stream: Stream) -> Action:
        """The action to take here."""
        actions = position.legal_actions()
        if position.options:
            return self._decide(actions, stream)
        attacks = [a for a in actions if a.kind == "attack"]
        scored = sorted(((self.attack_value(position, a), stream.below(1 << 30), a)
                         for a in attacks), key=lambda t: (t[0], t[1]), reverse=True)
        can_deal = any(a.kind == "deal" for a in actions)
        if scored and (scored[0][0] > 0 or not can_deal):
            return scored[0][2]
        if can_deal:
            return next(a for a in actions if a.kind == "deal")
        return actions[stream.below(len(actions))]

    def attack_value(self, position: Position, action: Action) -> int:
        """What attacking this column is worth: the prey it brings, less what paying costs."""
        column = position.columns[action.arg]
        target = column[-1]
        worth = _prey_worth(position, target)
        if worth <= 0 and len(column) > 1 and _prey_worth(position, column[-2]) > 0:
            worth = 4  # it stands in front of a monster the prey needs
        cheapest = least_payment_cost(position, target, ARSENAL_COST, HAND_COST, WEAPON_COST)
        return worth - (99 if cheapest is None else cheapest)

    @staticmethod
    def payment_cost(payment: Payment) -> int:
        """What the payment costs the careful player (HAND_COST, WEAPON_COST, ARSENAL_COST)."""
        return (HAND_COST * len(payment.hand) + WEAPON_COST * len(payment.weapons)
                + ARSENAL_COST * len(payment.arsenal))

    def _decide(self, options: Sequence[Action], stream: Stream) -> Action:
        kinds = {a.kind for a in options}
        if kinds == {"pay"}:
            options = one_order_each(options)
            costs = [(self.payment_cost(a.arg), stream.below(1 << 30), i)
                     for i, a in enumerate(options)]
            return options[min(costs)[2]]
        if kinds == {"yes", "no"}:
            wanted = "yes" if stream.below(4) < YES_SHARE else "no"
            return next(a for a in options if a.kind == wanted)
        return options[stream.below(len(options))]


def _prey_worth(position: Position, monster: int) -> int:
    """What collecting the monster is worth to the careful player: ten for each prey kind still
    lacking that it gives, three for a monster of a kind that may yet turn King when the prey
    lacks Kings."""
    kind = position.rules.cards.monsters[monster].type
    worth = 0
    for need_kind, have, need in prey_progress(position):
        if have >= need:
            continue
        if need_kind == kind:
            worth += 10
        elif need_kind == KING:
            worth += 10 if position.kings >> monster & 1 else 3
    return worth
