"""Puzzle Dungeon for a person at the terminal: what the table shows beside the position (the
compact drawing is `screen.compact`): the actions the list numbers, the texts of the abilities a
choice is about, and any card's printed text."""

from __future__ import annotations

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import effects
from dungeoneer.engine.puzzle_dungeon.cards import CardSet, key_of
from dungeoneer.engine.puzzle_dungeon.rules import in_card_order
from dungeoneer.engine.puzzle_dungeon.screen import compact
from dungeoneer.engine.puzzle_dungeon.state import PuzzleState


def listed_actions(state: PuzzleState) -> list[Action]:
    """The legal actions a list numbers: each payment once, its hand cards in card order (the
    other orders of the discards, a choice under D18, are typed), so a choice stays short."""
    return [a for a in state.legal_actions() if a.kind != "pay" or in_card_order(a.arg)]


def abilities_deciding(state: PuzzleState) -> list[tuple[str, str]]:
    """The printed text of the abilities the pending choice is about, as (label, text): each of
    several abilities triggered together, when the player picks which resolves first. (A choice
    inside one ability has that ability's text in its prompt already.)"""
    triggers = getattr(state.stack[-1], "triggers", None) if state.stack else None
    if triggers is None:
        return []
    ids = [t.ability for t in triggers if t.ability >= effects.FIRST_CARD_PROGRAM]
    return [(state.rules.ability(i).label, state.rules.ability(i).text)
            for i in dict.fromkeys(ids)]


def card_texts(cards: CardSet, name: str) -> tuple[str, list[tuple[str, str]]] | None:
    """A card's printed abilities by its name (any spacing or case): (the card's name, [(face,
    text)]), or None if no card of that name has printed text."""
    wanted = key_of(name).lower()
    found = [a for a in cards.abilities if key_of(a.owner_name).lower() == wanted]
    if not found:
        return None
    faces = {"king": "Monster King", "front": "front"}
    return found[0].owner_name, [(faces.get(a.face, a.face), a.text) for a in found]


__all__ = ["abilities_deciding", "card_texts", "compact", "listed_actions"]
