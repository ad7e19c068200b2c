"""The `dungeoneer` command line: games, deal, play, replay, simulate, solve, odds, rate, daily,
archive, generate, timer.

Every command is a thin layer over the library (cli/games.py: the commands for every game;
cli/puzzles.py: the solver and the daily puzzles); bad input of any kind prints one message
(file, line, the offending text, why) and exits with status 2, never a traceback.
"""

from __future__ import annotations

from typing import Any

import click

from dungeoneer.cli import games as game_commands
from dungeoneer.cli import puzzles
from dungeoneer.cli.survey import survey
from dungeoneer.cli.timer import timer
from dungeoneer.engine.errors import TEXT_SHOWN, DungeoneerError
from dungeoneer.engine.numbers import shown

EXIT_BAD_INPUT = 2


class DungeoneerGroup(click.Group):
    """Turns the library's errors into one clear message and exit status 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except DungeoneerError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(EXIT_BAD_INPUT)
        except OSError as exc:
            # A path the file system refuses (too long, no permission, a full disk) wherever it
            # is first touched: one message naming it, not a traceback.
            click.echo(f"error: {_os_error(exc)}", err=True)
            ctx.exit(EXIT_BAD_INPUT)


def _os_error(exc: OSError) -> str:
    """'PATH: reason' for a file-system error (the path cut short if it is very long)."""
    name = shown(str(exc.filename if exc.filename is not None else ""), TEXT_SHOWN)
    reason = exc.strerror or str(exc)
    return f"{name}: {reason[0].lower()}{reason[1:]}" if name else reason


@click.group(cls=DungeoneerGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="dungeoneer")
def cli() -> None:
    """Rules engines, solvers and daily puzzles for Puzzle Dungeon and friends."""


cli.add_command(game_commands.games)
cli.add_command(puzzles.deal)
cli.add_command(game_commands.play)
cli.add_command(game_commands.replay_command)
cli.add_command(game_commands.simulate_group, name="simulate")
cli.add_command(puzzles.solve)
cli.add_command(puzzles.odds)
cli.add_command(puzzles.rate_command)
cli.add_command(puzzles.daily)
cli.add_command(puzzles.archive)
cli.add_command(puzzles.generate)
cli.add_command(survey)
cli.add_command(timer)


def main() -> None:
    """Entry point of the `dungeoneer` script (and of `python -m dungeoneer`)."""
    cli(prog_name="dungeoneer")


if __name__ == "__main__":
    main()
