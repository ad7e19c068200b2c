"""Help at the command line: whole one-line summaries in the command list,
`-h` the same as `--help` everywhere, and examples that work outside a checkout."""

from __future__ import annotations

import click
import pytest
from click.testing import Result

from dungeoneer.cli.main import cli
from tests.conftest import run as run_cli


def run(*args: str) -> Result:
    return run_cli(*args, width=80)


def every_command() -> list[tuple[str, ...]]:
    """The path of every command and sub-command, the group itself first."""
    found: list[tuple[str, ...]] = [()]
    context = click.Context(cli)

    def walk(group: click.Group, path: tuple[str, ...], ctx: click.Context) -> None:
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            assert command is not None
            found.append((*path, name))
            if isinstance(command, click.Group):
                walk(command, (*path, name), click.Context(command, parent=ctx))

    walk(cli, (), context)
    return found


def test_the_command_list_shows_whole_one_line_summaries():
    result = run("--help")
    assert result.exit_code == 0
    listing = result.output.split("Commands:\n", 1)[1]
    assert listing == """\
  archive   The archive of issued daily puzzles.
  cards     A game's cards, with their text and source.
  daily     The daily puzzle of a date, the same for everyone.
  deal      Deal a Puzzle Dungeon puzzle and draw its table.
  games     The games, their options and Puzzle Dungeon's heroes.
  generate  A batch of winnable, rated puzzles as JSON lines.
  odds      How often a player who cannot see the deck wins the deal.
  play      Play a game at the terminal, with bots in any seats.
  rate      Rate a deal from 1 (gentle) to 5 (fiendish).
  replay    Replay a game record and show how it ends.
  simulate  Simulate many bot games; figures with 95% intervals.
  solve     Is the deal winnable? Won (with a line), unwinnable or unknown.
  stats     Your daily puzzle figures: played, won, streaks.
  survey    The won share of each hero face, from many solved deals.
  timer     Count down a 5-Minute Dungeon game, like the game's timer app.
"""


@pytest.mark.parametrize("path", every_command(), ids=lambda p: " ".join(p) or "dungeoneer")
def test_dash_h_is_the_same_as_dash_dash_help(path):
    short, long = run(*path, "-h"), run(*path, "--help")
    assert short.exit_code == long.exit_code == 0, short.output
    assert short.output == long.output
    if "Commands:" in long.output:  # a group's list of sub-commands: no summary cut short
        assert "..." not in long.output.split("Commands:", 1)[1]


@pytest.mark.parametrize("path", every_command(), ids=lambda p: " ".join(p) or "dungeoneer")
def test_help_examples_name_no_file_of_the_checkout(path):
    """An installed user has no seeds/ folder: an example names only files it makes itself."""
    text = run(*path, "--help").output
    assert "seeds/" not in text, text
