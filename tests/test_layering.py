"""The core knows no game and the command line names none but through the registry.

The words that name a game come from the registry itself: each game's name, title, package and
the classes of its game and states. The core modules (engine/*.py) contain none of them at all;
in cli/ they may appear only in help texts and docstrings (examples), never in an import, an
identifier or a string the code compares or passes on."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from dungeoneer.engine import registry

ROOT = Path(__file__).resolve().parent.parent


def game_words() -> set[str]:
    words: set[str] = set()
    for entry in registry.entries():
        game = entry.factory({})
        state = game.new_initial_state(seed=1)
        package = type(game).__module__.split(".")[2]
        words |= {entry.name, entry.info.title, package, type(game).__name__,
                  type(state).__name__}
    return words


def test_the_words_cover_every_game():
    words = game_words()
    assert {"puzzle-dungeon", "Dinky Dungeon", "five_more_minutes", "DungeonState"} <= words


def test_the_core_modules_name_no_game():
    words = game_words()
    for path in sorted((ROOT / "engine").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        found = sorted(w for w in words if w.lower() in text.lower())
        assert not found, f"{path.name} names {found}"


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of docstring nodes (module, class and function docstrings)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _help_texts(tree: ast.AST) -> set[int]:
    """The ids of string parts of `help=` / `short_help=` arguments, and of `title=` ones (the
    timer's panel names the game it times, as its help does)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg in ("help", "short_help", "title"):
            found |= {id(n) for n in ast.walk(node.value) if isinstance(n, ast.Constant)}
    return found


def _code_words(tree: ast.AST) -> list[str]:
    """The names and strings the code itself uses."""
    allowed = _docstrings(tree) | _help_texts(tree)
    words: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            words += [getattr(node, "module", None) or ""] + [a.name for a in node.names]
        elif isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            words.append(node.name)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in allowed:
            words.append(node.value)
    return words


def test_the_command_line_names_no_game_outside_help_and_examples():
    words = game_words()
    pattern = re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)),
                         re.IGNORECASE)
    for path in sorted((ROOT / "cli").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = sorted({w for w in _code_words(tree) if pattern.search(w)})
        assert not found, f"cli/{path.name} names {found}"
