"""Reading whole numbers from text typed by people: one function, used by every parser.

`str.isdigit` is true of '²' and '٣', which `int` then refuses or reads as another number, and
`int` refuses strings of more than 4,300 digits (Python's guard against slow conversions). So a
number is read here only when it is plain ASCII digits that fit the range it is checked against,
and every other text is refused without an exception. So are spaces around the digits: the
parsers of lines (records, deal files, the prompt) take them off as they split a line into its
words, and a value given on the command line is taken as it is given.
"""

from __future__ import annotations

import math


def whole_number(text: str, *, least: int = 0, most: int) -> int | None:
    """The number `text` writes in ASCII digits alone (no sign, no spaces around them) when it
    lies in `least`..`most`; otherwise None, never an exception. A line's parser splits off its
    words first, so spaces in a file or at the prompt are its business; a command line's value
    is taken as given, and `--level ' 3'` is no number."""
    if not text or not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(most)):  # too long to be in range: don't ask int() to read it
        return None
    value = int(digits)
    return value if least <= value <= most else None


DECIMAL_LENGTH = 40
"""The most characters a decimal number is read from (`float` reads thousands of digits)."""


def decimal_number(text: str) -> float | None:
    """The finite number `text` writes as `float` reads it, in ASCII alone (`float` also reads
    '٣' and '０.５', and spaces around the number) and at most DECIMAL_LENGTH characters;
    otherwise None (nan and inf too), never an exception. The caller checks the range."""
    if not (text.isascii() and text == text.strip() and len(text) <= DECIMAL_LENGTH):
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """'1 puzzle', '2 puzzles', '0 puzzles' for a message (`nouns`: a plural that is not `noun`
    and an s)."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def shown(text: str, limit: int = 40) -> str:
    """`text` cut short for an error message (a 5,000-digit number is not repeated whole)."""
    return text if len(text) <= limit else text[:limit - 3] + "..."
