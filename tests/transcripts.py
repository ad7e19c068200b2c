"""Whole bot games pinned as golden records: whatever changes inside the engines, the same seeds
must give the same games and the same bot results.

`python tests/transcripts.py [DUNGEONEER]` writes the golden files with the `dungeoneer` command
given (default: the one installed beside this Python); `tests/test_transcripts.py` replays each
case and compares. Rewrite them only when a rule is changed on purpose, and say which in the
commit.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent / "golden" / "transcripts"

GAMES: dict[str, list[str]] = {
    "dinky-2p-seed-1": ["play", "dinky-dungeon", "--seed", "1", "--players", "2",
                        "--bot", "greedy", "--bot", "greedy"],
    "dinky-3p-seed-2": ["play", "dinky-dungeon", "--seed", "2", "--players", "3",
                        "--bot", "greedy", "--bot", "random", "--bot", "greedy"],
    "dinky-4p-seed-3": ["play", "dinky-dungeon", "--seed", "3", "--players", "4",
                        "--bot", "greedy", "--bot", "greedy", "--bot", "greedy",
                        "--bot", "greedy"],
    "fmm-2p-seed-1": ["play", "five-more-minutes", "--seed", "1", "--players", "2",
                      "--bot", "greedy", "--bot", "greedy"],
    "fmm-4p-nightmare-seed-2": ["play", "five-more-minutes", "--seed", "2", "--players", "4",
                                "--variant", "nightmare", "--bot", "greedy", "--bot", "greedy",
                                "--bot", "random", "--bot", "greedy"],
    "fmm-3p-expert-seed-3": ["play", "five-more-minutes", "--seed", "3", "--players", "3",
                             "--variant", "expert", "--bot", "greedy", "--bot", "greedy",
                             "--bot", "greedy"],
    "fmm-6p-rookie-seed-4": ["play", "five-more-minutes", "--seed", "4", "--players", "6",
                             "--variant", "rookie", *["--bot", "greedy"] * 6],
    "fmd-2p-boss-1-seed-1": ["play", "five-minute-dungeon", "--seed", "1", "--players", "2",
                             "--bot", "heuristic"],
    "fmd-4p-boss-3-seed-2": ["play", "five-minute-dungeon", "--seed", "2", "--players", "4",
                             "--boss", "3", "--bot", "heuristic"],
    "fmd-5p-boss-5-seed-3": ["play", "five-minute-dungeon", "--seed", "3", "--players", "5",
                             "--boss", "5", "--bot", "heuristic", "--pace", "2"],
    "fmd-3p-random-seed-4": ["play", "five-minute-dungeon", "--seed", "4", "--players", "3",
                             "--bot", "random"],
}
"""Name -> `dungeoneer` arguments of an all-bot game; its record is the golden file."""

SIMULATIONS: dict[str, list[str]] = {
    "simulate-dinky": ["simulate", "dinky-dungeon", "--games", "60", "--players", "3",
                       "--bot", "greedy", "--bot", "random", "--json"],
    "simulate-fmm": ["simulate", "five-more-minutes", "--games", "60", "--players", "4",
                     "--json"],
    "simulate-fmd": ["simulate", "five-minute-dungeon", "--games", "4", "--boss", "1",
                     "--boss", "4", "--players", "2", "--players", "4", "--json"],
}
"""Name -> `dungeoneer` arguments of a simulation; its report (less `game`, which later
versions add) is the golden file."""


def record_of(command: list[str], args: list[str]) -> str:
    """The record an all-bot game writes."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "game.rec")
        subprocess.run([*command, *args, "--record", path], check=True,
                       stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        return Path(path).read_text(encoding="utf-8")


def report_of(command: list[str], args: list[str]) -> dict:
    """A simulation's report, without the fields that name rather than measure."""
    done = subprocess.run([*command, *args], check=True, capture_output=True, text=True)
    report = json.loads(done.stdout)
    report.pop("game", None)
    return report


def main() -> None:
    program = sys.argv[1] if len(sys.argv) > 1 else str(Path(sys.executable).with_name(
        "dungeoneer"))
    HERE.mkdir(parents=True, exist_ok=True)
    for name, args in GAMES.items():
        (HERE / f"{name}.rec").write_text(record_of([program], args), encoding="utf-8")
    for name, args in SIMULATIONS.items():
        text = json.dumps(report_of([program], args), indent=1, sort_keys=True) + "\n"
        (HERE / f"{name}.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
