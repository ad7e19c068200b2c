"""Small synthetic core-rules deals, for checking the solvers against each other exhaustively.

A deal here is drawn from a seed: a few monster types, each monster with four random defense
suits, a random weapon suit and two random King weapon suits; a short arsenal (four suits, a few
values); a prey of some types (and sometimes Monster Kings); the core rules (no card abilities).
Full-size deals of the real cards belong in the benchmark.
"""

from __future__ import annotations

from dungeoneer.engine.puzzle_dungeon import (
    KING,
    ArsenalCard,
    CardSet,
    Face,
    HeroFace,
    Monster,
    PuzzleDungeon,
)
from dungeoneer.engine.rng import Stream

TYPE_NAMES = ("red", "green", "blue", "black", "white")


def synthetic_game(seed: int, *, columns: int = 3, rows: int = 4, types: int = 3,
                   values: tuple[int, ...] = (0, 2, 3, 4)) -> PuzzleDungeon:
    """A core-rules game of `columns` x `rows` random monsters, drawn from `seed`."""
    stream = Stream(seed)
    arsenal = tuple(ArsenalCard(s * len(values) + i, s, v)
                    for s in range(4) for i, v in enumerate(values))
    count = columns * rows
    kinds = TYPE_NAMES[:types]
    monsters = []
    for m in range(count):
        defense = [0, 0, 0, 0]
        for _ in range(4):
            defense[stream.below(4)] += 1
        weapon = (stream.below(4),)
        king_weapon = tuple(sorted((stream.below(4), stream.below(4))))
        counts = (defense[0], defense[1], defense[2], defense[3])
        monsters.append(Monster(m, f"M{m + 1}", kinds[m % types], Face(weapon, counts, ()),
                                Face(king_weapon, counts, ()), {}, False))
    prey: dict[str, int] = {kinds[0]: 1 + stream.below(2)}
    if stream.below(2):
        prey[kinds[1]] = 1
    if stream.below(3) == 0:
        prey[KING] = 1
    hero = HeroFace("Tester", "Tester", False, tuple(prey.items()), (), {})
    cards = CardSet(version=f"synthetic-{seed}", arsenal=arsenal, monsters=tuple(monsters),
                    heroes=(hero,), trap_treasures=(), types={k: "synthetic" for k in kinds},
                    abilities=())
    return PuzzleDungeon(cards, "Tester", core=True, columns=columns)
