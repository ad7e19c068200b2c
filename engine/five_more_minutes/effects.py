"""5 More Minutes' rules as tasks (engine.tasks): each phase of the turn, each roll, each dream
card and each choice one small class beside the rulebook text it implements
(shared/rulebooks/five-more-minutes.txt; decisions F1, F2, ... in docs/rules/five-more-minutes.md).

A `Step` runs by itself; a decision (`FiveDecision`) lists its options, applies the one its seat
chooses, reads and writes its notation, and says in words what it asks (the table for people,
`screen.py`, shows that). Tasks run last pushed, first run, so a rule pushes its steps in reverse
order. Nothing here keeps state: the working copy (`board.Board`) holds the position. The
sections follow the rulebook: receiving cards and chips (A, notes * and **), the rolls and pink
chips, the return to stage 1 (and '5 More Minutes'), the turn's phases, the dream cards, the
special cards, the variants.
"""

from __future__ import annotations

import functools
from bisect import insort
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias, TypeVar

from dungeoneer.engine.five_more_minutes.cards import Chip
from dungeoneer.engine.five_more_minutes.history import (
    ASIDE,
    BLUE,
    DECK,
    DREAM,
    EVERYONE,
    OPEN,
    PILE,
    SPECIAL,
    UNDER,
    seat_bit,
)
from dungeoneer.engine.numbers import whole_number
from dungeoneer.engine.protocol import Action, seat_number
from dungeoneer.engine.tasks import Decision, Step

if TYPE_CHECKING:
    from dungeoneer.engine.five_more_minutes.board import Board
    from dungeoneer.engine.five_more_minutes.state import FiveState, SeatView

    Where: TypeAlias = Board | FiveState
    """Where a decision's options are read: the working table, or a frozen state (both have the
    fields)."""

FIVE = "5 More Minutes"
HAND_LIMIT = 3
"""B - Play Dream Cards: "At the end of this phase, if you have more than 3 cards in your hand,
you must discard until you have 3." """

Item = TypeVar("Item", str, Chip)
"""A card (by name) or a blue chip."""

# ----------------------------------------------------------------------------- decisions

END, KEEP, AVOID, ACCEPT = Action("end"), Action("keep"), Action("avoid"), Action("accept")


@dataclass(frozen=True)
class FiveDecision(Decision):
    """A choice that `seat` makes, written as its kind and at most one argument (`bonus A`,
    `play Coffee`, `pink -2`, `target 3`)."""

    seat: int

    NAME: ClassVar[str]
    """What views and prompts call it (`bonus`, `modify`, `target`, ...)."""
    KINDS: ClassVar[tuple[str, ...]]
    """The first words of its actions, as records write them."""

    def parse(self, where: Where, words: list[str]) -> Action | None:
        """The action the words (the text split at spaces) write, in any case; None if they are
        not one of this decision's actions. Whether it is legal is the caller's check."""
        kind = words[0].lower()
        if kind not in self.KINDS:
            return None
        if len(words) == 1:
            return Action(kind)
        return self.read(where, kind, " ".join(words[1:]))

    def read(self, where: Where, kind: str, arg: str) -> Action | None:
        """The action of `kind` whose argument is written `arg` (default: a legal action's
        argument written that way, in any case)."""
        for action in self.options(where):
            if action.kind == kind and str(action.arg).lower() == arg.lower():
                return action
        return None

    def public_text(self, action: Action) -> str:
        """The action as the other seats see it (the record still writes `text`)."""
        return self.text(action)

    def public(self) -> dict[str, Any]:
        """What everyone knows of it: its name and whose it is."""
        return {"kind": self.NAME, "seat": seat_number(self.seat)}

    def prompt(self) -> str:
        """The short prompt: whose decision and its name."""
        return f"Seat {self.seat + 1}: {self.NAME}"

    def asks(self, state: FiveState) -> str:
        """What it asks, in the rulebook's words, following 'Seat N'; told to everyone."""
        raise NotImplementedError

    def spelt_out(self, state: FiveState) -> list[str] | None:
        """Its options spelt out, one line each, for the seat that decides only (they may name
        its cards or blue values); None: the actions say enough."""
        return None


V = TypeVar("V")
T = TypeVar("T", bound=Step | Decision)


def put(values: tuple[V, ...], seat: int, value: V) -> tuple[V, ...]:
    """`values` with `value` at `seat`: the per-seat fields (stages, chips, hands) are tuples on
    the table as in the state, so a change makes a new one (cheaper than copying every field to
    a list and back for each action, as most actions change few of them)."""
    return (*values[:seat], value, *values[seat + 1:])


def moved(counts: tuple[int, ...], source: int, to: int) -> tuple[int, ...]:
    """One chip moved from seat `source` to seat `to`."""
    changed = list(counts)
    changed[source] -= 1
    changed[to] += 1
    return tuple(changed)


def added(items: tuple[Item, ...], item: Item) -> tuple[Item, ...]:
    """`items` with `item` in its place: hands, blue chips and the used cards are kept sorted, as
    the state holds them (their order is nobody's to know)."""
    changed = list(items)
    insort(changed, item)
    return tuple(changed)


def card_named(where: Where, text: str) -> str | None:
    """The card `text` names (any case), or None."""
    lowered = text.lower()
    return next((name for name in where.game.kinds if name.lower() == lowered), None)


@functools.cache
def made(kind: type[T], *fields: Hashable) -> T:
    """The task `kind(*fields)`, made once: tasks are immutable values, and the ones of every
    turn (its steps, its rolls, a card played) need not be built again each time."""
    return kind(*fields)


def counted(n: int, noun: str, none: str = "-") -> str:
    """'1 card', '2 cards', or `none`."""
    return none if n == 0 else f"{n} {noun}" + ("s" if n > 1 else "")


# ----------------------------------------------------------------------------- receiving

@dataclass(frozen=True)
class Used(Step):
    """A card played reaches the pile of used cards, once its effect is done."""

    seat: int
    card: str

    def run(self, t: Board) -> None:
        t.discard = added(t.discard, self.card)


def draw(t: Board, seat: int) -> str | None:
    """Receive a card: the top card of the deck, refilled from the used cards when it is empty
    (A, note *: "If there are no cards left in the dream card deck, shuffle the used cards and
    place them facing down again"). A special card is played as soon as it is drawn (its tasks
    pushed). The card drawn, or None if no card is left."""
    if not t.deck and t.discard:
        if t.events is not None:  # (everyone sees which cards make the new deck)
            for used in t.discard:
                kind = SPECIAL if t.game.kinds[used].special else DREAM
                t.note(kind, used, OPEN, DECK, EVERYONE)
        t.deck = t.shuffled(t.discard, "the used cards")  # (in name order)
        t.discard = ()
        t.say("The deck is empty: the used cards are shuffled into a new deck.")
    if not t.deck:
        t.say("No card is left to draw.")
        return None
    card, t.deck = t.deck[0], t.deck[1:]
    if t.game.kinds[card].special:
        t.note(SPECIAL, card, DECK, OPEN, EVERYONE)
        t.say(f"Seat {seat + 1} draws the {card} and plays it at once.")
        play_special(t, seat, card)
    else:
        t.note(DREAM, card, DECK, seat, seat_bit(seat))
        t.hands = put(t.hands, seat, added(t.hands[seat], card))
        t.say(f"Seat {seat + 1} receives a card.")
    return card


