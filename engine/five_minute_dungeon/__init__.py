"""5-Minute Dungeon: rules engine with the timer (`game`), what action cards and events do
(`effects`), card data (`cards`, from seeds/five_minute_dungeon) and team bots (`bots`)."""

from dungeoneer.engine.five_minute_dungeon.game import DungeonState, FiveMinuteDungeon

__all__ = ["DungeonState", "FiveMinuteDungeon"]
