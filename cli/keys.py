"""Single keys from a real terminal, for `dungeoneer timer` and the ticking prompt of a real-time
game (`cli.prompt`): whether stdin can give them, cbreak mode, and reading what was typed within
a time limit. Only Unix has termios; elsewhere `keys_possible` is False and callers read lines.
"""

from __future__ import annotations

import os
import select
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

try:  # termios and tty exist only on Unix; elsewhere the callers fall back to plain lines
    import termios
    import tty
except ImportError:  # pragma: no cover - exercised only on Windows
    termios = None  # type: ignore[assignment]
    tty = None  # type: ignore[assignment]

CTRL_C = "\x03"
"""Ctrl-C as a key: it arrives as a byte only when the terminal does not turn it into SIGINT."""
CTRL_D = "\x04"
"""Ctrl-D as a key: in cbreak mode it is a byte, not the end of input."""


def keys_possible(stdin: TextIO) -> bool:
    """Whether single keys can be read from `stdin`: a terminal, on a system with termios."""
    return termios is not None and stdin.isatty()


@contextmanager
def cbreak(fd: int) -> Iterator[None]:
    """Single keys without Enter or echo while inside; the terminal is restored after."""
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def read_keys(fd: int, timeout: float) -> str | None:
    """The keys typed within `timeout` seconds ("" if none), or None once input is closed."""
    ready, _, _ = select.select([fd], [], [], timeout)
    if not ready:
        return ""
    data = os.read(fd, 64)
    if not data:
        return None
    # Arrow and function keys arrive as escape sequences (F1 is ESC O P); dropping the
    # whole chunk keeps their letters from passing for keys of their own.
    if data.startswith(b"\x1b"):
        return ""
    return data.decode(errors="ignore")
