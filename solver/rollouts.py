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

from collections.abc import Hashable, Sequence

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
from dungeoneer.solver.canonical import Canonicalizer
from dungeoneer.solver.search import DROPPED, WON, Prune, Strategy, Verdict

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

    restart: int
    """The main line's restart number (from 0): it seeds the stream and picks the player."""
    stream: Stream
    careful: bool
    """Whether the main line's games are the careful player's (else the eager player's)."""
    board: Board
    """The main line's position."""
    line: list[Action]
    """The main line's actions so far."""
    best_score: int
    best_line: list[Action]
    """The best game met in this main line: its score and its whole line from the root."""
    candidates: Sequence[Action]
    """The actions weighed at the main line's position; `index` is the next to play out."""
    index: int
    won: list[Action] | None
    """The shortest winning line from the main line's position met so far."""

    def __init__(self, root: PuzzleState, *, seed: int = 0, players: tuple[str, ...] = PLAYERS,
                 prune: Prune | None = None, canonical: Canonicalizer | None = None,
                 memory: int | None = None) -> None:
        super().__init__(root, prune=prune, canonical=canonical, memory=memory)
        if not players or any(p not in ("eager", "careful") for p in players):
            raise ValueError(f"players are 'eager' and 'careful', not {players!r}")
        self.name = "nested rollouts"
        self.seed = seed
        self.players = players
        self.best = -1
        """The best score met so far."""

    def visit(self, state: PuzzleState) -> Hashable | None:  # (no table: games are played)
        raise NotImplementedError

    def start(self) -> Verdict | None:
        if self.root.won():
            return Verdict(WON)
        if not _candidates(Board(self.root)):
            # The game is over and lost: no game to play out, and the rollouts never claim a
            # loss, so they leave the portfolio claiming nothing (instead of restarting for ever).
            return Verdict(DROPPED)
        self._restart(0)
        self._weigh()
        return self.explore(False)

    def explore(self, resumed: bool) -> Verdict | None:
        """Play out the main line's candidates one by one (a turn pauses after a game, so a
        resumed one starts with the next), then take the best game's next action, until a
        step finds a win."""
        while True:
            candidates, board, line = self.candidates, self.board, self.line
            stream, careful = self.stream, self.careful
            while self.index < len(candidates):
                action = candidates[self.index]
                self.index += 1
                child = Board(board)
                child.act(action)
                self.states += 1
                result, tail = self._rollout(child, stream, careful)
                won = self.won
                if result == WIN and (won is None or len(tail) + 1 < len(won)):
                    self.won = [action, *tail]
                if result > self.best_score:
                    self.best_score, self.best_line = result, [*line, action, *tail]
                if self.pause_due():
                    return None
            won = self.won
            if won is not None:  # (the shortest of this step's wins: fewer needless moves)
                return Verdict(WON, (*line, *won))
            action = self.best_line[len(line)]
            board.act(action)
            line.append(action)
            self._weigh()

    def _restart(self, restart: int) -> None:
        """Begin main line number `restart` from the root, its games the careful player's or
        the eager one's."""
        self.restart = restart
        self.stream = Stream(derived_seed(self.seed, restart))
        self.careful = self.players[restart % len(self.players)] == "careful"
        self.board = Board(self.root)
        self.line = []
        self.best_score, self.best_line = -1, []

    def _weigh(self) -> None:
        """Take the actions to weigh at the main line's position; a main line left with none
        has ended without a win, and the next restart begins."""
        candidates = _candidates(self.board)
        while not candidates:
            self._restart(self.restart + 1)
            candidates = _candidates(self.board)
        self.candidates, self.index, self.won = candidates, 0, None

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
