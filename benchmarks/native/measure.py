"""Positions a second of the same depth-first search with the mypyc-compiled Python kernel and
with the C kernel (kernel.c), on the same deals, in one run; run it with the environment whose
`dungeoneer` is compiled (a `DUNGEONEER_COMPILE=1` install), else the Python side is pure.

The searches, each on every deal with the same position budget:

- "mypyc kernel": the compiled `KernelDepthFirst` on the compiled Python kernel, as the solver
  runs it (the core rules' `Kernel`, or the slice's `TriggerKernel` with `--slice`);
- "mypyc kernel, Python loop": the compiled Python kernel driven by driver.py's loop, a copy of
  `KernelDepthFirst`'s run interpreted (the compiled loop accepts no other kernel);
- "mypyc full-rules kernel" (with `--slice`): the compiled `KernelDepthFirst` on the compiled
  full-rules kernel (solver/rules_kernel.py), which searches the slice's positions too: what a
  C full-rules kernel would be measured against;
- "C kernel, Python loop": the C kernel driven by the same loop;
- "C kernel, C loop": the same loop written in C too (kernel.c's `depth_first`; for the full
  rules rules.c's `Search`, the solver's `native.NativeDepthFirst` without its turns), the
  keys still Python byte strings in a Python set: the ceiling of this design;
- "mypyc kernel, mypyc loop" and "C kernel, mypyc loop": driver.py's loop compiled with mypyc
  (build.py), when this environment has mypyc: the loop as the solver would compile it, its
  kernel untyped, so every kernel call is a Python method call.

Every search must count the same positions, reach the same verdict and find the same won line
on every deal, or the run stops. The figure is positions a second of CPU time, summed over the
deals; the ratio to the first search's, within one run, is the one to compare.

    python benchmarks/native/measure.py                      # core rules, 8 faces x 2 deals
    python benchmarks/native/measure.py --slice --runs 3     # the slice, draw-only cards
    python benchmarks/native/measure.py --played --runs 3    # the full-rules kernel
    python benchmarks/native/measure.py --kernel --runs 3 --faces  # the built-in cards

With `--played` the deals are those of `benchmarks/baseline.py --played` (the built-in cards less
the abilities the full-rules kernel does not play yet, full rules) and the kernels are the
full-rules ones: the compiled `KernelDepthFirst` on the mypyc-compiled `RulesKernel` first (as
the solver runs it), then that kernel and the C one (rules.c) behind driver.py's loop,
interpreted and mypyc-compiled, and the C one behind the loop in C. With `--kernel` the same
searches run on the deals of `benchmarks/baseline.py --kernel`: the built-in cards as a game
deals them; `--faces` adds each hero face's rates.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import driver
from deals import HEROES, kernel_root, make_root, played_root
from native import NativeKernel, NativeRules, python_kernel

from build import ensure_compiled_loop
from dungeoneer.engine.puzzle_dungeon import PuzzleState, board
from dungeoneer.solver.kernel import Kernel, KernelDepthFirst
from dungeoneer.solver.rules_kernel import RulesKernel

Outcome = tuple[str | None, int, tuple[object, ...]]
"""A search's verdict (None: the budget ran out), its positions and its won line."""


def compiled_loop(root: PuzzleState, positions: int,
                  make: Callable[[PuzzleState], Kernel] = python_kernel
                  ) -> Callable[[], Outcome]:
    search = KernelDepthFirst(root, kernel=make(root))
    search.grant(positions)

    def run() -> Outcome:
        verdict = search.resume()
        if verdict is None:
            return None, search.states, ()
        return verdict.status, search.states, verdict.line

    return run


def python_loop(make: Callable[[PuzzleState], Any], loop: Any = driver
                ) -> Callable[[PuzzleState, int], Callable[[], Outcome]]:
    def prepare(root: PuzzleState, positions: int) -> Callable[[], Outcome]:
        search = loop.LoopDepthFirst(make(root), positions)

        def run() -> Outcome:
            status, line = search.run()
            return status, search.states, line

        return run

    return prepare


def c_loop(root: PuzzleState, positions: int) -> Callable[[], Outcome]:
    kernel = NativeKernel(root)
    start = kernel.start()
    table: set[bytes] = set()

    def run() -> Outcome:
        status, states, steps = kernel.depth_first(start, positions, table)
        return status, states, kernel.line(steps) if status == "won" and steps else ()

    return run


def full_rules(root: PuzzleState, positions: int) -> Callable[[], Outcome]:
    return compiled_loop(root, positions, RulesKernel)


def c_rules_loop(root: PuzzleState, positions: int) -> Callable[[], Outcome]:
    kernel = NativeRules(root)
    search = kernel.c.search(kernel.start(), None)

    def run() -> Outcome:
        status = search.run(positions, False)
        steps = search.line
        return status, search.states, kernel.line(steps) if status == "won" and steps else ()

    return run


def played_searches() -> dict[str, Callable[[PuzzleState, int], Callable[[], Outcome]]]:
    """The searches of the full-rules kernels, by name, the reference first."""
    found = {"mypyc full-rules kernel": full_rules,
             "mypyc full-rules kernel, Python loop": python_loop(RulesKernel)}
    compiled = None
    if ensure_compiled_loop():
        import compiled_driver

        compiled = compiled_driver
        found["mypyc full-rules kernel, mypyc loop"] = python_loop(RulesKernel, compiled)
    found["C full-rules kernel, Python loop"] = python_loop(NativeRules)
    if compiled is not None:
        found["C full-rules kernel, mypyc loop"] = python_loop(NativeRules, compiled)
    found["C full-rules kernel, C loop"] = c_rules_loop
    return found


