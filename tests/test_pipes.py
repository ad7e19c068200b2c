"""Text for files and pipes: a reader that goes away (`dungeoneer solve 42 | head -1`) ends the
run quietly with status 141, as `cat` does, which no command documents as a verdict (solve's 1
is 'unwinnable'); and output that is not a terminal is whole: no '…', no wrapped cells."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from dungeoneer.cli.main import EXIT_CLOSED_PIPE
from tests.conftest import run, slow_after, succeeded


def closed_pipe_run(*args: str) -> subprocess.CompletedProcess[str]:
    """`dungeoneer ARGS` writing to a pipe whose reader has already gone."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([sys.executable, "-m", "dungeoneer", *args], stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    finally:
        os.close(write)


# Each case runs the command in a process of its own: a verdict in the default run, the others
# with the slow tests.
@pytest.mark.parametrize("args", slow_after(1, [["solve", "42"], ["games", "--json"],
                                                ["deal", "42"], ["cards", "dinky-dungeon"]]))
def test_a_closed_pipe_ends_quietly_with_141(args):
    done = closed_pipe_run(*args)
    assert done.returncode == EXIT_CLOSED_PIPE == 141
    assert done.stderr == ""


@pytest.mark.parametrize("game", ["puzzle-dungeon", "dinky-dungeon"])
def test_a_game_whose_reader_goes_still_saves_its_record(tmp_path, game):
    """`play ... --record F | head -1`: the game stops when its output has nowhere to go,
    quietly, and the record asked for is written all the same."""
    record = tmp_path / "game.rec"
    bots = [] if game == "puzzle-dungeon" else ["--bot", "greedy", "--bot", "greedy"]
    done = closed_pipe_run("play", game, "--seed", "4", *bots, "--record", str(record))
    assert done.returncode == EXIT_CLOSED_PIPE and done.stderr == ""
    text = record.read_text()
    assert text.startswith("# result: unfinished\n") and f"game: {game}\n" in text
    assert "seed: 4\n" in text
    assert succeeded(run("replay", str(record))).exit_code == 0


def piped(*args: str, input: str | None = None) -> str:
    """The output of `dungeoneer ARGS` written for a file (not a terminal, no COLUMNS)."""
    return succeeded(run(*args, input=input, env={"COLUMNS": None})).output


def test_a_winning_line_in_a_file_is_whole():
    # At a terminal a step's account is cut to the row ('draw…'); in a file every word stays.
    text = piped("solve", "42")
    assert "…" not in text
    rows = text.splitlines()[1:]
    assert max(len(row) for row in rows) > 80  # (at 80 columns these rows would be cut)
    assert any(row.endswith("Rogue's Collect: draw 6T") for row in rows)


def test_a_table_in_a_file_keeps_each_row_on_one_line():
    text = piped("simulate", "five-minute-dungeon", "--games", "1", "--boss", "1",
                 "--players", "2")
    rows = [line for line in text.splitlines() if line.startswith("│")]
    assert len(rows) == 3  # all, boss 1, 2 players: no cell wrapped onto a line of its own
    assert all(line.endswith("│") for line in rows)
    assert max(len(line) for line in text.splitlines()[1:]) > 80


def test_lines_in_a_file_end_without_padding():
    text = piped("play", "five-more-minutes", "--players", "2", "--seed", "8", input="q\n")
    lines = text.split("\n")
    padded = [line for line in lines if line.endswith(" ") and not line.endswith("> ")]
    assert padded == []
    assert "▸ 1 you  1 Falling asleep     0       0  -     -" in lines
