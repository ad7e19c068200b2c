"""dungeoneer: rules engines, a solver and daily puzzles for four tabletop dungeon card games.

The library lives in five subpackages:

- `dungeoneer.engine`: the game protocol, the registry of games, records, the session runner,
  portable randomness, and one package per game;
- `dungeoneer.solver`: the Puzzle Dungeon solver;
- `dungeoneer.generator`: deal codes, ratings, daily puzzles and their archive;
- `dungeoneer.cli`: the `dungeoneer` command (also `python -m dungeoneer`);
- `dungeoneer.seeds`: card data and example records (data files).
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("dungeoneer")
except PackageNotFoundError:  # pragma: no cover - only when the files are copied by hand
    __version__ = "unknown"
