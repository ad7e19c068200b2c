"""The effect language of Puzzle Dungeon cards, compiled to small resumable instructions.

A card's `effect` in TOML is a list of steps (`{ op = "draw", count = 2 }`, `{ op = "may",
do = [...] }`). `compile_effect` turns it into a flat tuple of instructions with jumps, so that a
pending ability is just (program, position, context) and a state stays immutable and hashable.

An instruction either finishes (returns None or a position to jump to) or asks the player to
choose (returns the options, each an `Action`); the engine then feeds the chosen action to
`choose`. Nothing is ever decided inside an effect: every "you may", every "any", every "or" is
a choice the player makes through the game protocol. An instruction with no way to do anything
does nothing ("If the effect of an ability instructs you to do more than you can, do as much as
you can"); a choice with a single option is made for the player.

The language is documented, op by op, in docs/cards.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import rules
from dungeoneer.engine.puzzle_dungeon.constants import SUITS

AGAIN = -2
"""Returned by `choose` when the instruction needs another choice (a multi-card pick)."""

YES, NO, DONE = Action("yes"), Action("no"), Action("done")

# Programs 0..FIRST_CARD_PROGRAM-1 are the engine's own (set-up, the actions, the King flip);
# card abilities follow, numbered in load order.
SETUP, DEAL_ACTION, ATTACK_ACTION, TREASURE_ACTION, KING_FLIP = range(5)
FIRST_CARD_PROGRAM = 5

STATIC_KINDS = ("no_attack", "no_weapons", "ignore", "wild", "wild_weapons")
COUNTS = ("treasure_monsters",)


class EffectSpecError(ValueError):
    """An effect step that is not valid: the loader adds the file, card and field."""


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


# ----------------------------------------------------------------------------- base

class Instr:
    """One step of a program."""

    def possible(self, b, ctx) -> bool:
        """Whether the step can do anything now (a cost that can be paid)."""
        return True

    def run(self, b, ctx):
        """Do the step: None (go on), an int (jump there) or a tuple of options (ask)."""
        raise NotImplementedError

    def choose(self, b, ctx, action: Action):
        """Apply the player's choice: None (go on), an int (jump) or AGAIN (ask again)."""
        raise NotImplementedError(type(self).__name__)


def _card_options(cards: Sequence[int]) -> tuple[Action, ...]:
    return tuple(map(_card_action, cards))


@cache  # (one action per card, made once: a playout offers the discard pile card by card)
def _card_action(card: int) -> Action:
    return Action("card", card)


def _one_or_ask(options: tuple[Action, ...], apply: Callable[[Action], Any]):
    """Make a single-option choice for the player; ask when there are several; skip when none."""
    if not options:
        return None
    if len(options) == 1:
        return apply(options[0])
    return options


class Pick(Instr):
    """A step that picks one card, column or monster ('any column', 'a collected monster'): the
    player chooses among the candidates; one candidate is taken at once, none does nothing."""

    kind = "column"
    """The kind of the options: 'column', 'card' or 'monster'."""

    def candidates(self, b, ctx) -> list[int]:
        """What may be picked now."""
        raise NotImplementedError

    def apply(self, b, ctx, choice: int) -> None:
        """Do the step with the picked one."""
        raise NotImplementedError

    def possible(self, b, ctx):
        return bool(self.candidates(b, ctx))

    def run(self, b, ctx):
        options = tuple(Action(self.kind, c) for c in self.candidates(b, ctx))
        return _one_or_ask(options, lambda action: self.choose(b, ctx, action))

    def choose(self, b, ctx, action):
        self.apply(b, ctx, action.arg)
        return None


# ----------------------------------------------------------------------------- control

@dataclass(frozen=True)
class May(Instr):
    """'You may X [to Y]': yes runs the block, no skips it. If the block's first step (its cost)
    can't be done, there is nothing to choose."""

    first: Instr
    end: int

    def run(self, b, ctx):
        if not self.first.possible(b, ctx):
            return self.end
        return (YES, NO)

    def choose(self, b, ctx, action):
        if action.kind == "no":
            b.say("You decline.")
            return self.end
        return None


@dataclass(frozen=True)
class OneOf(Instr):
    """'X or Y': the player picks one mode by its label."""

    labels: tuple[str, ...]
    starts: tuple[int, ...]

    def run(self, b, ctx):
        return tuple(Action("choose", i) for i in range(len(self.labels)))

    def choose(self, b, ctx, action):
        return self.starts[action.arg]


