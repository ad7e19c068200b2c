"""Dinky Dungeon: rules engine (`game`), adventurer effects (`effects`), card data (`cards`)."""

from dungeoneer.engine.dinky_dungeon.game import DinkyDungeon, DinkyState

__all__ = ["DinkyDungeon", "DinkyState"]
