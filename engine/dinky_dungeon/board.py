"""The Dinky Dungeon working copy: a state's fields made mutable for one action and the tasks
that follow it (engine.tasks), with what the rules do to the cards (draws, gains, discards, the
Scapegoat's guard), the chance they draw and the history they write."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from dungeoneer.engine import rng
from dungeoneer.engine.dinky_dungeon.effects import ChooseDiscard
from dungeoneer.engine.dinky_dungeon.history import (
    DECK,
    EVERYONE,
    OPEN,
    Card,
    Event,
    Moved,
    seat_bit,
)
from dungeoneer.engine.dinky_dungeon.state import DinkyState
from dungeoneer.engine.errors import ChanceError, DungeoneerError
from dungeoneer.engine.history import Chain
from dungeoneer.engine.tasks import Task, TaskBoard

if TYPE_CHECKING:
    from dungeoneer.engine.dinky_dungeon.game import DinkyDungeon

T = TypeVar("T")


class Board(TaskBoard):
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
              events: Chain | None = None) -> Board:
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
        object.__setattr__, a fifth of an action's time, so the fields are filled
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