@dataclass(frozen=True)
class Jump(Instr):
    """Go to another step (the end of a mode)."""

    to: int

    def run(self, b, ctx):
        return self.to


@dataclass(frozen=True)
class ForEach(Instr):
    """'For each X, ...': count once, then repeat the block that many times."""

    count: str
    end: int

    def run(self, b, ctx):
        n = _count(b, self.count)
        if n <= 0:
            return self.end
        b.ctx = ctx._replace(count=n)
        return None


@dataclass(frozen=True)
class Repeat(Instr):
    """The end of a for-each block: go back while repetitions remain."""

    start: int

    def run(self, b, ctx):
        if ctx.count > 1:
            b.ctx = ctx._replace(count=ctx.count - 1)
            return self.start
        b.ctx = ctx._replace(count=0)
        return None


def _count(b, what: str) -> int:
    if what == "treasure_monsters":
        # 'For each Treasure in the dungeon': a Treasure card is never in the dungeon itself, so
        # this counts the monsters in the dungeon whose type is a collected Treasure's type
        # (docs/rules/puzzle-dungeon.md, D12).
        types = {b.rules.cards.trap_treasures[t].type for t in b.treasures}
        monsters = b.rules.cards.monsters
        return sum(1 for column in b.columns for m in column if monsters[m].type in types)
    raise AssertionError(what)


# ----------------------------------------------------------------------------- cards

@dataclass(frozen=True)
class Draw(Instr):
    """'Draw N cards': from the top of the deck into the hand, as many as there are."""

    count: int = 1

    def possible(self, b, ctx):
        return bool(b.deck)

    def run(self, b, ctx):
        b.draw(self.count)
        return None


@dataclass(frozen=True)
class Discard(Instr):
    """'Discard N cards': from the hand (Drawing & Discarding), the player's choice."""

    count: int = 1

    def possible(self, b, ctx):
        return bool(b.hand)

    def run(self, b, ctx):
        remaining = self.count - len(ctx.picks)
        if remaining <= 0 or not b.hand:
            b.ctx = ctx._replace(picks=())
            return None
        if b.rules.discard_order.live(b):
            # The cards go on the pile in the order picked, and some ability reads that order:
            # every order is a choice (D18). A single card left is discarded without asking.
            if len(b.hand) == 1:
                b.discard_cards(b.hand)
                b.ctx = ctx._replace(picks=())
                return None
            return _card_options(list(b.hand))
        if len(b.hand) <= remaining:
            b.discard_cards(b.hand)
            b.ctx = ctx._replace(picks=())
            return None
        # Picks go in increasing card order, so each set of cards is chosen one way only.
        last = ctx.picks[-1] if ctx.picks else -1
        return _card_options([c for c in b.hand if c > last][: len(b.hand)])

    def choose(self, b, ctx, action):
        b.discard_cards((action.arg,))
        b.ctx = ctx._replace(picks=(*ctx.picks, action.arg))
        return AGAIN


@dataclass(frozen=True)
class DiscardIt(Instr):
    """'..., discard it': the card the trigger speaks of, wherever it now is in play."""

    def possible(self, b, ctx):
        return ctx.subject in b.arsenal or ctx.subject in b.hand

    def run(self, b, ctx):
        if self.possible(b, ctx):
            b.discard_cards((ctx.subject,))
        return None


@dataclass(frozen=True)
class DrawIt(Instr):
    """'..., draw it': the dealt card the trigger speaks of, from the arsenal into the hand."""

    def possible(self, b, ctx):
        return ctx.subject in b.arsenal

    def run(self, b, ctx):
        if self.possible(b, ctx):
            b.take_into_hand(ctx.subject)
        return None


@dataclass(frozen=True)
class DiscardArsenal(Pick):
    """'Discard the front card of the arsenal' or 'discard any card from the arsenal'."""

    card: str = "front"
    kind = "card"

    def candidates(self, b, ctx):
        return list(b.arsenal[-1:] if self.card == "front" else b.arsenal)

    def apply(self, b, ctx, choice):
        b.discard_cards((choice,))


@dataclass(frozen=True)
class DiscardDeck(Instr):
    """'Discard the top N cards of the deck'."""

    count: int

    def possible(self, b, ctx):
        return bool(b.deck)

    def run(self, b, ctx):
        b.discard_from_deck(self.count)
        return None


