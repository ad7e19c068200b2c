"""The full-rules kernel in C, and the depth-first search that runs on it.

solver/csrc/ holds the search kernels written in C, built as the optional extension
`dungeoneer.solver._ckernel` by an install wherever a C compiler works (setup.py). Where it is
not built (no C compiler, `DUNGEONEER_COMPILE=0`, an editable install) `BUILT` is False and the
solver searches with the Python kernel, `rules_kernel.RulesKernel`, which stays the reference:
the C kernel is its port, step for step, and its positions' keys are the same bytes
(tests/solver/test_native.py walks both side by side on every hero face).

The C kernel reads its tables off a `RulesKernel` made for the same position (`core_tables`,
`rules_table`) and plays every position the Python one does, in the same order, up to its
sizes (`refusal` says where it can't start, and the Python kernel searches there).
`NativeDepthFirst` is `KernelDepthFirst`'s search with its loop and its table in C too: the same
positions in the same order, the same verdicts and lines, the same memory cap. A won line is
turned into the Python kernel's moves, then the engine's actions, and the solver replays it
through the engine like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import (
    FIRST_CARD_PROGRAM,
    KING_FLIP,
    PuzzleState,
    weapon_choices,
)
from dungeoneer.solver.kernel import (
    HAND_SHIFT,
    KERNEL_BYTES_PER_KEY,
    Kernel,
    KernelDepthFirst,
)
from dungeoneer.solver.rules_kernel import (
    ATTACH_FIRST_DEALT,
    PAY,
    TRIGGERS,
    Pend,
    RulesKernel,
    Spot,
    Statements,
    attachment,
    dungeon_layout,
    order_code,
    pending_abilities,
    unsupported,
)
from dungeoneer.solver.search import UNWINNABLE, WON, Report, Strategy, Verdict

try:
    from dungeoneer.solver import _ckernel
except ImportError:  # (a pure build)
    _ckernel = None  # type: ignore[assignment]

BUILT = _ckernel is not None
"""Whether the C kernel is built (an install on a machine with a C compiler)."""

LAST_NATIVE_STEP = ATTACH_FIRST_DEALT
"""The last of the Python kernel's steps (by number) the C kernel plays: all of them."""

TIME_CHECK = 4096
"""Positions the C search counts between two looks at the clock (a few milliseconds)."""


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


def pending_programs(stack: tuple[Pend, ...]) -> set[int]:
    """The programs of a stack of pending abilities (`rules_kernel.pending_abilities`): those
    running and those waiting in it."""
    return {program for frame in stack
            for program in (frame[0], *(trigger[0] for trigger in frame[5]))}


def played_steps(kernel: RulesKernel) -> list[list[tuple[int, int]]]:
    """Each program's steps, by program id, for the programs this game can run: the engine's
    own, and the abilities in play but those set off after set up, which have fired before any
    position is searched unless the start has them pending (the others are left empty)."""
    root = kernel.root
    pending = pending_programs(pending_abilities(root.stack))
    in_play = {ability.id for ability in root.rules.abilities_in_play()
               if ability.trigger != "after_setup" or ability.id in pending}
    return [steps if program in in_play or program < FIRST_CARD_PROGRAM else []
            for program, steps in enumerate(kernel.steps)]


def _statement(statements: Statements) -> list[int]:
    blocked = sum(1 << reference for reference in statements.blocked)
    ignored = sum(1 << TRIGGERS.index(kind) for kind in statements.ignored if kind in TRIGGERS)
    wild = sum(1 << value for value in statements.wild)
    return [blocked, int(statements.no_weapons), ignored, wild, statements.wild_weapons]


def rules_table(kernel: RulesKernel) -> list[int]:
    """What the C full-rules kernel reads of a `RulesKernel` besides the core tables, as one
    list of numbers in the order its `setup` (solver/csrc/rules.c) reads them."""
    table = [len(kernel.steps), KING_FLIP, int(kernel.shuffles), kernel.mask_width,
             int(kernel.order_read), int(kernel.order_always), kernel.order_monsters,
             kernel.order_kings, kernel.static_kings, *_statement(kernel.hero_statements)]
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
            table += [*_statement(Statements([(static, monster)])), int(while_collected)]
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
    table += list(kernel.value)
    table += [int(kernel.guided), *kernel.monster_type]
    table += [int(kernel.with_tt), len(kernel.tt_types)]
    for t, of_type in enumerate(kernel.tt_types):
        table += [of_type, kernel.trap_programs[t], kernel.treasure_programs[t],
                  int(kernel.order_tt[t])]
    return table + first_dealt(kernel)


