"""The limits' mutations: each documented limit changed by one step in the checkout (`>` to
`>=`, a size off by one), the tests that guard it run, and the change undone. Every mutation
must be killed (some test fails); a survivor is a limit no test holds.

    python -m tests.mutations              # from the checkout, with the developer install

It edits the checkout's files in place (restoring each at once), so run it on a clean tree and
not beside another run of the tests.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUARDS = ("tests/test_limits.py", "tests/test_session.py")
"""The tests that hold the limits."""

MUTATIONS: tuple[tuple[str, str, str], ...] = (
    ("engine/session.py", "if reading > self.limit:", "if reading >= self.limit:"),
    ("engine/session.py", "        taken = min(count, len(self.before))",
     "        taken = min(count, len(self.before) - 1)"),
    ("engine/five_minute_dungeon/clock.py", "    if when > LIMIT:", "    if when >= LIMIT:"),
    ("engine/five_minute_dungeon/clock.py", "        if when != LIMIT and written:",
     "        if when < LIMIT and written:"),
    ("engine/five_minute_dungeon/hands.py", "HAND_SIZE = {2: 5, 3: 4, 4: 3, 5: 3}",
     "HAND_SIZE = {2: 5, 3: 4, 4: 4, 5: 3}"),
    ("engine/five_more_minutes/effects.py", "        if len(hand) <= HAND_LIMIT:",
     "        if len(hand) < HAND_LIMIT:"),
    ("engine/five_more_minutes/effects.py", "HAND_LIMIT = 3\n", "HAND_LIMIT = 4\n"),
    ("engine/five_more_minutes/effects.py",
     "        if len(t.blue[self.seat]) >= t.game.end_threshold:",
     "        if len(t.blue[self.seat]) > t.game.end_threshold:"),
    ("engine/five_more_minutes/game.py", "self.end_threshold = 4 if players <= 3 else 3",
     "self.end_threshold = 4 if players < 3 else 3"),
    ("engine/dinky_dungeon/effects.py", "if any(sum(r) >= t.game.target for r in t.rewards)",
     "if any(sum(r) > t.game.target for r in t.rewards)"),
    ("engine/dinky_dungeon/effects.py", "TARGETS = {2: 20, 3: 18, 4: 16}",
     "TARGETS = {2: 20, 3: 18, 4: 17}"),
    ("engine/dinky_dungeon/effects.py", "ROW = 4\n", "ROW = 5\n"),
)
"""(file, the text as it is, the text mutated)."""


def killed(path: str, old: str, new: str) -> bool:
    """Whether a guard fails with `old` replaced by `new` in `path` (restored afterwards)."""
    file = ROOT / path
    text = file.read_text(encoding="utf-8")
    if text.count(old) != 1:
        raise SystemExit(f"{path}: {old.strip()!r} is not there exactly once")
    file.write_text(text.replace(old, new), encoding="utf-8")
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p",
                               "no:cacheprovider", *GUARDS], cwd=ROOT, capture_output=True,
                              check=False)
    finally:
        file.write_text(text, encoding="utf-8")
    return done.returncode != 0


def main() -> None:
    survivors = 0
    for path, old, new in MUTATIONS:
        dead = killed(path, old, new)
        survivors += not dead
        print(f"{'killed  ' if dead else 'SURVIVED'} {path}: {old.strip()} -> {new.strip()}")
    raise SystemExit(1 if survivors else 0)


if __name__ == "__main__":
    main()
