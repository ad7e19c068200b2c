"""Dinky Dungeon card data: the 18 adventurers and the 36 dungeon cards."""
