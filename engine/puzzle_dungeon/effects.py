"""The effect language of Puzzle Dungeon cards, compiled to small resumable instructions.

A card's `effect` in TOML is a list of steps (`{ op = "draw", count = 2 }`, `{ op = "may",
do = [...] }`). `compile_effect` turns it into a flat tuple of instructions with jumps, so that a
pending ability is just (program, position, context) and a state stays immutable and hashable.
Each op is a class here that says which parameters it takes and checks them (`Instr.build`).

An instruction either finishes (returns None, or a position to jump to, or FINISH to end the
program) or asks the player to choose (returns the options, each an `Action`); the engine then
feeds the chosen action to `choose`. Nothing is ever decided inside an effect: every "you may",
every "any", every "or" is a choice the player makes through the game protocol. An instruction
with no way to do anything does nothing ("If the effect of an ability instructs you to do more
than you can, do as much as you can"); a choice with a single option is made for the player.

The language is documented, op by op, in docs/cards.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from typing import TYPE_CHECKING, Any

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import rules
from dungeoneer.engine.puzzle_dungeon.constants import SUITS

if TYPE_CHECKING:
    from dungeoneer.engine.puzzle_dungeon.board import Board, Ctx
    from dungeoneer.engine.puzzle_dungeon.cards import Ability
    from dungeoneer.engine.puzzle_dungeon.game import PuzzleDungeon

Step = int | tuple[Action, ...] | None
"""What a step comes to: None (go on to the next), a position to jump to (or AGAIN, FINISH), or
the options of a choice to ask for."""

AGAIN = -2
"""Returned by `choose` when the instruction needs another choice (a multi-card pick)."""
FINISH = -3
"""Returned by a step that ends its program there (an attack whose defense can no longer be
matched ends without a defeat)."""

YES, NO, DONE = Action("yes"), Action("no"), Action("done")

# Programs 0..FIRST_CARD_PROGRAM-1 are the engine's own (set-up, the actions, the King flip);
# card abilities follow, numbered in load order.
SETUP, DEAL_ACTION, ATTACK_ACTION, TREASURE_ACTION, KING_FLIP = range(5)
FIRST_CARD_PROGRAM = 5

STATIC_KINDS = ("no_attack", "no_weapons", "ignore", "wild", "wild_weapons")
COUNTS = ("treasure_monsters",)

CARD_ACTIONS = tuple(Action("card", i) for i in range(256))
COLUMN_ACTIONS = tuple(Action("column", i) for i in range(256))
MONSTER_ACTIONS = tuple(Action("monster", i) for i in range(256))
"""One action per card, column or monster, made once (a playout offers them over and over)."""
PICK_ACTIONS = {"card": CARD_ACTIONS, "column": COLUMN_ACTIONS, "monster": MONSTER_ACTIONS}


Params = Mapping[str, tuple[object, ...] | type]
"""The parameters an op takes: each with its allowed values, or the type its value has."""


class EffectSpecError(ValueError):
    """An effect step that is not valid: the loader adds the file, card and field."""


# ----------------------------------------------------------------------------- base

class Instr:
    """One step of a program. An op's class does the step and builds it from its checked
    parameters; `_describe` names the op and the parameters it takes (kept out of the class
    body: a compiled dataclass would take class attributes for fields)."""

    @classmethod
    def build(cls, params: dict[str, Any]) -> Instr:
        """The step from its checked parameters (`check_params` has run)."""
        return cls(**params)

    def possible(self, b: Board, ctx: Ctx) -> bool:
        """Whether the step can do anything now (a cost that can be paid)."""
        return True

    def run(self, b: Board, ctx: Ctx) -> Step:
        """Do the step: None (go on), an int (jump there) or a tuple of options (ask)."""
        raise NotImplementedError

    def choose(self, b: Board, ctx: Ctx, action: Action) -> Step:
        """Apply the player's choice: None (go on), an int (jump) or AGAIN (ask again)."""
        raise NotImplementedError(type(self).__name__)

    def context_free(self) -> bool:
        """Whether the step reads nothing of its ability's context (the card it is on, 'this
        column', 'it'): two abilities whose programs read none of it run alike whichever
        resolves first."""
        return False

    def __reduce__(self) -> tuple[Any, ...]:
        # A game goes to worker processes pickled. Pickle's default for a frozen dataclass
        # restores its fields one by one, which a compiled class refuses; building the step
        # again from its fields works compiled and pure alike. The engine's own steps have none.
        values: tuple[Any, ...] = ()
        if is_dataclass(self):
            values = tuple([getattr(self, f.name) for f in fields(self)])
        return _rebuilt, (type(self), values)


def _rebuilt(cls: type[Instr], values: tuple[Any, ...]) -> Instr:
    """An op's step from its field values, in order (`Instr.__reduce__`)."""
    return cls(*values)


@dataclass(frozen=True)
class OpSpec:
    """An op of the card language: its name in a card file, its class, and its parameters."""

    name: str
    cls: type[Instr]
    params: Params
    """Each parameter with its allowed values, or the type its value has."""
    required: tuple[str, ...]
    """The parameters it can't do without."""


OPS: dict[str, OpSpec] = {}
"""The ops of the language by name, each described after its class."""
_NAMES: dict[type[Instr], str] = {}


def _describe(name: str, cls: type[Instr], params: Params | None = None,
              required: tuple[str, ...] = ()) -> None:
    OPS[name] = OpSpec(name, cls, params or {}, required)
    _NAMES[cls] = name


def op_name(cls: type[Instr]) -> str:
    """The name of the op `cls` does, as a card file spells it."""
    return _NAMES[cls]


def _card_options(cards: Sequence[int]) -> tuple[Action, ...]:
    return tuple([CARD_ACTIONS[c] for c in cards])


