"""Dinky Dungeon: the rules (shared/rulebooks/dinky-dungeon.txt) on immutable states.

A state is frozen; `apply` copies it into a `Table`, runs the action and the tasks it leads to
until someone must choose again (or the game ends), and freezes the table into a new state. Every
choice is an action of the player who makes it, including choices made on another player's turn
(what to keep against the Magician). Decisions in docs/rules/dinky-dungeon.md (R1, R2, ...).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dungeoneer.engine import registry, rng
from dungeoneer.engine.dinky_dungeon import effects
from dungeoneer.engine.dinky_dungeon.cards import DinkyCards, load_cards
from dungeoneer.engine.errors import (
    ChanceError,
    DungeoneerError,
    UnknownNameError,
)
from dungeoneer.engine.numbers import shown, whole_number
from dungeoneer.engine.protocol import Action, GameInfo, Outcome, Termination, seat_number
from dungeoneer.engine.tasks import TaskState, TaskTable

TARGETS = {2: 20, 3: 18, 4: 16}
"""Game End A: the reward value that ends the game, by number of players."""
ROW = 4
KINDS = ("keep", "take", "play", "copy", "gain", "ones", "discard", "again", "stop",
         "keep-reward", "done", "discard-reward", "no-discard", "give")

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
        table = Table.blank(self, stream)
        table.dungeon = table.ordered(self.cards.dungeon, setup.get("dungeon"), "the dungeon deck",
                                      _level)
        deck = table.ordered(self.cards.adventurer_deck(), setup.get("adventurers"),
                             "the adventurer deck", self._name)
        dealt = [deck[2 * p: 2 * p + 2] for p in range(self.players)]
        table.adventurers = tuple(deck[2 * self.players:])
        table.say("The dungeon deck and the adventurer deck are shuffled; each player is dealt "
                  "two adventurers.")
        table.push(("start",))
        for seat in reversed(range(self.players)):
            table.push(("keep", seat, tuple(sorted(dealt[seat]))))
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
    tasks: tuple
    stream: int | None
    forced: tuple[str, ...]
    declared: tuple[tuple[int, int], ...]
    """Reward values declared aloud (the Monk): public from then on."""
    over: bool
    legal: tuple | None = field(default=None, compare=False, hash=False, repr=False)
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
        """The action as the other players see it: which adventurer was kept at set up, which
        rewards a Magician's target keeps and which reward the Lord gives stay hidden."""
        hidden = {"keep": "keeps an adventurer", "keep-reward": "keeps a reward",
                  "give": "gives a reward"}
        if action.kind in hidden:
            return hidden[action.kind]
        return self.action_text(action)

    def scores(self) -> tuple[int, ...]:
        """Each seat's total reward value."""
        return tuple(sum(r) for r in self.rewards)

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
        return prompt(self.tasks[-1]) if not self.over else ""


# ----------------------------------------------------------------------------- the table

