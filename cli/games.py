"""`dungeoneer games`, and the groups with a sub-command per registered game (`play GAME`,
`simulate GAME`): each game's command is made from what the game declares
(`registry.GameEntry`), so each has its own `--help`."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import click

from dungeoneer.cli.options import JSON, console, echo_json, refuse_repeated_options
from dungeoneer.engine import registry
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.registry import GameEntry

MakeCommand = Callable[[GameEntry], "click.Command | None"]
"""A group's sub-command for a game, or None if the game has none there."""


@click.command(short_help="The games, their options and Puzzle Dungeon's heroes.")
@JSON
def games(as_json: bool) -> None:
    """The registered games, their options and named lists (Puzzle Dungeon's heroes).

    Example: dungeoneer games
    """
    entries = registry.entries()
    if as_json:
        echo_json([{"name": i.name, "title": i.title, "players": [i.min_players, i.max_players],
                    "hidden_information": i.hidden_information, "real_time": i.real_time,
                    "options": dict(i.options), "setup": dict(i.setup), "summary": i.summary}
                   for i in (entry.info for entry in entries)])
        return
    out = console()
    for entry in entries:
        info = entry.info
        players = (f"{info.min_players}" if info.min_players == info.max_players
                   else f"{info.min_players}-{info.max_players}")
        counted = f"{players} player{'s' if info.max_players > 1 else ''}"
        out.print(f"[bold]{info.name}[/bold]  {info.title}, {counted}: "
                  f"{_without_players(info.summary)}")
        for name, text in info.options.items():
            out.print(f"    option {name}: {text}")
        for name, items in (entry.listings() if entry.listings else {}).items():
            out.print(f"    {name}: {', '.join(items)}")
    for name, why in registry.broken().items():
        out.print(f"[bold]{name}[/bold]  could not be loaded: {why}")


_PLAYERS_SAID = re.compile(r"[;,]\s*(?:for\s+)?\d+(?:-\d+)?\s+players?\s*\.?$")
"""A summary's own mention of the number of players ('...; 2-4 players.'), which the line of
`games` says already."""


def _without_players(summary: str) -> str:
    """A game's summary without its closing mention of the number of players."""
    cut = _PLAYERS_SAID.sub("", summary.strip())
    return cut if cut.endswith(".") else cut + "."


class GameCommand(click.Command):
    """A game's sub-command: an option of another game's is refused saying whose it is."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as exc:
            group = ctx.parent.command if ctx.parent is not None else None
            owners = group.offering(exc.option_name) if isinstance(group, GameCommands) else []
            if not owners:
                raise
            raise click.UsageError(f"{exc.option_name} is not an option of {self.name} (it is "
                                   f"for {', '.join(owners)})", ctx) from None


class GameCommands(click.Group):
    """A group with a sub-command per registered game that `make` builds a command for."""

    def __init__(self, *args: Any, make: MakeCommand, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.make = make

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [entry.name for entry in registry.entries() if self.make(entry) is not None]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        try:
            return self.make(registry.entry(cmd_name))
        except DungeoneerError:
            return None

    def resolve_command(self, ctx: click.Context,
                        args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        command = self.get_command(ctx, name)
        if command is None and not name.startswith("-"):
            broken = registry.broken().get(name)
            if broken is not None:
                raise click.UsageError(f"the game {name!r} is installed but broken: {broken}",
                                       ctx)
            games = ", ".join(self.list_commands(ctx)) or "none"
            raise click.UsageError(f"{self.name} takes a game: {games}; not {name!r}", ctx)
        resolved, command, rest = super().resolve_command(ctx, args)
        if command is not None and resolved is not None:
            refuse_repeated_options(command, resolved, rest, ctx)
        return resolved, command, rest

    def offering(self, flag: str) -> list[str]:
        """The games whose sub-command here has the option `flag`."""
        found = []
        for entry in registry.entries():
            command = self.make(entry)
            if command is not None and any(flag in param.opts for param in command.params
                                           if isinstance(param, click.Option)):
                found.append(entry.name)
        return found
