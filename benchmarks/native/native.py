"""The C kernels (the package's solver/csrc/, built here as `ckernel`) as the depth-first loop
sees a kernel: `start`, `moves`, `child`, `key`, `won` come from C; `line` and `position` turn
its positions back into the Python kernel's, whose tables it was built from, and ask that
kernel. The full-rules kernel is the package's `native.NativeRules` on this build.

A pending attack's moves are indexes into the payments the C position keeps, where the Python
kernel's are payment codes: `python_move` turns one into the other."""

from __future__ import annotations

from build import ensure_built
from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import KING_FLIP, PuzzleState
from dungeoneer.solver import native
from dungeoneer.solver.kernel import Kernel, Node
from dungeoneer.solver.native import core_tables
from dungeoneer.solver.rules_kernel import RulesKernel
from dungeoneer.solver.trigger_kernel import TriggerKernel, TriggerNode

ensure_built()
import ckernel  # noqa: E402 (built just above)


def slice_tables(kernel: TriggerKernel) -> dict[str, object]:
    """What the C kernel reads of the slice besides the core tables: each face's Loot programs
    (monster m's front face at 2m, its King face at 2m + 1), each program's steps and
    interchangeability signature, and the King flip's program."""
    return {
        "king_flip": KING_FLIP,
        "loot": [ids for front, king in kernel.loot for ids in (front, king)],
        "steps": kernel.steps,
        "signatures": list(kernel.signatures),
    }


def python_kernel(root: PuzzleState) -> Kernel:
    """The Python kernel for a root: the core rules' or the slice."""
    return Kernel(root) if root.rules.core else TriggerKernel(root)


class NativeKernel(ckernel.Kernel):  # type: ignore[misc,name-defined]
    """The C kernel for one deal, built from a Python kernel's tables."""

    def __init__(self, root: PuzzleState, python: Kernel | None = None) -> None:
        python = python_kernel(root) if python is None else python
        tables = core_tables(python)
        if isinstance(python, TriggerKernel):
            tables.update(slice_tables(python))
        super().__init__(python, **tables)

    def start(self) -> object:
        return self.convert(self.python.start())

    def convert(self, node: Node) -> object:
        """A quiet Python position as a C one."""
        return self.load(node.arsenal, node.hand, node.dealt, node.discard, node.depths,
                         node.kings, node.exhausted, node.collected, node.dungeon)

    def python_node(self, node: object) -> Node:
        """A C position as the Python kernel's."""
        n = node
        payments = self.payment_codes(n)
        if isinstance(self.python, TriggerKernel):
            return TriggerNode(n.arsenal, n.hand, n.dealt, n.discard, n.depths, n.kings,
                               n.exhausted, n.collected, n.dungeon, n.pending, payments,
                               n.batch, n.frame)
        return Node(n.arsenal, n.hand, n.dealt, n.discard, n.depths, n.kings, n.exhausted,
                    n.collected, n.dungeon, n.pending, payments)

    def python_move(self, node: object, move: int) -> int:
        """A C move as the Python kernel's (a payment's index as its code)."""
        codes = self.payment_codes(node)
        return move if codes is None else codes[move]

    def line(self, moves: list[tuple[object, int]]) -> tuple[Action, ...]:
        return self.python.line([(self.python_node(node), self.python_move(node, move))
                                 for node, move in moves])

    def position(self, node: object) -> PuzzleState:
        return self.python.position(self.python_node(node))


def NativeRules(root: PuzzleState, python: RulesKernel | None = None) -> native.NativeRules:
    """The package's C full-rules kernel (solver/native.py), built here for this machine, on
    `python`'s tables (by default the Python kernel in the engine's order)."""
    return native.NativeRules(root, python, guided=False, module=ckernel)
