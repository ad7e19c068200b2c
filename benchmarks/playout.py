"""Random-playout throughput of the Puzzle Dungeon engine, in actions per second.

Plays whole games from seeded deals, choosing uniformly among the legal actions (each decision
of a card counts as an action, as in the protocol), one process. Alongside it, a baseline timed in
the same run: pure-Python SplitMix64 draws from engine.rng, a fixed workload that tracks the
machine's speed, so the ratio (actions per baseline draw) can be compared across machines.

    python benchmarks/playout.py                 # 400 games, hero Rogue
    python benchmarks/playout.py --games 2000 --hero "Skull Rogue" --json
"""

from __future__ import annotations

import argparse
import json
import platform
import time

from dungeoneer.engine import rng
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon


def playouts(games: int, hero: str, seed: int) -> tuple[int, float]:
    """Play `games` random games; return (actions applied, seconds)."""
    game = PuzzleDungeon(hero=hero)
    chooser = rng.Stream(seed)
    actions = 0
    start = time.perf_counter()
    for deal in range(games):
        state = game.new_initial_state(seed=seed + deal)
        while not state.is_terminal():
            state = state.apply(chooser.choice(state.legal_actions()))
            actions += 1
    return actions, time.perf_counter() - start


def baseline(draws: int = 300_000) -> float:
    """Seconds for `draws` SplitMix64 outputs: the machine-speed yardstick."""
    state = 1
    start = time.perf_counter()
    for _ in range(draws):
        _, state = rng.next_u64(state)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--hero", default="Rogue")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    runs = [playouts(args.games, args.hero, args.seed) for _ in range(args.repeat)]
    actions, seconds = min(runs, key=lambda r: r[1])
    draws = 300_000
    base = min(baseline(draws) for _ in range(args.repeat))
    result = {
        "games": args.games, "hero": args.hero, "actions": actions,
        "actions_per_second": round(actions / seconds),
        "baseline_draws_per_second": round(draws / base),
        "actions_per_baseline_draw": round((actions / seconds) / (draws / base), 4),
        "python": platform.python_version(), "machine": platform.machine(),
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key:>28}: {value}")


if __name__ == "__main__":
    main()