@dataclass(frozen=True)
class DrawArsenalFront(Instr):
    """'Draw the front card of the arsenal'."""

    def possible(self, b, ctx):
        return bool(b.arsenal)

    def run(self, b, ctx):
        if b.arsenal:
            b.take_into_hand(b.arsenal[-1])
        return None


@dataclass(frozen=True)
class DrawFromDiscard(Pick):
    """'Draw any 0 in the discard pile' / 'Draw the top card of the discard pile'."""

    card: str = "any"
    value: int | None = None
    kind = "card"

    def candidates(self, b, ctx):
        if self.card == "top":
            return list(b.discard[-1:])
        arsenal = b.rules.cards.arsenal
        # 'Any' means any one (Reference): one card of those that fit, the player's choice.
        return sorted(c for c in b.discard if self.value is None or arsenal[c].value == self.value)

    def apply(self, b, ctx, choice):
        b.take_into_hand(choice)


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

    def _pool(self, b) -> list[int]:
        # The order the player picks in: arsenal left to right, then discard pile bottom to top.
        pool: list[int] = []
        for zone in self.zones:
            pool.extend(getattr(b, zone))
        return pool

    def possible(self, b, ctx):
        return bool(self._pool(b))

    def run(self, b, ctx):
        pool = self._pool(b)
        if self.count == "all":
            return self._finish(b, ctx, pool)
        if self.card == "bottom":
            return self._finish(b, ctx, list(b.discard[: self.count]))
        if self.card == "front":
            return self._finish(b, ctx, list(b.arsenal[-1:]))
        picks = ctx.picks
        if len(picks) == self.count:
            return self._finish(b, ctx, list(picks))
        if not self.up_to and not self.same_suit and len(pool) <= self.count:
            return self._finish(b, ctx, pool)  # do as much as you can
        options = self._next_picks(b, pool, picks)
        if not options:
            return self._finish(b, ctx, list(picks))
        if self.up_to:
            return (*_card_options(options), DONE)
        return _one_or_ask(_card_options(options), lambda a: self._pick(b, ctx, a))

    def _next_picks(self, b, pool: list[int], picks: tuple[int, ...]) -> list[int]:
        # Picks go in pool order, so each set of cards is chosen one way only.
        start = pool.index(picks[-1]) + 1 if picks else 0
        rest = pool[start:]
        if self.same_suit and picks:
            suit = b.rules.cards.arsenal[picks[0]].suit
            rest = [c for c in rest if b.rules.cards.arsenal[c].suit == suit]
        if not self.up_to:
            # Leave enough cards after each pick to reach the exact count.
            still = cast(int, self.count) - len(picks) - 1  # ("all" was handled above)
            rest = rest[: max(0, len(rest) - still)] if not self.same_suit else rest
        return rest

    def _pick(self, b, ctx, action):
        b.ctx = ctx._replace(picks=(*ctx.picks, action.arg))
        return AGAIN

    def choose(self, b, ctx, action):
        if action.kind == "done":
            return self._finish(b, ctx, list(ctx.picks))
        return self._pick(b, ctx, action)

    def _finish(self, b, ctx, cards: list[int]):
        b.ctx = ctx._replace(picks=())
        b.shuffle_into_deck(cards)
        return None


@dataclass(frozen=True)
class SwapArsenal(Instr):
    """'Swap two adjacent cards in the arsenal'."""

    def possible(self, b, ctx):
        return len(b.arsenal) >= 2

    def run(self, b, ctx):
        pairs = tuple(Action("swap", (b.arsenal[i], b.arsenal[i + 1]))
                      for i in range(len(b.arsenal) - 1))
        return _one_or_ask(pairs, lambda a: self.choose(b, ctx, a))

    def choose(self, b, ctx, action):
        b.swap_arsenal(*action.arg)
        return None


@dataclass(frozen=True)
class AttachArsenalFront(Instr):
    """'Attach the front card of the arsenal to this Monster King'."""

    def possible(self, b, ctx):
        return bool(b.arsenal)

    def run(self, b, ctx):
        if b.arsenal:
            b.attach(b.arsenal[-1], ctx.source, "")
        return None


