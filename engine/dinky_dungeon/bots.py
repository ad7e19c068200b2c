"""Dinky Dungeon bots. Each decides from its own seat's view (`DinkyState.view`) and the legal
actions, never from hidden cards: its hand and rewards, the others' counts, the face-up row and
discards.

- `random`: a uniformly random legal action.
- `greedy`: values each adventurer by what it would bring now (cards gained, or lost by the
  others), takes and plays the best, and makes every choice for the most reward; the Berserker
  stops when the chance of a Lv. 3+ monster times what it would lose outweighs the next card.
- `sampling`: at the decisions that shape a game (which adventurer to take, keep,
  play or copy, whether to reveal again, which reward the Ninja discards) it fills in what the
  seat cannot see, plays greedy's few best options out with greedy bots in every seat for a few
  turns, and takes the one whose playouts end best for it; elsewhere it chooses as greedy does.
  Only its fillings see hidden cards: what it fills them in from is its own view and what its
  seat saw happen (`DinkyState.knowledge`, knowledge.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from dungeoneer.engine import bots
from dungeoneer.engine.bots import RandomBot, ScoringBot
from dungeoneer.engine.dinky_dungeon.effects import BY_CARD, Keep
from dungeoneer.engine.dinky_dungeon.history import DECK, Card
from dungeoneer.engine.dinky_dungeon.information import Knowledge, Memory, knowledge
from dungeoneer.engine.dinky_dungeon.state import DinkyState
from dungeoneer.engine.protocol import Action, Bot, State
from dungeoneer.engine.registry import BotFactory
from dungeoneer.engine.rng import MASK64, Stream

LEVELS = {1: 20, 2: 10, 3: 4, 4: 2}
"""The dungeon deck by level (Components)."""


class GreedyBot(ScoringBot):
    """The most reward now, read from the seat's own view."""

    name = "greedy"

    def seen(self, state: State) -> Seen:
        """What the seat knows, read from the state as its view would give it (the view's
        copies and public fields would cost a quarter of a sampling bot's playouts)."""
        return Seen(seat_view(_dinky(state), state.current_player()))

    def read(self, view: dict[str, Any]) -> Seen:
        return Seen(view)

    def score(self, view: Seen, action: Action) -> float:
        kind, arg = action
        if kind in ("take", "play", "keep", "copy"):
            return view.value(arg)
        if kind == "discard":  # the Bard: discard the least valuable
            return -view.value(arg)
        if kind in ("gain", "keep-reward", "ones"):
            return float(arg)
        if kind == "give":
            return -float(arg)
        if kind == "done":
            return -0.5
        if kind == "discard-reward":
            value: int = arg
            return (value + 1) * view.mean - value
        if kind == "no-discard":
            return view.mean
        if kind == "again":
            return view.berserk_gain()
        return 0.0


