"""The full-rules search kernel: every zone of a position as integers and byte strings, the
pending abilities as tuples of integers, and the rules' steps run on them without the engine's
objects.

The core-rules kernel (`solver.kernel`) knows that under the core rules a column only loses its
front monster and the deck only its top card. Under the full rules abilities reorder columns and
shuffle the deck, so this kernel keeps every zone as the engine does (columns and deck as byte
strings, the attachments, the Traps & Treasures, the random stream's state), and it runs the
engine's interpreter (`Board.resolve`) on pending abilities written as tuples: a frame is
(program, step, source, column, subject, waiting triggers, flags, picks), a batch of abilities
waiting together is a frame of program `BATCH` whose waiting triggers are the batch, and a
trigger is (ability, source, column, subject). The engine's own programs (Deal, Attack, the
Treasure action, the Monster King flip) are written out as steps here; a card ability's steps
are compiled from the engine's `Instr`s once a game (`program_steps`).

It plays every built-in card (the base game, the extras, the Traps & Treasures); `unsupported`
refuses, with the reason, what a card file could ask that it does not play.
tests/solver/test_rules_kernel.py plays random games on the engine and the kernel side by side
(every move, every successor, pending abilities included) and compares whole searches. Keys
are the engine's search's (`solver.canonical`): a quiet position by its cards' classes, a
pending one by every card's identity. docs/solver.md ("Speed") has its figures: compiled, it
searches the built-in cards at about seven times the search the speed aim was set on, and a C
version of it (benchmarks/native/, an experiment outside the package) at 33-79 times.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Final, cast

from dungeoneer.engine import rng
from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import (
    COLUMN_REFS,
    FIRST_CARD_PROGRAM,
    KING_FLIP,
    AttachArsenalFront,
    AttachFirstDealt,
    Attachment,
    Attack,
    Batch,
    Defeat,
    Discard,
    DiscardArsenal,
    DiscardDeck,
    DiscardIt,
    Draw,
    DrawArsenalFront,
    DrawFromDiscard,
    DrawIt,
    Exhaust,
    ForEach,
    Frame,
    Jump,
    May,
    OneOf,
    PuzzleDungeon,
    PuzzleState,
    Ready,
    Redeal,
    Repeat,
    Reveal,
    ReverseColumn,
    ShuffleColumn,
    ShuffleIntoDeck,
    ShuffleThisIntoColumn,
    Static,
    SwapArsenal,
    SwapFrontBack,
    SwapFronts,
    Trigger,
    TriggerLoot,
    WeaponChoices,
    mask_of,
    weapon_choices,
    weapon_covers,
)
from dungeoneer.solver.branches import distinct_resolves
from dungeoneer.solver.kernel import DEAL, HAND_SHIFT, Kernel, Node, count_bits, mask_ids
from dungeoneer.solver.ordering import cheapest_types

# ---------------------------------------------------------------------- pending abilities

TrapsTreasures = tuple[bytes, bytes, bytes]
"""The Traps & Treasures cards of a position, by id: the Traps attached, the Treasures
collected, those removed."""
NO_TRAPS_TREASURES: Final[TrapsTreasures] = (b"", b"", b"")

Trig = tuple[int, int, int, int]
"""A triggered ability waiting to resolve: (ability's program, source, column, subject), the
engine's `Trigger` and its context."""
Pend = tuple[int, int, int, int, int, tuple[Trig, ...], int, tuple[int, ...]]
"""A frame of the engine's stack: (program, step, source, column, subject, triggers queued
while it runs, flags, cards picked so far by a step that picks several), its flags whether it
is nested (bit 0) and the repetitions left of a 'for each' block (`FLAG_COUNT`); a batch of
abilities waiting together: (BATCH, 0, -1, -1, -1, the batch, False, ())."""
FLAG_COUNT: Final = 1
"""Where a frame's flags hold its repetitions left (`Ctx.count`)."""

BATCH: Final = -1
"""A stack entry's program when it is a batch."""

DEAL_ACTION: Final = 1
ATTACK_ACTION: Final = 2
TREASURE_ACTION: Final = 3
"""The engine's own programs that the kernel runs (`effects`: set-up 0, Deal 1, Attack 2,
Treasure 3, the King flip 4)."""

# A step: (op, argument).
DRAW_STEP: Final = 0
"""Draw `argument` cards."""
MAY_STEP: Final = 1
"""Ask yes or no (if its first step can do anything); no goes to step `argument`."""
ATTACK_BEGIN: Final = 2
ATTACK_PAY: Final = 3
ATTACK_DEFEAT: Final = 4
DEAL_ONE: Final = 5
KING_FLIP_STEP: Final = 6
EXHAUST_PICK: Final = 7
"""Exhaust a ready collected monster, picked."""
EXHAUST_EACH: Final = 8
"""Exhaust each collected monster."""
EXHAUST_ADJACENT: Final = 9
"""Exhaust the monsters in front of and behind the ability's source, in its column."""
EXHAUST_FRONTS: Final = 10
"""Exhaust the front monster of each column."""
READY_PICK: Final = 11
"""Ready an exhausted collected monster, picked."""
READY_EACH: Final = 12
"""Ready each collected monster."""
READY_IT: Final = 13
"""Ready the ability's subject, if it is collected."""
DISCARD_DECK: Final = 14
"""Discard the deck's top `argument` cards."""
DRAW_ARSENAL_FRONT: Final = 15
"""Draw the arsenal's front card."""
DISCARD_ARSENAL_FRONT: Final = 16
"""Discard the arsenal's front card."""
DISCARD_ARSENAL_ANY: Final = 17
"""Discard an arsenal card, picked."""
DRAW_IT: Final = 18
"""Draw the ability's subject, a card in the arsenal."""
DISCARD_IT: Final = 19
"""Discard the ability's subject, a card in the arsenal or the hand."""
DISCARD_HAND: Final = 20
"""Discard `argument` cards from the hand, picked one by one in card order."""
DRAW_DISCARD_TOP: Final = 21
"""Draw the discard pile's top card."""
DRAW_DISCARD_ANY: Final = 22
"""Draw a card of the discard pile, picked (of value `argument`, unless it is -1)."""
SWAP_ARSENAL: Final = 23
"""Swap two adjacent arsenal cards, picked (a move: the first one's place)."""
REVERSE_THIS: Final = 24
"""Reverse the ability's column."""
REVERSE_ANY: Final = 25
"""Reverse a column, picked."""
SWAP_FRONTS_ADJACENT: Final = 26
"""Swap the front monsters of the ability's column and an adjacent one, picked."""
SWAP_FRONTS_ENDS: Final = 27
"""Swap the front monsters of the leftmost and the rightmost column."""
SWAP_FRONT_BACK: Final = 28
"""Swap the front and back monsters of a column, picked."""
SHUFFLE_THIS: Final = 29
"""Shuffle the ability's column."""
SHUFFLE_ANY: Final = 30
"""Shuffle a column, picked."""
REDEAL: Final = 31
"""Shuffle the dungeon's monsters and deal them into `argument` columns."""
SHUFFLE_INTO_DECK: Final = 32
"""Shuffle cards into the deck (`argument`: `shuffle_spec`)."""
ATTACK_ANY: Final = 33
"""Attack the front monster of a column, picked (an attack nested in the ability)."""
ATTACK_ADJACENT: Final = 34
"""Attack the front monster of a column adjacent to the ability's, picked."""
DEFEAT_THIS: Final = 35
"""Defeat the front monster of the ability's column."""
DEFEAT_ANY: Final = 36
"""Defeat the front monster of a column, picked."""
DEFEAT_THIS_KING: Final = 37
DEFEAT_ANY_KING: Final = 38
"""The same, when that monster is a Monster King."""
EXHAUST_WIZARD: Final = 39
"""Exhaust the wizard (the card attached to the hero as one)."""
READY_WIZARD: Final = 40
"""Ready the wizard."""
ATTACH_ARSENAL_FRONT: Final = 41
"""Attach the arsenal's front card to the ability's source."""
REVEAL_BACK: Final = 42
"""Reveal the back monster of a column, picked (one not showing its King face)."""
SHUFFLE_THIS_IN: Final = 43
"""Shuffle the ability's source, collected, into a column with the most monsters, picked."""
REVEAL_OF_TYPE: Final = 44
"""Reveal a monster of the type numbered `argument` in the dungeon, picked."""
TRIGGER_LOOT: Final = 45
"""Trigger the Loot of another collected monster (not a King), picked."""
CALL_TREASURE: Final = 46
"""The Treasure action's first step: the Treasure's ability runs, nested in the action."""
REMOVE_TREASURE: Final = 47
"""The Treasure action's last step: the Treasure is removed from the game."""
ONE_OF: Final = 48
"""Choose a mode; `argument` holds where each mode's steps start (`one_of_starts`)."""
JUMP: Final = 49
"""Go on at step `argument` (the end of a mode)."""
FOR_EACH: Final = 50
"""Count the monsters in the dungeon of a collected Treasure's type; none skips to step
`argument`, else the block after repeats that many times."""
REPEAT: Final = 51
"""The end of a 'for each' block: back to step `argument` while repetitions are left."""
ATTACH_FIRST_DEALT: Final = 52
"""Attach the first card of suit `argument` & 255 dealt at set up, if it is in the arsenal,
to the hero (as a wizard if `argument` >> 8)."""
MONSTER_PICKS: Final = (EXHAUST_PICK, READY_PICK, REVEAL_OF_TYPE, TRIGGER_LOOT)
"""The steps that pick a monster."""
COLUMN_PICKS: Final = (REVERSE_THIS, REVERSE_ANY, SWAP_FRONTS_ADJACENT, SWAP_FRONTS_ENDS,
                       SWAP_FRONT_BACK, SHUFFLE_THIS, SHUFFLE_ANY, ATTACK_ANY, ATTACK_ADJACENT,
                       DEFEAT_THIS, DEFEAT_ANY, DEFEAT_THIS_KING, DEFEAT_ANY_KING, REVEAL_BACK,
                       SHUFFLE_THIS_IN)
"""The steps that pick a column (`column_candidates`)."""
SHUFFLES: Final = (SHUFFLE_THIS, SHUFFLE_ANY, REDEAL, SHUFFLE_INTO_DECK, SHUFFLE_THIS_IN)
"""The steps that draw from the game's random stream."""

# `shuffle_spec`'s fields.
ZONE_CODES: Final = {"hand": 1, "arsenal": 2, "discard": 3}
ALL_CARDS: Final = 255
"""A count of every card of the zones."""
ANY_CARD, BOTTOM_CARDS, FRONT_CARD = range(3)
"""Which cards (`ShuffleIntoDeck.card`): picked, the discard pile's bottom ones, the arsenal's
front one."""
DONE_MOVE: Final = -1
"""The move that ends an 'up to' pick."""

EXHAUST_TARGETS: Final = {"collected": EXHAUST_PICK, "each_collected": EXHAUST_EACH,
                          "adjacent_to_this": EXHAUST_ADJACENT,
                          "front_of_each_column": EXHAUST_FRONTS, "wizard": EXHAUST_WIZARD}
READY_TARGETS: Final = {"collected": READY_PICK, "each_collected": READY_EACH, "it": READY_IT,
                        "wizard": READY_WIZARD}
"""The targets of `exhaust` and `ready`."""

NEXT: Final = -1
"""A step's result: go on to the next step (otherwise: the step to go to, or `ASK`)."""
ASK: Final = -2
"""A step's result: the player must choose (the run's `decision` says what, its `payments`
what is offered)."""
FRAME_DONE: Final = -3
"""A step's result: its frame is done and off the stack already (`win_attack`)."""

# The kinds of position (`Spot.decision`).
QUIET: Final = 0
PAY: Final = 1
ORDER: Final = 2
YES_NO: Final = 3
PICK_MONSTER: Final = 4
PICK_CARD: Final = 5
PICK_COLUMN: Final = 6
PICK_SWAP: Final = 7
PICK_UP_TO: Final = 8
"""A pick of a card or done (`DONE_MOVE`)."""
CHOOSE_MODE: Final = 9
"""A choice of one of an ability's modes ('X or Y')."""
TREASURE_MOVE: Final = 256
"""A quiet position's move that uses a Treasure: this plus the Treasure's id."""

YES_MOVE: Final = 1
NO_MOVE: Final = 0

PENDING_KEY: Final = 8
"""The last byte of a pending position's key (a quiet one's is 0, as the core kernel's)."""

TRIGGERS: Final = ("loot", "trophy", "monster_king", "collect", "reveal", "king_revealed",
                   "deal", "draw", "attack")
"""The events the kernel fires abilities on, by number."""
LOOT, TROPHY, MONSTER_KING, COLLECT, REVEAL, KING_REVEALED, DEALT, DRAWN, ATTACKED = range(9)

PLAYED_STATEMENTS: Final = ("no_attack", "no_weapons", "ignore", "wild", "wild_weapons")
"""The statements (static abilities) the kernel plays."""
COLUMN_REFERENCES: Final = ("leftmost", "middle", "rightmost")
"""The columns a statement names (`COLUMN_REFS`), by number."""

HERO: Final = -1
"""An ability's source when it is the hero's (as the engine's `HERO`)."""
MAX_STEPS: Final = 100_000
"""Steps resolved for one move before the card data is taken to loop (as the engine's)."""


def one_of_code(starts: tuple[int, ...]) -> int:
    """Where each mode of a choice starts, as one number: a byte each, the first lowest, and
    the count of modes in the lowest byte."""
    code = 0
    for start in reversed(starts):
        code = code << 8 | start
    return code << 8 | len(starts)


def one_of_starts(code: int) -> list[int]:
    """The starts a `one_of_code` holds."""
    return [code >> (8 * (i + 1)) & 255 for i in range(code & 255)]


def shuffle_spec(instr: ShuffleIntoDeck) -> int:
    """A `ShuffleIntoDeck` step as one number: its zones in order (2 bits each, `ZONE_CODES`),
    then its count (8 bits, `ALL_CARDS` for 'all'), whether 'up to', whether 'with the same
    suit', and which cards (2 bits)."""
    zones = 0
    for zone in reversed(instr.zones):
        zones = zones << 2 | ZONE_CODES[zone]
    count = instr.count if isinstance(instr.count, int) else ALL_CARDS
    card = {"any": ANY_CARD, "bottom": BOTTOM_CARDS, "front": FRONT_CARD}[instr.card]
    return (((zones << 8 | count) << 1 | instr.up_to) << 1 | instr.same_suit) << 2 | card


UNPLAYED_PROGRAMS: Final = (0,)
"""The engine's programs the kernel does not run: set-up."""


def pending_abilities(stack: tuple[object, ...]) -> tuple[Pend, ...]:
    """The engine's stack of pending abilities as the kernel keeps it."""
    found: list[Pend] = []
    for item in stack:
        if isinstance(item, Batch):
            found.append((BATCH, 0, -1, -1, -1, _triggers(item.triggers), False, ()))
        else:
            assert isinstance(item, Frame)
            ctx = item.ctx
            found.append((item.program, item.pc, ctx.source, ctx.column, ctx.subject,
                          _triggers(item.waiting), item.nested | ctx.count << FLAG_COUNT,
                          ctx.picks))
    return tuple(found)


def _triggers(triggers: tuple[Trigger, ...]) -> tuple[Trig, ...]:
    return tuple((t.ability, t.ctx.source, t.ctx.column, t.ctx.subject) for t in triggers)


def program_steps(program: tuple[object, ...], types: tuple[str, ...] = ()
                  ) -> list[tuple[int, int]]:
    """A card ability's program as the kernel runs it; empty when a step is one the kernel does
    not play yet. A `may`'s first step is the step after it. `types` are the game's monster
    types in order (a type a step names is its number there, -1 for one no monster has)."""
    steps: list[tuple[int, int]] = []
    for instr in program:
        if isinstance(instr, Draw):
            steps.append((DRAW_STEP, instr.count))
        elif isinstance(instr, May):
            steps.append((MAY_STEP, instr.end))
        elif isinstance(instr, Exhaust):
            steps.append((EXHAUST_TARGETS[instr.target], 0))
        elif isinstance(instr, Ready):
            steps.append((READY_TARGETS[instr.target], 0))
        elif isinstance(instr, AttachArsenalFront):
            steps.append((ATTACH_ARSENAL_FRONT, 0))
        elif isinstance(instr, AttachFirstDealt) and instr.status in ("", "wizard"):
            steps.append((ATTACH_FIRST_DEALT, instr.suit | (instr.status == "wizard") << 8))
        elif isinstance(instr, Reveal):
            steps.append((REVEAL_BACK, 0) if instr.target == "back_of_column" else
                         (REVEAL_OF_TYPE, types.index(instr.type) if instr.type in types else -1))
        elif isinstance(instr, ShuffleThisIntoColumn):
            steps.append((SHUFFLE_THIS_IN, 0))
        elif isinstance(instr, TriggerLoot):
            steps.append((TRIGGER_LOOT, 0))
        elif isinstance(instr, OneOf):
            steps.append((ONE_OF, one_of_code(instr.starts)))
        elif isinstance(instr, Jump):
            steps.append((JUMP, instr.to))
        elif isinstance(instr, ForEach) and instr.count == "treasure_monsters":
            steps.append((FOR_EACH, instr.end))
        elif isinstance(instr, Repeat):
            steps.append((REPEAT, instr.start))
        elif isinstance(instr, Discard):
            steps.append((DISCARD_HAND, instr.count))
        elif isinstance(instr, DiscardDeck):
            steps.append((DISCARD_DECK, instr.count))
        elif isinstance(instr, DrawArsenalFront):
            steps.append((DRAW_ARSENAL_FRONT, 0))
        elif isinstance(instr, DiscardArsenal):
            steps.append((DISCARD_ARSENAL_FRONT if instr.card == "front"
                          else DISCARD_ARSENAL_ANY, 0))
        elif isinstance(instr, DrawIt):
            steps.append((DRAW_IT, 0))
        elif isinstance(instr, DiscardIt):
            steps.append((DISCARD_IT, 0))
        elif isinstance(instr, SwapArsenal):
            steps.append((SWAP_ARSENAL, 0))
        elif isinstance(instr, ShuffleColumn):
            steps.append((SHUFFLE_THIS if instr.column == "this" else SHUFFLE_ANY, 0))
        elif isinstance(instr, ReverseColumn):
            steps.append((REVERSE_THIS if instr.column == "this" else REVERSE_ANY, 0))
        elif isinstance(instr, Redeal):
            steps.append((REDEAL, instr.columns))
        elif isinstance(instr, ShuffleIntoDeck):
            steps.append((SHUFFLE_INTO_DECK, shuffle_spec(instr)))
        elif isinstance(instr, SwapFronts):
            steps.append((SWAP_FRONTS_ENDS if instr.columns == "leftmost_and_rightmost"
                          else SWAP_FRONTS_ADJACENT, 0))
        elif isinstance(instr, SwapFrontBack):
            steps.append((SWAP_FRONT_BACK, 0))
        elif isinstance(instr, Attack):
            steps.append((ATTACK_ANY if instr.column == "any" else ATTACK_ADJACENT, 0))
        elif isinstance(instr, Defeat):
            steps.append(((DEFEAT_ANY_KING if instr.king else DEFEAT_ANY) if instr.column == "any"
                          else (DEFEAT_THIS_KING if instr.king else DEFEAT_THIS), 0))
        elif isinstance(instr, DrawFromDiscard):
            steps.append((DRAW_DISCARD_TOP, 0) if instr.card == "top" else
                         (DRAW_DISCARD_ANY, -1 if instr.value is None else instr.value))
        else:
            return []
    return steps


BUILTIN_STEPS: Final[list[list[tuple[int, int]]]] = [
    [],  # set-up: played before any position the kernel starts from
    [(DEAL_ONE, 0)],
    [(ATTACK_BEGIN, 0), (ATTACK_PAY, 0), (ATTACK_DEFEAT, 0)],
    [(CALL_TREASURE, 0), (REMOVE_TREASURE, 0)],
    [(KING_FLIP_STEP, 0)],
]


def card_set_refusal(game: PuzzleDungeon) -> str:
    """Why the kernel can't play this game's card abilities; empty when it can."""
    if game.core:
        return "the core rules: the core-rules kernel plays these"
    if len(game.programs) > 254:
        return "more than 254 programs"
    for ability in game.abilities_in_play():
        if ability.static is not None:
            if ability.static.kind not in PLAYED_STATEMENTS:
                return f"{ability.label}: a statement the kernel does not play yet"
            continue
        if ability.trigger == "after_setup":
            continue  # (it has fired before any position the kernel starts from)
        if ability.trigger in ("trap", "treasure"):  # (set off by a defeat, or used)
            if not program_steps(ability.program):
                return f"{ability.label}: a step the kernel does not play yet"
            continue
        if ability.trigger not in TRIGGERS:
            return f"{ability.label}: its trigger is not played by the kernel yet"
        if not program_steps(ability.program):
            return f"{ability.label}: a step the kernel does not play yet"
        if ability.filter.get("king") and ability.trigger in ("deal", "draw"):
            return f"{ability.label}: a King filter on a card's event"
    return ""


def plays_pending(game: PuzzleDungeon, item: Frame | Batch) -> bool:
    """Whether the kernel plays this entry of the engine's stack: every program in it (the
    frame's and those waiting) is one it runs."""
    if isinstance(item, Batch):
        programs = [t.ability for t in item.triggers]
    else:
        programs = [item.program] + [t.ability for t in item.waiting]
    for p in programs:
        if p in UNPLAYED_PROGRAMS or (p >= FIRST_CARD_PROGRAM
                                      and not program_steps(game.programs[p])):
            return False
    return True


def unsupported(state: PuzzleState) -> str:
    """Why the kernel can't search from this position; empty when it can."""
    for item in state.stack:
        if not plays_pending(state.rules, item):
            return "a pending ability the kernel does not play yet"
    if any(a.status not in ("", "wizard") for a in state.attached):
        return "an attachment of a status the kernel does not know"
    if state.forced:
        return "the kernel draws no written shuffle outcomes"
    if state.rng is None and any(op in SHUFFLES for ability in state.rules.abilities_in_play()
                                 for op, _argument in program_steps(ability.program)):
        return "no random stream (a seed) to shuffle with"
    if len(state.rules.cards.arsenal) > 255 or len(state.rules.cards.monsters) > 127:
        return "more than 255 arsenal cards or 127 monsters"
    return card_set_refusal(state.rules)


class Spot(Node):
    """A position of the full rules. The core kernel's fields (`Node`) hold the arsenal, hand,
    discard pile, Kings, exhausted and collected monsters and the dungeon's monsters (a mask);
    `pending` is the attacked column while a payment is asked, and `payments` its payments
    (or what a pick offers).
    The columns and the deck are kept whole, with the attachments, the Traps & Treasures, the
    random stream's state, the pending abilities and the decision."""

    def __init__(self, arsenal: bytes, hand: int, discard: bytes, kings: int, exhausted: int,
                 collected: int, dungeon: int, pending: int, payments: list[int] | None,
                 columns: tuple[bytes, ...], layout: bytes, deck: bytes, attached: bytes,
                 tt: TrapsTreasures, stream: int, stack: tuple[Pend, ...],
                 decision: int) -> None:
        super().__init__(arsenal, hand, 0, discard, 0, kings, exhausted, collected, dungeon,
                         pending, payments)
        self.columns = columns
        self.layout = layout
        """The columns as the key writes them (`dungeon_layout`): made again only when a
        column changes."""
        self.deck = deck
        self.attached = attached
        """The cards attached to the hero or a monster, in the order attached (the first one
        attached as a wizard is the wizard), four bytes each (`attachment`)."""
        self.tt = tt
        """The Traps attached, the Treasures collected and those removed from the game, each in
        the order it came (`TrapsTreasures`)."""
        self.stream = stream
        """The game's random stream (`engine.rng`), which the shuffles draw from."""
        self.stack = stack
        """The engine's stack of pending abilities (`Pend`), bottom first."""
        self.decision = decision
        """What the player decides here: QUIET (an action), PAY, ORDER (which pending ability
        resolves first: the top batch's), YES_NO, or a pick the top frame's step asks for:
        PICK_MONSTER, PICK_CARD, PICK_UP_TO (a card or done), PICK_COLUMN, PICK_SWAP (two
        adjacent arsenal cards: the first one's place); what it offers is `payments`."""


def attachment(card: int, host: int, status: str, exhausted: bool) -> bytes:
    """An attachment as the kernel keeps it: the card, its host + 1 (0 for the hero), whether
    it is a wizard, whether exhausted."""
    return bytes((card, host + 1, status == "wizard", exhausted))


def order_code(cards: tuple[int, ...]) -> int:
    """Cards in the order they are discarded as a number: each card's id + 1, a byte each,
    the first lowest."""
    code = 0
    for card in reversed(cards):
        code = code << 8 | card + 1
    return code


def discard_order(code: int) -> bytes:
    """The cards of an `order_code`, in order."""
    cards = bytearray()
    while code:
        cards.append((code & 255) - 1)
        code >>= 8
    return bytes(cards)


def dungeon_layout(columns: tuple[bytes, ...]) -> bytes:
    """The columns as one byte string: each one's length, then their monsters."""
    return bytes([len(column) for column in columns]) + b"".join(columns)


class Statements:
    """What the statements in effect say (`rules.active_statics`): the columns that can't be
    attacked (by reference, `COLUMN_REFERENCES`), whether weapons can't be used, which kinds of
    triggered ability are ignored, the card values that match any suit, and the monsters whose
    weapons match any suit (a mask)."""

    __slots__ = ("blocked", "ignored", "no_weapons", "wild", "wild_weapons")

    def __init__(self, statics: list[tuple[Static, int]]) -> None:
        self.blocked = tuple(sorted({COLUMN_REFERENCES.index(s.params["columns"])
                                     for s, _owner in statics if s.kind == "no_attack"}))
        self.no_weapons = any(s.kind == "no_weapons" for s, _owner in statics)
        self.ignored = frozenset(s.params["abilities"] for s, _owner in statics
                                 if s.kind == "ignore")
        self.wild = frozenset(value for s, _owner in statics if s.kind == "wild"
                              for value in s.params["values"])
        self.wild_weapons = mask_of(owner for s, owner in statics
                                    if s.kind == "wild_weapons" and owner >= 0)

    def blocks(self, columns: tuple[bytes, ...], column: int) -> bool:
        """Whether the front monster of `column` can't be attacked (`rules.forbidden_columns`)."""
        for reference in self.blocked:
            if column in COLUMN_REFS[COLUMN_REFERENCES[reference]](columns):
                return True
        return False


class WildListing:
    """The payments of an attack where some cards or weapons match any suit, listed as the
    engine lists them in card order (`rules.payments`: at each arsenal card from the front,
    first the payments that take no more of the arsenal, each weapon use with the hand's ways
    to match the rest, then those that take this card, for each suit it may match), kept one
    per child key (the arsenal cards taken, the hand's classes, the weapons used) as payment
    codes (`kernel.HAND_SHIFT`), and counted."""

    def __init__(self, front: list[tuple[int, int, bool]], hand: list[tuple[int, int, bool]],
                 weapons: list[tuple[int, WeaponChoices]], classes: bytes,
                 weapon_shift: int) -> None:
        self.front = front
        """The arsenal within reach, front first: (card, suit, wild)."""
        self.hand = hand
        """The hand in card order: (card, suit, wild)."""
        self.weapons = weapons
        self.classes = classes
        self.weapon_shift = weapon_shift
        self.found: list[int] = []
        self.seen: set[tuple[int, bytes, int]] = set()
        self.total = 0
        """How many payments the engine lists."""

    def from_arsenal(self, taken: int, need: list[int]) -> None:
        for cover, uses in weapon_covers(self.weapons, need):
            rest = [need[s] - cover[s] for s in range(4)]
            used = mask_of(monster for monster, _suits in uses)
            for chosen in self.hand_covers(rest, 0, self.hand, 0):
                self.add(taken, chosen, used)
        if taken < len(self.front):
            _card, suit, wild = self.front[taken]
            for s in range(4):
                if need[s] and (wild or s == suit):
                    need[s] -= 1
                    self.from_arsenal(taken + 1, need)
                    need[s] += 1

    def hand_covers(self, need: list[int], suit: int, available: list[tuple[int, int, bool]],
                    chosen: int) -> list[int]:
        """The hand cards (masks) that match `need` exactly from `suit` on, with the cards
        still `available` (`rules._wild_hand_covers`: each suit in turn takes any of its own
        cards or wild ones)."""
        if suit == 4:
            return [chosen]
        if not need[suit]:
            return self.hand_covers(need, suit + 1, available, chosen)
        found: list[int] = []
        candidates = [c for c in available if c[1] == suit or c[2]]
        for pick in combinations(candidates, need[suit]):
            rest = [c for c in available if c not in pick]
            found.extend(self.hand_covers(need, suit + 1, rest,
                                          chosen | mask_of(card for card, _s, _w in pick)))
        return found

    def add(self, taken: int, chosen: int, used: int) -> None:
        self.total += 1
        result = (taken, mask_ids(chosen).translate(self.classes), used)
        if result not in self.seen:
            self.seen.add(result)
            self.found.append(taken | chosen << HAND_SHIFT | used << self.weapon_shift)


class Run:
    """A position being changed by one move: the engine's `Board`, for the kernel. A kernel
    keeps one and loads each position into it (`load`): a search makes children one at a
    time, and a new one for each cost a tenth of a child's time."""

    def __init__(self, spot: Spot) -> None:
        self.stack: list[Pend] = []
        self.queued: list[Trig] = []
        """Triggers queued by the running step (`RulesKernel.add_trigger`)."""
        self.load(spot)

    def load(self, spot: Spot) -> None:
        """Start from `spot`, nothing decided yet."""
        self.columns = spot.columns
        self.layout = spot.layout
        self.kings = spot.kings
        self.exhausted = spot.exhausted
        self.collected = spot.collected
        self.dungeon = spot.dungeon
        self.arsenal = spot.arsenal
        self.hand = spot.hand
        self.deck = spot.deck
        self.attached = spot.attached
        self.tt = spot.tt
        self.stream = spot.stream
        self.discard = spot.discard
        self.stack.clear()
        self.stack.extend(spot.stack)
        self.queued.clear()
        self.decision = QUIET
        self.payments: list[int] | None = None
        self.pending = -1
        self.depth = -1
        """The frame whose step runs: the triggers its step queues (`queued`) join its
        waiting triggers when the step is done."""
        self.subject = -1
        """The running frame's subject, as its step leaves it (the attacked monster)."""
        self.picks: tuple[int, ...] = ()
        """The running frame's picks, as its step leaves them."""
        self.count = 0
        """The running frame's repetitions left, as its step leaves them."""

    def spot(self) -> Spot:
        return Spot(self.arsenal, self.hand, self.discard, self.kings, self.exhausted,
                    self.collected, self.dungeon, self.pending, self.payments, self.columns,
                    self.layout, self.deck, self.attached, self.tt, self.stream,
                    tuple(self.stack), self.decision)


class RulesKernel(Kernel):
    """The full rules of one deal, as tables: the core kernel's (suits, defenses, weapons,
    payments) and each ability's steps and trigger."""

    def __init__(self, root: PuzzleState, *, guided: bool = False) -> None:
        super().__init__(root)
        game = root.rules
        self.guided = guided
        """Whether moves come in the guided order (`ordering.guided_order`) rather than the
        engine's."""
        self.type_names = sorted(set(game.tables.kind))
        self.steps: list[list[tuple[int, int]]] = [
            BUILTIN_STEPS[p] if p < FIRST_CARD_PROGRAM else program_steps(
                program, tuple(sorted(set(game.tables.kind))))
            for p, program in enumerate(game.programs)]
        """Each program's steps, by program id."""
        self.loot: list[tuple[tuple[int, ...], tuple[int, ...]]] = [
            (tuple(a.id for a in front), tuple(a.id for a in king))
            for front, king in game.loot_abilities]
        """Each monster's Loot abilities (program ids): its front face's, its King face's."""
        self.hero_abilities: list[tuple[tuple[int, bool], ...]] = [
            tuple((a.id, bool(a.filter.get("king"))) for a in game.hero_triggers.get(kind, ()))
            for kind in TRIGGERS]
        """By event (`TRIGGERS`): the hero's abilities, each with whether it fires only for a
        Monster King."""
        self.king_abilities: list[list[tuple[tuple[int, bool, bool], ...]]] = [
            [tuple((a.id, a.while_ == "collected", bool(a.filter.get("king")))
                   for a in game.king_abilities[m].get(kind, ()))
             for m in range(len(game.cards.monsters))]
            for kind in TRIGGERS]
        """By event, then by monster: its King face's abilities, each with whether it holds
        while collected (else while in the dungeon) and whether it fires only for a King."""
        self.king_events = [sum(1 << m for m, abilities in enumerate(by_monster) if abilities)
                            for by_monster in self.king_abilities]
        self.card_filters: list[tuple[int, int]] = [(-1, -1)] * len(game.programs)
        """By program id: the value and the suit (-1 for any) of the card a deal or draw
        ability fires for ('When you deal an 8, ...')."""
        for ability in game.abilities_in_play():
            if ability.trigger in ("deal", "draw"):
                self.card_filters[ability.id] = (ability.filter.get("value", -1),
                                                 ability.filter.get("suit", -1))
        self.value = [card.value for card in game.cards.arsenal]
        """By card: its value."""
        """By event: the monsters whose King face has an ability on it (a mask)."""
        self.trophy_types = [game.hero.trophy(card.type) for card in game.cards.monsters]
        """By monster: whether it is a Trophy (its type is not in the prey)."""
        self.signatures = self.canonical.resolve_signatures
        order = game.discard_order
        self.order_read = order.read
        self.order_always = order.always
        self.order_monsters = order.in_dungeon
        self.order_kings = order.collected_king
        """When the discard pile's order can still matter (`effects.DiscardOrder`): some
        ability reads it, and the hero's does, or one of these monsters is in the dungeon,
        or one of these Kings is collected. Then hand cards go on the pile in an order the
        player picks (payments and 'Discard N cards' offer every order), and a quiet key
        keeps the pile's classes in order."""
        self.order_shift = HAND_SHIFT + self.card_count + self.monster_count
        """Where a payment's code (`kernel.HAND_SHIFT`) writes the order its hand cards are
        discarded in, when not in card order: each card's id + 1, a byte each, the first
        discarded lowest."""
        self.monster_mask = (1 << self.monster_count) - 1
        self.with_tt = bool(root.traps or root.treasures or root.removed)
        """Whether Traps & Treasures are in play (set up: none comes later), and so keyed."""
        cards = game.cards.trap_treasures
        kinds = sorted(set(game.tables.kind))
        self.tt_types = [self.type_masks[kinds.index(t.type)] if t.type in kinds else 0
                         for t in cards]
        """By Trap & Treasure: the monsters of its type (a mask)."""
        self.trap_programs = [t.trap.id for t in cards]
        self.treasure_programs = [t.treasure.id for t in cards]
        self.order_tt = game.discard_order.trap_treasure
        """By Trap & Treasure: whether either face reads the discard pile's order."""
        self.looting = mask_of(m for m, (front, _king) in enumerate(self.loot) if front)
        """The monsters whose front face has a Loot ability."""
        self.weapon_suits = game.tables.weapon
        """By face: the suits its weapon shows."""
        self.trigger_kind = [game.ability(p).trigger if p >= FIRST_CARD_PROGRAM else ""
                             for p in range(len(game.programs))]
        """By program id: the kind of trigger a card ability fires on ('loot', 'trophy'),
        which a statement may ignore."""
        self.hero_statements = Statements(list(game.hero_statics))
        self.king_statics = [[(a.static, a.while_ == "collected") for a in abilities
                              if a.static is not None] for abilities in game.king_statics]
        """By monster: its King face's statements, each with whether it holds while collected
        (else while in the dungeon)."""
        self.static_kings = mask_of(m for m, statics in enumerate(self.king_statics) if statics)
        self.statements_kept: dict[int, Statements] = {}
        """`statements` by the Kings and collection that decide them."""
        self.shuffles = any(op in SHUFFLES for steps in self.steps for op, _argument in steps)
        """Whether a step shuffles: then the stream's state is part of every key."""
        self.mask_width = (3 * self.monster_count + self.card_count + 16
                           + 64 * self.shuffles + 7) // 8
        """Bytes of a key's integer part (`key`)."""
        self.run = Run(self.start())
        """The working copy a move is applied on."""

    def refusal(self, root: PuzzleState) -> str:
        return unsupported(root)

    # ------------------------------------------------------------------ positions

    def start(self) -> Spot:
        """The root position; where abilities are pending there, the decision they ask for
        (the step that asked runs again: it asks again, having changed nothing)."""
        root = self.root
        dungeon = 0
        for column in root.columns:
            for monster in column:
                dungeon |= 1 << monster
        spot = Spot(root.arsenal, root.hand, root.discard, root.kings, root.exhausted,
                    root.collected, dungeon, -1, None, root.columns,
                    dungeon_layout(root.columns), root.deck,
                    b"".join(attachment(a.card, a.host, a.status, a.exhausted)
                             for a in root.attached),
                    self.start_tt(), 0 if root.rng is None else root.rng,
                    pending_abilities(root.stack), QUIET)
        if not spot.stack:
            return spot
        run = Run(spot)
        self.resolve(run)
        return run.spot()

    def start_tt(self) -> TrapsTreasures:
        """The root's Traps & Treasures, as a position keeps them."""
        root = self.root
        if not self.with_tt:
            return NO_TRAPS_TREASURES
        return bytes(root.traps), bytes(root.treasures), bytes(root.removed)

    def won(self, node: Node) -> bool:
        spot = cast(Spot, node)
        if spot.decision != QUIET:
            return False
        return super().won(node)

    def key(self, node: Node) -> bytes:
        """A quiet position by its cards' classes (`solver.canonical`); a pending one by every
        card's identity, its pending abilities and its decision. Byte strings with their
        lengths in front, the masks as one integer at the end, whose last byte tells the two
        kinds apart."""
        spot = cast(Spot, node)
        m = self.monster_count
        masks = (spot.kings << m | spot.exhausted) << m | spot.collected
        if self.shuffles:  # (else the stream never moves: one state for the whole search)
            masks = masks << 64 | spot.stream
        layout = spot.layout
        if self.with_tt:
            traps, treasures, removed = spot.tt
            layout = (bytes((len(traps), len(treasures), len(removed))) + traps + treasures
                      + removed + layout)
        if spot.decision == QUIET:
            classes = self.classes
            discard = (spot.discard.translate(classes)
                       if self.order_live(spot) else b"")
            attached = spot.attached
            if attached:  # (each card as its class, the rest as it is)
                attached = bytes(classes[b] if i % 4 == 0 else b
                                 for i, b in enumerate(attached))
            return (layout + bytes((len(spot.arsenal), len(spot.deck), len(attached)))
                    + spot.arsenal.translate(classes) + spot.deck.translate(classes) + attached
                    + discard
                    + ((masks << self.card_count | self.canonical.hand(spot.hand)) << 8
                       ).to_bytes(self.mask_width, "big"))
        lengths = bytearray((len(spot.arsenal), len(spot.deck), len(spot.attached),
                             len(spot.stack)))
        for frame in spot.stack:
            program, pc, source, column, subject, waiting, nested, picks = frame
            lengths += bytes((program + 1, pc, source + 1, column + 1, subject + 1,
                              len(waiting), nested, len(picks)))
            lengths += bytes(picks)
            for ability, t_source, t_column, t_subject in waiting:
                lengths += bytes((ability, t_source + 1, t_column + 1, t_subject + 1))
        return (layout + bytes(lengths) + spot.arsenal + spot.deck + spot.attached
                + spot.discard
                + ((((masks << self.card_count | spot.hand) << 8 | spot.decision) << 8)
                   | PENDING_KEY).to_bytes(self.mask_width, "big"))

    # ------------------------------------------------------------------ moves

    def moves(self, node: Node) -> list[int]:
        """The moves to try, in the engine's order (`solver.branches`): a payment's (one per
        child key, as the core kernel's), a yes or a no, one of each kind of interchangeable
        pending ability; else Deal while the deck holds a card, then each column whose front
        monster can be paid for, left to right; none once the prey is complete."""
        spot = cast(Spot, node)
        decision = spot.decision
        if decision in (PAY, PICK_MONSTER, PICK_CARD, PICK_COLUMN, PICK_SWAP, PICK_UP_TO,
                        CHOOSE_MODE):
            payments = spot.payments
            assert payments is not None
            if decision == PAY and self.guided:
                return sorted(payments, key=self.payment_rank)
            return list(payments)
        if decision == YES_NO:
            return [YES_MOVE, NO_MOVE]
        if decision == ORDER:
            return distinct_resolves(self.signatures, [t[0] for t in spot.stack[-1][5]])
        if super().won(node):
            return []
        found = [DEAL] if spot.deck else []
        found.extend(self.attackable(spot, range(len(spot.columns))))
        for t in spot.tt[1]:
            found.append(TREASURE_MOVE + t)
        if self.guided and len(found) > 1:
            return self.guided_actions(spot, found)
        return found

    def payment_rank(self, code: int) -> tuple[int, int, int]:
        """A payment's place in the guided order: the most arsenal cards first, then the
        fewest weapons, then the fewest hand cards."""
        weapons = code >> (HAND_SHIFT + self.card_count) & self.monster_mask
        return (-(code & 63), count_bits(weapons), count_bits(code >> HAND_SHIFT
                                                               & self.hand_mask))

    def guided_actions(self, spot: Spot, moves: list[int]) -> list[int]:
        """A quiet position's moves in the guided order (`ordering.guided_order`): attacks on
        prey (with Monster Kings still to make, the types cheapest to clear count as prey),
        shallow columns first, then other attacks, then Treasures, then Deal."""
        wanted, kings_wanted = self.wanted_types(spot)
        ranked: list[tuple[int, int, int]] = []
        for move in moves:
            if move == DEAL:
                ranked.append((3, 0, move))
            elif move >= TREASURE_MOVE:
                ranked.append((2, 0, move))
            else:
                column = spot.columns[move]
                front = column[-1]
                prey = wanted >> self.monster_type[front] & 1 or (
                    kings_wanted and spot.kings >> front & 1)
                ranked.append((0 if prey else 1, len(column), move))
        ranked.sort(key=lambda entry: (entry[0], entry[1]))
        return [move for _rank, _depth, move in ranked]

    def wanted_types(self, spot: Spot) -> tuple[int, bool]:
        """The types still wanted for the prey (a mask of type numbers), with the types
        cheapest to clear for each Monster King still to make; and whether Kings are wanted."""
        wanted = 0
        missing_kings = 0
        for (kind, need), name in zip(self.prey, self.prey_names, strict=True):
            have = self.prey_count(spot, kind)
            if have >= need:
                continue
            if kind == -1:
                missing_kings += need - have
            elif name in self.type_names:
                wanted |= 1 << self.type_names.index(name)
        if missing_kings:
            for name in cheapest_types(self.root.rules, spot.columns, spot.kings)[
                    :missing_kings]:
                wanted |= 1 << self.type_names.index(name)
        return wanted, missing_kings > 0

    def child(self, node: Node, move: int) -> Node:
        spot = cast(Spot, node)
        decision = spot.decision
        if decision == QUIET and move == DEAL and not self.fires(DEALT, spot.kings,
                                                                  spot.collected):
            # Nothing triggers on a deal now: the action is the card's move alone.
            deck = spot.deck
            return Spot(spot.arsenal + deck[:1], spot.hand, spot.discard, spot.kings,
                        spot.exhausted, spot.collected, spot.dungeon, -1, None, spot.columns,
                        spot.layout, deck[1:], spot.attached, spot.tt, spot.stream, (), QUIET)
        run = self.run
        run.load(spot)
        if decision == QUIET:
            if move == DEAL:
                run.stack.append((DEAL_ACTION, 0, -1, -1, -1, (), False, ()))
            elif move >= TREASURE_MOVE:
                run.stack.append((TREASURE_ACTION, 0, move - TREASURE_MOVE, -1, -1, (), False,
                                  ()))
            elif not self.fires(ATTACKED, run.kings, run.collected):
                # Nothing triggers on an attack now: its first step only names the target.
                target = spot.columns[move][-1]
                run.subject = target
                run.stack.append((ATTACK_ACTION, 1, -1, move, target, (), False, ()))
            else:
                run.stack.append((ATTACK_ACTION, 0, -1, move, -1, (), False, ()))
        elif decision == ORDER:
            top = run.stack[-1]
            batch = top[5]
            run.stack[-1] = (BATCH, 0, -1, -1, -1, batch[:move] + batch[move + 1:], False, ())
            self.begin(run, batch[move])
        else:
            self.choose(run, spot, move)
        self.resolve(run)
        return run.spot()

    # ------------------------------------------------------------------ the interpreter

    def resolve(self, run: Run) -> None:
        """Run pending abilities until the player must choose or none is left
        (`Board.resolve`)."""
        stack = run.stack
        steps_left = MAX_STEPS
        while stack:
            steps_left -= 1
            if steps_left < 0:
                raise RuntimeError("abilities kept triggering each other: the card data loops")
            top = stack[-1]
            program, pc = top[0], top[1]
            if program == BATCH:
                stack.pop()
                batch = top[5]
                if len(batch) == 1:
                    self.begin(run, batch[0])
                elif batch:
                    stack.append(top)
                    run.decision = ORDER
                    return
                continue
            steps = self.steps[program]
            if pc >= len(steps):
                stack.pop()
                self.finish(run, top)
                continue
            depth = len(stack) - 1
            run.depth, run.subject, run.picks = depth, top[4], top[7]
            run.count = top[6] >> FLAG_COUNT
            op, argument = steps[pc]
            result = self.step(run, top, op, argument)
            if result == ASK:
                self.keep_frame(run, depth)
                return
            if result == FRAME_DONE:
                continue
            pc = pc + 1 if result == NEXT else result
            if pc >= len(steps) and not run.queued and depth == len(stack) - 1:
                # (the frame's last step, which queued nothing: off the stack at once, not
                # rebuilt at its end first)
                stack.pop()
                self.finish(run, top)
                continue
            self.advance(run, depth, pc)

    def keep_frame(self, run: Run, depth: int) -> None:
        """The frame at `depth` as its step left it, at the same step (it asks)."""
        frame = run.stack[depth]
        if frame[4] != run.subject or run.queued or frame[7] != run.picks \
                or frame[6] >> FLAG_COUNT != run.count:
            self.advance(run, depth, frame[1])

    def advance(self, run: Run, depth: int, pc: int) -> None:
        """The frame at `depth` at step `pc`, with the subject and picks its step left and the
        triggers it queued."""
        frame = run.stack[depth]
        waiting = frame[5]
        if run.queued:
            waiting = waiting + tuple(run.queued)
            run.queued.clear()
        run.stack[depth] = (frame[0], pc, frame[2], frame[3], run.subject, waiting,
                            frame[6] & 1 | run.count << FLAG_COUNT,
                            run.picks)

    def finish(self, run: Run, frame: Pend) -> None:
        """A frame has run its last step: the triggers queued while it ran wait together, or
        join its parent's when it was nested (`Board._finish`)."""
        waiting = frame[5]
        if not waiting:
            return
        stack = run.stack
        if frame[6] & 1 and stack and stack[-1][0] != BATCH:
            parent = stack[-1]
            stack[-1] = (parent[0], parent[1], parent[2], parent[3], parent[4],
                         parent[5] + waiting, parent[6], parent[7])
        else:
            stack.append((BATCH, 0, -1, -1, -1, waiting, False, ()))

    def begin(self, run: Run, trigger: Trig) -> None:
        """Start resolving a triggered ability, unless a statement ignores its kind now
        (`Board.begin`)."""
        ignored = self.statements(run.kings, run.collected).ignored
        if ignored and self.trigger_kind[trigger[0]] in ignored:
            return
        run.stack.append((trigger[0], 0, trigger[1], trigger[2], trigger[3], (), False, ()))

    def step(self, run: Run, frame: Pend, op: int, argument: int) -> int:
        """Do one step of the frame on top; NEXT, a step to go to, or ASK."""
        if op == DRAW_STEP:
            self.draw(run, argument)
            return NEXT
        if op == MAY_STEP:
            first, first_argument = self.steps[frame[0]][frame[1] + 1]
            if not self.possible(run, first, first_argument, frame):
                return argument  # (its first step, its cost, can't be done: no choice)
            run.decision = YES_NO
            return ASK
        if op in MONSTER_PICKS:
            found = self.monster_candidates(run, op, argument, frame[2])
            if not found:
                return NEXT
            if not found & (found - 1):  # (one candidate: taken at once)
                self.apply_to_monster(run, op, found.bit_length() - 1)
                return NEXT
            run.decision, run.payments = PICK_MONSTER, list(mask_ids(found))
            return ASK
        if op == EXHAUST_EACH:
            run.exhausted |= run.collected
            return NEXT
        if op == READY_EACH:
            run.exhausted &= ~run.collected
            return NEXT
        if op == EXHAUST_FRONTS:
            for column in run.columns:
                if column:
                    run.exhausted |= 1 << column[-1]
            return NEXT
        if op in (EXHAUST_WIZARD, READY_WIZARD):
            self.set_wizard_ready(run, op == READY_WIZARD)
            return NEXT
        if op == ATTACH_ARSENAL_FRONT:
            if run.arsenal:
                card = run.arsenal[-1]
                run.arsenal = run.arsenal[:-1]
                run.attached += attachment(card, frame[2], "", False)
            return NEXT
        if op == ATTACH_FIRST_DEALT:  # (`AttachFirstDealt.run`: set up's deals never change)
            for card in self.root.setup_deals:
                if self.suit[card] == argument & 255:
                    if card in run.arsenal:
                        run.arsenal = run.arsenal.replace(bytes((card,)), b"")
                        run.attached += attachment(card, HERO, "wizard" if argument >> 8
                                                   else "", False)
                    break
            return NEXT
        if op == EXHAUST_ADJACENT:
            self.exhaust_adjacent(run, frame[2])
            return NEXT
        if op == READY_IT:
            subject = frame[4]
            if subject >= 0 and run.collected >> subject & 1:
                run.exhausted &= ~(1 << subject)
            return NEXT
        if op == DISCARD_DECK:
            run.discard += run.deck[:argument]
            run.deck = run.deck[argument:]
            return NEXT
        if op == DRAW_ARSENAL_FRONT:
            if run.arsenal:
                self.take_into_hand(run, run.arsenal[-1])
            return NEXT
        if op == DISCARD_ARSENAL_FRONT:
            if run.arsenal:
                self.discard_card(run, run.arsenal[-1])
            return NEXT
        if op == DISCARD_ARSENAL_ANY:
            if len(run.arsenal) > 1:
                run.decision, run.payments = PICK_CARD, list(run.arsenal)
                return ASK
            if run.arsenal:
                self.discard_card(run, run.arsenal[0])
            return NEXT
        if op == DRAW_IT:
            if self.possible(run, op, argument, frame):
                self.take_into_hand(run, frame[4])
            return NEXT
        if op == DISCARD_IT:
            if self.possible(run, op, argument, frame):
                self.discard_card(run, frame[4])
            return NEXT
        if op == DISCARD_HAND:
            return self.discard_from_hand(run, argument)
        if op in COLUMN_PICKS:
            columns = self.column_candidates(run, op, frame[3], frame[2])
            if len(columns) > 1:
                run.decision, run.payments = PICK_COLUMN, columns
                return ASK
            if columns:
                self.apply_to_column(run, op, frame, columns[0])
            return NEXT
        if op == SHUFFLE_INTO_DECK:
            return self.shuffle_into_deck(run, argument)
        if op == ONE_OF:
            run.decision, run.payments = CHOOSE_MODE, list(range(argument & 255))
            return ASK
        if op == JUMP:
            return argument
        if op == FOR_EACH:  # ('each Treasure in the dungeon', D12)
            kinds = 0
            for t in run.tt[1]:
                kinds |= self.tt_types[t]
            count = count_bits(run.dungeon & kinds)
            if count <= 0:
                return argument
            run.count = count
            return NEXT
        if op == REPEAT:
            if run.count > 1:
                run.count -= 1
                return argument
            run.count = 0
            return NEXT
        if op == CALL_TREASURE:  # (its steps run next, above the action's frame)
            run.stack.append((self.treasure_programs[frame[2]], 0, frame[2], -1, -1, (), True,
                              ()))
            return NEXT
        if op == REMOVE_TREASURE:
            traps, treasures, removed = run.tt
            t = frame[2]
            run.tt = (traps, treasures.replace(bytes((t,)), b""), removed + bytes((t,)))
            return NEXT
        if op == REDEAL:
            if run.dungeon:
                self.redeal(run, argument)
            return NEXT
        if op == SWAP_ARSENAL:
            if len(run.arsenal) > 2:
                run.decision, run.payments = PICK_SWAP, list(range(len(run.arsenal) - 1))
                return ASK
            if len(run.arsenal) == 2:
                run.arsenal = run.arsenal[::-1]
            return NEXT
        if op == DRAW_DISCARD_TOP:
            if run.discard:
                self.take_into_hand(run, run.discard[-1])
            return NEXT
        if op == DRAW_DISCARD_ANY:
            cards = self.discards_of_value(run.discard, argument)
            if len(cards) > 1:
                run.decision, run.payments = PICK_CARD, cards
                return ASK
            if cards:
                self.take_into_hand(run, cards[0])
            return NEXT
        if op == ATTACK_BEGIN:
            target = run.columns[frame[3]][-1]
            run.subject = target
            triggers = self.collected_triggers(run, ATTACKED, target)
            if triggers:
                run.stack.append((BATCH, 0, -1, -1, -1, triggers, False, ()))
            return NEXT
        if op == ATTACK_PAY:
            target = frame[4]
            if not run.dungeon >> target & 1:
                return len(self.steps[ATTACK_ACTION])  # (it has left: the attack ends)
            statements = self.statements(run.kings, run.collected)
            if statements.wild or statements.wild_weapons:
                payments, total = self.wild_payments(run, target, statements)
            else:
                ready = 0 if statements.no_weapons else run.collected & ~run.exhausted
                payments, total = self.payments_for(target, run.arsenal, run.hand, run.kings,
                                                    ready)
            if self.order_live(run):
                payments, total = self.in_every_order(payments, total)
            if not payments:
                return len(self.steps[ATTACK_ACTION])
            if total == 1:
                if not frame[6] & 1:
                    self.win_attack(run, payments[0])
                    return FRAME_DONE
                self.spend(run, payments[0])
                return NEXT
            run.decision, run.pending, run.payments = PAY, frame[3], payments
            return ASK
        if op == ATTACK_DEFEAT:
            self.defeated(run, frame[4], frame[3])
            return NEXT
        if op == DEAL_ONE:
            self.deal(run)
            return NEXT
        # KING_FLIP_STEP
        monster = frame[4]
        if run.dungeon >> monster & 1 and not run.kings >> monster & 1:
            self.reveal(run, monster)
        return NEXT

    def statements(self, kings: int, collected: int) -> Statements:
        """The statements in effect: the hero's, and those of the Monster Kings in the
        dungeon or collected, as each one says."""
        kings &= self.static_kings
        if not kings:
            return self.hero_statements
        slot = kings << self.monster_count | collected & kings
        found = self.statements_kept.get(slot)
        if found is None:
            statics = list(self.root.rules.hero_statics)
            for monster in mask_ids(kings):
                for static, while_collected in self.king_statics[monster]:
                    if while_collected == bool(collected >> monster & 1):
                        statics.append((static, monster))
            found = self.statements_kept[slot] = Statements(statics)
        return found

    def wild_payments(self, run: Run, target: int, statements: Statements
                      ) -> tuple[list[int], int]:
        """`payments_for` where some cards or weapons match any suit (`rules.payments` in card
        order): one per child key, in the engine's order (a wild card's suit changes nothing
        once paid), and how many the engine lists, up to 2."""
        need = list(self.defense[2 * target + (run.kings >> target & 1)])
        ready = 0 if statements.no_weapons else run.collected & ~run.exhausted
        wild = statements.wild
        weapons = [(monster, weapon_choices(self.weapon_suits[2 * monster
                                                              + (run.kings >> monster & 1)],
                                            bool(statements.wild_weapons >> monster & 1)))
                   for monster in mask_ids(ready)]
        reach = run.arsenal[max(0, len(run.arsenal) - sum(need)):]
        listing = WildListing([(card, self.suit[card], self.value[card] in wild)
                               for card in reversed(reach)],
                              [(card, self.suit[card], self.value[card] in wild)
                               for card in mask_ids(run.hand)],
                              weapons, self.classes, HAND_SHIFT + self.card_count)
        listing.from_arsenal(0, need)
        return listing.found, min(listing.total, 2)

    def order_live(self, at: Spot | Run) -> bool:
        """Whether the discard pile's order can still matter (`DiscardOrder.live`)."""
        if not self.order_read:
            return False
        if self.order_always or self.order_monsters & ~at.collected \
                or self.order_kings & at.collected & at.kings:
            return True
        traps, treasures, _removed = at.tt
        return any(self.order_tt[t] for t in traps + treasures)

    def in_every_order(self, payments: list[int], total: int) -> tuple[list[int], int]:
        """The payments with their hand cards discarded in every order, one per order of
        classes (cards of one class are interchangeable), each payment's orders after it in
        the engine's order (`rules.payments`: permutations of the cards in card order); and
        whether that makes a choice (two cards in hand are two orders)."""
        found: list[int] = []
        shift = self.order_shift
        for code in payments:
            found.append(code)
            cards = mask_ids(code >> HAND_SHIFT & self.hand_mask)
            if len(cards) < 2:
                continue
            total = 2
            seen = {cards.translate(self.classes)}
            for order in permutations(cards):
                kinds = bytes(order).translate(self.classes)
                if kinds not in seen:
                    seen.add(kinds)
                    found.append(code | order_code(order) << shift)
        return found, total

    def possible(self, run: Run, op: int, argument: int, frame: Pend) -> bool:
        """Whether a step of the frame's ability can do anything now (`Instr.possible`: a
        cost that can be paid)."""
        subject = frame[4]
        if op in (DRAW_STEP, DISCARD_DECK):
            return bool(run.deck)
        if op in MONSTER_PICKS:
            return bool(self.monster_candidates(run, op, argument, frame[2]))
        if op in (DRAW_ARSENAL_FRONT, DISCARD_ARSENAL_FRONT, DISCARD_ARSENAL_ANY):
            return bool(run.arsenal)
        if op == DRAW_IT:
            return subject >= 0 and subject in run.arsenal
        if op == DISCARD_IT:
            return subject >= 0 and (subject in run.arsenal or bool(run.hand >> subject & 1))
        if op == DISCARD_HAND:
            return bool(run.hand)
        if op == DRAW_DISCARD_TOP:
            return bool(run.discard)
        if op in COLUMN_PICKS:
            return bool(self.column_candidates(run, op, frame[3], frame[2]))
        if op == SWAP_ARSENAL:
            return len(run.arsenal) >= 2
        if op == EXHAUST_WIZARD:
            wizard = self.wizard(run)
            return wizard >= 0 and not run.attached[wizard + 3]
        if op == READY_WIZARD:
            return self.wizard(run) >= 0
        if op == ATTACH_ARSENAL_FRONT:
            return bool(run.arsenal)
        if op == REDEAL:
            return bool(run.dungeon)
        if op == SHUFFLE_INTO_DECK:
            return bool(self.shuffle_pool(run, argument))
        if op == DRAW_DISCARD_ANY:
            return bool(self.discards_of_value(run.discard, argument))
        return True

    def column_candidates(self, run: Run, op: int, here: int, source: int) -> list[int]:
        """The columns a step may pick (`ReverseColumn`, `SwapFronts`, `SwapFrontBack`,
        `Attack`, `Defeat`, `Reveal`, `ShuffleThisIntoColumn`): `here` is the ability's column
        ('this column'), -1 for none, and `source` the card it is on."""
        columns = run.columns
        if op == REVEAL_BACK:
            return [c for c, column in enumerate(columns)
                    if column and not run.kings >> column[0] & 1]
        if op == SHUFFLE_THIS_IN:
            if source < 0 or not run.collected >> source & 1:
                return []
            most = max(len(column) for column in columns)
            return [c for c, column in enumerate(columns) if column and len(column) == most]
        if op in (REVERSE_ANY, SHUFFLE_ANY, DEFEAT_ANY):
            return [c for c, column in enumerate(columns) if column]
        if op == DEFEAT_ANY_KING:
            return [c for c, column in enumerate(columns)
                    if column and run.kings >> column[-1] & 1]
        if op == ATTACK_ANY:
            return self.attackable(run, range(len(columns)))
        if op == SWAP_FRONT_BACK:
            return [c for c, column in enumerate(columns) if len(column) >= 2]
        if op == SWAP_FRONTS_ENDS:
            full = [c for c, column in enumerate(columns) if column]
            return full[-1:] if len(full) >= 2 else []
        adjacent = [c for c in (here - 1, here + 1) if 0 <= c < len(columns) and columns[c]]
        if op == ATTACK_ADJACENT:  # (its own column may be empty: the next ones still count)
            return self.attackable(run, adjacent) if here >= 0 else []
        if not 0 <= here < len(columns) or not columns[here]:
            return []
        if op in (REVERSE_THIS, SHUFFLE_THIS, DEFEAT_THIS):
            return [here]
        if op == DEFEAT_THIS_KING:
            return [here] if run.kings >> columns[here][-1] & 1 else []
        return adjacent

    def attackable(self, at: Spot | Run, among: range | list[int]) -> list[int]:
        """The columns among these whose front monster may be attacked: no statement forbids
        it, and its defense can be matched (`rules.attackable_columns`)."""
        statements = self.statements(at.kings, at.collected)
        ready = 0 if statements.no_weapons else at.collected & ~at.exhausted
        columns = at.columns
        found: list[int] = []
        if statements.wild or statements.wild_weapons:
            cover, spare = self.wild_resources(at.hand, ready, at.kings, statements)
            for c in among:
                if columns[c] and not (statements.blocked and statements.blocks(columns, c)) \
                        and self.can_pay_wild(columns[c][-1], at.arsenal, at.kings, cover, spare,
                                              statements.wild):
                    found.append(c)
            return found
        c0, c1, c2, c3 = self.matched(at.hand, ready, at.kings)
        for c in among:
            if columns[c] and self.can_pay(columns[c][-1], at.arsenal, at.kings, c0, c1, c2,
                                           c3) and not (statements.blocked and
                                                        statements.blocks(columns, c)):
                found.append(c)
        return found

    def wild_resources(self, hand: int, ready: int, kings: int, statements: Statements
                       ) -> tuple[list[int], int]:
        """What the hand and the ready weapons match (`rules.Resources`): of each suit, and of
        any suit (wild cards, a wild weapon's suits)."""
        cover = [0, 0, 0, 0]
        spare = 0
        for card in mask_ids(hand):
            if self.value[card] in statements.wild:
                spare += 1
            else:
                cover[self.suit[card]] += 1
        for monster in mask_ids(ready):
            arms = self.arms[2 * monster + (kings >> monster & 1)]
            if statements.wild_weapons >> monster & 1:
                spare += arms[0] + arms[1] + arms[2] + arms[3]
            else:
                for s in range(4):
                    cover[s] += arms[s]
        return cover, spare

    def can_pay_wild(self, monster: int, arsenal: bytes, kings: int, cover: list[int],
                     spare: int, wild: frozenset[int]) -> bool:
        """`can_pay` where some cards or weapons match any suit (`Resources.can_match`): the
        arsenal taken greedily from the front, branching on what a wild card stands for."""
        need = list(self.defense[2 * monster + (kings >> monster & 1)])
        return self.wild_match(arsenal, len(arsenal) - 1, need, cover, spare, wild)

    def wild_match(self, arsenal: bytes, i: int, need: list[int], cover: list[int],
                   spare: int, wild: frozenset[int]) -> bool:
        while i >= 0:
            card = arsenal[i]
            if self.value[card] in wild:
                needed = [s for s in range(4) if need[s]]
                if not needed:
                    return True
                for s in needed:
                    trial = need[:]
                    trial[s] -= 1
                    if self.wild_match(arsenal, i - 1, trial, cover, spare, wild):
                        return True
                return False
            s = self.suit[card]
            if not need[s]:
                break
            need[s] -= 1
            i -= 1
        short = sum(need[s] - cover[s] for s in range(4) if need[s] > cover[s])
        return short <= spare

    def apply_to_column(self, run: Run, op: int, frame: Pend, column: int) -> None:
        """Do a column step of the frame's ability on the picked column."""
        here = frame[3]
        if op == REVEAL_BACK:
            self.reveal(run, run.columns[column][0])
            return
        if op == SHUFFLE_THIS_IN:
            self.shuffle_into_column(run, frame[2], column)
            return
        if op in (ATTACK_ANY, ATTACK_ADJACENT):  # (its steps run next, above this frame)
            run.stack.append((ATTACK_ACTION, 0, -1, column, -1, (), True, ()))
            return
        if op in (DEFEAT_THIS, DEFEAT_ANY, DEFEAT_THIS_KING, DEFEAT_ANY_KING):
            self.defeated(run, run.columns[column][-1], column)
            return
        columns = list(run.columns)
        if op in (REVERSE_THIS, REVERSE_ANY):
            columns[column] = columns[column][::-1]
        elif op in (SHUFFLE_THIS, SHUFFLE_ANY):
            columns[column] = self.shuffled(run, columns[column])
        elif op == SWAP_FRONT_BACK:
            held = columns[column]
            columns[column] = held[-1:] + held[1:-1] + held[:1]
        else:
            other = here if op == SWAP_FRONTS_ADJACENT else \
                next(c for c, monsters in enumerate(columns) if monsters)
            a, b = columns[other], columns[column]
            columns[other], columns[column] = a[:-1] + b[-1:], b[:-1] + a[-1:]
        run.columns = tuple(columns)
        run.layout = dungeon_layout(run.columns)

    def wizard(self, run: Run) -> int:
        """Where the wizard's four bytes begin in `attached` (the first card attached to the
        hero as a wizard), -1 when there is none."""
        attached = run.attached
        for i in range(0, len(attached), 4):
            if attached[i + 1] == 0 and attached[i + 2]:
                return i
        return -1

    def set_wizard_ready(self, run: Run, ready: bool) -> None:
        """`Board.set_wizard_ready`."""
        i = self.wizard(run)
        if i >= 0:
            attached = run.attached
            run.attached = attached[:i + 3] + bytes((not ready,)) + attached[i + 4:]

    def shuffle_into_column(self, run: Run, monster: int, column: int) -> None:
        """`Board.shuffle_into_column`: a collected monster back into a column, shuffled."""
        bit = 1 << monster
        run.collected &= ~bit
        run.dungeon |= bit
        columns = list(run.columns)
        columns[column] = self.shuffled(run, columns[column] + bytes((monster,)))
        run.columns = tuple(columns)
        run.layout = dungeon_layout(run.columns)

    def monster_candidates(self, run: Run, op: int, argument: int, source: int) -> int:
        """The monsters a step may pick, as a mask: the ready or exhausted collected ones,
        those of a type in the dungeon not showing their King face, or the other collected
        monsters (not Kings) with a Loot ability."""
        if op == EXHAUST_PICK:
            return run.collected & ~run.exhausted
        if op == READY_PICK:
            return run.collected & run.exhausted
        if op == REVEAL_OF_TYPE:
            return self.type_masks[argument] & run.dungeon & ~run.kings if argument >= 0 else 0
        others = run.collected & ~run.kings & self.looting
        return others & ~(1 << source) if source >= 0 else others

    def shuffled(self, run: Run, cards: bytes) -> bytes:
        """The cards in the order the game's stream shuffles them into (`Board.chance_order`)."""
        order, run.stream = rng.shuffled(cards, run.stream)
        return bytes(order)

    def redeal(self, run: Run, count: int) -> None:
        """`Board.redeal`: the dungeon's monsters, shuffled, dealt left to right, top to
        bottom into the `count` leftmost columns."""
        order = self.shuffled(run, b"".join(run.columns))
        run.columns = tuple(order[c::count] if c < count else b""
                            for c in range(len(run.columns)))
        run.layout = dungeon_layout(run.columns)

    def shuffle_pool(self, run: Run, spec: int) -> bytes:
        """The cards a `shuffle_spec` step takes from, in the order the player picks in: each
        zone in turn, the hand in card order, the arsenal left to right, the discard pile
        bottom to top."""
        zones = spec >> 12
        pool = b""
        while zones:
            zone = zones & 3
            zones >>= 2
            pool += (mask_ids(run.hand) if zone == 1 else run.arsenal if zone == 2
                     else run.discard)
        return pool

    def shuffle_into_deck(self, run: Run, spec: int) -> int:
        """`ShuffleIntoDeck.run`: the cards named, or the player's picks one at a time (in
        pool order, so that each set of cards is picked one way only), join the deck, which
        is shuffled."""
        count, up_to, same_suit, card = spec >> 4 & 255, spec >> 3 & 1, spec >> 2 & 1, spec & 3
        pool = self.shuffle_pool(run, spec)
        if count == ALL_CARDS:
            return self.shuffle_in_done(run, pool)
        if card == BOTTOM_CARDS:
            return self.shuffle_in_done(run, run.discard[:count])
        if card == FRONT_CARD:
            return self.shuffle_in_done(run, run.arsenal[-1:])
        picks = run.picks
        if len(picks) == count:
            return self.shuffle_in_done(run, picks)
        if not up_to and not same_suit and len(pool) <= count:
            return self.shuffle_in_done(run, pool)  # (do as much as you can)
        rest = pool[pool.index(picks[-1]) + 1:] if picks else pool
        if same_suit and picks:
            suit = self.suit[picks[0]]
            rest = bytes(c for c in rest if self.suit[c] == suit)
        if not up_to and not same_suit:  # (leave enough cards to reach the count)
            rest = rest[:max(0, len(rest) - (count - len(picks) - 1))]
        if not rest:
            return self.shuffle_in_done(run, picks)
        if up_to:
            run.decision, run.payments = PICK_UP_TO, [*rest, DONE_MOVE]
            return ASK
        if len(rest) == 1:
            run.picks = (*picks, rest[0])
            return self.shuffle_into_deck(run, spec)
        run.decision, run.payments = PICK_CARD, list(rest)
        return ASK

    def shuffle_in_done(self, run: Run, cards: bytes | tuple[int, ...]) -> int:
        """The step's cards join the deck, which is shuffled; its picks are cleared."""
        self.shuffle_in(run, cards)
        run.picks = ()
        return NEXT

    def shuffle_in(self, run: Run, cards: bytes | tuple[int, ...]) -> None:
        """`Board.shuffle_into_deck`: the cards leave their zones, join the deck's bottom, and
        the deck is shuffled; no card, no shuffle."""
        if not cards:
            return
        for card in cards:
            self.remove_card(run, card)
        run.deck = self.shuffled(run, run.deck + bytes(cards))

    def discards_of_value(self, discard: bytes, value: int) -> list[int]:
        """The discard pile's cards of this value (any, for -1), in card order."""
        return sorted(card for card in discard if value < 0 or self.value[card] == value)

    def discard_from_hand(self, run: Run, count: int) -> int:
        """'Discard N cards' (`Discard.run`): the whole hand when it holds no more than are
        still to discard; else the player picks the next card, above the last one picked and
        with enough cards above it for the picks still due, so that each set of cards is
        chosen one way only; or, where the order of discards can matter, any card of the hand,
        one at a time."""
        remaining = count - len(run.picks)
        hand = run.hand
        if remaining <= 0 or not hand:
            run.picks = ()
            return NEXT
        cards = mask_ids(hand)
        if self.order_live(run):
            # Every order is a choice: any card of the hand next, but a last one, discarded.
            if len(cards) == 1:
                self.discard_card(run, cards[0])
                run.picks = ()
                return NEXT
            run.decision, run.payments = PICK_CARD, list(cards)
            return ASK
        if len(cards) <= remaining:
            for card in cards:
                self.discard_card(run, card)
            run.picks = ()
            return NEXT
        last = run.picks[-1] if run.picks else -1
        above = [card for card in cards if card > last]
        run.decision, run.payments = PICK_CARD, above[:len(above) - remaining + 1]
        return ASK

    def exhaust_adjacent(self, run: Run, source: int) -> None:
        """Exhaust the monsters in front of and behind `source` in its column, if it is in
        the dungeon."""
        for column in run.columns:
            i = column.find(bytes((source,))) if source >= 0 else -1
            if i >= 0:
                if i > 0:
                    run.exhausted |= 1 << column[i - 1]
                if i + 1 < len(column):
                    run.exhausted |= 1 << column[i + 1]
                return

    def choose(self, run: Run, spot: Spot, move: int) -> None:
        """Feed the player's choice to the step that asked (`Board.choose`)."""
        depth = len(run.stack) - 1
        frame = run.stack[depth]
        run.depth, run.subject, run.picks = depth, frame[4], frame[7]
        run.count = frame[6] >> FLAG_COUNT
        op, argument = self.steps[frame[0]][frame[1]]
        if op == ATTACK_PAY:
            if not frame[6] & 1:
                self.win_attack(run, move)
                return
            self.spend(run, move)
            self.advance(run, depth, frame[1] + 1)
        elif op == MAY_STEP:
            self.advance(run, depth, frame[1] + 1 if move == YES_MOVE else argument)
        elif op == DISCARD_ARSENAL_ANY:
            self.discard_card(run, move)
            self.advance(run, depth, frame[1] + 1)
        elif op == DRAW_DISCARD_ANY:
            self.take_into_hand(run, move)
            self.advance(run, depth, frame[1] + 1)
        elif op in COLUMN_PICKS:
            self.apply_to_column(run, op, frame, move)
            self.advance(run, depth, frame[1] + 1)
        elif op == ONE_OF:
            self.advance(run, depth, one_of_starts(argument)[move])
        elif op == SHUFFLE_INTO_DECK:
            if move == DONE_MOVE:
                self.shuffle_in(run, run.picks)
                run.picks = ()
                self.advance(run, depth, frame[1] + 1)
            else:  # (the step runs again: more cards may be picked)
                run.picks = (*run.picks, move)
                self.advance(run, depth, frame[1])
        elif op == SWAP_ARSENAL:
            arsenal = run.arsenal
            run.arsenal = arsenal[:move] + arsenal[move:move + 2][::-1] + arsenal[move + 2:]
            self.advance(run, depth, frame[1] + 1)
        elif op == DISCARD_HAND:  # (the step runs again: more cards may be due)
            self.discard_card(run, move)
            run.picks = (*run.picks, move)
            self.advance(run, depth, frame[1])
        else:  # MONSTER_PICKS
            self.apply_to_monster(run, op, move)
            self.advance(run, depth, frame[1] + 1)

    def apply_to_monster(self, run: Run, op: int, monster: int) -> None:
        """Do a monster step on the picked monster."""
        if op in (EXHAUST_PICK, READY_PICK):
            run.exhausted ^= 1 << monster
        elif op == REVEAL_OF_TYPE:
            self.reveal(run, monster)
        else:  # TRIGGER_LOOT (`Board.trigger_loot_of`)
            for ability in self.loot[monster][0]:
                self.add_trigger(run, (ability, monster, -1, monster))

    # ------------------------------------------------------------------ the rules' actions

    def win_attack(self, run: Run, code: int) -> None:
        """The attack on top of the stack (not nested) is paid: its last step, the defeat,
        and its end at once, as the interpreter would run them (`Board._finish`: the triggers
        it queued wait together), without rebuilding its frame for each."""
        frame = run.stack.pop()
        self.spend(run, code)
        self.defeated(run, frame[4], frame[3])
        waiting = frame[5] + tuple(run.queued) if run.queued else frame[5]
        run.queued.clear()
        if waiting:
            run.stack.append((BATCH, 0, -1, -1, -1, waiting, False, ()))

    def spend(self, run: Run, code: int) -> None:
        """Discard the arsenal's front cards, front first, then the hand cards in card order;
        exhaust the weapons (a payment's code: `kernel.HAND_SHIFT`)."""
        taken = code & 63
        chosen = code >> HAND_SHIFT & self.hand_mask
        arsenal = run.arsenal
        cut = len(arsenal) - taken
        order = code >> self.order_shift
        run.discard = run.discard + arsenal[cut:][::-1] + (
            mask_ids(chosen) if not order else discard_order(order))
        run.arsenal = arsenal[:cut]
        run.hand &= ~chosen
        run.exhausted |= code >> (HAND_SHIFT + self.card_count) & self.monster_mask

    def defeated(self, run: Run, monster: int, attacked: int) -> None:
        """`Board.defeat`: out of its column, its Loot (and the hero's Trophy and Monster King
        abilities) trigger, it is collected, the collect abilities fire, and the last monster
        of its type left may flip. It is looked for in the column attacked first (where it
        is, unless an ability moved it)."""
        columns = list(run.columns)
        column = attacked
        if not (columns[column] and columns[column][-1] == monster):
            column = 0
            while monster not in columns[column]:
                column += 1
        held = columns[column]
        columns[column] = held[:-1] if held[-1] == monster else held.replace(
            bytes((monster,)), b"")
        run.columns = tuple(columns)
        run.layout = dungeon_layout(run.columns)
        king = run.kings >> monster & 1
        for ability in self.loot[monster][king]:
            self.add_trigger(run, (ability, monster, column, monster))
        if self.trophy_types[monster]:
            for ability, _king_only in self.hero_abilities[TROPHY]:
                self.add_trigger(run, (ability, monster, column, monster))
        if king:
            for ability, _king_only in self.hero_abilities[MONSTER_KING]:
                self.add_trigger(run, (ability, monster, column, monster))
        bit = 1 << monster
        if self.with_tt:
            self.set_off_traps_treasures(run, monster, column)
        run.collected |= bit
        run.dungeon &= ~bit
        self.fire(run, COLLECT, monster)
        kind = self.type_masks[self.monster_type[monster]] & run.dungeon
        if kind and not kind & (kind - 1) and not run.kings & kind:  # (one monster left)
            self.add_trigger(run, (KING_FLIP, -1, -1, kind.bit_length() - 1))
        if self.with_tt and run.tt[0]:
            self.flip_traps(run)

    def set_off_traps_treasures(self, run: Run, monster: int, column: int) -> None:
        """A defeated monster sets off the Traps and Treasures of its type (`Board.defeat`)."""
        bit = 1 << monster
        traps, treasures, _removed = run.tt
        for t in traps:
            if self.tt_types[t] & bit:
                self.add_trigger(run, (self.trap_programs[t], t, column, monster))
        for t in treasures:
            if self.tt_types[t] & bit:
                self.add_trigger(run, (self.treasure_programs[t], t, column, monster))

    def flip_traps(self, run: Run) -> None:
        """`Board.flip_traps`: a Trap whose type has no monster left in the dungeon flips to
        its Treasure face, collected."""
        attached, treasures, removed = run.tt
        traps = attached
        for t in attached:  # (a name of its own: compiled, a loop reads its name each time)
            if not self.tt_types[t] & run.dungeon:
                traps = traps.replace(bytes((t,)), b"")
                treasures += bytes((t,))
        run.tt = (traps, treasures, removed)

    def reveal(self, run: Run, monster: int) -> None:
        """`Board.reveal`: the monster shows its King face; its Reveal abilities and 'when a
        Monster King is revealed' abilities trigger."""
        run.kings |= 1 << monster
        column = 0
        while monster not in run.columns[column]:
            column += 1
        for ability, _collected, _king_only in self.king_abilities[REVEAL][monster]:
            self.add_trigger(run, (ability, monster, column, -1))
        self.fire(run, KING_REVEALED, monster)

    def deal(self, run: Run) -> None:
        card = run.deck[0]
        run.deck = run.deck[1:]
        run.arsenal += bytes((card,))
        self.fire(run, DEALT, card)

    def remove_card(self, run: Run, card: int) -> None:
        """Take an arsenal card out of the zone it is in (`Board._remove_card`)."""
        if run.hand >> card & 1:
            run.hand &= ~(1 << card)
        elif card in run.arsenal:
            run.arsenal = run.arsenal.replace(bytes((card,)), b"")
        elif card in run.discard:
            run.discard = run.discard.replace(bytes((card,)), b"")
        else:
            run.deck = run.deck.replace(bytes((card,)), b"")

    def discard_card(self, run: Run, card: int) -> None:
        """`Board.discard_cards` of one card: on top of the discard pile."""
        self.remove_card(run, card)
        run.discard += bytes((card,))

    def take_into_hand(self, run: Run, card: int) -> None:
        """`Board.take_into_hand`: a named card into the hand; draw abilities fire."""
        self.remove_card(run, card)
        run.hand |= 1 << card
        self.fire(run, DRAWN, card)

    def draw(self, run: Run, count: int) -> None:
        for _ in range(count):
            if not run.deck:
                return
            card = run.deck[0]
            run.deck = run.deck[1:]
            run.hand |= 1 << card
            self.fire(run, DRAWN, card)

    # ------------------------------------------------------------------ triggers

    def add_trigger(self, run: Run, trigger: Trig) -> None:
        """Queue a triggered ability on the running frame (`Board.add_trigger`); it joins the
        frame's waiting triggers when the step is done (`advance`)."""
        run.queued.append(trigger)

    def fires(self, event: int, kings: int, collected: int) -> bool:
        """Whether an ability firing on this event is in effect, given the Kings and the
        collection (`Board.has_abilities`)."""
        if self.hero_abilities[event]:
            return True
        kings &= self.king_events[event]
        while kings:
            low = kings & -kings
            monster = low.bit_length() - 1
            kings ^= low
            for _ability, while_collected, _king_only in self.king_abilities[event][monster]:
                if while_collected == bool(collected >> monster & 1):
                    return True
        return False

    def collected_triggers(self, run: Run, event: int, subject: int) -> tuple[Trig, ...]:
        """The abilities in effect that fire on this event about `subject`
        (`Board.collect_triggers`, `Board.fire_card`), in the engine's order: the hero's,
        then each Monster King's by id."""
        about_card = event in (DEALT, DRAWN)
        found: list[Trig] = []
        for ability, king_only in self.hero_abilities[event]:
            if self.fires_about(run, ability, king_only, about_card, subject):
                found.append((ability, HERO, -1, subject))
        kings = run.kings & self.king_events[event]
        while kings:
            low = kings & -kings
            monster = low.bit_length() - 1
            kings ^= low
            for ability, while_collected, king_only in self.king_abilities[event][monster]:
                if while_collected == bool(run.collected >> monster & 1) and self.fires_about(
                        run, ability, king_only, about_card, subject):
                    found.append((ability, monster, -1, subject))
        return tuple(found)

    def fires_about(self, run: Run, ability: int, king_only: bool, about_card: bool,
                    subject: int) -> bool:
        """Whether an ability in effect fires about `subject`: a card dealt or drawn must fit
        its filter ('When you deal an 8'), a monster be a Monster King where it says so."""
        if about_card:
            value, suit = self.card_filters[ability]
            return (value < 0 or self.value[subject] == value) and (
                suit < 0 or self.suit[subject] == suit)
        return not king_only or bool(run.kings >> subject & 1)

    def fire(self, run: Run, event: int, subject: int) -> None:
        """Queue the abilities this event fires (`Board.fire`, `Board.fire_card`)."""
        if not self.hero_abilities[event] and not run.kings & self.king_events[event]:
            return
        for trigger in self.collected_triggers(run, event, subject):
            self.add_trigger(run, trigger)

    # ------------------------------------------------------------------ the engine's words

    def action(self, node: Node, move: int, state: PuzzleState) -> Action:
        spot = cast(Spot, node)
        if spot.decision == YES_NO:
            return Action("yes") if move == YES_MOVE else Action("no")
        if spot.decision == ORDER:
            return Action("resolve", move)
        if spot.decision == PICK_MONSTER:
            return Action("monster", move)
        if spot.decision == PICK_CARD:
            return Action("card", move)
        if spot.decision == CHOOSE_MODE:
            return Action("choose", move)
        if spot.decision == QUIET and move >= TREASURE_MOVE:
            return Action("treasure", move - TREASURE_MOVE)
        if spot.decision == PICK_UP_TO:
            return Action("done") if move == DONE_MOVE else Action("card", move)
        if spot.decision == PICK_COLUMN:
            return Action("column", move)
        if spot.decision == PICK_SWAP:
            return Action("swap", (spot.arsenal[move], spot.arsenal[move + 1]))
        if spot.decision == PAY:
            return self.payment_action(move, state)
        return super().action(node, move, state)

    def payment_action(self, code: int, state: PuzzleState) -> Action:
        """The engine's payment for a payment's code: its arsenal cards, its weapons, and its
        hand cards in the order the code discards them."""
        order = code >> self.order_shift
        hand = discard_order(order) if order else mask_ids(code >> HAND_SHIFT & self.hand_mask)
        return self.engine_payment(state, code & 63, hand,
                                   code >> (HAND_SHIFT + self.card_count) & self.monster_mask)

    def position(self, node: Node) -> PuzzleState:
        spot = cast(Spot, node)
        return self.root.set(columns=spot.columns, arsenal=spot.arsenal, hand=spot.hand,
                             deck=spot.deck, discard=spot.discard, kings=spot.kings,
                             exhausted=spot.exhausted, collected=spot.collected,
                             attached=tuple(
                                 Attachment(card, host - 1, "wizard" if wizard else "",
                                            bool(exhausted))
                                 for card, host, wizard, exhausted in zip(
                                     *(spot.attached[i::4] for i in range(4)), strict=True)),
                             traps=tuple(spot.tt[0]), treasures=tuple(spot.tt[1]),
                             removed=tuple(spot.tt[2]),
                             rng=spot.stream if self.shuffles else self.root.rng)

