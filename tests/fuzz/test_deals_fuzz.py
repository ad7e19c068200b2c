"""Fuzzing deal codes and deal files: real codes and a real deal file, damaged character by
character and line by line, through `dungeoneer deal` and `solve --deal-file`. Each one deals
or gets one message with status 2."""

from __future__ import annotations

import functools
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.common import (
    HOSTILE_WORDS,
    LINE_DAMAGES,
    assert_clean,
    damage_line,
    fuzz_settings,
    hostile_text,
    laid_out_deal,
    run,
)

CODE_CHARACTERS = "0123456789abcdefghjkmnpqrstvwxyz.LZ-_²"


@functools.cache
def _codes() -> tuple[str, str]:
    """The short and layout codes of a deal."""
    data = json.loads(run(["deal", "42", "--hero", "Skull Warrior", "--json"]).stdout)
    return data["deal"]["code"], data["deal"]["layout_code"]


@st.composite
def damaged_code(draw: st.DrawFn) -> str:
    """A deal code with characters replaced, put in or taken out, or a part replaced."""
    code = list(draw(st.sampled_from(_codes())))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(code) - 1))
        how = draw(st.sampled_from(("replace", "insert", "delete", "part")))
        if how == "replace":
            code[at] = draw(st.sampled_from(CODE_CHARACTERS))
        elif how == "insert":
            code.insert(at, draw(st.sampled_from(CODE_CHARACTERS)))
        elif how == "delete" and len(code) > 1:
            del code[at]
        elif how == "part":
            parts = "".join(code).split(".")
            parts[draw(st.integers(0, len(parts) - 1))] = draw(st.sampled_from(HOSTILE_WORDS))
            code = list(".".join(parts))
    return "".join(code)


@st.composite
def damaged_deal_file(draw: st.DrawFn) -> str:
    """The deal file with a value, a card or a line damaged, or a line left out or repeated."""
    lines = list(laid_out_deal())
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(("value", "word", "line", "delete", "repeat")))
        key, _, value = lines[at].partition(":")
        if how == "value":
            lines[at] = f"{key}: {draw(hostile_text())}"
        elif how == "word" and value.split():
            words = value.replace(",", " ").split()
            words[draw(st.integers(0, len(words) - 1))] = draw(st.sampled_from(
                (*HOSTILE_WORDS, "7T", "0H", "Lich", "Dragon")))
            lines[at] = f"{key}: {' '.join(words)}"
        elif how in LINE_DAMAGES:
            damage_line(draw, lines, at, how)
    return "\n".join(lines) + "\n"


@fuzz_settings(30)
@given(damaged_code())
def test_a_damaged_deal_code_deals_or_gets_one_message(code: str) -> None:
    args = ["deal", code]
    assert_clean(run(args), args)


def _solve_file(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deal.txt"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        args = ["solve", "--deal-file", str(path), "--time-limit", "0.05", "--workers", "1"]
        assert_clean(run(args), args)


@fuzz_settings(20)
@given(damaged_deal_file())
def test_a_damaged_deal_file_solves_or_gets_one_message(text: str) -> None:
    _solve_file(text)


def test_the_fuzzers_start_from_a_working_deal_file_and_codes() -> None:
    for code in _codes():
        assert run(["deal", code]).exit_code == 0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deal.txt"
        path.write_text("\n".join(laid_out_deal()) + "\n", encoding="utf-8")
        result = run(["solve", "--deal-file", str(path), "--time-limit", "0.05", "--workers",
                      "1"])
        assert result.exit_code in (0, 3), result.output  # won, or unknown in 0.05 s


@pytest.mark.slow
@fuzz_settings(slow=True)
@given(st.one_of(damaged_code().map(lambda c: ("code", c)),
                 damaged_deal_file().map(lambda t: ("file", t))))
def test_many_damaged_deals(item: tuple[str, str]) -> None:
    kind, text = item
    if kind == "code":
        assert_clean(run(["deal", text]), ["deal", text])
    else:
        _solve_file(text)
