"""5 More Minutes: the rules (shared/rulebooks/five-more-minutes.txt) on immutable states.

The same shape as Dinky Dungeon's engine: a frozen state, a mutable `Table` for one action, and a
stack of tasks; a task that needs a choice is a decision of the player who makes it (a forced
roll is modified by the player who rolls it; a return to stage 1 may be avoided by its victim).
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
from dungeoneer.engine.errors import (
    ChanceError,
    DungeoneerError,
    UnknownNameError,
)
from dungeoneer.engine.protocol import Action, GameInfo, Outcome, Termination, seat_number
from dungeoneer.engine.tasks import TaskState, TaskTable

FIVE = "5 More Minutes"
HAND_LIMIT = 3
KINDS = ("bonus", "play", "end", "discard", "keep", "pink", "target", "from", "avoid",
         "accept", "receive", "give")

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
def card_data() -> tuple[dict[str, CardKind], tuple[tuple[int, int], ...], dict]:
    """The cards by name, the blue chips as (value, dark) pairs, and the removal table."""
    text = resources.files("dungeoneer.seeds.five_more_minutes").joinpath("cards.toml").read_text()
    data = tomllib.loads(text)
    kinds = {}
    for entry in data["card"]:
        cost = entry["cost"] if isinstance(entry["cost"], int) else None
        kinds[entry["name"]] = CardKind(entry["name"], cost, entry["count"],
                                        bool(entry.get("special")), entry["text"])
    blue = []
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
        cards = []
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
        table = Table(game=self, deck=(), discard=(), hands=[()] * n, stages=[1] * n,
                      pink=[0] * n, yellow=[0] * n, blue=[()] * n, supply_pink=9,
                      supply_yellow=21, blue_pile=(), lost=[False] * n, free=0, active=0,
                      turns=0, tasks=[], stream=None if seed is None else rng.verify_seed(seed),
                      forced=(), over=False)
        table.deck = table.shuffled(self.deck_cards(), "the deck")
        table.blue_pile = table.shuffled(self.blue_chips, "the blue chips")
        if "expert" in self.variants:
            _expert_deal(table)
        table.push(("turn", 0))
        table.run()
        return table.freeze()


@dataclass(frozen=True)
class FiveState(TaskState):
    """A 5 More Minutes position. Immutable; `apply` returns a new one (engine.tasks)."""

    game: FiveMoreMinutes
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    stages: tuple[int, ...]
    pink: tuple[int, ...]
    yellow: tuple[int, ...]
    blue: tuple[tuple[tuple[int, int], ...], ...]
    """Each player's blue chips as (value, dark): the values are hidden from the others."""
    supply_pink: int
    supply_yellow: int
    blue_pile: tuple[tuple[int, int], ...]
    lost: tuple[bool, ...]
    free: int
    active: int
    turns: int
    tasks: tuple
    stream: int | None
    forced: tuple[str, ...]
    over: bool
    legal: tuple | None = field(default=None, compare=False, hash=False, repr=False)

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
        if action.kind == "give" and action.arg not in ("pink", "yellow"):
            return "gives a blue chip"
        return self.action_text(action)

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
                "decision": None if self.over else _public_task(self.tasks[-1])}

    def prompt(self) -> str:
        return "" if self.over else f"Seat {self.tasks[-1][1] + 1}: {self.tasks[-1][0]}"


def _public_task(task) -> dict[str, Any]:
    """What everyone knows of the pending decision: its kind, whose, and for a roll its purpose
    and the die."""
    data: dict[str, Any] = {"kind": task[0], "seat": seat_number(task[1])}
    if task[0] == "modify":
        data["purpose"], data["rolled"] = task[2], task[3]
    elif task[0] == "target":
        data["purpose"] = task[2]
    return data


