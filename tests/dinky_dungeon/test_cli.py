"""Dinky Dungeon from the command line (click's test runner, fixed-width console)."""

import json

import pytest

from tests.conftest import failed_cleanly, run


def test_a_game_of_bots_is_recorded_and_replays_to_the_same_end(tmp_path):
    out = tmp_path / "game.rec"
    result = run("play", "dinky-dungeon", "--players", "3", "--bot", "greedy", "--bot", "random",
                 "--bot", "greedy", "--seed", "9", "--record", str(out))
    assert result.exit_code == 0, result.output
    assert "Game over: finished" in result.output
    text = out.read_text()
    assert "game: dinky-dungeon" in text and "players: 3" in text and "seed: 9" in text
    replayed = run("replay", str(out), "--json")
    data = json.loads(replayed.output)
    assert data["outcome"]["termination"] == "finished"
    final = result.output.split("Game over: finished (", 1)[1].split(")")[0]
    assert final == data["outcome"]["reason"]


def test_a_person_plays_a_seat_at_the_terminal(tmp_path):
    # Seat 1 is a person who types numbers; seat 2 is a bot. '1' always picks the first action.
    result = run("play", "dinky-dungeon", "--bot", "human", "--bot", "greedy", "--seed", "4",
                 input="1\n" * 300)
    assert result.exit_code == 0, result.output
    assert "Seat 1: take an adventurer from the row" in result.output
    assert "Game over: finished" in result.output


def test_replay_then_finishes_a_record_with_bots(tmp_path):
    partial = tmp_path / "partial.rec"
    partial.write_text("game: dinky-dungeon\nplayers: 2\nseed: 3\n---\n")
    finished = tmp_path / "finished.rec"
    result = run("replay", str(partial), "--then", "greedy", "--out", str(finished))
    assert result.exit_code == 0, result.output
    assert "more moves by greedy" in result.output and "Game over: finished" in result.output
    again = run("replay", str(finished))
    assert again.exit_code == 0 and "Game over: finished" in again.output
    assert run("replay", str(partial), "--then", "nobody").exit_code == 2


def test_a_bad_record_names_the_line_the_text_and_what_was_legal(tmp_path):
    bad = tmp_path / "bad.rec"
    bad.write_text("game: dinky-dungeon\nplayers: 2\nseed: 3\n---\nkeep Bard\n")
    result = run("replay", str(bad))
    assert result.exit_code == 2
    assert result.output.startswith(f"error: {bad}:5: 'keep Bard': ")
    assert "legal here: keep" in result.output
    worse = tmp_path / "worse.rec"
    worse.write_text("game: dinky-dungeon\nplayers: 5\n---\n")
    result = run("replay", str(worse))
    assert result.exit_code == 2 and f"{worse}:2" in result.output and "2 to 4" in result.output
    nonsense = tmp_path / "nonsense.rec"
    nonsense.write_text("game: dinky-dungeon\nseed: 3\n---\nfly away\n")
    result = run("replay", str(nonsense))
    assert result.exit_code == 2 and "is not a Dinky Dungeon action" in result.output
    failed_cleanly(result)


@pytest.mark.slow
def test_simulate_reports_intervals_and_does_not_depend_on_workers():
    one = json.loads(run("simulate", "dinky-dungeon", "--games", "60", "--players", "3",
                         "--bot", "greedy", "--bot", "random", "--json").output)
    two = json.loads(run("simulate", "dinky-dungeon", "--games", "60", "--players", "3",
                         "--bot", "greedy", "--bot", "random", "--workers", "2",
                         "--json").output)
    assert one == two
    assert [s["games"] for s in one["seats"]] == [60, 60, 60]
    greedy = one["strategies"]["greedy"]
    low, high = greedy["wilson95"]
    assert low <= greedy["share"] <= high
    assert set(one["cards"]) <= {"Necromancer", "Magician", "Summoner", "Shaman",
                                       "Swordsman", "Bard", "Berserker", "Assassin", "Fighter",
                                       "Ninja", "Clown", "Scapegoat", "Monk", "Lord"}
    shown = run("simulate", "dinky-dungeon", "--games", "20")
    assert shown.exit_code == 0 and "win share" in shown.output


def test_unknown_bots_are_one_clear_error():
    result = run("play", "dinky-dungeon", "--bot", "genius")
    assert result.exit_code == 2 and "unknown bot 'genius' for dinky-dungeon" in result.output


def test_a_bots_hidden_choices_are_not_shown_to_a_person():
    result = run("play", "dinky-dungeon", "--bot", "human", "--bot", "greedy", "--seed", "4",
                 input="1\n" * 300)
    assert "> seat 2 keeps an adventurer" in result.output
    assert "> seat 2 keep " not in result.output