def play_special(t: Board, seat: int, card: str) -> None:
    """Special cards: "If you add these cards to your hand, you have to play them immediately."
    The card goes to the used cards once its effect is done."""
    t.push(Used(seat, card))
    SPECIALS[card].play(t, seat)


def receive(t: Board, seat: int, colour: str) -> None:
    """Receive a pink or yellow chip; A, note **: "If there are no yellow or pink chips available
    in the center of the table, receive them from another player at your choice." (F4)"""
    if colour == "pink":
        if t.supply_pink > 0:
            t.supply_pink -= 1
            t.pink = put(t.pink, seat, t.pink[seat] + 1)
            return
    elif t.supply_yellow > 0:
        t.supply_yellow -= 1
        t.yellow = put(t.yellow, seat, t.yellow[seat] + 1)
        return
    t.push(TakeChip(seat, colour))


@dataclass(frozen=True)
class TakeChip(FiveDecision):
    """A chip the center lacks, taken from another player at the receiver's choice (F4: none if
    nobody has one)."""

    colour: str

    NAME = "take_chip"
    KINDS = ("from",)

    def options(self, where: Where) -> tuple[Action, ...]:
        held = where.pink if self.colour == "pink" else where.yellow
        return tuple(Action("from", p + 1) for p in range(where.game.players)
                     if p != self.seat and held[p] > 0)

    def read(self, where: Where, kind: str, arg: str) -> Action | None:
        number = whole_number(arg, least=1, most=6)
        return None if number is None else Action(kind, number)

    def choose(self, t: Board, action: Action) -> None:
        source = action.arg - 1
        if self.colour == "pink":
            t.pink = moved(t.pink, source, self.seat)
        else:
            t.yellow = moved(t.yellow, source, self.seat)
        t.say(f"Seat {self.seat + 1} takes a {self.colour} chip from seat {source + 1}.")

    def asks(self, state: FiveState) -> str:
        return (f": no {self.colour} chip is left in the center, receive one from another player "
                "at your choice")

    def spelt_out(self, state: FiveState) -> list[str]:
        held = state.pink if self.colour == "pink" else state.yellow
        return [", ".join(f"from {a.arg} (has {held[a.arg - 1]})" for a in state.legal_actions())]


def receive_blue(t: Board, seat: int) -> None:
    """A blue chip from the center (F4: none when the center has no blue chip left)."""
    if not t.blue_pile:
        t.say("No blue chip is left in the center (F4).")
        return
    chip, t.blue_pile = t.blue_pile[0], t.blue_pile[1:]
    gets_blue(t, seat, chip, PILE, seat_bit(seat))
    t.say(f"Seat {seat + 1} receives a blue chip.")


def gets_blue(t: Board, seat: int, chip: Chip, source: int, seen: int) -> None:
    """A blue chip reaches a player from `source` (the center, or another player, or set aside),
    seen by the seats of `seen` (and by everyone when a nightmare's dark chip is shown)."""
    shown = chip[1] and "nightmare" in t.game.variants
    t.note(BLUE, chip, source, seat, EVERYONE if shown else seen)
    t.blue = put(t.blue, seat, added(t.blue[seat], chip))
    if shown:
        nightmare(t, seat)


# ----------------------------------------------------------------------------- rolls

PINK = {k: Action("pink", k) for k in range(-9, 10) if k}
"""The pink chip actions (9 pink chips in the game)."""
ROLL_OPTIONS = tuple((KEEP, *(PINK[k] for k in range(1, held + 1)),
                      *(PINK[-k] for k in range(1, held + 1))) for held in range(10))
"""A roll's options by the pink chips its roller holds (N): keep, pink +1 to +N, pink -1 to -N."""


@dataclass(frozen=True)
class Roll(FiveDecision):
    """A die roll, `rolled`, that its roller may change: "We can discard X pink chips to add or
    subtract that number from the one marked by the die in any of our rolls." The roller decides
    after seeing the die, for their own rolls and the ones a card forces on them (F5)."""

    rolled: int

    NAME = "modify"
    KINDS = ("keep", "pink")
    PURPOSE: ClassVar[str]
    """What the roll is for, as views name it."""
    WHAT: ClassVar[str]
    """What it is for, in the rulebook's words."""

    def options(self, where: Where) -> tuple[Action, ...]:
        return ROLL_OPTIONS[where.pink[self.seat]]

    def text(self, action: Action) -> str:
        return "keep" if action.kind == "keep" else f"pink {action.arg:+d}"

    def read(self, where: Where, kind: str, arg: str) -> Action | None:
        sign, digits = arg[:1], arg[1:]
        number = whole_number(digits, least=1, most=9) if sign in "+-" and sign else None
        return None if number is None else Action(kind, number if sign == "+" else -number)

    def choose(self, t: Board, action: Action) -> None:
        seat, value = self.seat, self.rolled
        if action.kind == "pink":
            spent = abs(action.arg)
            t.pink = put(t.pink, seat, t.pink[seat] - spent)
            t.supply_pink += spent
            value += action.arg
        if value == self.rolled:
            t.say(f"Seat {seat + 1} rolls {value}.")
        else:
            t.say(f"Seat {seat + 1} rolls {self.rolled}, {value} with pink chips.")
        self.settle(t, value)

    @classmethod
    def decides(cls, t: Board, seat: int) -> bool:
        """Whether a roll by `seat` can change anything now (default: yes)."""
        return True

    def settle(self, t: Board, value: int) -> None:
        """What the final value does."""
        raise NotImplementedError

    def leads_to(self, state: FiveState, value: int) -> str:
        """Where a final value leads, in words."""
        raise NotImplementedError

    def public(self) -> dict[str, Any]:
        return {**super().public(), "purpose": self.PURPOSE, "rolled": self.rolled}

    def asks(self, state: FiveState) -> str:
        return (f" rolled {self.rolled}. {self.WHAT}. Discard X pink chips "
                f"({state.pink[self.seat]} held) to add or subtract X:")

    def spelt_out(self, state: FiveState) -> list[str]:
        """The options grouped by where they lead: 'stage 2: keep (3), pink -1 (2)'."""
        leads: dict[str, list[str]] = {}
        for action in state.legal_actions():
            value = self.rolled + (action.arg if action.kind == "pink" else 0)
            leads.setdefault(self.leads_to(state, value), []).append(
                f"{self.text(action)} ({value})")
        return [f"{result}: {', '.join(names)}" for result, names in leads.items()]


