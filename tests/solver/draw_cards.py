"""The built-in cards with every ability but the Loot abilities taken away, and each Loot
ability made a draw ("Loot: Draw a card.", or "Loot: You may draw a card." where the printed one
begins with a choice): the card sets the full-rules kernel slice plays
(`solver.trigger_kernel`), with the built-in suits, defenses, weapons, types and prey."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, load_card_set
from tests.solver.random_cards import _toml

SEEDS = Path(__file__).resolve().parents[2] / "seeds" / "puzzle_dungeon"
SOURCE = "reconstructed: the built-in Loot ability made a draw"


def _loot_as_draw(ability: dict) -> dict:
    may = ability["effect"][0]["op"] == "may"
    return {"face": ability["face"],
            "text": "Loot: You may draw a card." if may else "Loot: Draw a card.",
            "trigger": "loot",
            "effect": [{"op": "may", "do": [{"op": "draw"}]}] if may else [{"op": "draw"}],
            "source": SOURCE}


def _entry(table: str, record: dict, abilities: list[dict]) -> str:
    fields = "\n".join(f"{name} = {_toml(value)}" for name, value in record.items()
                       if name != "ability")
    parts = [f"[[{table}]]\n{fields}" + ("" if abilities else "\nability = []")]
    for ability in abilities:
        body = "\n".join(f"{name} = {_toml(value)}" for name, value in ability.items())
        parts.append(f"[[{table}.ability]]\n{body}")
    return "\n".join(parts)


def write_draw_cards(folder: Path) -> Path:
    """Write the card set into `folder` (the five files the loader reads); returns it."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(SEEDS / "arsenal.toml", folder / "arsenal.toml")
    monsters = tomllib.loads((SEEDS / "monsters.toml").read_text(encoding="utf-8"))
    out = ["[types]\n" + "\n".join(f"{k} = {_toml(v)}" for k, v in monsters["types"].items())]
    for monster in monsters["monster"]:
        loot = [_loot_as_draw(a) for a in monster.get("ability", ())
                if a.get("trigger") == "loot"]
        out.append(_entry("monster", monster, loot))
    (folder / "monsters.toml").write_text("\n\n".join(out) + "\n", encoding="utf-8")
    heroes = tomllib.loads((SEEDS / "heroes.toml").read_text(encoding="utf-8"))
    (folder / "heroes.toml").write_text(
        "\n\n".join(_entry("hero", hero, []) for hero in heroes["hero"]) + "\n",
        encoding="utf-8")
    (folder / "traps_treasures.toml").write_text("", encoding="utf-8")
    (folder / "examples.toml").write_text("", encoding="utf-8")
    return folder


def draw_game(folder: Path, hero: str) -> PuzzleDungeon:
    """A game of the card set in `folder` (written by `write_draw_cards`)."""
    return PuzzleDungeon(load_card_set(folder), hero)
