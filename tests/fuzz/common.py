"""What every fuzz test shares: hostile text, the example records, and the one check that matters
(bad input ends in one clear message and exit status 2, valid input works, nothing crashes).

The number of examples per test is small in the default run, so the suite stays fast, and the
default run is derandomized, so CI always tries the same inputs. `DUNGEONEER_FUZZ=N` draws N fresh
inputs per test instead; the marked run (`python -m pytest -m slow tests/fuzz`) adds larger tests
that draw 500 (or N) fresh inputs each.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from click.testing import Result
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from tests.conftest import run as run_cli
from tests.helpers import installed_seeds

BAD_INPUT = 2

HOSTILE_WORDS: tuple[str, ...] = (
    "", " ", "²", "٣", "0" * 30, "9" * 5000, "-1", "+1", "1.5", "1e3", "nan", "inf", "-inf",
    "18446744073709551615", "18446744073709551616", "2305843009213693952", "1000000000",
    "\x00", "\f", "\v", "\x1c", "\u2028", "\x85", "#", "~", "---", ":", "x" * 5000, "a/" * 3000,
    "../../etc/passwd", "/dev/null", "💀", "é", "\t", "yes", "no", "[1, 2]", "'", '"', "\\",
    "Rogue", "Skull Rogue", "seat 1", "0", "1", "2", "99",
)
"""Words that have broken parsers somewhere: non-ASCII digits, huge numbers, floats that are not
numbers, control characters that some line splitters count as line ends, huge and odd paths."""


def fuzz_settings(default: int = 25, *, slow: bool = False) -> settings:
    """Hypothesis settings for a fuzz test: `default` examples, derandomized, in the default run;
    with DUNGEONEER_FUZZ=N set (or in the slow run, where N defaults to 500), N fresh examples."""
    asked = os.environ.get("DUNGEONEER_FUZZ")
    fresh = slow or asked is not None
    count = int(asked or 500) if fresh else default
    return settings(max_examples=count, deadline=None, derandomize=not fresh,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much],
                    database=None)


def example_records() -> list[Path]:
    """Every example record the package installs, for all four games."""
    folders = ("puzzle_dungeon", "dinky_dungeon", "five_minute_dungeon", "five_more_minutes")
    return sorted(p for f in folders for p in (installed_seeds(f) / "examples").glob("*.rec"))


def hostile_text() -> st.SearchStrategy[str]:
    """A hostile word, a mix of them, or random text."""
    word = st.sampled_from(HOSTILE_WORDS)
    return st.one_of(word, st.lists(word, min_size=1, max_size=3).map(" ".join),
                     st.text(max_size=30))


LINE_DAMAGES = ("line", "insert", "delete", "repeat")
"""The damages `damage_line` knows."""


def damage_line(draw: st.DrawFn, lines: list[str], at: int, how: str) -> None:
    """Damage `lines` at index `at` in place: replace the line with hostile text, insert hostile
    text before it, delete it, or repeat it."""
    if how == "line":
        lines[at] = draw(hostile_text())
    elif how == "insert":
        lines.insert(at, draw(hostile_text()))
    elif how == "delete":
        del lines[at]
    elif how == "repeat":
        lines.insert(at, lines[at])


@functools.cache
def laid_out_deal(seed: int = 42) -> tuple[str, ...]:
    """The lines of a deal file laying out the deal of `seed` by hand, its `seed:` line second."""
    data = json.loads(run(["deal", str(seed), "--json"]).stdout)
    deal, position = data["deal"], data["position"]
    lines = [f"hero: {deal['hero']}", f"seed: {deal['seed']}"]
    lines += [f"column {i + 1}: " + ", ".join(m["name"] for m in column)
              for i, column in enumerate(position["columns"])]
    for zone in ("arsenal", "hand", "deck"):
        lines.append(f"{zone}: " + " ".join(f"{card['value']}{card['suit'][0]}"
                                            for card in position[zone]))
    return tuple(lines)


def run(args: Sequence[str], *, input: str | None = None) -> Result:
    """The command line through click's runner, at a fixed width, in an empty temporary working
    folder (a hostile relative path such as '99' must not land in the checkout)."""
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder):
        return run_cli(*args, input=input)


def assert_clean(result: Result, args: Sequence[str] = ()) -> None:
    """The command worked (status 0) or refused its input in one message with status 2; anything
    else (a traceback, another status) fails with the traceback shown."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        shown = "".join(traceback.format_exception(result.exception))
        raise AssertionError(f"{list(args)!r} crashed:\n{shown}")
    answers = (0, 1, 3) if list(args)[:1] == ["solve"] else (0,)  # solve's won/unwinnable/unknown
    assert result.exit_code in (*answers, BAD_INPUT), (args, result.exit_code,
                                                       result.output[-2000:])
    if result.exit_code == BAD_INPUT:
        # Lines end at '\n' only: a form feed in a quoted file name is not a line end.
        lines = [line for line in result.stderr.split("\n") if line.strip()]
        assert lines, (args, "status 2 with no message")
        # Our errors are one line ('error: ...'); click's usage errors end in 'Error: ...'.
        assert lines[-1].startswith(("error: ", "Error: ")), (args, result.stderr[-2000:])
        if lines[-1].startswith("error: "):
            assert len(lines) == 1, (args, result.stderr[-2000:])
