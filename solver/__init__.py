"""The Puzzle Dungeon solver (search plus OR-Tools CP-SAT): issue 3. Nothing here yet; the engine
it will search is `engine.puzzle_dungeon`."""
