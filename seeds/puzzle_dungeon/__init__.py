"""Puzzle Dungeon card data: arsenal, monsters, heroes, Traps & Treasures, the example cards."""
