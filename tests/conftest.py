"""What the tests share: the `dungeoneer` command through click's test runner at a fixed width
(`run`), and the check that a command ended well (`succeeded`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
