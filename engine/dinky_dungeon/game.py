"""Dinky Dungeon: the rules (shared/rulebooks/dinky-dungeon.txt) on immutable states.

A state is frozen; `apply` copies it into a `Table`, runs the action and the tasks it leads to
until someone must choose again (or the game ends), and freezes the table into a new state. Every
choice is an action of the player who makes it, including choices made on another player's turn
(what to keep against the Magician). The tasks are typed records (engine.tasks): those of Setup,
the Turn Overview and Game End are here; playing an adventurer and each card's effect, with its
tasks and choices, are in `effects`. Decisions in docs/rules/dinky-dungeon.md (R1, R2, ...).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from dungeoneer.engine import registry, rng
from dungeoneer.engine.dinky_dungeon.cards import DinkyCards, load_cards
from dungeoneer.engine.dinky_dungeon.effects import (
    Berserk,
    ChooseDiscard,
    Copy,
    DinkyDecision,
    DiscardAdventurer,
    Give,
    KeepRewards,
    NinjaDiscard,
    Ones,
    Play,
    name_options,
)
from dungeoneer.engine.dinky_dungeon.history import (
    DECK,
    EVERYONE,
    OPEN,
    Card,
    Event,
    Moved,
    seat_bit,
)
from dungeoneer.engine.dinky_dungeon.knowledge import Knowledge, knowledge
from dungeoneer.engine.errors import (
    ChanceError,
    DungeoneerError,
    UnknownNameError,
)
from dungeoneer.engine.history import START, Chain
from dungeoneer.engine.numbers import shown, whole_number
from dungeoneer.engine.protocol import Action, GameInfo, Outcome, Termination, seat_number
from dungeoneer.engine.tasks import Step, Task, TaskState, TaskTable

if TYPE_CHECKING:
    from dungeoneer.engine.dinky_dungeon.effects import Where

T = TypeVar("T")

TARGETS = {2: 20, 3: 18, 4: 16}
"""Game End A: the reward value that ends the game, by number of players."""
ROW = 4

INFO = GameInfo(
    name="dinky-dungeon", title="Dinky Dungeon", min_players=2, max_players=4,
    hidden_information=True,
    summary="Draft adventurers and play them to gain hidden rewards; 2-4 players.",
    options={"players": "number of players, 2 to 4 (default 2)"},
    setup={"dungeon": "the dungeon deck's order, top first (levels, like '1 1 3 2 ...')",
           "adventurers": "the adventurer deck's order before dealing, top first (names)"})


class DinkyDungeon:
    """A configured game: the card data and the number of players."""

    info = INFO

    def __init__(self, players: int = 2, cards: DinkyCards | None = None) -> None:
        if players not in TARGETS:
            raise DungeoneerError(f"Dinky Dungeon is for 2 to 4 players, not {players}")
        self.players = players
        self.cards = cards or load_cards()
        self.target = TARGETS[players]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DinkyDungeon) and (self.players, self.cards) == (
            other.players, other.cards)

    def __hash__(self) -> int:
        return hash(("dinky-dungeon", self.players))

    def options(self) -> dict[str, str]:
        """Record header lines."""
        return {"players": str(self.players)}

    def new_initial_state(self, seed: int | None = None,
                          setup: Mapping[str, str] | None = None) -> DinkyState:
        """Setup: shuffle the dungeon and the adventurers, deal two adventurers to each player;
        each keeps one (their first decisions)."""
        setup = dict(setup or {})
        unknown = sorted(set(setup) - set(INFO.setup))
        if unknown:
            raise UnknownNameError(f"unknown set-up key {unknown[0]!r}", text=unknown[0])
        stream = None if seed is None else rng.verify_seed(seed)
        table = Table.blank(self, stream, events=START)
        table.dungeon = table.ordered(self.cards.dungeon, setup.get("dungeon"), "the dungeon deck",
                                      _level)
        deck = table.ordered(self.cards.adventurer_deck(), setup.get("adventurers"),
                             "the adventurer deck", self._name)
        dealt = [deck[2 * p: 2 * p + 2] for p in range(self.players)]
        table.adventurers = tuple(deck[2 * self.players:])
        for seat, pair in enumerate(dealt):
            for name in pair:
                table.note(Moved(name, DECK, seat, seat_bit(seat)))
        table.say("The dungeon deck and the adventurer deck are shuffled; each player is dealt "
                  "two adventurers.")
        table.push(Start(0))
        for seat in reversed(range(self.players)):
            table.push(Keep(seat, tuple(sorted(dealt[seat]))))
        table.run()
        return table.freeze()

    def _name(self, token: str) -> str:
        try:
            return self.cards.named(token).name
        except KeyError:
            raise UnknownNameError(f"unknown adventurer {token!r}", text=token) from None


@dataclass(frozen=True)
class DinkyState(TaskState):
    """A Dinky Dungeon position. Immutable; `apply` returns a new one (engine.tasks)."""

    game: DinkyDungeon
    dungeon: tuple[int, ...]
    """The dungeon deck, top first."""
    dungeon_discard: tuple[int, ...]
    """Face up, sorted (its order does not matter)."""
    adventurers: tuple[str, ...]
    """The adventurer deck, top first."""
    adventurer_discard: tuple[str, ...]
    """Face up, sorted."""
    row: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    rewards: tuple[tuple[int, ...], ...]
    gained: tuple[int, ...]
    """Rewards the active player gained this turn (the Berserker's risk)."""
    active: int
    turns: int
    tasks: tuple[Task, ...]
    stream: int | None
    forced: tuple[str, ...]
    declared: tuple[tuple[int, int], ...]
    """Reward values declared aloud (the Monk): public from then on."""
    over: bool
    events: Chain | None = field(default=None, compare=False, hash=False, repr=False)
    """The history: every move of a card so far, and every look at a whole place, with the
    seats that see which cards they are (history.py; `engine.history.events` lists them), from
    which `knowledge` reads what a seat knows; None when the position has no history (built by
    hand, or a sampling bot's filling: nothing is recorded on from it). Not part of the
    position: two states alike but for how they came about are equal, as in the other games."""
    legal: tuple[Action, ...] | None = field(default=None, compare=False, hash=False, repr=False)
    """The legal actions, worked out on first use (not part of the position)."""

    # ------------------------------------------------------------------ protocol

    def outcome(self) -> Outcome | None:
        """Highest total reward value wins; equal highest totals share the win (R7)."""
        if not self.over:
            return None
        scores = tuple(sum(r) for r in self.rewards)
        best = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        why = ("the dungeon deck is empty" if not self.dungeon and best < self.game.target
               else f"a player reached {self.game.target}")
        return Outcome(Termination.FINISHED, winners, scores, f"{why}; highest total {best}")

    def public_action_text(self, action: Action) -> str:
        """The action as the other players see it, as the pending decision tells it: which
        adventurer was kept at set up, which rewards a Magician's target keeps and which reward
        the Lord gives stay hidden."""
        top = self.tasks[-1] if self.tasks and not self.over else None
        if isinstance(top, DinkyDecision):
            return top.public_text(action)
        return self.action_text(action)

    def scores(self) -> tuple[int, ...]:
        """Each seat's total reward value."""
        return tuple(sum(r) for r in self.rewards)

    def knowledge(self, player: int) -> Knowledge:
        """What `player` knows of the cards it cannot see, from everything it saw happen
        (knowledge.py): where the other hands', the other rewards' and the decks' cards may
        lie."""
        return knowledge(self, player)

    def view(self, player: int) -> dict[str, Any]:
        """What `player` may know: their own hand and rewards; of the others only how many."""
        data = self._public()
        data["seat"] = seat_number(player)
        data["hand"] = list(self.hands[player])
        data["rewards"] = list(self.rewards[player])
        data["gained_this_turn"] = sum(self.gained) if player == self.active else 0
        return data

    def to_json(self) -> dict[str, Any]:
        """Everything, hidden or not."""
        data = self._public()
        data["hands"] = [list(h) for h in self.hands]
        data["rewards"] = [list(r) for r in self.rewards]
        data["dungeon"] = list(self.dungeon)
        data["adventurers"] = list(self.adventurers)
        return data

    def _public(self) -> dict[str, Any]:
        return {
            "game": "dinky-dungeon", "players": self.game.players, "target": self.game.target,
            "active": seat_number(self.active), "turns": self.turns,
            "to_act": seat_number(self.current_player()),
            "row": list(self.row), "dungeon_count": len(self.dungeon),
            "dungeon_discard": list(self.dungeon_discard),
            "adventurer_count": len(self.adventurers),
            "adventurer_discard": list(self.adventurer_discard),
            "hand_counts": [len(h) for h in self.hands],
            "reward_counts": [len(r) for r in self.rewards],
            "declared": [{"seat": seat_number(seat), "value": value}
                         for seat, value in self.declared], "over": self.over,
        }

    def prompt(self) -> str:
        """What the pending decision asks."""
        top = self.tasks[-1] if self.tasks and not self.over else None
        return top.prompt() if isinstance(top, DinkyDecision) else ""


# ----------------------------------------------------------------------------- the table

class Table(TaskTable):
    """A mutable working copy of a state, for one action and the tasks that follow it: the
    state's fields (hands, rewards and tasks as lists), declared here."""

    LISTS = ("hands", "rewards", "tasks")

    game: DinkyDungeon
    dungeon: tuple[int, ...]
    dungeon_discard: tuple[int, ...]
    adventurers: tuple[str, ...]
    adventurer_discard: tuple[str, ...]
    row: tuple[str, ...]
    hands: list[tuple[str, ...]]
    rewards: list[tuple[int, ...]]
    gained: tuple[int, ...]
    active: int
    turns: int
    tasks: list[Task]
    stream: int | None
    forced: tuple[str, ...]
    declared: tuple[tuple[int, int], ...]
    over: bool
    events: Chain | None
    """The history (`DinkyState.events`): `note` adds to it, unless it is None."""

    @classmethod
    def blank(cls, game: DinkyDungeon, stream: int | None,
              events: Chain | None = None) -> Table:
        """An empty table for setting up (`events`: `START` to keep a history)."""
        n = game.players
        return cls(game=game, dungeon=(), dungeon_discard=(), adventurers=(),
                   adventurer_discard=(), row=(), hands=[() for _ in range(n)],
                   rewards=[() for _ in range(n)], gained=(), active=0, turns=0, tasks=[],
                   stream=stream, forced=(), declared=(), over=False, events=events)

    def note(self, event: Event) -> None:
        """Add an event to the history, if one is kept (a sampling bot's playouts keep none)."""
        if self.events is not None:
            self.events = Chain(event, self.events)

    def moved(self, cards: Sequence[Card], source: int, to: int, seen: int) -> None:
        """Note that each of `cards` moved from `source` to `to`, seen by the seats `seen`."""
        if self.events is not None:
            for card in cards:
                self.events = Chain(Moved(card, source, to, seen), self.events)

    def freeze(self) -> DinkyState:
        """The new state. Hands, rewards and discards are kept sorted as they change (they have
        no order). The frozen dataclass's own constructor sets each field through
        object.__setattr__, a fifth of an action's time (profiled), so the fields are filled
        directly; the property tests check every state this builds."""
        state = object.__new__(DinkyState)
        state.__dict__.update(
            game=self.game, dungeon=tuple(self.dungeon), dungeon_discard=self.dungeon_discard,
            adventurers=tuple(self.adventurers), adventurer_discard=self.adventurer_discard,
            row=tuple(self.row), hands=tuple(self.hands), rewards=tuple(self.rewards),
            gained=tuple(self.gained), active=self.active, turns=self.turns,
            tasks=tuple(self.tasks), stream=self.stream, forced=tuple(self.forced),
            declared=tuple(self.declared), over=self.over, events=self.events,
            legal=() if self.over else self.found)
        return state

    def effect_of(self, name: str) -> str:
        """The effect an adventurer's card names (card data)."""
        return self.game.cards.named(name).effect

    # ------------------------------------------------------------------ chance

    def ordered(self, items: Sequence[T], written: str | None, what: str,
                parse: Callable[[str], T]) -> tuple[T, ...]:
        """Items in the order written (a record's set-up line) or shuffled by the stream."""
        if written is not None:
            order = tuple(parse(token) for token in written.split())
            if sorted(map(str, order)) != sorted(map(str, items)):
                raise DungeoneerError(f"{what} must list exactly its {len(items)} cards",
                                      text=written)
            return order
        return self.shuffled(items, what)

    def shuffled(self, items: Sequence[T], what: str) -> tuple[T, ...]:
        """The items shuffled: by the next written outcome if one is queued, else the stream."""
        if self.forced:
            written, self.forced = self.forced[0], self.forced[1:]
            tokens = written.split()
            if sorted(tokens) != sorted(map(str, items)):
                raise ChanceError(f"the outcome for shuffling {what} must list its cards: "
                                  f"{' '.join(sorted(map(str, items)))}", text=written)
            by_text = {str(i): i for i in items}
            return tuple(by_text[t] for t in tokens)
        if self.stream is None:
            raise ChanceError(f"shuffling {what} needs a seed or a written outcome")
        result, self.stream = rng.shuffled(tuple(items), self.stream)
        return result

    def random_rewards(self, seat: int, count: int) -> tuple[int, ...]:
        """`count` of the seat's rewards at random (all of them if fewer)."""
        return self.shuffled(self.rewards[seat], "the rewards")[:count]

    # ------------------------------------------------------------------ cards

    def draw_adventurer(self, to: int, seen: int) -> str | None:
        """The top adventurer, drawn to place `to` (a seat's hand, or OPEN: the row) and seen by
        the seats `seen`; when the deck runs out, the discard becomes the deck (R5)."""
        if not self.adventurers:
            return None
        card, self.adventurers = self.adventurers[0], self.adventurers[1:]
        self.note(Moved(card, DECK, to, seen))  # (before the discard can become the deck)
        if not self.adventurers and self.adventurer_discard:
            self.moved(self.adventurer_discard, OPEN, DECK, EVERYONE)
            self.adventurers = self.shuffled(tuple(sorted(self.adventurer_discard)),
                                             "the adventurer discard")
            self.adventurer_discard = ()
            self.say("The adventurer deck is empty: the discard is shuffled into a new deck.")
        return card

    def draw_dungeon(self, seat: int, count: int) -> None:
        """Draw and gain `count` dungeon cards; missing cards are chosen from the discard (R8)."""
        taken, self.dungeon = self.dungeon[:count], self.dungeon[count:]
        self.moved(taken, DECK, seat, seat_bit(seat))
        self.gain(seat, taken)
        missing = min(count - len(taken), len(self.dungeon_discard))
        if missing:
            self.say(f"The dungeon deck is short by {missing}: the rest is chosen from the "
                     "dungeon discard.")
            self.push(ChooseDiscard(seat, missing))

    def gain(self, seat: int, values: Sequence[int]) -> None:
        """The seat gains these dungeon cards as rewards (counted as gained this turn if it is
        the active seat's)."""
        if not values:
            return
        self.rewards[seat] = tuple(sorted((*self.rewards[seat], *values)))
        if seat == self.active:
            self.gained = (*self.gained, *values)
        self.say(f"Seat {seat + 1} gains {len(values)} reward card(s).")

    def discard_rewards(self, seat: int, values: Sequence[int]) -> None:
        """The seat's rewards with these values go to the dungeon discard (face up)."""
        self.moved(values, seat, OPEN, EVERYONE)
        rest = list(self.rewards[seat])
        for v in values:
            rest.remove(v)
        self.rewards[seat] = tuple(rest)
        self.dungeon_discard = tuple(sorted((*self.dungeon_discard, *values)))

    def targets(self, seat: int) -> list[int]:
        """The other players a Scapegoat-icon effect reaches: a player holding the Scapegoat
        discards it and draws the top adventurer instead (Scapegoat Icon Rules, R4)."""
        reached = []
        for other in range(self.game.players):
            if other == seat:
                continue
            if "Scapegoat" in self.hands[other]:
                hand = list(self.hands[other])
                hand.remove("Scapegoat")
                self.note(Moved("Scapegoat", other, OPEN, EVERYONE))
                self.adventurer_discard = tuple(sorted((*self.adventurer_discard,
                                                        "Scapegoat")))
                card = self.draw_adventurer(other, seat_bit(other))
                if card is not None:
                    hand.append(card)
                self.hands[other] = tuple(sorted(hand))
                self.say(f"Seat {other + 1} discards the Scapegoat and draws an adventurer "
                         "instead.")
                continue
            reached.append(other)
        return reached


# ----------------------------------------------------------------------------- setup

@dataclass(frozen=True)
class Keep(DinkyDecision):
    """Setup: "deal two face down to each player. Each player chooses one of the two adventurer
    cards to keep." The other goes back to the adventurer deck; which one was kept stays hidden
    from the other seats."""

    dealt: tuple[str, ...]

    KINDS = ("keep",)
    QUESTION = "keep one of your two adventurers"
    always_ask = True

    def options(self, where: Where) -> tuple[Action, ...]:
        return name_options("keep", self.dealt)

    def choose(self, t: Table, action: Action) -> None:
        dealt = list(self.dealt)
        dealt.remove(action.arg)
        t.moved(dealt, self.seat, DECK, seat_bit(self.seat))
        t.hands[self.seat] = (action.arg,)
        t.adventurers = (*t.adventurers, *dealt)
        t.say(f"Seat {self.seat + 1} keeps an adventurer.")

    def public_text(self, action: Action) -> str:
        return "keeps an adventurer"


@dataclass(frozen=True)
class Start(Step):
    """Setup, after each player kept one adventurer: "The adventurer cards not chosen by the
    players are added back to the remaining adventurer cards and shuffled again. [...] Draw four
    cards from the adventurer deck and place them face up in a row on the table." The first
    seat goes first (R1)."""

    seat: int

    def run(self, t: Table) -> None:
        t.adventurers = t.shuffled(tuple(sorted(t.adventurers)), "the adventurer deck")
        row = []
        for _ in range(ROW):
            card = t.draw_adventurer(OPEN, EVERYONE)
            if card is not None:
                row.append(card)
        t.row = tuple(row)
        t.say(f"The row: {', '.join(t.row)}. Seat 1 goes first.")
        begin_turn(t, 0)


# ----------------------------------------------------------------------------- a turn

def begin_turn(t: Table, seat: int) -> None:
    """Turn Overview: "Each turn consists of three steps, performed in the following order":
    take, play, refill; then the end of the turn."""
    t.active, t.gained = seat, ()
    t.tasks.extend(TURN[seat])


@dataclass(frozen=True)
class Take(DinkyDecision):
    """Turn Overview, step 1: "Choose one of the four available adventurer cards and add it to
    your hand." """

    KINDS = ("take",)
    QUESTION = "take an adventurer from the row"
    always_ask = True  # the turn's own steps are always written, even when one card fits

    def options(self, where: Where) -> tuple[Action, ...]:
        return name_options("take", where.row)

    def choose(self, t: Table, action: Action) -> None:
        row = list(t.row)
        row.remove(action.arg)
        t.row = tuple(row)
        t.note(Moved(action.arg, OPEN, self.seat, EVERYONE))
        t.hands[self.seat] = tuple(sorted((*t.hands[self.seat], action.arg)))
        t.say(f"Seat {self.seat + 1} takes the {action.arg} from the row.")


@dataclass(frozen=True)
class Refill(Step):
    """Turn Overview, step 3: "Refill the adventurer row back up to four adventurers from the
    adventurer deck." """

    seat: int

    def run(self, t: Table) -> None:
        row = list(t.row)
        while len(row) < ROW:
            card = t.draw_adventurer(OPEN, EVERYONE)
            if card is None:
                break
            row.append(card)
        t.row = tuple(row)


@dataclass(frozen=True)
class EndTurn(Step):
    """Game End: "The game ends when either of the two conditions is satisfied at the end of a
    player's turn": a player at the target (A) or an empty dungeon deck (B); otherwise the next
    player clockwise takes a turn (R13)."""

    seat: int

    def run(self, t: Table) -> None:
        t.turns += 1
        if any(sum(r) >= t.game.target for r in t.rewards) or not t.dungeon:
            t.over = True
            t.say("The game is over.")
            return
        begin_turn(t, (self.seat + 1) % t.game.players)


TURN = tuple((EndTurn(seat), Refill(seat), Play(seat), Take(seat)) for seat in range(max(TARGETS)))
"""Each seat's turn, last step first, as `begin_turn` pushes it. Tasks are immutable values, so
one set per seat serves every turn; building them anew each turn cost about 2% of a game
(instructions counted under callgrind)."""

DECISIONS: tuple[type[DinkyDecision], ...] = (
    Keep, Take, Play, Copy, ChooseDiscard, Ones, DiscardAdventurer, Berserk, KeepRewards,
    NinjaDiscard, Give)
"""Every kind of decision, in the order the game's words are listed."""
KINDS = tuple(kind for decision in DECISIONS for kind in decision.KINDS)
"""The first words of the game's actions."""

DinkyState.TABLE, DinkyState.TITLE, DinkyState.KINDS = Table, INFO.title, KINDS


def _level(token: str) -> int:
    """A dungeon card in a written order: its level."""
    level = whole_number(token, least=1, most=99)
    if level is None:
        raise DungeoneerError(f"a dungeon card is written as its level, not {shown(token)!r}",
                              text=token)
    return level


def make_dinky_dungeon(options: Mapping[str, str], base_dir: str | None = None) -> DinkyDungeon:
    """The registry factory."""
    registry.check_options(INFO, options)
    return DinkyDungeon(registry.players_from(INFO, options))
