"""The command line, run through click's test runner with a fixed-width console."""

import json
from pathlib import Path

import pytest

from dungeoneer.generator.rating import LEVEL_NAMES
from tests.conftest import MOVED, appearing_after_the_check, failed_cleanly, run, succeeded
from tests.fuzz.common import laid_out_deal
from tests.helpers import installed_seeds

EXAMPLES = installed_seeds("puzzle_dungeon") / "examples"


def test_games_lists_the_registered_games():
    result = run("games")
    assert result.exit_code == 0
    assert "puzzle-dungeon" in result.output and "Rogue" in result.output
    data = {g["name"]: g for g in json.loads(run("games", "--json").output)}
    assert data["puzzle-dungeon"]["players"] == [1, 1]
    assert data["dinky-dungeon"]["players"] == [2, 4] and data["dinky-dungeon"][
        "hidden_information"]


def test_deal_draws_the_table():
    result = run("deal", "42")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "Puzzle Dungeon, deal pd1-4.rogue.42, hero Rogue"
    assert all(len(line) <= 100 for line in lines)
    assert "Column 1" in result.output and "Vampire" in result.output
    assert "Arsenal  7T 6C 4C 8C 2C [4H]   (left to right; [front])" in lines
    assert "Prey     Rogue: chest 0/4, goblin 0/2, wisp 0/2" in lines


def test_deal_json_has_the_documented_shape():
    data = json.loads(run("deal", "42", "--json").output)
    assert list(data) == ["deal", "position"]
    deal, position = data["deal"], data["position"]
    assert deal["code"] == "pd1-4.rogue.42" and deal["layout_code"].startswith("pd1-1.rogue.L.")
    assert deal["seed"] == 42 and deal["hero"] == "Rogue" and deal["file"] is None
    assert [m["name"] for m in position["columns"][0]] == ["Vampire", "Lich", "Blue Devil",
                                                          "Werewolf", "Ratman"]
    assert position["arsenal"][-1] == {"suit": "Hand", "value": 4}  # the front
    assert len(position["hand"]) == 6 and len(position["deck"]) == 20


def test_deal_with_another_hero():
    data = json.loads(run("deal", "42", "--hero", "skull rogue", "--json").output)
    assert data["deal"]["hero"] == data["position"]["hero"] == "Skull Rogue"


