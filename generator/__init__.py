"""Daily puzzles, difficulty ratings and the puzzle archive: issue 4. Nothing here yet."""
