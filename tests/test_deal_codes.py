"""Deal codes at the command line: a typo is one error (status 2) before any work, never another
deal; a code written before codes had a check character deals with a note on standard error."""

from __future__ import annotations

import json

import pytest

from tests.conftest import failed_cleanly, run, succeeded

CODE = "pd1-4.rogue.42"
OLD = "pd1.rogue.42"
"""Deal 42 of the Rogue, as codes were written before they had a check character."""
NOTE = (f"note: {OLD} has no check character (a code written before codes had one), so a typo "
        f"in it can't be caught; it is read as {CODE}\n")
TYPO = ("the deal code '{}' has a typo: its check character does not fit the rest of it (a "
        "character is wrong, or two are swapped), so it names no deal; copy it again")


def one_error(result, said: str) -> None:
    failed_cleanly(result)
    assert result.output == f"error: {said}\n"


def typos() -> list[str]:
    """Every code one typo from CODE in its seed and its check character that is still written
    like a code: a digit of the seed replaced by another digit, the check character by another
    base-32 digit, or the seed's two digits swapped."""
    found = [CODE[:3] + "-" + digit + CODE[5:] for digit in "0123456789abcdefghjkmnpqrstvwxyz"
             if digit != CODE[4]]
    for at in (12, 13):
        found += [CODE[:at] + digit + CODE[at + 1:] for digit in "0123456789"
                  if digit != CODE[at]]
    return [*found, CODE[:12] + "24"]


@pytest.mark.parametrize("args", [["deal"], ["solve"], ["rate"], ["odds"],
                                  ["play", "puzzle-dungeon"], ["play", "puzzle-dungeon", "--seed"]],
                         ids=" ".join)
def test_a_typo_is_one_error_before_any_work(args):
    typo = "pd1-4.rogue.43"
    one_error(run(*args, typo, input="q\n"), TYPO.format(typo))


def test_every_typo_of_a_code_in_its_seed_or_check_is_refused():
    for typo in typos():
        one_error(run("deal", typo), TYPO.format(typo))


def test_a_code_written_before_check_characters_deals_with_a_note():
    result = succeeded(run("deal", OLD, "--json"))
    assert result.stderr == NOTE
    assert json.loads(result.stdout)["deal"]["code"] == CODE
    assert succeeded(run("deal", CODE, "--json")).stdout == result.stdout
    played = succeeded(run("play", "puzzle-dungeon", OLD, input="q\n"))
    assert played.stderr == NOTE
    assert played.stdout.startswith(f"Puzzle Dungeon, deal {CODE}\n")


def test_a_code_that_is_refused_gets_no_note_beside_its_error():
    """The hyphen typed as a digit leaves a code without a check character, of a card set this
    is not: one error, no note."""
    one_error(run("deal", "pd144.rogue.42"),
              "this code is for card set version 144, and the cards here are version 1")
