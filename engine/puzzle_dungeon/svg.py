"""A Puzzle Dungeon position as a self-contained SVG picture, to share or print.

The picture shows what a player at the table sees: the four columns (back at the top, the front
card, the one that can be attacked, outlined), each monster's name, type, defense suits, weapon
suits and whether it shows its Monster King face; the arsenal with its front card, the hand, the
deck's count (never its order), the discard pile's count and top card, the collected monsters and
the prey progress. Never the solution. Suit icons are drawn as paths, not font glyphs, so the
picture looks the same with any fonts; a <title> and a <desc> give the position as text for
screen readers. The same position always gives the same bytes.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from dungeoneer.engine.puzzle_dungeon import rules
from dungeoneer.engine.puzzle_dungeon.constants import SUITS
from dungeoneer.engine.puzzle_dungeon.state import PuzzleState

CARD_WIDTH, CARD_HEIGHT, GAP = 200, 64, 10
MARGIN = 20
SMALL = 40
"""The side of an arsenal or hand card."""

SUIT_COLOURS = ("#c0392b", "#7d3c98", "#1f618d", "#1e8449")
"""Torch, Claw, Hand, Mitt."""

SUIT_PATHS = (
    # Torch: a flame.
    "M6 0C9 4 12 7 12 10A6 6 0 0 1 0 10C0 7 3 6 4 3C5 5 6 5 6 0Z",
    # Claw: three slashes.
    "M1 12L5 0H7L3 12ZM5 12L9 0H11L7 12ZM9 12L12 3V7L11 12Z",
    # Hand: a palm with three fingers.
    "M2 6H10V11A1 1 0 0 1 9 12H3A1 1 0 0 1 2 11ZM2 1H4V6H2ZM5 0H7V6H5ZM8 1H10V6H8Z",
    # Mitt: a mitten with its thumb.
    "M3 2A3 3 0 0 1 9 2V12H3ZM9 6H11A1 1 0 0 1 12 7V9A1 1 0 0 1 11 10H9Z",
)


def _icon(suit: int, x: float, y: float) -> str:
    """A suit icon, 12 units square, at (x, y)."""
    return (f'<path transform="translate({x:g} {y:g})" d="{SUIT_PATHS[suit]}" '
            f'fill="{SUIT_COLOURS[suit]}"><title>{SUITS[suit]}</title></path>')


def _text(x: float, y: float, text: str, *, size: int = 12, weight: str = "normal",
          anchor: str = "start", fill: str = "#222") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" font-weight="{weight}" '
            f'text-anchor="{anchor}" fill="{fill}">{escape(text)}</text>')


def _monster(state: PuzzleState, monster: int, x: float, y: float, front: bool) -> list[str]:
    card = state.rules.cards.monsters[monster]
    king = rules.is_king(state, monster)
    face = card.king if king else card.front
    exhausted = bool(state.exhausted >> monster & 1)
    stroke = ' stroke="#d4a017" stroke-width="4"' if front else ' stroke="#888" stroke-width="1"'
    fill = "#fdf2d0" if king else "#ffffff"
    parts = [f'<rect x="{x:g}" y="{y:g}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="6" '
             f'fill="{fill}"{stroke}/>']
    name = ("Monster King " if king else "") + card.name + (" (exhausted)" if exhausted else "")
    parts.append(_text(x + 8, y + 17, name, weight="bold"))
    parts.append(_text(x + CARD_WIDTH - 8, y + 17, card.type, size=10, anchor="end",
                       fill="#555"))
    defense = [s for s in range(4) for _ in range(face.defense[s])]
    for i, suit in enumerate(defense):
        parts.append(_icon(suit, x + 8 + 16 * i, y + 28))
    parts.append(_text(x + 8 + 16 * len(defense) + 6, y + 39, "defense", size=9, fill="#555"))
    parts.append(_text(x + 8, y + 57, "weapon", size=9, fill="#555"))
    for i, suit in enumerate(face.weapon):
        parts.append(_icon(suit, x + 48 + 16 * i, y + 46))
    if front:
        parts.append(_text(x + CARD_WIDTH - 8, y + 57, "front", size=10, anchor="end",
                           weight="bold", fill="#a67c00"))
    return parts


def _small_card(state: PuzzleState, card: int, x: float, y: float, front: bool) -> list[str]:
    arsenal = state.rules.cards.arsenal[card]
    stroke = ' stroke="#d4a017" stroke-width="3"' if front else ' stroke="#888" stroke-width="1"'
    return [f'<rect x="{x:g}" y="{y:g}" width="{SMALL}" height="{SMALL}" rx="4" fill="#fff"'
            f'{stroke}/>',
            _text(x + 12, y + 26, str(arsenal.value), size=16, weight="bold", anchor="middle"),
            _icon(arsenal.suit, x + 22, y + 14)]


def _row(state: PuzzleState, label: str, cards: tuple[int, ...], y: float,
         front: bool) -> list[str]:
    parts = [_text(MARGIN, y + 25, label, weight="bold")]
    for i, card in enumerate(cards):
        parts += _small_card(state, card, MARGIN + 80 + i * (SMALL + 6), y,
                             front and i == len(cards) - 1)
    if not cards:
        parts.append(_text(MARGIN + 80, y + 25, "(none)", fill="#777"))
    return parts


def describe(state: PuzzleState) -> str:
    """The position as plain text, for the picture's <desc> (and for people who can't see it)."""
    monsters = state.rules.cards.monsters
    lines = [f"Puzzle Dungeon, hero {state.rules.hero.name}."]
    for c, column in enumerate(state.columns):
        names = [("Monster King " if rules.is_king(state, m) else "") + monsters[m].name
                 for m in column]
        lines.append(f"Column {c + 1}, back to front: {', '.join(names) or 'empty'}.")
    codes = state.rules.cards.arsenal
    lines.append(f"Arsenal, left to right (the front is the rightmost): "
                 f"{' '.join(codes[c].code for c in state.arsenal) or 'empty'}.")
    lines.append(f"Hand: {' '.join(codes[c].code for c in rules.bits(state.hand)) or 'empty'}.")
    top = codes[state.discard[-1]].code if state.discard else "none"
    lines.append(f"Deck: {len(state.deck)} cards. Discard pile: {len(state.discard)} cards, "
                 f"top {top}.")
    collected = ", ".join(monsters[m].name for m in rules.bits(state.collected)) or "none"
    lines.append(f"Collected: {collected}.")
    progress = ", ".join(f"{kind} {have} of {need}"
                         for kind, have, need in rules.prey_progress(state))
    lines.append(f"Prey: {progress}.")
    return " ".join(lines)


def picture(state: PuzzleState) -> str:
    """The position as an SVG document (text, UTF-8, ending in a newline)."""
    columns = len(state.columns)
    height_cards = max((len(c) for c in state.columns), default=0)
    width = 2 * MARGIN + columns * CARD_WIDTH + (columns - 1) * GAP
    dungeon_bottom = 60 + max(height_cards, 1) * (CARD_HEIGHT + GAP)
    height = dungeon_bottom + 2 * (SMALL + 12) + 76
    progress = ", ".join(f"{kind} {have}/{need}" for kind, have, need in
                         rules.prey_progress(state))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" font-family="sans-serif">',
             f"<title>Puzzle Dungeon: {escape(state.rules.hero.name)}</title>",
             f"<desc>{escape(describe(state))}</desc>",
             f'<rect width="{width}" height="{height}" fill="#f4f1ea"/>',
             _text(MARGIN, 28, f"{state.rules.hero.name}: prey {progress}", size=16,
                   weight="bold")]
    for c, column in enumerate(state.columns):
        x = MARGIN + c * (CARD_WIDTH + GAP)
        parts.append(_text(x, 50, f"Column {c + 1}", size=11, fill="#555"))
        for row, monster in enumerate(column):
            parts += _monster(state, monster, x, 56 + row * (CARD_HEIGHT + GAP),
                              row == len(column) - 1)
    y = dungeon_bottom + 10
    parts += _row(state, "Arsenal", tuple(state.arsenal), y, True)
    parts += _row(state, "Hand", rules.bits(state.hand), y + SMALL + 12, False)
    codes = state.rules.cards.arsenal
    top = codes[state.discard[-1]].code if state.discard else "none"
    monsters = state.rules.cards.monsters
    collected = ", ".join(monsters[m].name for m in rules.bits(state.collected)) or "none"
    y += 2 * (SMALL + 12) + 20
    parts.append(_text(MARGIN, y, f"Deck {len(state.deck)} cards · Discard {len(state.discard)} "
                       f"(top {top}) · Collected: {collected}"))
    for suit, name in enumerate(SUITS):  # the legend: which icon is which suit
        x = MARGIN + suit * 90
        parts.append(_icon(suit, x, y + 14))
        parts.append(_text(x + 16, y + 25, name, size=11, fill="#555"))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
