"""The C kernel (kernel.c) as the depth-first loop sees a kernel: `start`, `moves`, `child`,
`key`, `won` come from C; `line` and `position` turn its positions back into the Python
kernel's, whose tables it was built from, and ask that kernel.

A pending attack's moves are indexes into the payments the C position keeps, where the Python
kernel's are payment codes: `python_move` turns one into the other."""

from __future__ import annotations

from build import ensure_built
from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import (
    FIRST_CARD_PROGRAM,
    KING_FLIP,
    PuzzleState,
    weapon_choices,
)
from dungeoneer.solver.kernel import HAND_SHIFT, Kernel, Node
from dungeoneer.solver.rules_kernel import (
    NO_TRAPS_TREASURES,
    PAY,
    TREASURE_ACTION,
    TRIGGER_LOOT,
    TRIGGERS,
    RulesKernel,
    Spot,
    Statements,
    attachment,
    dungeon_layout,
    order_code,
    pending_abilities,
)
from dungeoneer.solver.trigger_kernel import TriggerKernel, TriggerNode

LAST_NATIVE_STEP = TRIGGER_LOOT
"""The last of the Python kernel's steps (by number) the C kernel plays: those after it are
the Traps & Treasures' (the Treasure action, modes, 'for each')."""

ensure_built()
import ckernel  # noqa: E402 (built just above)


def class_firsts(kernel: Kernel) -> bytes:
    """Each card class's first card id (classes are runs of consecutive ids)."""
    first = bytearray(kernel.card_count)
    for card in reversed(range(kernel.card_count)):
        first[kernel.classes[card]] = card
    return bytes(first)


def core_tables(kernel: Kernel) -> dict[str, object]:
    """What the C kernel reads of a core-rules kernel, as bytes and lists of masks."""
    return {
        "suit": bytes(kernel.suit),
        "classes": kernel.classes,
        "first": class_firsts(kernel),
        "defense": bytes(count for face in kernel.defense for count in face),
        "arms": bytes(count for face in kernel.arms for count in face),
        "choices": [[suits for suits, _counts in face] for face in kernel.weapons],
        "kind_masks": [kernel.type_masks[kind] for kind in kernel.monster_type],
        "columns": [bytes(column) for column in kernel.columns],
        "deck": bytes(kernel.deck),
        "prey": [(kind, kernel.type_masks[kind] if kind >= 0 else 0, need)
                 for kind, need in kernel.prey],
        "suit_masks": list(kernel.suit_masks),
    }


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


def played_steps(kernel: RulesKernel) -> list[list[tuple[int, int]]]:
    """Each program's steps, by program id, for the programs this game can run: the engine's
    own but the Treasure action, and the abilities in play but those set off after set up,
    which have fired before any position is searched (the others are left empty: the Traps &
    Treasures among them, and the first dealt card's attachment, take steps the C kernel does
    not play)."""
    in_play = {ability.id for ability in kernel.root.rules.abilities_in_play()
               if ability.trigger != "after_setup"}
    return [steps if program in in_play or (program < FIRST_CARD_PROGRAM
                                            and program != TREASURE_ACTION) else []
            for program, steps in enumerate(kernel.steps)]


