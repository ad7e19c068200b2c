"""The working copy an action is applied on, the primitives of play, and the interpreter.

A position is compact: the arsenal, the deck, the discard pile and each column are `bytes` (card
or monster ids, in order), the hand and the collected monsters are bit masks (bit i set: card or
monster i is there; both are sets, so they need no order), as are the Monster King faces and the
exhausted monsters. Copying one is copying a few references, keying one is hashing a few
strings, and `rules.bits` lists a mask's members in order.

`PuzzleState` is immutable. Applying an action copies its fields into a `Board`, runs the rules on
it, and freezes the result into a new state once (pyrsistent's evolver pattern: batch the updates,
build one new value), so the old state is never touched. A search or a playout may also play on
boards alone (`Board.copy`, `Board.act`), with no state frozen between actions.

Pending abilities live on a stack inside the state: a `Frame` is an ability being resolved (which
program, which step, its context, the abilities it has triggered so far); a `Batch` is a group
of abilities triggered at the same time, which the player may resolve in any order. An ability
can't be interrupted, so what it triggers waits in its frame and is pushed as a new batch when it
ends; the newest batch resolves first (docs/rules/puzzle-dungeon.md, D5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from dungeoneer.engine import rng
from dungeoneer.engine.errors import ChanceError
from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import effects, rules
from dungeoneer.engine.puzzle_dungeon.constants import HERO
from dungeoneer.engine.puzzle_dungeon.effects import AGAIN, FINISH, Instr, Step

if TYPE_CHECKING:
    from dungeoneer.engine.puzzle_dungeon.cards import Ability

MAX_STEPS = 100_000
"""A guard against card files whose abilities trigger each other for ever."""


class _Record:
    """A pending-ability record (`Ctx`, `Trigger`, `Frame`, `Batch`): a plain class, not a named
    tuple (compiled, a named tuple is built by a Python-level constructor, about eight times the
    cost of a native one, and the interpreter builds several at every step), compared, hashed
    and pickled by its values (`_values`). Never changed once made, only replaced."""

    __slots__ = ("_hash",)

    _hash: int
    """The hash once worked out (-1 before: no hash is -1 in Python). These records are hashed
    with the positions they are pending in, and one is often part of many."""

    def _values(self) -> tuple[object, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Record)
        return self._values() == other._values()

    def __hash__(self) -> int:
        if self._hash == -1:
            self._hash = hash(self._values())
        return self._hash

    def __repr__(self) -> str:
        values = ", ".join(repr(value) for value in self._values())
        return f"{type(self).__name__}({values})"

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), self._values()


class Ctx(_Record):
    """What a pending ability refers to."""

    __slots__ = ("column", "count", "picks", "source", "subject")

    def __init__(self, source: int = -1, column: int = -1, subject: int = -1,
                 picks: tuple[int, ...] = (), count: int = 0) -> None:
        self.source = source
        """The card the ability is on (a monster or Trap/Treasure id), HERO (-1) for the
        hero."""
        self.column = column
        """'This column': where the monster was when it was defeated (Reference)."""
        self.subject = subject
        """The card the trigger is about ('draw it', 'ready it', the attacked monster)."""
        self.picks = picks
        """Cards picked so far by a multi-card choice."""
        self.count = count
        """Repetitions left in a for-each block."""
        self._hash = -1

    def _values(self) -> tuple[object, ...]:
        return (self.source, self.column, self.subject, self.picks, self.count)

    def with_picks(self, picks: tuple[int, ...]) -> Ctx:
        """This context with other picks."""
        return Ctx(self.source, self.column, self.subject, picks, self.count)

    def with_count(self, count: int) -> Ctx:
        """This context with another count of repetitions left."""
        return Ctx(self.source, self.column, self.subject, self.picks, count)

    def with_subject(self, subject: int) -> Ctx:
        """This context about another card or monster."""
        return Ctx(self.source, self.column, subject, self.picks, self.count)


class Trigger(_Record):
    """A triggered ability waiting to resolve."""

    __slots__ = ("ability", "ctx")

    def __init__(self, ability: int, ctx: Ctx) -> None:
        self.ability = ability
        self.ctx = ctx
        self._hash = -1

    def _values(self) -> tuple[object, ...]:
        return (self.ability, self.ctx)


class Frame(_Record):
    """An ability (or the engine's own program) being resolved."""

    __slots__ = ("ctx", "nested", "pc", "program", "waiting")

    def __init__(self, program: int, pc: int, ctx: Ctx, waiting: tuple[Trigger, ...],
                 nested: bool) -> None:
        self.program = program
        self.pc = pc
        """The step it is at."""
        self.ctx = ctx
        self.waiting = waiting
        """Abilities it has triggered; they resolve after it ends."""
        self.nested = nested
        """Part of an enclosing ability (an attack an ability makes): its triggers wait for that
        one."""
        self._hash = -1

    def _values(self) -> tuple[object, ...]:
        return (self.program, self.pc, self.ctx, self.waiting, self.nested)


class Batch(_Record):
    """Abilities triggered at the same time: the player picks the order."""

    __slots__ = ("triggers",)

    def __init__(self, triggers: tuple[Trigger, ...]) -> None:
        self.triggers = triggers
        self._hash = -1

    def _values(self) -> tuple[object, ...]:
        return (self.triggers,)


Pending = Frame | Batch
"""An item of the stack of pending abilities."""


class Attachment(NamedTuple):
    """An arsenal card attached to the hero (HERO) or to a monster; it moves with its host."""

    card: int
    host: int
    status: str
    exhausted: bool = False


Payer = Callable[[rules.CardOrderPayments], rules.Payment]
"""A player's choice among an attack's payments in card order (`PuzzleState.apply_paying`)."""

DEAL = Action("deal")
ATTACKS = tuple(Action("attack", c) for c in range(16))
"""The Attack action on each column, made once."""
RESOLVES = tuple(Action("resolve", i) for i in range(64))
"""The choice of which of several triggered abilities resolves first, made once."""

ONE = tuple(bytes((i,)) for i in range(256))
"""A one-card (or one-monster) `bytes` for each id: a zone grows by one without a new tuple."""

NO_CTX = Ctx()
"""A context that refers to nothing (one for all: a context is never changed, only replaced)."""


def top_actions(position: rules.Position) -> tuple[Action, ...]:
    """The actions of a quiet position (a state or a board with nothing pending): Deal while the
    deck holds a card, Attack on each column whose front monster may be attacked, each collected
    Treasure; none once the prey is complete."""
    if rules.prey_complete(position):
        return ()
    actions = [DEAL] if position.deck else []
    for c in rules.attackable_columns(position):
        actions.append(ATTACKS[c])
    for t in position.treasures:
        actions.append(Action("treasure", t))
    return tuple(actions)


STATE_FIELDS = ("rules", "columns", "kings", "exhausted", "arsenal", "hand", "deck", "discard",
                "collected", "attached", "traps", "treasures", "removed", "rng", "forced",
                "stack", "setup_deals", "options")


class Board(rules.Position):
    """A mutable copy of a position, used while one action is applied (`PuzzleState.apply`), or
    while a whole game is played on with no position kept between actions (a playout or a
    search: `legal_actions`, `act`, `won`, `copy`)."""

    attached: tuple[Attachment, ...]
    stack: list[Pending]
    log: list[str] | None
    payer: Payer | None
    depth: int
    ctx: Ctx

    def __init__(self, state: rules.Position, log: list[str] | None = None,
                 payer: Payer | None = None) -> None:
        # Written out field by field: this runs once per action. Typed as the `Position` both
        # kinds of position are, so that compiled, these are direct reads.
        self.rules = state.rules
        self.columns = state.columns
        self.kings = state.kings
        self.exhausted = state.exhausted
        self.arsenal = state.arsenal
        self.hand = state.hand
        self.deck = state.deck
        self.discard = state.discard
        self.collected = state.collected
        self.traps = state.traps
        self.treasures = state.treasures
        self.removed = state.removed
        self.rng = state.rng
        self.forced = state.forced
        other: Any = state  # (the two fields whose types differ: a frozen or a working stack)
        self.attached = other.attached
        self.stack = list(other.stack)
        self.setup_deals = state.setup_deals
        self.options = state.options
        self.log = log
        self.payer = payer
        self.depth = -1
        self.ctx = NO_CTX

    def copy(self) -> Board:
        """Another board at the same position (no log, no payer): every field is an immutable
        value but the stack, which is copied."""
        return Board(self)

    # ------------------------------------------------------------------ playing on

    def act(self, action: Action) -> None:
        """Apply `action`, a legal one (not checked here: `PuzzleState.apply` checks), and run
        the rules until the next decision or the next quiet position."""
        self.depth, self.ctx = -1, NO_CTX
        if self.options:
            self.choose(action)
        elif action.kind == "deal":
            if not self.has_abilities("deal"):
                # Nothing triggers on a deal now: the action is the card's move alone, what
                # the interpreter would come to (the commonest action of a playout).
                self.deal(1)
                self.options = ()
                return
            self.stack.append(Frame(effects.DEAL_ACTION, 0, self.ctx, (), False))
        elif action.kind == "attack":
            self.start_attack(action.arg, nested=False)
        else:  # treasure
            self.stack.append(Frame(effects.TREASURE_ACTION, 0, Ctx(source=action.arg), (),
                                    False))
        self.options = self.resolve()

    def legal_actions(self) -> tuple[Action, ...]:
        """The choices of the pending decision, or the actions of the quiet position (as
        `PuzzleState.legal_actions`); none once the game is over."""
        return self.options or top_actions(self)

    def won(self) -> bool:
        """Whether the prey is complete and nothing is pending (`PuzzleState.won`)."""
        return not self.options and rules.prey_complete(self)

    # ------------------------------------------------------------------ naming, logging

    def say(self, message: str) -> None:
        """Add a sentence to the log, when one is kept."""
        if self.log is not None:
            self.log.append(message)

    def card_code(self, card: int) -> str:
        return self.rules.cards.arsenal[card].code

    def monster_name(self, monster: int) -> str:
        name = self.rules.cards.monsters[monster].name
        return f"{name} (King)" if self.kings >> monster & 1 else name

    def codes(self, cards: Iterable[int]) -> str:
        return " ".join(self.card_code(c) for c in cards)

    # ------------------------------------------------------------------ chance

    def chance_order(self, items: tuple[int, ...], notation: Callable[[int], str],
                     what: str) -> tuple[int, ...]:
        """Shuffle `items`: the next explicit outcome queued from a record if there is one,
        else a draw from the state's seeded stream."""
        if self.forced:
            written, self.forced = self.forced[0], self.forced[1:]
            return written_order(items, written, notation, what)
        stream = self.rng
        if stream is None:
            raise ChanceError(f"{what} needs a shuffle, and there is neither a seed nor a "
                              "written outcome ('~ ...') for it")
        order, self.rng = rng.shuffled(items, stream)
        return order

    # ------------------------------------------------------------------ arsenal cards

    def draw(self, count: int) -> None:
        """Draw from the top of the deck into the hand, as many as there are."""
        for _ in range(count):
            if not self.deck:
                self.say("The deck is empty: nothing to draw.")
                return
            card = self.deck[0]
            self.deck = self.deck[1:]
            self.hand |= 1 << card
            if self.log is not None:  # (the words cost time in a playout)
                self.say(f"You draw {self.card_code(card)}.")
            self.fire_card("draw", card)

    def deal(self, count: int, setup: bool = False) -> None:
        """Move the top card of the deck to the rightmost position of the arsenal."""
        for _ in range(count):
            if not self.deck:
                self.say("The deck is empty: nothing to deal.")
                return
            card = self.deck[0]
            self.deck = self.deck[1:]
            self.arsenal += ONE[card]
            if setup:
                self.setup_deals += ONE[card]
            if self.log is not None:
                self.say(f"You deal {self.card_code(card)} to the arsenal.")
            self.fire_card("deal", card)

    def _remove_card(self, card: int) -> str:
        """Take an arsenal card out of the zone it is in; returns the zone's name."""
        # (the zones written out, hand and arsenal first: this runs for every card paid)
        if self.hand >> card & 1:
            self.hand &= ~(1 << card)
            return "hand"
        if card in self.arsenal:
            self.arsenal = _without(self.arsenal, card)
            return "arsenal"
        if card in self.discard:
            self.discard = _without(self.discard, card)
            return "discard"
        if card in self.deck:
            self.deck = _without(self.deck, card)
            return "deck"
        raise AssertionError(f"card {card} is not in play")

    def discard_cards(self, cards: Iterable[int]) -> None:
        """Put cards from the hand or arsenal on top of the discard pile, in order."""
        for card in tuple(cards):
            zone = self._remove_card(card)
            self.discard += ONE[card]
            if self.log is not None:
                self.say(f"You discard {self.card_code(card)} from the {zone}.")

    def discard_from_deck(self, count: int) -> None:
        """Discard the top cards of the deck."""
        taken, self.deck = self.deck[:count], self.deck[count:]
        self.discard = self.discard + taken
        if taken and self.log is not None:
            self.say(f"You discard {self.codes(taken)} from the top of the deck.")

    def take_into_hand(self, card: int) -> None:
        """Draw a named card (from the arsenal or the discard pile) into the hand."""
        zone = self._remove_card(card)
        self.hand |= 1 << card
        if self.log is not None:
            self.say(f"You draw {self.card_code(card)} from the {zone}.")
        self.fire_card("draw", card)

    def shuffle_into_deck(self, cards: Iterable[int]) -> None:
        """Cards join the deck, then the deck is shuffled. With no card, nothing happens (D11)."""
        moved = tuple(cards)
        if not moved:
            self.say("No card is shuffled into the deck.")
            return
        for card in moved:
            self._remove_card(card)
        self.deck = bytes(self.chance_order((*self.deck, *moved), self.card_code,
                                            "shuffling the deck"))
        if self.log is not None:
            self.say(f"You shuffle {self.codes(moved)} into the deck.")

    def swap_arsenal(self, a: int, b: int) -> None:
        """Swap two cards of the arsenal."""
        arsenal = bytearray(self.arsenal)
        i, j = arsenal.index(a), arsenal.index(b)
        arsenal[i], arsenal[j] = arsenal[j], arsenal[i]
        self.arsenal = bytes(arsenal)
        self.say(f"You swap {self.card_code(a)} and {self.card_code(b)} in the arsenal.")

    def attach(self, card: int, host: int, status: str) -> None:
        """Attach an arsenal card to the hero or a monster."""
        self._remove_card(card)
        self.attached = (*self.attached, Attachment(card, host, status))
        to = "your hero" if host == HERO else f"the {self.monster_name(host)}"
        label = f" as a {status}" if status else ""
        self.say(f"You attach {self.card_code(card)} to {to}{label}.")

    def wizard(self) -> Attachment | None:
        """The card attached to the hero as a wizard, if any."""
        for attachment in self.attached:
            if attachment.host == HERO and attachment.status == "wizard":
                return attachment
        return None

    def wizard_ready(self) -> bool:
        wizard = self.wizard()
        return wizard is not None and not wizard.exhausted

    def set_wizard_ready(self, ready: bool) -> None:
        wizard = self.wizard()
        if wizard is None:
            return
        self.attached = tuple(a._replace(exhausted=not ready) if a == wizard else a
                              for a in self.attached)
        self.say("You ready the wizard." if ready else "You exhaust the wizard.")

    # ------------------------------------------------------------------ monsters

    def _set_column(self, c: int, monsters: bytes | bytearray) -> None:
        columns = self.columns
        self.columns = (*columns[:c], bytes(monsters), *columns[c + 1:])

    def reverse_column(self, c: int) -> None:
        self._set_column(c, self.columns[c][::-1])
        self.say(f"You reverse column {c + 1}.")

    def shuffle_column(self, c: int) -> None:
        order = self.chance_order(tuple(self.columns[c]), self.monster_key,
                                  f"shuffling column {c + 1}")
        self._set_column(c, bytes(order))
        self.say(f"You shuffle column {c + 1}.")

    def monster_key(self, monster: int) -> str:
        return self.rules.cards.monsters[monster].key

    def redeal(self, count: int) -> None:
        """Shuffle the monsters of the dungeon and deal them left to right, top to bottom into the
        `count` leftmost columns (D8)."""
        monsters = tuple(m for column in self.columns for m in column)
        order = self.chance_order(monsters, self.monster_key, "shuffling the monsters")
        self.columns = deal_rows(order, count, len(self.columns))
        self.say(f"You shuffle the monsters and deal them into {count} columns.")

    def swap_fronts(self, a: int, b: int) -> None:
        ca, cb = bytearray(self.columns[a]), bytearray(self.columns[b])
        ca[-1], cb[-1] = cb[-1], ca[-1]
        self._set_column(a, ca)
        self._set_column(b, cb)
        self.say(f"You swap the front monsters of columns {a + 1} and {b + 1}.")

    def swap_front_back(self, c: int) -> None:
        column = bytearray(self.columns[c])
        column[0], column[-1] = column[-1], column[0]
        self._set_column(c, column)
        self.say(f"You swap the front and back monsters of column {c + 1}.")

    def shuffle_into_column(self, monster: int, c: int) -> None:
        """Move a collected monster into a column and shuffle that column."""
        self.collected &= ~(1 << monster)
        order = self.chance_order((*self.columns[c], monster), self.monster_key,
                                  f"shuffling column {c + 1}")
        self._set_column(c, bytes(order))
        self.say(f"You shuffle the {self.monster_name(monster)} into column {c + 1}.")

    def exhaust(self, monster: int) -> None:
        if not self.exhausted >> monster & 1:
            self.exhausted |= 1 << monster
            if self.log is not None:
                self.say(f"You exhaust the {self.monster_name(monster)}.")

    def ready(self, monster: int) -> None:
        if self.exhausted >> monster & 1:
            self.exhausted &= ~(1 << monster)
            if self.log is not None:
                self.say(f"You ready the {self.monster_name(monster)}.")

    def reveal(self, monster: int) -> None:
        """Flip a monster to its Monster King face; its Reveal ability and 'when a Monster King is
        revealed' abilities trigger."""
        if self.kings >> monster & 1:
            return
        self.kings |= 1 << monster
        self.say(f"The {self.rules.cards.monsters[monster].name} is revealed as a Monster King.")
        column = rules.column_of(self.columns, monster)
        for ability in self.rules.king_abilities[monster].get("reveal", ()):
            self.add_trigger(ability.id, Ctx(source=monster, column=column))
        self.fire("king_revealed", monster)

    def defeat(self, monster: int, column: int) -> None:
        """The monster is defeated: its Loot and other defeat abilities trigger, then it is
        collected, leaves the dungeon, and the Monster King rule is checked (D4)."""
        r = self.rules
        card = r.cards.monsters[monster]
        king = bool(self.kings >> monster & 1)
        self._set_column(column, self.columns[column].replace(ONE[monster], b""))
        if self.log is not None:
            self.say(f"You defeat the {self.monster_name(monster)}.")
        ctx = Ctx(source=monster, column=column, subject=monster)
        for ability in r.loot_abilities[monster][king]:
            self.add_trigger(ability.id, ctx)
        if r.hero.trophy(card.type):
            for ability in r.hero_triggers.get("trophy", ()):
                self.add_trigger(ability.id, ctx)
        if king:
            for ability in r.hero_triggers.get("monster_king", ()):
                self.add_trigger(ability.id, ctx)
        tts = r.cards.trap_treasures
        for t in self.traps:
            if tts[t].type == card.type:
                self.add_trigger(tts[t].trap.id, Ctx(t, column, monster))
        for t in self.treasures:
            if tts[t].type == card.type:
                self.add_trigger(tts[t].treasure.id, Ctx(t, column, monster))
        self.collected |= 1 << monster
        if self.log is not None:
            self.say(f"You collect the {self.monster_name(monster)}.")
        self.fire("collect", monster)
        self.left_dungeon(monster)

    def left_dungeon(self, monster: int) -> None:
        """'When a monster leaves the dungeon, if there is only one monster of its type remaining
        in the dungeon, that remaining monster flips to its Monster King face as a triggered
        ability.' Also flips attached Traps whose type is gone (Variant)."""
        types = self.rules.tables.kind
        kind = types[monster]
        remaining = [m for column in self.columns for m in column if types[m] == kind]
        if len(remaining) == 1 and not self.kings >> remaining[0] & 1:
            self.add_trigger(effects.KING_FLIP, Ctx(subject=remaining[0]))
        self.flip_traps()

    def flip_traps(self) -> None:
        """An attached Trap whose type has no monster left in the dungeon flips to its Treasure
        face and is collected."""
        if not self.traps:
            return
        kinds = self.rules.tables.kind
        types = {kinds[m] for column in self.columns for m in column}
        tts = self.rules.cards.trap_treasures
        for t in self.traps:
            if tts[t].type not in types:
                self.traps = tuple(x for x in self.traps if x != t)
                self.treasures = (*self.treasures, t)
                self.say(f"No {tts[t].type}-type monster is left: {tts[t].name} flips to its "
                         "Treasure face and you collect it.")

    # ------------------------------------------------------------------ triggers

    def add_trigger(self, ability: int, ctx: Ctx) -> None:
        """Queue an ability triggered by what the current frame is doing."""
        frame = self.stack[self.depth]
        assert isinstance(frame, Frame)  # (triggers are queued by a running frame)
        # (built whole, as in `_advance`)
        self.stack[self.depth] = Frame(frame.program, frame.pc, frame.ctx,
                                       (*frame.waiting, Trigger(ability, ctx)), frame.nested)

    def has_abilities(self, trigger: str) -> bool:
        """Whether an ability with this trigger is in effect now."""
        r = self.rules
        if trigger in r.hero_triggers:
            return True
        return bool(self.kings) and bool(self.active_abilities(trigger))

    def active_abilities(self, trigger: str) -> list[tuple[Ability, int]]:
        """(ability, owner) for every ability with this trigger that is in effect now."""
        r = self.rules
        found = [(ability, HERO) for ability in r.hero_triggers.get(trigger, ())]
        kings = self.kings
        while kings:
            low = kings & -kings
            monster = low.bit_length() - 1
            kings ^= low
            abilities = r.king_abilities[monster].get(trigger)
            if abilities:
                in_collection = bool(self.collected >> monster & 1)
                for ability in abilities:
                    if (ability.while_ == "collected") == in_collection:
                        found.append((ability, monster))
        return found

    def fire(self, trigger: str, subject: int) -> None:
        """Trigger every ability in effect that fires on this event about a monster."""
        for ability, owner in self.active_abilities(trigger):
            if ability.filter.get("king") and not self.kings >> subject & 1:
                continue
            self.add_trigger(ability.id, Ctx(source=owner, subject=subject))

    def fire_card(self, trigger: str, card: int) -> None:
        """Trigger abilities on dealing or drawing a card ('When you deal an 8, ...')."""
        if not self.has_abilities(trigger):
            return
        arsenal = self.rules.cards.arsenal
        for ability, owner in self.active_abilities(trigger):
            f = ability.filter
            if "value" in f and arsenal[card].value != f["value"]:
                continue
            if "suit" in f and arsenal[card].suit != f["suit"]:
                continue
            self.add_trigger(ability.id, Ctx(source=owner, subject=card))

    def collect_triggers(self, trigger: str, subject: int) -> tuple[Trigger, ...]:
        """The abilities an event triggers, returned rather than queued (attack triggers resolve
        at once, before the attack goes on)."""
        found = []
        for ability, owner in self.active_abilities(trigger):
            if ability.filter.get("king") and not self.kings >> subject & 1:
                continue
            found.append(Trigger(ability.id, Ctx(source=owner, subject=subject)))
        return tuple(found)

    def trigger_loot_of(self, monster: int) -> None:
        """Trigger a collected monster's Loot (the Overseer)."""
        for ability in self.rules.loot_abilities[monster][0]:
            self.add_trigger(ability.id, Ctx(source=monster, subject=monster))

    def start_attack(self, column: int, nested: bool) -> None:
        """Begin the attack steps on the front monster of `column`."""
        self.stack.append(Frame(effects.ATTACK_ACTION, 0, Ctx(column=column), (), nested))

    # ------------------------------------------------------------------ the interpreter

    def begin(self, trigger: Trigger) -> None:
        """Start resolving a triggered ability, unless it is ignored now."""
        r = self.rules
        if trigger.ability >= effects.FIRST_CARD_PROGRAM:
            # (`r.ability(...)` read directly: the game's class is not compiled, and a call of
            # its method runs as Python at every ability begun)
            ability = r.cards.abilities[trigger.ability - effects.FIRST_CARD_PROGRAM]
            if ability.trigger in rules.ignored_triggers(self):
                if self.log is not None:  # (the words cost time in a search)
                    self.say(f"{ability.label} is ignored.")
                return
            if self.log is not None:  # what follows is this ability's doing, not the action's
                self.say(resolves_line(ability))
        self.stack.append(Frame(trigger.ability, 0, trigger.ctx, (), False))

    def resolve(self) -> tuple[Action, ...]:
        """Run pending abilities until the player must choose (the options) or none is left."""
        stack = self.stack
        programs = self.rules.programs
        for _ in range(MAX_STEPS):
            if not stack:
                return ()
            top = stack[-1]
            if isinstance(top, Batch):
                stack.pop()
                triggers = top.triggers
                if len(triggers) == 1:
                    self.begin(triggers[0])
                elif triggers:
                    stack.append(top)
                    if len(triggers) <= len(RESOLVES):
                        return RESOLVES[:len(triggers)]
                    return tuple(Action("resolve", i) for i in range(len(triggers)))
                continue
            program = programs[top.program]
            if top.pc >= len(program):
                stack.pop()
                self._finish(top)
                continue
            depth = len(stack) - 1
            self.depth, self.ctx = depth, top.ctx
            result = program[top.pc].run(self, top.ctx)
            if isinstance(result, tuple):
                frame = stack[depth]  # (the step may have queued triggers on it)
                assert isinstance(frame, Frame)
                stack[depth] = Frame(frame.program, frame.pc, self.ctx, frame.waiting,
                                     frame.nested)
                return result
            self._advance(depth, top.pc, result)
        raise RuntimeError("abilities kept triggering each other: the card data loops")

    def _advance(self, depth: int, pc: int, result: Step) -> None:
        frame = self.stack[depth]
        assert isinstance(frame, Frame)
        if result is None:
            pc += 1
        elif result == FINISH:
            pc = len(self.rules.programs[frame.program])
        elif result != AGAIN:
            assert isinstance(result, int)
            pc = result
        # (built whole: `_replace` costs three times as much, and this runs at every step)
        self.stack[depth] = Frame(frame.program, pc, self.ctx, frame.waiting, frame.nested)

    def _finish(self, frame: Frame) -> None:
        if not frame.waiting:
            return
        stack = self.stack
        parent = stack[-1] if stack else None
        if frame.nested and isinstance(parent, Frame):
            stack[-1] = Frame(parent.program, parent.pc, parent.ctx,
                              parent.waiting + frame.waiting, parent.nested)
        else:
            stack.append(Batch(frame.waiting))

    def choose(self, action: Action) -> None:
        """Feed the player's choice to whatever is waiting for it."""
        top = self.stack[-1]
        if isinstance(top, Batch):
            i: int = action.arg
            self.stack[-1] = Batch(top.triggers[:i] + top.triggers[i + 1:])
            self.begin(top.triggers[i])
            return
        depth = len(self.stack) - 1
        self.depth, self.ctx = depth, top.ctx
        result = self.rules.programs[top.program][top.pc].choose(self, top.ctx, action)
        self._advance(depth, top.pc, result)


def resolves_line(ability: Ability) -> str:
    """The log's credit line before an ability's effects: 'Rogue's Collect resolves.'"""
    word = ability.label.split(":", 1)[1].replace("-", " ")
    return f"{ability.owner_name}'s {word} resolves."


def _without(cards: bytes, card: int) -> bytes:
    """The cards but `card` (which is among them once)."""
    at = cards.index(card)
    return cards[:at] + cards[at + 1:]


def deal_rows(monsters: Iterable[int], count: int, width: int) -> tuple[bytes, ...]:
    """Deal left to right, top to bottom into the `count` leftmost of `width` columns: the first
    card of each column is its back, the last its front."""
    columns: list[list[int]] = [[] for _ in range(width)]
    for i, monster in enumerate(monsters):
        columns[i % count].append(monster)
    return tuple(bytes(c) for c in columns)


def written_order(items: tuple[int, ...], written: str, notation: Callable[[int], str],
                  what: str) -> tuple[int, ...]:
    """Check an explicit shuffle outcome ('~ 5M 3T ...') against the cards being shuffled."""
    by_name = {notation(i).lower(): i for i in items}
    tokens = written.split()
    order: list[int] = []
    for token in tokens:
        item = by_name.get(token.lower())
        if item is None or item in order:
            expected = " ".join(sorted(notation(i) for i in items))
            problem = "twice" if item in order else "not among them"
            raise ChanceError(f"{what}: the written order must list each of the {len(items)} "
                              f"cards being shuffled once ({expected}); {token!r} is {problem}",
                              text=written)
        order.append(item)
    if len(order) != len(items):
        expected = " ".join(sorted(notation(i) for i in items))
        raise ChanceError(f"{what}: the written order lists {len(order)} cards, but "
                          f"{len(items)} are being shuffled ({expected})", text=written)
    return tuple(order)


# ---------------------------------------------------------------------- the engine's own programs

class _SetupDeal(Instr):
    """Set up: deal six cards to the arsenal, one at a time (their deal triggers fire)."""

    def run(self, b: Board, ctx: Ctx) -> Step:
        b.deal(6, setup=True)
        return None


class _SetupDraw(Instr):
    """Set up: draw six cards."""

    def run(self, b: Board, ctx: Ctx) -> Step:
        b.draw(6)
        return None


class _AfterSetup(Instr):
    """After set up: place the chosen Traps and Treasures, then 'after set up' abilities."""

    def run(self, b: Board, ctx: Ctx) -> Step:
        r = b.rules
        for t in r.setup_traps:
            b.traps = (*b.traps, t)
            b.say(f"You attach the Trap {r.cards.trap_treasures[t].name} to your hero.")
        for t in r.setup_treasures:
            b.treasures = (*b.treasures, t)
            b.say(f"You collect the Treasure {r.cards.trap_treasures[t].name}.")
        b.flip_traps()
        for ability in r.hero_triggers.get("after_setup", ()):
            b.add_trigger(ability.id, Ctx(source=HERO))
        return None


class _DealOne(Instr):
    """The Deal action."""

    def run(self, b: Board, ctx: Ctx) -> Step:
        b.deal(1)
        return None


class _AttackBegin(Instr):
    """Attack steps 1-2: choose the front monster of a column; 'when you attack' abilities
    trigger now and resolve before the next step."""

    def run(self, b: Board, ctx: Ctx) -> Step:
        target = b.columns[ctx.column][-1]
        b.ctx = ctx.with_subject(target)
        if b.log is not None:
            b.say(f"You attack the {b.monster_name(target)} in column {ctx.column + 1}.")
        triggers = b.collect_triggers("attack", target)
        if triggers:
            b.stack.append(Batch(triggers))
        return None


class _AttackPay(Instr):
    """Attack steps 3-5: match each suit of the defense (arsenal front first, then hand, then
    weapons of ready collected monsters)."""

    def run(self, b: Board, ctx: Ctx) -> Step:
        target = ctx.subject
        if rules.column_of(b.columns, target) < 0:
            b.say("The attacked monster has left the dungeon: the attack ends.")
            return FINISH
        if b.payer is not None:
            return self._pay_at_once(b, ctx, target, b.payer)
        options = tuple([Action("pay", p) for p in rules.payments(b, target)])
        if not options:
            b.say("Its defense can no longer be matched: the attack ends without a defeat.")
            return FINISH
        if len(options) == 1:
            return self.choose(b, ctx, options[0])
        return options

    def _pay_at_once(self, b: Board, ctx: Ctx, target: int, payer: Payer) -> Step:
        """The payment chosen by the board's payer among those in card order, with no decision
        between: what the decision would come to for a player who leaves the order of discards
        alone. The payer is asked exactly when the decision would be offered (more than one
        payment in any order), so it draws its chances as it would there."""
        one_order = rules.CardOrderPayments(b, target)
        if not one_order.total:
            b.say("Its defense can no longer be matched: the attack ends without a defeat.")
            return FINISH
        if one_order.total > 1:
            payment = payer(one_order)
        else:
            # One set of cards: still a decision if its hand cards may go in any order.
            payment = one_order[0]
            if len(payment.hand) > 1 and b.rules.discard_order.live(b):
                payment = payer(one_order)
        return self.choose(b, ctx, Action("pay", payment))

    def choose(self, b: Board, ctx: Ctx, action: Action) -> Step:
        payment: rules.Payment = action.arg
        for card, _suit in payment.arsenal:
            b.discard_cards((card,))
        for card, _suit in payment.hand:
            b.discard_cards((card,))
        for monster, suits in payment.weapons:
            b.exhaust(monster)
            if b.log is not None:
                b.say(f"Its weapon matches {rules.suits_text(suits)}.")
        return None


class _AttackDefeat(Instr):
    """Attack steps 6-8: every suit matched, the monster is defeated, its Loot triggers, and it is
    collected."""

    def run(self, b: Board, ctx: Ctx) -> Step:
        column = rules.column_of(b.columns, ctx.subject)
        b.defeat(ctx.subject, column)
        return None


class _CallTreasure(Instr):
    """The Treasure action: trigger this Treasure's effect ..."""

    def run(self, b: Board, ctx: Ctx) -> Step:
        card = b.rules.cards.trap_treasures[ctx.source]
        b.say(f"You use the Treasure {card.name}.")
        b.stack.append(Frame(card.treasure.id, 0, Ctx(source=ctx.source), (), True))
        return None


class _RemoveTreasure(Instr):
    """... then remove it from the game."""

    def run(self, b: Board, ctx: Ctx) -> Step:
        b.treasures = tuple(t for t in b.treasures if t != ctx.source)
        b.removed = (*b.removed, ctx.source)
        b.say(f"You remove {b.rules.cards.trap_treasures[ctx.source].name} from the game.")
        return None


class _KingFlip(Instr):
    """The Monster King rule, as a triggered ability: the last monster of a type flips."""

    def run(self, b: Board, ctx: Ctx) -> Step:
        monster = ctx.subject
        if rules.column_of(b.columns, monster) >= 0 and not b.kings >> monster & 1:
            b.reveal(monster)
        else:
            b.say(f"The {b.rules.cards.monsters[monster].name} is no longer there to flip.")
        return None


BUILTIN_PROGRAMS: tuple[tuple[Instr, ...], ...] = (
    (_SetupDeal(), _SetupDraw(), _AfterSetup()),
    (_DealOne(),),
    (_AttackBegin(), _AttackPay(), _AttackDefeat()),
    (_CallTreasure(), _RemoveTreasure()),
    (_KingFlip(),),
)
assert len(BUILTIN_PROGRAMS) == effects.FIRST_CARD_PROGRAM
