"""Jobs for tests/test_scale.py, module-level so that spawned worker processes (of a pool or a
Dask LocalCluster) import them: one that waits at a gate, so that a test can kill the worker
running it, and one that kills its own worker."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

GATE_SECONDS = 120.0
"""How long a job waits at its gate at most: a test that fails before opening it must not leave
workers waiting for ever."""

FATAL_JOB = 3
"""The job that `fatal` kills its worker for."""


def started_file(folder: Path, index: int) -> Path:
    """Where job `index` writes the process id of the worker running it."""
    return folder / f"started-{index}"


def gate_file(folder: Path) -> Path:
    """The file whose existence opens the gate."""
    return folder / "open"


def behind_gate(job: tuple[str, int, Callable[[Any], Any], Any]) -> Any:
    """Job (folder, index, function, argument) -> function(argument). Jobs from index 2 on first
    write their worker's process id to `started_file` and wait until `gate_file` exists."""
    folder, index, function, argument = job
    if index >= 2:
        path = Path(folder)
        # Written whole and then renamed: the test never reads half a number.
        partial = path / f"partial-{index}-{os.getpid()}"
        partial.write_text(str(os.getpid()), encoding="utf-8")
        partial.replace(started_file(path, index))
        deadline = time.monotonic() + GATE_SECONDS
        while not gate_file(path).exists():
            if time.monotonic() > deadline:
                raise TimeoutError(f"the gate in {folder} was never opened")
            time.sleep(0.01)
    return function(argument)


def fatal(job: int) -> int:
    """The job itself, but for FATAL_JOB, which ends its worker process at once."""
    if job == FATAL_JOB:
        os._exit(1)
    return job
