"""The compiled build against the pure one, in one run: same answers, and how much faster.

An installed wheel holds each compiled module twice: the extension mypyc built and the Python
file it was built from (setup.py), and it may hold the C kernels, which port the Python kernels
beside them. Python imports the extensions; this script runs the same work twice in child
processes, once as installed and once with every `dungeoneer` module imported from its Python
file (and the C kernels left out), and compares:

- answers: the solver's verdict, position count and line on fixed deals with a position budget
  (no time limit, so the counts do not depend on the machine), core-rules deals among them (their
  depth-first search runs on the kernel; under the full rules on the full-rules kernel, in C
  where it is built), and a hash of random games' traces (every action's text, log and
  position);
- speed: positions a second of the engine's depth-first search and of the nested rollouts on
  fixed deals (the pure run is the baseline, the ratio is the figure).

    python benchmarks/compiled.py            # speed and answers
    python benchmarks/compiled.py --check    # answers only (CI); exit 1 if they differ
    python benchmarks/compiled.py --check --expect c-kernels   # and the build is this one

The build is "compiled" (DUNGEONEER_COMPILE=1: the mypyc-compiled modules and the C kernels),
"c-kernels" (the default install where a C compiler works) or "pure" (no C compiler,
DUNGEONEER_COMPILE=0, an editable install), where both runs are pure: the answers agree and the
ratio is about 1, as it should be.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

PURE_PRELUDE = r'''
import importlib.machinery, sys

if sys.argv[1] == "pure":
    class SourceOnly:
        """Find every dungeoneer module as its Python file, never as a compiled extension."""
        loaders = [(importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)]

        @classmethod
        def find_spec(cls, name, path=None, target=None):
            if name != "dungeoneer" and not name.startswith("dungeoneer."):
                return None
            for entry in (path if path is not None else sys.path):
                spec = importlib.machinery.FileFinder(entry or ".", *cls.loaders).find_spec(name)
                if spec is not None:
                    return spec
            # A module with no Python file (the C kernels' extension) is not there, as in a
            # pure build.
            raise ModuleNotFoundError(f"no Python file for {name} (a pure run)", name=name)

    sys.meta_path.insert(0, SourceOnly)
'''
"""The start of a child's code: run as "pure", it imports every `dungeoneer` module from its
Python file, and none that has only an extension."""

CHILD = PURE_PRELUDE + r'''
import hashlib, json, time

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.engine.puzzle_dungeon import board
from dungeoneer.engine.rng import Stream
from dungeoneer.solver import native, solve
from dungeoneer.solver.rollouts import NestedRollouts
from dungeoneer.solver.search import Budget, DepthFirst, portfolio

HEROES = ("Rogue", "Bodyguard", "Warrior", "Alchemist",
          "Skull Rogue", "Skull Bodyguard", "Skull Warrior", "Skull Alchemist")


def answers(deals, positions):
    found = []
    games = [PuzzleDungeon(hero=hero) for hero in HEROES]
    games += [PuzzleDungeon(hero=hero, core=True) for hero in ("Rogue", "Skull Rogue")]
    for game in games:  # (the core rules' depth-first search runs on the kernel)
        for seed in range(deals):
            root = game.new_initial_state(seed=seed)
            answer = solve(root, seconds=None, states=positions)
            line = [step["action"] for step in answer.to_json()["line"]]
            found.append([game.hero.name, game.core, seed, answer.status, answer.states, line])
    return found


def traces(games):
    digest = hashlib.sha256()
    for hero in HEROES:
        game = PuzzleDungeon(hero=hero)
        for seed in range(games):
            state, stream = game.new_initial_state(seed=seed), Stream(seed + 7)
            while not state.is_terminal():
                actions = state.legal_actions()
                action = actions[stream.below(len(actions))]
                log = []
                digest.update(state.action_text(action).encode())
                state = state.apply(action, log)
                digest.update("|".join(log).encode())
                digest.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return digest.hexdigest()


def rates(positions):
    found = {}
    for name, make in (("depth-first", DepthFirst), ("nested rollouts", NestedRollouts)):
        searched = spent = 0
        for hero, seed in (("Skull Warrior", 1000), ("Skull Rogue", 1000), ("Rogue", 1001)):
            root = PuzzleDungeon(hero=hero).new_initial_state(seed=seed)
            started = time.process_time()
            result = portfolio(root, [make(root)], budget=Budget(states=positions))
            spent += time.process_time() - started
            searched += result.states
        found[name] = {"positions": searched, "seconds": spent}
    return found


settings = json.loads(sys.argv[2])
report = {"compiled": not board.__file__.endswith(".py"), "c_kernel": native.BUILT,
          "answers": answers(settings["deals"], settings["positions"]),
          "traces": traces(settings["games"])}
if settings["speed"]:
    report["rates"] = rates(settings["speed"])
print(json.dumps(report))
'''


def run(kind: str, settings: dict[str, object], child: str = CHILD) -> dict[str, object]:
    """The child's report (the JSON it prints), run pure or as installed."""
    done = subprocess.run([sys.executable, "-c", child, kind, json.dumps(settings)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"the {kind} run failed:\n{done.stderr}")
    report: dict[str, object] = json.loads(done.stdout)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="compare answers only (no speed), for CI")
    parser.add_argument("--expect", choices=("compiled", "c-kernels", "pure"),
                        help="fail unless the installed build is this one: mypyc-compiled "
                             "modules and the C kernels, the C kernels alone, or neither")
    parser.add_argument("--deals", type=int, default=2, help="deals a hero face to solve")
    parser.add_argument("--positions", type=int, default=3000,
                        help="the solver's position budget a deal")
    parser.add_argument("--games", type=int, default=3, help="random games a hero face")
    parser.add_argument("--speed-positions", type=int, default=20000,
                        help="positions a deal for the speed figures")
    args = parser.parse_args()
    settings = {"deals": args.deals, "positions": args.positions, "games": args.games,
                "speed": 0 if args.check else args.speed_positions}
    pure, installed = run("pure", settings), run("installed", settings)
    if pure["compiled"]:
        sys.exit("the pure run imported a compiled module")
    if pure["c_kernel"]:
        sys.exit("the pure run imported the C kernels")
    if installed["compiled"] and not installed["c_kernel"]:
        sys.exit("the installed build has the mypyc-compiled modules but not the C kernels")
    build = ("compiled" if installed["compiled"] else "c-kernels" if installed["c_kernel"]
             else "pure")
    print(f"installed build: {build}")
    if args.expect and build != args.expect:
        print(f"expected the {args.expect} build")
        return 1
    same = pure["answers"] == installed["answers"] and pure["traces"] == installed["traces"]
    solved = len(pure["answers"])  # type: ignore[arg-type]
    print(f"answers: {'the same' if same else 'DIFFERENT'} ({solved} deals solved, "
          f"{args.games} random games a face)")
    if not same:
        pairs = zip(pure["answers"], installed["answers"], strict=True)  # type: ignore[call-overload]
        for a, b in pairs:
            if a != b:
                print(f"  pure {a}\n  installed {b}")
        return 1
    if not args.check:
        for name, figure in installed["rates"].items():  # type: ignore[attr-defined]
            base = pure["rates"][name]  # type: ignore[index]
            fast = figure["positions"] / figure["seconds"]
            slow = base["positions"] / base["seconds"]
            print(f"{name}: {fast:,.0f} positions/s; pure {slow:,.0f} positions/s; "
                  f"{fast / slow:.2f} times")
    return 0


if __name__ == "__main__":
    sys.exit(main())
