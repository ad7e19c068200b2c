"""Nested rollouts: a search that plays whole games on the true deal and follows the best.

Nested Monte Carlo Search (Cazenave, "Nested Monte-Carlo Search", IJCAI 2009), level 1. From
each position of a main line, every action worth trying is played out to the end of the game
by one of the engine's players (`engine.puzzle_dungeon.bots`): the eager player (attack what the
prey lacks, else any attack, else deal; every other choice at random) or, every other restart,
the careful player (attack what is worth its cost, pay with the arsenal first, else deal). Here
they play the true deal: the deck as it lies and the shuffles the game's stream will make. The
best game met so far (most of the prey, then most monsters collected) is remembered, and the
main line takes its next action; a won game ends the search. A main line that ends without a
win starts again from the root with fresh random choices.

Why it works where depth-first search does not (docs/solver.md, "Why the hard deals are
hard"): a Skull deal's win is a line of about 100 actions, and the depth-first searches spend
their budget proving that early mistakes are mistakes, deep in subtrees that a whole game
played out shows are going nowhere. A rollout says at once how far a choice leads.

The strategy is incomplete: it finds wins and never claims a deal unwinnable. Its random
choices come from a stream seeded by the restart's number, so a run is the same on every
machine and in every process; its positions are the actions its games take.
"""

from __future__ import annotations

from collections.abc import Generator, Hashable, Sequence
from typing import Any

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import (
    Board,
    CardOrderPayments,
    CarefulChoices,
    EagerOptions,
    Payment,
    PuzzleState,
    one_order_each,
    prey_progress,
)
from dungeoneer.engine.rng import Stream, derived_seed
from dungeoneer.solver.search import WON, Strategy, Verdict

WIN = 1 << 30
"""The score of a won game: above any other."""
MAX_ACTIONS = 3000
"""A rollout longer than this stops where it is (the engine ends every game far sooner)."""
PLAYERS = ("eager", "careful")
"""Whose games the restarts play, in turn: the eager player's first (they win most deals in
the first main line), then the careful player's, which reach wins the eager player's games do
not (docs/solver.md, "Why the hard deals are hard")."""


def score(board: Board) -> int:
    """How far a game got: each monster the prey still counts is worth a hundred, each monster
    collected one; a won game WIN."""
    if board.won():
        return WIN
    counted = sum(min(have, need) for _kind, have, need in prey_progress(board))
    return counted * 100 + board.collected.bit_count()


class NestedRollouts(Strategy):
    """Level-1 nested rollouts from the root, restarted with fresh random choices until a win
    (or the budget) ends them. `seed` seeds the restarts' streams; `players` are the players
    whose games the restarts play, in turn ("eager", "careful")."""

    name = "nested rollouts"

    def __init__(self, root: PuzzleState, *, seed: int = 0,
                 players: tuple[str, ...] = PLAYERS, **kw: Any) -> None:
        super().__init__(root, **kw)
        if not players or any(p not in ("eager", "careful") for p in players):
            raise ValueError(f"players are 'eager' and 'careful', not {players!r}")
        self.seed = seed
        self.players = players
        self.best = -1
        """The best score met so far."""

    def visit(self, state: PuzzleState) -> Hashable | None:  # (no table: games are played)
        raise NotImplementedError

    def run(self) -> Generator[None, None, Verdict]:
        if self.root.won():
            return Verdict(WON)
        restart = 0
        while True:
            stream = Stream(derived_seed(self.seed, restart))
            careful = self.players[restart % len(self.players)] == "careful"
            line = yield from self._main_line(stream, careful)
            if line is not None:
                return Verdict(WON, line)
            restart += 1

    def explore(self, key: Hashable) -> Generator[None, None, Verdict]:
        raise NotImplementedError  # (`run` is the whole search)

    def _main_line(self, stream: Stream, careful: bool
                   ) -> Generator[None, None, tuple[Action, ...] | None]:
        """One level-1 run, its games the careful player's or the eager one's: the winning
        line, or None when the main line ends without one."""
        board = Board(self.root)
        line: list[Action] = []
        best_score, best_line = -1, []
        while True:
            candidates = _candidates(board)
            if not candidates:
                return None
            won: list[Action] | None = None
            for action in candidates:
                child = Board(board)
                child.act(action)
                self.states += 1
                result, tail = self._rollout(child, stream, careful)
                if result == WIN and (won is None or len(tail) + 1 < len(won)):
                    won = [action, *tail]
                if result > best_score:
                    best_score, best_line = result, [*line, action, *tail]
                if self.pause_due():
                    yield None
            if won is not None:  # (the shortest of this step's wins: fewer needless moves)
                return (*line, *won)
            action = best_line[len(line)]
            board.act(action)
            line.append(action)

    def _rollout(self, board: Board, stream: Stream, careful: bool) -> tuple[int, list[Action]]:
        """Play the game out; (its score, the actions taken). A payment the player makes on the
        spot is written into the line where the engine would ask for it
        (`PuzzleState.apply_paying`)."""
        actions: list[Action] = []
        if careful:
            self._play_careful(board, stream, actions)
        else:
            self._play_eager(board, stream, actions)
        result = score(board)
        if result > self.best:
            self.best = result
            self.furthest = board
        return result, actions

    def _play_eager(self, board: Board, stream: Stream, actions: list[Action]) -> None:
        """Play to the end as the eager player, writing the actions taken into `actions`."""
        def pay(payments: CardOrderPayments) -> Payment:
            payment = payments[stream.below(len(payments))]
            actions.append(Action("pay", payment))
            return payment

        board.payer = pay
        eager = EagerOptions()
        for _ in range(MAX_ACTIONS):
            options: Sequence[Action]
            if board.options:
                options = one_order_each(board.options)
            else:
                options = eager(board)
                if not options:
                    break
            action = options[stream.below(len(options))]
            actions.append(action)  # (before the act: a payment on the spot follows it)
            board.act(action)
            self.states += 1

    def _play_careful(self, board: Board, stream: Stream, actions: list[Action]) -> None:
        """Play to the end as the careful player, writing the actions taken into `actions`."""
        careful = CarefulChoices()
        pay_careful = careful.payer(stream)

        def pay(payments: CardOrderPayments) -> Payment:
            payment = pay_careful(payments)
            actions.append(Action("pay", payment))
            return payment

        board.payer = pay
        for _ in range(MAX_ACTIONS):
            if not board.legal_actions():
                break
            action = careful.choose(board, stream)
            actions.append(action)
            board.act(action)
            self.states += 1


def _candidates(board: Board) -> Sequence[Action]:
    """The actions a main line weighs here: every legal action, payments one order each."""
    if board.options:
        return one_order_each(board.options)
    return board.legal_actions()
