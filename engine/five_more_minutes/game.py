"""5 More Minutes: the rules (shared/rulebooks/five-more-minutes.txt) on immutable states.

The same shape as Dinky Dungeon's engine: a frozen state, a mutable `Table` for one action, and a
stack of tasks (engine.tasks). The tasks, one small class per phase, roll, card and choice, are in
`rules.py`; a task that needs a choice is a decision of the player who makes it (a forced roll is
modified by the player who rolls it; a return to stage 1 may be avoided by its victim).
Decisions in docs/rules/five-more-minutes.md (F1, F2, ...).
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from dungeoneer.engine import registry, rng
from dungeoneer.engine.errors import ChanceError, DungeoneerError, UnknownNameError
from dungeoneer.engine.five_more_minutes.history import START, Link, Thing
from dungeoneer.engine.five_more_minutes.rules import Chip, FiveDecision, Item, Turn, expert_deal
from dungeoneer.engine.protocol import (
    TERMINAL,
    Action,
    GameInfo,
    Outcome,
    Termination,
    seat_number,
)
from dungeoneer.engine.tasks import Decision, Step, TaskState, TaskTable

KINDS = ("bonus", "play", "end", "discard", "keep", "pink", "target", "from", "avoid",
         "accept", "receive", "give")
"""The first words of every action, for error messages."""

INFO = GameInfo(
    name="five-more-minutes", title="5 More Minutes", min_players=2, max_players=6,
    hidden_information=True,
    summary="Sloths dream through five sleep stages for hidden blue energy; 2-6 players.",
    options={"players": "number of players, 2 to 6 (default 2)",
             "variant": "standard (default), or any of rookie (no special cards), expert (two "
                        "dream cards each to start), nightmare (dark blue chips wake everyone), "
                        "comma-separated"})
VARIANTS = ("rookie", "expert", "nightmare")


@dataclass(frozen=True)
class CardKind:
    """One kind of card."""

    name: str
    cost: int | None
    """Yellow chips to play it; None for the '5 More Minutes' (anytime) and the specials."""
    count: int
    special: bool
    text: str


@functools.lru_cache(maxsize=1)
def card_data() -> tuple[dict[str, CardKind], tuple[Chip, ...], dict[int, dict[str, int]]]:
    """The cards by name, the blue chips as (value, dark) pairs, and the removal table."""
    text = resources.files("dungeoneer.seeds.five_more_minutes").joinpath("cards.toml").read_text()
    data = tomllib.loads(text)
    kinds = {}
    for entry in data["card"]:
        cost = entry["cost"] if isinstance(entry["cost"], int) else None
        kinds[entry["name"]] = CardKind(entry["name"], cost, entry["count"],
                                        bool(entry.get("special")), entry["text"])
    blue: list[Chip] = []
    for entry in data["blue"]:
        blue += [(entry["value"], 1)] * entry["dark"]
        blue += [(entry["value"], 0)] * (entry["count"] - entry["dark"])
    removal = {int(k): v for k, v in data["removal"].items() if k != "source"}
    return kinds, tuple(sorted(blue)), removal


class FiveMoreMinutes:
    """A configured game: players and variant."""

    info = INFO

    def __init__(self, players: int = 2, variant: str = "standard") -> None:
        if not 2 <= players <= 6:
            raise DungeoneerError(f"5 More Minutes is for 2 to 6 players, not {players}")
        chosen = {v.strip().lower() for v in variant.split(",") if v.strip()} - {"standard"}
        unknown = sorted(chosen - set(VARIANTS))
        if unknown:
            raise DungeoneerError(f"unknown variant {unknown[0]!r}; the variants are standard, "
                                  f"{', '.join(VARIANTS)}", text=variant)
        self.players = players
        self.variants = frozenset(chosen)
        self.variant = ",".join(v for v in VARIANTS if v in chosen) or "standard"
        self.kinds, self.blue_chips, removal = card_data()
        self.costs = {name: kind.cost for name, kind in self.kinds.items()}
        """Each card's cost in yellow chips (None: it can't be played in phase B)."""
        self.removed = removal[players]
        self.end_threshold = 4 if players <= 3 else 3
        """D - Check Game End: roll with 3 or more blue chips (4 or more with 2 or 3 players)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FiveMoreMinutes) and (self.players, self.variant) == (
            other.players, other.variant)

    def __hash__(self) -> int:
        return hash(("five-more-minutes", self.players, self.variant))

    def options(self) -> dict[str, str]:
        """Record header lines."""
        return {} if self.variant == "standard" else {"variant": self.variant}

    def deck_cards(self) -> tuple[str, ...]:
        """Preparation: every card less the removal table's (and the specials for rookies)."""
        cards: list[str] = []
        for kind in self.kinds.values():
            if kind.special and "rookie" in self.variants:
                continue
            cards += [kind.name] * (kind.count - self.removed.get(kind.name, 0))
        return tuple(sorted(cards))

    def new_initial_state(self, seed: int | None = None,
                          setup: Mapping[str, str] | None = None) -> FiveState:
        """Preparation: the deck shuffled, the blue chips face down and mixed, every sloth at
        stage 1; the first player begins (F1)."""
        if setup:
            raise UnknownNameError(f"5 More Minutes has no set-up key {sorted(setup)[0]!r}",
                                   text=sorted(setup)[0])
        n = self.players
        table = Table(game=self, deck=(), discard=(), hands=((),) * n, stages=(1,) * n,
                      pink=(0,) * n, yellow=(0,) * n, blue=((),) * n, supply_pink=9,
                      supply_yellow=21, blue_pile=(), lost=(False,) * n, free=0, active=0,
                      turns=0, tasks=[], stream=None if seed is None else rng.verify_seed(seed),
                      forced=(), over=False, events=START)
        table.deck = table.shuffled(self.deck_cards(), "the deck")
        table.blue_pile = table.shuffled(self.blue_chips, "the blue chips")
        if "expert" in self.variants:
            expert_deal(table)
        table.push(Turn(0))
        table.run()
        return table.freeze()


