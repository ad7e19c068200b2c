"""Records close with the result: the winners, each seat's score and who held each seat (a
person, or a bot with its settings), as comment lines a replay ignores; and `replay --then`
tells the finish one move a line with its seat."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from dungeoneer.cli.options import Terminated
from tests.conftest import failed_cleanly, run, succeeded


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

    def counted(playing, on_turn=None):
        assert on_turn is not None
        return finish(playing, on_turn=lambda moves: (counts.append(moves), on_turn(moves)))

    monkeypatch.setattr(replay_cli, "on_terminal", lambda: True)
    monkeypatch.setattr(replay_cli, "finish_with_bots", counted)
    shown = succeeded(run("replay", str(start), "--then", "greedy")).output
    played = int(piped.split(" more moves by greedy:")[0].rsplit("\n", 1)[1])
    assert counts == list(range(1, played + 1))
    assert shown.endswith(piped.split("moves replayed.\n", 1)[1])


def _stopping_after(monkeypatch, moves, stop):
    """Make the bots of `replay --then` raise `stop` (Ctrl-C's KeyboardInterrupt, or SIGTERM's
    Terminated) once they have played `moves` moves."""
    from dungeoneer.cli import replay as replay_cli

    real = replay_cli.bots_in_every_seat

    class Stopping:
        def __init__(self, bot, chosen):
            self.bot, self.chosen = bot, chosen

        def choose(self, state):
            if len(self.chosen) == moves:
                raise stop()
            self.chosen.append(state)
            return self.bot.choose(state)

    def stopping(record, state, bot_name):
        playing = real(record, state, bot_name)
        chosen: list[object] = []
        playing.seats = [Stopping(bot, chosen) for bot in playing.seats]
        return playing

    monkeypatch.setattr(replay_cli, "bots_in_every_seat", stopping)


@pytest.mark.parametrize(("stop", "status"), [(KeyboardInterrupt, 130), (Terminated, 143)])
@pytest.mark.parametrize("saving", [True, False])
def test_replay_then_stopped_keeps_the_game_so_far_and_says_so(tmp_path, monkeypatch, stop,
                                                               status, saving):
    monkeypatch.chdir(tmp_path)
    succeeded(run("play", "dinky-dungeon", "--players", "2", "--bot", "human", "--bot",
                  "greedy", "--seed", "4", "--record", "start.rec", input="1\nq\n"))
    _stopping_after(monkeypatch, 3, stop)
    result = failed_cleanly(run("replay", "start.rec", "--then", "greedy",
                                *(["--out", "done.rec"] if saving else [])), status)
    said = ("the game so far is saved in done.rec." if saving else
            "the game is not over, and nothing was saved (no --out).")
    assert result.stdout == ""
    assert result.stderr == f"Stopped: greedy had played 3 more moves; {said}\n"
    if saving:
        lines = (tmp_path / "done.rec").read_text().splitlines()
        assert lines[:2] == ["# moves 1-2 as recorded, then the greedy bot in every seat, "
                             "stopped after 3 moves of theirs", "# result: unfinished"]
        again = succeeded(run("replay", "done.rec"))
        assert "5 moves replayed." in again.output
    else:
        assert sorted(p.name for p in tmp_path.iterdir()) == ["start.rec"]


@pytest.mark.slow  # (the command in a process of its own, stopped by a real SIGTERM)
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_replay_then_stopped_by_sigterm_in_a_process_exits_143(tmp_path):
    from tests.fuzz.test_new_surfaces_fuzz import _five_minute_record

    head = _five_minute_record().split("---\n")[0]
    (tmp_path / "campaign.rec").write_text(head + "campaign: yes\ntries: 99\n---\n",
                                           encoding="utf-8")
    process = subprocess.Popen([sys.executable, "-m", "dungeoneer", "replay", "campaign.rec",
                                "--then", "sampling", "--out", "done.rec"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(8)  # started, and finishing: the sampling team takes minutes over 99 tries
    assert process.poll() is None
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 143, err
    assert out == "" and err.startswith("Stopped: sampling had played ")
    assert err.endswith(" more moves; the game so far is saved in done.rec.\n")
    succeeded(run("replay", str(tmp_path / "done.rec")))
