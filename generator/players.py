"""Player models for Puzzle Dungeon that do not look at the deck: what a person at the table knows.

Two models, kept apart on purpose:

- `eager_playout`: a player who attacks whenever it can, a monster the prey needs if there is one,
  and picks everything else at random. The rating (`generator.rating`) counts how often such a
  player wins a deal.
- `CarefulPlayer`: a player with a plan (`docs/difficulty.md`): attack what the prey needs, free
  the way to it, pay with the arsenal before the hand, deal only when nothing worth attacking is
  in reach. It is used only to check the rating from outside, never inside it.

Both read the position as the player sees it: the dungeon, the arsenal, the hand, the collected
monsters and how many cards the deck holds; never the deck's order. Their random choices come from
an `engine.rng.Stream`, so a seed replays a game exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import PuzzleState
from dungeoneer.engine.puzzle_dungeon.board import DEAL, Board, Payer
from dungeoneer.engine.puzzle_dungeon.constants import KING
from dungeoneer.engine.puzzle_dungeon.rules import (
    CardOrderPayments,
    Payment,
    Resources,
    active_statics,
    face,
    forbidden_columns,
    in_card_order,
    least_payment_cost,
    nonempty_columns,
    prey_progress,
)
from dungeoneer.engine.rng import Stream

MAX_ACTIONS = 2000
"""A game longer than this is a loss (the engine ends every game far sooner; this is a guard)."""


def eager_playout(state: PuzzleState, stream: Stream) -> bool:
    """Play to the end as an eager player: an attack on a monster the prey needs if one is
    legal, else any legal attack, else a deal; every choice at random. True if the game is
    won.

    The game is played on one working board (`Board.act`), with no position frozen between
    actions: the same game as `PuzzleState.apply_paying` action by action gives, in less time
    (playouts are nearly all of the sampling player's work)."""
    payer = pay_at_random(stream)
    board = Board(state, None, payer)
    quiet_options = EagerOptions()
    for _ in range(MAX_ACTIONS):
        if board.options:
            actions: Sequence[Action] = one_order_each(board.options)
        else:
            actions = quiet_options(board)
            if not actions:
                return board.won()
        board.act(actions[stream.below(len(actions))])
    return False


def eager_options(position: PuzzleState | Board) -> list[Action]:
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
        self.columns: tuple | None = None
        self.no_attack: tuple[int, ...] | None = None
        """The arsenal of the last answer, if it had no attack and nothing else has changed."""

    def __call__(self, position: PuzzleState | Board) -> list[Action]:
        # (identity for the tuples: a zone that changes is a new tuple, so an equal one that is
        # not the same object is only read again)
        if not (position.columns is self.columns and position.hand is self.hand
                and position.collected is self.collected and position.kings == self.kings
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
                card = resources.cards[arsenal[-1]]
                if card.value not in resources.wild:
                    suit = card.suit
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

    def _read(self, position: PuzzleState | Board) -> None:
        """Sum up what does not depend on the arsenal: the columns that may be attacked, those
        that bring the prey a kind it lacks first, their fronts' defenses, and the hand and
        weapons to pay with."""
        self.columns, self.hand = position.columns, position.hand
        self.collected, self.kings, self.exhausted = (position.collected, position.kings,
                                                      position.exhausted)
        self.missing = _missing(position)
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
                       if _advances(position, columns[c][-1], self.missing)]
        self.others = [c for c in open_fronts if c not in self.wanted]
        self.defenses = {c: face(position, columns[c][-1]).defense for c in open_fronts}
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


def play_out(choose: Callable[[PuzzleState, Stream], Action], state: PuzzleState,
             stream: Stream, payer: Payer | None = None) -> bool:
    """Play to the end, `choose` deciding every action and `payer`, if given, every payment on
    the spot (`PuzzleState.apply_paying`); True if the game is won (a game past MAX_ACTIONS is
    lost)."""
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return state.won()
        action = choose(state, stream)
        state = state.apply(action) if payer is None else state.apply_paying(action, payer)
    return False


def one_order_each(actions: Sequence[Action]) -> Sequence[Action]:
    """The payments among `actions` that discard their hand cards in card order, or all the
    actions when they are not payments: these players do not choose the order of their discards
    (a person rarely does; the solver does, D18)."""
    if not actions or actions[0].kind != "pay":
        return actions
    return [a for a in actions if in_card_order(a.arg)]


def _missing(state: PuzzleState | Board) -> list[str]:
    """The kinds (types, or KING) the prey still lacks."""
    return [kind for kind, have, need in prey_progress(state) if have < need]


def _advances(state: PuzzleState | Board, monster: int, missing: list[str]) -> bool:
    """Whether collecting the monster (as it shows now) gives the prey a kind it lacks."""
    return (state.rules.cards.monsters[monster].type in missing
            or (KING in missing and bool(state.kings >> monster & 1)))


def win_share(state: PuzzleState, plays: int, seed: int,
              player: Callable[[PuzzleState, Stream], bool] = eager_playout) -> float:
    """The share of `plays` games from `state` that `player` wins, its random choices seeded."""
    stream = Stream(seed)
    return sum(player(state, stream) for _ in range(plays)) / plays


# ----------------------------------------------------------------------------- careful player

HAND_COST = 3
"""What paying a suit from the hand costs the careful player: a hand card pays any attack later."""
WEAPON_COST = 2
ARSENAL_COST = 0
"""The front of the arsenal is paid first; using it frees the cards behind it."""
YES_SHARE = 3
"""Out of 4: how often the careful player takes an optional ability."""


class CarefulPlayer:
    """A blind player with a plan; `play(state, stream)` plays a game to the end."""

    def __call__(self, state: PuzzleState, stream: Stream) -> bool:
        return self.play(state, stream)

    def play(self, state: PuzzleState, stream: Stream) -> bool:
        """Play to the end; True if the game is won."""
        return play_out(self.choose, state, stream, self.payer(stream))

    def payer(self, stream: Stream) -> Payer:
        """The careful player's payment, chosen on the spot: the cheapest of those in card order
        (`payment_cost`), ties at random, its chances drawn as for the decision (`choose`)."""
        def pay(payments: CardOrderPayments) -> Payment:
            costs = [(self.payment_cost(p), stream.below(1 << 30), i)
                     for i, p in enumerate(payments)]
            return payments[min(costs)[2]]
        return pay

    def choose(self, state: PuzzleState, stream: Stream) -> Action:
        """The action to take here."""
        actions = state.legal_actions()
        if state.options:
            return self._decide(state, actions, stream)
        attacks = [a for a in actions if a.kind == "attack"]
        scored = sorted(((self.attack_value(state, a), stream.below(1 << 30), a)
                         for a in attacks), key=lambda t: (t[0], t[1]), reverse=True)
        can_deal = any(a.kind == "deal" for a in actions)
        if scored and (scored[0][0] > 0 or not can_deal):
            return scored[0][2]
        if can_deal:
            return next(a for a in actions if a.kind == "deal")
        return actions[stream.below(len(actions))]

    # ------------------------------------------------------------------ attacks

    def attack_value(self, state: PuzzleState, action: Action) -> int:
        """What attacking this column is worth: the prey it brings, less what paying costs."""
        column = state.columns[action.arg]
        target = column[-1]
        worth = self._worth(state, target)
        if worth <= 0 and len(column) > 1 and self._worth(state, column[-2]) > 0:
            worth = 4  # it stands in front of a monster the prey needs
        cheapest = least_payment_cost(state, target, ARSENAL_COST, HAND_COST, WEAPON_COST)
        return worth - (99 if cheapest is None else cheapest)

    @staticmethod
    def _worth(state: PuzzleState, monster: int) -> int:
        monsters = state.rules.cards.monsters
        kind = monsters[monster].type
        worth = 0
        for need_kind, have, need in prey_progress(state):
            if have >= need:
                continue
            if need_kind == kind:
                worth += 10
            elif need_kind == KING:
                worth += 10 if state.kings >> monster & 1 else 3
        return worth

    @staticmethod
    def payment_cost(payment: Payment) -> int:
        """What the payment costs the careful player (HAND_COST, WEAPON_COST, ARSENAL_COST)."""
        return (HAND_COST * len(payment.hand) + WEAPON_COST * len(payment.weapons)
                + ARSENAL_COST * len(payment.arsenal))

    # ------------------------------------------------------------------ decisions

    def _decide(self, state: PuzzleState, options: tuple[Action, ...], stream: Stream) -> Action:
        kinds = {a.kind for a in options}
        if kinds == {"pay"}:
            options = tuple(one_order_each(options))
            costs = [(self.payment_cost(a.arg), stream.below(1 << 30), i)
                     for i, a in enumerate(options)]
            return options[min(costs)[2]]
        if kinds == {"yes", "no"}:
            wanted = "yes" if stream.below(4) < YES_SHARE else "no"
            return next(a for a in options if a.kind == wanted)
        return options[stream.below(len(options))]
