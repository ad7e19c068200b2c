"""Building Puzzle Dungeon positions by hand for scenario tests, and playing moves by text."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from dungeoneer.engine.protocol import State
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, PuzzleState
from dungeoneer.engine.puzzle_dungeon.rules import bits, in_card_order


def installed_seeds(game_folder: str) -> Path:
    """A game's folder of card data and example records in the installed package (not the
    checkout's seeds/: the tests check what a user installs)."""
    folder = Path(str(resources.files("dungeoneer.seeds") / game_folder))
    assert folder.is_dir(), f"{folder} is not in the installed package"
    return folder


def game(hero: str = "Rogue", **options) -> PuzzleDungeon:
    """A configured game (options: traps, treasures, extras as lists of names)."""
    return PuzzleDungeon(hero=hero, **options)


def position(*, hero: str = "Rogue", columns: Sequence[Sequence[str]] = ((), (), (), ()),
             arsenal: str = "", hand: str = "", deck: str | None = None, discard: str = "",
             collected: Sequence[str] = (), kings: Sequence[str] = (),
             exhausted: Sequence[str] = (), rest: str = "back", seed: int = 1,
             **options) -> PuzzleState:
    """A position right after set up.

    Monsters not named anywhere go to the back of the columns that name a monster (rest='back',
    dealt round them, so the named ones stay the fronts and empty columns stay empty; round all
    four when none is named) or are an error (rest='none'). Arsenal cards
    not named go to the bottom of the deck (deck=None) or, when the deck is given, to the discard
    pile's bottom."""
    g = game(hero, **options)
    named = {"-".join(n.split()).lower() for column in columns for n in column}
    named |= {"-".join(n.split()).lower() for n in collected}
    others = [m.name for m in g.cards.monsters
              if m.id in g.monster_ids and m.key.lower() not in named]
    cols = [list(column) for column in columns]
    if rest == "back":
        targets = [c for c in range(4) if cols[c]] or list(range(4))
        for i, name in enumerate(others):
            cols[targets[i % len(targets)]].insert(0, name)
    cards = {zone: text.split() for zone, text in
             (("arsenal", arsenal), ("hand", hand), ("deck", deck or ""), ("discard", discard))}
    used = {c.upper() for zone in cards.values() for c in zone}
    unused = [c.code for c in g.cards.arsenal if c.code not in used]
    if deck is None:
        cards["deck"] += unused
    else:
        cards["discard"] = unused + cards["discard"]
    return g.from_layout(cols, cards["arsenal"], cards["hand"], cards["deck"],
                         discard=cards["discard"], collected=collected, kings=kings,
                         exhausted=exhausted, seed=seed)


def legal(state: State) -> list[str]:
    """The legal actions as text; Puzzle Dungeon payments once per set of cards (in card order),
    leaving out the orders of their hand discards (D18), which tests of that order list."""
    return [state.action_text(a) for a in state.legal_actions()
            if a.kind != "pay" or in_card_order(a.arg)]


def play(state: State, *moves: str, log: list[str] | None = None) -> State:
    """Apply moves written in the notation, one after another.

    A Puzzle Dungeon script may leave out a payment whose only freedom is the order of its hand
    discards (D18), after any move or at the end: the cards are then discarded in card order.
    Tests of that order write it."""
    for move in moves:
        if not move.startswith("pay"):
            state = _pay_in_card_order(state, log)
        state = state.apply(state.parse_action(move), log)
    return _pay_in_card_order(state, log)


def _pay_in_card_order(state: State, log: list[str] | None) -> State:
    if not isinstance(state, PuzzleState) or not state.options:
        return state
    actions = state.legal_actions()
    if actions[0].kind != "pay":
        return state
    in_order = [a for a in actions if in_card_order(a.arg)]
    if len(in_order) != 1:
        return state
    return state.apply(in_order[0], log)


def codes(state: PuzzleState, cards) -> str:
    """Cards as space-separated codes: a zone in order, or the hand (a mask) by card id."""
    if isinstance(cards, int):
        cards = bits(cards)
    return " ".join(state.rules.cards.arsenal[c].code for c in cards)


def names(state: PuzzleState, monsters) -> list[str]:
    """Monster names: a column, or the collected monsters (a mask) by id."""
    if isinstance(monsters, int):
        monsters = bits(monsters)
    return [state.rules.cards.monsters[m].name for m in monsters]


def column_names(state: PuzzleState) -> list[list[str]]:
    """Each column's monster names, back to front."""
    return [names(state, column) for column in state.columns]


def monster_id(state: PuzzleState, name: str) -> int:
    """A monster's id by name."""
    return state.rules.cards.monster_named(name).id


def is_exhausted(state: PuzzleState, name: str) -> bool:
    return bool(state.exhausted >> monster_id(state, name) & 1)


def is_king(state: PuzzleState, name: str) -> bool:
    return bool(state.kings >> monster_id(state, name) & 1)


def others(*excluded: str) -> list[str]:
    """The base monsters' names, without the excluded ones."""
    return [m.name for m in game().cards.base_monsters() if m.name not in excluded]
