"""dungeoneer's rules engines, on one game protocol (`engine.protocol`), with a registry of games
(`engine.registry`), portable randomness (`engine.rng`) and game records (`engine.records`)."""

from dungeoneer.engine import registry
from dungeoneer.engine.dinky_dungeon.game import INFO as _DINKY_DUNGEON
from dungeoneer.engine.dinky_dungeon.game import make_dinky_dungeon as _make_dinky_dungeon
from dungeoneer.engine.five_minute_dungeon.game import INFO as _FIVE_MINUTE_DUNGEON
from dungeoneer.engine.five_minute_dungeon.game import (
    make_five_minute_dungeon as _make_five_minute_dungeon,
)
from dungeoneer.engine.five_more_minutes.game import INFO as _FIVE_MORE_MINUTES
from dungeoneer.engine.five_more_minutes.game import (
    make_five_more_minutes as _make_five_more_minutes,
)
from dungeoneer.engine.puzzle_dungeon.game import INFO as _PUZZLE_DUNGEON
from dungeoneer.engine.puzzle_dungeon.game import make_puzzle_dungeon as _make_puzzle_dungeon

registry.register(_PUZZLE_DUNGEON, _make_puzzle_dungeon)
registry.register(_DINKY_DUNGEON, _make_dinky_dungeon)
registry.register(_FIVE_MORE_MINUTES, _make_five_more_minutes)
registry.register(_FIVE_MINUTE_DUNGEON, _make_five_minute_dungeon)
