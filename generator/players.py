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

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import (
    KING,
    Board,
    CardOrderPayments,
    EagerOptions,
    Payer,
    Payment,
    PuzzleState,
    least_payment_cost,
    one_order_each,
    pay_at_random,
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
