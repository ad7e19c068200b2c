"""Bots by game: each game with bots has a module whose BOTS maps a name to a bot class (a
`choose(state)` that reads only the acting seat's view); and the two shapes every game's bots
take so far: uniformly random, and scoring each legal action from the seat's view."""

from __future__ import annotations

import importlib
from typing import Any

from dungeoneer.engine.errors import DungeoneerError, UnknownNameError
from dungeoneer.engine.protocol import Action, State
from dungeoneer.engine.rng import Stream

BOT_MODULES = {"dinky-dungeon": "dungeoneer.engine.dinky_dungeon.bots",
               "five-minute-dungeon": "dungeoneer.engine.five_minute_dungeon.bots",
               "five-more-minutes": "dungeoneer.engine.five_more_minutes.bots"}


def bot_names(game_name: str) -> tuple[str, ...]:
    """The bots a game has (none for a solitaire game)."""
    module = BOT_MODULES.get(game_name)
    return () if module is None else tuple(importlib.import_module(module).BOTS)


def make_bot(game_name: str, name: str, seed: int = 0, **settings):
    """A bot for the game, its random choices seeded; `settings` go to the bot (a team bot's
    pace)."""
    module = BOT_MODULES.get(game_name)
    if module is None:
        raise DungeoneerError(f"there are no bots for {game_name}", text=name)
    bots = importlib.import_module(module).BOTS
    if name not in bots:
        raise UnknownNameError(f"unknown bot {name!r} for {game_name}; the bots are: "
                               f"{', '.join(bots)}", text=name)
    return bots[name](seed, **settings)


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
