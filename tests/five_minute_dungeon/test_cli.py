"""5-Minute Dungeon from the command line: play, replay (--then), simulate, timer."""

import json

import pytest

from tests.conftest import failed_cleanly, run


def test_a_team_bot_plays_a_timed_run_that_replays(tmp_path):
    out = tmp_path / "run.rec"
    result = run("play", "five-minute-dungeon", "--players", "4", "--bot", "heuristic",
                 "--seed", "1", "--record", str(out))
    assert result.exit_code == 0, result.output
    assert "Game over: won" in result.output
    lines = out.read_text().splitlines()
    assert "heroes: Barbarian, Wizard, Paladin, Ranger" in lines and "boss: 1" in lines
    moves = lines[lines.index("---") + 1:]
    times = [float(m.split()[0]) for m in moves]
    assert times == sorted(times) and times[-1] <= 300.0
    data = json.loads(run("replay", str(out), "--json").output)
    assert data["outcome"]["termination"] == "won" and data["moves"] == len(moves)


def test_people_play_at_the_terminal_with_a_fixed_pace(tmp_path):
    """With --pace, each action a person takes moves the timer on by that much; choosing the
    first legal action again and again ends the run one way or another."""
    out = tmp_path / "people.rec"
    result = run("play", "five-minute-dungeon", "--seed", "4", "--pace", "2",
                 "--record", str(out), input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Anyone: play a card or use an ability" in result.output
    assert "Game over:" in result.output
    first = out.read_text().split("---\n")[1].splitlines()[0]
    assert first.startswith("2.0 seat 1 ")


def test_piped_play_takes_codes_numbers_and_the_notation(tmp_path):
    """Without a terminal the prompt reads lines as before and the list stays numbered (scripts
    and tests use the numbers), and the short codes work too, a shared one asking which."""
    out = tmp_path / "codes.rec"
    result = run("play", "five-minute-dungeon", "--seed", "3", "--pace", "2",
                 "--record", str(out),
                 input="1ar\n2 stop\nju sh\nsw\n1\nseat 1 play Jump\n1x\nhello\nq\n")
    assert result.exit_code == 0, result.output
    assert "  1. seat 1 play Arrow at A Warrior Princess" in result.output
    assert "Your move (number, code, notation, help)> " in result.output
    assert "2 stop-time discarding which? (a letter or words of it; empty: back)\n" \
           "  a) Jump, Scroll+Scroll, Shield\n" in result.output
    assert "seat 1 has no code starting 'x': 1 arrow, 1 divine-shield, 1 jump, 1 scroll" \
        in result.output
    assert "seat N play CARD [at CARD]" in result.output  # the notation's help, not markup
    assert "Stopped." in result.output and " move> " not in result.output  # no ticking line
    assert out.read_text().split("---\n")[1].splitlines() == [
        "2.0 seat 1 play Arrow at A Warrior Princess",
        "4.0 seat 2 use Stop Time discarding Jump, Shield, Sword",  # the timer is paused
        "4.0 seat 1 play Arrow at A Warrior Princess",  # number 1 of the list shown
        "6.0 seat 1 play Jump at A Warrior Princess"]
    assert json.loads(run("replay", str(out), "--json").output)["moves"] == 4


def test_replay_then_finishes_with_the_team_bot(tmp_path):
    partial = tmp_path / "partial.rec"
    partial.write_text("game: five-minute-dungeon\nplayers: 2\nheroes: Wizard, Barbarian\n"
                       "seed: 5\ndungeon: Gorblin, Das Boot!\ndeck 1: Sword, Jump, Fireball\n"
                       "---\n4.0 seat 1 play Fireball at Gorblin\n")
    finished = tmp_path / "finished.rec"
    result = run("replay", str(partial), "--then", "heuristic", "--out", str(finished))
    assert result.exit_code == 0, result.output
    assert "Game over: won" in result.output
    moves = finished.read_text().split("---\n")[1].splitlines()
    assert moves[0] == "4.0 seat 1 play Fireball at Gorblin" and len(moves) > 3
    assert float(moves[1].split()[0]) >= 4.0


def test_bad_records_say_line_and_why(tmp_path):
    bad = tmp_path / "bad.rec"
    bad.write_text("game: five-minute-dungeon\nseed: 5\ndungeon: Gorblin\ndeck 1: Sword\n---\n"
                   "seat 1 play Sword at Gorblin\n")
    result = run("replay", str(bad))
    assert result.exit_code == 2 and f"{bad}:6:" in result.output
    assert "starts with the timer reading" in result.output
    late = tmp_path / "late.rec"
    late.write_text("game: five-minute-dungeon\nseed: 5\ndungeon: Gorblin\n"
                    "deck 1: Sword, Jump\n---\n301.0 seat 1 play Sword at Gorblin\n")
    result = run("replay", str(late))
    assert result.exit_code == 2 and f"{late}:6:" in result.output
    assert "time ran out at 300.0" in result.output and "300.0 time runs out" in result.output
    failed_cleanly(result)


def test_simulate_reports_by_boss_and_players():
    result = run("simulate", "five-minute-dungeon", "--games", "6", "--boss", "1", "--boss",
                 "2", "--players", "2", "--players", "4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["runs"] == 24 and sorted(data["by_boss"]) == ["1", "2"]
    assert sorted(data["by_players"]) == ["2", "4"]
    assert all(entry["games"] == 12 for entry in data["by_boss"].values())
    low, high = data["overall"]["wilson95"]
    assert low <= data["overall"]["share"] <= high
    losses = sum(e["runs"] for e in data["lost_runs_ended_by"].values())
    assert losses == 24 - data["overall"]["wins"]
    table = run("simulate", "five-minute-dungeon", "--games", "3", "--boss", "1", "--players",
                "3")
    assert table.exit_code == 0 and "boss 1" in table.output and "3 players" in table.output


def test_simulate_rejects_what_does_not_fit():
    result = run("simulate", "five-minute-dungeon", "--players", "6", "--games", "1")
    assert result.exit_code == 2 and "2 to 5 players" in result.output
    result = run("simulate", "five-minute-dungeon", "--bot", "heuristic", "--bot", "random")
    assert result.exit_code == 2 and "one team bot" in result.output
    result = run("simulate", "dinky-dungeon", "--boss", "2", "--games", "1")
    assert result.exit_code == 2


def test_the_timer_command_is_there():
    result = run("timer", "--help")
    assert result.exit_code == 0 and "--seconds" in result.output


def test_people_play_against_the_real_clock():
    """Without --pace, a person's action happens when it is chosen: the time since the last
    action moves the timer on, and while the timer is paused it stands still."""
    from dungeoneer.engine.session import FixedPace, RealClock
    from tests.five_minute_dungeon.helpers import start

    readings = iter([100.0, 112.34, 112.34, 150.0])
    clock = RealClock(now=lambda: next(readings))
    state = start(dungeon=["Gorblin", "Steve"])
    assert clock.reading(state) == 123  # 12.34 s later, in tenths
    stop_time = next(a for a in state.legal_actions() if a.kind == "use"
                     and a.arg.ability == "Stop Time")
    paused = state.apply(state.at(stop_time, 123))
    clock.tick()
    assert paused.paused and clock.reading(paused) == 123
    assert FixedPace(2.5).reading(state) == 25


@pytest.mark.slow
def test_a_campaign_at_the_terminal(tmp_path):
    out = tmp_path / "campaign.rec"
    result = run("play", "five-minute-dungeon", "--players", "5", "--campaign", "--bot",
                 "heuristic", "--seed", "3", "--record", str(out))
    assert result.exit_code == 0, result.output
    assert "Baby Barbarian is defeated" in result.output
    assert "On to the next dungeon" in result.output
    assert "campaign: yes" in out.read_text()
    data = json.loads(run("replay", str(out), "--json").output)
    assert data["outcome"]["reason"].startswith(("the campaign is won", "time ran out", "stuck",
                                                 "every player"))


def test_simulate_a_team_of_chosen_heroes():
    """'How likely is a team of these heroes to beat this boss in time?'"""
    result = run("simulate", "five-minute-dungeon", "--games", "5", "--boss", "2", "--heroes",
                 "Ninja, Wizard, Paladin", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["heroes"] == "Ninja, Wizard, Paladin" and list(data["by_players"]) == ["3"]
    assert data["runs"] == 5
    result = run("simulate", "five-minute-dungeon", "--heroes", "Ninja, Thief")
    assert result.exit_code == 2 and "share the Purple mat" in result.output
    result = run("simulate", "five-minute-dungeon", "--heroes", "Ninja, Wizard", "--players", "3")
    assert result.exit_code == 2 and "2 heroes for 3 players" in result.output


def test_chosen_heroes_set_the_team_size(tmp_path):
    """Without --players, a team of named heroes is as large as the list."""
    out = tmp_path / "three.rec"
    result = run("play", "five-minute-dungeon", "--heroes", "Ninja, Wizard, Paladin", "--bot",
                 "heuristic", "--seed", "2", "--record", str(out))
    assert result.exit_code == 0, result.output
    assert "3 players (heroes: Ninja, Wizard, Paladin; boss: 1)" in result.output
    assert "players: 3\n" in out.read_text()
    result = run("play", "five-minute-dungeon", "--heroes", "Ninja, Wizard", "--players", "3",
                 "--bot", "heuristic")
    assert result.exit_code == 2 and "2 heroes for 3 players" in result.output