def first_dealt(kernel: RulesKernel) -> list[int]:
    """By suit (four): the first card of it dealt at set up, or -1 (`AttachFirstDealt`)."""
    found = [-1] * 4
    for card in reversed(kernel.root.setup_deals):
        if kernel.suit[card] < 4:
            found[kernel.suit[card]] = card
    return found


def python_refusal(kernel: RulesKernel) -> str:
    """Why the C kernel can't play what this Python kernel plays; empty when it can."""
    if any(op > LAST_NATIVE_STEP for steps in played_steps(kernel) for op, _argument in steps):
        return "a step the C kernel does not play"
    return ""


class NativeRules:
    """The C full-rules kernel for one position, built from a `RulesKernel`'s tables (made
    here, in the guided order unless asked otherwise, unless given). Its moves are the Python
    kernel's but for a payment's, which are indexes into the position's payments:
    `python_move` turns them into codes. Raises RuntimeError where the C kernel is not built,
    ValueError where the Python kernel can't start or the C one does not play the cards,
    OverflowError for a deal beyond its sizes. `module` is the extension to use (another
    build of solver/csrc/, as benchmarks/native/ makes)."""

    def __init__(self, root: PuzzleState, python: RulesKernel | None = None, *,
                 guided: bool = True, module: Any = None) -> None:
        module = _ckernel if module is None else module
        if module is None:
            raise RuntimeError("the C kernel is not built (a pure install)")
        reason = unsupported(root)
        python = RulesKernel(root, guided=guided) if python is None else python
        reason = reason or python_refusal(python)
        if reason:
            raise ValueError(reason)
        self.python = python
        """The Python kernel: the reference, and the way back to the engine's actions."""
        self.c: _ckernel.RulesKernel = module.RulesKernel(python, **core_tables(python))
        self.c.setup(rules_table(python))
        # The C kernel's own methods, called with no Python in between:
        self.moves: Callable[[_ckernel.Spot], list[int]] = self.c.moves
        self.child: Callable[[_ckernel.Spot, int], _ckernel.Spot] = self.c.child
        self.key: Callable[[_ckernel.Spot], bytes] = self.c.key
        self.won: Callable[[_ckernel.Spot], bool] = self.c.won

    def start(self) -> _ckernel.Spot:
        """The root position, its pending abilities resolved until a decision."""
        root = self.python.root
        dungeon = sum(1 << monster for column in root.columns for monster in column)
        return self.c.start_from(root.arsenal, root.hand, root.discard, root.kings,
                                 root.exhausted, root.collected, dungeon,
                                 dungeon_layout(root.columns), root.deck,
                                 b"".join(attachment(a.card, a.host, a.status, a.exhausted)
                                          for a in root.attached),
                                 0 if root.rng is None else root.rng,
                                 pending_abilities(root.stack), self.python.start_tt())

    def payment_codes(self, spot: _ckernel.Spot) -> list[int] | None:
        """A payment's offer as the Python kernel's codes (`kernel.HAND_SHIFT`), or None."""
        parts = self.c.payment_parts(spot)
        if parts is None:
            return None
        python = self.python
        weapon_shift = HAND_SHIFT + python.card_count
        return [taken | chosen << HAND_SHIFT | weapons << weapon_shift
                | order_code(tuple(order)) << python.order_shift
                for taken, chosen, weapons, order in parts]

    def python_node(self, spot: _ckernel.Spot) -> Spot:
        """A C position as the Python kernel's."""
        s = spot
        payments = self.payment_codes(s) if s.decision == PAY else s.options
        return Spot(s.arsenal, s.hand, s.discard, s.kings, s.exhausted, s.collected,
                    s.dungeon, s.pending, payments, s.columns, s.layout, s.deck, s.attached,
                    s.tt, s.stream, s.stack, s.decision)

    def python_move(self, spot: _ckernel.Spot, move: int) -> int:
        """A C move as the Python kernel's (a payment's index as its code)."""
        if spot.decision != PAY:
            return move
        codes = self.payment_codes(spot)
        assert codes is not None
        return codes[move]

    def line(self, steps: list[tuple[_ckernel.Spot, int]]) -> tuple[Action, ...]:
        """A line of (position, move) steps as the engine's actions."""
        return self.python.line([(self.python_node(spot), self.python_move(spot, move))
                                 for spot, move in steps])

    def position(self, spot: _ckernel.Spot) -> PuzzleState:
        """A C position as the engine's."""
        return self.python.position(self.python_node(spot))