@dataclass(frozen=True)
class AttachFirstDealt(Instr):
    """'After set up, attach the first dealt Torch card to this hero as a wizard'."""

    suit: int
    status: str

    def run(self, b, ctx):
        arsenal = b.rules.cards.arsenal
        for card in b.setup_deals:
            if arsenal[card].suit == self.suit:
                if card in b.arsenal:
                    b.attach(card, -1, self.status)
                break
        return None


# ----------------------------------------------------------------------------- the dungeon

def _this_column(b, ctx) -> list[int]:
    c = ctx.column
    return [c] if 0 <= c < len(b.columns) and b.columns[c] else []


@dataclass(frozen=True)
class ReverseColumn(Pick):
    """'Reverse the order of any column / this column'."""

    column: str

    def candidates(self, b, ctx):
        return _this_column(b, ctx) if self.column == "this" else rules.nonempty_columns(b.columns)

    def apply(self, b, ctx, choice):
        b.reverse_column(choice)


@dataclass(frozen=True)
class ShuffleColumn(ReverseColumn):
    """'Shuffle any column / this column'."""

    def apply(self, b, ctx, choice):
        b.shuffle_column(choice)


@dataclass(frozen=True)
class Redeal(Instr):
    """'Shuffle (and deal) the monsters and deal them into N columns'."""

    columns: int

    def possible(self, b, ctx):
        return any(b.columns)

    def run(self, b, ctx):
        b.redeal(self.columns)
        return None


@dataclass(frozen=True)
class SwapFronts(Pick):
    """'Swap the front monsters of this column and an adjacent column' / 'of the leftmost and
    rightmost columns'. The pick is the other column."""

    columns: str

    def _pairs(self, b, ctx) -> list[tuple[int, int]]:
        if self.columns == "leftmost_and_rightmost":
            left, right = rules.leftmost(b.columns), rules.rightmost(b.columns)
            return [(left[0], right[0])] if left and right and left != right else []
        here = _this_column(b, ctx)
        if not here:
            return []
        return [(here[0], c) for c in rules.adjacent_columns(b.columns, here[0])]

    def candidates(self, b, ctx):
        return [other for _, other in self._pairs(b, ctx)]

    def apply(self, b, ctx, choice):
        here = next(a for a, other in self._pairs(b, ctx) if other == choice)
        b.swap_fronts(here, choice)


@dataclass(frozen=True)
class SwapFrontBack(Pick):
    """'Swap the front and back monsters of any column' (a column of one has nothing to swap)."""

    def candidates(self, b, ctx):
        return [c for c in rules.nonempty_columns(b.columns) if len(b.columns[c]) >= 2]

    def apply(self, b, ctx, choice):
        b.swap_front_back(choice)


@dataclass(frozen=True)
class Reveal(Pick):
    """'Reveal the back Monster King of any column' (a column pick) / 'reveal a Battlesnake-type
    Monster King' (a monster pick). Revealing flips a monster to its Monster King face; one
    already showing it can't be revealed again (D16)."""

    target: str
    type: str = ""

    @property
    def kind(self) -> str:  # type: ignore[override]
        return "column" if self.target == "back_of_column" else "monster"

    def candidates(self, b, ctx):
        if self.target == "back_of_column":
            return [c for c, column in enumerate(b.columns)
                    if column and not b.kings >> column[0] & 1]
        monsters = b.rules.cards.monsters
        return sorted(m for column in b.columns for m in column
                      if monsters[m].type == self.type and not b.kings >> m & 1)

    def apply(self, b, ctx, choice):
        b.reveal(b.columns[choice][0] if self.target == "back_of_column" else choice)


@dataclass(frozen=True)
class Defeat(Pick):
    """'Defeat the front monster of any column / this column' (optionally only a Monster King).
    A defeat is not an attack: no suits are matched, and 'can't be attacked' does not stop it."""

    column: str
    king: bool = False

    def candidates(self, b, ctx):
        cols = _this_column(b, ctx) if self.column == "this" else rules.nonempty_columns(b.columns)
        if self.king:
            cols = [c for c in cols if b.kings >> b.columns[c][-1] & 1]
        return cols

    def apply(self, b, ctx, choice):
        b.defeat(b.columns[choice][-1], choice)