class Table(TaskTable):
    """A mutable working copy of a state."""

    LISTS = ("hands", "stages", "pink", "yellow", "blue", "lost", "tasks")

    def freeze(self) -> FiveState:
        """The new state, its fields filled directly (as Dinky Dungeon's: the frozen
        dataclass's constructor is slow; the property tests check every state this builds)."""
        state = object.__new__(FiveState)
        state.__dict__.update(
            game=self.game, deck=tuple(self.deck), discard=tuple(sorted(self.discard)),
            hands=tuple(tuple(sorted(h)) for h in self.hands), stages=tuple(self.stages),
            pink=tuple(self.pink), yellow=tuple(self.yellow),
            blue=tuple(tuple(sorted(b)) for b in self.blue), supply_pink=self.supply_pink,
            supply_yellow=self.supply_yellow, blue_pile=tuple(self.blue_pile),
            lost=tuple(self.lost), free=self.free, active=self.active, turns=self.turns,
            tasks=tuple(self.tasks), stream=self.stream, forced=tuple(self.forced),
            over=self.over, legal=() if self.over else self.found)
        return state

    # ------------------------------------------------------------------ chance

    def shuffled(self, items: Sequence, what: str) -> tuple:
        """The items in a random order: a written outcome (cards by name, comma-separated;
        blue chips by value, 'd' for dark, like '2 3 2d'), or the seeded stream."""
        if self.forced:
            written, self.forced = self.forced[0], self.forced[1:]
            tokens = ([t.strip() for t in written.split(",")] if "," in written or not items
                      or isinstance(items[0], str) else written.split())
            by_text: dict[str, list] = {}
            for item in items:
                by_text.setdefault(_item_text(item).lower(), []).append(item)
            order = []
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

    # ------------------------------------------------------------------ cards and chips

    def draw(self, seat: int, count: int) -> None:
        """Receive cards: an empty deck is refilled from the used cards (A, note *); a special
        card is played as soon as it is drawn."""
        for _ in range(count):
            if not self.deck and self.discard:
                self.deck = self.shuffled(tuple(sorted(self.discard)), "the used cards")
                self.discard = ()
                self.say("The deck is empty: the used cards are shuffled into a new deck.")
            if not self.deck:
                self.say("No card is left to draw.")
                return
            card, self.deck = self.deck[0], self.deck[1:]
            if self.game.kinds[card].special:
                self.say(f"Seat {seat + 1} draws the {card} and plays it at once.")
                self.push(("used", 0, card))
                SPECIALS[card](self, seat)
                continue
            self.hands[seat] = (*self.hands[seat], card)
            self.say(f"Seat {seat + 1} receives a card.")

    def receive(self, seat: int, colour: str, count: int = 1) -> None:
        """Receive pink or yellow chips; from another player of your choice if the center has
        none (A, note **)."""
        for _ in range(count):
            supply = f"supply_{colour}"
            if getattr(self, supply) > 0:
                setattr(self, supply, getattr(self, supply) - 1)
                getattr(self, colour)[seat] += 1
            else:
                self.push(("take_chip", seat, colour))

    def receive_blue(self, seat: int) -> None:
        if not self.blue_pile:
            self.say("No blue chip is left in the center (F4).")
            return
        chip, self.blue_pile = self.blue_pile[0], self.blue_pile[1:]
        self.gets_blue(seat, chip)
        self.say(f"Seat {seat + 1} receives a blue chip.")

    def gets_blue(self, seat: int, chip: tuple[int, int]) -> None:
        """A blue chip reaches a player, from the center or from another player."""
        self.blue[seat] = (*self.blue[seat], chip)
        if chip[1] and "nightmare" in self.game.variants:
            _nightmare(self, seat)

    def send_to_stage_one(self, seat: int) -> None:
        """A return to stage 1, which its victim may avoid with a '5 More Minutes'."""
        self.push(("return", seat))

def _item_text(item) -> str:
    if isinstance(item, tuple):
        return f"{item[0]}{'d' if item[1] else ''}"
    return str(item)


