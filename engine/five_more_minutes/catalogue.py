"""5 More Minutes' cards as `dungeoneer cards` and `text NAME` show them: each dream and special
card's printed text, its cost and count, with where each comes from (seeds/five_more_minutes)."""

from __future__ import annotations

import functools
import tomllib
from importlib import resources

from dungeoneer.engine.catalogue import CardText, source_line


@functools.lru_cache(maxsize=1)
def cards() -> tuple[CardText, ...]:
    """The cards in the file's order."""
    text = resources.files("dungeoneer.seeds.five_more_minutes").joinpath("cards.toml").read_text(
        encoding="utf-8")
    found = []
    for card in tomllib.loads(text)["card"]:
        cost = card["cost"]
        facts = [f"costs {cost} yellow" if isinstance(cost, int) else f"cost: {cost}",
                 f"{card['count']} in the deck"]
        kind = "special card" if card.get("special") else "dream card"
        found.append(CardText(card["name"], kind, card["text"], source_line(card["source"]),
                              ", ".join(facts)))
    return tuple(found)
