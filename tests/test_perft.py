"""Every game counts the perft tables of tests/golden/perft (tests/perft.py, docs/perft.md): the
positions reached by exactly N legal actions from fixed set-ups. The default run checks the
shallow counts; the whole tables are a slow check."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.perft import GAMES, perft, read

QUICK = 3_000
"""The default run checks the counts up to this many positions."""


def tables() -> list[tuple[str, str, list[tuple[int, int]]]]:
    return [(game, position.name, counts) for game in GAMES for position, counts in read(game)]


def check(game: str, name: str, most: int | None) -> None:
    position, counts = next((p, c) for p, c in read(game) if p.name == name)
    state = position.state()
    checked = 0
    for depth, expected in counts:
        if most is not None and expected > most:
            break
        assert perft(state, depth) == expected, f"{game} {name}: perft {depth}"
        checked += 1
    assert checked >= 2, f"{game} {name}: too few counts within {most}"


@pytest.mark.parametrize(("game", "name"), [(g, n) for g, n, _ in tables()])
def test_the_shallow_counts(game, name):
    check(game, name, QUICK)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "name"), [(g, n) for g, n, _ in tables()])
def test_the_whole_table(game, name):
    check(game, name, None)


def test_the_documented_tables_are_the_golden_ones():
    docs = (Path(__file__).resolve().parent.parent / "docs" / "perft.md").read_text("utf-8")
    for game, name, counts in tables():
        row = "| positions | " + " | ".join(f"{c:,}" for _, c in counts) + " |"
        assert f"`{name}`" in docs and row in docs, f"docs/perft.md: {game} {name}"
