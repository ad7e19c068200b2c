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
    Board,
    CarefulChoices,
    EagerOptions,
    Payer,
    Payment,
    PuzzleState,
    one_order_each,
    pay_at_random,
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

class CarefulPlayer:
    """A blind player with a plan (the engine's `CarefulChoices`); `play(state, stream)` plays a
    game to the end. (It holds the choices rather than extending them: compiled, `CarefulChoices`
    is a native class, which Python classes cannot extend.)"""

    def __init__(self) -> None:
        self.choices = CarefulChoices()

    def __call__(self, state: PuzzleState, stream: Stream) -> bool:
        return self.play(state, stream)

    def play(self, state: PuzzleState, stream: Stream) -> bool:
        """Play to the end; True if the game is won."""
        return play_out(self.choose, state, stream, self.payer(stream))

    def choose(self, state: PuzzleState, stream: Stream) -> Action:
        """The action to take here (`CarefulChoices.choose`)."""
        return self.choices.choose(state, stream)

    def payer(self, stream: Stream) -> Payer:
        """The payment, chosen on the spot (`CarefulChoices.payer`)."""
        return self.choices.payer(stream)

    def attack_value(self, state: PuzzleState, action: Action) -> int:
        """What attacking this column is worth (`CarefulChoices.attack_value`)."""
        return self.choices.attack_value(state, action)

    @staticmethod
    def payment_cost(payment: Payment) -> int:
        """What the payment costs the careful player (`CarefulChoices.payment_cost`)."""
        return CarefulChoices.payment_cost(payment)
