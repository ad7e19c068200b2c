"""How far back from the end of a lost game the solver decides a position, losses above all.

A deal is won or not, but a player in the middle of a game asks about the position in front of
them (`dungeoneer hint`), and there the solver must say "unwinnable" when the game is lost. For
every hero face this plays the eager player's games (the sampling player's rollout policy:
random choices among its options, `EagerOptions`) from seeds `--first-seed` on, keeps those it
loses, and solves the quiet positions (no ability waiting) `k` actions before each game's end,
for each `k` of `--distances`, with `--seconds` of search (or `--positions`) in one process. A
position the game went on to lose may still be won (the player's later choices lost it): the
solver says which.

One JSON line per position with `--out`; a table per distance and face group.

    python benchmarks/late_losses.py --games 5 --distances 1,2,4,8,16,32 --positions 200000
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import Counter, defaultdict
from collections.abc import Iterator

from dungeoneer.engine.puzzle_dungeon import (
    EagerOptions,
    PuzzleDungeon,
    PuzzleState,
    one_order_each,
)
from dungeoneer.engine.rng import Stream
from dungeoneer.solver import solve

FRONT = ("Rogue", "Bodyguard", "Warrior", "Alchemist")
SKULL = ("Skull Rogue", "Skull Bodyguard", "Skull Warrior", "Skull Alchemist")


def eager_game(hero: str, seed: int) -> list[PuzzleState]:
    """The quiet positions of one eager-player game (its choices from a stream seeded by the
    deal's seed), the last one its end."""
    state = PuzzleDungeon(hero=hero).new_initial_state(seed=seed)
    stream, eager = Stream(seed), EagerOptions()
    quiet = [state]
    while not state.is_terminal():
        options = (one_order_each(state.legal_actions()) if state.options
                   else eager(state) or state.legal_actions())
        state = state.apply(options[stream.below(len(options))])
        if not state.options:
            quiet.append(state)
    return quiet


def lost_games(hero: str, first_seed: int, games: int) -> Iterator[tuple[int, list[PuzzleState]]]:
    """(seed, quiet positions) of the first `games` games the eager player loses."""
    seed, found = first_seed, 0
    while found < games:
        quiet = eager_game(hero, seed)
        if not quiet[-1].won():
            found += 1
            yield seed, quiet
        seed += 1


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="lost games a face")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--distances", default="1,2,4,8,16",
                        help="actions before the end, comma-separated")
    parser.add_argument("--seconds", type=float, default=10.0, help="search time a position")
    parser.add_argument("--positions", type=int,
                        help="a budget of positions a position instead of --seconds (the same "
                             "answers on any machine)")
    parser.add_argument("--heroes", default=",".join(FRONT + SKULL))
    parser.add_argument("--out", help="write one JSON line per position here")
    args = parser.parse_args()
    distances = [int(d) for d in args.distances.split(",")]
    rows = []
    for hero in args.heroes.split(","):
        for seed, quiet in lost_games(hero, args.first_seed, args.games):
            for k in distances:
                if k >= len(quiet):
                    continue
                position = quiet[-1 - k]
                started = time.process_time()
                answer = (solve(position, seconds=None, states=args.positions)
                          if args.positions else solve(position, seconds=args.seconds))
                rows.append({"hero": hero, "seed": seed, "k": k, "status": answer.status,
                             "positions": answer.states,
                             "cpu": round(time.process_time() - started, 3),
                             "collected": position.collected.bit_count()})
                print(json.dumps(rows[-1]), flush=True)
    if args.out:
        with open(args.out, "w") as out:
            out.writelines(json.dumps(row) + "\n" for row in rows)
    table(rows, distances)


def table(rows: list[dict], distances: list[int]) -> None:
    """Per distance and face group: won, unwinnable, unknown, and the decided share."""
    counts: dict[tuple[int, str], Counter[str]] = defaultdict(Counter)
    for row in rows:
        group = "Skull faces" if row["hero"] in SKULL else "front faces"
        counts[row["k"], group][row["status"]] += 1
    print("\n| actions before the end | faces | positions | won | unwinnable | unknown "
          "| decided (95% Wilson) |")
    print("|---|---|---|---|---|---|---|")
    for k in distances:
        for group in ("front faces", "Skull faces"):
            c = counts[k, group]
            n = sum(c.values())
            if not n:
                continue
            decided = c["won"] + c["unwinnable"]
            low, high = wilson(decided, n)
            print(f"| {k} | {group} | {n} | {c['won']} | {c['unwinnable']} | {c['unknown']} "
                  f"| {decided / n:.0%} ({low:.0%}-{high:.0%}) |")


if __name__ == "__main__":
    main()