def _expert_deal(t: Table) -> None:
    """Expert dreamers: two dream cards to each player at preparation; a special card dealt is
    exchanged for another and the deck shuffled again (F12)."""
    for seat in range(t.game.players):
        for _ in range(2):
            while t.deck and t.game.kinds[t.deck[0]].special:
                t.deck = t.shuffled(t.deck, "the deck")
                if all(t.game.kinds[c].special for c in t.deck):
                    break
            if t.deck and not t.game.kinds[t.deck[0]].special:
                card, t.deck = t.deck[0], t.deck[1:]
                t.hands[seat] = (*t.hands[seat], card)
    t.say("Expert dreamers: each player is dealt two dream cards.")


def _nightmare(t: Table, seat: int) -> None:
    """Nightmare in the jungle: a dark value-2 chip is shown; the player's turn ends and their
    next turn begins at stage 1; the others return to stage 1 unless they roll 4 or more (F13)."""
    t.say(f"Seat {seat + 1} shows a dark blue chip: a nightmare!")
    t.stages[seat] = 1
    if seat == t.active:
        # The rest of this turn's phases are dropped ('Your turn ends').
        t.tasks = [task for task in t.tasks
                   if not (task[0] in ("play", "hand_limit", "advance", "end_check")
                           and task[1] == seat)]
    for other in reversed([p for p in range(t.game.players) if p != seat]):
        t.push(("roll_for", other, "nightmare"))


# ----------------------------------------------------------------------------- the turn

BONUSES = {
    1: (("card", "pink"), ("card", "yellow")),
    2: (("card", "card"), ("yellow",)),
    3: (("pink",),),
    4: (("yellow", "yellow"), ("card",)),
    5: (("blue", "card"), ("blue", "pink")),
}
"""A - Receive Bonus: each stage's bonus A (and B)."""


def _turn(t: Table, task) -> None:
    seat = task[1]
    t.active, t.free = seat, 0
    if t.lost[seat]:
        t.lost[seat] = False
        t.say(f"Seat {seat + 1} loses this turn (Coffee).")
        t.push(("next", seat))
        return
    t.say(f"Seat {seat + 1}'s turn, at stage {t.stages[seat]}.")
    t.push(("next", seat))
    t.push(("end_check", seat))
    t.push(("advance", seat))
    t.push(("hand_limit", seat))
    t.push(("play", seat))
    t.push(("bonus", seat))


def _give_bonus(t: Table, seat: int, parts) -> None:
    """Receive the bonus's parts in the printed order (a special card drawn is played, and a
    chip the center lacks is taken from a player, once the bonus is received)."""
    for part in parts:
        if part == "card":
            t.draw(seat, 1)
        elif part == "blue":
            t.receive_blue(seat)
        else:
            t.receive(seat, part)


def _advance(t: Table, task) -> None:
    """C - Advance Stage: stages 1 and 2 roll; 3 -> 4, 4 -> 5, 5 -> 2."""
    seat = task[1]
    stage = t.stages[seat]
    if stage in (1, 2):
        t.push(("modify", seat, f"advance{stage}", t.roll_die()))
        return
    t.stages[seat] = {3: 4, 4: 5, 5: 2}[stage]
    t.say(f"Seat {seat + 1} moves to stage {t.stages[seat]}.")


def _end_check(t: Table, task) -> None:
    """D - Check Game End: with enough blue chips, roll; a 6 ends the game."""
    seat = task[1]
    if len(t.blue[seat]) >= t.game.end_threshold:
        t.push(("modify", seat, "end", t.roll_die()))


def _next(t: Table, task) -> None:
    t.turns += 1
    t.push(("turn", (task[1] + 1) % t.game.players))


def _used(t: Table, task) -> None:
    t.discard = (*t.discard, task[2])


def _roll_for(t: Table, task) -> None:
    """A forced roll ('unless he manage to get at least a 5')."""
    _, seat, purpose = task
    t.push(("modify", seat, purpose, t.roll_die()))


def _hallu_receive(t: Table, task) -> None:
    t.gets_blue(task[1], task[2])


AUTOMATIC = {"turn": _turn, "advance": _advance, "end_check": _end_check, "next": _next,
             "used": _used, "roll_for": _roll_for, "hallu_receive": _hallu_receive}


# ----------------------------------------------------------------------------- dream cards

def pleasant_sleep(t, seat):
    """Take a blue chip from the center of the table."""
    t.receive_blue(seat)


