"""What a person may type at the table besides an action, where the game offers it
(`registry.Terminal`): `undo [N]`, `save [FILE]`, `help`, the game's own commands (`text NAME`)
and any the caller adds (Puzzle Dungeon's hints from the solver)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from dungeoneer.cli.choosing import Say
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.numbers import whole_number
from dungeoneer.engine.protocol import State
from dungeoneer.engine.registry import TableCommand, Terminal
from dungeoneer.engine.session import TakeBack

CountBack = Callable[[State, int], "int | str"]
"""How many moves `undo N` at `state` takes back (a person's own N with the bots' after them), or
why none."""
Save = Callable[[str | None], str]
"""Saves the record so far to a file (None: the game's own record file); returns the file."""

MOST_TAKEN_BACK = 10**6
"""`undo N` takes at most this many (more is no number here, not a crash)."""


@dataclass(frozen=True)
class TableCommands:
    """The commands at the table of a game with a `Terminal`: its own, `extra` ones the caller
    adds, `undo` and `save` where it offers them (`save` only with a way to save), `help`, `q`."""

    terminal: Terminal
    extra: Sequence[TableCommand] = ()
    save: Save | None = None
    count_back: CountBack | None = None
    """With several seats: which moves `undo N` takes back (default: the last N)."""

    def help_lines(self) -> list[tuple[str, str]]:
        """(usage, help) of every command, in the order `help` lists them."""
        undo = ("take back your last move (or your last N), and the bots' moves after it"
                if self.count_back is not None else "take back the last move (or the last N)")
        found = [("undo [N]", undo)] if self.terminal.take_back else []
        found += [(c.usage, c.help) for c in (*self.extra, *self.terminal.commands)]
        if self.terminal.save and self.save is not None:
            found.append(("save [FILE]", "save the record so far (to the --record file without "
                                         "FILE)"))
        return [*found, ("help", "this list"), ("q", "stop (the record asked for is saved)")]

    def help_text(self) -> str:
        """`help`: what the table's signs mean, and the commands."""
        lines = self.help_lines()
        width = max(len(usage) for usage, _ in lines)
        listed = "\n".join(f"  {usage:<{width}} {text}" for usage, text in lines)
        legend = f"{self.terminal.legend}\n" if self.terminal.legend else ""
        return (f"{legend}Type a number from the list, or an action as the list writes it. "
                f"Also:\n{listed}")

    def answer(self, state: State, typed: str, say: Say) -> bool | TakeBack:
        """Carry out `typed` if it is a command: True when done (ask again), a `TakeBack` for the
        session; False when it is none (it is read as an action)."""
        word, _, rest = typed.partition(" ")
        command, rest = word.lower(), rest.strip()
        if command == "help":
            say(self.help_text())
            return True
        if command == "undo" and self.terminal.take_back:
            count = whole_number(rest or "1", least=1, most=MOST_TAKEN_BACK)
            if count is None:
                say(f"[red]undo takes a number of moves, not {rest!r}[/red]")
                return True
            if self.count_back is None:
                return TakeBack(count)
            back = self.count_back(state, count)
            if isinstance(back, str):
                say(f"[red]{back}[/red]")
                return True
            return TakeBack(back)
        if command == "save" and self.terminal.save and self.save is not None:
            try:
                say(f"Saved to {self.save(rest or None)}.")
            except DungeoneerError as exc:
                say(f"[red]{exc}[/red]")
            return True
        for offered in (*self.extra, *self.terminal.commands):
            if offered.word != command:
                continue
            try:
                lines = offered.run(state, rest)
            except DungeoneerError as exc:
                say(f"[red]{exc}[/red]")
                return True
            if lines is not None:
                for line in lines:
                    say(line)
                return True
        return False


def taken_back(count: int) -> str:
    """What the table says after a `TakeBack` took back `count` moves."""
    if count == 0:
        return "Nothing to undo."
    return f"Took back {count} move{'s' if count != 1 else ''}."
