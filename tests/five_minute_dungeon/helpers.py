"""Building 5-Minute Dungeon positions by hand for scenario tests.

`start` sets a game up through the registry with the `dungeon` and `deck N` set-up headers, so a
test says exactly what is faced and what each seat holds (the starting hand is drawn from the top
of the deck). `play` applies actions written as a record writes them. Seats in texts are 1-based;
in the state's tuples 0-based.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from dungeoneer.engine import registry
from dungeoneer.engine.five_minute_dungeon.board import Board
from dungeoneer.engine.five_minute_dungeon.state import DungeonState

GAME = "five-minute-dungeon"


def start(players: int = 2, heroes: str | Sequence[str] | None = None,
          dungeon: Sequence[str] | None = None,
          decks: Mapping[int, Sequence[str]] | None = None, boss: int = 1, seed: int = 1,
          **options: str) -> DungeonState:
    """A new game: `dungeon` is the dungeon deck, top first (None: built at random); `decks`
    puts cards on top of each seat's draw pile (seat numbers 1-based). Other options by name,
    with '_' for '-' (second_decks="Purple, Green", campaign="yes")."""
    chosen = {"players": str(players), "boss": str(boss)}
    if heroes is not None:
        chosen["heroes"] = heroes if isinstance(heroes, str) else ", ".join(heroes)
    chosen.update({k.replace("_", "-"): str(v) for k, v in options.items()})
    setup = {}
    if dungeon is not None:
        setup["dungeon"] = ", ".join(dungeon)
    for seat, cards in (decks or {}).items():
        setup[f"deck {seat}"] = ", ".join(cards)
    game = registry.get_game(GAME, chosen)
    return game.new_initial_state(seed=seed, setup=setup)


def play(state: DungeonState, *texts: str) -> DungeonState:
    """Apply actions written as text, in order ('12.5 seat 1 play Sword at Gorblin')."""
    for text in texts:
        state = state.apply(state.parse_action(text))
    return state


def legal(state: DungeonState) -> list[str]:
    """The legal actions as a record writes them."""
    return [state.action_text(a) for a in state.legal_actions()]


def with_piles(state: DungeonState, *, hands: Mapping[int, Sequence[str]] | None = None,
               decks: Mapping[int, Sequence[str]] | None = None,
               discards: Mapping[int, Sequence[str]] | None = None) -> DungeonState:
    """The position with some seats' hands, draw piles (top first) or discard piles replaced
    (seat numbers 1-based), then run on as the engine would (refilling, losing when every
    player is out of cards or the team is stuck). For positions the headers can't reach, such
    as an empty draw pile."""
    fields = {}
    for name, given in (("hands", hands), ("decks", decks), ("discards", discards)):
        if given:
            piles = list(getattr(state, name))
            for seat, cards in given.items():
                piles[seat - 1] = tuple(sorted(cards)) if name != "decks" else tuple(cards)
            fields[name] = tuple(piles)
    table = Board.of(replace(state, legal=None, **fields), None)
    table.run()
    return table.freeze()


def cards_of(state: DungeonState, seat: int) -> list[str]:
    """Every card a seat (1-based) has in hand, draw pile and discard pile, sorted."""
    i = seat - 1
    return sorted(state.hands[i] + state.decks[i] + state.discards[i])
