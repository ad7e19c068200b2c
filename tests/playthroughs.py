"""Golden playthroughs: one seeded game of every game and variant, written out whole, position by
position, through the game protocol only (as OpenSpiel's playthrough files): whose turn, the
legal actions, the prompt, every seat's view, the whole position and the action taken, then the
outcome. Another implementation of a game can replay the same choices and compare, and a change
to a game's rules or records shows as a changed line here.

The choices: at each position, the legal action at `Stream(seed).below(n)` of the n there are
(engine.rng: the same on every machine); in a real-time game, letting the time run out only when
nothing else is legal, every action at the timer's reading.

`python tests/playthroughs.py` writes the golden files with the installed package;
`tests/test_playthroughs.py` plays each again and compares. Rewrite them only when a rule is
changed on purpose, and say which in the commit.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent / "golden" / "playthroughs"

PLAYTHROUGHS: dict[str, tuple[str, Mapping[str, str], int]] = {
    "puzzle-dungeon": ("puzzle-dungeon", {"hero": "Rogue"}, 1),
    "puzzle-dungeon-traps-and-treasures": (
        "puzzle-dungeon", {"hero": "Bodyguard", "traps": "Rope Snare, Bear Trap",
                           "treasures": "Cursed Lantern", "extras": "Battlesnake, Overseer"}, 2),
    "puzzle-dungeon-core": ("puzzle-dungeon", {"hero": "Skull Warrior", "core": "yes"}, 3),
    "dinky-dungeon": ("dinky-dungeon", {"players": "3"}, 1),
    "five-more-minutes": ("five-more-minutes", {"players": "3"}, 1),
    "five-more-minutes-rookie": ("five-more-minutes", {"players": "2", "variant": "rookie"}, 2),
    "five-more-minutes-expert": ("five-more-minutes", {"players": "4", "variant": "expert"}, 3),
    "five-more-minutes-nightmare": ("five-more-minutes",
                                    {"players": "5", "variant": "nightmare"}, 4),
    "five-minute-dungeon": ("five-minute-dungeon", {"players": "2"}, 1),
    "five-minute-dungeon-campaign": ("five-minute-dungeon",
                                     {"players": "2", "campaign": "yes", "boss": "2",
                                      "tries": "2"}, 2),
}
"""File name -> (game, options, seed)."""


def compact(data: Any) -> str:
    """JSON on one line, keys sorted: the same text for the same data."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def candidates(state: Any) -> tuple[Any, ...]:
    """The actions the playthrough chooses among: every legal one, but in a real-time game the
    time runs out only when nothing else can happen."""
    legal = state.legal_actions()
    if state.game.info.real_time and len(legal) > 1:
        out = state.time_runs_out()
        return tuple(a for a in legal if a != out)
    return legal


def lines(name: str) -> Iterator[str]:
    """The golden playthrough `name`, line by line."""
    from dungeoneer.engine import registry
    from dungeoneer.engine.rng import Stream

    game_name, options, seed = PLAYTHROUGHS[name]
    game = registry.get_game(game_name, options)
    state = game.new_initial_state(seed=seed)
    stream = Stream(seed)
    yield f"game: {game_name}"
    yield f"options: {compact(dict(options))}"
    yield f"seed: {seed}"
    step = 0
    while True:
        yield ""
        yield f"step {step}"
        yield f"player: {state.current_player()}"
        legal = state.legal_actions()
        yield f"legal: {' | '.join(state.action_text(a) for a in legal)}"
        if state.prompt():
            yield f"prompt: {state.prompt()}"
        for seat in range(game.players):
            yield f"view {seat}: {compact(state.view(seat))}"
        yield f"position: {compact(state.to_json())}"
        if state.is_terminal():
            break
        chosen = candidates(state)
        action = chosen[stream.below(len(chosen))]
        yield f"action: {state.action_text(action)}"
        public = state.public_action_text(action)
        if public != state.action_text(action):
            yield f"public: {public}"
        state = state.apply(action)
        step += 1
    outcome = state.outcome()
    assert outcome is not None
    yield f"outcome: {compact(outcome.to_json())}"


def text(name: str) -> str:
    return "\n".join(lines(name)) + "\n"


def main() -> None:
    HERE.mkdir(parents=True, exist_ok=True)
    for name in sys.argv[1:] or PLAYTHROUGHS:
        (HERE / f"{name}.txt").write_text(text(name), encoding="utf-8")


if __name__ == "__main__":
    main()
