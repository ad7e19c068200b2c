"""Records close with the result: the winners, each seat's score and who held each seat (a
person, or a bot with its settings), as comment lines a replay ignores; and `replay --then`
tells the finish one move a line with its seat."""

from __future__ import annotations

import json

from tests.conftest import run, succeeded


def test_a_finished_record_says_who_won_the_scores_and_who_played(tmp_path):
    record = tmp_path / "game.rec"
    succeeded(run("play", "dinky-dungeon", "--players", "3", "--bot", "greedy", "--bot",
                  "sampling:samples=2", "--bot", "random", "--seed", "5", "--record",
                  str(record)))
    lines = record.read_text().splitlines()
    assert lines[:4] == [
        "# result: finished (a player reached 18; highest total 24)",
        "# winners: seat 1",
        "# scores: seat 1 24, seat 2 15, seat 3 11",
        "# seats: 1 the greedy bot, 2 the sampling:samples=2 bot, 3 the random bot"]
    replayed = json.loads(succeeded(run("replay", str(record), "--json")).output)
    assert replayed["outcome"]["winners"] == [1] and replayed["outcome"]["scores"] == [24, 15, 11]


def test_a_people_s_record_names_the_people_and_a_team_bot_its_pace(tmp_path):
    people, team = tmp_path / "people.rec", tmp_path / "team.rec"
    succeeded(run("play", "dinky-dungeon", "--players", "2", "--bot", "human", "--bot",
                  "greedy", "--seed", "4", "--record", str(people), input="1\nq\n"))
    assert people.read_text().splitlines()[:2] == [
        "# result: unfinished", "# seats: 1 a person, 2 the greedy bot"]
    succeeded(run("play", "five-minute-dungeon", "--bot", "heuristic", "--seed", "3",
                  "--record", str(team)))
    assert team.read_text().splitlines()[:3] == [
        "# result: won (Baby Barbarian defeated with 15.0 s left)", "# time left: 15 s",
        "# played by: the heuristic bot at 5 s per action"]


def test_replay_then_tells_the_finish_one_move_a_line_with_its_seat(tmp_path):
    start, done = tmp_path / "start.rec", tmp_path / "done.rec"
    succeeded(run("play", "dinky-dungeon", "--players", "2", "--bot", "human", "--bot",
                  "greedy", "--seed", "4", "--record", str(start), input="1\nq\n"))
    result = succeeded(run("replay", str(start), "--then", "greedy", "--out", str(done)))
    told = result.output.split(" more moves by greedy:\n", 1)[1].splitlines()
    moves = [line for line in told if line.startswith("  seat ")]
    assert moves[0].startswith("  seat 1: take ")  # (the bot keeps seat 2's draft first)
    written = done.read_text().split("---\n", 1)[1].splitlines()
    assert len(moves) == len(written) - 2  # the record's own two moves, then the bots'
    assert [m.split(": ", 1)[1] for m in moves] == written[2:]
    header = done.read_text().splitlines()
    assert header[0] == "# moves 1-2 as recorded, then the greedy bot in every seat"
    assert header[1].startswith("# result: finished (")


def test_replay_then_at_a_terminal_counts_the_moves_as_it_finishes(tmp_path, monkeypatch):
    """A finish by bots can be long (a 5-Minute Dungeon campaign of many tries): at a terminal
    it shows the moves played so far, and ends with the same game as in a pipe."""
    from dungeoneer.cli import replay as replay_cli

    start = tmp_path / "start.rec"
    succeeded(run("play", "dinky-dungeon", "--players", "2", "--bot", "human", "--bot",
                  "greedy", "--seed", "4", "--record", str(start), input="1\nq\n"))
    piped = succeeded(run("replay", str(start), "--then", "greedy")).output
    counts: list[int] = []
    finish = replay_cli.finish_with_bots

    def counted(record, state, bot_name, on_turn=None):
        assert on_turn is not None
        return finish(record, state, bot_name,
                      on_turn=lambda moves: (counts.append(moves), on_turn(moves)))

    monkeypatch.setattr(replay_cli, "on_terminal", lambda: True)
    monkeypatch.setattr(replay_cli, "finish_with_bots", counted)
    shown = succeeded(run("replay", str(start), "--then", "greedy")).output
    played = int(piped.split(" more moves by greedy:")[0].rsplit("\n", 1)[1])
    assert counts == list(range(1, played + 1))
    assert shown.endswith(piped.split("moves replayed.\n", 1)[1])
