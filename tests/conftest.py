"""What the tests share: the `dungeoneer` command through click's test runner at a fixed width
(`run`), the check that a command ended well (`succeeded`), the split of a parametrization
between the default run and the slow one (`slow_after`), and a record file that appears while
`play` runs (`appearing_after_the_check`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from dungeoneer.cli.main import cli

WIDTH = 100
"""The console width commands are run at (COLUMNS), so that whole outputs can be compared."""


def run(*args: str, input: str | None = None, width: int = WIDTH,
        env: Mapping[str, str | None] | None = None) -> Result:
    """`dungeoneer ARGS...` through click's test runner, at `width` columns, with `input` typed
    and `env` set."""
    return CliRunner().invoke(cli, list(args), input=input,
                              env={"COLUMNS": str(width), **(env or {})})


def run_list(args: Sequence[str], **options: object) -> Result:
    """`run` with the arguments as a list."""
    return run(*args, **options)  # type: ignore[arg-type]


def succeeded(result: Result) -> Result:
    """Assert that the command ended with status 0 and raised nothing (click's runner catches
    every exception, so a crash shows only here); returns the result."""
    assert result.exception is None and result.exit_code == 0, result.output
    return result


def failed_cleanly(result: Result, status: int = 2) -> Result:
    """Assert that the command ended with `status` (bad input: 2) through click's exit, not an
    exception it did not expect; returns the result."""
    assert result.exit_code == status, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    return result


PARAM = type(pytest.param())
"""What `pytest.param` makes."""


def slow_after(keep: int, cases: Iterable[object]) -> list[object]:
    """The cases of a parametrization, all but the first `keep` marked `slow`: the default run
    checks a representative few, the slow run (`-m slow`) the rest. A tuple is the values of
    several argument names; a `pytest.param` keeps its id and marks."""
    kept: list[object] = []
    for index, case in enumerate(cases):
        if index < keep:
            kept.append(case)
        elif isinstance(case, PARAM):
            kept.append(pytest.param(*case.values, id=case.id,
                                     marks=[*case.marks, pytest.mark.slow]))
        else:
            values = case if isinstance(case, tuple) else (case,)
            kept.append(pytest.param(*values, marks=pytest.mark.slow))
    return kept


def appearing_after_the_check(monkeypatch: pytest.MonkeyPatch, record: str) -> None:
    """Make a file appear at `record` once `play` has checked its --record name, as another
    process's file would."""
    from dungeoneer.cli import play_puzzle

    real = play_puzzle.output_path

    def appears(path: str, force: bool) -> object:
        checked = real(path, force)
        Path(record).write_text("someone else's\n")
        return checked

    monkeypatch.setattr(play_puzzle, "output_path", appears)


MOVED = ("game.rec: game.rec already exists and was left alone; the result is saved in "
         "game-1.rec instead")
"""What `play` says when its record went beside a file that appeared meanwhile."""
