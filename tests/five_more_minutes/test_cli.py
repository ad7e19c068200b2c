"""5 More Minutes from the command line."""

import json
from dataclasses import replace

from dungeoneer.engine.records import dumps, load_record, replay
from tests.conftest import run


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


def lines_at_80(*args, input=None):
    """The output of a command at an 80-column console, each line without trailing blanks."""
    result = run(*args, input=input, width=80)
    assert result.exit_code == 0, result.output
    return [line.rstrip() for line in result.output.splitlines()]


def test_a_bot_game_ends_with_the_table_and_the_winner_not_json():
    """The end of an all-bot game is the table, every blue value turned over, and the
    winner by name (the 9-point tie goes to the most pink chips)."""
    lines = lines_at_80("play", "five-more-minutes", "--bot", "greedy", "--bot", "greedy",
                        "--seed", "7")
    assert not any(line.lstrip().startswith(("{", "}", '"')) for line in lines)
    assert lines[lines.index("  A 6: the game ends.") + 1:] == """\
5 More Minutes, 2 players: turn 30, the game is over
Seat  Stage          Pink  Yellow  Blue         Cards
  1   2 Light dream     3       1  2+3+4 = 9    1 card
  2   2 Light dream     2       0  2+2+2+3 = 9  1 card
Hands by seat: 1 Coffee; 2 Dream Control
Deck 5 cards; center: 4 pink, 20 yellow, 26 blue; end check at 4 blue chips.
Used cards: 5 More Minutes, Alarm Clock, Coffee, Dream Eater 3, Exploding Head
3, Hallucinations 2, Lucid Dream 3, Pleasant Sleep, Recurring Dream 3, Sleep
Paralysis 2, Sleepwalker 3, Snoring 2
Game over: finished (a 6 was rolled at the end check; most blue points 9)
The winner: seat 1.""".splitlines()


def test_a_person_sees_the_table_with_the_bonuses_spelt_out():
    lines = lines_at_80("play", "five-more-minutes", "--players", "3", "--bot", "human",
                        "--bot", "greedy", "--bot", "greedy", "--seed", "3", input="2\nq\n")
    assert lines[1:15] == """\
5 More Minutes, 3 players: turn 1, seat 1's turn
Seat     Stage             Pink  Yellow  Blue  Cards
▸ 1 you  1 Falling asleep     0       0  -     -
  2      1 Falling asleep     0       0  -     -
  3      1 Falling asleep     0       0  -     -
Your hand: -
Deck 32 cards; center: 9 pink, 21 yellow, 33 blue; end check at 4 blue chips.
Used cards: -
Seat 1 (you), A - Receive Bonus at stage 1 (Falling asleep): choose one
  bonus A: receive 1 card and 1 pink chip
  bonus B: receive 1 card and 1 yellow chip
Seat 1: bonus
  1. bonus A
  2. bonus B
""".splitlines()
    # After bonus B (a card and a yellow chip) and the bots' turns, seat 1 sees its own card
    # and only counts of the others'.
    second = lines[lines.index("5 More Minutes, 3 players: turn 4, seat 1's turn"):]
    assert second[1:6] == [
        "Seat     Stage          Pink  Yellow  Blue  Cards",
        "▸ 1 you  4 Deep dream      0       1  -     1 card",
        "  2      2 Light dream     1       0  -     1 card",
        "  3      4 Deep dream      1       0  -     1 card",
        "Your hand: Pleasant Sleep"]


def test_a_written_shuffle_decides_dream_eaters_blind_pick(tmp_path):
    """docs/records.md: a shuffle may be written as `~ CARD, CARD, ...` under the action that
    made it; for Dream Eater's blind pick (F7), the target's hand in its shuffled order, the last
    card taken."""
    out = tmp_path / "game.rec"
    for seed in range(1, 40):  # a bot game in which a Dream Eater takes a card
        run("play", "five-more-minutes", "--bot", "greedy", "--bot", "greedy", "--seed",
            str(seed), "--record", str(out))
        record = load_record(out)
        _, steps = replay(record, keep_log=True)
        eats = [i for i, s in enumerate(steps) if any("takes a card from" in x for x in s.log)]
        if eats:
            break
    index = eats[0]
    before = steps[index - 1].state
    taker, victim = before.current_player(), 1 - before.current_player()
    wanted = min(before.hands[victim])  # written last: the card taken
    order = [c for c in before.hands[victim] if c != wanted] + [wanted]
    moves = list(record.moves)
    moves[index] = replace(moves[index], chance=(", ".join(order),))
    written = tmp_path / "written.rec"
    written.write_text(dumps(replace(record, moves=tuple(moves[:index + 1]))))
    state, _ = replay(load_record(written))
    assert state.hands[taker].count(wanted) == before.hands[taker].count(wanted) + 1
    assert state.hands[victim].count(wanted) == before.hands[victim].count(wanted) - 1
    wrong = tmp_path / "wrong.rec"
    moves[index] = replace(moves[index], chance=("Pillow",))
    wrong.write_text(dumps(replace(record, moves=tuple(moves[:index + 1]))))
    result = run("replay", str(wrong))
    assert result.exit_code == 2 and "the written order for the hand" in result.output
