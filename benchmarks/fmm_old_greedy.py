"""The 5 More Minutes greedy bot as it was before issue 17, for benchmarks/fmm_bots.py to measure
the fixed one against (a benchmark's bot, not the product's): the three worth functions that
issue 17 changed, as they were (main at 561eb3b), the rest shared with the product's bot."""

from __future__ import annotations

from collections.abc import Sequence

from dungeoneer.engine.five_more_minutes.bots import (
    CARD_WORTH,
    MEAN_BLUE,
    WANTED,
    WORTHS,
    GreedyBot,
)
from dungeoneer.engine.five_more_minutes.game import SeatView
from dungeoneer.engine.five_more_minutes.rules import Roll
from dungeoneer.engine.protocol import Action


class OldGreedyBot(GreedyBot):
    """The greedy bot before issue 17's fixes."""

    name = "old-greedy"

    def scores(self, seen: SeatView, actions: Sequence[Action]) -> list[float]:
        return OLD_WORTHS[seen.decision.NAME](seen, actions)


def _play_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """A card by what it does now; ending phase B is worth 0.5."""
    seat, stages = seen.seat, seen.stages
    others = [p for p in range(seen.players) if p != seat]
    worths = []
    for kind, card in actions:
        if kind == "end":
            worths.append(0.5)
            continue
        worth = CARD_WORTH.get(card, 0.5)
        if card in ("Sleep Paralysis", "Exploding Head"):
            worth *= 1.5 if any(stages[p] >= 4 for p in others) else 0.2
        elif card == "Snoring":
            worth *= sum(stages[p] >= 3 for p in others) / max(1, len(others)) * 1.5
        elif card == "Coffee":
            worth *= sum(stages[p] == 1 for p in others)
        elif card == "Sleepwalker":
            counts = seen.blue_counts
            worth *= 1.0 if any(counts[p] for p in others) else 0.0
        elif card == "Dream Eater":
            counts = seen.hand_counts
            worth *= 1.0 if any(counts[p] for p in others) else 0.0
        elif card == "Recurring Dream":
            worth *= 1.5 if "Pleasant Sleep" in seen.discard else 0.5
        worths.append(worth)
    return worths


def _roll_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """How good the roll's result is for the roller, less a little per pink chip spent."""
    roll = seen.decision
    assert isinstance(roll, Roll)
    purpose = roll.PURPOSE
    least = WANTED.get(purpose)
    if purpose == "end":
        seat = seen.seat
        mine = sum(v for v, _ in seen.blue)
        counts = seen.blue_counts
        ahead = all(mine > MEAN_BLUE * counts[p] for p in range(seen.players) if p != seat)
    worths = []
    for kind, change in actions:
        change = change if kind == "pink" else 0
        value = roll.rolled + change
        cost = 0.1 * abs(change)
        if least is not None:
            worths.append((1.0 if value >= least else 0.0) - cost)
        elif purpose == "end":
            worths.append((1.0 if (value == 6) == ahead else 0.0) - cost)
        else:
            worths.append(-cost)
    return worths


def _target_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """The victim with the most blue chips, then the furthest asleep."""
    counts, stages = seen.blue_counts, seen.stages
    return [counts[victim - 1] * 2 + stages[victim - 1] for _, victim in actions]


OLD_WORTHS = {**WORTHS, "play": _play_worths, "modify": _roll_worths,
              "target": _target_worths}
