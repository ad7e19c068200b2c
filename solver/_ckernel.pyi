# The C kernels (solver/csrc/), built by a compiled install only (setup.py): what the package
# uses of them. solver/native.py drives them.

from typing import Any

class Spot:
    """A full-rules position (the Python kernel's `Spot`, field for field)."""

    arsenal: bytes
    hand: int
    discard: bytes
    kings: int
    exhausted: int
    collected: int
    dungeon: int
    pending: int
    columns: tuple[bytes, ...]
    layout: bytes
    deck: bytes
    attached: bytes
    stream: int
    stack: tuple[Any, ...]
    decision: int
    options: list[int] | None
    tt: tuple[bytes, bytes, bytes]

class Kernel:
    card_count: int
    python: Any
    def __init__(self, python: Any, **tables: object) -> None: ...

class RulesKernel(Kernel):
    def setup(self, table: list[int], /) -> None: ...
    def start_from(self, arsenal: bytes, hand: int, discard: bytes, kings: int,
                   exhausted: int, collected: int, dungeon: int, layout: bytes, deck: bytes,
                   attached: bytes, stream: int, stack: tuple[Any, ...],
                   tt: tuple[bytes, bytes, bytes], /) -> Spot: ...
    def moves(self, spot: Spot, /) -> list[int]: ...
    def child(self, spot: Spot, move: int, /) -> Spot: ...
    def key(self, spot: Spot, /) -> bytes: ...
    def won(self, spot: Spot, /) -> bool: ...
    def payment_parts(self, spot: Spot, /) -> list[tuple[int, int, int, bytes]] | None: ...
    def search(self, root: Spot, capacity: int | None, fail_at: int = -1, /) -> Search: ...

class Search:
    """A resumable depth-first search (`RulesKernel.search`)."""

    states: int
    evicted: int
    far: Spot
    depth: int
    line: list[tuple[Spot, int]] | None
    size: int
    def run(self, limit: int, resumed: bool, /) -> str | None: ...
