"""People's play at the terminal pinned as golden screens: each case is a `dungeoneer` command
and what a person types, and its golden file holds the whole output (at 80 columns) and every
file the game wrote. `tests/test_screens.py` plays each case again and compares.

`python -m tests.screens` (from the checkout) writes the golden files with the installed
package. Rewrite them only when what people see is changed on purpose, and say so in the
commit.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent / "golden" / "screens"
SEEDS = "dungeoneer.seeds"


def _record_moves(game_folder: str, name: str) -> list[str]:
    """The moves of an example record of the installed package."""
    from importlib import resources

    text = (resources.files(SEEDS) / game_folder / "examples" / name).read_text(encoding="utf-8")
    return [line for line in text.split("---\n", 1)[1].splitlines()
            if line.strip() and not line.startswith("#")]


def cases() -> dict[str, tuple[list[str], str]]:
    """Name -> (the `dungeoneer` arguments, what the person types)."""
    rogue_win = _record_moves("puzzle_dungeon", "rogue-win.rec")
    return {
        "puzzle-dungeon-commands": (
            ["play", "puzzle-dungeon", "42", "--record", "game.rec"],
            "help\ntext Rogue\ntext Nobody\nundo\nsave\nattack 9\ndeal\n2\nundo 2\nundo x\n"
            "save\nsave other.rec\nsave other.rec\nzzz\n99\nattack 2\n15\nq\n"),
        "puzzle-dungeon-won": (
            ["play", "puzzle-dungeon", "75", "--hero", "Rogue", "--record", "won.rec"],
            "\n".join(rogue_win) + "\n"),
        "puzzle-dungeon-traps": (
            ["play", "puzzle-dungeon", "pd1-t.rogue.9", "--traps", "Rope Snare, Bear Trap",
             "--treasures", "Cursed Lantern", "--record", "traps.rec"],
            "1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n"),
        "puzzle-dungeon-from-record": (
            ["play", "puzzle-dungeon", "--from", "start.rec", "--record", "next.rec"],
            "1\n1\n"),
        "dinky-dungeon-person-and-bot": (
            ["play", "dinky-dungeon", "--players", "2", "--seed", "3", "--bot", "greedy",
             "--record", "dinky.rec"],
            "1\n" * 40 + "q\n"),
        "five-more-minutes-person-and-bots": (
            ["play", "five-more-minutes", "--players", "3", "--seed", "2", "--bot", "greedy",
             "--bot", "human", "--bot", "random", "--record", "fmm.rec"],
            "1\n2\n1\nnonsense\n" * 10 + "q\n"),
        "five-minute-dungeon-people": (
            ["play", "five-minute-dungeon", "--players", "2", "--seed", "1", "--pace", "2",
             "--record", "fmd.rec"],
            "1\n2\n3\n" * 12 + "q\n"),
    }


START_RECORD = """game: puzzle-dungeon
seed: 42
hero: Rogue
traps: Owner's Manual
---
attack 2
"""
"""The record `puzzle-dungeon-from-record` goes on from."""


def play(name: str) -> str:
    """The golden text of a case: the output, then each file written, in a fresh folder."""
    from tests.conftest import run

    args, typed = cases()[name]
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder):
        Path("start.rec").write_text(START_RECORD, encoding="utf-8")
        before = set(os.listdir("."))
        result = run(*args, input=typed, width=80)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        parts = [f"$ dungeoneer {' '.join(args)}", f"exit {result.exit_code}", "--- output",
                 result.output.rstrip("\n")]
        for written in sorted(set(os.listdir(".")) - before):
            parts += [f"--- {written}", Path(written).read_text(encoding="utf-8").rstrip("\n")]
    return "\n".join(parts) + "\n"


def main() -> None:
    HERE.mkdir(parents=True, exist_ok=True)
    for name in (sys.argv[1:] or cases()):
        (HERE / f"{name}.txt").write_text(play(name), encoding="utf-8")


if __name__ == "__main__":
    main()
