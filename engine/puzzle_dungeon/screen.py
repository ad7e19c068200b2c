"""Puzzle Dungeon's table for people, drawn with rich: the dungeon's columns as a player lays them
out, then the arsenal, hand, deck, discard pile, collected monsters and the prey; and how people
play at a terminal (`terminal`): the compact table, the actions the list numbers, the texts of
the abilities a choice is about, and the `text NAME` command."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from dungeoneer.engine.errors import UnknownNameError
from dungeoneer.engine.protocol import Action, State
from dungeoneer.engine.puzzle_dungeon import effects, rules
from dungeoneer.engine.puzzle_dungeon.cards import CardSet, key_of
from dungeoneer.engine.puzzle_dungeon.constants import SUIT_LETTERS
from dungeoneer.engine.puzzle_dungeon.state import PuzzleState
from dungeoneer.engine.registry import TableCommand, Terminal

FRONT_MARK = "\u25b8 "
"""Marks a column's front card, the one that can be attacked, in the compact table."""


def _letters(suits: Iterable[int]) -> str:
    return "".join(SUIT_LETTERS[s] for s in suits)


def _defense(counts: tuple[int, ...]) -> str:
    return "".join(SUIT_LETTERS[s] * counts[s] for s in range(4))


def monster_cell(state: PuzzleState, monster: int, front: bool) -> Text:
    """A monster card: name (a crown for a Monster King), type, defense and weapon suits."""
    card = state.rules.cards.monsters[monster]
    king = rules.is_king(state, monster)
    face = card.king if king else card.front
    exhausted = bool(state.exhausted >> monster & 1)
    name = ("\u2654 " if king else "") + card.name + (" (exhausted)" if exhausted else "")
    text = Text(name, style="bold" if front else "")
    text.append(f"\n{card.type} {_defense(face.defense)} w:{_letters(face.weapon)}", style="dim")
    return text


def dungeon_table(state: PuzzleState) -> Table:
    """The four columns side by side, back at the top, the front (attackable) card at the bottom."""
    table = Table(show_lines=True, expand=True, title="Dungeon (the bottom card of each column is "
                  "its front)", caption="Each card: name; type, defense suits, w: weapon suits "
                  "(T Torch, C Claw, H Hand, M Mitt); \u2654 Monster King")
    for c in range(len(state.columns)):
        table.add_column(f"Column {c + 1}", ratio=1)
    _add_rows(state, table, marked=False)
    return table


def _add_rows(state: PuzzleState, table: Table, *, marked: bool) -> None:
    """One row of monster cells per depth, back first; `marked`: the fronts get FRONT_MARK."""
    height = max((len(column) for column in state.columns), default=0)
    for row in range(height):
        cells: list[RenderableType] = []
        for column in state.columns:
            if row < len(column):
                front = row == len(column) - 1
                cell = monster_cell(state, column[row], front)
                cells.append(Text(FRONT_MARK, style="bold") + cell if front and marked else cell)
            else:
                cells.append(Text(""))
        table.add_row(*cells)
    if height == 0:
        table.add_row(*[Text("(empty)", style="dim") for _ in state.columns])


def _codes(state: PuzzleState, cards: Iterable[int]) -> str:
    return " ".join(state.rules.cards.arsenal[c].code for c in cards) or "(none)"


