"""A slice of a full-rules search kernel: the triggered abilities of card sets whose abilities
only draw, searched without the engine's objects.

The core-rules kernel (`solver.kernel`) plays deals and attacks. Under the full rules a
defeat also queues abilities: the monster's Loot abilities and the Monster King rule's flip
(itself a triggered ability), which wait together, the player choosing which resolves first;
an ability that says "you may" waits for a yes or a no. This kernel adds that machinery for
card sets whose only abilities are Loot abilities made of `draw` steps, plain or under `may`
(`unsupported` says why another card set is refused). It is a measurement, not a solver
strategy: how fast a position of the full rules' pending abilities can be searched when it is
a few integers and byte strings (benchmarks/baseline.py --slice), against the engine's search on
the same deals. tests/solver/test_trigger_kernel.py plays random games on both and compares
every move and every successor, and whole searches.

A pending ability is a number: its program, the column it names and its subject
(`trigger_code`). A position that waits for a choice among pending abilities keeps them as a
tuple of such numbers in the engine's order; one that waits for a yes or a no keeps the running
ability and its step (`TriggerNode.frame`). Such positions are keyed by every card's identity,
as the engine's search keys a position with pending abilities (`solver.canonical`).

Draws take the deck's top cards, as deals do, so the deck is still the start position's deck
less a count of cards taken from the top.
"""

from __future__ import annotations

from typing import Final, cast

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import (
    KING_FLIP,
    Draw,
    May,
    PuzzleDungeon,
    PuzzleState,
)
from dungeoneer.solver.branches import distinct_resolves
from dungeoneer.solver.kernel import DEAL, Kernel, Node, start_refusal

DRAW_STEP: Final = 0
"""A program step: draw its count of cards."""
MAY_STEP: Final = 1
"""A program step: ask yes or no; no goes to its end."""

YES_MOVE: Final = 1
NO_MOVE: Final = 0

PENDING_KEY: Final = 0x04
"""A key's last byte for a position waiting for a yes or a no, or an order of abilities."""


def unsupported(state: PuzzleState) -> str:
    """Why the slice can't search from this position; empty when it can."""
    game = state.rules
    if game.core:
        return "the slice plays the full rules (the core rules' kernel plays these)"
    return start_refusal(state) or card_set_refusal(game)


def card_set_refusal(game: PuzzleDungeon) -> str:
    """Why the slice can't play this game's card abilities; empty when it can: only Loot
    abilities, each made of `draw` steps, plain or under `may`."""
    if game.setup_traps or game.setup_treasures:
        return "the slice has no Traps & Treasures"
    if len(game.programs) > 255:
        return "more than 255 programs (a pending ability's program is one byte of its key)"
    for ability in game.abilities_in_play():
        if ability.trigger != "loot" or ability.static is not None:
            return f"{ability.label}: the slice plays Loot abilities only"
        if not program_steps(ability.program):
            return f"{ability.label}: the slice plays `draw` steps, plain or under `may`, only"
    return ""


def program_steps(program: tuple[object, ...]) -> list[tuple[int, int]]:
    """A Loot program as the slice runs it: (DRAW_STEP, count) or (MAY_STEP, the step after
    its block) for each step; empty when a step is another kind."""
    steps: list[tuple[int, int]] = []
    for instr in program:
        if isinstance(instr, Draw):
            steps.append((DRAW_STEP, instr.count))
        elif isinstance(instr, May) and isinstance(instr.first, Draw):
            steps.append((MAY_STEP, instr.end))
        else:
            return []
    return steps


def trigger_code(program: int, column: int, subject: int) -> int:
    """A pending ability as one number: its program, the column its context names (-1 for
    none) and its subject. A Loot ability's source is its subject; the King flip has none."""
    return program << 16 | (column + 1) << 8 | subject