@dataclass(frozen=True)
class FiveState(TaskState):
    """A 5 More Minutes position. Immutable; `apply` returns a new one (engine.tasks). Hands,
    blue chips and used cards are held sorted (their order tells nothing)."""

    game: FiveMoreMinutes
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    stages: tuple[int, ...]
    pink: tuple[int, ...]
    yellow: tuple[int, ...]
    blue: tuple[tuple[Chip, ...], ...]
    """Each player's blue chips as (value, dark): the values are hidden from the others."""
    supply_pink: int
    supply_yellow: int
    blue_pile: tuple[Chip, ...]
    lost: tuple[bool, ...]
    free: int
    """Cards still free this turn (Dream Control)."""
    active: int
    """The seat whose turn it is."""
    turns: int
    tasks: tuple[Step | Decision, ...]
    stream: int | None
    forced: tuple[str, ...]
    over: bool
    events: Link | None = field(default=None, compare=False, hash=False, repr=False)
    """The history: every move of a card or a blue chip so far, with the seats that see which
    one it is (history.py), from which `knowledge` reads what a seat knows. How the position was
    reached, not the position: states compare without it. None when the position has no
    history (built by hand, or a sampling bot's filling: nothing is recorded on from it)."""
    legal: tuple[Action, ...] | None = field(default=None, compare=False, hash=False,
                                             repr=False)

    def current_player(self) -> int:
        """The seat that must choose now, or TERMINAL."""
        return TERMINAL if self.over else self.tasks[-1].seat

    @property
    def decision(self) -> FiveDecision:
        """The pending decision (the game is not over)."""
        task = self.tasks[-1]
        assert isinstance(task, FiveDecision)
        return task

    def scores(self) -> tuple[int, ...]:
        """Each player's blue total."""
        return tuple(sum(v for v, _ in chips) for chips in self.blue)

    def outcome(self) -> Outcome | None:
        """Score: the most blue points wins; ties go to the most pink chips, then the most yellow
        chips; a tie after that is shared (F6)."""
        if not self.over:
            return None
        keys = [(s, self.pink[i], self.yellow[i]) for i, s in enumerate(self.scores())]
        best = max(keys)
        winners = tuple(i for i, k in enumerate(keys) if k == best)
        return Outcome(Termination.FINISHED, winners, self.scores(),
                       f"a 6 was rolled at the end check; most blue points {best[0]}")

    def public_action_text(self, action: Action) -> str:
        """The action as the other players see it: the value of a blue chip given away stays
        hidden (the receiver sees it in their own view)."""
        return self.action_text(action) if self.over else self.decision.public_text(action)

    def seat_view(self, player: int) -> SeatView:
        """What `player` may know, as `view` (seats from 0 here), without the view's copies:
        for the bots, which read it at every decision."""
        return SeatView(self, player)

    def view(self, player: int) -> dict[str, Any]:
        """What `player` may know: their own hand and blue values; of the others, counts (and
        their pink and yellow chips, which lie open)."""
        data = self._public()
        data["seat"] = seat_number(player)
        data["hand"] = list(self.hands[player])
        data["blue"] = [list(c) for c in self.blue[player]]
        return data

    def to_json(self) -> dict[str, Any]:
        data = self._public()
        data["hands"] = [list(h) for h in self.hands]
        data["blue"] = [[list(c) for c in chips] for chips in self.blue]
        data["deck"] = list(self.deck)
        return data

    def _public(self) -> dict[str, Any]:
        return {"game": "five-more-minutes", "players": self.game.players,
                "active": seat_number(self.active), "turns": self.turns,
                "to_act": seat_number(self.current_player()),
                "stages": list(self.stages), "pink": list(self.pink), "yellow": list(self.yellow),
                "blue_counts": [len(b) for b in self.blue],
                "hand_counts": [len(h) for h in self.hands], "deck_count": len(self.deck),
                "discard": list(self.discard), "supply": {"pink": self.supply_pink,
                                                          "yellow": self.supply_yellow,
                                                          "blue": len(self.blue_pile)},
                "lost_turn": list(self.lost), "over": self.over,
                "decision": None if self.over else self.decision.public()}

    def prompt(self) -> str:
        """Whose decision and its name ('Seat 2: modify')."""
        return "" if self.over else self.decision.prompt()


