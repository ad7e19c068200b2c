"""Today's search against the search the speed aim was set on, in one run.

The solver's speed aim (docs/solver.md, "Speed") is a number of positions a second against "the
current search" of the day it was set: the code at commit `BASELINE` (2026-12-02, the last
before the work on that aim began). Today's pure build has gained on it too, so comparing the
compiled build with today's pure one alone understates how far the search has come; this
script runs all three on the same deals, each in a child process of one run:

- "baseline": the package as it was at `BASELINE`, taken from this checkout's git history
  (`git archive`) and laid out as its pyproject.toml maps the folders (no install, no network);
- "pure": today's package with every module imported from its Python file;
- "installed": today's package as installed (compiled in a `DUNGEONEER_COMPILE=1 pip install .`
  environment).

The work is the guided depth-first search alone (`portfolio(root, [DepthFirst(root)])`, the
engine's positions, full rules) on deals of every hero face, a position budget a deal; beside
it in today's runs, the solver's own depth-first search, as the portfolio runs it
(`parallel.rules_kernel_search`, the rows "pure solver" and "installed solver"): the same
guided search on the full-rules kernel, in C where the install built the C kernels
(solver/native.py), the same positions. The figure is positions a second of CPU time, and the
ratio to the baseline's in the same run is the one to compare. Position counts are printed
too: they would differ where today's keys tell positions apart that the baseline merged (the
soundness fixes), so compare rates, not counts.

With `--core` the deals are played under the core rules and the search is depth-first in the
engine's order (`order=plain_order`), which today's core-rules kernel (`solver/kernel.py`)
also searches, position for position: the kernel is measured beside the engine in today's two
runs ("pure kernel", "installed kernel"). With `--slice` the deals are played under the full
rules with the built-in cards' Loot abilities made draws and every other ability taken away
(tests/solver/kernel_cards.py), depth-first in the engine's order, and two kernels search
beside the engine, position for position: the slice made for those cards
(`solver/trigger_kernel.py`: columns as depths, the deck as a count dealt) and the full-rules
kernel (`solver/rules_kernel.py`: every zone kept whole, as the engine keeps it). With
`--played` the cards are the built-in ones less the abilities the full-rules kernel does not
play yet, and that kernel searches beside the engine; with `--kernel` the cards are the
built-in ones, as a game deals them, and the full-rules kernel searches beside the engine, both
in the engine's order.

    python benchmarks/baseline.py                       # 8 faces x 2 deals, 20,000 positions
    python benchmarks/baseline.py --deals 3 --positions 40000 --runs 3
    python benchmarks/baseline.py --core --positions 40000
    python benchmarks/baseline.py --slice --positions 40000
    python benchmarks/baseline.py --played
    python benchmarks/baseline.py --kernel
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from pathlib import Path

from compiled import PURE_PRELUDE

ROOT = Path(__file__).resolve().parent.parent

BASELINE = "9fd8ae6"
"""The search the speed aim was set on: the last commit before the work on it began."""

HEROES = ("Rogue", "Bodyguard", "Warrior", "Alchemist",
          "Skull Rogue", "Skull Bodyguard", "Skull Warrior", "Skull Alchemist")

CHILD = PURE_PRELUDE + r'''
import json, time

import dungeoneer
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, board, load_card_set
from dungeoneer.solver.search import Budget, DepthFirst, plain_order, portfolio

try:
    from dungeoneer.solver.kernel import KernelDepthFirst
except ImportError:  # (the baseline has no kernel)
    KernelDepthFirst = None
try:
    from dungeoneer.solver.rules_kernel import RulesKernel
    from dungeoneer.solver.trigger_kernel import TriggerKernel
except ImportError:  # (nor the full-rules kernels)
    RulesKernel = TriggerKernel = None
try:
    from dungeoneer.solver import native
    from dungeoneer.solver.parallel import rules_kernel_search
except ImportError:  # (nor the C kernel)
    native = rules_kernel_search = None

settings = json.loads(sys.argv[2])
core, cards = settings["core"], settings["cards"]
kernel = settings.get("kernel", False)
plain = core or cards is not None or kernel
searches = {"": (lambda root: DepthFirst(root, order=plain_order)) if plain else DepthFirst}
if core and KernelDepthFirst is not None:
    searches[" kernel"] = KernelDepthFirst
if (cards is not None or kernel) and TriggerKernel is not None:
    if settings["slice"]:
        searches[" slice"] = lambda root: KernelDepthFirst(root, kernel=TriggerKernel(root))
    searches[" kernel"] = lambda root: KernelDepthFirst(root, kernel=RulesKernel(root))
if not plain and rules_kernel_search is not None:
    searches[" solver"] = lambda root: rules_kernel_search(root, None)
card_set = load_card_set(cards) if cards is not None else None
rows = {name: [] for name in searches}
for hero, seed in settings["deals"]:
    game = (PuzzleDungeon(hero=hero, core=core) if card_set is None
            else PuzzleDungeon(card_set, hero))
    root = game.new_initial_state(seed=seed)
    for name, make in searches.items():
        started = time.process_time()
        result = portfolio(root, [make(root)], budget=Budget(states=settings["positions"]))
        rows[name].append([hero, seed, result.states, time.process_time() - started])
print(json.dumps({"package": dungeoneer.__file__, "compiled": not board.__file__.endswith(".py"),
                  "c_kernel": native is not None and native.BUILT, "rows": rows}))
'''


def baseline_tree(commit: str) -> Path:
    """The package as it was at `commit`, laid out under build/ once and reused."""
    target = ROOT / "build" / f"baseline-{commit}"
    if (target / "dungeoneer" / "__init__.py").is_file():
        return target
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit],
                             capture_output=True, check=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "source"
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(source, filter="data")
        config = tomllib.loads((source / "pyproject.toml").read_text())
        layout = Path(tmp) / "tree"
        for package, folder in config["tool"]["setuptools"]["package-dir"].items():
            shutil.copytree(source / folder, layout / package.replace(".", "/"),
                            dirs_exist_ok=True)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(layout, target)  # (whole or not at all: a half-made tree is never reused)
    return target


def run(kind: str, settings: dict[str, object], tree: Path | None = None) -> dict[str, object]:
    """A child's report: "pure" or "installed" today's package, or the tree given first."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(tree), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", CHILD, kind, json.dumps(settings)],
                          capture_output=True, text=True, check=False, env=env,
                          cwd=tempfile.gettempdir())  # (not the checkout: nothing of it imported)
    if done.returncode != 0:
        sys.exit(f"the {kind} run failed:\n{done.stderr}")
    report: dict[str, object] = json.loads(done.stdout)
    package = str(report["package"])
    if (tree is not None) != package.startswith(str(tree)):
        sys.exit(f"the {kind} run imported the wrong package: {package}")
    return report