@dataclass(frozen=True)
class RollFor(Step):
    """A die roll a card or a nightmare forces on `seat`, then the roller's choice of pink chips
    (`roll`: which roll); none when it could change nothing (F14)."""

    seat: int
    roll: type[Roll]

    def run(self, t: Board) -> None:
        if not self.roll.decides(t, self.seat):
            t.say(f"Seat {self.seat + 1} is at stage 1 already: no roll.")
            return
        t.push(self.roll(self.seat, t.roll_die()))


@dataclass(frozen=True)
class AdvanceRoll(Roll):
    """A roll of C - Advance Stage: the result decides the stage the roller moves to
    (`stage_after`, in each stage's own words below)."""

    def stage_after(self, value: int) -> int:
        """The stage a result moves the roller to."""
        raise NotImplementedError

    def settle(self, t: Board, value: int) -> None:
        t.stages = put(t.stages, self.seat, self.stage_after(value))
        t.say(f"Seat {self.seat + 1} moves to stage {t.stages[self.seat]}.")

    def leads_to(self, state: FiveState, value: int) -> str:
        return f"stage {self.stage_after(value)}"


@dataclass(frozen=True)
class StageOneRoll(AdvanceRoll):
    """C - Advance Stage: "If you are in stage 1, roll the die. If the result is 4 or less, flip
    your cyclecard over and place it with stage 2 in front of you. If the result is 5 or more,
    flip your cyclecard over and place it with stage 4 in front of you." """

    PURPOSE = "advance1"
    WHAT = "C - Advance Stage from stage 1: 4 or less go to stage 2, 5 or more to stage 4"

    def stage_after(self, value: int) -> int:
        return 2 if value <= 4 else 4


@dataclass(frozen=True)
class StageTwoRoll(AdvanceRoll):
    """C - Advance Stage: "If you are in stage 2, roll the die. If the result is 1, proceed to
    stage 3. If the result is 2 or more, advance to stage 4." """

    PURPOSE = "advance2"
    WHAT = "C - Advance Stage from stage 2: 1 proceeds to stage 3, 2 or more advance to stage 4"

    def stage_after(self, value: int) -> int:
        return 3 if value <= 1 else 4


@dataclass(frozen=True)
class EndRoll(Roll):
    """D - Check Game End: "If the result is 6 the game ends. Otherwise the game continues.
    Remember that you can use the pink chips to add or subtract value from the die." Only a
    result of exactly 6 ends it (F5)."""

    PURPOSE = "end"
    WHAT = "D - Check Game End: if the result is 6 the game ends"

    def settle(self, t: Board, value: int) -> None:
        if value == 6:
            t.over = True
            t.say("A 6: the game ends.")

    def leads_to(self, state: FiveState, value: int) -> str:
        return "the game ends" if value == 6 else "the game goes on"


@dataclass(frozen=True)
class SaveRoll(Roll):
    """Snoring and Exploding Head: "return to stage 1, unless they manage to get at least a 5 on
    a die roll" (a 7 with pink chips counts, F5); not rolled at stage 1 (F14)."""

    PURPOSE = "save"
    WHAT = "Snoring or Exploding Head: return to stage 1 unless you get at least a 5"
    LEAST: ClassVar[int] = 5
    """The least result that saves the roller."""

    @classmethod
    def decides(cls, t: Board, seat: int) -> bool:
        # A player at stage 1 can't be made to return there: the roll would decide nothing, and
        # pink chips spent on it nothing either (F14).
        return t.stages[seat] != 1

    def settle(self, t: Board, value: int) -> None:
        if value < self.LEAST:
            send_to_stage_one(t, self.seat)

    def leads_to(self, state: FiveState, value: int) -> str:
        stage = state.stages[self.seat]
        if value >= self.LEAST or stage == 1:
            return f"stays at stage {stage}"
        return "returns to stage 1"


@dataclass(frozen=True)
class NightmareRoll(SaveRoll):
    """Nightmare in the jungle: "The other players will also return to stage 1 unless they roll a
    4 or more on a die roll." (F13)"""

    PURPOSE = "nightmare"
    WHAT = "Nightmare in the jungle: return to stage 1 unless you roll a 4 or more"
    LEAST = 4


# ----------------------------------------------------------------------------- stage 1

def send_to_stage_one(t: Board, seat: int) -> None:
    """A return to stage 1, which its victim may avoid with a '5 More Minutes'."""
    t.push(Return(seat))


@dataclass(frozen=True)
class Return(FiveDecision):
    """A return to stage 1 (a card, a failed roll, an Alarm Clock) and the answer to it:
    "5 More Minutes (Anytime): Avoid returning to stage 1." Played by the player who would
    return, at no cost, and only then (F10). At stage 1 already, nothing happens."""

    WORTH: ClassVar[float] = 1.5
    """What a '5 More Minutes' in hand is worth to the greedy bot (as `Card.WORTH`)."""

    NAME = "return"
    KINDS = ("avoid", "accept")

    def options(self, where: Where) -> tuple[Action, ...]:
        if where.stages[self.seat] == 1:
            return ()
        if FIVE in where.hands[self.seat]:
            return (AVOID, ACCEPT)
        return (ACCEPT,)

    def choose(self, t: Board, action: Action) -> None:
        seat = self.seat
        if action.kind == "avoid":
            hand = list(t.hands[seat])
            hand.remove(FIVE)
            t.note(DREAM, FIVE, seat, OPEN, EVERYONE)
            t.hands = put(t.hands, seat, tuple(hand))
            t.discard = added(t.discard, FIVE)
            t.say(f"Seat {seat + 1} plays 5 More Minutes and stays at stage {t.stages[seat]}.")
            return
        t.stages = put(t.stages, seat, 1)
        t.say(f"Seat {seat + 1} returns to stage 1.")

    def asks(self, state: FiveState) -> str:
        return f" is to return to stage 1 from stage {state.stages[self.seat]}:"

    def spelt_out(self, state: FiveState) -> list[str]:
        stage = state.stages[self.seat]
        return [f"avoid: play your {FIVE} (Anytime: Avoid returning to stage 1) and stay at "
                f"stage {stage}", "accept: return to stage 1"]


# ----------------------------------------------------------------------------- the turn

STAGES = {1: "Falling asleep", 2: "Light dream", 3: "Transition to deep dream",
          4: "Deep dream", 5: "REM dream"}
"""The sleep stages' names (A - Receive Bonus)."""