@pytest.mark.parametrize(("args", "message"), [
    (["deal", "x"], "a deal is a seed (a whole number"),
    (["deal", "1", "--hero", "Nobody"], "unknown hero 'Nobody'"),
    (["deal", "1", "--cards", "/no/such/folder"], "does not exist"),
])
def test_bad_input_exits_2_with_one_message(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output
    failed_cleanly(result)


def test_play_numbered_actions_and_save_the_record(tmp_path):
    path = tmp_path / "game.rec"
    result = run("play", "puzzle-dungeon", "--seed", "42", "--record", str(path),
                 input="1\ndeal\nq\n")
    assert result.exit_code == 0, result.output
    assert "  1. deal" in result.output and "Stopped." in result.output
    text = path.read_text()
    assert text.startswith("# result: unfinished\n# played by: a person\ngame: puzzle-dungeon\n"
                           "seed: 42\nhero: Rogue\n")
    assert text.endswith("---\ndeal\ndeal\n")
    replay = run("replay", str(path), "--json")
    assert json.loads(replay.output)["moves"] == 2


def test_play_reports_a_bad_move_and_asks_again():
    result = run("play", "puzzle-dungeon", "--seed", "42", input="attack 9\nq\n")
    assert "not legal here" in result.output and "Stopped." in result.output


def test_play_refuses_to_overwrite_a_record(tmp_path):
    path = tmp_path / "game.rec"
    path.write_text("keep me")
    result = run("play", "puzzle-dungeon", "--seed", "1", "--record", str(path), input="q\n")
    assert result.exit_code == 2 and "already exists" in result.output
    assert path.read_text() == "keep me"


def test_replay_an_example_to_its_end():
    result = run("replay", str(EXAMPLES / "rogue-win.rec"))
    assert result.exit_code == 0
    assert "34 moves replayed." in result.output
    assert "Game over: won (the prey is complete (chest 4/4, goblin 2/2, wisp 2/2))" in \
        result.output


def test_replay_step_by_step_shows_each_move_and_what_it_did():
    result = run("replay", str(EXAMPLES / "written-shuffle.rec"), "--step")
    assert result.exit_code == 0
    assert "step 1: attack 1 (record line 12)" in result.output  # (as --at counts)
    assert "You shuffle 2H 3H 4H 5H into the deck." in result.output
    assert "The game is not over." in result.output


def test_replay_json():
    data = json.loads(run("replay", str(EXAMPLES / "rogue-win.rec"), "--json").output)
    assert data["outcome"]["termination"] == "won" and data["moves"] == 34


def test_replay_stops_at_the_first_illegal_line(tmp_path):
    path = tmp_path / "bad.rec"
    path.write_text("game: puzzle-dungeon\nseed: 42\n---\ndeal\nattack 4\n")
    result = run("replay", str(path))
    assert result.exit_code == 2
    assert result.output.startswith(f"error: {path}:5: 'attack 4': this action is not legal here;"
                                    " legal here: deal, attack 2")
    failed_cleanly(result)


def test_replay_a_malformed_record(tmp_path):
    path = tmp_path / "bad.rec"
    path.write_text("game: puzzle-dungeon\nseed 42\n---\n")
    result = run("replay", str(path))
    assert result.exit_code == 2
    assert f"{path}:2: 'seed 42': expected a header line 'key: value'" in result.output


def test_replay_a_missing_file():
    result = run("replay", "/no/such.rec")
    assert result.exit_code == 2 and "no such file" in result.output


def test_solve_a_seed_prints_numbered_steps_and_saves_a_replayable_record(tmp_path):
    out = tmp_path / "win.rec"
    result = run("solve", "42", "--time-limit", "30", "--out", str(out))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Won: a winning line of ")
    assert lines[1].strip().startswith("1. ")
    replayed = run("replay", str(out))
    assert "Game over: won" in replayed.output


def test_solve_json_has_the_documented_shape():
    data = json.loads(run("solve", "42", "--json").output)
    assert data["status"] == "won"
    assert list(data) == ["deal", "status", "line", "positions", "seconds", "method", "reason"]
    line = data["line"]
    assert [step["step"] for step in line] == list(range(1, len(line) + 1))
    for step in line:
        assert list(step) == ["step", "action", "answers", "did"]
        assert isinstance(step["action"], str) and step["action"]
        assert step["answers"] is None or isinstance(step["answers"], str)
        assert all(isinstance(said, str) for said in step["did"])
    attacks = [i for i, step in enumerate(line) if step["action"].startswith("attack ")]
    payment = line[attacks[0] + 1]
    assert payment["action"].startswith("pay ")
    assert payment["answers"].startswith("Match the ") and "defense" in payment["answers"]


def test_solve_json_names_the_deal_by_its_codes_and_seed(tmp_path):
    """A program reading `solve --json` learns which deal was solved."""
    data = json.loads(run("solve", "pd1-m.warrior.5000", "--json").output)
    layout = json.loads(run("deal", "pd1-m.warrior.5000", "--json").output)["deal"]["layout_code"]
    assert data["deal"] == {"game": "puzzle-dungeon", "hero": "Warrior", "seed": 5000,
                            "code": "pd1-m.warrior.5000", "layout_code": layout, "file": None}
    record = tmp_path / "r.rec"
    record.write_text("game: puzzle-dungeon\nseed: 5000\nhero: Warrior\n---\n")
    from_record = json.loads(run("solve", "--from", str(record), "--json").output)
    assert from_record["deal"] == {"game": "puzzle-dungeon", "hero": "Warrior", "seed": 5000,
                                   "code": None, "layout_code": None, "file": str(record)}


def test_solve_gives_the_same_answer_on_two_workers_as_on_one(monkeypatch):
    """The workers start at once here (no hand-over delay), so the second process really
    searches; everything but the timing is the same."""
    import multiprocessing

    from dungeoneer.solver import parallel

    monkeypatch.setattr(parallel, "HANDOVER", 0.0)
    answers = []
    for workers in ("1", "2"):
        result = run("solve", "42", "--workers", workers, "--memory", "64", "--json")
        assert result.exit_code == 0, result.output
        answers.append(json.loads(result.output))
    one, two = answers
    assert one.pop("seconds") >= 0 and two.pop("seconds") >= 0
    assert one == two and one["status"] == "won"
    assert not multiprocessing.active_children()


@pytest.mark.parametrize(("option", "value", "says"), [
    ("--workers", "0", "a whole number of processes, from 1 to 64, not '0'"),
    ("--workers", "two", "a whole number of processes, from 1 to 64, not 'two'"),
    ("--memory", "0", "a whole number of MB, 1 or more, not '0'"),
    ("--memory", "1.5", "a whole number of MB, 1 or more, not '1.5'"),
    ("--memory", "-8", "a whole number of MB, 1 or more, not '-8'"),
    ("--workers", "\u00b2", "a whole number of processes, from 1 to 64, not '\u00b2'"),
    ("--memory", "9" * 5000, "a whole number of MB, 1 or more, not '" + "9" * 37 + "...'"),
])
def test_solve_refuses_bad_workers_and_memory(option, value, says):
    result = run("solve", "42", option, value)
    assert result.exit_code == 2 and says in result.output


def test_solve_an_unwinnable_core_deal():
    result = run("solve", "7", "--core", "--json")
    data = json.loads(result.output)
    assert data["status"] == "unwinnable" and data["line"] == []
    assert result.exit_code == 1  # proven unwinnable


def test_solve_reports_unknown_when_time_runs_out(tmp_path):
    out = tmp_path / "none.rec"
    result = run("solve", "0", "--hero", "Skull Rogue", "--time-limit", "0.01", "--out", str(out))
    assert result.exit_code == 3  # unknown: the time ran out
    assert result.output.startswith("Unknown: the budget ran out")
    assert "No record written" in result.output and not out.exists()


def test_solve_a_deal_file(tmp_path):
    deal = tmp_path / "table.deal"
    deal.write_text(
        "# the deal of seed 42, laid out by hand\n"
        "hero: Rogue\n"
        "column 1: Vampire, Lich, Blue Devil, Werewolf, Ratman\n"
        "column 2: Stone-Golem Skeleton Mutant Banshee Haunted-Armor\n"
        "column 3: Ghost Goblin Witch Dragon Minotaur\n"
        "column 4: Reaper Cultist Animated-Weapons Automaton Cyclops\n"
        "arsenal: 7T 6C 4C 8C 2C 4H\n"
        "hand: 3C 7C 0H 4M 6M 8M\n"
        "deck: 5H 6T 3H 4T 5C 5M 0C 0M 8H 6H 3M 7M 7H 2H 3T 2M 5T 2T 8T 0T\n"
        "seed: 42\n")
    out = tmp_path / "win.rec"
    result = run("solve", "--deal-file", str(deal), "--out", str(out))
    assert result.output.startswith("Won:"), result.output
    assert "column 1: Vampire, Lich" in out.read_text()
    assert "Game over: won" in run("replay", str(out)).output


@pytest.mark.parametrize("option", [["--core"], ["--hero", "Warrior"]])
@pytest.mark.parametrize("source", ["--deal-file", "--from"])
def test_a_file_with_its_own_header_refuses_game_options(tmp_path, source, option):
    """A deal file or record says which hero and rules it is played with: `--core` or `--hero`
    beside it is refused, not silently ignored."""
    path = tmp_path / "start.txt"
    path.write_text("hero: Rogue\nseed: 42\n" if source == "--deal-file" else
                    "game: puzzle-dungeon\nseed: 42\nhero: Rogue\n---\ndeal\n")
    result = run("solve", source, str(path), *option)
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert f"{option[0]} can't be given with {source}: the file's header says" in result.output


def test_solve_from_a_partial_record(tmp_path):
    partial = tmp_path / "partial.rec"
    partial.write_text("game: puzzle-dungeon\nseed: 42\nhero: Rogue\n---\ndeal\ndeal\n")
    out = tmp_path / "finished.rec"
    result = run("solve", "--from", str(partial), "--out", str(out))
    assert result.output.startswith("Won:")
    assert out.read_text().split("---\n")[1].startswith("deal\ndeal\n")
    assert "Game over: won" in run("replay", str(out)).output


def test_solve_needs_exactly_one_start():
    result = run("solve")
    assert result.exit_code == 2 and "give one of SEED" in result.output


def test_a_bad_deal_file_names_the_line(tmp_path):
    deal = tmp_path / "bad.deal"
    deal.write_text("hero: Rogue\ncolumn 1: Goblin Goblin\n")
    result = run("solve", "--deal-file", str(deal))
    assert result.exit_code == 2
    # The second Goblin is at fault: its line.
    assert result.output.startswith(f"error: {deal}:2: 'column 1: Goblin Goblin': every monster "
                                    "of the game must be placed")
    # Cards only missing: no one line is at fault, so the file.
    deal.write_text("hero: Rogue\ncolumn 1: Goblin\n")
    result = run("solve", "--deal-file", str(deal))
    assert result.exit_code == 2
    assert result.output.startswith(f"error: {deal}: every monster of the game must be placed")
    # A card placed twice across zones: the line of its second place.
    lines = laid_out_deal()
    hand = next(i for i, line in enumerate(lines) if line.startswith("hand: "))
    arsenal_front = lines[hand - 1].split()[-1]
    lines = (*lines[:hand], " ".join([*lines[hand].split()[:-1], arsenal_front]), *lines[hand + 1:])
    deal.write_text("\n".join(lines) + "\n")
    result = failed_cleanly(run("solve", "--deal-file", str(deal)))
    assert result.output.startswith(f"error: {deal}:{hand + 1}: '{lines[hand]}': every arsenal "
                                    f"card must be placed exactly once; missing: ")
    assert result.output.rstrip().endswith(f"repeated: {arsenal_front}")
    (tmp_path / "bad2.deal").write_text("hero: Rogue\ncolumn 1: Gobbo\n")
    result = run("solve", "--deal-file", str(tmp_path / "bad2.deal"))
    expected = f"{tmp_path / 'bad2.deal'}:2: 'column 1: Gobbo': unknown monster 'Gobbo'"
    assert expected in result.output


def test_deal_accepts_a_deal_code_in_either_form():
    by_seed = json.loads(run("deal", "42", "--hero", "Skull Rogue", "--json").output)
    by_code = json.loads(run("deal", "pd1-g.skull-rogue.42", "--json").output)
    by_layout = json.loads(run("deal", by_seed["deal"]["layout_code"], "--json").output)
    assert by_code == by_seed
    assert by_layout["position"] == by_seed["position"]
    assert by_layout["deal"]["code"] == by_seed["deal"]["layout_code"]


def test_a_deal_code_names_its_own_hero():
    result = run("deal", "pd1-4.rogue.42", "--hero", "Warrior")
    assert result.exit_code == 2 and "names its hero" in result.output


def test_a_bad_deal_code_is_one_clear_error():
    result = run("deal", "pd1.rogue.L.u1")
    assert result.exit_code == 2
    assert result.output.strip() == "error: 'u' is not a base-32 digit of a layout code"


def test_solve_a_layout_code_writes_a_record_that_replays_to_a_win(tmp_path):
    layout = json.loads(run("deal", "42", "--json").output)["deal"]["layout_code"]
    out = tmp_path / "win.rec"
    result = run("solve", layout, "--time-limit", "20", "--out", str(out), "--json")
    assert json.loads(result.output)["status"] == "won"
    assert "monsters:" in out.read_text()
    replayed = run("replay", str(out))
    assert replayed.exit_code == 0 and "Game over: won" in replayed.output


def test_replay_then_needs_a_game_with_bots():
    result = run("replay", str(EXAMPLES / "rogue-win.rec"), "--then", "greedy")
    assert result.exit_code == 2 and "there are no bots for puzzle-dungeon" in result.output


def test_play_refuses_options_of_other_games():
    result = run("play", "puzzle-dungeon", "--bot", "greedy")
    assert result.exit_code == 2 and "--bot is not an option of puzzle-dungeon" in result.output
    result = run("play", "dinky-dungeon", "--boss", "2")
    assert result.exit_code == 2 and "(it is for five-minute-dungeon)" in result.output
    result = run("play", "five-minute-dungeon", "--hero", "Rogue")
    assert result.exit_code == 2 and "--hero is not an option" in result.output


def test_solve_takes_only_puzzle_positions(tmp_path):
    record = tmp_path / "dinky.rec"
    record.write_text("game: dinky-dungeon\nplayers: 2\nseed: 3\n---\n")
    result = run("solve", "--from", str(record))
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)  # no traceback
    assert result.output.startswith(f"error: {record}: this is a game of Dinky Dungeon; the "
                                    "solver and the ratings take Puzzle Dungeon positions")