class Table(TaskTable):
    """A mutable working copy of a state, for one action and the tasks that follow it."""

    LISTS = ("hands", "rewards", "tasks")

    @classmethod
    def blank(cls, game: DinkyDungeon, stream: int | None) -> Table:
        n = game.players
        return cls(game=game, dungeon=(), dungeon_discard=(), adventurers=(),
                   adventurer_discard=(), row=(), hands=[() for _ in range(n)],
                   rewards=[() for _ in range(n)], gained=(), active=0, turns=0, tasks=[],
                   stream=stream, forced=(), declared=(), over=False)

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
            declared=tuple(self.declared), over=self.over,
            legal=() if self.over else self.found)
        return state

    def effect_of(self, name: str) -> str:
        return self.game.cards.named(name).effect

    # ------------------------------------------------------------------ chance

    def ordered(self, items: Sequence, written: str | None, what: str, parse) -> tuple:
        """Items in the order written (a record's set-up line) or shuffled by the stream."""
        if written is not None:
            order = tuple(parse(token) for token in written.split())
            if sorted(map(str, order)) != sorted(map(str, items)):
                raise DungeoneerError(f"{what} must list exactly its {len(items)} cards",
                                      text=written)
            return order
        return self.shuffled(items, what)

    def shuffled(self, items: Sequence, what: str) -> tuple:
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

    def draw_adventurer(self) -> str | None:
        """The top adventurer; when the deck runs out, the discard becomes the deck (R5)."""
        if not self.adventurers:
            return None
        card, self.adventurers = self.adventurers[0], self.adventurers[1:]
        if not self.adventurers and self.adventurer_discard:
            self.adventurers = self.shuffled(tuple(sorted(self.adventurer_discard)),
                                             "the adventurer discard")
            self.adventurer_discard = ()
            self.say("The adventurer deck is empty: the discard is shuffled into a new deck.")
        return card

    def draw_dungeon(self, seat: int, count: int) -> None:
        """Draw and gain `count` dungeon cards; missing cards are chosen from the discard."""
        taken, self.dungeon = self.dungeon[:count], self.dungeon[count:]
        self.gain(seat, taken)
        missing = min(count - len(taken), len(self.dungeon_discard))
        if missing:
            self.say(f"The dungeon deck is short by {missing}: the rest is chosen from the "
                     "dungeon discard.")
            self.push(("choose_discard", seat, missing, 0))

    def gain(self, seat: int, values: Sequence[int]) -> None:
        if not values:
            return
        self.rewards[seat] = tuple(sorted((*self.rewards[seat], *values)))
        if seat == self.active:
            self.gained = (*self.gained, *values)
        self.say(f"Seat {seat + 1} gains {len(values)} reward card(s).")

    def discard_rewards(self, seat: int, values: Sequence[int]) -> None:
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
                self.adventurer_discard = tuple(sorted((*self.adventurer_discard,
                                                        "Scapegoat")))
                card = self.draw_adventurer()
                if card is not None:
                    hand.append(card)
                self.hands[other] = tuple(sorted(hand))
                self.say(f"Seat {other + 1} discards the Scapegoat and draws an adventurer "
                         "instead.")
                continue
            reached.append(other)
        return reached

    def perform(self, seat: int, name: str, copied: bool) -> None:
        """Perform an adventurer's effect."""
        self.say(f"Seat {seat + 1} performs the {name}.")
        effects.EFFECTS[self.effect_of(name)](self, seat, copied)

# ----------------------------------------------------------------------------- automatic tasks

def _start(t: Table, task) -> None:
    """Setup, after each player kept one adventurer: the rest is shuffled into the adventurer
    deck, four are laid out in a row, and the first player begins (R1)."""
    t.adventurers = t.shuffled(tuple(sorted(t.adventurers)), "the adventurer deck")
    row = []
    for _ in range(ROW):
        card = t.draw_adventurer()
        if card is not None:
            row.append(card)
    t.row = tuple(row)
    t.say(f"The row: {', '.join(t.row)}. Seat 1 goes first.")
    _begin_turn(t, 0)


def _begin_turn(t: Table, seat: int) -> None:
    t.active, t.gained = seat, ()
    t.push(("end_turn", seat))
    t.push(("refill",))
    t.push(("play", seat, "turn"))
    t.push(("take", seat))


def _perform(t: Table, task) -> None:
    _, seat, name, copied = task
    t.perform(seat, name, copied)


def _discard_played(t: Table, task) -> None:
    t.adventurer_discard = tuple(sorted((*t.adventurer_discard, task[1])))


def _refill(t: Table, task) -> None:
    """Refill the adventurer row back up to four from the adventurer deck."""
    row = list(t.row)
    while len(row) < ROW:
        card = t.draw_adventurer()
        if card is None:
            break
        row.append(card)
    t.row = tuple(row)


def _end_turn(t: Table, task) -> None:
    """Game End: at the end of a turn, a player at the target or an empty dungeon deck ends the
    game; otherwise the next player clockwise takes a turn."""
    seat = task[1]
    t.turns += 1
    if any(sum(r) >= t.game.target for r in t.rewards) or not t.dungeon:
        t.over = True
        t.say("The game is over.")
        return
    _begin_turn(t, (seat + 1) % t.game.players)


def _shuffle_dungeon(t: Table, task) -> None:
    t.dungeon = t.shuffled(t.dungeon, "the dungeon deck")
    t.say("The dungeon deck is shuffled.")


