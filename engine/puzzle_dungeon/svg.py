"""A Puzzle Dungeon position as a self-contained SVG picture, to share or print.

The picture shows what a player at the table sees: the four columns (back at the top, the front
card, the one that can be attacked, outlined), each monster's name, type, defense suits, weapon
suits and whether it shows its Monster King face or is exhausted; the arsenal (in rows, so its
front card is always in the picture), the hand, the deck's count (never its order), the discard
pile's count and top card, the collected monsters as small cards (an exhausted one turned on its
side, a King marked), attachments, Traps and Treasures, the prey progress, and a won or lost
marker. A caption names it: the daily puzzle's date, number and level, the code that deals it
again, and how far play had gone (after move N, the last move marked on the table). Never the
solution, never the deck's order.

Everything is drawn from the position's JSON view (`state.to_json()`), not from the engine's
fields. Suit icons are paths, not font glyphs, so the picture looks the same with any fonts, and
each suit has its own shape as well as its own colour (readable without telling colours apart).
A <title> and a <desc> give the position as text for screen readers, and every card has a
<title> of its own. A text that could run past its box is drawn smaller to fit it, and a
monster's name has a line of its own, so names and types never overlap. The same position and
caption always give the same bytes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from dungeoneer.engine.puzzle_dungeon.constants import SUITS
from dungeoneer.engine.puzzle_dungeon.state import PuzzleState
from dungeoneer.engine.registry import Caption

CARD_WIDTH, CARD_HEIGHT, GAP = 200, 64, 10
MARGIN = 20
SMALL = 40
"""The side of an arsenal or hand card."""
LABEL = 90
"""The width of a row's label (Arsenal, Hand, ...) before its cards."""
COLLECTED_WIDTH, COLLECTED_HEIGHT = 96, 44
"""A collected monster's small card; an exhausted one is turned, so its slot is square."""
SLOT = COLLECTED_WIDTH + 8
CHAR_WIDTH = 0.62
"""A sans-serif character's width, as a share of the font size, counted generously: a text
estimated wider than its box is fitted into it."""
BOLD_CHAR_WIDTH = 0.7

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
GOLD, KING_FILL, ACCENT = "#d4a017", "#fdf2d0", "#a67c00"
OUTCOME_COLOURS = {"won": "#1e8449", "lost": "#c0392b"}


# ----------------------------------------------------------------------------- pieces

def _icon(suit: str, x: float, y: float) -> str:
    """A suit icon, 12 units square, at (x, y)."""
    index = SUITS.index(suit)
    return (f'<path transform="translate({x:g} {y:g})" d="{SUIT_PATHS[index]}" '
            f'fill="{SUIT_COLOURS[index]}"><title>{suit}</title></path>')


def text_width(text: str, size: float, bold: bool = False) -> float:
    """How wide `text` is drawn, estimated generously."""
    return len(text) * size * (BOLD_CHAR_WIDTH if bold else CHAR_WIDTH)


def fitted_size(text: str, size: float, bold: bool, fit: float | None) -> float:
    """The font size at which `text` fits `fit` units (`size` if it does already): a smaller
    font, which every renderer draws, rather than SVG's textLength, which some ignore."""
    if fit is None or text_width(text, size, bold) <= fit:
        return size
    return max(1.0, int(size * fit / text_width(text, size, bold) * 10) / 10)


def _text(x: float, y: float, text: str, *, size: int = 12, weight: str = "normal",
          anchor: str = "start", fill: str = "#222", fit: float | None = None) -> str:
    """A line of text; with `fit`, in a smaller font if it could be wider than that."""
    shown = fitted_size(text, size, weight == "bold", fit)
    return (f'<text x="{x:g}" y="{y:g}" font-size="{shown:g}" font-weight="{weight}" '
            f'text-anchor="{anchor}" fill="{fill}">{escape(text)}</text>')


def _titled(title: str, parts: Sequence[str]) -> list[str]:
    """A group with its own text alternative."""
    return [f"<g><title>{escape(title)}</title>", *parts, "</g>"]


def _code(card: dict[str, Any]) -> str:
    """A card as the notation writes it: 7T."""
    return f"{card['value']}{card['suit'][0]}"


def _card_name(card: dict[str, Any]) -> str:
    return f"{card['value']} of {card['suit']}"


def _monster_name(monster: dict[str, Any]) -> str:
    king = "Monster King " if monster["king"] else ""
    return f"{king}{monster['name']}"


def _monster_title(monster: dict[str, Any], where: str) -> str:
    exhausted = ", exhausted" if monster["exhausted"] else ""
    return (f"{_monster_name(monster)} ({monster['type']}{exhausted}), {where}: defense "
            f"{' '.join(monster['defense']) or 'none'}, weapon "
            f"{' '.join(monster['weapon']) or 'none'}")


