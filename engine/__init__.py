"""dungeoneer's rules engines, on one game protocol (`engine.protocol`), with a registry of games
(`engine.registry`), portable randomness (`engine.rng`) and game records (`engine.records`)."""

from engine import registry
from engine.puzzle_dungeon.game import INFO as _PUZZLE_DUNGEON
from engine.puzzle_dungeon.game import make_puzzle_dungeon as _make_puzzle_dungeon

registry.register(_PUZZLE_DUNGEON, _make_puzzle_dungeon)
