"""Puzzle Dungeon (Brian Garber): the rules engine.

    from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
    state = PuzzleDungeon(hero="Rogue").new_initial_state(seed=42)
    state = state.apply(state.legal_actions()[0])

`GAME` declares the game to the registry (the `dungeoneer.games` entry point).

The names below (`__all__`) are the package's public surface: what the solver, the generator
and any other program built on the engine use, and the only names they import (a test checks
it). The modules behind them are the engine's own business:

- the game and its positions: `PuzzleDungeon`, `make_puzzle_dungeon`, `INFO`, `COLUMNS`,
  `PuzzleState`; the card data: `card_set`, `load_card_set`, `CardSet`, `Monster`, `Face`,
  `HeroFace`, `ArsenalCard`, `Ability`, `key_of`, `KING`, `SUITS`;
- the rules a player (or a search) reads without playing: `prey_progress`, `face`,
  `nonempty_columns`, `forbidden_columns`, `active_statics`, `least_payment_cost`, payments
  (`Payment`, `CardOrderPayments`, `Resources`, `in_card_order`);
- playing on a working copy instead of frozen positions, for playouts: `Board`, `Payer`,
  `DEAL`; the eager and the careful players' choices, which read only what a player sees:
  `EagerOptions`, `one_order_each`, `pay_at_random`, `CarefulChoices`;
- what the player knows: `information_set`;
- for the solver's reductions, which must know which steps a card's abilities take: a step of
  a program, `Instr`, the steps whose effect depends on card ids (`AttachFirstDealt`,
  `DrawFromDiscard`), the first program id of a card's ability, `FIRST_CARD_PROGRAM`, and the
  members of a bit mask (the hand, the collected monsters), `bits`, and the mask of ids,
  `mask_of`;
- for the solver's core-rules kernel, which reads the cards without the engine's positions:
  the suit combinations a weapon can match, `weapon_choices` (`WeaponChoices`), every way to
  use ready weapons within a defense, `weapon_covers`, and a weapon's count of each suit,
  `suit_counts`; for its full-rules slice, which plays the triggered abilities of card sets
  whose abilities only draw, and the full-rules kernel: the steps they run (`Draw`, `May`,
  `Exhaust`, `Ready`, `Discard`, `DiscardDeck`, `DrawArsenalFront`, `DiscardArsenal`, `DrawIt`,
  `DiscardIt`, `DrawFromDiscard`, `SwapArsenal`, `ReverseColumn`, `SwapFronts`,
  `SwapFrontBack`, `ShuffleColumn`, `Redeal`, `ShuffleIntoDeck`, `Attack`, `Defeat`, `Reveal`,
  `ShuffleThisIntoColumn`, `TriggerLoot`, `AttachArsenalFront`, `OneOf`, `Jump`, `ForEach`,
  `Repeat`), the Monster King rule's program, `KING_FLIP`, and the engine's pending
  abilities, which the full-rules kernel reads where a search starts among them (`Frame`,
  `Batch`, `Trigger`), a statement (`Static`), whose effects it plays, and the attachments it
  keeps (`Attachment`), and the columns a statement names, `COLUMN_REFS`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dungeoneer.engine.catalogue import CardText
from dungeoneer.engine.protocol import State
from dungeoneer.engine.puzzle_dungeon.board import (
    DEAL,
    Attachment,
    Batch,
    Board,
    Frame,
    Payer,
    Trigger,
)
from dungeoneer.engine.puzzle_dungeon.bots import (
    CarefulChoices,
    EagerOptions,
    one_order_each,
    pay_at_random,
)
from dungeoneer.engine.puzzle_dungeon.cards import (
    Ability,
    ArsenalCard,
    CardSet,
    Face,
    HeroFace,
    Monster,
    Static,
    key_of,
    load_card_set,
)
from dungeoneer.engine.puzzle_dungeon.constants import KING, SUITS
from dungeoneer.engine.puzzle_dungeon.effects import (
    FIRST_CARD_PROGRAM,
    KING_FLIP,
    AttachArsenalFront,
    AttachFirstDealt,
    Attack,
    Defeat,
    Discard,
    DiscardArsenal,
    DiscardDeck,
    DiscardIt,
    Draw,
    DrawArsenalFront,
    DrawFromDiscard,
    DrawIt,
    Exhaust,
    ForEach,
    Instr,
    Jump,
    May,
    OneOf,
    Ready,
    Redeal,
    Repeat,
    Reveal,
    ReverseColumn,
    ShuffleColumn,
    ShuffleIntoDeck,
    ShuffleThisIntoColumn,
    SwapArsenal,
    SwapFrontBack,
    SwapFronts,
    TriggerLoot,
)
from dungeoneer.engine.puzzle_dungeon.game import (
    COLUMNS,
    INFO,
    PuzzleDungeon,
    card_set,
    make_puzzle_dungeon,
)
from dungeoneer.engine.puzzle_dungeon.information import information_set
from dungeoneer.engine.puzzle_dungeon.rules import (
    COLUMN_REFS,
    CardOrderPayments,
    Payment,
    Resources,
    WeaponChoices,
    active_statics,
    bits,
    face,
    forbidden_columns,
    in_card_order,
    least_payment_cost,
    mask_of,
    nonempty_columns,
    prey_progress,
    suit_counts,
    weapon_choices,
    weapon_covers,
)
from dungeoneer.engine.puzzle_dungeon.state import PuzzleState
from dungeoneer.engine.registry import Caption, GameEntry, Option, Terminal


def _draw(state: State, seat: int | None = None, *, reveal: bool = False,
          live: bool = False) -> Any:
    from dungeoneer.engine.puzzle_dungeon.screen import draw  # rich, only when drawing

    return draw(state, seat, reveal=reveal)


def _terminal() -> Terminal:
    from dungeoneer.engine.puzzle_dungeon.screen import terminal  # rich, only when drawing

    return terminal()


def _picture(state: State, caption: Caption) -> str:
    from dungeoneer.engine.puzzle_dungeon.svg import picture

    assert isinstance(state, PuzzleState)
    return picture(state, caption)


def _resample(state: State, seat: int, seed: int) -> State:
    assert isinstance(state, PuzzleState)
    return information_set(state).sample(seed)


def _listings() -> Mapping[str, Sequence[str]]:
    return {"heroes": [hero.name for hero in card_set().heroes]}


def _cards() -> Sequence[CardText]:
    from dungeoneer.engine.puzzle_dungeon.catalogue import cards  # (read when asked for)

    return cards()


GAME = GameEntry(
    info=INFO,
    factory=make_puzzle_dungeon,
    options=(
        Option("hero", "The hero face to play (default Rogue; see `dungeoneer games`)."),
        Option("cards", "A folder of card files that replace the built-in ones.", kind="folder"),
    ),
    draw=_draw,
    cards=_cards,
    resample=_resample,
    terminal=_terminal,
    picture=_picture,
    listings=_listings,
)

__all__ = [
    "COLUMNS", "COLUMN_REFS", "DEAL", "FIRST_CARD_PROGRAM", "GAME", "INFO", "KING", "KING_FLIP",
    "SUITS", "Ability", "ArsenalCard", "AttachArsenalFront", "AttachFirstDealt", "Attachment",
    "Attack", "Batch", "Board", "CardOrderPayments", "CardSet", "CarefulChoices", "Defeat",
    "Discard", "DiscardArsenal", "DiscardDeck", "DiscardIt", "Draw", "DrawArsenalFront",
    "DrawFromDiscard", "DrawIt", "EagerOptions", "Exhaust", "Face", "ForEach", "Frame", "HeroFace",
    "Instr", "Jump", "May", "Monster", "OneOf", "Payer", "Payment", "PuzzleDungeon", "PuzzleState",
    "Ready", "Redeal", "Repeat", "Resources", "Reveal", "ReverseColumn", "ShuffleColumn",
    "ShuffleIntoDeck", "ShuffleThisIntoColumn", "Static", "SwapArsenal", "SwapFrontBack",
    "SwapFronts", "Trigger", "TriggerLoot", "WeaponChoices", "active_statics", "bits", "card_set",
    "face", "forbidden_columns", "in_card_order", "information_set", "key_of", "least_payment_cost",
    "load_card_set", "make_puzzle_dungeon", "mask_of", "nonempty_columns", "one_order_each",
    "pay_at_random", "prey_progress", "suit_counts", "weapon_choices", "weapon_covers"]