def sleep_paralysis(t, seat):
    """Force another player to return to stage 1."""
    t.push(("target", seat, "paralysis"))


def dream_eater(t, seat):
    """Pick a card from another player's hand (blind: the hand is hidden, F7)."""
    t.push(("target", seat, "eater"))


def dream_control(t, seat):
    """You can play the next two cards of your turn for free."""
    t.free = 2


def recurring_dream(t, seat):
    """Draw a discarded card at your choice."""
    t.push(("recover", seat))


def hallucinations(t, seat):
    """Trade 1 blue chip with another player (F8)."""
    t.push(("target", seat, "hallucinations"))


def lucid_dream(t, seat):
    """Draw 3 cards, add two to your hand and discard the other one."""
    before = list(t.hands[seat])
    t.draw(seat, 3)
    drawn = list(t.hands[seat])
    for card in before:
        drawn.remove(card)
    if len(drawn) == 3:
        t.push(("lucid", seat, tuple(sorted(drawn))))


def exploding_head(t, seat):
    """Force another player to return to stage 1, unless he manage to get at least a 5."""
    t.push(("target", seat, "exploding"))


def snoring(t, seat):
    """Force the other players to return to stage 1, unless they manage to get at least a 5."""
    for other in reversed([p for p in range(t.game.players) if p != seat]):
        t.push(("roll_for", other, "save"))


def coffee(t, seat):
    """All players which are at stage 1 lose their next turn. Except the player who plays it."""
    for other in range(t.game.players):
        if other != seat and t.stages[other] == 1:
            t.lost[other] = True
            t.say(f"Seat {other + 1} will lose its next turn.")


def sleepwalker(t, seat):
    """Force another player to change a blue chip for its value in yellow ones (F9)."""
    t.push(("target", seat, "sleepwalker"))


def alarm_clock(t, seat):
    """ALL players return to stage 1."""
    for other in reversed(range(t.game.players)):
        t.send_to_stage_one(other)


def sleep_master(t, seat):
    """ALL players choose to receive a pink chip, a yellow one or a card."""
    for other in reversed(range(t.game.players)):
        t.push(("sleep_master", other))


EFFECTS = {"Pleasant Sleep": pleasant_sleep, "Sleep Paralysis": sleep_paralysis,
           "Dream Eater": dream_eater, "Dream Control": dream_control,
           "Recurring Dream": recurring_dream, "Hallucinations": hallucinations,
           "Lucid Dream": lucid_dream, "Exploding Head": exploding_head, "Snoring": snoring,
           "Coffee": coffee, "Sleepwalker": sleepwalker}
SPECIALS = {"Alarm Clock": alarm_clock, "Sleep Master": sleep_master}


# ----------------------------------------------------------------------------- decisions

def options_of(t, task) -> tuple[Action, ...]:
    kind, seat = task[0], task[1]
    players = t.game.players
    others = [p for p in range(players) if p != seat]
    if kind == "bonus":
        return tuple(Action("bonus", "AB"[i]) for i in range(len(BONUSES[t.stages[seat]])))
    if kind == "play":
        kinds = t.game.kinds
        affordable = sorted({c for c in t.hands[seat] if kinds[c].cost is not None
                             and (t.free > 0 or t.yellow[seat] >= kinds[c].cost)})
        return (*(Action("play", c) for c in affordable), Action("end"))
    if kind == "hand_limit":
        if len(t.hands[seat]) <= HAND_LIMIT:
            return ()
        return tuple(Action("discard", c) for c in sorted(set(t.hands[seat])))
    if kind == "lucid":
        return tuple(Action("discard", c) for c in sorted(set(task[2])))
    if kind == "modify":
        pinks = t.pink[seat]
        return (Action("keep"), *(Action("pink", f"+{k}") for k in range(1, pinks + 1)),
                *(Action("pink", f"-{k}") for k in range(1, pinks + 1)))
    if kind == "target":
        purpose = task[2]
        if purpose == "eater":
            others = [p for p in others if t.hands[p]]
        elif purpose == "sleepwalker":
            others = [p for p in others if t.blue[p]]
        return tuple(Action("target", p + 1) for p in others)
    if kind == "return":
        if t.stages[seat] == 1:
            return ()
        if FIVE in t.hands[seat]:
            return (Action("avoid"), Action("accept"))
        return (Action("accept"),)
    if kind == "take_chip":
        colour = task[2]
        return tuple(Action("from", p + 1) for p in others if getattr(t, colour)[p] > 0)
    if kind == "recover":
        return tuple(Action("receive", c) for c in sorted(set(t.discard))
                     if not t.game.kinds[c].special)
    if kind == "sleep_master":
        return (Action("receive", "pink"), Action("receive", "yellow"), Action("receive", "card"))
    if kind == "give_blue":
        return tuple(Action("give", f"{v}") for v in sorted({v for v, _ in t.blue[seat]}))
    if kind == "give_chip":
        return tuple(Action("give", c) for c in ("pink", "yellow") if getattr(t, c)[seat] > 0)
    if kind == "sleepwalk":
        return tuple(Action("give", f"{v}") for v in sorted({v for v, _ in t.blue[seat]}))
    raise AssertionError(kind)


