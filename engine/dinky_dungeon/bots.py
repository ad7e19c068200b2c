"""Dinky Dungeon bots. Each decides from its own seat's view (`DinkyState.view`) and the legal
actions, never from hidden cards: its hand and rewards, the others' counts, the face-up row and
discards.

- `random`: a uniformly random legal action.
- `greedy`: values each adventurer by what it would bring now (cards gained, or lost by the
  others), takes and plays the best, and makes every choice for the most reward; the Berserker
  stops when the chance of a Lv. 3+ monster times what it would lose outweighs the next card.
"""

from __future__ import annotations

from typing import Any

from dungeoneer.engine.bots import RandomBot, ScoringBot
from dungeoneer.engine.protocol import Action, Bot
from dungeoneer.engine.registry import BotFactory

LEVELS = {1: 20, 2: 10, 3: 4, 4: 2}
"""The dungeon deck by level (Components)."""


class GreedyBot(ScoringBot):
    """The most reward now, read from the seat's own view."""

    name = "greedy"

    def read(self, view: dict[str, Any]) -> Seen:
        return Seen(view)

    def score(self, view: Seen, action: Action) -> float:
        kind, arg = action
        if kind in ("take", "play", "keep", "copy"):
            return card_value(view, arg)
        if kind == "discard":  # the Bard: discard the least valuable
            return -card_value(view, arg)
        if kind in ("gain", "keep-reward", "ones"):
            return arg
        if kind == "give":
            return -arg
        if kind == "done":
            return -0.5
        if kind == "discard-reward":
            return (arg + 1) * view.mean - arg
        if kind == "no-discard":
            return view.mean
        if kind == "again":
            return view.berserk_gain()
        return 0.0


class Seen:
    """A seat's view with what the greedy bot works out from it, computed once per decision."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        rewards, discard = view["rewards"], view["dungeon_discard"]
        # list.count per level is far cheaper than Counter arithmetic (profiled).
        one = LEVELS[1] - rewards.count(1) - discard.count(1)
        two = LEVELS[2] - rewards.count(2) - discard.count(2)
        three = LEVELS[3] - rewards.count(3) - discard.count(3)
        four = LEVELS[4] - rewards.count(4) - discard.count(4)
        self.unseen = (0, one, two, three, four)
        """Dungeon cards by level the seat has not seen: all but its rewards and the discard."""
        self.total = total = one + two + three + four
        self.mean = (one + 2 * two + 3 * three + 4 * four) / total if total else 0.0
        self.seat = seat = view["seat"] - 1  # the view numbers seats from 1
        self.others = [i for i in range(view["players"]) if i != seat]
        self.values: dict[str, float] = {}
        """card_value, per adventurer, worked out once per decision."""

    def berserk_gain(self) -> float:
        """What revealing once more is worth: the mean safe card, less the chance of a Lv. 3+
        times what the turn has gained so far (and a little more for the card it would not
        gain)."""
        if not self.total:
            return -1.0
        left = self.unseen
        safe = (left[1] + 2 * left[2]) / self.total
        risky = (left[3] + left[4]) / self.total
        return safe - risky * (self.view["gained_this_turn"] + 1.5)


def card_value(seen: Seen, name: str) -> float:
    """What playing the adventurer would bring this seat now, in reward points (a rough
    estimate; harm to the others counts half)."""
    value = seen.values.get(name)
    if value is None:
        value = seen.values[name] = _card_value(seen, name)
    return value


def _card_value(seen: Seen, name: str) -> float:
    view, mean, others = seen.view, seen.mean, seen.others
    counts = view["reward_counts"]
    if name == "Scapegoat":
        return 2 * mean + 1.0  # and it guards the hand while kept
    if name == "Fighter":
        behind = any(counts[i] > counts[seen.seat] for i in others)
        return 3 * mean if behind else 0.0
    if name == "Ninja":
        best = max(view["rewards"], default=0)
        return max(mean, (best + 1) * mean - best)
    if name == "Swordsman":
        return min(4, seen.unseen[1])
    if name == "Shaman":
        return min(8, view["dungeon_discard"].count(1))
    if name == "Summoner":
        return sum(sorted(view["dungeon_discard"], reverse=True)[:3])
    if name in ("Berserker", "Bard"):
        return 2 * mean
    if name in ("Assassin", "Magician"):
        lost = sum(min(3, counts[i]) if name == "Assassin" else max(0, counts[i] - 3)
                   for i in others)
        return 0.5 * lost * mean
    if name == "Monk":
        return 0.5 * len(others) * mean
    if name == "Lord":
        return 0.2
    if name in ("Necromancer", "Clown"):
        pool = view["adventurer_discard"] if name == "Necromancer" else view["hand"]
        return max((card_value(seen, n) for n in set(pool) if n not in ("Necromancer", "Clown")),
                   default=0.0)
    return 0.0


BOTS: dict[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A Dinky Dungeon bot by name."""
    from dungeoneer.engine.registry import make_bot as make

    return make("dinky-dungeon", name, seed)