def _monster(monster: dict[str, Any], x: float, y: float, front: bool) -> list[str]:
    """A monster of a column: its name on its own line (so it never meets the type), its
    type, defense and weapon suits; a King's face tinted and named."""
    stroke = f' stroke="{GOLD}" stroke-width="4"' if front else ' stroke="#888" stroke-width="1"'
    fill = KING_FILL if monster["king"] else "#ffffff"
    name = _monster_name(monster) + (" (exhausted)" if monster["exhausted"] else "")
    parts = [f'<rect x="{x:g}" y="{y:g}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="6" '
             f'fill="{fill}"{stroke}/>',
             _text(x + 8, y + 17, name, weight="bold", fit=CARD_WIDTH - 16)]
    defense = monster["defense"]
    for i, suit in enumerate(defense):
        parts.append(_icon(suit, x + 8 + 16 * i, y + 28))
    parts.append(_text(x + 8 + 16 * len(defense) + 6, y + 39, "defense", size=9, fill="#555"))
    parts.append(_text(x + CARD_WIDTH - 8, y + 39, monster["type"], size=10, anchor="end",
                       fill="#555"))
    parts.append(_text(x + 8, y + 57, "weapon", size=9, fill="#555"))
    for i, suit in enumerate(monster["weapon"]):
        parts.append(_icon(suit, x + 48 + 16 * i, y + 46))
    if front:
        parts.append(_text(x + CARD_WIDTH - 8, y + 57, "front", size=10, anchor="end",
                           weight="bold", fill=ACCENT))
    return parts


def _small_card(card: dict[str, Any], x: float, y: float, front: bool) -> list[str]:
    """An arsenal or hand card: its value and its suit's icon."""
    stroke = f' stroke="{GOLD}" stroke-width="3"' if front else ' stroke="#888" stroke-width="1"'
    return [f'<rect x="{x:g}" y="{y:g}" width="{SMALL}" height="{SMALL}" rx="4" fill="#fff"'
            f'{stroke}/>',
            _text(x + 12, y + 26, str(card["value"]), size=16, weight="bold", anchor="middle"),
            _icon(card["suit"], x + 22, y + 14)]


def _collected_card(monster: dict[str, Any], x: float, y: float, height: float
                    ) -> list[str]:
    """A collected monster as a small card in a slot at (x, y), `height` high (square when
    any is exhausted): its name and type, a King marked; an exhausted one turned on its side,
    as at the table."""
    left, top = x + (SLOT - COLLECTED_WIDTH) / 2, y + (height - COLLECTED_HEIGHT) / 2
    fill = KING_FILL if monster["king"] else "#ffffff"
    stroke = GOLD if monster["king"] else "#888"
    inner = [f'<rect x="{left:g}" y="{top:g}" width="{COLLECTED_WIDTH}" '
             f'height="{COLLECTED_HEIGHT}" rx="4" fill="{fill}" stroke="{stroke}"/>',
             _text(left + 5, top + 16, monster["name"], size=10, weight="bold",
                   fit=COLLECTED_WIDTH - 10),
             _text(left + 5, top + 34, monster["type"], size=9, fill="#555")]
    if monster["king"]:
        inner.append(_text(left + COLLECTED_WIDTH - 5, top + 34, "KING", size=9,
                           weight="bold", anchor="end", fill=ACCENT))
    if monster["exhausted"]:
        centre = f"{x + SLOT / 2:g} {y + height / 2:g}"
        inner = [f'<g transform="rotate(90 {centre})">', *inner, "</g>"]
    return inner


def _chip(text: str, x: float, y: float, fill: str) -> tuple[list[str], float]:
    """A named card (Trap, Treasure, attachment) as a labelled box; returns it and its width."""
    width = min(text_width(text, 11) + 12, 400.0)
    return ([f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="22" rx="4" fill="{fill}" '
             f'stroke="#888"/>', _text(x + 6, y + 15, text, size=11, fit=width - 12)], width)


# ----------------------------------------------------------------------------- rows

