"""Bots by game: each game with bots has a module whose BOTS maps a name to a bot class (a
`choose(state)` that reads only the acting seat's view)."""

from __future__ import annotations

import importlib

from engine.errors import DungeoneerError, UnknownNameError

BOT_MODULES = {"dinky-dungeon": "engine.dinky_dungeon.bots",
               "five-more-minutes": "engine.five_more_minutes.bots"}


def bot_names(game_name: str) -> tuple[str, ...]:
    """The bots a game has (none for a solitaire game)."""
    module = BOT_MODULES.get(game_name)
    return () if module is None else tuple(importlib.import_module(module).BOTS)


def make_bot(game_name: str, name: str, seed: int = 0):
    """A bot for the game, its random choices seeded."""
    module = BOT_MODULES.get(game_name)
    if module is None:
        raise DungeoneerError(f"there are no bots for {game_name}", text=name)
    bots = importlib.import_module(module).BOTS
    if name not in bots:
        raise UnknownNameError(f"unknown bot {name!r} for {game_name}; the bots are: "
                               f"{', '.join(bots)}", text=name)
    return bots[name](seed)
