"""Card sets the search kernels play, made from the built-in cards (their suits, defenses,
weapons, types and prey kept):

- `write_draw_cards`: every ability but the Loot abilities taken away, and each Loot ability
  made a draw ("Loot: Draw a card.", or "Loot: You may draw a card." where the printed one
  begins with a choice): what the full-rules kernel slice plays (`solver.trigger_kernel`);
- `write_played_cards`: the built-in abilities the full-rules kernel plays
  (`solver.rules_kernel`), as printed, and no others."""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, load_card_set
from dungeoneer.solver.rules_kernel import PLAYED_STATEMENTS
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


def write_cards(folder: Path, monster_abilities: Callable[[list[dict]], list[dict]],
           hero_abilities: Callable[[list[dict]], list[dict]]) -> Path:
    """The built-in cards with each card's abilities as the two functions make them."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(SEEDS / "arsenal.toml", folder / "arsenal.toml")
    monsters = tomllib.loads((SEEDS / "monsters.toml").read_text(encoding="utf-8"))
    out = ["[types]\n" + "\n".join(f"{k} = {_toml(v)}" for k, v in monsters["types"].items())]
    for monster in monsters["monster"]:
        out.append(_entry("monster", monster, monster_abilities(monster.get("ability", []))))
    (folder / "monsters.toml").write_text("\n\n".join(out) + "\n", encoding="utf-8")
    heroes = tomllib.loads((SEEDS / "heroes.toml").read_text(encoding="utf-8"))
    (folder / "heroes.toml").write_text(
        "\n\n".join(_entry("hero", hero, hero_abilities(hero.get("ability", [])))
                     for hero in heroes["hero"]) + "\n", encoding="utf-8")
    (folder / "traps_treasures.toml").write_text("", encoding="utf-8")
    (folder / "examples.toml").write_text("", encoding="utf-8")
    return folder


def write_draw_cards(folder: Path) -> Path:
    """Write the draw card set into `folder` (the five files the loader reads); returns it."""
    return write_cards(folder,
                  lambda abilities: [_loot_as_draw(a) for a in abilities
                                     if a.get("trigger") == "loot"],
                  lambda abilities: [])


PLAYED_TRIGGERS = ("loot", "trophy", "monster_king", "collect", "reveal", "king_revealed",
                   "deal", "draw", "attack")
"""The events `solver.rules_kernel` fires abilities on."""


PLAYED_TARGETS = {"exhaust": ("collected", "each_collected", "adjacent_to_this",
                              "front_of_each_column", "wizard"),
                  "ready": ("collected", "each_collected", "it", "wizard")}
"""The targets of `exhaust` and `ready` it plays."""


PLAYED_OPS = ("draw", "discard", "discard_deck", "draw_arsenal_front", "discard_arsenal",
              "draw_it", "discard_it", "draw_from_discard", "swap_arsenal", "reverse_column",
              "swap_fronts", "swap_front_back", "shuffle_column", "redeal",
              "shuffle_into_deck", "attack", "defeat", "attach_arsenal_front")
"""The steps it plays whatever their parameters."""


def _played_step(step: dict) -> bool:
    if step["op"] in PLAYED_OPS:
        return True
    if step["op"] in PLAYED_TARGETS:
        return step["target"] in PLAYED_TARGETS[step["op"]]
    return step["op"] == "may" and all(_played_step(s) for s in step["do"])


def _played(ability: dict) -> bool:
    """Whether the full-rules kernel plays this ability: a statement it plays, or steps it
    plays (plain or under `may`) on an event it fires."""
    if "static" in ability:
        return ability["static"]["kind"] in PLAYED_STATEMENTS
    if ability.get("trigger") == "after_setup":  # (fired before any position it starts from)
        return True
    return (ability.get("trigger") in PLAYED_TRIGGERS
            and all(_played_step(step) for step in ability["effect"]))


def write_played_cards(folder: Path) -> Path:
    """Write the card set of the abilities the full-rules kernel plays into `folder`."""
    def keep(abilities: list[dict]) -> list[dict]:
        return [a for a in abilities if _played(a)]
    return write_cards(folder, keep, keep)


def card_game(folder: Path, hero: str) -> PuzzleDungeon:
    """A game of the card set in `folder` (written by a writer above)."""
    return PuzzleDungeon(load_card_set(folder), hero)
