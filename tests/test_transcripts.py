"""Whole bot games and simulations, pinned: the same seeds give the same games and the same bot
results, whatever changes inside the engines. The golden files were written by an earlier
version (tests/transcripts.py says how)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run
from tests.transcripts import GAMES, HERE, SIMULATIONS


@pytest.mark.parametrize("name", GAMES)
def test_a_bot_game_plays_as_pinned(name, tmp_path):
    path = tmp_path / "game.rec"
    result = run(*GAMES[name], "--record", str(path))
    assert result.exception is None and result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8") == (HERE / f"{name}.rec").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", SIMULATIONS)
def test_a_simulation_reports_as_pinned(name):
    result = run(*SIMULATIONS[name])
    assert result.exception is None and result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report.pop("game") == SIMULATIONS[name][1]
    assert report == json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))