def test_an_output_folder_that_does_not_exist_is_refused_before_the_game(tmp_path):
    missing = tmp_path / "missing" / "game.rec"
    result = run("play", "dinky-dungeon", "--bot", "greedy", "--bot", "greedy", "--record",
                 str(missing))
    assert result.exit_code == 2 and "does not exist" in result.output
    assert "Game over" not in result.output


@pytest.mark.parametrize("typed", ["", "attack 2\n"])
def test_end_of_input_stops_a_game_and_saves_its_record(tmp_path, typed):
    """End of input (or Ctrl-C, which click's prompt turns into the same Abort) stops
    the game like 'q' and still writes the record that was asked for."""
    record = tmp_path / "game.rec"
    result = run("play", "puzzle-dungeon", "--seed", "42", "--record", str(record), input=typed)
    assert result.exit_code == 0, result.output
    assert result.output.endswith(f"Stopped.\nRecord saved to {record}.\n")
    lines = record.read_text().splitlines()
    assert lines[0] == "# result: unfinished"
    assert lines[lines.index("---") + 1:] == ([typed.strip()] if typed else [])


def test_play_puzzle_dungeon_takes_a_deal_code_and_records_its_hero(tmp_path):
    record = tmp_path / "game.rec"
    result = run("play", "puzzle-dungeon", "pd1-5.warrior.42", "--record", str(record),
                 input="attack 2\nq\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Puzzle Dungeon, deal pd1-5.warrior.42\n")
    assert record.read_text().splitlines()[2:] == ["game: puzzle-dungeon", "seed: 42",
                                                   "hero: Warrior", "---", "attack 2"]


