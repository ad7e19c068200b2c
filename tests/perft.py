"""Perft tables: how many action sequences of each length a game has from fixed positions, as
python-chess's perft files count moves. `perft(state, depth)` is the number of positions reached
by exactly `depth` legal actions from `state`, every sequence counted (a game that ends sooner
counts 0). The chance a game draws is inside its state, so a seed fixes the whole tree; a
real-time game's actions are taken at the timer's reading.

Another implementation of a game counts the same numbers from the same set-up, or it differs
from this one in some legal action within that many steps; docs/perft.md explains the tables.

`python tests/perft.py` writes tests/golden/perft/GAME.txt with the installed package, each
table as deep as a budget of positions allows; `tests/test_perft.py` checks them.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent / "golden" / "perft"

BUDGET = 40_000
"""The deepest count a table gives is the first past this many positions."""


@dataclass(frozen=True)
class Position:
    """A start of a perft table: a game, its options and the seed of its set-up."""

    name: str
    game: str
    options: Mapping[str, str]
    seed: int

    def state(self) -> Any:
        from dungeoneer.engine import registry

        return registry.get_game(self.game, self.options).new_initial_state(seed=self.seed)


POSITIONS: tuple[Position, ...] = (
    *(Position(f"rogue-seed-{s}", "puzzle-dungeon", {"hero": "Rogue"}, s) for s in (1, 2, 3)),
    Position("alchemist-seed-4", "puzzle-dungeon", {"hero": "Alchemist"}, 4),
    Position("skull-bodyguard-traps-and-treasures-seed-5", "puzzle-dungeon",
             {"hero": "Skull Bodyguard", "traps": "Rope Snare", "treasures": "Cursed Lantern"}, 5),
    Position("warrior-core-seed-6", "puzzle-dungeon", {"hero": "Warrior", "core": "yes"}, 6),
    *(Position(f"{p}p-seed-{s}", "dinky-dungeon", {"players": str(p)}, s)
      for p, s in ((2, 1), (3, 2), (4, 3))),
    Position("2p-seed-1", "five-more-minutes", {"players": "2"}, 1),
    Position("3p-rookie-seed-2", "five-more-minutes", {"players": "3", "variant": "rookie"}, 2),
    Position("4p-expert-seed-3", "five-more-minutes", {"players": "4", "variant": "expert"}, 3),
    Position("6p-nightmare-seed-4", "five-more-minutes",
             {"players": "6", "variant": "nightmare"}, 4),
    Position("2p-seed-1", "five-minute-dungeon", {"players": "2"}, 1),
    Position("3p-boss-2-seed-2", "five-minute-dungeon", {"players": "3", "boss": "2"}, 2),
    Position("5p-boss-7-seed-3", "five-minute-dungeon", {"players": "5", "boss": "7"}, 3),
)

GAMES = tuple(sorted({position.game for position in POSITIONS}))


def perft(state: Any, depth: int) -> int:
    """The positions reached by exactly `depth` legal actions from `state`."""
    if depth == 0:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(perft(state.apply(action), depth - 1) for action in actions)


def counts(position: Position, budget: int = BUDGET) -> Iterator[tuple[int, int]]:
    """(depth, perft) from depth 1 on, until a count passes `budget`."""
    state = position.state()
    depth = 1
    while True:
        found = perft(state, depth)
        yield depth, found
        if found > budget or found == 0:
            return
        depth += 1


def table(game: str) -> str:
    """The golden file of `game`: each of its positions, then its counts by depth."""
    lines = [f"# {game}: perft(depth), the positions reached by exactly depth legal actions",
             "# from the set-up of the seed with the options (tests/perft.py, docs/perft.md)."]
    for position in POSITIONS:
        if position.game != game:
            continue
        lines += ["", f"id {position.name}",
                  f"options {json.dumps(dict(position.options), sort_keys=True)}",
                  f"seed {position.seed}"]
        lines += [f"perft {depth} {found}" for depth, found in counts(position)]
    return "\n".join(lines) + "\n"


def read(game: str) -> list[tuple[Position, list[tuple[int, int]]]]:
    """A golden file's positions and their counts."""
    found: list[tuple[Position, list[tuple[int, int]]]] = []
    name, options = "", {}
    for line in (HERE / f"{game}.txt").read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition(" ")
        if key == "id":
            name = value
        elif key == "options":
            options = json.loads(value)
        elif key == "seed":
            found.append((Position(name, game, options, int(value)), []))
        elif key == "perft":
            depth, count = value.split()
            found[-1][1].append((int(depth), int(count)))
    return found


def main() -> None:
    HERE.mkdir(parents=True, exist_ok=True)
    for game in sys.argv[1:] or GAMES:
        (HERE / f"{game}.txt").write_text(table(game), encoding="utf-8")


if __name__ == "__main__":
    main()
