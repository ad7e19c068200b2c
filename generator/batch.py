"""Batches of winnable, rated puzzles, generated in parallel processes (or on a Dask cluster).

Candidate i is the deal of seed `first_seed + i` (mod 2**64, `rng.derived_seed`) with the given hero
(or the front faces in turn). Candidates are rated in worker processes but taken strictly in
candidate order, so the same arguments give the same puzzles whatever the number of workers. The
search for candidates is bounded (`max_tries`): a level that no candidate reaches ends with a clear
message, never a hang.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.executors import Tally, ordered_map
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.engine.rng import derived_seed
from dungeoneer.generator.codes import layout_code, short_code
from dungeoneer.generator.daily import FRONT_FACES
from dungeoneer.generator.deals import deal_json
from dungeoneer.generator.rating import SOLVE_POSITIONS, rate

TRIES_PER_PUZZLE = 50
"""The default bound on candidates: this many per puzzle asked for."""


@dataclass(frozen=True)
class Job:
    """One candidate to rate."""

    index: int
    hero: str
    seed: int
    positions: int


def rate_candidate(job: Job) -> dict[str, Any] | None:
    """The puzzle of one candidate as a JSON-ready dict, or None if it is not won."""
    game = PuzzleDungeon(hero=job.hero)
    state = game.new_initial_state(seed=job.seed)
    rating = rate(state, positions=job.positions)
    if rating.level is None:
        return None
    assert rating.answer is not None  # a rating with a level is a won deal's, answer and all
    return {"deal": deal_json(state, seed=job.seed, codes=(
                short_code(game, job.seed).text(), layout_code(game, job.seed).text())),
            "rating": rating.to_json(), "candidate": job.index,
            "line": [step.to_json() for step in rating.answer.steps]}


def jobs(first_seed: int, hero: str | None, positions: int) -> Iterator[Job]:
    """The candidates in order."""
    index = 0
    while True:
        chosen = hero or FRONT_FACES[index % len(FRONT_FACES)]
        yield Job(index, chosen, derived_seed(first_seed, index), positions)
        index += 1


def generate(count: int, *, level: int | None = None, hero: str | None = None,
             first_seed: int = 1, workers: int = 1, max_tries: int | None = None,
             positions: int = SOLVE_POSITIONS,
             progress: Callable[[int, int], None] | None = None,
             scheduler: str | None = None, tally: Tally | None = None) -> list[dict[str, Any]]:
    """`count` winnable puzzles (at `level`, if given), in candidate order. `progress(found,
    tried)` is called after each candidate; `tally` counts the candidates rated, failed and
    retried. Raises DungeoneerError if `max_tries` candidates (default 50 per puzzle) don't
    give enough."""
    return list(iter_generate(count, level=level, hero=hero, first_seed=first_seed,
                              workers=workers, max_tries=max_tries, positions=positions,
                              progress=progress, scheduler=scheduler, tally=tally))


def iter_generate(count: int, *, level: int | None = None, hero: str | None = None,
                  first_seed: int = 1, workers: int = 1, max_tries: int | None = None,
                  positions: int = SOLVE_POSITIONS,
                  progress: Callable[[int, int], None] | None = None,
                  scheduler: str | None = None, tally: Tally | None = None
                  ) -> Iterator[dict[str, Any]]:
    """The puzzles of `generate`, each as soon as it is found (a caller can write them as they
    come and keep them if it is stopped). `scheduler`: where the candidates are rated
    (`engine.executors.ordered_map`); the puzzles do not depend on it. `tally`: as
    `generate`'s."""
    if count < 1:
        raise DungeoneerError(f"--count must be at least 1, not {count}")
    if hero is not None:
        hero = PuzzleDungeon(hero=hero).hero.name  # an unknown hero fails here, in one message
    limit = max_tries if max_tries is not None else TRIES_PER_PUZZLE * count
    candidates = (job for job, _ in zip(jobs(first_seed, hero, positions), range(limit),
                                        strict=False))
    found: list[dict[str, Any]] = []
    tried = 0
    for puzzle in ordered_map(rate_candidate, candidates, workers=workers,
                              scheduler=scheduler, tally=tally):
        tried += 1
        if puzzle is not None and (level is None or puzzle["rating"]["level"] == level):
            found.append(puzzle)
            yield puzzle
        if progress is not None:
            progress(len(found), tried)
        if len(found) == count:
            return
    wanted = f"at level {level}" if level is not None else "winnable"
    raise DungeoneerError(f"only {len(found)} of the first {tried} candidates are {wanted}; "
                          f"{count} were asked for. Raise --max-tries or ask for another level")