def test_play_puzzle_dungeon_goes_on_from_a_saved_record(tmp_path):
    first, second = tmp_path / "a.rec", tmp_path / "b.rec"
    run("play", "puzzle-dungeon", "42", "--traps", "Owner's Manual", "--record", str(first),
        input="attack 2\nq\n")
    assert "traps: Owner's Manual" in first.read_text()
    result = run("play", "puzzle-dungeon", "--from", str(first), "--record", str(second),
                 input="q\n")
    assert result.exit_code == 0, result.output
    assert second.read_text().split("---\n")[1] == first.read_text().split("---\n")[1]


@pytest.mark.slow
def test_the_daily_puzzle_played_to_a_win_ends_with_a_share_block(tmp_path):
    archive = tmp_path / "archive.sqlite3"
    shown = run("daily", "2026-01-05", "--archive", str(archive), "--reveal", "--json")
    puzzle = json.loads(shown.output)
    actions = [step["action"] for step in puzzle["line"]]
    result = run("play", "puzzle-dungeon", "--daily", "2026-01-05", "--archive", str(archive),
                 input="\n".join(actions) + "\n")
    assert result.exit_code == 0, result.output
    share = result.output.splitlines()[-6:-1]
    level = puzzle["rating"]["level"]
    assert share == ["dungeoneer daily No. 5 · 2026-01-05",
                     f"{puzzle['deal']['hero']} · level {level} ({LEVEL_NAMES[level]})",
                     f"Won in {len(actions)} moves ★", "no hints, no undos",
                     "Play it: dungeoneer play puzzle-dungeon --daily 2026-01-05"]
    assert not any(step in "\n".join(share) for step in actions if " " in step)


