"""Every command's --json against the one documented schema (docs/json.md,
docs/json/schema.json): the same deal, step, line, outcome, rating and seat shapes everywhere."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import click
import pytest

from dungeoneer.cli.main import cli
from tests.conftest import run

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "docs" / "json" / "schema.json").read_text(encoding="utf-8"))


def example(game: str, name: str) -> str:
    """An example record installed with the package."""
    return str(resources.files(f"dungeoneer.seeds.{game}.examples").joinpath(name))


def output_of(*args: str) -> object:
    result = run(*args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1, 3), result.output  # solve: won, unwinnable, unknown
    return json.loads(result.output)


def check(data: object, shape: str) -> None:
    """`data` has the shape `#/$defs/<shape>` of the schema (every error listed if not)."""
    validator = jsonschema.Draft202012Validator(
        {"$ref": f"#/$defs/{shape}", "$defs": SCHEMA["$defs"]})
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in validator.iter_errors(data)]
    assert not errors, "\n".join(errors[:10])


def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


INVOCATIONS = {
    "games": (["games", "--json"], "command_games"),
    "cards": (["cards", "five-minute-dungeon", "--json"], "command_cards"),
    "cards one": (["cards", "puzzle-dungeon", "Rogue", "--json"], "command_cards"),
    "deal": (["deal", "42", "--json"], "command_deal"),
    "deal skull": (["deal", "pd1-c.skull-rogue.7", "--json"], "command_deal"),
    "solve won": (["solve", "42", "--json", "--workers", "1"], "command_solve"),
    "solve unknown": (["solve", "7", "--hero", "Skull Rogue", "--time-limit", "0", "--json",
                       "--workers", "1"], "command_solve"),
    "rate": (["rate", "42", "--json"], "command_rate"),
    "odds": (["odds", "42", "--plays", "4", "--samples", "1", "--candidates", "2",
              "--workers", "1", "--json"], "command_odds"),
    "simulate dinky-dungeon": (["simulate", "dinky-dungeon", "--games", "3", "--players", "3",
                                "--json"], "command_simulate_seats"),
    "simulate five-more-minutes": (["simulate", "five-more-minutes", "--games", "3", "--json"],
                                   "command_simulate_seats"),
    "simulate five-minute-dungeon": (["simulate", "five-minute-dungeon", "--games", "1",
                                      "--boss", "1", "--players", "2", "--json"],
                                     "command_simulate_team"),
    "survey": (["survey", "--hero", "Rogue", "--deals", "2", "--time-limit", "1", "--json"],
               "command_survey"),
}
REPLAYS = [("puzzle_dungeon", "rogue-win.rec"), ("puzzle_dungeon", "traps-and-treasures-loss.rec"),
           ("dinky_dungeon", "game-3p-seed-1.rec"),
           ("five_more_minutes", "game-4p-nightmare-seed-302.rec"),
           ("five_minute_dungeon", "boss-fight-won.rec"),
           ("five_minute_dungeon", "paused-timer.rec")]


SLOW = ("odds", "rate")
"""Invocations that solve or play a deal for a second or more: slow checks."""


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW else n
                                  for n in INVOCATIONS])
def test_a_commands_json_has_the_documented_shape(name):
    args, shape = INVOCATIONS[name]
    check(output_of(*args), shape)


@pytest.mark.parametrize(("game", "record"), REPLAYS)
def test_replay_json_has_the_documented_shape(game, record):
    data = output_of("replay", example(game, record), "--json")
    check(data, "command_replay")
    assert [step["step"] for step in data["line"]] == list(range(1, data["moves"] + 1))


@pytest.mark.slow
def test_daily_archive_export_and_generate_json_have_the_documented_shapes(tmp_path):
    archive = str(tmp_path / "archive.sqlite3")
    check(output_of("daily", "2026-11-30", "--archive", archive, "--json"), "command_daily")
    revealed = output_of("daily", "2026-11-30", "--archive", archive, "--json", "--reveal")
    check(revealed, "command_daily")
    assert revealed["line"] and revealed["deal"]["code"] == "pd1-c.bodyguard.5182737267046414036"
    ranged = output_of("daily", "--from", "2026-11-30", "--to", "2026-12-01", "--archive",
                       archive, "--json")
    check(ranged, "command_daily_range")
    assert [(d["date"], d["newly_issued"]) for d in ranged["dailies"]] == [
        ("2026-11-30", False), ("2026-12-01", True)]
    exported = output_of("archive", "export", "--archive", archive)
    check(exported, "command_archive_export")
    assert exported[0] == {k: v for k, v in revealed.items() if k != "newly_issued"}
    assert [d["date"] for d in exported] == ["2026-11-30", "2026-12-01"]
    result = run("generate", "--count", "1")
    assert result.exit_code == 0, result.output
    check(json.loads(result.output), "command_generate")
    rows = tmp_path / "survey.jsonl"
    result = run("survey", "--hero", "Rogue", "--deals", "1", "--time-limit", "1", "--out",
                 str(rows))
    assert result.exit_code == 0, result.output
    header, row = rows.read_text(encoding="utf-8").splitlines()
    check(json.loads(header), "survey_header")
    check(json.loads(row), "survey_row")


def test_solve_and_replay_tell_a_line_in_the_same_shape(tmp_path):
    record = str(tmp_path / "win.rec")
    solved = output_of("solve", "42", "--json", "--workers", "1", "--out", record)
    replayed = output_of("replay", record, "--json")
    assert [{k: v for k, v in step.items() if k != "record_line"} for step in replayed["line"]] \
        == solved["line"]
    assert replayed["outcome"]["winners"] == [1]  # seats from 1, as on screen


def test_seats_are_numbered_from_1_in_every_output():
    replayed = output_of("replay", example("dinky_dungeon", "game-3p-seed-1.rec"), "--json")
    seats = {step["seat"] for step in replayed["line"]}
    assert seats == {1, 2, 3}
    assert set(replayed["outcome"]["winners"]) <= {1, 2, 3} and replayed["outcome"]["winners"]
    simulated = output_of("simulate", "dinky-dungeon", "--games", "3", "--players", "3", "--json")
    assert [seat["seat"] for seat in simulated["seats"]] == [1, 2, 3]


def _json_commands(command: click.Command, path: tuple[str, ...] = ()) -> list[str]:
    """Every command path with a --json flag (or a JSON format), walking the groups."""
    if isinstance(command, click.Group):
        ctx = click.Context(command)
        found = []
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None
            found += _json_commands(sub, (*path, name))
        return found
    flags = {opt for param in command.params for opt in getattr(param, "opts", ())}
    return [" ".join(path)] if "--json" in flags or path == ("archive", "export") else []


COVERED = {"games", "cards", "deal", "solve", "odds", "rate", "daily", "archive export", "replay",
           "archive list", "archive show", "stats",
           "simulate dinky-dungeon", "simulate five-more-minutes", "simulate five-minute-dungeon",
           "survey"}


def test_every_command_with_json_output_is_checked_here():
    assert set(_json_commands(cli)) == COVERED


def test_the_documentation_names_every_shape_of_the_schema():
    text = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    for shape in SCHEMA["$defs"]:
        if not shape.startswith(("pd_", "position_")):
            assert f"`{shape}`" in text, shape