class Seen:
    """A seat's view with what the greedy bot works out from it, computed once per decision."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        rewards: Sequence[int] = view["rewards"]
        discard: Sequence[int] = view["dungeon_discard"]
        # list.count per level is far cheaper than Counter arithmetic.
        one = LEVELS[1] - rewards.count(1) - discard.count(1)
        two = LEVELS[2] - rewards.count(2) - discard.count(2)
        three = LEVELS[3] - rewards.count(3) - discard.count(3)
        four = LEVELS[4] - rewards.count(4) - discard.count(4)
        self.unseen = (0, one, two, three, four)
        """Dungeon cards by level the seat has not seen: all but its rewards and the discard."""
        self.total = total = one + two + three + four
        self.mean = (one + 2 * two + 3 * three + 4 * four) / total if total else 0.0
        self.seat: int = view["seat"] - 1  # the view numbers seats from 1
        seat = self.seat
        self.others = [i for i in range(view["players"]) if i != seat]
        self.values: dict[str, float] = {}
        """`value` per adventurer, worked out once per decision."""

    def value(self, name: str) -> float:
        """What playing the adventurer would bring this seat now, in reward points (its effect's
        `worth`: a rough estimate, harm to the others counting half; nothing for a card with
        no effect known)."""
        value = self.values.get(name)
        if value is None:
            effect = BY_CARD.get(name)
            value = self.values[name] = 0.0 if effect is None else effect.worth(self)
        return value

    def berserk_gain(self) -> float:
        """What revealing once more is worth: the mean safe card, less the chance of a Lv. 3+
        times what the turn has gained so far (and a little more for the card it would not
        gain)."""
        if not self.total:
            return -1.0
        left = self.unseen
        safe = (left[1] + 2 * left[2]) / self.total
        risky = (left[3] + left[4]) / self.total
        gained: int = self.view["gained_this_turn"]
        return safe - risky * (gained + 1.5)


def seat_view(state: DinkyState, seat: int) -> dict[str, Any]:
    """The parts of `state.view(seat)` the greedy bot reads, the same values without the
    copies (tuples for lists: the bot only reads them)."""
    return {"seat": seat + 1, "players": state.game.players, "rewards": state.rewards[seat],
            "dungeon_discard": state.dungeon_discard,
            "reward_counts": [len(r) for r in state.rewards], "hand": state.hands[seat],
            "adventurer_discard": state.adventurer_discard,
            "gained_this_turn": sum(state.gained) if seat == state.active else 0}


# ----------------------------------------------------------------------------- sampling

SAMPLED = frozenset({"Take", "Play", "Keep", "Copy", "Berserk", "NinjaDiscard"})
"""The decisions the sampling bot samples (by task class). The others (which rewards to keep
against the Magician, which discard card to gain, how many Lv. 1 monsters, which adventurer the
Bard discards) have an answer greedy already finds, the most reward: sampling them too was
slower and no stronger (28.5% of 400 games against 32.5%, at 4 turns and 1 sample)."""


class SamplingBot(bots.SamplingBot):
    """Determinized sampling from the seat's view (engine.bots.SamplingBot): `samples`
    fillings of the hidden cards, greedy's `width` best options each played out for `horizon`
    turns by greedy bots in every seat, the one that ends best taken.

    The defaults are the fastest setting measured and among the strongest (benchmarks/README.md):
    more samples or longer playouts cost far more and won no more games against three
    greedy bots, since an estimate a few turns on is noisier than one at the end of the next
    player's turn."""

    name = "sampling"
    default_samples = 1
    default_width = 2
    default_horizon = 2
    SETTINGS = (*bots.SamplingBot.SETTINGS, bots.BotSetting("width", 1, most=100),
                bots.BotSetting("horizon", 1, most=1000))
    """`--bot sampling:samples=N,lead=X,width=W,horizon=H`: also the options sampled and the
    turns a playout runs."""

    def __init__(self, seed: int = 0, samples: int | None = None, width: int | None = None,
                 horizon: int | None = None) -> None:
        super().__init__(seed, samples)
        self.width = self.default_width if width is None else width
        self.horizon = self.default_horizon if horizon is None else horizon
        # Its own greedy bot, seeded apart from the sampling stream, for the pruning and the
        # decisions it does not sample.
        self.greedy = GreedyBot((seed * 8 + 1) & MASK64)
        self.memory = Memory()
        """What the seat knows, read on from one decision to the next (a cache only)."""

    def candidates(self, state: State, actions: Sequence[Action]) -> Sequence[Action]:
        """Greedy's `width` best actions, best first (ties in legal order) at a sampled
        decision; at any other, greedy's own choice alone."""
        dinky = _dinky(state)
        if type(dinky.tasks[-1]).__name__ not in SAMPLED:
            return [self.greedy.choose(state)]
        scores = self.greedy.scores(self.greedy.seen(state), actions)
        order = sorted(range(len(actions)), key=lambda i: -scores[i])
        return [actions[i] for i in order[:self.width]]

    def fill_in(self, state: State, seat: int, seed: int) -> State:
        """The state with what `seat` cannot see dealt anew (see `fill_in`)."""
        dinky = _dinky(state)
        return fill_in(dinky, seat, seed, self.memory.of(dinky, seat))

    def playout(self, state: State, seat: int, seed: int) -> float:
        """Greedy bots in every seat play `horizon` turns on (or to the end): a finished game
        is worth 1/len(winners) to a winner and 0 to the others, an unfinished one its
        estimate (`lead_value`)."""
        dinky = _dinky(state)
        players = dinky.game.players
        seats = [GreedyBot((seed * 8 + i) & MASK64) for i in range(players)]
        stop = dinky.turns + self.horizon
        while not dinky.over and dinky.turns < stop:
            dinky = dinky.apply(seats[dinky.current_player()].choose(dinky))
        return end_value(dinky, seat)