BONUSES = {
    1: (("card", "pink"), ("card", "yellow")),
    2: (("card", "card"), ("yellow",)),
    3: (("pink",),),
    4: (("yellow", "yellow"), ("card",)),
    5: (("blue", "card"), ("blue", "pink")),
}
"""A - Receive Bonus: each stage's bonus A (and B)."""
BONUS_ACTIONS = {stage: tuple(Action("bonus", "AB"[i]) for i in range(len(bonuses)))
                 for stage, bonuses in BONUSES.items()}


@dataclass(frozen=True)
class Turn(Step):
    """How to Play: "Your turn has up to 4 phases: A. Receive a bonus; B. Play Dream Cards -
    Optional; C. Advance from sleep stage; D. Check game end." Coffee: a player at stage 1 "lose
    their next turn"."""

    seat: int

    def run(self, t: Board) -> None:
        seat = self.seat
        t.active, t.free = seat, 0
        if t.lost[seat]:
            t.lost = put(t.lost, seat, False)
            t.say(f"Seat {seat + 1} loses this turn (Coffee).")
            t.push(Next(seat))
            return
        t.say(f"Seat {seat + 1}'s turn, at stage {t.stages[seat]}.")
        t.tasks += phases(seat)


@functools.cache
def phases(seat: int) -> tuple[Step | FiveDecision, ...]:
    """The phases of a turn of `seat`, last first as they are pushed: bonus, play, hand limit,
    advance, end check, then the next turn (tasks are immutable, so each seat's are made once)."""
    return (Next(seat), EndCheck(seat), Advance(seat), HandLimit(seat), Play(seat), Bonus(seat))


@dataclass(frozen=True)
class Next(Step):
    """"The game continues in a clockwise direction." """

    seat: int

    def run(self, t: Board) -> None:
        t.turns += 1
        made(Turn, (self.seat + 1) % t.game.players).run(t)  # (begins at once)


@dataclass(frozen=True)
class Bonus(FiveDecision):
    """A - Receive Bonus: "Receive a bonus corresponding to the stage indicated on your
    Cyclecard. If there are 2 possible bonuses, you must choose one." """

    NAME = "bonus"
    KINDS = ("bonus",)

    def options(self, where: Where) -> tuple[Action, ...]:
        return BONUS_ACTIONS[where.stages[self.seat]]

    def choose(self, t: Board, action: Action) -> None:
        seat = self.seat
        parts = BONUSES[t.stages[seat]]["AB".index(action.arg)]
        t.say(f"Seat {seat + 1} takes bonus {action.arg}.")
        if len(parts) == 2:  # the second part comes once what the first brings is done
            t.push(made(BonusPart, seat, parts[1]))
        receive_part(t, seat, parts[0])

    def asks(self, state: FiveState) -> str:
        stage = state.stages[self.seat]
        return f", A - Receive Bonus at stage {stage} ({STAGES[stage]}): choose one"

    def spelt_out(self, state: FiveState) -> list[str]:
        bonuses = BONUSES[state.stages[self.seat]]
        return [f"bonus {'AB'[i]}: receive {_bonus_words(parts)}"
                for i, parts in enumerate(bonuses)]


@dataclass(frozen=True)
class BonusPart(Step):
    """The second part of a bonus: a card, a blue chip, a pink or a yellow chip. The parts are
    received in the printed order, and what the first brings (a special card played, a chip
    taken from a player, a nightmare) is done before the second."""

    seat: int
    part: str

    def run(self, t: Board) -> None:
        receive_part(t, self.seat, self.part)


def receive_part(t: Board, seat: int, part: str) -> None:
    """Receive one part of a bonus: 'card', 'blue', 'pink' or 'yellow'."""
    if part == "card":
        draw(t, seat)
    elif part == "blue":
        receive_blue(t, seat)
    else:
        receive(t, seat, part)


def _bonus_words(parts: tuple[str, ...]) -> str:
    """A bonus as the rulebook says it: ('card', 'pink') -> '1 card and 1 pink chip'."""
    counts = Counter(parts)
    return " and ".join(f"{n} {'card' if part == 'card' else part + ' chip'}{'s' if n > 1 else ''}"
                        for part, n in counts.items())


@dataclass(frozen=True)
class Play(FiveDecision):
    """B - Play Dream Cards: "You can play as many Dream Cards as you want, as long as you pay
    their cost with yellow chips." (Dream Control makes the next two free.)"""

    NAME = "play"
    KINDS = ("play", "end")

    def options(self, where: Where) -> tuple[Action, ...]:
        hand = where.hands[self.seat]
        if not hand:
            return (END,)
        costs, free, yellow = where.game.costs, where.free, where.yellow[self.seat]
        found, last = [], None
        for card in hand:  # (sorted: each kind once, in name order)
            if card != last:
                last, cost = card, costs[card]
                if cost is not None and (free > 0 or yellow >= cost):
                    found.append(Action("play", card))
        found.append(END)
        return tuple(found)

    def read(self, where: Where, kind: str, arg: str) -> Action | None:
        card = card_named(where, arg)
        return None if card is None else Action(kind, card)

    def choose(self, t: Board, action: Action) -> None:
        if action.kind == "end":
            return
        seat, card = self.seat, action.arg
        hand = list(t.hands[seat])
        hand.remove(card)
        t.note(DREAM, card, seat, OPEN, EVERYONE)
        t.hands = put(t.hands, seat, tuple(hand))
        if t.free > 0:
            t.free -= 1
        else:
            cost = t.game.kinds[card].cost
            assert cost is not None  # (only cards with a cost are offered)
            t.yellow = put(t.yellow, seat, t.yellow[seat] - cost)
            t.supply_yellow += cost
        t.say(f"Seat {seat + 1} plays {card}.")
        t.push(made(Play, seat))
        t.push(made(Used, seat, card))
        CARDS[card].play(t, seat)

    def asks(self, state: FiveState) -> str:
        free = f"; the next {state.free} free" if state.free else ""
        # The hand limit is told only when it will bite: the lines are kept for the cards' texts.
        held = len(state.hands[self.seat])
        limit = f"; then discard to {HAND_LIMIT}" if held > HAND_LIMIT else ""
        return f", B - Play Dream Cards (cost: yellow chips{free}{limit}) or end:"

    def spelt_out(self, state: FiveState) -> list[str]:
        """The hand (the table leaves it out for this decision): each card that can be played
        with its cost and text, then the others by name."""
        kinds = state.game.kinds
        playable = {action.arg for action in state.legal_actions() if action.kind == "play"}
        lines, others = [], []
        for card in dict.fromkeys(state.hands[self.seat]):  # (each kind once, in hand order)
            kind = kinds[card]
            if card in playable:
                lines.append(f"{card} ({'free' if state.free else kind.cost}): {kind.text}")
            else:
                others.append(f"{card} ({'anytime' if kind.cost is None else kind.cost})")
        if others:
            lines.append(f"also held: {', '.join(others)}")
        return lines