class SeatView:
    """What one seat may know of a state (`FiveState.seat_view`), read from the state itself
    (nothing is copied, as bots read it at every decision): the open facts, the counts of what
    the others hide, and the seat's own hand and blue chips. Seats count from 0. It reads a
    working table the same way (the sampling bot's playouts run on one table)."""

    __slots__ = ("_state", "decision", "discard", "pink", "players", "seat", "stages", "yellow")

    def __init__(self, state: FiveState | Table, seat: int) -> None:
        self._state, self.seat, self.players = state, seat, state.game.players
        self.decision: FiveDecision = state.tasks[-1]  # type: ignore[assignment]
        """The pending decision: the seat's own (a bot reads the view when it is to decide)."""
        self.stages, self.pink, self.yellow = state.stages, state.pink, state.yellow
        self.discard = state.discard
        """The used cards, open to all."""

    @property
    def hand(self) -> tuple[str, ...]:
        """The seat's own cards."""
        return self._state.hands[self.seat]

    @property
    def blue(self) -> tuple[Chip, ...]:
        """The seat's own blue chips, (value, dark)."""
        return self._state.blue[self.seat]

    @property
    def blue_counts(self) -> tuple[int, ...]:
        """How many blue chips each seat has."""
        return tuple(map(len, self._state.blue))

    @property
    def hand_counts(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(map(len, self._state.hands))

    @property
    def costs(self) -> dict[str, int | None]:
        """Each card's cost in yellow chips, printed on it (None: not played in phase B)."""
        return self._state.game.costs


class Table(TaskTable):
    """A mutable working copy of a state: the same fields, the stack of tasks as a list. The
    per-seat fields stay tuples, replaced when they change (`rules.put`)."""

    LISTS = ("tasks",)

    game: FiveMoreMinutes
    deck: tuple[str, ...]
    """Top first."""
    discard: tuple[str, ...]
    """The used cards."""
    hands: tuple[tuple[str, ...], ...]
    stages: tuple[int, ...]
    pink: tuple[int, ...]
    yellow: tuple[int, ...]
    blue: tuple[tuple[Chip, ...], ...]
    supply_pink: int
    """Pink chips in the center."""
    supply_yellow: int
    blue_pile: tuple[Chip, ...]
    """The blue chips in the center, face down, the next one first."""
    lost: tuple[bool, ...]
    """Who loses their next turn (Coffee)."""
    free: int
    active: int
    turns: int
    tasks: list[Step | Decision]
    stream: int | None
    forced: tuple[str, ...]
    over: bool
    events: Link | None
    """The history (`FiveState.events`): `note` adds to it, unless it is None."""

    def note(self, kind: str, thing: Thing, source: int, to: int, seen: int) -> None:
        """Add a move to the history, if one is kept (the fields of history.Moved; a sampling
        bot's playouts keep none, and then nothing is built)."""
        if self.events is not None:
            # (built by tuple.__new__: half the time of its constructor, and a game writes
            # a hundred or more)
            self.events = tuple.__new__(Link, (kind, thing, source, to, seen, self.events))

    def run(self) -> None:
        """Run tasks until a decision with a real choice is on top, or the game is over: the
        loop of engine.tasks for typed tasks alone (every task of this game is one), without its
        checks for the older tuple tasks (a fifth of the time of a bot game)."""
        tasks = self.tasks  # (changed in place only)
        while tasks and not self.over:
            task = tasks[-1]
            if isinstance(task, Decision):
                found = task.options(self)
                if not found:
                    tasks.pop()
                elif len(found) == 1 and not task.always_ask:
                    tasks.pop()
                    task.choose(self, found[0])
                else:
                    self.found = found
                    return
            else:
                tasks.pop()
                task.run(self)

    def choose(self, action: Action) -> None:
        """Apply a choice to the decision on top."""
        self.found = None
        decision = self.tasks.pop()
        assert isinstance(decision, Decision)
        decision.choose(self, action)

    def say(self, text: str, *args: object) -> None:
        """Tell the log what happened: `text` with `args` put in its `{}` places (formatted only
        when a log is kept: bots play most games without one)."""
        if self.log is not None:
            self.log.append(text.format(*args) if args else text)

    @classmethod
    def options_of(cls, where: Any, task: Any) -> tuple[Action, ...]:
        """A decision's options, in a table or a frozen state."""
        return task.options(where)

    @classmethod
    def of(cls, state: TaskState, log: list[str] | None) -> Table:
        """A working copy of `state`: its fields copied at once, the stack as a list (a copy is
        made for every action: this is the fastest way)."""
        values = state.__dict__.copy()
        del values["legal"]
        values["tasks"], values["log"], values["found"] = list(values["tasks"]), log, None
        table = object.__new__(cls)
        table.__dict__ = values
        return table

    def freeze(self) -> FiveState:
        """The new state, its fields filled at once (as Dinky Dungeon's: the frozen dataclass's
        constructor is slow; the property tests check every state this builds): the table's
        own, which it gives up (a table is used for one action). Hands, blue chips and used
        cards are kept sorted as they change (`rules.added`)."""
        values = self.__dict__  # handed over: the table is done with once frozen
        self.__dict__ = {}
        del values["log"]
        found = values.pop("found")
        values["tasks"], values["legal"] = tuple(values["tasks"]), () if values["over"] else found
        state = object.__new__(FiveState)
        object.__setattr__(state, "__dict__", values)
        return state

    # ------------------------------------------------------------------ chance

    def shuffled(self, items: Sequence[Item], what: str) -> tuple[Item, ...]:
        """The items in a random order: a written outcome (cards by name, comma-separated;
        blue chips by value, 'd' for dark, like '2 3 2d'), or the seeded stream."""
        if self.forced:
            written, self.forced = self.forced[0], self.forced[1:]
            tokens = ([t.strip() for t in written.split(",")] if "," in written or not items
                      or isinstance(items[0], str) else written.split())
            by_text: dict[str, list[Item]] = {}
            for item in items:
                by_text.setdefault(_item_text(item).lower(), []).append(item)
            order: list[Item] = []
            for token in tokens:
                bucket = by_text.get(token.lower())
                if not bucket:
                    raise ChanceError(f"the written order for {what} must list exactly: "
                                      f"{', '.join(sorted(map(_item_text, items)))}",
                                      text=written)
                order.append(bucket.pop())
            if len(order) != len(items):
                raise ChanceError(f"the written order for {what} lists {len(order)} of its "
                                  f"{len(items)} items", text=written)
            return tuple(order)
        if self.stream is None:
            raise ChanceError(f"shuffling {what} needs a seed")
        result, self.stream = rng.shuffled(tuple(items), self.stream)
        return result

    def roll_die(self) -> int:
        """A die roll: a written outcome ('~ 4') or the seeded stream."""
        if self.forced:
            written, self.forced = self.forced[0], self.forced[1:]
            if written.strip() not in ("1", "2", "3", "4", "5", "6"):
                raise ChanceError(f"a die roll is a number from 1 to 6, not {written!r}",
                                  text=written)
            return int(written)
        if self.stream is None:
            raise ChanceError("a die roll needs a seed or a written outcome")
        value, self.stream = rng.below(6, self.stream)
        return value + 1


def _item_text(item: str | Chip) -> str:
    if isinstance(item, tuple):
        return f"{item[0]}{'d' if item[1] else ''}"
    return str(item)


FiveState.TABLE, FiveState.TITLE, FiveState.KINDS = Table, INFO.title, KINDS


def make_five_more_minutes(options: Mapping[str, str],
                           base_dir: str | None = None) -> FiveMoreMinutes:
    """The registry factory."""
    registry.check_options(INFO, options)
    return FiveMoreMinutes(registry.players_from(INFO, options),
                           options.get("variant", "standard").strip())