@dataclass(frozen=True)
class Attack(Pick):
    """'Attack the front monster of any column / of an adjacent column': the player picks a
    column, then the attack follows the steps of the Attack action (Attack and Defeat)."""

    column: str

    def candidates(self, b, ctx):
        if self.column == "adjacent":
            if ctx.column < 0:
                return []
            return rules.attackable_columns(b, rules.adjacent_columns(b.columns, ctx.column))
        return rules.attackable_columns(b)

    def apply(self, b, ctx, choice):
        b.start_attack(choice, nested=True)


@dataclass(frozen=True)
class Exhaust(Pick):
    """'Exhaust a collected monster' (a pick among the ready ones) / 'each collected monster' /
    'the monsters adjacent to this Monster King' / 'the front monster of each column' / 'the
    wizard'."""

    target: str
    kind = "monster"

    def candidates(self, b, ctx):
        return [m for m in b.collected if not b.exhausted >> m & 1]

    def possible(self, b, ctx):
        if self.target == "wizard":
            return b.wizard_ready()
        return self.target != "collected" or bool(self.candidates(b, ctx))

    def run(self, b, ctx):
        if self.target == "collected":
            return super().run(b, ctx)
        if self.target == "wizard":
            b.set_wizard_ready(False)
        elif self.target == "each_collected":
            for m in b.collected:
                b.exhaust(m)
        elif self.target == "adjacent_to_this":
            for m in _adjacent_in_column(b, ctx.source):
                b.exhaust(m)
        elif self.target == "front_of_each_column":
            for column in b.columns:
                if column:
                    b.exhaust(column[-1])
        return None

    def apply(self, b, ctx, choice):
        b.exhaust(choice)


def _adjacent_in_column(b, monster: int) -> list[int]:
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
    kind = "monster"

    def candidates(self, b, ctx):
        return [m for m in b.collected if b.exhausted >> m & 1]

    def possible(self, b, ctx):
        if self.target == "wizard":
            return b.wizard() is not None
        return self.target != "collected" or bool(self.candidates(b, ctx))

    def run(self, b, ctx):
        if self.target == "collected":
            return super().run(b, ctx)
        if self.target == "wizard":
            b.set_wizard_ready(True)
        elif self.target == "each_collected":
            for m in b.collected:
                b.ready(m)
        elif self.target == "it" and ctx.subject in b.collected:
            b.ready(ctx.subject)
        return None

    def apply(self, b, ctx, choice):
        b.ready(choice)


@dataclass(frozen=True)
class ShuffleThisIntoColumn(Pick):
    """'Shuffle this monster into any column with the most cards' (the Overseer)."""

    def candidates(self, b, ctx):
        cols = rules.nonempty_columns(b.columns) if ctx.source in b.collected else []
        if not cols:
            return []
        most = max(len(b.columns[c]) for c in cols)
        return [c for c in cols if len(b.columns[c]) == most]

    def apply(self, b, ctx, choice):
        b.shuffle_into_column(ctx.source, choice)


@dataclass(frozen=True)
class TriggerLoot(Pick):
    """'... to trigger any other collected monster's Loot'."""

    kind = "monster"

    def candidates(self, b, ctx):
        loot = b.rules.loot_abilities
        return [m for m in b.collected if m != ctx.source and not b.kings >> m & 1 and loot[m][0]]

    def apply(self, b, ctx, choice):
        b.trigger_loot_of(choice)


# ----------------------------------------------------------------------------- compiling

@dataclass(frozen=True)
class _Op:
    make: Callable[..., Instr]
    params: Mapping[str, tuple[Any, ...]]
    """Allowed params -> allowed values (an empty tuple: any value of the listed python type)."""
    required: tuple[str, ...] = ()