def discard_from_hand(t: Board, seat: int, card: str) -> None:
    """A card from the hand to the used cards."""
    hand = list(t.hands[seat])
    hand.remove(card)
    t.note(DREAM, card, seat, OPEN, EVERYONE)
    t.hands = put(t.hands, seat, tuple(hand))
    t.discard = added(t.discard, card)


@dataclass(frozen=True)
class HandLimit(FiveDecision):
    """B - Play Dream Cards: "At the end of this phase, if you have more than 3 cards in your
    hand, you must discard until you have 3." One card at a time."""

    NAME = "hand_limit"
    KINDS = ("discard",)

    def options(self, where: Where) -> tuple[Action, ...]:
        hand = where.hands[self.seat]
        if len(hand) <= HAND_LIMIT:
            return ()
        return tuple(Action("discard", c) for c in sorted(set(hand)))

    def read(self, where: Where, kind: str, arg: str) -> Action | None:
        card = card_named(where, arg)
        return None if card is None else Action(kind, card)

    def choose(self, t: Board, action: Action) -> None:
        discard_from_hand(t, self.seat, action.arg)
        t.push(HandLimit(self.seat))

    def asks(self, state: FiveState) -> str:
        return (f", end of phase B: more than {HAND_LIMIT} cards in hand, discard until you have "
                f"{HAND_LIMIT}")


@dataclass(frozen=True)
class Advance(Step):
    """C - Advance Stage: stages 1 and 2 roll; "If you are in stage 3, advance your cyclecard to
    stage 4. If you are in stage 4, advance your cyclecard to stage 5. If you are in stage 5,
    advance your cyclecard to stage 2." """

    seat: int

    def run(self, t: Board) -> None:
        seat = self.seat
        stage = t.stages[seat]
        if stage == 1:
            t.push(made(StageOneRoll, seat, t.roll_die()))
        elif stage == 2:
            t.push(made(StageTwoRoll, seat, t.roll_die()))
        else:
            t.stages = put(t.stages, seat, {3: 4, 4: 5, 5: 2}[stage])
            t.say(f"Seat {seat + 1} moves to stage {t.stages[seat]}.")


@dataclass(frozen=True)
class EndCheck(Step):
    """D - Check Game End: "If you have 3 or more blue pieces you must roll the die. [...] In 2 or
    3 player games, roll the final die with 4 or more blue chips." """

    seat: int

    def run(self, t: Board) -> None:
        if len(t.blue[self.seat]) >= t.game.end_threshold:
            t.push(EndRoll(self.seat, t.roll_die()))


# ----------------------------------------------------------------------------- dream cards

class Card:
    """A card's effect: `play` does what the printed text says, pushing the tasks it needs; and
    what the card is worth to the greedy bot (bots.py), in blue points, roughly: `WORTH` in
    hand, `worth_now` to play now, judged from the player's seat (`SeatView`)."""

    CARD: ClassVar[str]
    """The card's name, as printed."""
    WORTH: ClassVar[float] = 0.5
    """What the card in hand is worth to the greedy bot."""

    @classmethod
    def worth_now(cls, seen: SeatView) -> float:
        """What playing the card now is worth to the greedy bot: `WORTH`, unless the moment
        makes it more or less."""
        return cls.WORTH

    @classmethod
    def play(cls, t: Board, seat: int) -> None:
        """Do the card's effect for `seat`, who played it."""
        raise NotImplementedError


class PleasantSleep(Card):
    """Pleasant Sleep (cost 3): "Take a blue chip from the center of the table." """

    CARD = "Pleasant Sleep"
    WORTH = 3.0

    @classmethod
    def play(cls, t: Board, seat: int) -> None:
        receive_blue(t, seat)


class DreamControl(Card):
    """Dream Control (cost 3): "You can play the next two cards of your turn for free." """

    CARD = "Dream Control"
    WORTH = 0.7
    OWN_COST = 3
    """Its own cost in yellow chips: the two cards it makes free must save at least this much
    for it to be worth playing."""

    @classmethod
    def worth_now(cls, seen: SeatView) -> float:
        return cls.WORTH * (1.0 if cls.saved(seen) >= cls.OWN_COST else 0.0)

    @classmethod
    def saved(cls, seen: SeatView) -> int:
        """The yellow chips it would save: the costs of the two dearest other cards in hand that
        can be played in phase B (none: it would make nothing free)."""
        costs = seen.costs
        rest = list(seen.hand)
        rest.remove(cls.CARD)
        paid = sorted((cost for card in rest if (cost := costs[card]) is not None),
                      reverse=True)
        return sum(paid[:2])

    @classmethod
    def play(cls, t: Board, seat: int) -> None:
        t.free = 2


class Coffee(Card):
    """Coffee (cost 1): "All players which are at stage 1 lose their next turn. Except the player
    who plays this card." """

    CARD = "Coffee"
    WORTH = 0.6

    @classmethod
    def worth_now(cls, seen: SeatView) -> float:
        """Worth as much for each other player it makes lose a turn."""
        return cls.WORTH * sum(seen.stages[p] == 1 for p in seen.others)

    @classmethod
    def play(cls, t: Board, seat: int) -> None:
        for other in range(t.game.players):
            if other != seat and t.stages[other] == 1:
                t.lost = put(t.lost, other, True)
                t.say(f"Seat {other + 1} will lose its next turn.")


class Snoring(Card):
    """Snoring (cost 2): "Force the other players to return to stage 1, unless they manage to get
    at least a 5 on a die roll." Each rolls in turn, from the next seat on."""

    CARD = "Snoring"
    WORTH = 1.0

    @classmethod
    def worth_now(cls, seen: SeatView) -> float:
        """Worth more the more of the others it may wake from stage 3 or later."""
        others = seen.others
        return cls.WORTH * (sum(seen.stages[p] >= 3 for p in others) / max(1, len(others))
                            * 1.5)

    @classmethod
    def play(cls, t: Board, seat: int) -> None:
        for other in reversed([p for p in range(t.game.players) if p != seat]):
            t.push(RollFor(other, SaveRoll))


