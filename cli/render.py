"""Drawing for the terminal with rich: a game's table (the game draws it; see
`GameEntry.draw`) and the numbered legal actions."""

from __future__ import annotations

import json

from rich.console import RenderableType
from rich.text import Text

from dungeoneer.engine import registry
from dungeoneer.engine.protocol import State


def state_view(state: State, *, seat: int | None = None, reveal: bool = False) -> RenderableType:
    """A state as `seat` sees it (None: the whole table, as a replay shows it); `reveal` adds
    what nobody at the table sees. A game without a drawing of its own shows its JSON view."""
    draw = registry.entry(state.game.info.name).draw
    if draw is not None:
        return draw(state, seat, reveal=reveal)
    shown = state.to_json() if seat is None else state.view(seat)
    return Text(json.dumps(shown, indent=2))


def legal_list(state: State) -> Text:
    """The legal actions, numbered."""
    text = Text()
    for i, action in enumerate(state.legal_actions(), start=1):
        text.append(f"{i:>3}. ", style="dim")
        text.append(state.action_text(action) + "\n")
    return text
