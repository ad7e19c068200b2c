"""5 More Minutes from the command line."""

import json

from click.testing import CliRunner

from dungeoneer.cli.main import cli


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input, env={"COLUMNS": "100"})


def test_bots_play_a_recorded_game_that_replays(tmp_path):
    out = tmp_path / "game.rec"
    result = run("play", "five-more-minutes", "--players", "3", "--bot", "greedy", "--bot",
                 "random", "--bot", "greedy", "--seed", "7", "--record", str(out))
    assert result.exit_code == 0, result.output
    data = json.loads(run("replay", str(out), "--json").output)
    assert data["outcome"]["termination"] == "finished"


def test_replay_then_and_a_written_die_roll(tmp_path):
    partial = tmp_path / "partial.rec"
    partial.write_text("game: five-more-minutes\nplayers: 2\nseed: 3\n---\nbonus A\n~ 6\n")
    result = run("replay", str(partial), "--then", "greedy")
    assert result.exit_code == 0, result.output
    assert "Game over: finished" in result.output
    bad = tmp_path / "bad.rec"
    bad.write_text("game: five-more-minutes\nplayers: 2\nseed: 3\n---\nbonus C\n")
    result = run("replay", str(bad))
    assert result.exit_code == 2 and f"{bad}:5: 'bonus C'" in result.output
    assert "legal here: bonus A, bonus B" in result.output


def test_simulate_five_more_minutes():
    data = json.loads(run("simulate", "five-more-minutes", "--games", "40", "--players", "3",
                          "--bot", "greedy", "--bot", "random", "--json").output)
    assert [s["games"] for s in data["seats"]] == [40, 40, 40]
    assert data["strategies"]["greedy"]["games"] == 80
    result = run("simulate", "dinky-dungeon", "--games", "5", "--players", "6")
    assert result.exit_code == 2 and "2 to 4 players" in result.output


def test_a_person_at_the_terminal_plays_against_a_bot():
    result = run("play", "five-more-minutes", "--bot", "human", "--bot", "greedy", "--seed", "2",
                 input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Seat 1: bonus" in result.output and "Game over: finished" in result.output
    assert "> seat 2 give 2" not in result.output and "> seat 2 give 3" not in result.output


def test_play_and_simulate_a_variant(tmp_path):
    out = tmp_path / "nightmare.rec"
    result = run("play", "five-more-minutes", "--players", "3", "--variant", "nightmare",
                 "--bot", "greedy", "--bot", "greedy", "--bot", "greedy", "--seed", "4",
                 "--record", str(out))
    assert result.exit_code == 0, result.output
    assert "variant: nightmare" in out.read_text()
    assert json.loads(run("replay", str(out), "--json").output)["outcome"] is not None
    data = json.loads(run("simulate", "five-more-minutes", "--games", "10", "--variant",
                          "rookie,expert", "--json").output)
    assert data["options"] == {"variant": "rookie,expert"} and data["games"] == 10
    result = run("simulate", "five-more-minutes", "--games", "2", "--variant", "spooky")
    assert result.exit_code == 2 and "unknown variant 'spooky'" in result.output
    result = run("simulate", "dinky-dungeon", "--games", "2", "--variant", "expert")
    assert result.exit_code == 2


def test_a_dinky_dungeon_record_from_play_replays(tmp_path):
    out = tmp_path / "dinky.rec"
    result = run("play", "dinky-dungeon", "--players", "2", "--bot", "greedy", "--bot",
                 "greedy", "--seed", "4", "--record", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text().count("players:") == 1
    assert run("replay", str(out)).exit_code == 0