@pytest.mark.parametrize(("args", "says"), [
    (["--daily", "--hero", "Rogue"], "--hero can't be given with --daily"),
    (["42", "--seed", "5"], "give one of SEED|CODE (or --seed), --daily, --from or --winnable"),
    (["42", "--winnable"], "give one of SEED|CODE (or --seed), --daily, --from or --winnable"),
    (["pd1-4.rogue.42", "--hero", "Warrior"], "a deal code names its hero; leave out --hero"),
    (["--daily", "2026-13-01"], "a date is written YYYY-MM-DD"),
])
def test_play_puzzle_dungeon_refuses_clashing_sources(tmp_path, args, says):
    result = run("play", "puzzle-dungeon", *args, "--archive", str(tmp_path / "a.sqlite3"))
    assert result.exit_code == 2 and says in result.output, result.output


def test_undo_takes_moves_back_and_the_record_keeps_only_what_stands(tmp_path):
    record = tmp_path / "game.rec"
    result = run("play", "puzzle-dungeon", "42", "--record", str(record),
                 input="deal\ndeal\ndeal\nundo 2\nundo x\nq\n")
    assert result.exit_code == 0, result.output
    assert "Took back 2 moves." in result.output
    assert "undo takes a number of moves, not 'x'" in result.output
    assert record.read_text().split("---\n")[1] == "deal\n"