def fill_in(state: DinkyState, seat: int, seed: int,
            known: Knowledge | None = None) -> DinkyState:
    """A position `seat` cannot tell from `state`, nor from anything it saw happen: the cards it
    cannot see dealt anew at random among the places its knowledge allows them
    (`state.knowledge(seat)`, or `known` if given), uniformly over the deals that keep every
    place's count. The other seats' hands (and the two adventurers each is still to choose from
    at set-up) and the adventurer deck share the adventurers it has not seen; the other seats'
    rewards and the dungeon deck its dungeon cards; both decks come in a new order; and chance
    to come gets a stream of its own (`seed`).

    What the seat remembers stays: an adventurer another seat took from the row is in its hand
    until played or discarded; the card the seat put back at set-up is in the deck; the Lv. 1
    and 2 monsters another's Berserker revealed, the Lv. 1s a Swordsman or Shaman took and the
    cards a Summoner chose are among that seat's rewards; a reward the seat gave or took with a
    Lord is where it went; hands a Clown revealed stay as they were shown (but for what changed
    unseen since); the dungeon deck its own Swordsman searched keeps its cards; the deck made
    of the adventurer discard holds only those. Not kept: the reward values a Monk made the
    others declare (knowledge.py). A position without a history is filled in from its view and
    what a pending effect shows (`knowledge.from_view`). The filling has no history
    (`events` None), so playouts from it record none."""
    if known is None:
        known = knowledge(state, seat)
    stream = Stream(seed)
    adventurers = known.adventurers.deal(stream)
    levels = known.dungeon.deal(stream)
    hands, rewards, tasks = list(state.hands), list(state.rewards), list(state.tasks)
    dealing = {t.seat: i for i, t in enumerate(tasks) if isinstance(t, Keep) and t.seat != seat}
    for other in range(state.game.players):
        if other == seat:
            continue
        cards = _names(adventurers.get(other, ()))
        if other in dealing:  # (at set-up: the two it is still to choose from)
            tasks[dealing[other]] = Keep(other, cards)
        else:
            hands[other] = cards
        rewards[other] = _levels(levels.get(other, ()))
    return replace(state, hands=tuple(hands), rewards=tuple(rewards),
                   adventurers=stream.shuffled(_names(adventurers.get(DECK, ()))),
                   dungeon=stream.shuffled(_levels(levels.get(DECK, ()))), tasks=tuple(tasks),
                   stream=stream.u64(), forced=(), events=None, legal=state.legal)


def _names(cards: Sequence[Card]) -> tuple[str, ...]:
    """Adventurers as a hand keeps them (sorted names)."""
    return tuple(sorted(map(str, cards)))


def _levels(cards: Sequence[Card]) -> tuple[int, ...]:
    """Dungeon cards as rewards keep them (sorted levels)."""
    return tuple(sorted(map(int, cards)))


LEAD_SCALE = 3.0
"""Reward points of lead that make an unfinished game's estimate about 0.73 (a logistic)."""


def end_value(state: DinkyState, seat: int) -> float:
    """What a position is worth to the seat: a finished game 1/len(winners) for a winner and 0
    otherwise; an unfinished one `lead_value`."""
    if state.over:
        outcome = state.outcome()
        assert outcome is not None
        return 1 / len(outcome.winners) if seat in outcome.winners else 0.0
    return lead_value(state, seat)


def lead_value(state: DinkyState, seat: int) -> float:
    """An estimate of the seat's chance of winning from its lead over the best of the others:
    a logistic of the lead in reward points (0.5 at level)."""
    scores = [sum(r) for r in state.rewards]
    best_other = max(v for s, v in enumerate(scores) if s != seat)
    return 1 / (1 + math.exp(-(scores[seat] - best_other) / LEAD_SCALE))


def _dinky(state: State) -> DinkyState:
    """The state, as the Dinky Dungeon position it is (the protocol's type says less)."""
    assert isinstance(state, DinkyState)
    return state


BOTS: dict[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot,
                               "sampling": SamplingBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A Dinky Dungeon bot by name."""
    from dungeoneer.engine.registry import make_bot as make

    return make("dinky-dungeon", name, seed)
