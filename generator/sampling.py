"""A Puzzle Dungeon player who cannot see the deck, but thinks ahead: at each decision
it fills in the hidden deck many ways consistent with what it knows (`engine.puzzle_dungeon.
information`), plays each of its best few options out in every filling, and takes the option
that wins most often. This is determinized sampling, the method of the strongest known players of
patience games.

- `SamplingPlayer`: the player; its strength and cost are the number of fillings (`samples`), how
  many options it weighs (`candidates`) and who plays the fillings out (`playout`, the eager
  player by default).
- `odds`: the share of games this player wins from a position, with a 95% interval, over plays
  seeded by their index (the same figures for any number of workers).

The player never reads the deck's order or the chance to come: `choose` hands the fillings only
what `information_set` keeps, and a test checks that two positions it cannot tell apart get the
same choice.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from dungeoneer.engine.executors import ordered_map
from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import (
    Payer,
    PuzzleState,
    information_set,
    one_order_each,
    pay_at_random,
)
from dungeoneer.engine.rng import Stream, derived_seed
from dungeoneer.engine.stats import share_json, wilson
from dungeoneer.generator.players import CarefulPlayer, eager_playout, play_out

SAMPLES = 2
"""Fillings per decision by default (docs/difficulty.md, "The sampling player": the strength and
cost of other settings)."""
CANDIDATES = 5
"""Options weighed per decision by default: the careful player's best five."""
PLAYS = 400
"""Games `odds` plays by default: a 95% interval of at most ±5 points at any share."""
CHUNK = 4
"""Plays per job handed to a worker (the position is sent once per job)."""

Playout = Callable[[PuzzleState, Stream], bool]

PLAYOUTS: dict[str, tuple[Playout, Callable[[Stream], Payer]]] = {
    "eager": (eager_playout, pay_at_random), "careful": (CarefulPlayer(), CarefulPlayer().payer)}
"""Who plays the fillings out, by name: the player, and its payments (so that an option that
attacks is paid for as that player would, on the spot). The eager player is the default: a
careful playout is the better judge but costs about as much as two eager ones, and twice the
fillings with eager playouts are as strong again for less (docs/difficulty.md, "The sampling
player")."""


@dataclass(frozen=True)
class SamplingPlayer:
    """Plays by determinized sampling; `play(state, stream)` plays a game to the end, `choose`
    one decision. Every choice depends only on what the player sees and on `stream`."""

    samples: int = SAMPLES
    candidates: int = CANDIDATES
    playout: str = "eager"
    """Who plays the fillings out (`PLAYOUTS`)."""

    def __post_init__(self) -> None:
        if self.samples < 1 or self.candidates < 1 or self.playout not in PLAYOUTS:
            raise ValueError(f"not a sampling player: {self!r}")

    def __call__(self, state: PuzzleState, stream: Stream) -> bool:
        return self.play(state, stream)

    def to_json(self) -> dict[str, Any]:
        """The player's settings, JSON-ready."""
        return {"samples": self.samples, "candidates": self.candidates, "playout": self.playout}

    def play(self, state: PuzzleState, stream: Stream) -> bool:
        """Play to the end; True if the game is won."""
        return play_out(self.choose, state, stream)

    def choose(self, state: PuzzleState, stream: Stream) -> Action:
        """The option that wins the most fillings; ties go to the careful player's preference."""
        options = ranked(state)[:self.candidates]
        if len(options) == 1:
            return options[0]
        wins = self.wins(state, options, stream, prune=True)
        return options[wins.index(max(wins))]

    def wins(self, state: PuzzleState, options: Sequence[Action], stream: Stream, *,
             prune: bool = False) -> list[int]:
        """How many of `samples` fillings each option wins when played out. Every option meets
        the same fillings and the same playout seeds, so a difference is the option's, not the
        luck's. With `prune`, an option that can no longer be chosen (even winning every filling
        left, it would stay behind the best so far, or only tie with one preferred to it) is not
        played out again: the best option and its wins are the same, the others' wins may be
        fewer. The stream is drawn alike either way."""
        known = information_set(state)
        playout, payer = PLAYOUTS[self.playout]
        wins = [0] * len(options)
        for sample in range(self.samples):
            filling = known.sample(stream.u64())
            seed = stream.u64()
            left = self.samples - sample
            for index, option in enumerate(options):
                if prune and _out_of_reach(wins, index, left):
                    continue
                # The payment an option comes to is the playout's first choice: the same draw
                # whether it is made on the spot or at the decision.
                chances = Stream(seed)
                wins[index] += playout(filling.apply_paying(option, payer(chances)), chances)
        return wins


