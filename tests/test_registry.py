"""The registry finds games through the `dungeoneer.games` entry points without the core importing
any: a third party's game is played, replayed and simulated like the project's own, and a broken
one is reported by name without breaking the rest."""

from __future__ import annotations

import json
from importlib import metadata

import pytest

from dungeoneer.engine import registry
from dungeoneer.engine.errors import DungeoneerError, UnknownNameError
from tests import tiny_game
from tests.conftest import run


def point(name: str, value: str) -> metadata.EntryPoint:
    return metadata.EntryPoint(name=name, value=value, group=registry.ENTRY_POINT_GROUP)


@pytest.fixture
def installed(monkeypatch):
    """The registry as if these entry points (and no others) were installed."""
    def install(*points: metadata.EntryPoint) -> None:
        monkeypatch.setattr(registry, "_GAMES", {})
        monkeypatch.setattr(registry, "_BROKEN", {})
        monkeypatch.setattr(registry, "_loaded", False)
        monkeypatch.setattr(registry, "entry_points", lambda group: list(points))
    return install


def test_a_game_from_another_package_is_found_through_its_entry_point(installed):
    installed(point("race-to-ten", "tests.tiny_game:GAME"),
              point("dinky-dungeon", "dungeoneer.engine.dinky_dungeon:GAME"))
    assert [entry.name for entry in registry.entries()] == ["dinky-dungeon", "race-to-ten"]
    game = registry.get_game("race-to-ten", {"target": "3"})
    assert game.new_initial_state().legal_actions()[-1].arg == 2
    assert registry.bot_names("race-to-ten") == ("random",)


def test_broken_entry_points_are_reported_and_the_others_still_work(installed):
    installed(point("race-to-ten", "tests.tiny_game:GAME"),
              point("no-such", "tests.no_such_module:GAME"),
              point("not-an-entry", "tests.tiny_game:INFO"),
              point("misnamed", "tests.tiny_game:GAME"))
    assert [entry.name for entry in registry.entries()] == ["race-to-ten"]
    broken = registry.broken()
    assert "ModuleNotFoundError" in broken["no-such"]
    assert "is not a GameEntry" in broken["not-an-entry"]
    assert "declares the game 'race-to-ten', not 'misnamed'" in broken["misnamed"]
    with pytest.raises(DungeoneerError, match="installed but broken"):
        registry.entry("no-such")
    with pytest.raises(UnknownNameError, match="the games are: race-to-ten"):
        registry.entry("chess")
    listing = run("games")
    assert listing.exit_code == 0 and "no-such  could not be loaded" in listing.output
    played = run("play", "no-such")
    assert played.exit_code == 2 and "'no-such' is installed but broken" in played.output


def test_a_game_registered_by_hand_plays_replays_and_simulates(tmp_path):
    registry.register(tiny_game.GAME)
    try:
        with pytest.raises(ValueError, match="registered twice"):
            registry.register(tiny_game.GAME)
        out = tmp_path / "race.rec"
        result = run("play", "race-to-ten", "--target", "5", "--bot", "human", "--bot",
                     "random", "--seed", "3", "--record", str(out), input="1\n" * 10)
        assert result.exit_code == 0, result.output
        assert "Race to Ten, seed 3, 2 players (target: 5): seat 1 you, seat 2 random" in \
            result.output
        assert "Seat 1: add 1 or 2" in result.output and "Game over: finished" in result.output
        text = out.read_text()
        assert "game: race-to-ten\nplayers: 2\nseed: 3\ntarget: 5\n---\n" in text
        replayed = json.loads(run("replay", str(out), "--json").output)
        assert replayed["outcome"]["termination"] == "finished"
        report = json.loads(run("simulate", "race-to-ten", "--games", "20", "--json").output)
        assert report["games"] == 20 and report["strategies"]["random"]["games"] == 40
        help_text = run("play", "race-to-ten", "--help").output
        assert "--target" in help_text and "--hero" not in help_text
    finally:
        registry.unregister("race-to-ten")
    assert "race-to-ten" not in {entry.name for entry in registry.entries()}


def test_options_of_another_game_are_refused_saying_whose_they_are():
    result = run("play", "dinky-dungeon", "--heroes", "Ninja")
    assert result.exit_code == 2
    assert "--heroes is not an option of dinky-dungeon (it is for five-minute-dungeon)" in \
        result.output
    result = run("play", "chess")
    assert result.exit_code == 2
    assert "play takes a game: dinky-dungeon, five-minute-dungeon, five-more-minutes, " \
        "puzzle-dungeon; not 'chess'" in result.output


def test_every_game_has_its_own_help():
    for entry in registry.entries():
        shown = run("play", entry.name, "--help")
        assert shown.exit_code == 0 and entry.info.title in shown.output
        flags = {option.flag for option in entry.options}
        assert all(flag in shown.output for flag in flags)
        assert ("--bot" in shown.output) == bool(entry.bots)
        assert ("--pace" in shown.output) == entry.info.real_time