class TriggerNode(Node):
    """A position of the slice: the core kernel's fields and the pending abilities."""

    def __init__(self, arsenal: bytes, hand: int, dealt: int, discard: bytes, depths: int,
                 kings: int, exhausted: int, collected: int, dungeon: int, pending: int,
                 payments: list[int] | None, batch: tuple[int, ...], frame: int) -> None:
        super().__init__(arsenal, hand, dealt, discard, depths, kings, exhausted, collected,
                         dungeon, pending, payments)
        self.batch = batch
        """Abilities waiting together (`trigger_code`), in the engine's order: two or more
        when the player picks which resolves first, or those left while one of them runs."""
        self.frame = frame
        """The ability waiting for a yes or a no: its code << 8 | its step; -1 for none."""


class TriggerKernel(Kernel):
    """The slice's rules for one deal: the core kernel's tables, and each program's steps."""

    def __init__(self, root: PuzzleState) -> None:
        super().__init__(root)
        game = root.rules
        self.loot: list[tuple[tuple[int, ...], tuple[int, ...]]] = [
            (tuple(a.id for a in front), tuple(a.id for a in king))
            for front, king in game.loot_abilities]
        """Each monster's Loot abilities (program ids), front face and King face."""
        self.steps: list[list[tuple[int, int]]] = [program_steps(program)
                                                   for program in game.programs]
        """Each program's steps (`program_steps`); the engine's own programs are empty."""
        self.signatures = self.canonical.resolve_signatures
        """The engine's interchangeable pending abilities (`solver.branches`)."""
        self.deck_size = len(root.deck)

    def refusal(self, root: PuzzleState) -> str:
        return unsupported(root)

    # ------------------------------------------------------------------ positions

    def start(self) -> TriggerNode:
        n = super().start()
        return TriggerNode(n.arsenal, n.hand, n.dealt, n.discard, n.depths, n.kings,
                           n.exhausted, n.collected, n.dungeon, -1, None, (), -1)

    def won(self, node: Node) -> bool:
        n = cast(TriggerNode, node)
        if n.frame >= 0 or n.batch:
            return False
        return super().won(node)

    def key(self, node: Node) -> bytes:
        """A quiet position's and a pending payment's key as the core kernel's; a position
        waiting for a choice among abilities, or a yes or a no, by every card's identity and
        the pending abilities, in a layout of its own (its last byte)."""
        n = cast(TriggerNode, node)
        if n.frame < 0 and not n.batch:
            return super().key(node)
        m = self.monster_count
        packed = ((n.depths << m | n.kings) << m | n.exhausted) << 8 | n.dealt
        pending = bytearray((len(n.arsenal), len(n.batch), n.frame >= 0))
        pending += n.arsenal
        for code in n.batch:
            pending += code.to_bytes(3, "big")
        if n.frame >= 0:
            pending += n.frame.to_bytes(4, "big")
        return bytes(pending) + n.discard + (
            ((packed << self.card_count | n.hand) << 8) | PENDING_KEY).to_bytes(
                self.key_width + 1, "big")

    # ------------------------------------------------------------------ moves

    def moves(self, node: Node) -> list[int]:
        """A yes or a no (yes first); an order of abilities (one of each interchangeable kind,
        as `solver.branches` tries); else the core kernel's moves."""
        n = cast(TriggerNode, node)
        if n.frame >= 0:
            return [YES_MOVE, NO_MOVE]
        if n.batch and n.pending < 0:
            return distinct_resolves(self.signatures, [code >> 16 for code in n.batch])
        return super().moves(node)

    def child(self, node: Node, move: int) -> Node:
        n = cast(TriggerNode, node)
        if n.pending >= 0:
            return self.pay(node, n.pending, move)
        if n.frame >= 0:
            trigger, pc = n.frame >> 8, n.frame & 255
            if move == NO_MOVE:
                pc = self.steps[trigger >> 16][pc][1]
            else:
                pc += 1
            return self.settle(n.arsenal, n.discard, n.depths, n.exhausted, n.collected,
                               n.dungeon, n.hand, n.dealt, n.kings, n.batch, trigger, pc)
        if n.batch:
            batch = n.batch
            return self.settle(n.arsenal, n.discard, n.depths, n.exhausted, n.collected,
                               n.dungeon, n.hand, n.dealt, n.kings,
                               batch[:move] + batch[move + 1:], batch[move], 0)
        if move == DEAL:
            card = self.deck[n.dealt]
            return TriggerNode(n.arsenal + bytes((card,)), n.hand, n.dealt + 1, n.discard,
                               n.depths, n.kings, n.exhausted, n.collected, n.dungeon, -1, None,
                               (), -1)
        payments, total = self.payments(node, move)
        if total == 1:  # (paid at once: the engine asks only when there is a choice)
            return self.pay(node, move, payments[0])
        return TriggerNode(n.arsenal, n.hand, n.dealt, n.discard, n.depths, n.kings,
                           n.exhausted, n.collected, n.dungeon, move, payments, (), -1)

    def defeat(self, node: Node, column: int, arsenal: bytes, hand: int, discard: bytes,
               exhausted: int) -> Node:
        """The monster paid for is defeated: its Loot abilities (of the face it shows)
        trigger, it is collected, and the last monster of its type left in the dungeon is to
        flip (a triggered ability); then the abilities resolve (`settle`)."""
        monster = self.front(node, column)
        bit = 1 << monster
        dungeon = node.dungeon & ~bit
        king = node.kings >> monster & 1
        waiting = [trigger_code(ability, column, monster) for ability in self.loot[monster][king]]
        kind = self.type_masks[self.monster_type[monster]] & dungeon
        if kind and not kind & (kind - 1) and not node.kings & kind:  # (one monster left)
            waiting.append(trigger_code(KING_FLIP, -1, kind.bit_length() - 1))
        return self.settle(arsenal, discard, node.depths - (1 << (5 * column)), exhausted,
                           node.collected | bit, dungeon, hand, node.dealt, node.kings,
                           tuple(waiting), -1, 0)

    def settle(self, arsenal: bytes, discard: bytes, depths: int, exhausted: int,
               collected: int, dungeon: int, hand: int, dealt: int, kings: int,
               batch: tuple[int, ...], trigger: int, pc: int) -> TriggerNode:
        """Resolve pending abilities (the one running from step `pc`, if `trigger` is not -1,
        then the batch) until the player must choose or none is left, as the engine's
        `Board.resolve` does, and return the position there. Only the hand, the deck and the
        Monster Kings change while they resolve."""
        deck = self.deck
        while True:
            if trigger >= 0:
                program = trigger >> 16
                if program == KING_FLIP:
                    monster = trigger & 255
                    if dungeon >> monster & 1 and not kings >> monster & 1:
                        kings |= 1 << monster
                    trigger = -1
                    continue
                steps = self.steps[program]
                while pc < len(steps):
                    op, argument = steps[pc]
                    if op == DRAW_STEP:
                        end = min(dealt + argument, self.deck_size)
                        while dealt < end:
                            hand |= 1 << deck[dealt]
                            dealt += 1
                        pc += 1
                    elif dealt == self.deck_size:  # (may draw, with nothing to draw: no choice)
                        pc = argument
                    else:
                        return TriggerNode(arsenal, hand, dealt, discard, depths, kings,
                                           exhausted, collected, dungeon, -1, None, batch,
                                           trigger << 8 | pc)
                trigger = -1
                continue
            if len(batch) == 1:
                trigger, pc, batch = batch[0], 0, ()
                continue
            return TriggerNode(arsenal, hand, dealt, discard, depths, kings, exhausted,
                               collected, dungeon, -1, None, batch, -1)

    # ------------------------------------------------------------------ the engine's words

    def action(self, node: Node, move: int, state: PuzzleState) -> Action:
        n = cast(TriggerNode, node)
        if n.frame >= 0:
            return Action("yes") if move == YES_MOVE else Action("no")
        if n.batch and n.pending < 0:
            return Action("resolve", move)
        return super().action(node, move, state)

