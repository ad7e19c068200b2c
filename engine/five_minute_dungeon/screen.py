"""5-Minute Dungeon's table for people, drawn with rich: the timer, the faced cards and what is
played on them, every hand (the team talks freely), draw pile sizes and discard piles; and the
short codes people type at the terminal for the legal actions (`shortcuts`: `1 arrow`, the same
code for the same card whatever else is played; the record keeps the notation)."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from dungeoneer.engine.five_minute_dungeon.clock import LIMIT, format_time
from dungeoneer.engine.five_minute_dungeon.effects import Play, Use
from dungeoneer.engine.five_minute_dungeon.events import Resolve
from dungeoneer.engine.five_minute_dungeon.hands import DiscardCard
from dungeoneer.engine.five_minute_dungeon.state import DungeonState
from dungeoneer.engine.protocol import Action, State
from dungeoneer.engine.registry import Shortcut


def draw(state: State, seat: int | None = None, *, reveal: bool = False,
         live: bool = False) -> RenderableType:
    """A 5-Minute Dungeon table: the timer (unless it is shown `live` on the prompt's line), the
    faced cards and what is played on them, every hand (the team talks freely), draw pile sizes
    and discard piles."""
    assert isinstance(state, DungeonState)
    game = state.game
    boss = game.cards.bosses[state.boss - 1].card.name
    lines = Text()
    paused = ", PAUSED" if state.paused else ""
    timer = "" if live else (f"; timer {format_time(state.clock)} "
                             f"({format_time(LIMIT - state.clock)} s left{paused})")
    lines.append(f"5-Minute Dungeon, {game.players} players, boss {state.boss} {boss}{timer}\n",
                 style="bold")
    lines.append(f"Dungeon      {len(state.dungeon)} cards left, {len(state.beaten)} dealt with\n")
    if state.event:
        lines.append(f"Event        {state.event}: {game.cards.dungeon[state.event].text}\n",
                     style="bold")
    for name, played in zip(state.faced, state.played, strict=True):
        need, missing = state.needs(state.faced.index(name))
        lacking = ", ".join(f"{k} {s}" for s, k in zip(("sword", "arrow", "jump", "scroll",
                                                          "shield"), need, strict=True) if k)
        card = game.cards.dungeon[name]
        kind = card.type or card.kind.replace("_", "-")
        # The count after Wild Cards says something only once one is played on the card.
        wild = sum(need) != missing
        lines.append(f"Facing       {name} ({kind}): played {', '.join(played) or '-'}; "
                     f"lacks {lacking or '-'}"
                     f"{f' ({missing} missing after Wild Cards)' if wild else ''}\n")
    if state.tasks and not state.over and not state.event:
        lines.append(f"Waiting for  {state.prompt()}\n", style="bold")
    for other in range(game.players):
        hand = ", ".join(state.hands[other]) if seat is None or seat < 0 or seat == other \
            else f"{len(state.hands[other])} cards"
        lines.append(f"Seat {other + 1} {game.heroes[other]:<11} hand: {hand or '-'}; deck "
                     f"{len(state.decks[other])}, discards {len(state.discards[other])}\n")
    return lines


# ----------------------------------------------------------------------------- short codes

ABILITY_MARK = "-ability"
"""Added to an ability's key when a card has the same name (the Paladin's Smite is both)."""


def card_key(name: str) -> str:
    """A card's or an ability's key in a short code: its name in lower case, spaces as hyphens
    ('Holy Hand Grenade' -> 'holy-hand-grenade'), so that a code is one word after the seat."""
    return "-".join(name.lower().split())


def shortcut(state: DungeonState, action: Action) -> Shortcut | None:
    """The short code of a legal action: the seat and the card played, discarded or recovered,
    or the ability used (`2 stop-time`); the team's letting an event happen is `resolve`.
    The rest of the action (its target, whom it is for, the cards paid) is the detail that
    tells actions under one code apart. Letting the time run out has no code: it loses the run,
    so it must be typed in full (`time runs out`)."""
    plain = state.timeless(action)
    record = plain.arg
    text = state.action_text(plain)
    if isinstance(record, Resolve):
        head, code, group = f"team resolve {record.event}", "resolve", "Team"
    elif isinstance(record, Play | Use | DiscardCard):
        seat = record.seat
        name = record.ability if isinstance(record, Use) else record.card
        key = card_key(name)
        if isinstance(record, Use) and name in state.game.cards.hero_cards:
            key += ABILITY_MARK
        head = f"seat {seat + 1} {plain.kind} {name}"
        code, group = f"{seat + 1} {key}", f"Seat {seat + 1} {state.game.heroes[seat]}"
    else:
        return None
    return Shortcut(code, plain, text[len(head):].strip(), group)


def shortcuts(state: State) -> tuple[Shortcut, ...]:
    """The short codes of every legal action that has one, in the order of the legal actions."""
    assert isinstance(state, DungeonState)
    found = (shortcut(state, action) for action in state.legal_actions())
    return tuple(s for s in found if s is not None)