def rules_table(kernel: RulesKernel) -> list[int]:
    """What the C full-rules kernel reads of a `RulesKernel` besides the core tables, as one
    list of numbers in the order kernel's `setup` (rules.c) reads them."""
    def statement(statements: Statements) -> list[int]:
        blocked = sum(1 << reference for reference in statements.blocked)
        ignored = sum(1 << TRIGGERS.index(kind) for kind in statements.ignored
                      if kind in TRIGGERS)
        wild = sum(1 << value for value in statements.wild)
        return [blocked, int(statements.no_weapons), ignored, wild, statements.wild_weapons]

    table = [len(kernel.steps), KING_FLIP, int(kernel.shuffles), kernel.mask_width,
             int(kernel.order_read), int(kernel.order_always), kernel.order_monsters,
             kernel.order_kings, kernel.static_kings, *statement(kernel.hero_statements)]
    for program, steps in enumerate(played_steps(kernel)):
        kind = kernel.trigger_kind[program]
        table += [len(steps), *(n for op_arg in steps for n in op_arg),
                  kernel.signatures[program], TRIGGERS.index(kind) if kind in TRIGGERS else -1,
                  *kernel.card_filters[program]]
    for monster in range(kernel.monster_count):
        for ids in kernel.loot[monster]:
            table += [len(ids), *ids]
        statics = kernel.king_statics[monster]
        table += [int(kernel.trophy_types[monster]), len(statics)]
        for static, while_collected in statics:
            table += [*statement(Statements([(static, monster)])), int(while_collected)]
    for event in range(len(TRIGGERS)):
        hero = kernel.hero_abilities[event]
        table += [len(hero), *(int(n) for ability in hero for n in ability),
                  kernel.king_events[event]]
        for abilities in kernel.king_abilities[event]:
            table += [len(abilities), *(int(n) for ability in abilities for n in ability)]
    for weapon in kernel.weapon_suits:  # (by face: the suits matched when it is wild)
        choices = weapon_choices(weapon, True)
        table += [len(choices), *(n for suits, _counts in choices for n in (len(suits), *suits))]
    table += [len(kernel.type_masks), *kernel.type_masks]
    return table + list(kernel.value)


class NativeRules(ckernel.RulesKernel):  # type: ignore[misc,name-defined]
    """The C full-rules kernel for one deal, built from a `RulesKernel`'s tables. A payment's
    moves are indexes into the position's payments: `python_move` turns them into codes."""

    def __init__(self, root: PuzzleState, python: RulesKernel | None = None) -> None:
        python = RulesKernel(root) if python is None else python
        if python.with_tt or any(op > LAST_NATIVE_STEP for steps in played_steps(python)
                                 for op, _argument in steps):
            raise ValueError("the C kernel does not play Traps & Treasures yet")
        super().__init__(python, **core_tables(python))
        self.setup(rules_table(python))

    def start(self) -> object:
        root = self.python.root
        dungeon = sum(1 << monster for column in root.columns for monster in column)
        return self.start_from(root.arsenal, root.hand, root.discard, root.kings,
                               root.exhausted, root.collected, dungeon,
                               dungeon_layout(root.columns), root.deck,
                               b"".join(attachment(a.card, a.host, a.status, a.exhausted)
                                        for a in root.attached),
                               0 if root.rng is None else root.rng,
                               pending_abilities(root.stack))

    def payment_codes(self, spot: object) -> list[int] | None:
        """A payment's offer as the Python kernel's codes (`kernel.HAND_SHIFT`), or None."""
        parts = self.payment_parts(spot)
        if parts is None:
            return None
        python = self.python
        weapon_shift = HAND_SHIFT + python.card_count
        return [taken | chosen << HAND_SHIFT | weapons << weapon_shift
                | order_code(tuple(order)) << python.order_shift
                for taken, chosen, weapons, order in parts]

    def python_node(self, spot: object) -> Spot:
        """A C position as the Python kernel's."""
        s = spot
        payments = self.payment_codes(s) if s.decision == PAY else s.options
        return Spot(s.arsenal, s.hand, s.discard, s.kings, s.exhausted, s.collected,
                    s.dungeon, s.pending, payments, s.columns, s.layout, s.deck, s.attached,
                    NO_TRAPS_TREASURES, s.stream, s.stack, s.decision)

    def python_move(self, spot: object, move: int) -> int:
        """A C move as the Python kernel's (a payment's index as its code)."""
        if spot.decision != PAY:
            return move
        codes = self.payment_codes(spot)
        assert codes is not None
        return codes[move]

    def line(self, moves: list[tuple[object, int]]) -> tuple[Action, ...]:
        return self.python.line([(self.python_node(spot), self.python_move(spot, move))
                                 for spot, move in moves])

    def position(self, spot: object) -> PuzzleState:
        return self.python.position(self.python_node(spot))
