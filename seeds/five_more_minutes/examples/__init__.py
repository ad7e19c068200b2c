"""Example 5 More Minutes records, replayed by the tests with their expected results."""
