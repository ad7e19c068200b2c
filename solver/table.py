"""Transposition tables with a memory cap: the canonical keys of the positions a search has seen.

A search skips a position whose key is in its table. Soundness needs only that a key in the table
belongs to a position the search has really visited; dropping keys can make it search a position
again, never skip one it has not searched. So a table may forget (docs/solver.md, "Bounded
memory"):

- `Table` keeps every key, up to `capacity`; `full()` then says so (best-first, which must also
  keep its frontier, stops there).
- `GenerationalTable` (depth-first) keeps two generations. Keys go into the current one; when it
  holds half the capacity, the old one is dropped, the current one becomes the old one, and the
  keys of the positions on the search's path (`pinned`) are copied into the new current one. A key
  met in the old generation moves up into the current one, so keys in use survive.

Memory is estimated by counting entries, at a measured cost per entry (below): the same count in
every process and on every machine, so a capped search makes the same moves whatever the worker
count, which the process's resident size would not give.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

MB = 2**20
"""A megabyte, as `--memory` counts it."""

BYTES_PER_KEY = 750
"""What one depth-first table entry costs: the key's own tuples (the classes of the arsenal, hand
and deck; the columns are shared with the positions), its slot in the set, and the search's path.
Measured with tracemalloc (`benchmarks/memory.py`) over 60,000 positions of guided and plain
depth-first on full-rules deals (Rogue 1001, Skull Rogue 0, Skull Warrior 1000, Skull Alchemist
1000, Skull Bodyguard 1001) and a core-rules one (Rogue 1000): 480-730 bytes per entry (the
resident size grows by about 550); rounded up, so the cap errs on the safe side."""

BYTES_PER_FRONTIER_POSITION = 2000
"""What best-first holds per position visited: the table entry plus the frontier node (whose
position shares most of its tuples with its parent's). tracemalloc counts 790-1030 bytes per
position (same runs), but the resident size grows by about 1,800 (Skull Warrior 1000, 60,000
positions, read from /proc/self/statm): the positions it keeps lie scattered among the many it
discards, so the allocator's pages stay part full. Rounded up from the resident figure."""


class Table:
    """A set of keys that holds at most `capacity` of them (None: no cap) and says when it is
    full; it never forgets one."""

    def __init__(self, capacity: int | None = None) -> None:
        self.capacity = capacity
        self.current: set[Hashable] = set()
        self.evicted = 0
        """Keys dropped so far (always 0 here)."""

    def __len__(self) -> int:
        return len(self.current)

    def seen(self, key: Hashable) -> bool:
        """Whether `key` is in the table."""
        return key in self.current

    def add(self, key: Hashable) -> None:
        """Put a key that is not in the table into it."""
        self.current.add(key)

    def insert(self, key: Hashable) -> bool:
        """Put the key in unless the table holds it; whether it was new (`seen`, then `add`
        when not, in one look-up)."""
        current = self.current
        size = len(current)
        current.add(key)
        return len(current) != size

    def full(self) -> bool:
        """Whether the table holds its capacity."""
        return self.capacity is not None and len(self) >= self.capacity


class GenerationalTable(Table):
    """A table of two generations that forgets the older one when the newer one is full; the keys
    in `pinned` (a list the search keeps up to date: its path) are always kept."""

    def __init__(self, capacity: int | None = None, pinned: Sequence[Hashable] = ()) -> None:
        super().__init__(capacity)
        self.old: set[Hashable] = set()
        self.pinned = pinned
        self.generation = None if capacity is None else max(1, capacity // 2)
        self._shared = 0
        """How many keys are in both generations (copied into the current one since the last
        rotation): they are not lost when the old one goes."""

    def __len__(self) -> int:
        return len(self.current) + len(self.old)

    def seen(self, key: Hashable) -> bool:
        if key in self.current:
            return True
        if self.old and key in self.old:  # a key's hash is not cached: skip an empty set
            # It moves up (kept when the old generation goes); it is held already, so this costs
            # a slot, not a key, and makes no room.
            self.current.add(key)
            self._shared += 1
            return True
        return False

    def add(self, key: Hashable) -> None:
        if self.generation is not None and len(self.current) >= self.generation:
            self._rotate()
        self.current.add(key)

    def insert(self, key: Hashable) -> bool:
        """Put the key in unless the table holds it; whether it was new (`seen`, then `add`
        when not, in one look-up while no room has to be made)."""
        current = self.current
        if self.generation is not None and len(current) >= self.generation:
            if self.seen(key):
                return False
            self.add(key)
            return True
        size = len(current)
        current.add(key)
        if len(current) == size:
            return False
        if self.old and key in self.old:  # (moved up, as `seen` does)
            self._shared += 1
            return False
        return True

    def full(self) -> bool:
        return False  # it makes room instead

    def _rotate(self) -> None:
        """Drop the old generation; the current one becomes old; the path stays current."""
        self.evicted += len(self.old) - self._shared
        self.old = self.current
        self.current = set(self.pinned)
        self._shared = len(self.current & self.old)