class _Sheet:
    """The picture being laid out from top to bottom: what is drawn, and how far down."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.y = 0.0
        self.parts: list[str] = []

    @property
    def room(self) -> float:
        """The width a row's items may fill, after its label."""
        return self.width - 2 * MARGIN - LABEL

    def label(self, text: str, y: float) -> None:
        self.parts.append(_text(MARGIN, y, text, weight="bold", fit=LABEL - 6))

    def wrapped(self, label: str, count: int, size: float, step: float, height: float,
                draw: Any) -> None:
        """A labelled row of `count` items of width `size` (drawn by `draw(i, x, y)`), as many
        lines as it takes: the last item, the front of an arsenal, is always in the picture."""
        per_line = max(1, int((self.room + step - size) // step))
        self.label(label, self.y + min(height, SMALL) / 2 + 5)
        if count == 0:
            self.parts.append(_text(MARGIN + LABEL, self.y + 25, "(none)", fill="#777"))
            self.y += SMALL + 12
            return
        for i in range(count):
            line, place = divmod(i, per_line)
            self.parts += draw(i, MARGIN + LABEL + place * step, self.y + line * (height + 6))
        lines = (count + per_line - 1) // per_line
        self.y += lines * (height + 6) + 6

    def chips(self, label: str, names: Sequence[str], fill: str) -> None:
        """A labelled row of named cards, wrapped."""
        if not names:
            return
        x, top = float(MARGIN + LABEL), self.y
        self.label(label, top + 16)
        for name in names:
            chip, width = _chip(name, x, top, fill)
            if x > MARGIN + LABEL and x + width > self.width - MARGIN:
                x, top = float(MARGIN + LABEL), top + 28
                chip, width = _chip(name, x, top, fill)
            self.parts += chip
            x += width + 6
        self.y = top + 34


# ----------------------------------------------------------------------------- the picture

def caption_lines(caption: Caption) -> list[str]:
    """The caption as lines of text: the title, the code, how far play had gone."""
    lines = [caption.title] if caption.title else []
    if caption.code:
        lines.append(f"Code {caption.code}")
    if caption.moves:
        lines.append(f"After move {caption.moves}: {caption.last_move}")
    elif caption.title or caption.code:
        lines.append("The deal, before any move")
    return lines


def last_column(caption: Caption) -> int | None:
    """The column (from 0) the last move named, if it named one ('attack 3', 'column 2')."""
    match = re.fullmatch(r"(?:attack|column) ([1-9][0-9]*)", caption.last_move.strip())
    return int(match[1]) - 1 if match and caption.moves else None


def describe(state: PuzzleState, caption: Caption | None = None) -> str:
    """The position as plain text, for the picture's <desc> (and for people who can't see it)."""
    view = state.to_json()
    lines = [f"{line}." for line in caption_lines(caption or Caption())]
    lines.append(f"Puzzle Dungeon, hero {view['hero']}.")
    if view["outcome"]:
        lines.append(f"The game is {view['outcome']['termination']}.")
    for c, column in enumerate(view["columns"]):
        names = [_monster_name(m) + (" (exhausted)" if m["exhausted"] else "") for m in column]
        lines.append(f"Column {c + 1}, back to front: {', '.join(names) or 'empty'}.")
    arsenal = " ".join(_code(c) for c in view["arsenal"]) or "empty"
    lines.append(f"Arsenal, left to right (the front is the rightmost): {arsenal}.")
    lines.append(f"Hand: {' '.join(_code(c) for c in view['hand']) or 'empty'}.")
    shown_top = _code(view["discard"][-1]) if view["discard"] else "none"
    deck = len(view["deck"])
    lines.append(f"Deck: {deck} card{'' if deck == 1 else 's'}. Discard pile: "
                 f"{len(view['discard'])} cards, top {shown_top}.")
    collected = ", ".join(_monster_name(m) + (" (exhausted)" if m["exhausted"] else "")
                          for m in view["collected"]) or "none"
    lines.append(f"Collected: {collected}.")
    for attached in view["attached"]:
        lines.append(f"Attached: {_code(attached['card'])} to {attached['to']}.")
    if view["traps"]:
        lines.append(f"Traps: {', '.join(view['traps'])}.")
    if view["treasures"]:
        lines.append(f"Treasures: {', '.join(view['treasures'])}.")
    progress = ", ".join(f"{p['prey']} {p['collected']} of {p['needed']}" for p in view["prey"])
    lines.append(f"Prey: {progress}.")
    return " ".join(lines)


def picture(state: PuzzleState, caption: Caption | None = None) -> str:
    """The position as an SVG document (text, UTF-8, ending in a newline)."""
    caption = caption or Caption()
    view = state.to_json()
    columns = view["columns"]
    width = 2 * MARGIN + len(columns) * CARD_WIDTH + (len(columns) - 1) * GAP
    sheet = _Sheet(width)
    _header(sheet, view, caption)
    _dungeon(sheet, columns, last_column(caption))
    arsenal, hand = view["arsenal"], view["hand"]
    sheet.wrapped("Arsenal", len(arsenal), SMALL, SMALL + 6, SMALL, lambda i, x, y: _titled(
        _card_name(arsenal[i]) + (" (the front)" if i == len(arsenal) - 1 else ""),
        _small_card(arsenal[i], x, y, i == len(arsenal) - 1)))
    sheet.wrapped("Hand", len(hand), SMALL, SMALL + 6, SMALL, lambda i, x, y: _titled(
        _card_name(hand[i]), _small_card(hand[i], x, y, False)))
    top = view["discard"][-1] if view["discard"] else None
    shown_top = f"{top['value']} {top['suit']}" if top else "none"
    deck = len(view["deck"])
    sheet.parts.append(_text(MARGIN, sheet.y + 14, f"Deck {deck} card{'' if deck == 1 else 's'}"
                             f" · Discard {len(view['discard'])} (top {shown_top})"))
    sheet.y += 26
    collected = view["collected"]
    # A turned card needs a square slot; without one a line is as high as a card.
    tall = SLOT if any(m["exhausted"] for m in collected) else COLLECTED_HEIGHT + 4
    sheet.wrapped("Collected", len(collected), SLOT, SLOT, tall, lambda i, x, y: _titled(
        _monster_title(collected[i], "collected"), _collected_card(collected[i], x, y, tall)))
    sheet.chips("Attached", [f"{_code(a['card'])} on {a['to']}"
                             + (f" ({a['status']})" if a["status"] else "")
                             for a in view["attached"]], "#eef3f8")
    sheet.chips("Traps", view["traps"], "#f8e6e6")
    sheet.chips("Treasures", view["treasures"], "#fdf2d0")
    _legend(sheet)
    height = round(sheet.y + 10)
    title = " · ".join(["Puzzle Dungeon", view["hero"], *caption_lines(caption)[:1]])
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-labelledby="title desc" '
        'font-family="sans-serif">',
        f'<title id="title">{escape(title)}</title>',
        f'<desc id="desc">{escape(describe(state, caption))}</desc>',
        f'<rect width="{width}" height="{height}" fill="#f4f1ea"/>',
        *sheet.parts, "</svg>"]) + "\n"


