"""5-Minute Dungeon card data (issue 7)."""
