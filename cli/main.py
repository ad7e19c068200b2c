"""The `dungeoneer` command line: games, cards, deal, play, replay, simulate, solve, odds, rate,
daily, archive, stats, generate, survey, timer; every command in its own module, all of them
added here.

Every command is a thin layer over the library: `games`, `play`, `replay` and `simulate` work on
any registered game; `deal`, `solve`, `odds`, `rate`, `daily`, `archive`, `generate`, `survey`
and Puzzle Dungeon's own `play` sub-command are over the solver and the generator. Bad input of
any kind prints one message (file, line, the offending text, why) and exits with status 2, never
a traceback.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from dungeoneer.cli.archive import archive, stats
from dungeoneer.cli.cards import cards_command
from dungeoneer.cli.daily import daily
from dungeoneer.cli.deal import deal
from dungeoneer.cli.games import games
from dungeoneer.cli.generate import generate
from dungeoneer.cli.odds import odds
from dungeoneer.cli.options import refuse_repeated_options, stop_on_sigterm
from dungeoneer.cli.play import play_group
from dungeoneer.cli.play_puzzle import play_puzzle_command
from dungeoneer.cli.rate import rate_command
from dungeoneer.cli.replay import replay_command
from dungeoneer.cli.simulate import simulate_group
from dungeoneer.cli.solve import solve
from dungeoneer.cli.survey import survey
from dungeoneer.cli.timer import timer
from dungeoneer.engine.errors import TEXT_SHOWN, DungeoneerError
from dungeoneer.engine.numbers import shown
from dungeoneer.generator.deals import GAME_NAME

EXIT_BAD_INPUT = 2
EXIT_CLOSED_PIPE = 141
"""The reader of our output went away (`dungeoneer solve 42 | head -1`): 128 + SIGPIPE, the status
`cat` and the shell give it, which no command documents as a verdict (solve's 1 is unwinnable)."""


class DungeoneerGroup(click.Group):
    """Turns the library's errors into one clear message and exit status 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            quiet_stdout()
            ctx.exit(EXIT_CLOSED_PIPE)
        except DungeoneerError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(EXIT_BAD_INPUT)
        except OSError as exc:
            # A path the file system refuses (too long, no permission, a full disk) wherever it
            # is first touched: one message naming it, not a traceback.
            click.echo(f"error: {_os_error(exc)}", err=True)
            ctx.exit(EXIT_BAD_INPUT)

    def resolve_command(self, ctx: click.Context,
                        args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None and name is not None:
            refuse_repeated_options(command, name, rest, ctx)
        return name, command, rest


def quiet_stdout() -> None:
    """Point standard output at the null device: what is still buffered for a reader that went
    away is dropped without another error when Python flushes it at exit."""
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError):  # (no real file descriptor: a test's runner)
        pass
    finally:
        os.close(null)


def _os_error(exc: OSError) -> str:
    """'PATH: reason' for a file-system error (the path cut short if it is very long)."""
    name = shown(str(exc.filename if exc.filename is not None else ""), TEXT_SHOWN)
    reason = exc.strerror or str(exc)
    return f"{name}: {reason[0].lower()}{reason[1:]}" if name else reason


@click.group(cls=DungeoneerGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="dungeoneer")
def cli() -> None:
    """Rules engines, solvers and daily puzzles for Puzzle Dungeon and friends."""


for command in (games, cards_command, deal, play_group({GAME_NAME: play_puzzle_command}),
                replay_command, simulate_group, solve, odds, rate_command, daily, archive, stats,
                generate, survey, timer):
    cli.add_command(command)


def main() -> None:
    """Entry point of the `dungeoneer` script (and of `python -m dungeoneer`). Output still
    buffered when the command ends is flushed here, so a reader that went away meanwhile ends the
    run quietly with EXIT_CLOSED_PIPE too."""
    stop_on_sigterm()
    try:
        cli(prog_name="dungeoneer")
    except SystemExit as done:
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            quiet_stdout()
            raise SystemExit(EXIT_CLOSED_PIPE) from None
        raise done


if __name__ == "__main__":
    main()
