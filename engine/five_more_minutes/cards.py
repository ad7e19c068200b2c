"""5 More Minutes card and chip data, read from `seeds/five_more_minutes/cards.toml`: the dream
and special cards, the blue chips and the removal table."""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import TypeAlias

Chip: TypeAlias = tuple[int, int]
"""A blue chip: (value, dark)."""


@dataclass(frozen=True)
class CardKind:
    """One kind of card."""

    name: str
    cost: int | None
    """Yellow chips to play it; None for the '5 More Minutes' (anytime) and the specials."""
    count: int
    special: bool
    text: str


@functools.lru_cache(maxsize=1)
def card_data() -> tuple[dict[str, CardKind], tuple[Chip, ...], dict[int, dict[str, int]]]:
    """The cards by name, the blue chips as (value, dark) pairs, and the removal table."""
    text = resources.files("dungeoneer.seeds.five_more_minutes").joinpath("cards.toml").read_text()
    data = tomllib.loads(text)
    kinds = {}
    for entry in data["card"]:
        cost = entry["cost"] if isinstance(entry["cost"], int) else None
        kinds[entry["name"]] = CardKind(entry["name"], cost, entry["count"],
                                        bool(entry.get("special")), entry["text"])
    blue: list[Chip] = []
    for entry in data["blue"]:
        blue += [(entry["value"], 1)] * entry["dark"]
        blue += [(entry["value"], 0)] * (entry["count"] - entry["dark"])
    removal = {int(k): v for k, v in data["removal"].items() if k != "source"}
    return kinds, tuple(sorted(blue)), removal