def _berserk_reveal(t: Table, task) -> None:
    seat = task[1]
    if not t.dungeon:
        t.say("The dungeon deck is empty: nothing to reveal (R6).")
        return
    value, t.dungeon = t.dungeon[0], t.dungeon[1:]
    t.say(f"Seat {seat + 1} reveals a Lv. {value} monster.")
    if value >= 3:
        # Rewards gained this turn and still held (a Lord may have given one away).
        lost = tuple((Counter(t.gained) & Counter(t.rewards[seat])).elements())
        t.dungeon_discard = tuple(sorted((*t.dungeon_discard, value)))
        t.discard_rewards(seat, lost)
        t.gained = ()
        t.say(f"Lv. 3 or higher: every reward gained this turn ({len(lost)}) is discarded.")
        return
    t.gain(seat, (value,))
    t.push(("berserk", seat))


def _lord_take(t: Table, task) -> None:
    _, seat, target = task
    taken = t.random_rewards(target, 1)
    if taken:
        rest = list(t.rewards[target])
        rest.remove(taken[0])
        t.rewards[target] = tuple(rest)
        t.gain(seat, taken)


AUTOMATIC = {"start": _start, "perform": _perform, "discard_played": _discard_played,
             "refill": _refill, "end_turn": _end_turn, "shuffle_dungeon": _shuffle_dungeon,
             "berserk_reveal": _berserk_reveal, "lord_take": _lord_take}


# ----------------------------------------------------------------------------- decisions

def options_of(t, task) -> tuple[Action, ...]:
    kind, seat = task[0], task[1]
    if kind == "keep":
        return tuple(Action("keep", n) for n in sorted(set(task[2])))
    if kind == "take":
        return tuple(Action("take", n) for n in sorted(set(t.row)))
    if kind == "play":
        return tuple(Action("play", n) for n in sorted(set(t.hands[seat])))
    if kind == "copy":
        return tuple(Action("copy", n) for n in task[3])
    if kind == "choose_discard":
        if task[2] <= task[3]:
            return ()
        return tuple(Action("gain", v) for v in sorted(set(t.dungeon_discard)))
    if kind == "ones":
        return tuple(Action("ones", n) for n in range(task[3] + 1))
    if kind == "discard_adventurer":
        if task[2] <= 0:
            return ()
        return tuple(Action("discard", n) for n in sorted(set(t.hands[seat])))
    if kind == "berserk":
        return (Action("again"), Action("stop")) if t.dungeon else ()
    if kind == "keep_rewards":
        if len(t.rewards[seat]) <= task[2] - len(task[3]) or len(task[3]) >= task[2]:
            return ()
        mine = Counter(t.rewards[seat]) - Counter(task[3])
        return (*(Action("keep-reward", v) for v in sorted(mine)), Action("done"))
    if kind == "ninja":
        return (*(Action("discard-reward", v) for v in sorted(set(t.rewards[seat]))),
                Action("no-discard"))
    if kind == "give":
        return tuple(Action("give", v) for v in sorted(set(t.rewards[seat])))
    raise AssertionError(kind)


def _keep(t: Table, task, action: Action) -> None:
    """Setup: each player chooses one of the two adventurers to keep; the other goes back."""
    seat, dealt = task[1], list(task[2])
    dealt.remove(action.arg)
    t.hands[seat] = (action.arg,)
    t.adventurers = (*t.adventurers, *dealt)
    t.say(f"Seat {seat + 1} keeps an adventurer.")


def _take(t: Table, task, action: Action) -> None:
    """Step 1: choose one of the four available adventurers and add it to your hand."""
    seat, row = task[1], list(t.row)
    row.remove(action.arg)
    t.row = tuple(row)
    t.hands[seat] = tuple(sorted((*t.hands[seat], action.arg)))
    t.say(f"Seat {seat + 1} takes the {action.arg} from the row.")


def _play(t: Table, task, action: Action) -> None:
    """Step 2 (and the Bard's last step): reveal an adventurer from your hand and perform its
    effect; it goes to the adventurer discard after the effect."""
    seat, hand = task[1], list(t.hands[task[1]])
    hand.remove(action.arg)
    t.hands[seat] = tuple(hand)
    t.say(f"Seat {seat + 1} plays the {action.arg}.")
    t.push(("discard_played", action.arg))
    t.push(("perform", seat, action.arg, False))