class Pick(Instr):
    """A step that picks one card, column or monster ('any column', 'a collected monster'): the
    player chooses among the candidates; one candidate is taken at once, none does nothing."""

    def option_kind(self) -> str:
        """The kind of the options: 'column', 'card' or 'monster'."""
        return "column"

    def candidates(self, b: Board, ctx: Ctx) -> list[int]:
        """What may be picked now."""
        raise NotImplementedError

    def apply(self, b: Board, ctx: Ctx, choice: int) -> None:
        """Do the step with the picked one."""
        raise NotImplementedError

    def possible(self, b: Board, ctx: Ctx) -> bool:
        return bool(self.candidates(b, ctx))

    def run(self, b: Board, ctx: Ctx) -> Step:
        found = self.candidates(b, ctx)
        if not found:
            return None
        if len(found) == 1:
            self.apply(b, ctx, found[0])
            return None
        actions = PICK_ACTIONS[self.option_kind()]
        return tuple([actions[c] for c in found])

    def choose(self, b: Board, ctx: Ctx, action: Action) -> Step:
        self.apply(b, ctx, action.arg)
        return None


def _positive(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _count_param(op: str, params: Mapping[str, Any], allow_all: bool = False) -> None:
    count = params.get("count", 1)
    if not _positive(count) and not (allow_all and count == "all"):
        raise EffectSpecError(f"op {op!r}: count must be a positive whole number"
                              + (" or 'all'" if allow_all else ""))


# ----------------------------------------------------------------------------- control

@dataclass(frozen=True)
class May(Instr):
    """'You may X [to Y]': yes runs the block, no skips it. If the block's first step (its cost)
    can't be done, there is nothing to choose."""

    first: Instr
    end: int

    def run(self, b: Board, ctx: Ctx) -> Step:
        if not self.first.possible(b, ctx):
            return self.end
        return (YES, NO)

    def choose(self, b: Board, ctx: Ctx, action: Action) -> Step:
        if action.kind == "no":
            b.say("You decline.")
            return self.end
        return None

    def context_free(self) -> bool:
        return True


@dataclass(frozen=True)
class OneOf(Instr):
    """'X or Y': the player picks one mode by its label."""

    labels: tuple[str, ...]
    starts: tuple[int, ...]

    def run(self, b: Board, ctx: Ctx) -> Step:
        return tuple([Action("choose", i) for i in range(len(self.labels))])

    def choose(self, b: Board, ctx: Ctx, action: Action) -> Step:
        mode: int = action.arg
        return self.starts[mode]

    def context_free(self) -> bool:
        return True


@dataclass(frozen=True)
class Jump(Instr):
    """Go to another step (the end of a mode)."""

    to: int

    def run(self, b: Board, ctx: Ctx) -> Step:
        return self.to

    def context_free(self) -> bool:
        return True


@dataclass(frozen=True)
class ForEach(Instr):
    """'For each X, ...': count once, then repeat the block that many times."""

    count: str
    end: int

    def run(self, b: Board, ctx: Ctx) -> Step:
        n = _count(b, self.count)
        if n <= 0:
            return self.end
        b.ctx = ctx.with_count(n)
        return None

    def context_free(self) -> bool:
        return True


@dataclass(frozen=True)
class Repeat(Instr):
    """The end of a for-each block: go back while repetitions remain."""

    start: int

    def run(self, b: Board, ctx: Ctx) -> Step:
        if ctx.count > 1:
            b.ctx = ctx.with_count(ctx.count - 1)
            return self.start
        b.ctx = ctx.with_count(0)
        return None

    def context_free(self) -> bool:
        return True


def _count(b: Board, what: str) -> int:
    if what == "treasure_monsters":
        # 'For each Treasure in the dungeon': a Treasure card is never in the dungeon itself, so
        # this counts the monsters in the dungeon whose type is a collected Treasure's type
        # (docs/rules/puzzle-dungeon.md, D12).
        types = {b.rules.cards.trap_treasures[t].type for t in b.treasures}
        kinds = b.rules.tables.kind
        return sum(1 for column in b.columns for m in column if kinds[m] in types)
    raise AssertionError(what)


# ----------------------------------------------------------------------------- cards

@dataclass(frozen=True)
class Draw(Instr):
    """'Draw N cards': from the top of the deck into the hand, as many as there are."""

    count: int = 1

    @classmethod
    def build(cls, params: dict[str, Any]) -> Instr:
        _count_param(op_name(cls), params)
        return cls(**params)

    def possible(self, b: Board, ctx: Ctx) -> bool:
        return bool(b.deck)

    def run(self, b: Board, ctx: Ctx) -> Step:
        b.draw(self.count)
        return None

    def context_free(self) -> bool:
        return True


_describe("draw", Draw, params={"count": object})


@dataclass(frozen=True)
class Discard(Instr):
    """'Discard N cards': from the hand (Drawing & Discarding), the player's choice."""

    count: int = 1

    @classmethod
    def build(cls, params: dict[str, Any]) -> Instr:
        _count_param(op_name(cls), params)
        return cls(**params)

    def possible(self, b: Board, ctx: Ctx) -> bool:
        return bool(b.hand)

    def run(self, b: Board, ctx: Ctx) -> Step:
        remaining = self.count - len(ctx.picks)
        if remaining <= 0 or not b.hand:
            b.ctx = ctx.with_picks(())
            return None
        hand = rules.bits(b.hand)
        if b.rules.discard_order.live(b):
            # The cards go on the pile in the order picked, and some ability reads that order:
            # every order is a choice (D18). A single card left is discarded without asking.
            if len(hand) == 1:
                b.discard_cards(hand)
                b.ctx = ctx.with_picks(())
                return None
            return _card_options(hand)
        if len(hand) <= remaining:
            b.discard_cards(hand)
            b.ctx = ctx.with_picks(())
            return None
        # Picks go in increasing card order, so each set of cards is chosen one way only; a
        # card is offered only when enough cards above it are left for the picks still due
        # (picking the highest of three cards first would leave nothing to pick next).
        last = ctx.picks[-1] if ctx.picks else -1
        above = [c for c in hand if c > last]
        return _card_options(above[:len(above) - remaining + 1])

    def choose(self, b: Board, ctx: Ctx, action: Action) -> Step:
        card: int = action.arg
        b.discard_cards((card,))
        b.ctx = ctx.with_picks((*ctx.picks, card))
        return AGAIN

    def context_free(self) -> bool:
        return True


_describe("discard", Discard, params={"count": object})


@dataclass(frozen=True)
class DiscardIt(Instr):
    """'..., discard it': the card the trigger speaks of, wherever it now is in play."""


    def possible(self, b: Board, ctx: Ctx) -> bool:
        card = ctx.subject
        return card >= 0 and (card in b.arsenal or bool(b.hand >> card & 1))

    def run(self, b: Board, ctx: Ctx) -> Step:
        if self.possible(b, ctx):
            b.discard_cards((ctx.subject,))
        return None


_describe("discard_it", DiscardIt)


@dataclass(frozen=True)
class DrawIt(Instr):
    """'..., draw it': the dealt card the trigger speaks of, from the arsenal into the hand."""


    def possible(self, b: Board, ctx: Ctx) -> bool:
        return ctx.subject >= 0 and ctx.subject in b.arsenal

    def run(self, b: Board, ctx: Ctx) -> Step:
        if self.possible(b, ctx):
            b.take_into_hand(ctx.subject)
        return None


_describe("draw_it", DrawIt)


@dataclass(frozen=True)
class DiscardArsenal(Pick):
    """'Discard the front card of the arsenal' or 'discard any card from the arsenal'."""

    card: str = "front"

    def option_kind(self) -> str:
        return "card"

    def candidates(self, b: Board, ctx: Ctx) -> list[int]:
        return list(b.arsenal[-1:] if self.card == "front" else b.arsenal)

    def apply(self, b: Board, ctx: Ctx, choice: int) -> None:
        b.discard_cards((choice,))

    def context_free(self) -> bool:
        return True


_describe("discard_arsenal", DiscardArsenal, params={"card": ("front", "any")}, required=("card",))


@dataclass(frozen=True)
class DiscardDeck(Instr):
    """'Discard the top N cards of the deck'."""

    count: int

    @classmethod
    def build(cls, params: dict[str, Any]) -> Instr:
        _count_param(op_name(cls), params)
        return cls(**params)

    def possible(self, b: Board, ctx: Ctx) -> bool:
        return bool(b.deck)

    def run(self, b: Board, ctx: Ctx) -> Step:
        b.discard_from_deck(self.count)
        return None

    def context_free(self) -> bool:
        return True


_describe("discard_deck", DiscardDeck, params={"count": object}, required=("count",))


@dataclass(frozen=True)
class DrawArsenalFront(Instr):
    """'Draw the front card of the arsenal'."""


    def possible(self, b: Board, ctx: Ctx) -> bool:
        return bool(b.arsenal)

    def run(self, b: Board, ctx: Ctx) -> Step:
        if b.arsenal:
            b.take_into_hand(b.arsenal[-1])
        return None

    def context_free(self) -> bool:
        return True


_describe("draw_arsenal_front", DrawArsenalFront)


@dataclass(frozen=True)
class DrawFromDiscard(Pick):
    """'Draw any 0 in the discard pile' / 'Draw the top card of the discard pile'."""

    card: str = "any"
    value: int | None = None

    def option_kind(self) -> str:
        return "card"

    def candidates(self, b: Board, ctx: Ctx) -> list[int]:
        if self.card == "top":
            return list(b.discard[-1:])
        arsenal = b.rules.cards.arsenal
        value = self.value
        # 'Any' means any one (Reference): one card of those that fit, the player's choice.
        return sorted([c for c in b.discard if value is None or arsenal[c].value == value])

    def apply(self, b: Board, ctx: Ctx, choice: int) -> None:
        b.take_into_hand(choice)

    def context_free(self) -> bool:
        return True


_describe("draw_from_discard", DrawFromDiscard,
    params={"card": ("any", "top"), "value": int},
    required=("card",))


@dataclass(frozen=True)
class ShuffleIntoDeck(Instr):
    """'Shuffle ... into the deck': the named cards join the deck, then the deck is shuffled.

    `card`: 'any' (the player picks `count` cards, or up to `count` with `up_to`; with
    `same_suit` all of one suit), 'bottom' (the bottom cards of the discard pile), 'front' (the
    front card of the arsenal). `count = "all"` takes the whole zone.
    """

    zones: tuple[str, ...]
    count: int | str
    up_to: bool = False
    same_suit: bool = False
    card: str = "any"

    @classmethod
    def build(cls, params: dict[str, Any]) -> Instr:
        _count_param(op_name(cls), params, allow_all=True)
        zones = params.pop("from")
        if not isinstance(zones, list) or not zones or any(
                z not in ("arsenal", "discard", "hand") for z in zones):
            raise EffectSpecError("op 'shuffle_into_deck': from is a list of 'arsenal', "
                                  "'discard', 'hand'")
        if params.get("card") == "bottom" and zones != ["discard"]:
            raise EffectSpecError("op 'shuffle_into_deck': card = 'bottom' takes from ['discard']")
        if params.get("card") == "front" and zones != ["arsenal"]:
            raise EffectSpecError("op 'shuffle_into_deck': card = 'front' takes from ['arsenal']")
        return cls(zones=tuple(zones), **params)

    def _pool(self, b: Board) -> list[int]:
        # The order the player picks in: arsenal left to right, then discard pile bottom to top.
        pool: list[int] = []
        for zone in self.zones:
            if zone == "hand":
                pool.extend(rules.bits(b.hand))
            elif zone == "arsenal":
                pool.extend(b.arsenal)
            else:
                pool.extend(b.discard)
        return pool

    def possible(self, b: Board, ctx: Ctx) -> bool:
        return bool(self._pool(b))

    def run(self, b: Board, ctx: Ctx) -> Step:
        pool = self._pool(b)
        count = self.count
        if not isinstance(count, int):  # "all"
            return self._finish(b, ctx, pool)
        if self.card == "bottom":
            return self._finish(b, ctx, list(b.discard[:count]))
        if self.card == "front":
            return self._finish(b, ctx, list(b.arsenal[-1:]))
        picks = ctx.picks
        if len(picks) == count:
            return self._finish(b, ctx, list(picks))
        if not self.up_to and not self.same_suit and len(pool) <= count:
            return self._finish(b, ctx, pool)  # do as much as you can
        options = self._next_picks(b, pool, picks, count)
        if not options:
            return self._finish(b, ctx, list(picks))
        if self.up_to:
            return (*_card_options(options), DONE)
        if len(options) == 1:
            return self._pick(b, ctx, options[0])
        return _card_options(options)

    def _next_picks(self, b: Board, pool: list[int], picks: tuple[int, ...],
                    count: int) -> list[int]:
        # Picks go in pool order, so each set of cards is chosen one way only.
        start = pool.index(picks[-1]) + 1 if picks else 0
        rest = pool[start:]
        if self.same_suit and picks:
            arsenal = b.rules.cards.arsenal
            suit = arsenal[picks[0]].suit
            rest = [c for c in rest if arsenal[c].suit == suit]
        if not self.up_to and not self.same_suit:
            # Leave enough cards after each pick to reach the exact count.
            still = count - len(picks) - 1
            rest = rest[: max(0, len(rest) - still)]
        return rest

    def _pick(self, b: Board, ctx: Ctx, card: int) -> Step:
        b.ctx = ctx.with_picks((*ctx.picks, card))
        return AGAIN

    def choose(self, b: Board, ctx: Ctx, action: Action) -> Step:
        if action.kind == "done":
            return self._finish(b, ctx, list(ctx.picks))
        return self._pick(b, ctx, action.arg)

    def _finish(self, b: Board, ctx: Ctx, cards: list[int]) -> Step:
        b.ctx = ctx.with_picks(())
        b.shuffle_into_deck(cards)
        return None

    def context_free(self) -> bool:
        return True


_describe("shuffle_into_deck", ShuffleIntoDeck,
    params={
        "from": object,
        "count": object,
        "up_to": (True, False),
        "same_suit": (True, False),
        "card": ("any",
        "bottom",
        "front"),
    },
    required=("from", "count"))


@dataclass(frozen=True)
class SwapArsenal(Instr):
    """'Swap two adjacent cards in the arsenal'."""


    def possible(self, b: Board, ctx: Ctx) -> bool:
        return len(b.arsenal) >= 2

    def run(self, b: Board, ctx: Ctx) -> Step:
        arsenal = b.arsenal
        if len(arsenal) < 2:
            return None
        if len(arsenal) == 2:
            b.swap_arsenal(arsenal[0], arsenal[1])
            return None
        return tuple([Action("swap", (arsenal[i], arsenal[i + 1]))
                      for i in range(len(arsenal) - 1)])

    def choose(self, b: Board, ctx: Ctx, action: Action) -> Step:
        first, second = action.arg
        b.swap_arsenal(first, second)
        return None

    def context_free(self) -> bool:
        return True


_describe("swap_arsenal", SwapArsenal)


@dataclass(frozen=True)
class AttachArsenalFront(Instr):
    """'Attach the front card of the arsenal to this Monster King'."""


    def possible(self, b: Board, ctx: Ctx) -> bool:
        return bool(b.arsenal)

    def run(self, b: Board, ctx: Ctx) -> Step:
        if b.arsenal:
            b.attach(b.arsenal[-1], ctx.source, "")
        return None


_describe("attach_arsenal_front", AttachArsenalFront)


@dataclass(frozen=True)
class AttachFirstDealt(Instr):
    """'After set up, attach the first dealt Torch card to this hero as a wizard'."""

    suit: int
    status: str

    @classmethod
    def build(cls, params: dict[str, Any]) -> Instr:
        return cls(SUITS.index(params["suit"]), params["status"])

    def run(self, b: Board, ctx: Ctx) -> Step:
        arsenal = b.rules.cards.arsenal
        for card in b.setup_deals:
            if arsenal[card].suit == self.suit:
                if card in b.arsenal:
                    b.attach(card, -1, self.status)
                break
        return None


_describe("attach_first_dealt", AttachFirstDealt,
    params={"suit": SUITS, "status": str},
    required=("suit", "status"))


# ----------------------------------------------------------------------------- the dungeon

def _this_column(b: Board, ctx: Ctx) -> list[int]:
    c = ctx.column
    return [c] if 0 <= c < len(b.columns) and b.columns[c] else []


@dataclass(frozen=True)
class ReverseColumn(Pick):
    """'Reverse the order of any column / this column'."""

    column: str

    def context_free(self) -> bool:
        return self.column == "any"

    def candidates(self, b: Board, ctx: Ctx) -> list[int]:
        return _this_column(b, ctx) if self.column == "this" else rules.nonempty_columns(b.columns)

    def apply(self, b: Board, ctx: Ctx, choice: int) -> None:
        b.reverse_column(choice)


_describe("reverse_column", ReverseColumn, params={"column": ("any", "this")}, required=("column",))


@dataclass(frozen=True)
class ShuffleColumn(ReverseColumn):
    """'Shuffle any column / this column'."""


    def apply(self, b: Board, ctx: Ctx, choice: int) -> None:
        b.shuffle_column(choice)


_describe("shuffle_column", ShuffleColumn, params={"column": ("any", "this")}, required=("column",))


@dataclass(frozen=True)
class Redeal(Instr):
    """'Shuffle (and deal) the monsters and deal them into N columns'."""

    columns: int

    @classmethod
    def build(cls, params: dict[str, Any]) -> Instr:
        if not _positive(params["columns"]):
            raise EffectSpecError("op 'redeal': columns must be a positive whole number")
        if not 1 <= params["columns"] <= 4:
            raise EffectSpecError("op 'redeal': the dungeon has 4 columns")
        return cls(**params)

    def possible(self, b: Board, ctx: Ctx) -> bool:
        return any(b.columns)

    def run(self, b: Board, ctx: Ctx) -> Step:
        b.redeal(self.columns)
        return None

    def context_free(self) -> bool:
        return True


_describe("redeal", Redeal, params={"columns": object}, required=("columns",))


@dataclass(frozen=True)
class SwapFronts(Pick):
    """'Swap the front monsters of this column and an adjacent column' / 'of the leftmost and
    rightmost columns'. The pick is the other column."""

    columns: str

    def _pairs(self, b: Board, ctx: Ctx) -> list[tuple[int, int]]:
        if self.columns == "leftmost_and_rightmost":
            left, right = rules.leftmost(b.columns), rules.rightmost(b.columns)
            return [(left[0], right[0])] if left and right and left != right else []
        here = _this_column(b, ctx)
        if not here:
            return []
        return [(here[0], c) for c in rules.adjacent_columns(b.columns, here[0])]

    def candidates(self, b: Board, ctx: Ctx) -> list[int]:
        return [other for _, other in self._pairs(b, ctx)]

    def apply(self, b: Board, ctx: Ctx, choice: int) -> None:
        here = next(a for a, other in self._pairs(b, ctx) if other == choice)
        b.swap_fronts(here, choice)


_describe("swap_fronts", SwapFronts,
    params={"columns": ("this_and_adjacent", "leftmost_and_rightmost")},
    required=("columns",))


@dataclass(frozen=True)
class SwapFrontBack(Pick):
    """'Swap the front and back monsters of any column' (a column of one has nothing to swap)."""


    @classmethod
    def build(cls, params: dict[str, Any]) -> Instr:
        return cls()

    def candidates(self, b: Board, ctx: Ctx) -> list[int]:
        return [c for c in rules.nonempty_columns(b.columns) if len(b.columns[c]) >= 2]

    def apply(self, b: Board, ctx: Ctx, choice: int) -> None:
        b.swap_front_back(choice)

    def context_free(self) -> bool:
        return True


_describe("swap_front_back", SwapFrontBack, params={"column": ("any",)})


@dataclass(frozen=True)
class Reveal(Pick):
    """'Reveal the back Monster King of any column' (a column pick) / 'reveal a Battlesnake-type
    Monster King' (a monster pick). Revealing flips a monster to its Monster King face; one
    already showing it can't be revealed again (D16)."""

    target: str
    type: str = ""

    def option_kind(self) -> str:
        return "column" if self.target == "back_of_column" else "monster"

    def candidates(self, b: Board, ctx: Ctx) -> list[int]:
        if self.target == "back_of_column":
            return [c for c, column in enumerate(b.columns)
                    if column and not b.kings >> column[0] & 1]
        kinds = b.rules.tables.kind
        return sorted([m for column in b.columns for m in column
                       if kinds[m] == self.type and not b.kings >> m & 1])

    def apply(self, b: Board, ctx: Ctx, choice: int) -> None:
        b.reveal(b.columns[choice][0] if self.target == "back_of_column" else choice)

    def context_free(self) -> bool:
        return True


_describe("reveal", Reveal,
    params={"target": ("back_of_column", "of_type"), "type": str},
    required=("target",))


@dataclass(frozen=True)
class Defeat(Pick):
    """'Defeat the front monster of any column / this column' (optionally only a Monster King).
    A defeat is not an attack: no suits are matched, and 'can't be attacked' does not stop it."""

    column: str
    king: bool = False

    def context_free(self) -> bool:
        return self.column == "any"

    def candidates(self, b: Board, ctx: Ctx) -> list[int]:
        cols = _this_column(b, ctx) if self.column == "this" else rules.nonempty_columns(b.columns)
        if self.king:
            cols = [c for c in cols if b.kings >> b.columns[c][-1] & 1]
        return cols

    def apply(self, b: Board, ctx: Ctx, choice: int) -> None:
        b.defeat(b.columns[choice][-1], choice)


_describe("defeat", Defeat,
    params={"column": ("any", "this"), "king": (True, False)},
    required=("column",))


@dataclass(frozen=True)
class Attack(Pick):
    """'Attack the front monster of any column / of an adjacent column': the player picks a
    column, then the attack follows the steps of the Attack action (Attack and Defeat)."""

    column: str

    def context_free(self) -> bool:
        return self.column == "any"

    def candidates(self, b: Board, ctx: Ctx) -> list[int]:
        if self.column == "adjacent":
            if ctx.column < 0:
                return []
            return rules.attackable_columns(b, rules.adjacent_columns(b.columns, ctx.column))
        return rules.attackable_columns(b)

    def apply(self, b: Board, ctx: Ctx, choice: int) -> None:
        b.start_attack(choice, nested=True)


_describe("attack", Attack, params={"column": ("any", "adjacent")}, required=("column",))


@dataclass(frozen=True)
class Exhaust(Pick):
    """'Exhaust a collected monster' (a pick among the ready ones) / 'each collected monster' /
    'the monsters adjacent to this Monster King' / 'the front monster of each column' / 'the
    wizard'."""

    target: str

    def option_kind(self) -> str:
        return "monster"

    def context_free(self) -> bool:
        return self.target != "adjacent_to_this"

    def candidates(self, b: Board, ctx: Ctx) -> list[int]:
        return list(rules.bits(b.collected & ~b.exhausted))

    def possible(self, b: Board, ctx: Ctx) -> bool:
        if self.target == "wizard":
            return b.wizard_ready()
        return self.target != "collected" or bool(b.collected & ~b.exhausted)

    def run(self, b: Board, ctx: Ctx) -> Step:
        target = self.target
        if target == "collected":
            return Pick.run(self, b, ctx)
        if target == "wizard":
            b.set_wizard_ready(False)
        elif target == "each_collected":
            for m in rules.bits(b.collected):
                b.exhaust(m)
        elif target == "adjacent_to_this":
            for m in _adjacent_in_column(b, ctx.source):
                b.exhaust(m)
        elif target == "front_of_each_column":
            for column in b.columns:
                if column:
                    b.exhaust(column[-1])
        return None

    def apply(self, b: Board, ctx: Ctx, choice: int) -> None:
        b.exhaust(choice)


_describe("exhaust", Exhaust,
    params={
        "target": ("collected",
        "each_collected",
        "adjacent_to_this",
        "front_of_each_column",
        "wizard"),
    },
    required=("target",))


def _adjacent_in_column(b: Board, monster: int) -> list[int]:
    """The monsters in front of and behind `monster` in its column (Adjacency)."""
    c = rules.column_of(b.columns, monster)
    if c < 0:
        return []
    column = b.columns[c]
    i = column.index(monster)
    return [column[j] for j in (i - 1, i + 1) if 0 <= j < len(column)]


@dataclass(frozen=True)
class Ready(Pick):
    """'Ready a collected monster' (a pick among the exhausted ones) / 'each collected monster' /
    'it' / 'the wizard'."""

    target: str

    def option_kind(self) -> str:
        return "monster"

    def context_free(self) -> bool:
        return self.target != "it"

    def candidates(self, b: Board, ctx: Ctx) -> list[int]:
        return list(rules.bits(b.collected & b.exhausted))

    def possible(self, b: Board, ctx: Ctx) -> bool:
        if self.target == "wizard":
            return b.wizard() is not None
        return self.target != "collected" or bool(b.collected & b.exhausted)

    def run(self, b: Board, ctx: Ctx) -> Step:
        target = self.target
        if target == "collected":
            return Pick.run(self, b, ctx)
        if target == "wizard":
            b.set_wizard_ready(True)
        elif target == "each_collected":
            for m in rules.bits(b.collected):
                b.ready(m)
        elif target == "it" and ctx.subject >= 0 and b.collected >> ctx.subject & 1:
            b.ready(ctx.subject)
        return None

    def apply(self, b: Board, ctx: Ctx, choice: int) -> None:
        b.ready(choice)


_describe("ready", Ready,
    params={"target": ("collected", "each_collected", "it", "wizard")},
    required=("target",))


@dataclass(frozen=True)
class ShuffleThisIntoColumn(Pick):
    """'Shuffle this monster into any column with the most cards' (the Overseer)."""


    @classmethod
    def build(cls, params: dict[str, Any]) -> Instr:
        return cls()

    def candidates(self, b: Board, ctx: Ctx) -> list[int]:
        collected = ctx.source >= 0 and bool(b.collected >> ctx.source & 1)
        cols = rules.nonempty_columns(b.columns) if collected else []
        if not cols:
            return []
        most = max(len(b.columns[c]) for c in cols)
        return [c for c in cols if len(b.columns[c]) == most]

    def apply(self, b: Board, ctx: Ctx, choice: int) -> None:
        b.shuffle_into_column(ctx.source, choice)


_describe("shuffle_this_into_column", ShuffleThisIntoColumn,
    params={"column": ("most",)},
    required=("column",))


@dataclass(frozen=True)
class TriggerLoot(Pick):
    """'... to trigger any other collected monster's Loot'."""


    @classmethod
    def build(cls, params: dict[str, Any]) -> Instr:
        return cls()

    def option_kind(self) -> str:
        return "monster"

    def candidates(self, b: Board, ctx: Ctx) -> list[int]:
        loot = b.rules.loot_abilities
        return [m for m in rules.iter_bits(b.collected & ~b.kings)
                if m != ctx.source and loot[m][0]]

    def apply(self, b: Board, ctx: Ctx, choice: int) -> None:
        b.trigger_loot_of(choice)


_describe("trigger_loot", TriggerLoot,
    params={"target": ("other_collected",)},
    required=("target",))


# ----------------------------------------------------------------------------- compiling

CONTROL = ("may", "one_of", "for_each")


def compile_effect(steps: Sequence[Mapping[str, Any]]) -> tuple[Instr, ...]:
    """Compile a list of effect steps into a flat program; raises EffectSpecError."""
    program: list[Instr | None] = []
    _compile_into(program, steps, in_loop=False)
    if not program:
        raise EffectSpecError("an effect needs at least one step")
    compiled = [instr for instr in program if instr is not None]
    assert len(compiled) == len(program)  # (every placeholder is filled)
    return tuple(compiled)


def _compile_into(program: list[Instr | None], steps: Sequence[Mapping[str, Any]],
                  in_loop: bool) -> None:
    if not isinstance(steps, list):
        raise EffectSpecError(f"expected a list of steps, got {steps!r}")
    for step in steps:
        if not isinstance(step, dict) or "op" not in step:
            raise EffectSpecError(f"each step is a table with an 'op', got {step!r}")
        op = step["op"]
        if not isinstance(op, str):  # a list or table here would not even be looked up
            raise EffectSpecError(f"an op is a name, got {op!r}")
        if op == "may":
            _compile_may(program, step, in_loop)
        elif op == "one_of":
            _compile_one_of(program, step, in_loop)
        elif op == "for_each":
            _compile_for_each(program, step, in_loop)
        elif op in OPS:
            program.append(compile_op(OPS[op], step))
        else:
            known = ", ".join([*CONTROL, *OPS])
            raise EffectSpecError(f"unknown op {op!r}; known: {known}")


def _compile_may(program: list[Instr | None], step: Mapping[str, Any], in_loop: bool) -> None:
    _check_params(step, {"do"})
    at = len(program)
    program.append(None)
    _compile_into(program, step["do"], in_loop)
    first = program[at + 1] if at + 1 < len(program) else None
    if first is None:
        raise EffectSpecError("'may' needs at least one step in 'do'")
    program[at] = May(first, len(program))


def _compile_one_of(program: list[Instr | None], step: Mapping[str, Any], in_loop: bool) -> None:
    _check_params(step, {"modes"})
    modes = step["modes"]
    if not isinstance(modes, list) or len(modes) < 2:
        raise EffectSpecError("'one_of' needs a list of at least two modes")
    at = len(program)
    program.append(None)
    starts: list[int] = []
    jumps: list[int] = []
    labels: list[str] = []
    for mode in modes:
        if not isinstance(mode, dict) or set(mode) != {"label", "do"}:
            raise EffectSpecError(f"a mode is {{ label = ..., do = [...] }}, got {mode!r}")
        label = mode["label"]
        if not isinstance(label, str) or not label.isidentifier() or label in labels:
            raise EffectSpecError(f"a mode label is a distinct single word, got {label!r}")
        labels.append(label)
        starts.append(len(program))
        _compile_into(program, mode["do"], in_loop)
        jumps.append(len(program))
        program.append(None)
    end = len(program)
    for j in jumps:
        program[j] = Jump(end)
    program[at] = OneOf(tuple(labels), tuple(starts))


def _compile_for_each(program: list[Instr | None], step: Mapping[str, Any],
                      in_loop: bool) -> None:
    _check_params(step, {"count", "do"})
    if in_loop:
        raise EffectSpecError("'for_each' can't be nested")
    if not isinstance(step["count"], str) or step["count"] not in COUNTS:
        raise EffectSpecError(f"unknown count {step['count']!r}; known: {', '.join(COUNTS)}")
    at = len(program)
    program.append(None)
    _compile_into(program, step["do"], in_loop=True)
    program.append(Repeat(at + 1))
    program[at] = ForEach(step["count"], len(program))


def _check_params(step: Mapping[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(step) - allowed - {"op"})
    if extra:
        raise EffectSpecError(f"op {step['op']!r} has no parameter {extra[0]!r}")
    missing = sorted(allowed - set(step))
    if missing:
        raise EffectSpecError(f"op {step['op']!r} needs {missing[0]!r}")


def compile_op(spec: OpSpec, step: Mapping[str, Any]) -> Instr:
    """One op's step, its parameters checked against what the op takes."""
    op = spec.name
    params = {k: v for k, v in step.items() if k != "op"}
    for key, value in params.items():
        if key not in spec.params:
            allowed = ", ".join(spec.params) or "none"
            raise EffectSpecError(f"op {op!r} has no parameter {key!r} (parameters: {allowed})")
        choices = spec.params[key]
        if isinstance(choices, tuple):
            if not any(type(value) is type(c) and value == c for c in choices):
                raise EffectSpecError(f"op {op!r}: {key} must be one of "
                                      f"{', '.join(map(repr, choices))}, got {value!r}")
        elif choices is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise EffectSpecError(f"op {op!r}: {key} must be a whole number, got {value!r}")
        elif not isinstance(value, choices):
            raise EffectSpecError(f"op {op!r}: {key} must be a {choices.__name__}, "
                                  f"got {value!r}")
    for key in spec.required:
        if key not in params:
            raise EffectSpecError(f"op {op!r} needs {key!r}")
    return spec.cls.build(params)


def check_static(kind: str, params: Mapping[str, Any]) -> str | None:
    """Why a static ability's parameters are wrong, or None."""
    expected = {"no_attack": {"columns"}, "no_weapons": set(), "ignore": {"abilities"},
                "wild": {"values"}, "wild_weapons": set()}[kind]
    if set(params) != expected:
        return f"a {kind} static takes {', '.join(sorted(expected)) or 'no parameters'}"
    if kind == "no_attack" and params["columns"] not in rules.COLUMN_REFS:
        return f"columns must be one of {', '.join(rules.COLUMN_REFS)}"
    if kind == "ignore" and params["abilities"] not in ("trophy", "loot", "monster_king"):
        return "abilities must be 'trophy', 'loot' or 'monster_king'"
    if kind == "wild" and not (isinstance(params["values"], list) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in params["values"])):
        return "values must be a list of whole numbers"
    return None


def check_references(abilities: Sequence[Ability], types: Mapping[str, str]) -> None:
    """Check names an effect refers to (monster types) against the loaded data."""
    for ability in abilities:
        for instr in ability.program:
            if isinstance(instr, Reveal) and instr.target == "of_type" and instr.type not in types:
                raise EffectSpecError(
                    f"{ability.owner_name}: reveal names unknown type {instr.type!r}")


CARD_TRIGGERS = ("deal", "draw")
"""Triggers whose 'it' is an arsenal card (the card dealt or drawn)."""
MONSTER_TRIGGERS = ("loot", "trophy", "monster_king", "collect", "king_revealed", "attack",
                    "trap", "treasure")
"""Triggers whose 'it' is a monster (the one defeated, collected, revealed or attacked)."""


def check_context(program: Sequence[Instr], trigger: str, owner_kind: str) -> str | None:
    """Why a program reads something its trigger or its card does not give, or None: 'draw it'
    and 'discard it' need a dealt or drawn card, 'ready it' a monster the trigger speaks of,
    and 'this' monster (adjacent to this, this monster, attach to this) a monster or hero to be
    on. Without the check such a step would read a card or monster whose number merely equals
    the one meant."""
    for instr in program:
        if isinstance(instr, DrawIt | DiscardIt) and trigger not in CARD_TRIGGERS:
            return (f"'it' in a {trigger} ability is not a card: draw_it and discard_it need a "
                    f"{' or '.join(CARD_TRIGGERS)} trigger")
        if (isinstance(instr, Ready) and instr.target == "it"
                and trigger not in MONSTER_TRIGGERS):
            return (f"'it' in a {trigger} ability is not a monster: ready it needs one of "
                    f"{', '.join(MONSTER_TRIGGERS)}")
        if owner_kind == "trap_treasure" and (
                isinstance(instr, AttachArsenalFront | ShuffleThisIntoColumn | TriggerLoot)
                or (isinstance(instr, Exhaust) and instr.target == "adjacent_to_this")):
            return "a Trap or Treasure is not a monster: its abilities can't name 'this monster'"
    return None


# ----------------------------------------------------------------------------- the discard order

def reads_discard_order(instr: Instr) -> bool:
    """Whether a step reads the order of the discard pile: it takes the top or the bottom cards,
    or shuffles several of its cards into the deck (they join the deck in the pile's order, and
    the shuffle, drawn by position from the game's stream, places them by that order)."""
    if isinstance(instr, DrawFromDiscard):
        return instr.card == "top"
    if isinstance(instr, ShuffleIntoDeck) and "discard" in instr.zones:
        return (instr.card == "bottom" or instr.count == "all"
                or (isinstance(instr.count, int) and instr.count > 1))
    return False


def _reads_order(abilities: Sequence[Ability]) -> bool:
    return any(reads_discard_order(instr) for ability in abilities for instr in ability.program)


def _brings_back(abilities: Sequence[Ability]) -> bool:
    """Whether an ability can return a collected monster to the dungeon or fire a collected
    monster's Loot again."""
    return any(isinstance(instr, ShuffleThisIntoColumn | TriggerLoot)
               for ability in abilities for instr in ability.program)


class DiscardOrder:
    """Whether the order of discards can still matter, so that the player chooses it (D18).

    Cards go on the discard pile one at a time; the order matters only to an ability that reads
    the pile's order (`reads_discard_order`) and can still fire: the hero's (always), any ability
    of a monster still in the dungeon (either face), the "while this Monster King is collected"
    abilities of a collected King (a collected monster never turns over), and the Traps and
    Treasures still in play. Monsters only leave the dungeon and Traps & Treasures only leave
    play, so once no such ability is left, none comes back and the order is nobody's concern from
    then on; unless an ability can bring collected monsters back or fire their Loot again, in
    which case the order always counts."""

    def __init__(self, read: bool, always: bool, in_dungeon: int, collected_king: int,
                 trap_treasure: tuple[bool, ...]) -> None:
        self.read = read
        """Whether any ability in this game reads the order."""
        self.always = always
        """Whether it counts to the end: the hero reads it, or an ability brings collected
        monsters back or fires their Loot again."""
        self.in_dungeon = in_dungeon
        """The monsters of this game (a mask) with an ability that reads the order on either
        face: one not collected is in the dungeon."""
        self.collected_king = collected_king
        """The monsters (a mask) whose King reads it while collected."""
        self.trap_treasure = trap_treasure
        """For each Trap and Treasure, whether either face reads it."""

    @classmethod
    def of(cls, game: PuzzleDungeon) -> DiscardOrder:
        """What `game`'s cards say of the order."""
        cards = game.cards
        in_play = game.abilities_in_play()
        read = _reads_order(in_play)
        hero = () if game.core else game.hero.abilities
        in_dungeon = 0
        collected_king = 0
        for m in cards.monsters:
            if m.id in game.monster_ids and _reads_order((*m.front.abilities,
                                                          *m.king.abilities)):
                in_dungeon |= 1 << m.id
            if _reads_order([a for a in m.king.abilities if a.while_ == "collected"]):
                collected_king |= 1 << m.id
        return cls(read, read and (_reads_order(hero) or _brings_back(in_play)), in_dungeon,
                   collected_king,
                   tuple(_reads_order((t.trap, t.treasure)) for t in cards.trap_treasures))

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled with its game for worker processes (a compiled class needs saying how).
        return DiscardOrder, (self.read, self.always, self.in_dungeon, self.collected_king,
                              self.trap_treasure)

    def live(self, state: rules.Position) -> bool:
        """Whether the discard pile's order can still matter from this position."""
        if not self.read:
            return False
        if self.always:
            return True
        if self.in_dungeon & ~state.collected:
            return True
        if self.collected_king & state.collected & state.kings:
            return True
        return any(self.trap_treasure[t] for t in (*state.traps, *state.treasures))

