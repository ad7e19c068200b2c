"""Ctrl-C and SIGTERM held over a step that must finish whole.

A batch that writes as it goes counts what it wrote, and says on a stop what it kept. Python
runs a signal's handler between any two steps of Python code, so a stop could fall between a
line reaching its file and the line being counted (the count then says one less than the file
holds, and a file believed empty could be removed with its line), or between a puzzle being
stored and being counted. `stops_held()` puts such a step out of a stop's reach: a Ctrl-C or
SIGTERM that comes meanwhile takes effect as soon as the step ends.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

STOPS = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop a command: Ctrl-C and SIGTERM."""


@contextlib.contextmanager
def stops_held() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM until the block ends, then act on the first that came as it
    would have (its handler runs, or the default action). Only the main thread handles
    signals, so elsewhere the block runs as it is. If the block raises, that error goes on and
    the stop is dropped: the command ends anyway."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[signal.Signals] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        came.append(signal.Signals(signum))

    before = {signum: signal.signal(signum, hold) for signum in STOPS}
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
    if came:
        _act_on(came[0], before[came[0]])


def _act_on(signum: int, handler: Callable[[int, FrameType | None], Any] | int | None) -> None:
    """Do what `signum` would have done under `handler` (as `signal.signal` returned it)."""
    if callable(handler):
        handler(signum, None)
    elif handler == signal.SIG_IGN:
        return
    elif signum == signal.SIGINT:
        raise KeyboardInterrupt
    else:  # the default action of SIGTERM: end the process, by the signal itself
        os.kill(os.getpid(), signum)
