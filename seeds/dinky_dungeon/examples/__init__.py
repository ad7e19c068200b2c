"""Example Dinky Dungeon records, replayed by the tests with their expected final scores."""
