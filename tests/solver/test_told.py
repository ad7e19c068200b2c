"""How a winning line is told to a person: one row a step, saying what it is for, a run
of plain deals in one row; `--verbose` tells everything."""

from __future__ import annotations

from click.testing import CliRunner

from dungeoneer.cli.main import cli
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.solver import WON
from dungeoneer.solver.lines import Step, brief, gloss, steps
from dungeoneer.solver.search import Budget, DepthFirst, portfolio


def _told() -> list[Step]:
    """The steps of the line the guided depth-first search finds for deal 42 (a fixed line
    with long runs of deals and a card chosen for a Loot)."""
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=42)
    found = portfolio(state, [DepthFirst(state)], budget=Budget(states=20_000))
    assert found.status == WON
    return list(steps(state, found.line))


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
    told = _told()
    rows = brief(told)
    assert [(r.numbers, r.action, r.gloss) for r in rows[:4]] == [
        ("1", "attack 2", "the Haunted Armor in column 2"),
        ("2", "pay 4H 2C 8C 4M", "defeat the Haunted Armor"),
        ("3", "resolve Haunted-Armor:Loot", "Haunted Armor's Loot; Rogue's Collect: draw 5H"),
        ("4", "attack 2", "the Banshee in column 2")]
    runs = [r for r in rows if "-" in r.numbers]
    assert runs and all(r.action.startswith("deal \u00d7") for r in runs)
    assert ("19-21", "deal \u00d73", "5M 0C 0M to the arsenal") in \
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
    assert lines[0].startswith("Won: a winning line of 73 steps (nested rollouts; ")
    assert lines[1:5] == [
        "     1. deal                            5H to the arsenal",
        "     2. attack 2                        the Haunted Armor in column 2",
        "     3. pay 3C 7C 0H 4M                 defeat the Haunted Armor",
        "     4. resolve Haunted-Armor:Loot      Haunted Armor's Loot; Rogue's Collect: \u2026"]
    # (at a screen a row is cut to its width; in a file it is whole: tests/test_pipes.py)
    assert "    30. no                              Stone Golem's Loot: decline; Rogue's Co\u2026" \
        in lines
    assert " 14-16. deal \u00d73                         5M 2T 8C to the arsenal" in lines
    assert len(lines) < 73 and all(len(line) <= 80 for line in lines)


def test_solve_verbose_tells_everything_each_step_did():
    result = CliRunner().invoke(cli, ["solve", "42", "--workers", "1", "-v"],
                                env={"COLUMNS": "80"})
    assert result.exception is None and result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1:10] == [
        "   1. deal", "        You deal 5H to the arsenal.",
        "   2. attack 2", "        You attack the Haunted Armor in column 2.",
        "   3. pay 3C 7C 0H 4M",
        "        (Match the Haunted Armor's defense (Claw Claw Hand Mitt).)",
        "        You discard 3C from the hand.", "        You discard 7C from the hand.",
        "        You discard 0H from the hand."]
