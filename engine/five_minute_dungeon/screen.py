"""5-Minute Dungeon's table for people, drawn with rich: the timer, the faced cards and what is
played on them, every hand (the team talks freely), draw pile sizes and discard piles."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from dungeoneer.engine.five_minute_dungeon.game import LIMIT, DungeonState, format_time
from dungeoneer.engine.protocol import State


def draw(state: State, seat: int | None = None, *, reveal: bool = False) -> RenderableType:
    """A 5-Minute Dungeon table: the timer, the faced cards and what is played on them, every
    hand (the team talks freely), draw pile sizes and discard piles."""
    assert isinstance(state, DungeonState)
    game = state.game
    boss = game.cards.bosses[state.boss - 1].card.name
    lines = Text()
    timer = "PAUSED" if state.paused else "running"
    lines.append(f"5-Minute Dungeon, {game.players} players, boss {state.boss} {boss}; "
                 f"timer {format_time(state.clock)} ({format_time(LIMIT - state.clock)} s left, "
                 f"{timer})\n", style="bold")
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
        lines.append(f"Facing       {name} ({kind}): played {', '.join(played) or '-'}; "
                     f"lacks {lacking or '-'} ({missing} missing after Wild Cards)\n")
    if state.tasks and not state.over and not state.event:
        lines.append(f"Waiting for  {state.prompt()}\n", style="bold")
    for other in range(game.players):
        hand = ", ".join(state.hands[other]) if seat is None or seat < 0 or seat == other \
            else f"{len(state.hands[other])} cards"
        lines.append(f"Seat {other + 1} {game.heroes[other]:<11} hand: {hand or '-'}; draw pile "
                     f"{len(state.decks[other])}; discards {len(state.discards[other])}\n")
    return lines
