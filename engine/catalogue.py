"""Every game's cards with their printed text and where each text comes from, as `dungeoneer
cards GAME [NAME]` lists them and `text NAME` at the table shows one. A game declares its list in
its `GameEntry.cards`; the texts are read from its card data in `seeds/`, never written here."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dungeoneer.engine.errors import UnknownNameError
from dungeoneer.engine.numbers import shown


@dataclass(frozen=True)
class CardText:
    """One card (copies share it): its name, its kind ('adventurer', 'door', 'Monster King'),
    its printed text (each ability of a card with several on a line of its own; '' if it has
    none), where the text comes from (the card data's `source`), and facts to show beside it
    (how many there are, the symbols it needs)."""

    name: str
    kind: str
    text: str
    source: str
    detail: str = ""


def source_line(value: Any) -> str:
    """A card's `source` in the card data as one line: a text, or each field's source after the
    field's name."""
    if isinstance(value, dict):
        return "; ".join(f"{field}: {where}" for field, where in value.items())
    return str(value)


def _key(name: str) -> str:
    """A name as compared: case, spaces, hyphens and punctuation aside ('the k.i.c.k. 9000')."""
    return re.sub(r"[^0-9a-z]+", "", name.lower())


def find_cards(cards: Sequence[CardText], name: str) -> list[CardText]:
    """The cards `name` names: those whose name it is (case, spaces and punctuation aside), else
    those whose name it starts, else those whose name holds it."""
    wanted = _key(name)
    if not wanted:
        return []
    for test in (lambda k: k == wanted, lambda k: k.startswith(wanted),
                 lambda k: wanted in k):
        found = [c for c in cards if test(_key(c.name))]
        if found:
            return found
    return []


def card_named(cards: Sequence[CardText], name: str, title: str) -> list[CardText]:
    """The entries of the one card `name` names (a card with two faces has two); an
    UnknownNameError that says why when it names none, or several cards."""
    found = find_cards(cards, name)
    names = list(dict.fromkeys(c.name for c in found))
    if not names:
        raise UnknownNameError(f"{title} has no card called {shown(name)!r} (`dungeoneer cards "
                               f"GAME` lists them)", text=name)
    if len(names) > 1:
        listed = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
        raise UnknownNameError(f"{shown(name)!r} could be {listed}: which?", text=name)
    return [c for c in found if c.name == names[0]]


def text_lines(entries: Sequence[CardText]) -> list[str]:
    """A card's text as the table shows it (rich markup): its name, then each entry's kind,
    text, facts and source."""
    from rich.markup import escape

    lines = [f"[bold]{escape(entries[0].name)}[/bold]"]
    for entry in entries:
        facts = f" ({escape(entry.detail)})" if entry.detail else ""
        lines.append(f"  {escape(entry.kind)}{facts}: {escape(entry.text or '(no text)')}")
        lines.append(f"  [dim]source: {escape(entry.source)}[/dim]")
    return lines
