"""Example Puzzle Dungeon game records."""
