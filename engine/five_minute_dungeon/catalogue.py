"""5-Minute Dungeon's cards as `dungeoneer cards` and `text NAME` show them: the heroes and their
abilities, the action cards, the doors, mini-bosses, events and bosses with what they need, and
where each value comes from (seeds/five_minute_dungeon)."""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any

from dungeoneer.engine.catalogue import CardText, source_line


def _needs(symbols: Mapping[str, int]) -> str:
    """What a dungeon card needs: '2 sword, 1 scroll'."""
    return ", ".join(f"{count} {symbol}" for symbol, count in symbols.items())


def _decks(data: Mapping[str, Any]) -> dict[str, str]:
    """Each action card's and hero's deck colour, by name."""
    colours: dict[str, str] = {}
    for deck in data["hero_deck"]:
        for name in [a["name"] for a in deck["action"]] + list(deck["heroes"]):
            colours.setdefault(name, deck["colour"])
    return colours


def _resources(data: Mapping[str, Any]) -> list[CardText]:
    """The resource cards, one per kind ('Sword', 'Scroll+Scroll'), with the decks holding them."""
    held: dict[str, list[str]] = {}
    for deck in data["hero_deck"]:
        kinds = [[symbol] for symbol in deck["single"]] + [d["symbols"] for d in deck["double"]]
        for symbols in kinds:
            name = "+".join(s.capitalize() for s in symbols)
            held.setdefault(name, []).append(deck["colour"])
    return [CardText(name, "resource card",
                     f"Counts as {' and '.join(name.lower().split('+'))}.",
                     "reference: Hero decks", f"in the {', '.join(colours)} decks")
            for name, colours in sorted(held.items())]


@functools.lru_cache(maxsize=1)
def cards() -> tuple[CardText, ...]:
    """Heroes, action cards, doors, mini-bosses, events and bosses, in the file's order."""
    text = resources.files("dungeoneer.seeds.five_minute_dungeon").joinpath(
        "cards.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    colour = _decks(data)
    found = [CardText(h["name"], "hero",
                      f"{h['ability']} (discard {h['cost']} cards): {h['effect']}.",
                      source_line(h["source"]), f"{colour.get(h['name'], '?')} deck")
             for h in data["hero"]]
    found += _resources(data)
    found += [CardText(a["name"], "action card", f"{a['effect'][0].upper()}{a['effect'][1:]}.",
                       source_line(a["source"]), f"{colour.get(a['name'], '?')} deck")
              for a in data["action_card"]]
    found += [CardText(d["name"], f"door ({d['type']})", f"Needs {_needs(d['symbols'])}.",
                       source_line(d["source"])) for d in data["door"]]
    found += [CardText(m["name"], "mini-boss", f"Needs {_needs(m['symbols'])}.",
                       source_line(m["source"])) for m in data["mini_boss"]]
    found += [CardText(e["name"], "event", f"{e['effect'][0].upper()}{e['effect'][1:]}",
                       source_line(e["source"])) for e in data["event"]]
    found += [CardText(b["name"], f"boss {b['number']}", f"Needs {_needs(b['symbols'])}.",
                      source_line(b["source"]),
                      f"{b['doors']} doors, {b['extra_challenges']} extra challenges")
              for b in data["boss"]]
    return tuple(found)
