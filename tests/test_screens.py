"""What people see when they play at the terminal, pinned whole (tests/screens.py): the table,
the lists of legal actions, the answers to every command, the end, and the records written."""

from __future__ import annotations

import pytest

from tests.screens import HERE, cases, play


@pytest.mark.parametrize("name", cases())
def test_a_person_at_the_terminal_sees_what_was_pinned(name):
    assert play(name) == (HERE / f"{name}.txt").read_text(encoding="utf-8")
