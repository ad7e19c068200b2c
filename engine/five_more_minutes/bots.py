"""5 More Minutes bots. Each decides from its own seat's view (`FiveState.view`): its hand and
blue values, everyone's stages and open pink and yellow chips, the others' blue chip counts.

- `random`: a uniformly random legal action.
- `greedy`: takes the bonus it lacks, plays the card worth most now (a blue chip first; attacks
  on the player with the most blue chips), spends pink chips only to change a roll's outcome, and
  wants a 6 at the end check only when it believes it is ahead.
"""

from __future__ import annotations

from dungeoneer.engine.bots import RandomBot, ScoringBot
from dungeoneer.engine.protocol import Action
from dungeoneer.engine.registry import BotFactory

MEAN_BLUE = 2.8
"""About the mean value of a blue chip: how the bot guesses others' hidden totals."""
CARD_WORTH = {"Pleasant Sleep": 3.0, "Sleepwalker": 1.4, "Sleep Paralysis": 1.2,
              "Exploding Head": 1.0, "Snoring": 1.0, "Coffee": 0.6, "Lucid Dream": 0.8,
              "Dream Control": 0.7, "Recurring Dream": 0.6, "Hallucinations": 0.5,
              "Dream Eater": 0.6, "5 More Minutes": 1.5,
              # A special card drawn back with Recurring Dream is played at once: the Alarm Clock
              # wakes the bot too, the Sleep Master gives everyone a chip or a card.
              "Alarm Clock": 0.1, "Sleep Master": 0.4}


class GreedyBot(ScoringBot):
    """A sloth with simple, sensible habits, reading only its own view."""

    name = "greedy"

    def score(self, view: dict, action: Action) -> float:
        seat, decision = view["seat"] - 1, view["decision"]  # seats from 1 in the view
        kind, arg = action
        if kind == "bonus":
            return _bonus_worth(view, arg)
        if kind == "play":
            return _play_worth(view, arg)
        if kind == "end":
            return 0.5
        if kind == "discard":
            return -CARD_WORTH.get(arg, 0.5)
        if kind in ("keep", "pink"):
            return _roll_worth(view, decision, 0 if kind == "keep" else int(arg))
        if kind == "target":
            victim = arg - 1
            return view["blue_counts"][victim] * 2 + view["stages"][victim]
        if kind == "avoid":
            return 1.0 if view["stages"][seat] >= 3 else -1.0
        if kind == "accept":
            return 0.0
        if kind == "from":
            source = arg - 1
            return view["pink"][source] + view["yellow"][source]
        if kind == "receive":
            if arg in ("pink", "yellow", "card"):
                return {"pink": 1.0 if view["pink"][seat] < 2 else 0.2,
                        "yellow": 0.8, "card": 0.6}[arg]
            return CARD_WORTH.get(arg, 0.5)
        if kind == "give":
            if arg in ("pink", "yellow"):
                return view[arg][seat]  # give from the bigger pile
            return -int(arg)
        return 0.0


def _bonus_worth(view: dict, letter: str) -> float:
    seat = view["seat"] - 1
    stage = view["stages"][seat]
    cards, pink, yellow = len(view["hand"]), view["pink"][seat], view["yellow"][seat]
    if stage == 1:
        return (1.0 if pink < 1 else 0.3) if letter == "A" else (0.8 if yellow < 3 else 0.2)
    if stage == 2:
        return (1.0 if cards < 2 else 0.2) if letter == "A" else 0.6
    if stage == 4:
        return (1.0 if yellow < 3 else 0.3) if letter == "A" else (0.8 if cards < 2 else 0.2)
    if stage == 5:
        return (0.9 if cards < 2 else 0.3) if letter == "A" else (1.0 if pink < 2 else 0.2)
    return 0.0


def _play_worth(view: dict, card: str) -> float:
    seat = view["seat"] - 1
    others = [p for p in range(view["players"]) if p != seat]
    stages = view["stages"]
    worth = CARD_WORTH.get(card, 0.5)
    if card in ("Sleep Paralysis", "Exploding Head"):
        worth *= 1.5 if any(stages[p] >= 4 for p in others) else 0.2
    elif card == "Snoring":
        worth *= sum(stages[p] >= 3 for p in others) / max(1, len(others)) * 1.5
    elif card == "Coffee":
        worth *= sum(stages[p] == 1 for p in others)
    elif card == "Sleepwalker":
        worth *= 1.0 if any(view["blue_counts"][p] for p in others) else 0.0
    elif card == "Dream Eater":
        worth *= 1.0 if any(view["hand_counts"][p] for p in others) else 0.0
    elif card == "Recurring Dream":
        worth *= 1.5 if "Pleasant Sleep" in view["discard"] else 0.5
    return worth


def _roll_worth(view: dict, decision: dict, change: int) -> float:
    """How good the roll's result is for the roller, less a little per pink chip spent."""
    value = decision["rolled"] + change
    purpose = decision["purpose"]
    cost = 0.1 * abs(change)
    if purpose == "advance1":
        return (1.0 if value >= 5 else 0.0) - cost
    if purpose == "advance2":
        return (1.0 if value >= 2 else 0.0) - cost
    if purpose == "save":
        return (1.0 if value >= 5 else 0.0) - cost
    if purpose == "nightmare":
        return (1.0 if value >= 4 else 0.0) - cost
    if purpose == "end":
        seat = view["seat"] - 1
        mine = sum(v for v, _ in map(tuple, view["blue"]))
        ahead = all(mine > MEAN_BLUE * view["blue_counts"][p]
                    for p in range(view["players"]) if p != seat)
        ends = value == 6
        return (1.0 if ends == ahead else 0.0) - cost
    return -cost


BOTS: dict[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot}
