"""The two shapes every game's bots take so far: uniformly random, and scoring each legal action
from the acting seat's view. A game names its bots in its `GameEntry` (`registry.make_bot`
builds one)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dungeoneer.engine.protocol import Action, State
from dungeoneer.engine.rng import Stream


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
        scores = self.scores(self.seen(state), actions)
        best = max(scores)
        if scores.count(best) == 1:
            return actions[scores.index(best)]
        return self.stream.choice([a for a, s in zip(actions, scores, strict=True) if s == best])

    def seen(self, state: State) -> Any:
        """What the bot knows of the position: `read` of the acting seat's view (a game's bot may
        read a lighter record of the same facts, built without the view's copies)."""
        return self.read(state.view(state.current_player()))

    def read(self, view: dict) -> Any:
        """What the bot works out from the view, once per decision (the view itself here)."""
        return view

    def scores(self, seen: Any, actions: Sequence[Action]) -> list[float]:
        """What each action is worth to the seat (a game's bot may score them all at once)."""
        return [self.score(seen, a) for a in actions]

    def score(self, seen: Any, action: Action) -> float:
        """What the action is worth to the seat."""
        raise NotImplementedError
