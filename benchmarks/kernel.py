"""The core-rules kernel against the engine's depth-first search, in one run.

The same search (depth-first in the engine's order, `DepthFirst(root, order=plain_order)`, and
`KernelDepthFirst`, which visits the same positions in the same order) on the same core-rules
deals with the same position budget, each in a child process run twice: once with every
`dungeoneer` module imported from its Python file ("pure") and once as installed (compiled, in a
`DUNGEONEER_COMPILE=1 pip install .` environment). The position counts must agree; the figure
is positions a second (CPU time), the baseline the pure engine's search, which is the engine
search every build has.

    python benchmarks/kernel.py                # speed, 40,000 positions a deal
    python benchmarks/kernel.py --memory       # bytes a table entry

`--memory` measures what one kernel table entry costs (tracemalloc), which
`KERNEL_BYTES_PER_KEY` rounds up. What the kernel changes for whole solves is measured by
`benchmarks/solve.py --core --methods ours,engine`.
"""

from __future__ import annotations

import argparse
import sys

from compiled import PURE_PRELUDE, run

CHILD = PURE_PRELUDE + r'''
import json, time

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, board
from dungeoneer.solver.kernel import KernelDepthFirst
from dungeoneer.solver.search import DepthFirst, plain_order

settings = json.loads(sys.argv[2])
rates = {"engine": [0, 0.0], "kernel": [0, 0.0]}
counts = []
for hero, seed in settings["deals"]:
    root = PuzzleDungeon(hero=hero, core=True).new_initial_state(seed=seed)
    found = []
    for name, make in (("engine", lambda: DepthFirst(root, order=plain_order)),
                       ("kernel", lambda: KernelDepthFirst(root))):
        search = make()
        search.grant(settings["positions"])
        started = time.process_time()
        verdict = search.resume()
        rates[name][1] += time.process_time() - started
        rates[name][0] += search.states
        found.append([verdict and verdict.status, search.states])
    counts.append([hero, seed, *found])
print(json.dumps({"compiled": not board.__file__.endswith(".py"), "rates": rates,
                  "counts": counts}))
'''

SPEED_DEALS = [(hero, seed) for hero in ("Rogue", "Skull Rogue", "Skull Warrior")
               for seed in (1000, 1001)]


def speed(positions: int) -> int:
    """Print positions a second of both searches, pure and as installed; 1 if they differ."""
    settings = {"deals": SPEED_DEALS, "positions": positions}
    pure, installed = run("pure", settings, CHILD), run("installed", settings, CHILD)
    if pure["compiled"]:
        sys.exit("the pure run imported a compiled module")
    print(f"installed build: {'compiled' if installed['compiled'] else 'pure'}; "
          f"{len(SPEED_DEALS)} core-rules deals, {positions:,} positions each")
    for report in (pure, installed):
        for hero, seed, engine, kernel in report["counts"]:  # type: ignore[attr-defined]
            if engine != kernel:
                print(f"DIFFERENT: {hero} {seed}: engine {engine}, kernel {kernel}")
                return 1
    if pure["counts"] != installed["counts"]:
        print("DIFFERENT: the pure and the installed searches")
        return 1
    print("the same positions in both searches and both builds")
    base_positions, base_seconds = pure["rates"]["engine"]  # type: ignore[index]
    baseline = base_positions / base_seconds
    for build, report in (("pure", pure), ("installed", installed)):
        for name in ("engine", "kernel"):
            positions_done, seconds = report["rates"][name]  # type: ignore[index]
            rate = positions_done / seconds
            print(f"{build:9} {name:6}: {rate:9,.0f} positions/s, {rate / baseline:5.2f} times "
                  "the pure engine's")
    return 0


def memory(positions: int) -> int:
    """Print the bytes a kernel table entry takes (tracemalloc, one search in this process)."""
    import tracemalloc

    from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
    from dungeoneer.solver.kernel import KernelDepthFirst

    for hero, seed in SPEED_DEALS:
        root = PuzzleDungeon(hero=hero, core=True).new_initial_state(seed=seed)
        tracemalloc.start()
        search = KernelDepthFirst(root)
        search.grant(positions)
        search.resume()
        held, _peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"{hero} {seed}: {held / search.states:,.0f} bytes a position "
              f"({search.states:,} positions, {len(search.path)} on the path)")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40_000, help="positions a deal")
    parser.add_argument("--memory", action="store_true", help="bytes a table entry")
    args = parser.parse_args()
    if args.memory:
        return memory(args.positions)
    return speed(args.positions)


if __name__ == "__main__":
    sys.exit(main())
