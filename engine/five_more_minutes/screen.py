"""5 More Minutes' table for people, drawn with rich: each sloth's stage, chips and hand (a seat
sees its own blue values and cards only), the deck, the used cards and the center, and the
pending decision spelt out in the rulebook's words, each option with what it does.

What a decision asks and what each of its options does are told by the decision itself, beside
the rule it implements (effects.py: `asks` and `spelt_out`); this module lays the table out.
"""

from __future__ import annotations

from collections import Counter

from rich.console import Group, JustifyMethod, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from dungeoneer.engine.five_more_minutes.effects import STAGES, Play, RecurringDream, counted
from dungeoneer.engine.five_more_minutes.state import FiveState
from dungeoneer.engine.protocol import State

TURN_MARK = "\u25b8"
"""Marks the seat whose turn it is."""


def draw(state: State, seat: int | None = None, *, reveal: bool = False) -> RenderableType:
    """A 5 More Minutes table as `seat` sees it (None: everything, as a replay shows it);
    `reveal` adds the deck's order, which nobody at the table sees."""
    assert isinstance(state, FiveState)
    game = state.game
    variant = "" if game.variant == "standard" else f" ({game.variant})"
    when = "the game is over" if state.over else f"seat {state.active + 1}'s turn"
    title = Text(f"5 More Minutes{variant}, {game.players} players: turn {state.turns + 1}, "
                 f"{when}", style="bold")
    parts: list[RenderableType] = [title, _seats(state, seat)]
    playing = not state.over and isinstance(state.decision, Play) and seat == state.decision.seat
    if not playing:  # (else the decision lists the hand, each card with its text)
        parts.append(_hands(state, seat))
    parts.append(_piles(state, reveal))
    if not state.over:
        parts += _decision(state, seat)
    return Group(*parts)


def _sees(seat: int | None, other: int) -> bool:
    return seat is None or seat == other


def _seats(state: FiveState, seat: int | None) -> Table:
    """A row per sloth: stage, chips and cards held; blue values only where `seat` sees them."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("Seat", "left"), ("Stage", "left"), ("Pink", "right"), ("Yellow", "right"))
    for name, justify in columns:
        table.add_column(name, justify=justify, no_wrap=True)
    table.add_column("Blue", overflow="fold")  # (many chips of one's own: their values wrap)
    table.add_column("Cards", no_wrap=True)
    for other in range(state.game.players):
        mark = TURN_MARK if other == state.active and not state.over else " "
        you = " you" if seat == other else ""
        stage = state.stages[other]
        where = f"{stage} {STAGES[stage]}" + (", loses next turn" if state.lost[other] else "")
        chips = state.blue[other]
        blue = _values(chips) if _sees(seat, other) else counted(len(chips), "chip")
        table.add_row(f"{mark} {other + 1}{you}", where, str(state.pink[other]),
                      str(state.yellow[other]), blue, counted(len(state.hands[other]), "card"))
    return table


def _hands(state: FiveState, seat: int | None) -> Text:
    """The cards in `seat`'s hand by name (seat None: every hand); a line under the table, as a
    column beside it would wrap each name."""
    if seat is not None:
        return Text(f"Your hand: {', '.join(state.hands[seat]) or '-'}")
    return Text("Hands by seat: " + "; ".join(f"{other + 1} {', '.join(hand) or '-'}"
                                             for other, hand in enumerate(state.hands)))


def _values(chips: tuple[tuple[int, int], ...]) -> str:
    """Blue chips by value, and their sum if there are several: '2+3 = 5'."""
    values = [v for v, _ in chips]
    if len(values) < 2:
        return str(values[0]) if values else "-"
    return f"{'+'.join(map(str, values))} = {sum(values)}"


def _piles(state: FiveState, reveal: bool) -> Text:
    """The deck, the center's chips and the used cards (open to all), run on to save lines;
    when a used card is to be chosen, the actions list them instead."""
    choosing = not state.over and isinstance(state.decision, RecurringDream)
    used = f"{len(state.discard)}, to choose from" if choosing else _grouped(state.discard)
    text = Text(f"Deck {len(state.deck)} cards; center: {state.supply_pink} pink, "
                f"{state.supply_yellow} yellow, {len(state.blue_pile)} blue; end check at "
                f"{state.game.end_threshold} blue chips. Used cards: {used or '-'}")
    if reveal:
        text.append(f"\nDeck, top first: {', '.join(state.deck) or '-'}", style="dim")
    return text


def _grouped(cards: tuple[str, ...]) -> str:
    """Cards by name, a count after those there are several of: 'Coffee 2, Snoring'."""
    by_name = sorted(Counter(cards).items())
    return ", ".join(name + (f" {n}" if n > 1 else "") for name, n in by_name)


# ----------------------------------------------------------------------------- decisions

def _decision(state: FiveState, seat: int | None) -> list[RenderableType]:
    """The pending decision: whose it is and what it asks (told to everyone); its options spelt
    out for the player who decides (and in a replay), as they may name what the others must not
    see, each indented (a long one wraps under itself). The words are the decision's own
    (effects.py: `asks`, `spelt_out`)."""
    decision = state.decision
    decider = decision.seat
    options = decision.spelt_out(state) if _sees(seat, decider) else None
    ask = decision.asks(state)
    text = Text(f"Seat {decider + 1} (you)" if seat == decider else f"Seat {decider + 1}",
                style="bold")
    text.append(ask if options is not None else ask.removesuffix(":"))
    lines: list[RenderableType] = [text]
    if options is not None:
        lines += [Padding(Text(line), (0, 0, 0, 2)) for line in options]
    return lines