def _bonus(t: Table, task, action: Action) -> None:
    seat = task[1]
    parts = BONUSES[t.stages[seat]]["AB".index(action.arg)]
    t.say(f"Seat {seat + 1} takes bonus {action.arg}.")
    _give_bonus(t, seat, parts)


def _play(t: Table, task, action: Action) -> None:
    """B - Play Dream Cards: as many as you can pay for with yellow chips."""
    seat = task[1]
    if action.kind == "end":
        return
    card = action.arg
    hand = list(t.hands[seat])
    hand.remove(card)
    t.hands[seat] = tuple(hand)
    if t.free > 0:
        t.free -= 1
    else:
        cost = t.game.kinds[card].cost
        t.yellow[seat] -= cost
        t.supply_yellow += cost
    t.say(f"Seat {seat + 1} plays {card}.")
    t.push(("play", seat))
    t.push(("used", seat, card))
    EFFECTS[card](t, seat)


def _discard_card(t: Table, task, action: Action) -> None:
    seat = task[1]
    hand = list(t.hands[seat])
    hand.remove(action.arg)
    t.hands[seat] = tuple(hand)
    t.discard = (*t.discard, action.arg)
    if task[0] == "hand_limit":
        t.push(("hand_limit", seat))


def _modify(t: Table, task, action: Action) -> None:
    """Pink chips: discard X to add or subtract X from the die, in any roll (own or forced)."""
    _, seat, purpose, rolled = task
    value = rolled
    if action.kind == "pink":
        k = int(action.arg)
        t.pink[seat] -= abs(k)
        t.supply_pink += abs(k)
        value = rolled + k
    t.say(f"Seat {seat + 1} rolls {rolled}" + (f", {value} with pink chips" if value != rolled
                                               else "") + ".")
    if purpose == "advance1":
        t.stages[seat] = 2 if value <= 4 else 4
    elif purpose == "advance2":
        t.stages[seat] = 3 if value <= 1 else 4
    elif purpose == "end":
        if value == 6:
            t.over = True
            t.say("A 6: the game ends.")
        return
    elif purpose == "save":
        if value < 5:
            t.send_to_stage_one(seat)
        return
    elif purpose == "nightmare":
        if value < 4:
            t.send_to_stage_one(seat)
        return
    if purpose.startswith("advance"):
        t.say(f"Seat {seat + 1} moves to stage {t.stages[seat]}.")


