"""Building 5 More Minutes positions by hand for scenario tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from dungeoneer.engine.five_more_minutes import FiveMoreMinutes, FiveState
from dungeoneer.engine.five_more_minutes.board import Board
from dungeoneer.engine.five_more_minutes.effects import (
    Advance,
    Bonus,
    EndCheck,
    HandLimit,
    Next,
    Play,
)


def position(*, players: int = 2, stages: Sequence[int] | None = None,
             hands: Sequence[Sequence[str]] = (), pink: Sequence[int] = (),
             yellow: Sequence[int] = (), blue: Sequence[Sequence[int]] = (),
             deck: Sequence[str] | None = None, active: int = 0, step: str = "bonus",
             variant: str = "standard", seed: int = 5, rolls: Sequence[int] = ()) -> FiveState:
    """A position at the start of `active`'s turn (step 'bonus'), or at its play step ('play').
    Cards not in a hand go to the deck (in the card list's order) unless `deck` is given (then
    the rest are used cards). Chips not held are in the center; blue chips are given by value.
    What happens before the first real choice is run (a single option is taken at once, as in
    play), with `rolls` as the written outcomes of the die rolls on the way."""
    game = FiveMoreMinutes(players, variant)
    hands = [tuple(h) for h in hands] + [()] * (players - len(hands))
    rest = Counter(game.deck_cards()) - Counter(c for h in hands for c in h)
    if deck is None:
        deck_cards, used = tuple(sorted(rest.elements())), ()
    else:
        deck_cards = tuple(deck)
        used = tuple(sorted((rest - Counter(deck)).elements()))
    chips = list(game.blue_chips)
    held = []
    for values in list(blue) + [()] * (players - len(blue)):
        mine = []
        for v in values:
            chip = next(c for c in chips if c[0] == v)
            chips.remove(chip)
            mine.append(chip)
        held.append(tuple(sorted(mine)))
    pink = list(pink) + [0] * (players - len(pink))
    yellow = list(yellow) + [0] * (players - len(yellow))
    tasks = [Next(active), EndCheck(active), Advance(active), HandLimit(active), Play(active)]
    if step == "bonus":
        tasks.append(Bonus(active))
    start = game.new_initial_state(seed=seed)
    built = replace(start, deck=deck_cards, discard=used, hands=tuple(tuple(sorted(h))
                                                                     for h in hands),
                   stages=tuple(stages or [1] * players), pink=tuple(pink),
                   yellow=tuple(yellow), blue=tuple(held), supply_pink=9 - sum(pink),
                   supply_yellow=21 - sum(yellow), blue_pile=tuple(chips),
                   lost=(False,) * players, free=0, active=active, turns=0, tasks=tuple(tasks),
                   forced=tuple(str(r) for r in rolls), over=False, events=None,
                   legal=None)  # (built by hand: no history, known by its view)
    table = Board.of(built, None)
    table.run()
    return table.freeze()


def play(state: FiveState, *texts: str, rolls: Sequence[int] = ()) -> FiveState:
    """Apply actions written as text; `rolls` are written die outcomes for the first action."""
    for i, text in enumerate(texts):
        before = state.with_chance([str(r) for r in rolls]) if i == 0 and rolls else state
        state = before.apply(before.parse_action(text))
    return state


def legal(state: FiveState) -> list[str]:
    return [state.action_text(a) for a in state.legal_actions()]