def _positive(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


OPS: dict[str, _Op] = {
    "draw": _Op(Draw, {"count": ()}),
    "discard": _Op(Discard, {"count": ()}),
    "discard_it": _Op(DiscardIt, {}),
    "draw_it": _Op(DrawIt, {}),
    "discard_arsenal": _Op(DiscardArsenal, {"card": ("front", "any")}, ("card",)),
    "discard_deck": _Op(DiscardDeck, {"count": ()}, ("count",)),
    "draw_arsenal_front": _Op(DrawArsenalFront, {}),
    "draw_from_discard": _Op(DrawFromDiscard, {"card": ("any", "top"), "value": ()}, ("card",)),
    "shuffle_into_deck": _Op(ShuffleIntoDeck, {"from": (), "count": (), "up_to": (True, False),
                                               "same_suit": (True, False),
                                               "card": ("any", "bottom", "front")},
                             ("from", "count")),
    "swap_arsenal": _Op(SwapArsenal, {}),
    "attach_arsenal_front": _Op(AttachArsenalFront, {}),
    "attach_first_dealt": _Op(AttachFirstDealt, {"suit": ("Torch", "Claw", "Hand", "Mitt"),
                                                 "status": ()}, ("suit", "status")),
    "reverse_column": _Op(ReverseColumn, {"column": ("any", "this")}, ("column",)),
    "shuffle_column": _Op(ShuffleColumn, {"column": ("any", "this")}, ("column",)),
    "redeal": _Op(Redeal, {"columns": ()}, ("columns",)),
    "swap_fronts": _Op(SwapFronts, {"columns": ("this_and_adjacent", "leftmost_and_rightmost")},
                       ("columns",)),
    "swap_front_back": _Op(SwapFrontBack, {"column": ("any",)}),
    "reveal": _Op(Reveal, {"target": ("back_of_column", "of_type"), "type": ()}, ("target",)),
    "defeat": _Op(Defeat, {"column": ("any", "this"), "king": (True, False)}, ("column",)),
    "attack": _Op(Attack, {"column": ("any", "adjacent")}, ("column",)),
    "exhaust": _Op(Exhaust, {"target": ("collected", "each_collected", "adjacent_to_this",
                                        "front_of_each_column", "wizard")}, ("target",)),
    "ready": _Op(Ready, {"target": ("collected", "each_collected", "it", "wizard")}, ("target",)),
    "shuffle_this_into_column": _Op(ShuffleThisIntoColumn, {"column": ("most",)}, ("column",)),
    "trigger_loot": _Op(TriggerLoot, {"target": ("other_collected",)}, ("target",)),
}
CONTROL = ("may", "one_of", "for_each")


def compile_effect(steps: Sequence[Mapping[str, Any]]) -> tuple[Instr, ...]:
    """Compile a list of effect steps into a flat program; raises EffectSpecError."""
    program: list[Instr | None] = []
    _compile_into(program, steps, in_loop=False)
    if not program:
        raise EffectSpecError("an effect needs at least one step")
    return tuple(program)  # type: ignore[arg-type]


def _compile_into(program: list, steps: Sequence[Mapping[str, Any]], in_loop: bool) -> None:
    if not isinstance(steps, list):
        raise EffectSpecError(f"expected a list of steps, got {steps!r}")
    for step in steps:
        if not isinstance(step, dict) or "op" not in step:
            raise EffectSpecError(f"each step is a table with an 'op', got {step!r}")
        op = step["op"]
        if not isinstance(op, str):  # a list or table here would not even be looked up
            raise EffectSpecError(f"an op is a name, got {op!r}")
        if op == "may":
            _check_params(step, {"do"})
            at = len(program)
            program.append(None)
            _compile_into(program, step["do"], in_loop)
            if at + 1 >= len(program):
                raise EffectSpecError("'may' needs at least one step in 'do'")
            program[at] = May(program[at + 1], len(program))
        elif op == "one_of":
            _check_params(step, {"modes"})
            modes = step["modes"]
            if not isinstance(modes, list) or len(modes) < 2:
                raise EffectSpecError("'one_of' needs a list of at least two modes")
            at = len(program)
            program.append(None)
            starts, jumps, labels = [], [], []
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
        elif op == "for_each":
            _check_params(step, {"count", "do"})
            if in_loop:
                raise EffectSpecError("'for_each' can't be nested")
            if not isinstance(step["count"], str) or step["count"] not in COUNTS:
                raise EffectSpecError(
                    f"unknown count {step['count']!r}; known: {', '.join(COUNTS)}")
            at = len(program)
            program.append(None)
            _compile_into(program, step["do"], in_loop=True)
            program.append(Repeat(at + 1))
            program[at] = ForEach(step["count"], len(program))
        elif op in OPS:
            program.append(_compile_op(op, step))
        else:
            known = ", ".join([*CONTROL, *OPS])
            raise EffectSpecError(f"unknown op {op!r}; known: {known}")


def _check_params(step: Mapping[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(step) - allowed - {"op"})
    if extra:
        raise EffectSpecError(f"op {step['op']!r} has no parameter {extra[0]!r}")
    missing = sorted(allowed - set(step))
    if missing:
        raise EffectSpecError(f"op {step['op']!r} needs {missing[0]!r}")


def _compile_op(op: str, step: Mapping[str, Any]) -> Instr:
    spec = OPS[op]
    params = {k: v for k, v in step.items() if k != "op"}
    for key, value in params.items():
        if key not in spec.params:
            allowed = ", ".join(spec.params) or "none"
            raise EffectSpecError(f"op {op!r} has no parameter {key!r} (parameters: {allowed})")
        choices = spec.params[key]
        if choices and value not in choices:
            raise EffectSpecError(f"op {op!r}: {key} must be one of "
                                  f"{', '.join(map(repr, choices))}, got {value!r}")
    for key in spec.required:
        if key not in params:
            raise EffectSpecError(f"op {op!r} needs {key!r}")
    count = params.get("count", 1)
    if not _positive(count) and not (op == "shuffle_into_deck" and count == "all"):
        raise EffectSpecError(f"op {op!r}: count must be a positive whole number")
    if op == "redeal" and not _positive(params["columns"]):
        raise EffectSpecError("op 'redeal': columns must be a positive whole number")
    if op == "draw_from_discard" and "value" in params and not isinstance(params["value"], int):
        raise EffectSpecError("op 'draw_from_discard': value must be a whole number")
    if op == "shuffle_into_deck":
        zones = params.pop("from")
        if not isinstance(zones, list) or not zones or any(
                z not in ("arsenal", "discard", "hand") for z in zones):
            raise EffectSpecError("op 'shuffle_into_deck': from is a list of 'arsenal', "
                                  "'discard', 'hand'")
        if params.get("card") == "bottom" and zones != ["discard"]:
            raise EffectSpecError("op 'shuffle_into_deck': card = 'bottom' takes from ['discard']")
        if params.get("card") == "front" and zones != ["arsenal"]:
            raise EffectSpecError("op 'shuffle_into_deck': card = 'front' takes from ['arsenal']")
        return ShuffleIntoDeck(zones=tuple(zones), **params)
    if op == "redeal" and not 1 <= params["columns"] <= 4:
        raise EffectSpecError("op 'redeal': the dungeon has 4 columns")
    if op == "attach_first_dealt":
        return AttachFirstDealt(SUITS.index(params["suit"]), params["status"])
    if op == "swap_front_back":
        return SwapFrontBack()
    if op in ("shuffle_this_into_column", "trigger_loot"):
        return spec.make()
    return spec.make(**params)


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
    if kind == "wild" and not (isinstance(params["values"], list)
                               and all(isinstance(v, int) for v in params["values"])):
        return "values must be a list of whole numbers"
    return None


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


def check_references(abilities: Sequence[Any], types: Mapping[str, str]) -> None:
    """Check names an effect refers to (monster types) against the loaded data."""
    for ability in abilities:
        for instr in ability.program:
            if isinstance(instr, Reveal) and instr.target == "of_type" and instr.type not in types:
                raise EffectSpecError(
                    f"{ability.owner_name}: reveal names unknown type {instr.type!r}")


# ----------------------------------------------------------------------------- the discard order

def _reads_order(abilities) -> bool:
    return any(reads_discard_order(instr) for ability in abilities for instr in ability.program)


def _brings_back(abilities) -> bool:
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

    def __init__(self, game) -> None:
        cards = game.cards
        in_play = game.abilities_in_play()
        self.read = _reads_order(in_play)
        """Whether any ability in this game reads the order."""
        hero = () if game.core else game.hero.abilities
        self.always = self.read and (_reads_order(hero) or _brings_back(in_play))
        self.in_dungeon = tuple(_reads_order((*m.front.abilities, *m.king.abilities))
                                for m in cards.monsters)
        self.collected_king = tuple(_reads_order(a for a in m.king.abilities
                                                 if a.while_ == "collected")
                                    for m in cards.monsters)
        self.trap_treasure = tuple(_reads_order((t.trap, t.treasure))
                                   for t in cards.trap_treasures)

    def live(self, state) -> bool:
        """Whether the discard pile's order can still matter from this position."""
        if not self.read:
            return False
        if self.always:
            return True
        in_dungeon = self.in_dungeon
        if any(in_dungeon[m] for column in state.columns for m in column):
            return True
        if any(self.collected_king[m] and state.kings >> m & 1 for m in state.collected):
            return True
        return any(self.trap_treasure[t] for t in (*state.traps, *state.treasures))