def searches(slice_rules: bool) -> dict[str, Callable[[PuzzleState, int],
                                                      Callable[[], Outcome]]]:
    """The searches measured, by name, the reference first; the mypyc-compiled copy of the
    loop only where this environment has mypyc; on the slice's cards, the full-rules kernel
    too, which searches the same positions."""
    found = {"mypyc kernel": compiled_loop,
             "mypyc kernel, Python loop": python_loop(python_kernel)}
    if slice_rules:
        found["mypyc full-rules kernel"] = full_rules
    compiled = None
    if ensure_compiled_loop():
        import compiled_driver

        compiled = compiled_driver
        found["mypyc kernel, mypyc loop"] = python_loop(python_kernel, compiled)
    found["C kernel, Python loop"] = python_loop(NativeKernel)
    if compiled is not None:
        found["C kernel, mypyc loop"] = python_loop(NativeKernel, compiled)
    found["C kernel, C loop"] = c_loop
    return found



def timed(prepare: Callable[[PuzzleState, int], Callable[[], Outcome]], root: PuzzleState,
          positions: int) -> tuple[Outcome, float]:
    """A search's outcome and its CPU seconds (the tables' set-up not counted)."""
    run = prepare(root, positions)
    started = time.process_time()
    outcome = run()
    return outcome, time.process_time() - started


Totals = dict[str, tuple[int, float]]
"""Positions and CPU seconds, by search."""


def deal_root(rules: str, hero: str, seed: int) -> PuzzleState:
    if rules == "kernel":
        return kernel_root(hero, seed)
    if rules == "played":
        return played_root(hero, seed)
    return make_root(hero, seed, rules == "slice")


def one_run(deals: list[tuple[str, int]], rules: str, positions: int
            ) -> tuple[Totals, dict[str, Totals], Counter[str]]:
    """Positions and CPU seconds of each search over the deals, and by hero face, and how many
    deals ended each way (won, unwinnable, or "budget" when the positions ran out); stops on
    any disagreement. `rules`: "core", "slice", "played" or "kernel"."""
    full = rules in ("played", "kernel")
    measured = played_searches() if full else searches(rules == "slice")
    totals = {name: (0, 0.0) for name in measured}
    faces: dict[str, Totals] = {}
    verdicts: Counter[str] = Counter()
    for hero, seed in deals:
        root = deal_root(rules, hero, seed)
        face = faces.setdefault(hero, {name: (0, 0.0) for name in measured})
        first: Outcome | None = None
        for name, prepare in measured.items():
            outcome, seconds = timed(prepare, root, positions)
            if first is None:
                first = outcome
            elif outcome != first:
                sys.exit(f"DIFFERENT on {hero} {seed}: {name} {outcome[:2]} against "
                         f"{first[:2]} (or another line)")
            for kept in (totals, face):
                count, spent = kept[name]
                kept[name] = (count + outcome[1], spent + seconds)
        assert first is not None
        verdicts[first[0] or "budget"] += 1
    return totals, faces, verdicts


def face_rates(faces: dict[str, Totals]) -> None:
    """Each face's positions (the same in every search) and rates, one search a column (as
    numbered in the run's list)."""
    names = list(next(iter(faces.values())))
    print("  by face, positions, then positions a second: " + ", ".join(
        f"({i}) {name}" for i, name in enumerate(names, 1)))
    for hero, totals in faces.items():
        positions = next(iter(totals.values()))[0]
        print(f"    {hero:<16}{positions:>8,}" + "".join(
            f"{count / seconds:>11,.0f}" for count, seconds in totals.values()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--slice", action="store_true", help="the slice on draw-only cards")
    parser.add_argument("--played", action="store_true",
                        help="the full-rules kernels on the played cards")
    parser.add_argument("--kernel", action="store_true",
                        help="the full-rules kernels on the built-in cards as a game deals them")
    parser.add_argument("--faces", action="store_true", help="each hero face's rates too")
    parser.add_argument("--deals", type=int, default=2, help="deals a hero face (from 1000)")
    parser.add_argument("--positions", type=int, default=None,
                        help="positions a deal (40,000; 20,000 with --played or --kernel, as "
                             "baseline.py)")
    parser.add_argument("--runs", type=int, default=3, help="runs, one after another")
    args = parser.parse_args()
    if args.slice + args.played + args.kernel > 1:
        parser.error("--slice, --played and --kernel are different card sets: one at a time")
    kind = ("kernel" if args.kernel else "played" if args.played else "slice" if args.slice
            else "core")
    positions = args.positions or (20_000 if kind in ("played", "kernel") else 40_000)
    deals = [(hero, 1000 + i) for hero in HEROES for i in range(args.deals)]
    compiled = not board.__file__.endswith(".py")
    rules = {"kernel": "built-in (full rules)", "played": "played-card (full rules)",
             "slice": "draw-only (slice)", "core": "core-rules"}[kind]
    print(f"{len(deals)} {rules} deals, {positions:,} positions each; dungeoneer "
          f"{'compiled' if compiled else 'PURE (not the comparison wanted)'}")
    for number in range(1, args.runs + 1):
        totals, faces, verdicts = one_run(deals, kind, positions)
        base_count, base_seconds = next(iter(totals.values()))
        base = base_count / base_seconds
        ends = ", ".join(f"{count} {verdict}" for verdict, count in sorted(verdicts.items()))
        print(f"run {number}: the same positions, verdicts and lines in every search ({ends})")
        for name, (count, seconds) in totals.items():
            rate = count / seconds
            print(f"  {name:<36} {count:>9,} positions {rate:>12,.0f} a second "
                  f"{rate / base:6.2f} x")
        if args.faces:
            face_rates(faces)
    return 0


if __name__ == "__main__":
    sys.exit(main())
