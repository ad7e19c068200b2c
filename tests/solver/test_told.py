"""How a winning line is told to a person (issue 15): one row a step, saying what it is for, a run
of plain deals in one row; `--verbose` tells everything."""

from __future__ import annotations

from click.testing import CliRunner

from dungeoneer.cli.main import cli
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.solver import WON, solve
from dungeoneer.solver.lines import Step, brief, gloss


def _answer():
    answer = solve(PuzzleDungeon(hero="Rogue").new_initial_state(seed=42), seconds=None,
                   states=20_000, workers=1)
    assert answer.status == WON
    return answer


def test_a_step_answering_a_cards_choice_names_whose_ability_asked():
    asked = "Lich: \u201cLoot: Shuffle any three cards in the discard pile into the deck.\u201d"
    assert gloss(Step(48, "6T", (), asked)) == "Lich's Loot"
    assert gloss(Step(49, "7H", ("You shuffle 6T 7H 2H into the deck.",), asked)) == \
        "Lich's Loot: shuffle 6T 7H 2H into the deck"


def test_what_a_payment_says_already_is_left_out():
    did = ("You discard 3C from the hand.", "You discard 4H from the arsenal.",
           "You exhaust the Haunted Armor.", "Its weapon matches C.",
           "You defeat the Banshee.", "You collect the Banshee.")
    assert gloss(Step(5, "pay 3C 4H Haunted-Armor", did, "Match the Banshee's defense.")) == \
        "defeat the Banshee"


def test_a_run_of_plain_deals_is_one_row_and_every_other_step_its_own():
    told = _answer().steps
    rows = brief(told)
    assert [(r.numbers, r.action, r.gloss) for r in rows[:4]] == [
        ("1", "attack 2", "the Haunted Armor in column 2"),
        ("2", "pay 3C 7C 0H 4M", "defeat the Haunted Armor"),
        ("3", "resolve Haunted-Armor:Loot", "draw 5H"),
        ("4", "attack 2", "the Banshee in column 2")]
    runs = [r for r in rows if "-" in r.numbers]
    assert runs and all(r.action.startswith("deal \u00d7") for r in runs)
    assert ("15-17", "deal \u00d73", "3M 4M 8T to the arsenal") in \
        [(r.numbers, r.action, r.gloss) for r in runs]
    # Every step is told once, in order.
    numbers = []
    for row in rows:
        first, _, last = row.numbers.partition("-")
        numbers += list(range(int(first), int(last or first) + 1))
    assert numbers == [step.number for step in told]


def test_solve_tells_the_line_in_rows_that_fit_the_screen():
    result = CliRunner().invoke(cli, ["solve", "42", "--workers", "1"], env={"COLUMNS": "80"})
    assert result.exception is None and result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Won: a winning line of 62 steps (")
    assert lines[1:4] == [
        "     1. attack 2                       the Haunted Armor in column 2",
        "     2. pay 3C 7C 0H 4M                defeat the Haunted Armor",
        "     3. resolve Haunted-Armor:Loot     draw 5H"]
    assert "    48. 6T                             Lich's Loot" in lines
    assert len(lines) < 62 and all(len(line) <= 80 for line in lines)


def test_solve_verbose_tells_everything_each_step_did():
    result = CliRunner().invoke(cli, ["solve", "42", "--workers", "1", "-v"],
                                env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1:8] == [
        "   1. attack 2", "        You attack the Haunted Armor in column 2.",
        "   2. pay 3C 7C 0H 4M",
        "        (Match the Haunted Armor's defense (Claw Claw Hand Mitt).)",
        "        You discard 3C from the hand.", "        You discard 7C from the hand.",
        "        You discard 0H from the hand."]
