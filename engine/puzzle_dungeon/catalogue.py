"""Puzzle Dungeon's cards as `dungeoneer cards` and `text NAME` show them: each hero face, monster
(and its Monster King face) and Traps & Treasures card with its printed abilities and where each
comes from (the built-in card set in seeds/puzzle_dungeon)."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from dungeoneer.engine.catalogue import CardText, source_line
from dungeoneer.engine.puzzle_dungeon.cards import Ability, load_card_set


def _text(abilities: Sequence[Ability]) -> str:
    return " ".join(a.text for a in abilities)


def _source(abilities: Sequence[Ability], fallback: object) -> str:
    found = list(dict.fromkeys(a.source for a in abilities))
    return "; ".join(found) if found else source_line(fallback)


@functools.lru_cache(maxsize=1)
def cards() -> tuple[CardText, ...]:
    """Heroes, monsters (front, then King), and Traps & Treasures cards, as the card set has
    them."""
    cards = load_card_set()
    found = [CardText(h.name, "hero" + (" (challenge face)" if h.challenge else ""),
                      _text(h.abilities), _source(h.abilities, h.source), f"card {h.card}")
             for h in cards.heroes]
    for m in cards.monsters:
        extra = ", an example extra" if m.extra else ""
        found.append(CardText(m.name, "monster", _text(m.front.abilities),
                              _source(m.front.abilities, m.source), f"{m.type}{extra}"))
        found.append(CardText(m.name, "Monster King", _text(m.king.abilities),
                              _source(m.king.abilities, m.source), f"{m.type}{extra}"))
    for t in cards.trap_treasures:
        found.append(CardText(t.name, "Trap", t.trap.text, t.trap.source, t.type))
        found.append(CardText(t.name, "Treasure", t.treasure.text, t.treasure.source, t.type))
    return tuple(found)
