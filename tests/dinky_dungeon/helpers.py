"""Building Dinky Dungeon positions by hand for scenario tests, and random games for property
tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from hypothesis import strategies as st

from dungeoneer.engine.dinky_dungeon import DinkyDungeon, DinkyState
from dungeoneer.engine.dinky_dungeon.effects import DiscardPlayed, EndTurn, Keep, Play, Refill, Take
from dungeoneer.engine.rng import Stream
from dungeoneer.engine.tasks import Task


def table(*, players: int = 2, hands: Sequence[Sequence[str]] = (),
          rewards: Sequence[Sequence[int]] = (), row: Sequence[str] = (),
          dungeon: Sequence[int] | None = None, dungeon_discard: Sequence[int] = (),
          adventurer_discard: Sequence[str] = (), active: int = 0, seed: int = 3,
          step: str = "take") -> DinkyState:
    """A position at the start of `active`'s turn (step 'take'), or at its 'play' step.

    Cards not placed go: dungeon cards to the deck (unless `dungeon` is given; then to the
    discard), adventurers to the adventurer deck, in the card file's order."""
    game = DinkyDungeon(players)
    hands = [tuple(h) for h in hands] + [()] * (players - len(hands))
    rewards = [tuple(r) for r in rewards] + [()] * (players - len(rewards))
    dungeon_left = Counter(game.cards.dungeon) - Counter(v for r in rewards for v in r)
    dungeon_left -= Counter(dungeon_discard)
    if dungeon is not None:
        dungeon_left -= Counter(dungeon)
        discard = (*dungeon_discard, *dungeon_left.elements())
        deck = tuple(dungeon)
    else:
        discard, deck = tuple(dungeon_discard), tuple(sorted(dungeon_left.elements()))
    placed = Counter(n for h in hands for n in h) + Counter(row) + Counter(adventurer_discard)
    rest = Counter(game.cards.adventurer_deck()) - placed
    assert not (placed - Counter(game.cards.adventurer_deck())), "more copies than the deck has"
    adventurers = []
    for name in game.cards.adventurer_deck():
        if rest[name] > 0:
            adventurers.append(name)
            rest[name] -= 1
    tasks: list[Task] = [EndTurn(active), Refill(active), Play(active)]
    if step == "take":
        tasks.append(Take(active))
    start = game.new_initial_state(seed=seed)
    return replace(start, dungeon=deck, dungeon_discard=tuple(sorted(discard)),
                   adventurers=tuple(adventurers),
                   adventurer_discard=tuple(sorted(adventurer_discard)),
                   row=tuple(row), hands=tuple(tuple(sorted(h)) for h in hands),
                   rewards=tuple(tuple(sorted(r)) for r in rewards), gained=(), active=active,
                   turns=0, tasks=tuple(tasks), forced=(), declared=(), over=False,
                   events=None, legal=None)  # (no history: what happened is unknown)


def play(state: DinkyState, *texts: str, log: list[str] | None = None) -> DinkyState:
    """Apply actions written as text."""
    for text in texts:
        state = state.apply(state.parse_action(text), log)
    return state


def legal(state: DinkyState) -> list[str]:
    """The legal actions as text."""
    return [state.action_text(a) for a in state.legal_actions()]


def conserved(state: DinkyState) -> bool:
    """Every card somewhere exactly once."""
    game = state.game
    dungeon = sorted([*state.dungeon, *state.dungeon_discard,
                      *(v for r in state.rewards for v in r)])
    adventurers = sorted([*state.adventurers, *state.adventurer_discard, *state.row,
                          *(n for h in state.hands for n in h), *_in_play(state)])
    return dungeon == sorted(game.cards.dungeon) and adventurers == sorted(
        game.cards.adventurer_deck())


def _in_play(state: DinkyState) -> list[str]:
    """Cards between places: being played (out of the hand, not yet in the discard), or dealt
    at set up and waiting for the player to keep one."""
    cards = []
    for task in state.tasks:
        if isinstance(task, DiscardPlayed):
            cards.append(task.name)
        elif isinstance(task, Keep):
            cards.extend(task.dealt)
    return cards


games = st.tuples(  # players, the deal's seed, the seed of the random choices
    st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 2**32))


def random_game(players: int, seed: int, choices: int) -> tuple[list[DinkyState], list[str]]:
    """Every state of a random game, and its actions as text."""
    stream = Stream(choices)
    state = DinkyDungeon(players).new_initial_state(seed=seed)
    states, moves = [state], []
    while not state.is_terminal():
        action = stream.choice(state.legal_actions())
        moves.append(state.action_text(action))
        state = state.apply(action)
        states.append(state)
    return states, moves