def zones(state: PuzzleState, show_deck: bool) -> Text:
    """Arsenal, hand, deck, discard pile, collected monsters, the prey and the variant cards."""
    text = Text()
    arsenal = [state.rules.cards.arsenal[c].code for c in state.arsenal]
    if arsenal:
        arsenal[-1] = f"[{arsenal[-1]}]"
    text.append("Arsenal  ", style="bold")
    text.append(" ".join(arsenal) or "(empty)")
    text.append("   (left to right; [front])\n", style="dim")
    text.append("Hand     ", style="bold")
    text.append(_codes(state, rules.bits(state.hand)) + "\n")
    text.append("Deck     ", style="bold")
    if show_deck:
        text.append(f"{_codes(state, state.deck)}", style="")
        text.append(f"   ({len(state.deck)} cards, top first)\n", style="dim")
    else:
        text.append(f"{len(state.deck)} cards\n")
    text.append("Discard  ", style="bold")
    top = state.rules.cards.arsenal[state.discard[-1]].code if state.discard else "-"
    text.append(f"{len(state.discard)} cards, top {top}\n")
    monsters = state.rules.cards.monsters
    collected = []
    for m in rules.bits(state.collected):
        king = rules.is_king(state, m)
        mark = " (exhausted)" if state.exhausted >> m & 1 else ""
        crown = "\u2654 " if king else ""
        collected.append(f"{crown}{monsters[m].name} [{monsters[m].type}]{mark}")
    text.append("Collected ", style="bold")
    text.append((", ".join(collected) or "(none)") + "\n")
    progress = ", ".join(f"{kind} {have}/{need}" for kind, have, need in rules.prey_progress(state))
    text.append("Prey     ", style="bold")
    text.append(f"{state.rules.hero.name}: {progress}\n")
    _variant_lines(state, text, exhausted=" (exhausted)", traps="Traps    ")
    return text


def _variant_lines(state: PuzzleState, text: Text, *, exhausted: str, traps: str) -> None:
    """Add a line for each attached card, and one each for the Traps and the Treasures."""
    monsters = state.rules.cards.monsters
    for attachment in state.attached:
        host = "hero" if attachment.host < 0 else monsters[attachment.host].name
        status = f" as {attachment.status}" if attachment.status else ""
        text.append(f"Attached {state.rules.cards.arsenal[attachment.card].code} to {host}"
                    f"{status}{exhausted if attachment.exhausted else ''}\n")
    tts = state.rules.cards.trap_treasures
    if state.traps:
        text.append(traps, style="bold")
        text.append(", ".join(tts[t].name for t in state.traps) + "\n")
    if state.treasures:
        text.append("Treasures ", style="bold")
        text.append(", ".join(tts[t].name for t in state.treasures) + "\n")


def puzzle_state(state: PuzzleState, *, show_deck: bool = False) -> Group:
    """The whole table."""
    return Group(dungeon_table(state), zones(state, show_deck))


def draw(state: State, seat: int | None = None, *, reveal: bool = False) -> RenderableType:
    """The table (the registry's drawing): the deck's order only with `reveal`."""
    assert isinstance(state, PuzzleState)
    return puzzle_state(state, show_deck=reveal)


# ----------------------------------------------------------------------------- the compact table

def compact_dungeon(state: PuzzleState) -> Table:
    """The columns without rules between the cards: two lines a monster, the front marked."""
    table = Table(box=None, expand=True, pad_edge=False, padding=(0, 1),
                  header_style="bold underline")
    for c in range(len(state.columns)):
        table.add_column(f"Column {c + 1}", ratio=1, no_wrap=True, overflow="ellipsis")
    _add_rows(state, table, marked=True)
    return table


def compact_zones(state: PuzzleState) -> Text:
    """Arsenal and hand, deck and discard pile and what is collected, the prey: three lines (and
    one for each kind of variant card or attachment there is)."""
    text = Text()
    arsenal = [state.rules.cards.arsenal[c].code for c in state.arsenal]
    if arsenal:
        arsenal[-1] = f"[{arsenal[-1]}]"
    text.append("Arsenal ", style="bold")
    text.append((" ".join(arsenal) or "-") + "   ")
    text.append("Hand ", style="bold")
    text.append(_codes(state, rules.bits(state.hand)) + "\n")
    top = state.rules.cards.arsenal[state.discard[-1]].code if state.discard else "-"
    text.append("Deck ", style="bold")
    text.append(f"{len(state.deck)}   ")
    text.append("Discard ", style="bold")
    text.append(f"{len(state.discard)} (top {top})   ")
    monsters = state.rules.cards.monsters
    collected = [("\u2654 " if rules.is_king(state, m) else "") + monsters[m].name
                 + ("*" if state.exhausted >> m & 1 else "") for m in rules.bits(state.collected)]
    text.append("Collected ", style="bold")
    text.append((", ".join(collected) or "-") + "\n")
    progress = ", ".join(f"{kind} {have}/{need}" for kind, have, need in rules.prey_progress(state))
    text.append("Prey ", style="bold")
    text.append(f"{state.rules.hero.name}: {progress}\n")  # the hero, whose text a player reads
    _variant_lines(state, text, exhausted="*", traps="Traps ")
    text.rstrip()
    return suited(text)


