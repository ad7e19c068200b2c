"""Dinky Dungeon's cards as `dungeoneer cards` and `text NAME` show them: each adventurer's printed
text and the dungeon cards by level, with where each value comes from (seeds/dinky_dungeon)."""

from __future__ import annotations

import functools
import tomllib
from importlib import resources

from dungeoneer.engine.catalogue import CardText, source_line


@functools.lru_cache(maxsize=1)
def cards() -> tuple[CardText, ...]:
    """The adventurers (copies noted), then the dungeon cards by level."""
    text = resources.files("dungeoneer.seeds.dinky_dungeon").joinpath("cards.toml").read_text(
        encoding="utf-8")
    data = tomllib.loads(text)
    found = [CardText(a["name"], "adventurer", a["text"], source_line(a["source"]),
                      f"{a['count']} in the deck" + (", Scapegoat icon" if a["scapegoat_icon"]
                                                     else ""))
             for a in data["adventurer"]]
    found += [CardText(f"Lv. {d['level']}", "dungeon card",
                       f"A reward worth {d['level']} (the level equals the reward value).",
                       source_line(d["source"]), f"{d['count']} in the deck")
              for d in data["dungeon"]]
    return tuple(found)
