"""A command in a pseudo-terminal, typed at like a person (Ctrl-C included), for the tests of
play at a real terminal: click's runner has no terminal, so these check what it can't (that the
prompt really waits, that each screen fits the window, that Ctrl-C stops and saves)."""

from __future__ import annotations

import os
import re
import select
import subprocess
import time

import pytest

pty = pytest.importorskip("pty")  # POSIX only
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")

ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def _take_terminal() -> None:
    """In the child: a session of its own whose controlling terminal is the pseudo-terminal, so
    that Ctrl-C typed there interrupts it as at a real terminal."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """A command running in a pseudo-terminal of `columns` x `rows`."""

    def __init__(self, args: list[str], columns: int = 80, rows: int = 24) -> None:
        self.master, slave = pty.openpty()
        size = rows.to_bytes(2, "little") + columns.to_bytes(2, "little") + bytes(4)
        fcntl.ioctl(slave, termios.TIOCSWINSZ, size)
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        env["TERM"] = "xterm"
        self.process = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave,
                                        env=env, preexec_fn=_take_terminal)
        os.close(slave)
        self.output = b""

    def read_until(self, wanted: bytes, seconds: float = 60) -> bytes:
        """Everything shown up to and including the next `wanted` (the screen so far)."""
        deadline = time.monotonic() + seconds
        start = len(self.output)
        while wanted not in self.output[start:]:
            left = deadline - time.monotonic()
            assert left > 0, f"no {wanted!r} after: {self.output[-2000:]!r}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the other end closed
                    break
                if not chunk:
                    break
                self.output += chunk
        end = self.output.index(wanted, start) + len(wanted)
        return self.output[start:end]

    def type(self, text: bytes) -> None:
        os.write(self.master, text)

    def ctrl_c(self, settle: float = 0.5) -> None:
        """Ctrl-C at the prompt just shown, a moment after it appears as a person's would: a
        signal that arrives after the prompt is written but before the read begins is only
        noticed at the next input (Python's input() checks for signals when its read is
        interrupted), so typed at once it is sometimes lost."""
        time.sleep(settle)
        for _ in range(5):
            self.type(b"\x03")  # as the terminal's line discipline sends it
            # On a loaded machine even a moment may not be enough: when the program has not
            # ended a few seconds after the press, the press was lost, and is made again (a
            # lost signal is only noticed at the next input, so the second one is).
            if self._ended_within(5.0):
                return

    def _ended_within(self, seconds: float) -> bool:
        """Whether the program exits within `seconds` (reading what it writes meanwhile)."""
        deadline = time.monotonic() + seconds
        while self.process.poll() is None and time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:
                    break
        return self.process.poll() is not None

    def finish(self, seconds: float = 60) -> int:
        """Read what is left and wait for the exit status."""
        self._ended_within(seconds)
        # A loaded machine may take a moment more to exit after the last output.
        status = self.process.wait(timeout=10.0)
        os.close(self.master)
        return status


def shown_lines(screen: bytes) -> list[str]:
    """The lines a screen shows, colours and the like taken out."""
    text = ANSI.sub(b"", screen).decode("utf-8", "replace").replace("\r", "")
    return text.split("\n")


class Reader:
    """What the terminal showed, read on from where the last answer ended (`Terminal.read_until`
    skips what came in the same chunk as the text it waited for)."""

    def __init__(self, term: Terminal) -> None:
        self.term, self.at = term, 0

    def until(self, wanted: bytes) -> bytes:
        if wanted not in self.term.output[self.at:]:
            self.term.read_until(wanted)
        end = self.term.output.index(wanted, self.at) + len(wanted)
        shown, self.at = self.term.output[self.at:end], end
        return shown
