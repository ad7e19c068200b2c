"""Puzzles for Puzzle Dungeon: deal codes (`codes`), player models (`players`), difficulty ratings
(`rating`), daily puzzles (`daily`), the puzzle archive (`archive`) and batches (`batch`)."""
