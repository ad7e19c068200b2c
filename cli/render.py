"""Drawing for the terminal with rich: a game's table (the game draws it; see
`GameEntry.draw`), the numbered legal actions, and a game's short codes for them; and a
position's SVG picture written to a file (`GameEntry.picture`)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from rich.console import RenderableType
from rich.text import Text

from dungeoneer.engine import registry
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.files import write_atomic
from dungeoneer.engine.protocol import Action, State
from dungeoneer.engine.records import Record
from dungeoneer.engine.registry import Shortcut


def state_view(state: State, *, seat: int | None = None, reveal: bool = False,
               live: bool = False) -> RenderableType:
    """A state as `seat` sees it (None: the whole table, as a replay shows it); `reveal` adds
    what nobody at the table sees; `live`: the time ticks on the prompt's line, so the table
    leaves its clock out. A game without a drawing of its own shows its JSON view."""
    draw = registry.entry(state.game.info.name).draw
    if draw is not None:
        drawn: RenderableType = draw(state, seat, reveal=reveal, live=live)  # (the engine's: Any)
        return drawn
    shown = state.to_json() if seat is None else state.view(seat)
    return Text(json.dumps(shown, indent=2))


def legal_list(state: State) -> Text:
    """The legal actions, numbered."""
    text = Text()
    for i, action in enumerate(state.legal_actions(), start=1):
        text.append(f"{i:>3}. ", style="dim")
        text.append(state.action_text(action) + "\n")
    return text


def legal_columns(state: State, width: int = 80,
                  actions: Sequence[Action] | None = None) -> Text:
    """The legal actions (or `actions`, some of them), numbered, in as many columns as fit
    `width` (numbers read down each column), so that a long choice does not push the table off
    the screen."""
    shown = state.legal_actions() if actions is None else actions
    items = [f"{i:>3}. {state.action_text(a)}" for i, a in enumerate(shown, start=1)]
    if not items:
        return Text()
    cell = max(len(item) for item in items) + 2
    across = max(1, width // cell)
    down = -(-len(items) // across)  # rows, rounded up
    text = Text()
    for row in range(down):
        line = "".join(items[col * down + row].ljust(cell) for col in range(across)
                       if col * down + row < len(items))
        text.append(line.rstrip() + "\n")
    return text


def shortcut_list(shortcuts: Sequence[Shortcut], width: int = 80) -> Text:
    """A game's short codes, a row for each group (a seat), each code once and in the order
    given, wrapped to `width` under its row; 'stop-time (7)': seven actions share the code and
    the person is asked which."""
    shared = Counter(s.code for s in shortcuts)
    rows: dict[str, list[str]] = {}
    for s in shortcuts:
        codes = rows.setdefault(s.group, [])
        item = s.code + (f" ({shared[s.code]})" if shared[s.code] > 1 else "")
        if item not in codes:
            codes.append(item)
    indent = max((len(group) for group in rows), default=0) + 2
    text = Text()
    for group, codes in rows.items():
        text.append(group.ljust(indent), style="bold")
        used = indent
        for i, item in enumerate(codes):
            # Codes are never split across lines: a code is typed as one thing.
            if i and used + 2 + len(item) > width:
                text.append("\n" + " " * indent)
                used = indent
            elif i:
                text.append("  ")
                used += 2
            text.append(item)
            used += len(item)
        text.append("\n")
    return text


def write_picture(path: str | None, state: State, force: bool,
                  caption: registry.Caption | None = None) -> None:
    """Write the SVG picture of a position with its caption, if a file was asked for
    (`GameEntry.picture`)."""
    if path is None:
        return
    entry = registry.entry(state.game.info.name)
    if entry.picture is None:
        raise DungeoneerError(f"--svg: there is no picture of a {entry.info.title} position",
                              file=path)
    write_atomic(path, entry.picture(state, caption or registry.Caption()), overwrite=force)


def record_caption(record: Record, path: str, moves: int, last_move: str) -> registry.Caption:
    """The caption of a picture of a record's position after `moves` moves (the last of them
    `last_move`): the daily puzzle its header names (date and number) and its code, if any
    (with its check character, also from a record written before codes had one)."""
    from dungeoneer.generator.codes import parse_code
    from dungeoneer.generator.daily import parse_date, puzzle_number

    daily = record.get("daily")
    if daily is not None:
        try:
            day = parse_date(daily)
        except DungeoneerError as exc:
            raise exc.located(file=path, line=record.header_lines.get("daily"),
                              text=f"daily: {daily}") from None
        title = f"Daily No. {puzzle_number(day)} of {day.isoformat()}"
    else:
        title = f"Record {Path(path).name}"
    code = record.get("code")
    if code is not None:
        try:
            code = parse_code(code).text()
        except DungeoneerError as exc:
            raise exc.located(file=path, line=record.header_lines.get("code"),
                              text=f"code: {code}") from None
    return registry.Caption(title=title, code=code or "", moves=moves, last_move=last_move)