SUIT_STYLES = {"T": "bold yellow", "C": "bold red", "H": "bold green", "M": "bold blue"}
"""Each suit's colour at a terminal (rich leaves colours out in a pipe and under NO_COLOR)."""


def suited(text: Text) -> Text:
    """`text` with each arsenal card's code ('5M') coloured by its suit."""
    for letter, style in SUIT_STYLES.items():
        text.highlight_regex(rf"(?<![\w-])\d{letter}(?![\w-])", style)
    return text


def compact(state: PuzzleState) -> Group:
    """The table in about fifteen lines, for play at an 80x24 terminal (`*`: exhausted)."""
    return Group(compact_dungeon(state), compact_zones(state))


# ----------------------------------------------------------------------------- at a terminal

LEGEND = """\
Each monster: its name; its type, defense suits and w: weapon suits
(T Torch, C Claw, H Hand, M Mitt). \u25b8 a column's front, \u2654 a Monster King,
* exhausted."""
"""What the compact table's signs mean (the start of `help` at the table)."""


def listed_actions(state: PuzzleState) -> list[Action]:
    """The legal actions a list numbers: each payment once, its hand cards in card order (the
    other orders of the discards, a choice under D18, are typed), so a choice stays short."""
    return [a for a in state.legal_actions() if a.kind != "pay" or rules.in_card_order(a.arg)]


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


def _text_command(state: State, name: str) -> Sequence[str]:
    """`text NAME`: the printed text of a card (monster, hero, Trap or Treasure)."""
    assert isinstance(state, PuzzleState)
    found = card_texts(state.rules.cards, name)
    if found is None:
        raise UnknownNameError(f"no card called {name!r} has printed text", text=name)
    owner, texts = found
    return [f"[bold]{owner}[/bold]", *(f"  {face}: {text}" for face, text in texts)]


def _compact(state: State) -> RenderableType:
    assert isinstance(state, PuzzleState)
    return compact(state)


def _listed(state: State) -> Sequence[Action]:
    assert isinstance(state, PuzzleState)
    return listed_actions(state)


def _about(state: State) -> Sequence[tuple[str, str]]:
    assert isinstance(state, PuzzleState)
    return abilities_deciding(state)


_CARD_LIKE = re.compile(r"^\d+[A-Za-z]$")


def no_such_card(state: State, typed: str) -> str | None:
    """'there is no card 9Z ...' when typed text names an arsenal card that does not exist (a
    value and a suit letter), else None."""
    assert isinstance(state, PuzzleState)
    arsenal = state.rules.cards.arsenal
    codes = {card.code.upper() for card in arsenal}
    for word in typed.split():
        if _CARD_LIKE.match(word) and word.upper() not in codes:
            values = sorted({card.value for card in arsenal})
            suits = "".join(dict.fromkeys(card.code[-1] for card in arsenal))
            return (f"there is no card {word} (a card is a value {values[0]}-{values[-1]} and a "
                    f"suit letter, {', '.join(suits)})")
    return None


def terminal() -> Terminal:
    """How people play at a terminal (the registry's `Terminal`): the compact table, payments
    listed once each, the texts of the abilities a choice is between, `text NAME`, and moves
    taken back and saved."""
    return Terminal(
        table=_compact, listed=_listed, about=_about, legend=LEGEND,
        unlisted="Type hand cards in the order to discard them (an ability reads the pile).",
        commands=(TableCommand("text NAME", "the printed text of a card (monster, hero, Trap or "
                                            "Treasure)", _text_command),),
        explain=no_such_card, take_back=True, save=True)