def _target(t: Table, task, action: Action) -> None:
    _, seat, purpose = task
    victim = action.arg - 1
    if purpose == "paralysis":
        t.send_to_stage_one(victim)
    elif purpose == "exploding":
        t.push(("roll_for", victim, "save"))
    elif purpose == "eater":
        hand = list(t.shuffled(t.hands[victim], "the hand"))
        card = hand.pop()
        t.hands[victim] = tuple(hand)
        t.hands[seat] = (*t.hands[seat], card)
        t.say(f"Seat {seat + 1} takes a card from seat {victim + 1}.")
    elif purpose == "hallucinations":
        # A swap: the chip taken (blind, at random) is set aside until the player has given
        # theirs, so they can't give back what they took.
        if t.blue[victim]:
            chips = list(t.shuffled(t.blue[victim], "the blue chips"))
            t.blue[victim] = tuple(chips[:-1])
            t.push(("hallu_receive", seat, chips[-1]))
        if t.blue[seat]:
            t.push(("give_blue", seat, victim))
        elif t.pink[seat] or t.yellow[seat]:
            t.push(("give_chip", seat, victim))
        t.say(f"Seat {seat + 1} trades with seat {victim + 1}.")
    elif purpose == "sleepwalker":
        t.push(("sleepwalk", victim))


def _return(t: Table, task, action: Action) -> None:
    seat = task[1]
    if action.kind == "avoid":
        hand = list(t.hands[seat])
        hand.remove(FIVE)
        t.hands[seat] = tuple(hand)
        t.discard = (*t.discard, FIVE)
        t.say(f"Seat {seat + 1} plays 5 More Minutes and stays at stage {t.stages[seat]}.")
        return
    t.stages[seat] = 1
    t.say(f"Seat {seat + 1} returns to stage 1.")


def _take_chip(t: Table, task, action: Action) -> None:
    _, seat, colour = task
    source = action.arg - 1
    getattr(t, colour)[source] -= 1
    getattr(t, colour)[seat] += 1
    t.say(f"Seat {seat + 1} takes a {colour} chip from seat {source + 1}.")


def _recover(t: Table, task, action: Action) -> None:
    seat = task[1]
    rest = list(t.discard)
    rest.remove(action.arg)
    t.discard = tuple(rest)
    t.hands[seat] = (*t.hands[seat], action.arg)


def _sleep_master(t: Table, task, action: Action) -> None:
    seat = task[1]
    if action.arg == "card":
        t.draw(seat, 1)
    else:
        t.receive(seat, action.arg)


def _give_blue(t: Table, task, action: Action) -> None:
    _, seat, victim = task
    chips = list(t.blue[seat])
    chip = next(c for c in chips if c[0] == int(action.arg))
    chips.remove(chip)
    t.blue[seat] = tuple(chips)
    t.gets_blue(victim, chip)


def _give_chip(t: Table, task, action: Action) -> None:
    _, seat, victim = task
    getattr(t, action.arg)[seat] -= 1
    getattr(t, action.arg)[victim] += 1


def _sleepwalk(t: Table, task, action: Action) -> None:
    seat = task[1]
    chips = list(t.blue[seat])
    chip = next(c for c in chips if c[0] == int(action.arg))
    chips.remove(chip)
    t.blue[seat] = tuple(chips)
    t.blue_pile = (*t.blue_pile, chip)  # back to the center, at the bottom (F9)
    paid = min(chip[0], t.supply_yellow)
    t.supply_yellow -= paid
    t.yellow[seat] += paid
    t.say(f"Seat {seat + 1} changes a blue chip for {paid} yellow.")


DECISIONS = {"bonus": _bonus, "play": _play, "hand_limit": _discard_card,
             "lucid": _discard_card, "modify": _modify, "target": _target, "return": _return,
             "take_chip": _take_chip, "recover": _recover, "sleep_master": _sleep_master,
             "give_blue": _give_blue, "give_chip": _give_chip, "sleepwalk": _sleepwalk}

FiveState.TABLE, FiveState.TITLE, FiveState.KINDS = Table, INFO.title, KINDS
Table.DECISIONS, Table.AUTOMATIC, Table.OPTIONS = DECISIONS, AUTOMATIC, options_of


def make_five_more_minutes(options: Mapping[str, str],
                           base_dir: str | None = None) -> FiveMoreMinutes:
    """The registry factory."""
    registry.check_options(INFO, options)
    return FiveMoreMinutes(registry.players_from(INFO, options),
                           options.get("variant", "standard").strip())