def test_undo_with_nothing_played_says_so():
    result = run("play", "puzzle-dungeon", "42", input="undo\nq\n")
    assert "Nothing to undo." in result.output


def test_text_shows_a_cards_printed_abilities():
    result = run("play", "puzzle-dungeon", "42", input="text Rogue\ntext Nobody\nq\n")
    assert ("Rogue\n  hero: When you collect a monster, draw a card.\n"
            "  hero: Trophy: Reverse the order of any column.\n") in result.output
    assert "no card called 'Nobody' has printed text" in result.output


def test_help_lists_the_table_commands():
    result = run("play", "puzzle-dungeon", "42", input="help\nq\n")
    for command in ("undo [N]", "hint", "text NAME", "help", "q "):
        assert f"  {command}" in result.output


def test_hint_solver_is_the_solvers_next_step():
    """Bodyguard 5021 is won by the solver in a few dozen positions: `hint solver` gives its
    first step."""
    from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
    from dungeoneer.solver import solve

    state = PuzzleDungeon(hero="Bodyguard").new_initial_state(seed=5021)
    first = solve(state, seconds=5, workers=1).steps[0].action
    result = run("play", "puzzle-dungeon", "5021", "--hero", "Bodyguard",
                 input="hint solver\nq\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert f"Hint: {first} (the solver's next step, seeing the deck: " in result.output


def test_a_hint_is_the_sampling_players_choice_and_gives_nothing_of_the_deck_away():
    """The hint is what `generator.sampling.suggest` plays, from what the player sees: the same
    hint whatever the order of the deck."""
    from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
    from dungeoneer.engine.puzzle_dungeon.information import information_set
    from dungeoneer.generator.sampling import HINT_SAMPLES, suggest

    state = PuzzleDungeon(hero="Bodyguard").new_initial_state(seed=5021)
    idea = suggest(state, seed=1)
    assert suggest(information_set(state).sample(3), seed=1) == idea
    result = run("play", "puzzle-dungeon", "5021", "--hero", "Bodyguard", input="hint\nq\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert (f"Hint: {state.action_text(idea.action)} (it won {idea.wins} of {HINT_SAMPLES} "
            "ways the deck might lie, played out without looking at the deck). The position "
            "can still be won.") in " ".join(result.output.split())


@pytest.mark.parametrize(("folder", "name", "last"), [
    ("dinky_dungeon", "game-3p-seed-1.rec", "The winner: seat 2."),
    ("five_more_minutes", "game-3p-expert-seed-1.rec", "The winner: seat 2."),
    ("five_minute_dungeon", "boss-fight-won.rec",
     "Game over: won (Baby Barbarian defeated with 264.0 s left)"),
])
def test_the_end_of_a_game_names_the_winner(folder, name, last):
    """A competitive game names its winner (seats from 1); a cooperative one says how
    the team did."""
    result = run("replay", str(installed_seeds(folder) / "examples" / name))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == last


def test_winners_are_named_in_one_line():
    from dungeoneer.cli.play import winners_line

    assert winners_line(()) == "Nobody won."
    assert winners_line((0, 2)) == "The winners: seat 1 and seat 3."
    assert winners_line((0, 1, 3)) == "The winners: seat 1, seat 2 and seat 4."


def test_piped_output_keeps_its_lines_whole():
    """Without a terminal (and no COLUMNS asking for a width) text is not wrapped at 80
    columns; the deal's legend is one line."""
    piped = run("deal", "42", env={"COLUMNS": None})
    legend = [line for line in piped.output.splitlines() if line.startswith("Each card:")]
    assert len(legend) == 1 and len(legend[0]) > 80
    assert legend[0].endswith("Monster King")


def test_the_texts_of_abilities_triggered_together_are_shown_with_the_choice():
    """When several abilities trigger together, the player sees what each one does."""
    from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
    from dungeoneer.engine.puzzle_dungeon.screen import abilities_deciding
    from dungeoneer.engine.rng import Stream

    state, stream = PuzzleDungeon(hero="Rogue").new_initial_state(seed=42), Stream(3)
    while not (state.stack and hasattr(state.stack[-1], "triggers")):
        assert abilities_deciding(state) == []
        state = state.apply(stream.choice(state.legal_actions()))
    assert abilities_deciding(state) == [
        ("Haunted-Armor:Loot", "Loot: Ready a collected monster."),
        ("Rogue:Collect", "When you collect a monster, draw a card.")]
    assert state.prompt() == "Several abilities triggered together: choose which to resolve first."


def test_save_writes_the_record_so_far(tmp_path):
    record, other = tmp_path / "game.rec", tmp_path / "other.rec"
    result = run("play", "puzzle-dungeon", "42", "--record", str(record),
                 input=f"deal\nsave\ndeal\nsave {other}\nsave {other}\nundo 2\nq\n")
    assert result.exit_code == 0, result.output
    assert f"Saved to {record}." in result.output and f"Saved to {other}." in result.output
    assert f"{other} already exists" in result.output  # another file is never overwritten
    assert other.read_text().split("---\n")[1] == "deal\ndeal\n"
    assert record.read_text().split("---\n")[1] == ""  # the end, after the undo, is what stands


def test_save_puts_the_record_beside_a_record_file_that_appeared_meanwhile(tmp_path,
                                                                           monkeypatch):
    monkeypatch.chdir(tmp_path)
    appearing_after_the_check(monkeypatch, "game.rec")
    result = failed_cleanly(run("play", "puzzle-dungeon", "42", "--record", "game.rec",
                                input="deal\nsave\ndeal\nsave game.rec\nq\n"))
    prompts = result.output.split("Your move (number, notation, help)> ")
    assert prompts[2] == f"save\n{MOVED}\n"  # the first save: where the record went
    assert prompts[4] == "save game.rec\nSaved to game-1.rec.\n"  # the next: its new place
    assert prompts[5] == f"q\nStopped.\nerror: {MOVED}\n"  # and the end, status 2
    assert Path("game.rec").read_text() == "someone else's\n"
    assert Path("game-1.rec").read_text().split("---\n")[1] == "deal\ndeal\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-1.rec", "game.rec"]


def test_a_record_file_that_appeared_meanwhile_is_left_alone_at_the_end(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    appearing_after_the_check(monkeypatch, "game.rec")
    result = failed_cleanly(run("play", "puzzle-dungeon", "42", "--record", "game.rec",
                                input="deal\nq\n"))
    assert result.output.endswith(f"> q\nStopped.\nerror: {MOVED}\n")
    assert Path("game.rec").read_text() == "someone else's\n"
    assert Path("game-1.rec").read_text().split("---\n")[1] == "deal\n"


def test_a_save_refused_at_the_table_says_what_can_be_done_there(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("other.rec").write_text("someone else's\n")
    result = succeeded(run("play", "puzzle-dungeon", "42", input="save other.rec\nq\n"))
    assert result.output.split("Your move (number, notation, help)> ")[1] == (
        "save other.rec\nother.rec: other.rec already exists; save under another name "
        "(save FILE)\n")
    assert Path("other.rec").read_text() == "someone else's\n"


def test_save_without_a_file_says_what_it_needs():
    result = run("play", "puzzle-dungeon", "42", input="save\nq\n")
    assert "save needs a file: save FILE (or start with --record FILE)" in result.output


def test_a_move_at_an_80_by_24_terminal_fits_the_screen():
    """The compact table, the choice and the prompt fit 24 lines at 80 columns, even
    for the long choice of payments after 'attack 2' in deal 42 (15 sets of cards, each in
    several orders: the list numbers each set once)."""
    result = run("play", "puzzle-dungeon", "42", input="attack 2\nq\n", width=80)
    assert result.exit_code == 0, result.output
    screens = result.output.split("Your move (number, notation, help)> ")
    for number, screen in enumerate(screens[:-1]):
        lines = screen.strip("\n").splitlines()
        if number:
            lines = lines[1:]  # the answer echoed here is on the prompt's line at a terminal
        assert len(lines) + 1 <= 24, screen  # and the prompt's line
        assert all(len(line) <= 80 for line in lines)
    payment = screens[1]
    assert " 15. pay 4H 2C 8C 8M" in payment and " 16. " not in payment
    assert "Type hand cards in the order to discard them" in payment


@pytest.mark.slow
def test_play_winnable_deals_a_random_deal_the_solver_wins(tmp_path):
    """A way to play only winnable deals."""
    import re

    from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
    from dungeoneer.generator.rating import SOLVE_POSITIONS
    from dungeoneer.solver import WON, solve

    result = run("play", "puzzle-dungeon", "--winnable", "--hero", "Warrior", input="q\n")
    assert result.exception is None and result.exit_code == 0, result.output
    found = re.match(r"Puzzle Dungeon, deal pd1-[0-9a-z]\.warrior\.(\d+), winnable: the solver "
                     r"won it$", result.output.splitlines()[0])
    assert found, result.output.splitlines()[0]
    state = PuzzleDungeon(hero="Warrior").new_initial_state(seed=int(found.group(1)))
    assert solve(state, seconds=None, states=SOLVE_POSITIONS, workers=1).status == WON
