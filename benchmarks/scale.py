"""Scale: jobs per second on the local process pool against a Dask LocalCluster.

The same jobs run through `engine.executors.ordered_map` twice: on the spawned process pool of
`--workers` processes, and on a LocalCluster of as many single-threaded workers. Two kinds:

- generate: candidates of `generate` (`generator.batch.rate_candidate`), first seed 1;
- survey: deals of `survey` (`generator.survey.solve_deal`), Rogue, first seed 1, each within
  `--time-limit` seconds;
- odds: the jobs of `odds` (`generator.sampling.play_chunk`), CHUNK sampling-player games of the
  Rogue deal of seed 42 each: a fixed amount of work of a second or more, with no time limit.

Each time covers the whole batch, start-up included (spawning the pool, starting the cluster),
as a command pays it; the start-up alone is timed first, as a batch of no jobs. The overhead per
job is the difference of the two times over the jobs, and the ratio is the LocalCluster's time
over the pool's.
Needs the dask extra: pip install '.[dask]'.

    python benchmarks/scale.py --jobs 20 --workers 2
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable, Iterable
from typing import Any

from dungeoneer.engine.executors import LOCAL, ordered_map
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.generator.batch import jobs as candidates
from dungeoneer.generator.batch import rate_candidate
from dungeoneer.generator.rating import SOLVE_POSITIONS
from dungeoneer.generator.sampling import CHUNK, OddsJob, SamplingPlayer, play_chunk
from dungeoneer.generator.survey import solve_deal, survey_jobs


def timed(function: Callable[[Any], Any], jobs: Iterable[Any], workers: int,
          scheduler: str | None) -> tuple[float, list[Any]]:
    """The wall time of one batch, and its results."""
    started = time.perf_counter()
    results = list(ordered_map(function, jobs, workers=workers, scheduler=scheduler))
    return time.perf_counter() - started, results


def answer(result: Any) -> Any:
    """What must not depend on where a job ran: a survey row's deal and answer (its seconds and
    positions depend on the machine's speed), or a whole puzzle of `generate`."""
    if isinstance(result, dict) and "status" in result:
        return (result["hero"], result["index"], result["seed"], result["status"])
    return result


def batches(count: int, time_limit: float) -> dict[str, tuple[Callable[[Any], Any],
                                                              Callable[[], Iterable[Any]]]]:
    """Each kind of job: its function and a maker of its jobs."""
    def generate_jobs() -> Iterable[Any]:
        stream = candidates(1, None, SOLVE_POSITIONS)
        return [next(stream) for _ in range(count)]

    def survey_deals() -> Iterable[Any]:
        return list(survey_jobs(["Rogue"], count, 1, time_limit))

    def odds_plays() -> Iterable[Any]:
        state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=42)
        return [OddsJob(state, 1, CHUNK * i, CHUNK, SamplingPlayer()) for i in range(count)]

    return {"generate": (rate_candidate, generate_jobs), "survey": (solve_deal, survey_deals),
            "odds": (play_chunk, odds_plays)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--jobs", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--time-limit", type=float, default=5.0)
    parser.add_argument("--kinds", default="generate,survey,odds",
                        help="which kinds of job, comma-separated")
    args = parser.parse_args()
    print(f"{platform.machine()}, {args.workers} workers, Python {platform.python_version()}, "
          f"{args.jobs} jobs each")
    pool_start, _ = timed(answer, [], args.workers, None)
    cluster_start, _ = timed(answer, [], args.workers, LOCAL)
    print(f"start-up alone (no jobs): pool {pool_start:.1f} s, LocalCluster {cluster_start:.1f} s")
    print("| jobs | pool s | pool jobs/s | LocalCluster s | LocalCluster jobs/s | "
          "overhead per job s | ratio | same results |")
    print("|---|---|---|---|---|---|---|---|")
    for name, (function, make) in batches(args.jobs, args.time_limit).items():
        if name not in args.kinds.split(","):
            continue
        pool, here = timed(function, make(), args.workers, None)
        cluster, there = timed(function, make(), args.workers, LOCAL)
        differ = [(a, b) for a, b in zip(map(answer, here), map(answer, there), strict=True)
                  if a != b]
        same = not differ
        print(f"| {name} | {pool:.1f} | {args.jobs / pool:.2f} | {cluster:.1f} | "
              f"{args.jobs / cluster:.2f} | {(cluster - pool) / args.jobs:+.3f} | "
              f"{cluster / pool:.2f} | {same} |")
        for a, b in differ:  # a deal near its time limit: decided in one run, not the other
            print(f"  differs: pool {a}, LocalCluster {b}")


if __name__ == "__main__":
    main()
