"""`dungeoneer odds`: the sampling player's win share with its interval, beside the solver's
verdict; the same figures for the same seed whatever the workers; bad input exits 2."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run

QUICK = ("--samples", "1", "--candidates", "2")
"""The cheapest sampling player, to keep the tests quick."""


def test_odds_of_a_deal_beside_the_solvers_verdict():
    result = run("odds", "42", "--plays", "4", *QUICK, "--workers", "1")
    assert result.exception is None and result.exit_code == 0, result.output
    assert result.output == (  # wrapped at the console's 100 columns
        "A player who cannot see the deck wins 100% of games (95% interval 51%-100%, 4 of 4 "
        "plays); the \n"
        "solver wins it (seeing the deck).\n")


def test_an_unwinnable_deal_is_not_played():
    result = run("odds", "7", "--core")
    assert result.exception is None and result.exit_code == 0, result.output
    assert result.output.startswith(
        "No player wins this deal. The solver proves it unwinnable: ")
    data = json.loads(run("odds", "7", "--core", "--json").output)
    assert data["odds"] is None and data["solver"]["status"] == "unwinnable"


@pytest.mark.slow
def test_the_same_seed_gives_the_same_odds_on_one_worker_and_two():
    args = ("odds", "pd1-g.warrior.5", "--plays", "8", *QUICK, "--seed", "9", "--json")
    one, two = run(*args, "--workers", "1"), run(*args, "--workers", "2")
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert json.loads(one.output) == json.loads(two.output)
    assert json.loads(one.output)["odds"]["games"] == 8
    assert json.loads(one.output)["seed"] == 9


@pytest.mark.slow  # (the stop itself: tests/generator/test_sampling.py)
def test_odds_stop_once_within_the_points_asked_for():
    data = json.loads(run("odds", "42", "--plays", "400", "--within", "45", *QUICK,
                          "--workers", "1", "--json").output)
    assert data["odds"]["games"] == 4  # the first four plays are within +-45 points


@pytest.mark.slow
def test_odds_from_a_record_start_where_it_stops(tmp_path):
    record = tmp_path / "start.rec"
    result = run("play", "puzzle-dungeon", "42", "--record", str(record))
    assert result.exit_code == 0, result.output
    data = json.loads(run("odds", "--from", str(record), "--plays", "4", *QUICK,
                          "--workers", "1", "--json").output)
    assert data["deal"]["file"] == str(record) and data["odds"]["games"] == 4


def test_odds_of_a_finished_game_say_it_is_over():
    from importlib import resources

    won = str(resources.files("dungeoneer.seeds.puzzle_dungeon.examples") / "rogue-win.rec")
    result = run("odds", "--from", won)
    assert result.exit_code == 2 and "the game is over (won: the prey is complete" in result.output
    assert "rogue-win.rec" in result.output  # (a long path is shortened in messages)


@pytest.mark.parametrize(("args", "says"), [
    (["odds"], "give one of SEED, CODE, --deal-file FILE or --from RECORD"),
    (["odds", "42", "--plays", "0"], "a whole number of plays, from 1"),
    (["odds", "42", "--within", "0"], "--within"),
    (["odds", "42", "--samples", "x"], "--samples"),
    (["odds", "42", "--hero", "Nobody"], "unknown hero 'Nobody'"),
    (["odds", "--from", "/no/such.rec"], "/no/such.rec"),
])
def test_bad_input_exits_2_with_one_message(args, says):
    result = run(*args)
    assert result.exit_code == 2 and says in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