def _copy(t: Table, task, action: Action) -> None:
    t.push(("perform", task[1], action.arg, True))


def _choose_discard(t: Table, task, action: Action) -> None:
    _, seat, count, done = task
    rest = list(t.dungeon_discard)
    rest.remove(action.arg)
    t.dungeon_discard = tuple(rest)
    t.gain(seat, (action.arg,))
    t.push(("choose_discard", seat, count, done + 1))


def _ones(t: Table, task, action: Action) -> None:
    _, seat, where, _limit = task
    count = action.arg
    if where == "discard":
        rest = list(t.dungeon_discard)
        for _ in range(count):
            rest.remove(1)
        t.dungeon_discard = tuple(rest)
    else:
        rest = list(t.dungeon)
        for _ in range(count):
            rest.remove(1)
        t.dungeon = tuple(rest)
    t.gain(seat, (1,) * count)


def _discard_adventurer(t: Table, task, action: Action) -> None:
    _, seat, count = task
    hand = list(t.hands[seat])
    hand.remove(action.arg)
    t.hands[seat] = tuple(hand)
    t.adventurer_discard = tuple(sorted((*t.adventurer_discard, action.arg)))
    t.say(f"Seat {seat + 1} discards the {action.arg}.")
    t.push(("discard_adventurer", seat, count - 1))


def _berserk(t: Table, task, action: Action) -> None:
    if action.kind == "again":
        t.push(("berserk_reveal", task[1]))


def _keep_rewards(t: Table, task, action: Action) -> None:
    """The Magician's target keeps up to 3 rewards, one pick at a time; 'done' discards the
    rest."""
    _, seat, most, kept = task
    if action.kind == "keep-reward":
        kept = (*kept, action.arg)
        if len(kept) < most and len(t.rewards[seat]) > len(kept):
            t.push(("keep_rewards", seat, most, kept))
            return
    lost = list((Counter(t.rewards[seat]) - Counter(kept)).elements())
    t.discard_rewards(seat, lost)
    t.say(f"Seat {seat + 1} keeps {len(kept)} rewards and discards {len(lost)}.")


def _ninja(t: Table, task, action: Action) -> None:
    seat = task[1]
    if action.kind == "no-discard":
        t.draw_dungeon(seat, 1)
        return
    t.discard_rewards(seat, (action.arg,))
    t.say(f"Seat {seat + 1} discards a Lv. {action.arg} reward.")
    t.draw_dungeon(seat, action.arg + 1)


def _give(t: Table, task, action: Action) -> None:
    _, seat, target = task
    rest = list(t.rewards[seat])
    rest.remove(action.arg)
    t.rewards[seat] = tuple(rest)
    t.rewards[target] = tuple(sorted((*t.rewards[target], action.arg)))
    t.say(f"Seat {seat + 1} gives a reward to seat {target + 1}.")


DECISIONS = {"keep": _keep, "take": _take, "play": _play, "copy": _copy,
             "choose_discard": _choose_discard, "ones": _ones,
             "discard_adventurer": _discard_adventurer, "berserk": _berserk,
             "keep_rewards": _keep_rewards, "ninja": _ninja, "give": _give}
ALWAYS_ASK = ("take", "play", "keep")
"""The turn's own steps are always written as actions, even when only one card fits."""

DinkyState.TABLE, DinkyState.TITLE, DinkyState.KINDS = Table, INFO.title, KINDS
Table.DECISIONS, Table.AUTOMATIC, Table.ALWAYS_ASK = DECISIONS, AUTOMATIC, ALWAYS_ASK
Table.OPTIONS = options_of


def prompt(task) -> str:
    """The question a decision asks, in words."""
    texts = {"keep": "keep one of your two adventurers", "take": "take an adventurer from the row",
             "play": "play an adventurer from your hand", "copy": f"choose an effect for the "
             f"{task[2] if len(task) > 2 else ''}", "choose_discard": "gain a card from the "
             "dungeon discard", "ones": "how many Lv. 1 monsters to gain",
             "discard_adventurer": "discard an adventurer", "berserk": "reveal again or stop",
             "keep_rewards": "keep a reward (or done)", "ninja": "discard a reward, or not",
             "give": "give a reward"}
    return f"Seat {task[1] + 1}: {texts[task[0]]}"


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
