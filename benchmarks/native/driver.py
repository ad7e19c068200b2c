"""`KernelDepthFirst`'s start and loop (solver/kernel.py) for any kernel that answers `start`,
`moves`, `child`, `key`, `won` and `line`: the compiled `KernelDepthFirst` takes only a compiled
`Kernel` (mypyc refuses instances of Python subclasses), so the C kernel runs here, and the
Python kernel runs here too, to tell the loop's cost from the kernel's.

The same steps in the same order as `KernelDepthFirst` with no bound and no memory cap: the
same positions counted, the same verdict, the same line."""

from __future__ import annotations

import gc
from typing import Any

from dungeoneer.solver.table import GenerationalTable


def _count(mask: int) -> int:
    return mask.bit_count()


class LoopDepthFirst:
    """Depth-first search on a kernel, up to `positions` new positions."""

    def __init__(self, kernel: Any, positions: int) -> None:
        self.kernel = kernel
        self.limit = positions
        self.states = 0
        self.path: list[bytes] = []
        self.keys = GenerationalTable(None, pinned=self.path)
        self.nodes: list[Any] = []
        self.todo: list[list[int]] = []
        self.via: list[int] = []
        self.far = kernel.start()

    def run(self) -> tuple[str | None, tuple[object, ...]]:
        """The verdict ("won", "unwinnable", or None when the positions ran out) and the won
        line."""
        collecting = gc.isenabled()
        gc.disable()  # (as `KernelDepthFirst.explore`: the positions hold no cycles)
        try:
            return self._run()
        finally:
            if collecting:
                gc.enable()

    def _run(self) -> tuple[str | None, tuple[object, ...]]:
        kernel, table = self.kernel, self.keys
        root = kernel.start()
        if kernel.won(root):
            return "won", ()
        key = kernel.key(root)
        table.insert(key)
        self.states += 1
        nodes, todo, via, path = self.nodes, self.todo, self.via, self.path
        nodes.append(root)
        moves = kernel.moves(root)
        moves.reverse()  # pop() takes the first
        todo.append(moves)
        path.append(key)
        while nodes:
            if self.states >= self.limit:
                return None, ()
            moves = todo[-1]
            if not moves:
                nodes.pop()
                todo.pop()
                path.pop()
                if via:
                    via.pop()
                continue
            move = moves.pop()
            node = nodes[-1]
            child = kernel.child(node, move)
            key = kernel.key(child)
            if not table.insert(key):
                continue
            self.states += 1
            if child.collected != self.far.collected and \
                    _count(child.collected) > _count(self.far.collected):
                self.far = child
            if kernel.won(child):
                return "won", kernel.line([*zip(nodes, [*via, move], strict=True)])
            nodes.append(child)
            moves = kernel.moves(child)
            moves.reverse()
            todo.append(moves)
            via.append(move)
            path.append(key)
        return "unwinnable", ()