def _header(sheet: _Sheet, view: dict[str, Any], caption: Caption) -> None:
    """The hero and the prey, the caption, and a won or lost marker."""
    progress = ", ".join(f"{p['prey']} {p['collected']}/{p['needed']}" for p in view["prey"])
    outcome = view["outcome"]["termination"] if view["outcome"] else None
    room = sheet.width - 2 * MARGIN - (110 if outcome else 0)
    sheet.parts.append(_text(MARGIN, 28, f"{view['hero']}: prey {progress}", size=16,
                             weight="bold", fit=room))
    if outcome in OUTCOME_COLOURS:
        colour = OUTCOME_COLOURS[outcome]
        x = sheet.width - MARGIN - 100
        sheet.parts += _titled(f"The game is {outcome}", [
            f'<rect x="{x}" y="10" width="100" height="26" rx="13" fill="{colour}"/>',
            _text(x + 50, 28, outcome.upper(), size=14, weight="bold", anchor="middle",
                  fill="#ffffff")])
    sheet.y = 36
    for line in caption_lines(caption):
        sheet.y += 18
        sheet.parts.append(_text(MARGIN, sheet.y, line, size=12, fill="#333",
                                 fit=sheet.width - 2 * MARGIN))
    sheet.y += 8


def _dungeon(sheet: _Sheet, columns: list[list[dict[str, Any]]], marked: int | None) -> None:
    """The four columns, back at the top; the column of the last move marked."""
    top = sheet.y + 14
    for c, column in enumerate(columns):
        x = MARGIN + c * (CARD_WIDTH + GAP)
        sheet.parts.append(_text(x, top, f"Column {c + 1}", size=11, fill="#555"))
        if c == marked:
            sheet.parts.append(_text(x + CARD_WIDTH, top, "◀ last move", size=11,
                                     weight="bold", anchor="end", fill=ACCENT))
            sheet.parts.append(f'<rect x="{x - 3}" y="{top - 12:g}" width="{CARD_WIDTH + 6}" '
                               f'height="{max(len(column), 1) * (CARD_HEIGHT + GAP) + 14}" '
                               f'rx="8" fill="none" stroke="{ACCENT}" stroke-width="2" '
                               'stroke-dasharray="6 4"/>')
        for row, monster in enumerate(column):
            front = row == len(column) - 1
            y = top + 6 + row * (CARD_HEIGHT + GAP)
            where = f"column {c + 1}" + (", the front" if front else "")
            sheet.parts += _titled(_monster_title(monster, where),
                                   _monster(monster, x, y, front))
    rows = max((len(c) for c in columns), default=0)
    sheet.y = top + 6 + max(rows, 1) * (CARD_HEIGHT + GAP) + 8


def _legend(sheet: _Sheet) -> None:
    """Which icon is which suit."""
    for suit, name in enumerate(SUITS):
        x = MARGIN + suit * 90
        sheet.parts.append(_icon(name, x, sheet.y + 4))
        sheet.parts.append(_text(x + 16, sheet.y + 15, name, size=11, fill="#555"))
    sheet.y += 22