@dataclass(frozen=True)
class Target(FiveDecision, Card):
    """A card that picks another player, who suffers its effect (`hit`); the card's player
    chooses among `candidates`."""

    @staticmethod
    def deep_asleep(seen: SeatView) -> float:
        """How much a return to stage 1 is worth aiming now: more while another player is at
        stage 4 or later."""
        return 1.5 if any(seen.stages[p] >= 4 for p in seen.others) else 0.2

    NAME = "target"
    KINDS = ("target",)
    PURPOSE: ClassVar[str]
    """The card, as views name the target's purpose."""
    WHAT: ClassVar[str]
    """The card's effect, in its printed words."""

    @classmethod
    def play(cls, t: Board, seat: int) -> None:
        t.push(cls(seat))

    def candidates(self, where: Where) -> list[int]:
        """The players it may pick (default: every other player)."""
        return [p for p in range(where.game.players) if p != self.seat]

    def options(self, where: Where) -> tuple[Action, ...]:
        return tuple(Action("target", p + 1) for p in self.candidates(where))

    def read(self, where: Where, kind: str, arg: str) -> Action | None:
        number = whole_number(arg, least=1, most=6)
        return None if number is None else Action(kind, number)

    def choose(self, t: Board, action: Action) -> None:
        self.hit(t, action.arg - 1)

    def hit(self, t: Board, victim: int) -> None:
        """The effect on the player picked."""
        raise NotImplementedError

    def fact(self, state: FiveState, other: int) -> str:
        """What to know of a candidate (default: their stage)."""
        return f"stage {state.stages[other]}"

    def public(self) -> dict[str, Any]:
        return {**super().public(), "purpose": self.PURPOSE}

    def asks(self, state: FiveState) -> str:
        return f", {self.WHAT}:"

    def spelt_out(self, state: FiveState) -> list[str]:
        return [", ".join(f"target {a.arg} ({self.fact(state, a.arg - 1)})"
                          for a in state.legal_actions())]


@dataclass(frozen=True)
class SleepParalysis(Target):
    """Sleep Paralysis (cost 2): "Force another player to return to stage 1." """

    CARD = "Sleep Paralysis"
    WORTH = 1.2

    @classmethod
    def worth_now(cls, seen: SeatView) -> float:
        return cls.WORTH * Target.deep_asleep(seen)
    PURPOSE = "paralysis"
    WHAT = "Sleep Paralysis: force another player to return to stage 1"

    def hit(self, t: Board, victim: int) -> None:
        send_to_stage_one(t, victim)


@dataclass(frozen=True)
class ExplodingHead(Target):
    """Exploding Head (cost 1): "Force another player to return to stage 1, unless he manage to
    get at least a 5 on a die roll." """

    CARD = "Exploding Head"
    WORTH = 1.0

    @classmethod
    def worth_now(cls, seen: SeatView) -> float:
        return cls.WORTH * Target.deep_asleep(seen)
    PURPOSE = "exploding"
    WHAT = ("Exploding Head: force another player to return to stage 1, unless he manage to get "
            "at least a 5 on a die roll")

    def hit(self, t: Board, victim: int) -> None:
        t.push(RollFor(victim, SaveRoll))


@dataclass(frozen=True)
class DreamEater(Target):
    """Dream Eater (cost 1): "Pick a card from another player's hand." Hands are hidden, so the
    card is picked blind: one of the target's cards at random (F7); a player without cards can't
    be picked."""

    CARD = "Dream Eater"
    WORTH = 0.6

    @classmethod
    def worth_now(cls, seen: SeatView) -> float:
        """Nothing while no other player holds a card to eat."""
        counts = seen.hand_counts
        return cls.WORTH * (1.0 if any(counts[p] for p in seen.others) else 0.0)
    PURPOSE = "eater"
    WHAT = "Dream Eater: pick a card from another player's hand (blind)"

    def candidates(self, where: Where) -> list[int]:
        return [p for p in super().candidates(where) if where.hands[p]]

    def hit(self, t: Board, victim: int) -> None:
        card = t.shuffled(t.hands[victim], "the hand")[-1]
        hand = list(t.hands[victim])
        hand.remove(card)
        t.note(DREAM, card, victim, self.seat, seat_bit(victim) | seat_bit(self.seat))
        t.hands = put(t.hands, victim, tuple(hand))
        t.hands = put(t.hands, self.seat, added(t.hands[self.seat], card))
        t.say(f"Seat {self.seat + 1} takes a card from seat {victim + 1}.")

    def fact(self, state: FiveState, other: int) -> str:
        return counted(len(state.hands[other]), "card", "no cards")


@dataclass(frozen=True)
class Hallucinations(Target):
    """Hallucinations (cost 1): "Trade 1 blue chip with another player. If you don't have blue
    chips, you give a yellow or a pink one. If you don't have chips, you give nothing." You take
    one of the target's blue chips blind and give one of yours (F8)."""

    CARD = "Hallucinations"
    WORTH = 0.5

    @classmethod
    def worth_now(cls, seen: SeatView) -> float:
        """Nothing while no other player holds a blue chip: the trade would take nothing and
        give a chip away."""
        counts = seen.blue_counts
        return cls.WORTH * (1.0 if any(counts[p] for p in seen.others) else 0.0)
    PURPOSE = "hallucinations"
    WHAT = ("Hallucinations: trade 1 blue chip with another player (you take one blind and give "
            "one of yours)")

    def hit(self, t: Board, victim: int) -> None:
        seat = self.seat
        # A swap: the chip taken (blind, at random) is set aside until the player has given
        # theirs, so they can't give back what they took.
        if t.blue[victim]:
            chip = t.shuffled(t.blue[victim], "the blue chips")[-1]
            chips = list(t.blue[victim])
            chips.remove(chip)
            t.note(BLUE, chip, victim, ASIDE, seat_bit(victim) | seat_bit(seat))
            t.blue = put(t.blue, victim, tuple(chips))
            t.push(SetAside(seat, chip))
        if t.blue[seat]:
            t.push(GiveBlue(seat, victim))
        elif t.pink[seat] or t.yellow[seat]:
            t.push(GiveChip(seat, victim))
        t.say(f"Seat {seat + 1} trades with seat {victim + 1}.")

    def fact(self, state: FiveState, other: int) -> str:
        return counted(len(state.blue[other]), "blue chip", "no blue chips")


@dataclass(frozen=True)
class SetAside(Step):
    """Hallucinations: the chip taken, set aside until the trade is done, reaches its taker."""

    seat: int
    chip: Chip

    def run(self, t: Board) -> None:
        gets_blue(t, self.seat, self.chip, ASIDE, seat_bit(self.seat))


def blue_options(where: Where, seat: int) -> tuple[Action, ...]:
    """A blue chip of `seat`'s to give, by value."""
    return tuple(Action("give", v) for v in sorted({v for v, _ in where.blue[seat]}))


def take_blue(t: Board, seat: int, value: int) -> Chip:
    """One of `seat`'s blue chips of `value`, taken from them."""
    chips = list(t.blue[seat])
    chip = next(c for c in chips if c[0] == value)
    chips.remove(chip)
    t.blue = put(t.blue, seat, tuple(chips))
    return chip


