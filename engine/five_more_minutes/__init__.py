"""5 More Minutes: rules engine (`game`); card and chip data in seeds/five_more_minutes."""

from dungeoneer.engine.five_more_minutes.game import FiveMoreMinutes, FiveState

__all__ = ["FiveMoreMinutes", "FiveState"]
