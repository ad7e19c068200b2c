"""Dinky Dungeon's table for people, drawn with rich: the row, the decks, the discard piles and
each seat's hand and rewards (hidden from the other seats)."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from dungeoneer.engine.dinky_dungeon.state import DinkyState
from dungeoneer.engine.protocol import State


def draw(state: State, seat: int | None = None, *, reveal: bool = False) -> RenderableType:
    """A Dinky Dungeon table: as `seat` sees it, or everything (seat None: a replay)."""
    assert isinstance(state, DinkyState)
    lines = Text()
    deciding = state.current_player()
    to_play = deciding if deciding >= 0 else state.active  # (the one drafting or discarding)
    lines.append(f"Dinky Dungeon, {state.game.players} players, target {state.game.target}; "
                 f"turn {state.turns + 1}, seat {to_play + 1} to play\n", style="bold")
    lines.append(f"Row          {', '.join(state.row) or '-'}\n")
    lines.append(f"Decks        dungeon {len(state.dungeon)}, adventurers "
                 f"{len(state.adventurers)}\n")
    lines.append(f"Discards     dungeon {' '.join(map(str, state.dungeon_discard)) or '-'}; "
                 f"adventurers {', '.join(state.adventurer_discard) or '-'}\n")
    for other in range(state.game.players):
        shown = seat is None or other == seat
        hand = (", ".join(state.hands[other]) or "-") if shown else \
            _cards(len(state.hands[other]))
        rewards = (f"{' '.join(map(str, state.rewards[other])) or '-'} "
                   f"(total {sum(state.rewards[other])})" if shown
                   else _cards(len(state.rewards[other])))
        lines.append(f"Seat {other + 1}       hand: {hand}; rewards: {rewards}\n")
    return lines


def _cards(count: int) -> str:
    """'no cards', '1 card', '3 cards'."""
    return "no cards" if count == 0 else f"{count} card{'s' if count != 1 else ''}"