@dataclass(frozen=True)
class GiveBlue(FiveDecision):
    """Hallucinations: the blue chip you give in trade, of your choice (F8)."""

    to: int

    NAME = "give_blue"
    KINDS = ("give",)

    def options(self, where: Where) -> tuple[Action, ...]:
        return blue_options(where, self.seat)

    def read(self, where: Where, kind: str, arg: str) -> Action | None:
        number = whole_number(arg, most=9)
        return None if number is None else Action(kind, number)

    def choose(self, t: Board, action: Action) -> None:
        gets_blue(t, self.to, take_blue(t, self.seat, action.arg), self.seat,
                  seat_bit(self.seat) | seat_bit(self.to))

    def public_text(self, action: Action) -> str:
        return "gives a blue chip"  # its value stays hidden from the others

    def asks(self, state: FiveState) -> str:
        return (f", Hallucinations: give seat {self.to + 1} one of your blue chips in trade "
                "(give N: a chip of value N)")


@dataclass(frozen=True)
class GiveChip(FiveDecision):
    """Hallucinations: "If you don't have blue chips, you give a yellow or a pink one." (F8)"""

    to: int

    NAME = "give_chip"
    KINDS = ("give",)

    def options(self, where: Where) -> tuple[Action, ...]:
        return tuple(Action("give", c) for c, held in (("pink", where.pink),
                                                       ("yellow", where.yellow))
                     if held[self.seat] > 0)

    def choose(self, t: Board, action: Action) -> None:
        if action.arg == "pink":
            t.pink = moved(t.pink, self.seat, self.to)
        else:
            t.yellow = moved(t.yellow, self.seat, self.to)

    def asks(self, state: FiveState) -> str:
        return (", Hallucinations: you don't have blue chips, so you give seat "
                f"{self.to + 1} a yellow or a pink one")


@dataclass(frozen=True)
class Sleepwalker(Target):
    """Sleepwalker (cost 2): "Force another player to change a blue chip for its value in yellow
    ones." A player without blue chips can't be picked."""

    CARD = "Sleepwalker"
    WORTH = 1.4

    @classmethod
    def worth_now(cls, seen: SeatView) -> float:
        """Nothing while no other player holds a blue chip to take."""
        counts = seen.blue_counts
        return cls.WORTH * (1.0 if any(counts[p] for p in seen.others) else 0.0)
    PURPOSE = "sleepwalker"
    WHAT = ("Sleepwalker: force another player to change a blue chip for its value in yellow "
            "ones")

    def candidates(self, where: Where) -> list[int]:
        return [p for p in super().candidates(where) if where.blue[p]]

    def hit(self, t: Board, victim: int) -> None:
        t.push(Sleepwalk(victim))

    def fact(self, state: FiveState, other: int) -> str:
        return counted(len(state.blue[other]), "blue chip", "no blue chips")


@dataclass(frozen=True)
class Sleepwalk(FiveDecision):
    """Sleepwalker's target chooses the blue chip; it goes back to the center, under the pile, for
    as many yellow chips as its value (as many as the center has) (F9)."""

    NAME = "sleepwalk"
    KINDS = ("give",)

    def options(self, where: Where) -> tuple[Action, ...]:
        return blue_options(where, self.seat)

    def read(self, where: Where, kind: str, arg: str) -> Action | None:
        number = whole_number(arg, most=9)
        return None if number is None else Action(kind, number)

    def choose(self, t: Board, action: Action) -> None:
        seat = self.seat
        chip = take_blue(t, seat, action.arg)
        t.blue_pile = (*t.blue_pile, chip)  # back to the center, at the bottom (F9)
        paid = min(chip[0], t.supply_yellow)
        t.note(BLUE, chip, seat, UNDER, told(t, chip, paid) | seat_bit(seat))
        t.supply_yellow -= paid
        t.yellow = put(t.yellow, seat, t.yellow[seat] + paid)
        t.say(f"Seat {seat + 1} changes a blue chip for {paid} yellow.")

    def public_text(self, action: Action) -> str:
        return "gives a blue chip"

    def asks(self, state: FiveState) -> str:
        return (", Sleepwalker: change one of your blue chips for its value in yellow ones (as "
                "many as the center has):")

    def spelt_out(self, state: FiveState) -> list[str]:
        return [", ".join(f"give {a.arg} ({min(a.arg, state.supply_yellow)} yellow)"
                          for a in state.legal_actions())]


def told(t: Board, chip: Chip, paid: int) -> int:
    """Who learns the value of the chip a Sleepwalker's target gives back (F9): everyone, from
    the yellow chips paid for it, when they are its whole value; nobody else when the center
    had fewer (the value is only known to be at least that), nor in the Nightmare variant for a
    2, which may be dark or not (F15)."""
    if paid < chip[0] or (chip[0] == 2 and "nightmare" in t.game.variants):
        return 0
    return EVERYONE


@dataclass(frozen=True)
class RecurringDream(FiveDecision, Card):
    """Recurring Dream (cost 1): "Draw a discarded card at your choice." Any used card, a
    special one too; of those the rulebook says "If you add these cards to your hand, you have to
    play them immediately": a used Alarm Clock or Sleep Master drawn back is played at once."""

    CARD = "Recurring Dream"
    WORTH = 0.6

    @classmethod
    def worth_now(cls, seen: SeatView) -> float:
        """Worth more with a Pleasant Sleep among the used cards to draw back."""
        return cls.WORTH * (1.5 if PleasantSleep.CARD in seen.discard else 0.5)
    NAME = "recover"
    KINDS = ("receive",)

    @classmethod
    def play(cls, t: Board, seat: int) -> None:
        t.push(cls(seat))

    def options(self, where: Where) -> tuple[Action, ...]:
        return tuple(Action("receive", c) for c in sorted(set(where.discard)))

    def read(self, where: Where, kind: str, arg: str) -> Action | None:
        card = card_named(where, arg)
        return None if card is None else Action(kind, card)

    def choose(self, t: Board, action: Action) -> None:
        card = action.arg
        rest = list(t.discard)
        rest.remove(card)
        t.discard = tuple(rest)
        if t.game.kinds[card].special:
            t.say(f"Seat {self.seat + 1} draws the {card} from the used cards and plays it at "
                  "once.")
            play_special(t, self.seat, card)
            return
        t.note(DREAM, card, OPEN, self.seat, EVERYONE)
        t.hands = put(t.hands, self.seat, added(t.hands[self.seat], card))

    def asks(self, state: FiveState) -> str:
        return ", Recurring Dream: draw a discarded card at your choice"


