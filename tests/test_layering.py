"""The layers depend on each other only as the design says, read from the imports themselves
(every `import` and `from ... import` of every module, at the top or inside a function):

- the core (`engine/*.py`) imports no game and nothing above the engine;
- a game package imports the core and itself, no other game and nothing above the engine;
- the solver and the generator reach a game only through its public surface: the names its
  package lists in `__all__`, never one of its modules;
- the command line imports no game at all: it reaches the games through the registry, and
  Puzzle Dungeon's puzzles through the generator and the solver.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"engine": "dungeoneer.engine", "solver": "dungeoneer.solver",
           "generator": "dungeoneer.generator", "cli": "dungeoneer.cli"}
GAMES = tuple(sorted(p.name for p in (ROOT / "engine").iterdir() if (p / "__init__.py").exists()))
ABOVE_THE_ENGINE = ("dungeoneer.solver", "dungeoneer.generator", "dungeoneer.cli")


class Imported(NamedTuple):
    module: str
    """The module imported from (`dungeoneer.engine.rng`)."""
    names: tuple[str, ...]
    """The names imported from it (empty for `import module`)."""
    line: int


def imports(path: Path) -> list[Imported]:
    """Every import of the project's own modules in `path`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [Imported(a.name, (), node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(Imported(node.module, tuple(a.name for a in node.names), node.lineno))
    return [i for i in found if i.module.split(".")[0] == "dungeoneer"]


def modules() -> list[str]:
    """The package's modules, as paths from the checkout's root."""
    return sorted(str(p.relative_to(ROOT)) for folder in FOLDERS
                  for p in (ROOT / folder).rglob("*.py"))


def game_of(module: str) -> str | None:
    """The game package a dotted module name is in, if any."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["dungeoneer", "engine"] \
        and parts[2] in GAMES else None


def public(game: str) -> set[str]:
    return set(importlib.import_module(f"dungeoneer.engine.{game}").__all__)


def faults(path: str, root: Path = ROOT) -> list[str]:
    """What `path` (from the checkout's root, or from `root`) imports that its layer may
    not."""
    parts = Path(path).parts
    layer = parts[0]
    own_game = parts[1] if layer == "engine" and len(parts) > 2 else None
    wrong = []
    for imported in imports(root / path):
        game = game_of(imported.module)
        where = f"{path}:{imported.line} imports {imported.module}"
        if layer == "engine" and imported.module.startswith(ABOVE_THE_ENGINE):
            wrong.append(where)
        elif layer == "engine" and game is not None and game != own_game:
            wrong.append(where + (" (the core knows no game)" if own_game is None else ""))
        elif layer == "cli" and game is not None:
            wrong.append(where + " (the command line reaches games through the registry)")
        elif layer in ("solver", "generator") and game is not None:
            package = f"dungeoneer.engine.{game}"
            hidden = set(imported.names) - public(game)
            if imported.module != package or hidden or not imported.names:
                wrong.append(f"{where} {sorted(hidden) or ''} (not the public surface)")
    return wrong


def test_the_checks_see_every_layer_and_game():
    assert set(GAMES) == {"puzzle_dungeon", "dinky_dungeon", "five_more_minutes",
                          "five_minute_dungeon"}
    found = modules()
    assert {Path(m).parts[0] for m in found} == set(FOLDERS)
    assert len(found) > 100


@pytest.mark.parametrize("path", modules())
def test_a_module_imports_only_what_its_layer_may(path):
    assert faults(path) == []


@pytest.mark.parametrize(("path", "source", "fault"), [
    ("engine/session.py", "from dungeoneer.engine.dinky_dungeon.game import INFO",
     "the core knows no game"),
    ("engine/dinky_dungeon/bots.py", "from dungeoneer.engine.five_more_minutes import GAME",
     "imports dungeoneer.engine.five_more_minutes"),
    ("engine/rng.py", "import dungeoneer.solver", "imports dungeoneer.solver"),
    ("cli/deal.py", "from dungeoneer.engine.puzzle_dungeon import PuzzleState",
     "through the registry"),
    ("generator/daily.py", "from dungeoneer.engine.puzzle_dungeon.rules import face",
     "not the public surface"),
    ("generator/daily.py", "from dungeoneer.engine.puzzle_dungeon import effects",
     "not the public surface"),
    ("solver/lines.py", "    from dungeoneer.engine.puzzle_dungeon import board",
     "not the public surface"),
])
def test_a_forbidden_import_is_found(tmp_path, path, source, fault):
    """Each rule catches an import that breaks it, at the top of a module or in a function."""
    copy = tmp_path / path
    copy.parent.mkdir(parents=True)
    body = f"def f():\n{source}\n" if source.startswith(" ") else f"{source}\n"
    copy.write_text(body + (ROOT / path).read_text(encoding="utf-8"), encoding="utf-8")
    assert faults(path) == []
    found = faults(path, root=tmp_path)
    assert any(fault in f for f in found), found
