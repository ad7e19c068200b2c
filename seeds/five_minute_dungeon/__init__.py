"""5-Minute Dungeon card data."""