@dataclass(frozen=True)
class LucidDream(FiveDecision, Card):
    """Lucid Dream (cost 1): "Draw 3 cards, add two to your hand and discard the other one." The
    card discarded is one of the three `drawn`; a special card drawn is played at once, and then
    there is nothing to choose (F11)."""

    drawn: tuple[str, ...]

    CARD = "Lucid Dream"
    WORTH = 0.8
    NAME = "lucid"
    KINDS = ("discard",)

    @classmethod
    def play(cls, t: Board, seat: int) -> None:
        t.push(LucidDraw(seat, (), 3))

    def options(self, where: Where) -> tuple[Action, ...]:
        return tuple(Action("discard", c) for c in sorted(set(self.drawn)))

    def read(self, where: Where, kind: str, arg: str) -> Action | None:
        card = card_named(where, arg)
        return None if card is None else Action(kind, card)

    def choose(self, t: Board, action: Action) -> None:
        discard_from_hand(t, self.seat, action.arg)

    def asks(self, state: FiveState) -> str:
        return ", Lucid Dream: draw 3 cards, add two to your hand and discard the other one"

    def spelt_out(self, state: FiveState) -> list[str]:
        return [f"drawn: {', '.join(self.drawn)}"]


@dataclass(frozen=True)
class LucidDraw(Step):
    """Lucid Dream's three draws, one at a time (a special card drawn is played at once, before
    the next draw); `drawn`: the cards drawn to the hand so far, `left`: the draws to come. With
    three cards drawn, one is discarded; with fewer there is nothing to choose (F11)."""

    seat: int
    drawn: tuple[str, ...]
    left: int

    def run(self, t: Board) -> None:
        if self.left == 0:
            if len(self.drawn) == 3:
                t.push(LucidDream(self.seat, tuple(sorted(self.drawn))))
            return
        below = len(t.tasks)  # the next draw goes under what a special card pushes
        card = draw(t, self.seat)
        if card is not None:
            drawn = self.drawn if t.game.kinds[card].special else (*self.drawn, card)
            t.tasks.insert(below, LucidDraw(self.seat, drawn, self.left - 1))


CARDS: dict[str, type[Card]] = {card.CARD: card for card in (
    PleasantSleep, SleepParalysis, DreamEater, DreamControl, RecurringDream, Hallucinations,
    LucidDream, ExplodingHead, Snoring, Coffee, Sleepwalker)}
"""The dream cards played in phase B, by name ('5 More Minutes' is played only as the answer
to a return to stage 1: `Return`)."""

# ----------------------------------------------------------------------------- special cards
# "If you add these cards to your hand, you have to play them immediately."


class AlarmClock(Card):
    """Alarm Clock: "ALL players return to stage 1." """

    CARD = "Alarm Clock"
    WORTH = 0.1
    """(A special card drawn back with Recurring Dream is played at once: the Alarm Clock wakes
    its player too.)"""

    @classmethod
    def play(cls, t: Board, seat: int) -> None:
        for other in reversed(range(t.game.players)):
            send_to_stage_one(t, other)


@dataclass(frozen=True)
class SleepMaster(FiveDecision, Card):
    """Sleep Master: "ALL players choose to receive a pink chip, a yellow one or a card." Each
    chooses in turn, from the first seat."""

    CARD = "Sleep Master"
    WORTH = 0.4
    """(Played at once when drawn back: it gives everyone a chip or a card.)"""
    NAME = "sleep_master"
    KINDS = ("receive",)
    OPTIONS: ClassVar[tuple[Action, ...]] = (Action("receive", "pink"),
                                             Action("receive", "yellow"),
                                             Action("receive", "card"))

    @classmethod
    def play(cls, t: Board, seat: int) -> None:
        for other in reversed(range(t.game.players)):
            t.push(cls(other))

    def options(self, where: Where) -> tuple[Action, ...]:
        return self.OPTIONS

    def choose(self, t: Board, action: Action) -> None:
        if action.arg == "card":
            draw(t, self.seat)
        else:
            receive(t, self.seat, action.arg)

    def asks(self, state: FiveState) -> str:
        return ", Sleep Master: ALL players choose to receive a pink chip, a yellow one or a card"


SPECIALS: dict[str, type[Card]] = {card.CARD: card for card in (AlarmClock, SleepMaster)}
"""The special cards, played as soon as they are drawn."""


def worth(card: str) -> float:
    """What a card in hand is worth to the greedy bot (`Card.WORTH`; a '5 More Minutes':
    `Return.WORTH`)."""
    if card == FIVE:
        return Return.WORTH
    played = CARDS.get(card) or SPECIALS.get(card)
    return Card.WORTH if played is None else played.WORTH


def worth_now(card: str, seen: SeatView) -> float:
    """What playing a card now is worth to the greedy bot (`Card.worth_now`)."""
    played = CARDS.get(card) or SPECIALS.get(card)
    return worth(card) if played is None else played.worth_now(seen)

# ----------------------------------------------------------------------------- variants


def expert_deal(t: Board) -> None:
    """Expert dreamers: "Increase speed at the start of the game by dealing two dream cards to
    each player during preparation. In the event that you get a special card in this initial
    deal, exchange it for another one and shuffle the deck again." A special card on top of the
    deck is shuffled back in before a card is dealt (F12)."""
    for seat in range(t.game.players):
        for _ in range(2):
            while t.deck and t.game.kinds[t.deck[0]].special:
                t.deck = t.shuffled(t.deck, "the deck")
                if all(t.game.kinds[c].special for c in t.deck):
                    break
            if t.deck and not t.game.kinds[t.deck[0]].special:
                card, t.deck = t.deck[0], t.deck[1:]
                t.note(DREAM, card, DECK, seat, seat_bit(seat))
                t.hands = put(t.hands, seat, added(t.hands[seat], card))
    t.say("Expert dreamers: each player is dealt two dream cards.")


def nightmare(t: Board, seat: int) -> None:
    """Nightmare in the jungle: "When you receive a blue chip of value 2 with a dark background
    you must show it to the rest of the players - whether it comes from the center of the table
    or from another player. Your turn ends and you begin your next turn at stage 1. The other
    players will also return to stage 1 unless they roll a 4 or more on a die roll." (F13: the
    player's return, like the others', may be avoided with a '5 More Minutes')"""
    t.say(f"Seat {seat + 1} shows a dark blue chip: a nightmare!")
    if seat == t.active:
        # The rest of this turn's phases are dropped ('Your turn ends').
        t.tasks[:] = [task for task in t.tasks
                      if not (isinstance(task, (Play, HandLimit, Advance, EndCheck))
                              and task.seat == seat)]
    for other in reversed([p for p in range(t.game.players) if p != seat]):
        t.push(RollFor(other, NightmareRoll))
    # The player's own return comes first; "5 More Minutes (Anytime): Avoid returning to stage 1"
    # answers it as any other (the turn still ends).
    send_to_stage_one(t, seat)
