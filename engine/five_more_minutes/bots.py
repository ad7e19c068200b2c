"""5 More Minutes bots. Each decides from its own seat's view (`FiveState.seat_view`, the facts of
`FiveState.view`): its hand and blue values, everyone's stages and open pink and yellow chips,
the others' blue chip and card counts, the used cards.

- `random`: a uniformly random legal action (engine.bots).
- `greedy`: takes the bonus it lacks, plays the card worth most now (a blue chip first; attacks
  on the player with the most blue chips), spends pink chips only to change a roll's outcome, and
  wants a 6 at the end check only when it believes it is ahead. It does not play a card that can
  do it no good (Dream Control without two dearer cards to play free, Hallucinations when nobody
  else has a blue chip) nor aim a return to stage 1 at a player there already (issue 17).
- `sampling` (`sampling.py`): fills in what its seat cannot see several times, plays each
  candidate out with greedy bots, and takes the one that wins most (issue 17).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dungeoneer.engine.bots import ScoringBot
from dungeoneer.engine.five_more_minutes.game import FiveState, SeatView
from dungeoneer.engine.five_more_minutes.rules import Roll
from dungeoneer.engine.protocol import Action, State

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
    """A sloth with simple, sensible habits, reading only its own seat's view (`seat_view`: the
    facts of `FiveState.view`, without building the dictionary at every decision). It scores all
    the options of a decision at once, by the kind of decision."""

    name = "greedy"

    def seen(self, state: State) -> SeatView:
        assert isinstance(state, FiveState)
        return state.seat_view(state.current_player())

    def scores(self, seen: SeatView, actions: Sequence[Action]) -> list[float]:
        return WORTHS[seen.decision.NAME](seen, actions)

    def score(self, seen: SeatView, action: Action) -> float:
        return self.scores(seen, (action,))[0]


def _bonus_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    seat = seen.seat
    stage = seen.stages[seat]
    cards, pink, yellow = len(seen.hand), seen.pink[seat], seen.yellow[seat]
    if stage == 1:
        a, b = (1.0 if pink < 1 else 0.3), (0.8 if yellow < 3 else 0.2)
    elif stage == 2:
        a, b = (1.0 if cards < 2 else 0.2), 0.6
    elif stage == 4:
        a, b = (1.0 if yellow < 3 else 0.3), (0.8 if cards < 2 else 0.2)
    elif stage == 5:
        a, b = (0.9 if cards < 2 else 0.3), (1.0 if pink < 2 else 0.2)
    else:
        a = b = 0.0
    return [a if action.arg == "A" else b for action in actions]


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
        elif card == "Hallucinations":
            # With nobody else holding a blue chip the trade takes nothing and gives a chip away.
            counts = seen.blue_counts
            worth *= 1.0 if any(counts[p] for p in others) else 0.0
        elif card == "Dream Control":
            worth *= 1.0 if _saved_by_dream_control(seen) >= DREAM_CONTROL_COST else 0.0
        elif card == "Recurring Dream":
            worth *= 1.5 if "Pleasant Sleep" in seen.discard else 0.5
        worths.append(worth)
    return worths


DREAM_CONTROL_COST = 3
"""Dream Control's own cost in yellow chips: the two cards it makes free must save at least this
much for it to be worth playing."""


def _saved_by_dream_control(seen: SeatView) -> int:
    """The yellow chips Dream Control would save: the costs of the two dearest other cards in hand
    that can be played in phase B (none: it would make nothing free)."""
    costs = seen.costs
    rest = list(seen.hand)
    rest.remove("Dream Control")
    paid = sorted((cost for card in rest if (cost := costs[card]) is not None), reverse=True)
    return sum(paid[:2])


def _discard_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """The card worth least goes."""
    return [-CARD_WORTH.get(card, 0.5) for _, card in actions]


WANTED = {"advance1": 5, "advance2": 2, "save": 5, "nightmare": 4}
"""The least result a roll wants (stage 4 from stage 1 or 2; staying asleep)."""


def _roll_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """How good the roll's result is for the roller, less a little per pink chip spent."""
    roll = seen.decision
    assert isinstance(roll, Roll)
    purpose = roll.PURPOSE
    least = WANTED.get(purpose)
    if purpose in ("save", "nightmare") and seen.stages[seen.seat] == 1:
        least = None  # at stage 1 already: no result changes anything (F14 skips such rolls)
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


RETURNS = ("paralysis", "exploding")
"""The targeted cards that send their victim to stage 1."""


def _target_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """The victim with the most blue chips, then the furthest asleep; but never one the card can't
    harm while another is there: a return to stage 1 aimed at a player already at stage 1, or a
    Hallucinations trade with a player who has no blue chip to take."""
    counts, stages = seen.blue_counts, seen.stages
    purpose = seen.decision.PURPOSE  # type: ignore[attr-defined]  # (a Target's)
    worths = []
    for _, victim in actions:
        p = victim - 1
        harmless = ((purpose in RETURNS and stages[p] == 1)
                    or (purpose == "hallucinations" and not counts[p]))
        worths.append(-1.0 if harmless else counts[p] * 2 + stages[p])
    return worths


def _return_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """A '5 More Minutes' is spent only to stay deep asleep (stage 3 or later)."""
    avoid = 1.0 if seen.stages[seen.seat] >= 3 else -1.0
    return [avoid if kind == "avoid" else 0.0 for kind, _ in actions]


def _source_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """Take from the player with the most chips."""
    return [seen.pink[source - 1] + seen.yellow[source - 1] for _, source in actions]


def _receive_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """Sleep Master: a pink chip while few are held, else a yellow one; Recurring Dream: the card
    worth most."""
    pink = 1.0 if seen.pink[seen.seat] < 2 else 0.2
    chosen = {"pink": pink, "yellow": 0.8, "card": 0.6}
    return [chosen[arg] if arg in chosen else CARD_WORTH.get(arg, 0.5) for _, arg in actions]


def _give_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """A chip from the bigger pile; a blue chip of the least value."""
    seat = seen.seat
    return [seen.pink[seat] if arg == "pink" else seen.yellow[seat] if arg == "yellow" else -arg
            for _, arg in actions]


WORTHS: dict[str, Callable[[SeatView, Sequence[Action]], list[float]]] = {
    "bonus": _bonus_worths, "play": _play_worths, "hand_limit": _discard_worths,
    "lucid": _discard_worths, "modify": _roll_worths, "target": _target_worths,
    "return": _return_worths, "take_chip": _source_worths, "recover": _receive_worths,
    "sleep_master": _receive_worths, "give_blue": _give_worths, "give_chip": _give_worths,
    "sleepwalk": _give_worths}
"""The greedy bot's worths of a decision's options, by the decision (`FiveDecision.NAME`)."""

