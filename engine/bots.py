"""The two shapes every game's bots take so far: uniformly random, and scoring each legal action
from the acting seat's view. A game names its bots in its `GameEntry` (`registry.make_bot`
builds one)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from dungeoneer.engine.numbers import decimal_number, whole_number
from dungeoneer.engine.protocol import Action, State
from dungeoneer.engine.rng import Stream


@dataclass(frozen=True)
class BotSetting:
    """A setting a bot takes after its name on the command line ('sampling:samples=8'), set on
    the bot as an attribute of that name once it is built (`registry.make_bot`)."""

    name: str
    least: float
    """The least value allowed."""
    whole: bool = True
    """A whole number (else any decimal number from `least`)."""
    most: float = 1_000_000
    """The greatest value allowed (a guard: past it the bot would never finish)."""

    def read(self, text: str) -> int | float | None:
        """The value `text` writes, or None if it is not one this setting allows."""
        if self.whole:
            return whole_number(text, least=int(self.least), most=int(self.most))
        value = decimal_number(text)  # (float() reads '０.５' and thousands of digits)
        return value if value is not None and self.least <= value <= self.most else None

    def allowed(self) -> str:
        """What the setting allows, in words."""
        kind = "a whole number" if self.whole else "a number"
        return f"{kind} from {_plain(self.least)} to {_plain(self.most)}"


MAX_SAMPLES = 1000
"""The most fillings a sampling bot weighs per decision: a 4-player 5 More Minutes game takes
about 0.6 s per sample here, so 1,000 is some ten minutes a game, and more never ends in
practice."""


def _plain(number: float) -> str:
    """A bound as people write it: '1,000,000', '0.5'."""
    return f"{number:,.0f}" if number == int(number) else f"{number:g}"


class RandomBot:
    """Any legal action, uniformly."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.stream = Stream(seed)

    def choose(self, state: State) -> Action:
        """The action to take."""
        return self.stream.choice(state.legal_actions())


class ScoringBot:
    """Scores every legal action from the acting seat's view and takes the best; ties go to
    the bot's seeded stream. A game's bot says how to read the view (`read`) and what an action
    is worth (`score`)."""

    name = "scoring"

    def __init__(self, seed: int = 0) -> None:
        self.stream = Stream(seed)

    def choose(self, state: State) -> Action:
        """The action to take (a lone option at once, without reading the view)."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self.pick(self.seen(state), actions)

    def pick(self, seen: Any, actions: Sequence[Action]) -> Action:
        """The best of `actions` (more than one) for what the bot has seen, ties to the stream
        (a game's fast playouts call it without a state: `choose` is this on the state's view)."""
        scores = self.scores(seen, actions)
        best = max(scores)
        if scores.count(best) == 1:
            return actions[scores.index(best)]
        return self.stream.choice([a for a, s in zip(actions, scores, strict=True) if s == best])

    def seen(self, state: State) -> Any:
        """What the bot knows of the position: `read` of the acting seat's view (a game's bot may
        read a lighter record of the same facts, built without the view's copies)."""
        return self.read(state.view(state.current_player()))

    def read(self, view: dict[str, Any]) -> Any:
        """What the bot works out from the view, once per decision (the view itself here)."""
        return view

    def scores(self, seen: Any, actions: Sequence[Action]) -> list[float]:
        """What each action is worth to the seat (a game's bot may score them all at once)."""
        return [self.score(seen, a) for a in actions]

    def score(self, seen: Any, action: Action) -> float:
        """What the action is worth to the seat."""
        raise NotImplementedError


class SamplingBot:
    """Determinized sampling: at a decision of more than one option, fill in what the
    acting seat cannot see `samples` times, consistently with everything it has seen
    (`fill_in`), play each candidate action out to the end in every filling with the game's
    fast bots (`playout`), and take the action whose playouts score best for the seat. A game's
    bot says how to fill in and how to play out; its strength and cost are `samples` and the
    candidates (`candidates`: all legal actions here).

    Every candidate meets the same fillings and the same playout seeds (common random numbers),
    so a difference in score is the action's, not the luck's. Ties go to the earliest candidate
    in legal order, so the bot's choice depends only on its seed and the position. A game whose
    playouts are noisy may put its fast bot's choice first and give it a `lead`: another
    candidate is taken only when its total beats the first one's by more than `lead` times
    `samples` (with a few samples, chance alone often puts a worse action ahead)."""

    name = "sampling"
    default_samples = 8
    lead = 0.0
    SETTINGS: ClassVar[tuple[BotSetting, ...]] = (
        BotSetting("samples", 1, most=MAX_SAMPLES), BotSetting("lead", 0, whole=False))
    """What `--bot sampling:samples=N,lead=X` may set: the fillings per decision, and how far
    another candidate must beat the first."""

    def __init__(self, seed: int = 0, samples: int | None = None) -> None:
        self.stream = Stream(seed)
        self.samples = self.default_samples if samples is None else samples

    def choose(self, state: State) -> Action:
        """The action to take (a lone option at once)."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        candidates = self.candidates(state, actions)
        if len(candidates) == 1:
            return candidates[0]
        seat = state.current_player()
        totals = [0.0] * len(candidates)
        needed = self.lead * self.samples
        rivals = list(range(1, len(candidates)))
        for done in range(1, self.samples + 1):
            # (both seeds drawn even when no playout is left to run: the stream, and so the
            # rest of the game, does not depend on the pruning)
            filling_seed, playout_seed = self.stream.u64(), self.stream.u64()
            if not rivals:
                continue
            filled = self.fill_in(state, seat, filling_seed)
            for index in (0, *rivals):
                totals[index] += self.playout(filled.apply(candidates[index]), seat,
                                              playout_seed)
            # A rival that could not beat the first by more than the lead even if it won every
            # playout left and the first none is out: the choice is the same without it.
            left = self.samples - done
            rivals = [i for i in rivals if totals[i] + left - totals[0] > needed]
        best = totals.index(max(totals))
        return candidates[best if totals[best] - totals[0] > needed else 0]

    def candidates(self, state: State, actions: Sequence[Action]) -> Sequence[Action]:
        """The actions worth sampling (a game's bot may prune); all of them here."""
        return actions

    def fill_in(self, state: State, seat: int, seed: int) -> State:
        """A full position the seat cannot tell from `state`, drawn with `seed`."""
        raise NotImplementedError

    def playout(self, state: State, seat: int, seed: int) -> float:
        """What playing on from `state` to the end is worth to the seat (1 a win, 0 a loss;
        never more than 1, which the pruning of rivals counts on)."""
        raise NotImplementedError