def _out_of_reach(wins: list[int], index: int, left: int) -> bool:
    """Whether option `index`, winning all `left` fillings still to come, can't be the first of
    the most wins: the leader so far (the first with the most) only gains."""
    best = wins.index(max(wins))
    most = wins[index] + left
    return wins[best] > most or (wins[best] == most and best < index)


HINT_SAMPLES = 16
"""Fillings a hint weighs: one decision can afford more than a whole game's."""


@dataclass(frozen=True)
class Suggestion:
    """What the sampling player would play here, and how many fillings it won of those tried."""

    action: Action
    wins: int
    samples: int


def suggest(state: PuzzleState, seed: int = 0, samples: int = HINT_SAMPLES) -> Suggestion:
    """A hint that gives nothing of the deck away: the sampling player's choice, weighing every
    option it would (`CANDIDATES`) over `samples` fillings."""
    player = SamplingPlayer(samples=samples)
    options = ranked(state)[:player.candidates]
    # Pruned: the best option and its wins are what every playout would give.
    wins = player.wins(state, options, Stream(seed), prune=True) if len(options) > 1 else [0]
    best = wins.index(max(wins))
    return Suggestion(options[best], wins[best], samples if len(options) > 1 else 0)


def ranked(state: PuzzleState) -> list[Action]:
    """The legal options, the careful player's preference first and no randomness: attacks
    that bring the prey nearer (best first), a deal, Treasures, then the other attacks; a payment
    by its cost (one order of each set of cards); 'yes' before 'no'; anything else as listed."""
    actions = state.legal_actions()
    if state.options:
        return _ranked_decision(actions)
    careful = CarefulPlayer()
    valued = sorted(((-careful.attack_value(state, a), i, a) for i, a in enumerate(actions)
                     if a.kind == "attack"), key=lambda t: t[:2])
    good = [a for value, _i, a in valued if value < 0]
    poor = [a for value, _i, a in valued if value >= 0]
    return good + [a for a in actions if a.kind != "attack"] + poor


def _ranked_decision(actions: Sequence[Action]) -> list[Action]:
    kinds = {a.kind for a in actions}
    if kinds == {"pay"}:
        return sorted(one_order_each(actions), key=lambda a: CarefulPlayer.payment_cost(a.arg))
    if kinds == {"yes", "no"}:
        return sorted(actions, key=lambda a: a.kind != "yes")
    return list(actions)


# ----------------------------------------------------------------------------- odds

@dataclass(frozen=True)
class Odds:
    """How often a player wins from a position: `wins` of `plays`, with a 95% interval."""

    wins: int
    plays: int

    @property
    def share(self) -> float:
        """The share of the plays won."""
        return self.wins / self.plays

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the share."""
        return wilson(self.wins, self.plays)

    @property
    def half_width(self) -> float:
        """Half the interval's width: the '+-' of the share."""
        low, high = self.interval
        return (high - low) / 2

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: a `share` (docs/json.md), its games being the plays."""
        return share_json(self.wins, self.plays)


@dataclass(frozen=True)
class OddsJob:
    """Plays `first` .. `first + count - 1` of one position."""

    state: PuzzleState
    seed: int
    first: int
    count: int
    player: SamplingPlayer


def play_chunk(job: OddsJob) -> list[bool]:
    """The results of the job's plays, play i seeded by (seed, i) alone."""
    return [job.player.play(job.state, Stream(derived_seed(job.seed, i)))
            for i in range(job.first, job.first + job.count)]


def iter_odds(state: PuzzleState, plays: int = PLAYS, *, seed: int = 1, workers: int = 1,
              player: SamplingPlayer | None = None,
              precision: float | None = None) -> Iterator[Odds]:
    """The odds so far after each chunk of plays, up to `plays`, or sooner once the 95%
    interval is within +-`precision` of its middle. Play i is seeded by (seed, i) alone and the
    chunks are counted in order, so the figures and the stopping point are the same for any
    number of workers."""
    player = SamplingPlayer() if player is None else player
    jobs = (OddsJob(state, seed, first, min(CHUNK, plays - first), player)
            for first in range(0, plays, CHUNK))
    wins = done = 0
    for results in ordered_map(play_chunk, jobs, workers=workers):
        wins += sum(results)
        done += len(results)
        so_far = Odds(wins, done)
        yield so_far
        if precision is not None and so_far.half_width <= precision:
            return


def odds(state: PuzzleState, plays: int = PLAYS, *, seed: int = 1, workers: int = 1,
         player: SamplingPlayer | None = None, precision: float | None = None) -> Odds:
    """The share of games the player wins from `state`, with its 95% interval (`iter_odds`)."""
    return deque(iter_odds(state, plays, seed=seed, workers=workers, player=player,
                           precision=precision), maxlen=1)[0]