def native_rules(root: PuzzleState) -> tuple[NativeRules | None, str]:
    """The C kernel for this position, in the guided order, and an empty reason; or None and
    why it can't search from here."""
    if _ckernel is None:
        return None, "the C kernel is not built (a pure install)"
    if root.rules.core:
        return None, "the core rules have a kernel of their own"
    try:
        kernel = NativeRules(root)
        kernel.start()
    except (ValueError, OverflowError) as exc:
        return None, str(exc)
    return kernel, ""


def refusal(root: PuzzleState) -> str:
    """Why `NativeDepthFirst` can't search from this position; empty when it can."""
    return native_rules(root)[1]


class NativeDepthFirst(Strategy):
    """`KernelDepthFirst(root, kernel=RulesKernel(root, guided=True))`'s search with the kernel,
    the loop and the table in C (`_ckernel.Search`): the same positions in the same order, the
    same verdicts and lines, and under a memory cap the same table (docs/solver.md, "Bounded
    memory"). Should a position outgrow the C kernel's sizes, the Python kernel's search takes
    over from the start (its positions are counted on top); `fail_at` makes that happen once
    so many positions are counted (for tests)."""

    def __init__(self, root: PuzzleState, *, memory: int | None = None,
                 kernel: NativeRules | None = None, fail_at: int = -1) -> None:
        super().__init__(root)  # (the table is the C search's; `report` reads its evictions)
        self.name = "rules kernel depth-first"  # (the same search as the Python kernel's)
        self.memory = memory
        self.kernel = NativeRules(root) if kernel is None else kernel
        capacity = None if memory is None else max(2, memory // KERNEL_BYTES_PER_KEY)
        self.search: _ckernel.Search | None = self.kernel.c.search(self.kernel.start(),
                                                                   capacity, fail_at)
        self.fallback: KernelDepthFirst | None = None
        """The Python kernel's search, once the C kernel has met a position beyond its sizes."""
        self.counted = 0
        """Positions counted before the fallback took over."""

    def start(self) -> Verdict | None:
        return self.explore(False)

    def explore(self, resumed: bool) -> Verdict | None:
        if self.fallback is not None:
            return self._fallback_turn()
        search = self.search
        assert search is not None
        while True:
            try:
                status = search.run(min(self.next_pause, self.states + TIME_CHECK), resumed)
            except OverflowError:
                return self._hand_over()
            self.states = search.states
            if status == WON:
                assert search.line is not None
                return Verdict(WON, self.kernel.line(search.line))
            if status == UNWINNABLE:
                return Verdict(UNWINNABLE)
            if self.pause_due():
                return None
            resumed = True

    def _hand_over(self) -> Verdict | None:
        """The Python kernel's search takes over, from the start."""
        assert self.search is not None
        self.counted = self.search.states
        self.search = None  # (its table's memory goes)
        self.fallback = KernelDepthFirst(self.root, memory=self.memory,
                                         kernel=self.kernel.python)
        return self._fallback_turn()

    def _fallback_turn(self) -> Verdict | None:
        fallback = self.fallback
        assert fallback is not None
        fallback.next_pause = self.next_pause - self.counted
        fallback.deadline = self.deadline
        verdict = fallback.resume()
        self.states = self.counted + fallback.states
        return verdict

    def report(self, verdict: Verdict | None = None) -> Report:
        if self.fallback is not None:
            self.fallback.report()
            self.furthest = self.fallback.furthest
            self.table.evicted = self.fallback.table.evicted
        else:
            assert self.search is not None
            self.furthest = self.kernel.position(self.search.far)
            self.table.evicted = self.search.evicted
        return super().report(verdict)
