"""The two shapes every game's bots take so far: uniformly random, and scoring each legal action
from the acting seat's view. A game names its bots in its `GameEntry` (`registry.make_bot`
builds one)."""

from __future__ import annotations

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
        seen = self.read(state.view(state.current_player()))
        scores = [self.score(seen, a) for a in actions]
        best = max(scores)
        ties = [a for a, s in zip(actions, scores, strict=True) if s == best]
        return ties[0] if len(ties) == 1 else self.stream.choice(ties)

    def read(self, view: dict) -> Any:
        """What the bot works out from the view, once per decision (the view itself here)."""
        return view

    def score(self, seen: Any, action: Action) -> float:
        """What the action is worth to the seat."""
        raise NotImplementedError