def rates(report: dict[str, object]) -> dict[str, tuple[int, float]]:
    """Positions and positions a second over a report's deals, by search ("" the engine's,
    " kernel" a kernel's: the core-rules one with `--core`, else the full-rules one,
    " slice" the slice's, " solver" the solver's own)."""
    found = {}
    for search, rows in report["rows"].items():  # type: ignore[attr-defined]
        positions = sum(row[2] for row in rows)
        found[search] = (positions, positions / sum(row[3] for row in rows))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2, help="deals a hero face (from 1000)")
    parser.add_argument("--positions", type=int, default=20000, help="positions a deal")
    parser.add_argument("--runs", type=int, default=1, help="runs of all three, one after another")
    parser.add_argument("--baseline", default=BASELINE, help="the commit to compare with")
    parser.add_argument("--core", action="store_true",
                        help="core-rules deals, the engine's order, and the kernel beside it")
    parser.add_argument("--slice", action="store_true",
                        help="full-rules deals whose abilities only draw, the engine's order, "
                             "and the full-rules kernel slice beside it")
    parser.add_argument("--played", action="store_true",
                        help="full-rules deals of the built-in abilities the full-rules kernel "
                             "plays, the engine's order, and that kernel beside it")
    parser.add_argument("--kernel", action="store_true",
                        help="full-rules deals of the built-in cards, the engine's order, and "
                             "the full-rules kernel beside it")
    parser.add_argument("--json", action="store_true", help="one JSON line a run")
    args = parser.parse_args()
    if args.core + args.slice + args.played + args.kernel > 1:
        parser.error("--core, --slice, --played and --kernel are different searches: one at a "
                     "time")
    cards = None
    if args.slice or args.played:
        sys.path.insert(0, str(ROOT))
        from tests.solver.kernel_cards import write_draw_cards, write_played_cards
        cards = str(write_draw_cards(ROOT / "build" / "draw-cards") if args.slice
                    else write_played_cards(ROOT / "build" / "played-cards"))
    settings = {"deals": [(hero, 1000 + i) for hero in HEROES for i in range(args.deals)],
                "positions": args.positions, "core": args.core, "cards": cards,
                "slice": args.slice, "kernel": args.kernel}
    tree = baseline_tree(args.baseline)
    for number in range(1, args.runs + 1):
        base = run("pure", settings, tree)
        pure, installed = run("pure", settings), run("installed", settings)
        figures = {name + search: figure for name, report in
                   (("baseline", base), ("pure", pure), ("installed", installed))
                   for search, figure in rates(report).items()}
        build = "compiled" if installed["compiled"] else "pure"
        if installed["c_kernel"]:
            build += ", with the C kernels"
        if args.json:
            print(json.dumps({"run": number, "baseline": args.baseline, "installed": build,
                              "settings": settings, **{k: {"positions": p, "per_second": r}
                                                       for k, (p, r) in figures.items()}}))
            continue
        _positions, base_rate = figures["baseline"]
        rules = ("core-rules" if args.core else "draw-only" if args.slice
                 else "kernel-played" if args.played else "full-rules")
        if args.kernel:
            rules += " (engine's order)"
        print(f"run {number} ({len(settings['deals'])} {rules} deals, {args.positions:,} "
              f"positions each; installed build: {build})")
        for name, (positions, per_second) in figures.items():
            label = f"{name} ({args.baseline})" if name == "baseline" else name
            print(f"  {label:<20} {positions:>9,} positions  {per_second:>9,.0f} a second  "
                  f"{per_second / base_rate:5.2f} x baseline")
    return 0


if __name__ == "__main__":
    sys.exit(main())
