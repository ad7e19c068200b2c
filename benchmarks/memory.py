"""Solver memory: what a table entry costs, what the cap costs in speed, and whether it holds.

1. Bytes per entry (tracemalloc): each strategy alone over `--positions` positions of each deal;
   the figures behind `solver.table.BYTES_PER_KEY` and `BYTES_PER_FRONTIER_POSITION`.
2. Positions per second of guided depth-first without a cap and with one that forces evictions
   (`--cap-entries` keys), interleaved, best of three.
3. Peak resident size of whole solves (`--states` positions, one worker) without a cap and with
   `--memory` MB, each in a fresh process (Linux).

    python benchmarks/memory.py
    python benchmarks/memory.py --positions 20000 --states 60000 --memory 32
"""

from __future__ import annotations

import argparse
import gc
import subprocess
import sys
import time
import tracemalloc

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.solver import MB
from dungeoneer.solver.search import BestFirst, DepthFirst, Runner, Strategy, plain_order
from dungeoneer.solver.table import BYTES_PER_KEY

DEALS = [("Rogue", 1001), ("Skull Rogue", 0), ("Skull Warrior", 1000), ("Skull Alchemist", 1000),
         ("Skull Bodyguard", 1001)]


def strategy(kind: str, hero: str, seed: int, memory: int | None = None) -> Strategy:
    state = PuzzleDungeon(hero=hero).new_initial_state(seed=seed)
    if kind == "best-first":
        return BestFirst(state, memory=memory)
    order = plain_order if kind == "plain depth-first" else None
    return DepthFirst(state, memory=memory) if order is None else DepthFirst(
        state, order=order, memory=memory)


def bytes_per_entry(kind: str, hero: str, seed: int, positions: int) -> tuple[int, float]:
    """(positions searched, traced bytes per table entry)."""
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    searching = strategy(kind, hero, seed)
    Runner(searching).turn(positions)
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return searching.states, used / len(searching.table)


def speed(hero: str, seed: int, positions: int, memory: int | None) -> tuple[float, int]:
    """(positions per second, entries dropped) of guided depth-first."""
    searching = strategy("depth-first", hero, seed, memory)
    started = time.perf_counter()
    Runner(searching).turn(positions)
    return searching.states / (time.perf_counter() - started), searching.table.evicted


def peak_rss(hero: str, seed: int, states: int, memory_mb: int | None) -> float:
    """Peak resident MB of one solve, in a fresh process (VmHWM: ru_maxrss would carry this
    process's peak over to its child on Linux)."""
    code = (f"from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon; "
            f"from dungeoneer.solver import solve; "
            f"s = PuzzleDungeon(hero={hero!r}).new_initial_state(seed={seed}); "
            f"solve(s, seconds=None, states={states}, "
            f"memory={None if memory_mb is None else memory_mb * MB}); "
            f"print(next(line.split()[1] for line in open('/proc/self/status') "
            f"if line.startswith('VmHWM')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(out.stdout) / 1024  # kilobytes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60_000)
    parser.add_argument("--cap-entries", type=int, default=5_000)
    parser.add_argument("--states", type=int, default=150_000)
    parser.add_argument("--memory", type=int, default=48, help="MB, for the resident-size runs")
    args = parser.parse_args()
    print(f"1. bytes per entry over {args.positions:,} positions (or to a win)")
    for hero, seed in DEALS:
        for kind in ("depth-first", "plain depth-first", "best-first"):
            searched, per = bytes_per_entry(kind, hero, seed, args.positions)
            print(f"   {hero:>16} {seed:>5} {kind:>17}: {searched:>6,} positions, "
                  f"{per:5.0f} bytes per entry")
    hero, seed = "Skull Warrior", 1000
    cap = args.cap_entries * BYTES_PER_KEY
    best: dict[str, float] = {"no cap": 0.0, "cap": 0.0}
    dropped = 0
    for _ in range(3):
        best["no cap"] = max(best["no cap"], speed(hero, seed, args.positions, None)[0])
        rate, dropped = speed(hero, seed, args.positions, cap)
        best["cap"] = max(best["cap"], rate)
    print(f"2. guided depth-first, {hero} {seed}, {args.positions:,} positions: "
          f"{best['no cap']:,.0f} positions/s without a cap, {best['cap']:,.0f} with "
          f"{args.cap_entries:,} keys ({dropped:,} dropped)")
    for memory_mb in (None, args.memory):
        rss = peak_rss(hero, seed, args.states, memory_mb)
        print(f"3. solve {hero} {seed}, {args.states:,} positions, memory "
              f"{'no cap' if memory_mb is None else f'{memory_mb} MB'}: peak resident "
              f"{rss:.0f} MB")


if __name__ == "__main__":
    main()
