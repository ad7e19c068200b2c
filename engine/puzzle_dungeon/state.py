"""The Puzzle Dungeon position (a record built once, never changed) and the game protocol on it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from dungeoneer.engine.errors import IllegalActionError
from dungeoneer.engine.protocol import TERMINAL, Action, Outcome, Termination
from dungeoneer.engine.puzzle_dungeon import notation, rules
from dungeoneer.engine.puzzle_dungeon.board import (
    DEAL,
    Batch,
    Board,
    Frame,
    Payer,
    top_actions,
)

if TYPE_CHECKING:
    from dungeoneer.engine.puzzle_dungeon.game import PuzzleDungeon

__all__ = ["DEAL", "FIELDS", "PuzzleState", "freeze", "new_memo"]

FIELDS = ("rules", "columns", "kings", "exhausted", "arsenal", "hand", "deck", "discard",
          "collected", "attached", "traps", "treasures", "removed", "rng", "forced", "stack",
          "setup_deals", "options", "memo")
"""A position's fields, in the order its constructor takes them."""


class _Memo:
    """Derived values computed on first use (the legal actions of a quiet position). It is not
    part of the position: every memo equals every other and hashes alike."""

    __slots__ = ("top_actions",)

    def __init__(self) -> None:
        self.top_actions: tuple[Action, ...] | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Memo)

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "_Memo()"


class PuzzleState(rules.Position):
    """A Puzzle Dungeon position. Immutable and hashable: `apply` returns a new state.

    Cards are small integers: arsenal cards index `rules.cards.arsenal`, monsters index
    `rules.cards.monsters`, Traps & Treasures index `rules.cards.trap_treasures`. A plain class
    rather than a persistent map: a search builds one per position, and compiled it is one
    native object built in one call (`freeze`). Nothing changes a position once built (the
    engine works on a `Board` and freezes the result); the memo is its only mutable part. The
    fields the rules read are declared on `rules.Position`.
    """

    attached: tuple[Any, ...]
    """Attachments: arsenal cards on the hero (the wizard) or on monsters."""
    stack: tuple[Any, ...]
    """Pending abilities (frames and batches); empty when the player may take an action."""
    memo: Any
    """Derived values, computed on first use (`_Memo`): not part of the position."""

    def __init__(self, rules: PuzzleDungeon,
                 columns: tuple[bytes, ...],
                 kings: int,
                 exhausted: int,
                 arsenal: bytes,
                 hand: int,
                 deck: bytes,
                 discard: bytes,
                 collected: int,
                 attached: tuple[Any, ...],
                 traps: tuple[int, ...],
                 treasures: tuple[int, ...],
                 removed: tuple[int, ...],
                 rng: int | None,
                 forced: tuple[str, ...],
                 stack: tuple[Any, ...],
                 setup_deals: bytes,
                 options: tuple[Action, ...],
                 memo: Any) -> None:
        self.rules = rules
        self.columns = columns
        self.kings = kings
        self.exhausted = exhausted
        self.arsenal = arsenal
        self.hand = hand
        self.deck = deck
        self.discard = discard
        self.collected = collected
        self.attached = attached
        self.traps = traps
        self.treasures = treasures
        self.removed = removed
        self.rng = rng
        self.forced = forced
        self.stack = stack
        self.setup_deals = setup_deals
        self.options = options
        self.memo = memo

    def _fields(self) -> tuple[Any, ...]:
        """Every field but the memo, in order: what equality and the hash read."""
        return (self.rules, self.columns, self.kings, self.exhausted, self.arsenal, self.hand,
                self.deck, self.discard, self.collected, self.attached, self.traps,
                self.treasures, self.removed, self.rng, self.forced, self.stack,
                self.setup_deals, self.options)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PuzzleState):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"PuzzleState({self._fields()!r})"

    def set(self, **changes: Any) -> PuzzleState:
        """This position with some fields changed (and a fresh memo)."""
        values = dict(zip(FIELDS, (*self._fields(), None), strict=True))
        values.update(changes, memo=_Memo())
        return PuzzleState(**values)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled into the constructor, with a fresh memo.
        return PuzzleState, (*self._fields(), _Memo())

    # ------------------------------------------------------------------ protocol

    @property
    def game(self) -> PuzzleDungeon:
        """The configured game this position belongs to."""
        return self.rules

    def current_player(self) -> int:
        """0 (the only player), or TERMINAL."""
        return TERMINAL if self.is_terminal() else 0

    def legal_actions(self) -> tuple[Action, ...]:
        """The choices of a pending decision, or the actions: Deal, Attack, Treasure."""
        if self.options:
            return self.options
        memo: _Memo = self.memo
        found = memo.top_actions
        if found is None:
            found = memo.top_actions = top_actions(self)
        return found

    def is_decision(self) -> bool:
        """Whether an ability waits for a choice (rather than the player taking an action)."""
        return bool(self.options)

    def can_apply(self, action: Action) -> bool:
        """Whether `action` is legal here."""
        return action in self.legal_actions()

    def verify_action(self, action: Action) -> None:
        """Raise IllegalActionError, with the legal actions, unless `action` is legal here."""
        if action not in self.legal_actions():
            raise IllegalActionError(f"{notation.describe_illegal(self, action)} is not legal here",
                                     legal=[self.action_text(a) for a in self.legal_actions()])

    def apply(self, action: Action, log: list[str] | None = None) -> PuzzleState:
        """The position after `action`; this one is untouched."""
        return self._apply(action, log, None)

    def apply_paying(self, action: Action, payer: Payer) -> PuzzleState:
        """The position after `action`, every payment it comes to chosen on the spot by `payer`
        among the payments in card order (`rules.payments(..., every_order=False)`), with no
        decision between. For players who leave the order of discards alone, as the blind
        players do: the same position as `apply` and then the payment `payer` picks, and
        `payer` is asked exactly where that decision would be offered, but without listing the
        payments in every order (profiled: a third of a playout's time)."""
        return self._apply(action, None, payer)

    def _apply(self, action: Action, log: list[str] | None, payer: Payer | None) -> PuzzleState:
        self.verify_action(action)
        board = Board(self, log, payer)
        board.act(action)
        return freeze(board)

    def is_terminal(self) -> bool:
        """Won (the prey is complete) or lost (no legal action is left)."""
        return not self.options and not self.legal_actions()

    def won(self) -> bool:
        """Whether the prey is complete and nothing is pending."""
        return not self.options and rules.prey_complete(self)

    def outcome(self) -> Outcome | None:
        """Won or lost, with the reason; None while the game goes on."""
        if not self.is_terminal():
            return None
        progress = ", ".join(f"{kind} {have}/{need}" for kind, have, need in
                             rules.prey_progress(self))
        if rules.prey_complete(self):
            return Outcome(Termination.WON, (0,), (1.0,), f"the prey is complete ({progress})")
        return Outcome(Termination.LOST, (), (0.0,),
                       f"no legal action is left and the prey is not complete ({progress})")

    def action_text(self, action: Action) -> str:
        """The action in Puzzle Dungeon's notation ('attack 2', 'pay 6M 4T Goblin')."""
        return notation.action_text(self, action)

    def public_action_text(self, action: Action) -> str:
        """Solitaire: nobody else is at the table, so the same as `action_text`."""
        return notation.action_text(self, action)

    def parse_action(self, text: str) -> Action:
        """The legal action `text` names; raises ActionSyntaxError or IllegalActionError."""
        return notation.parse_action(self, text)

    def with_chance(self, outcomes: Sequence[str]) -> PuzzleState:
        """This position with explicit shuffle outcomes queued (each: the cards in their new
        order, as written after '~' in a record)."""
        return self.set(forced=(*self.forced, *outcomes))

    def pending_chance(self) -> tuple[str, ...]:
        """Queued explicit shuffle outcomes not yet used."""
        return self.forced

    def prompt(self) -> str:
        """What the pending decision asks, in words (empty when the player may act)."""
        return notation.prompt(self)

    def view(self, player: int = 0) -> dict[str, Any]:
        """What the player may know: everything but the order of the deck."""
        data = self.to_json()
        data["deck"] = {"count": len(self.deck)}
        del data["chance"]
        return data

    def to_json(self) -> dict[str, Any]:
        """The whole position as JSON-ready data."""
        return notation.state_json(self)

    def verify(self) -> None:
        """Check the invariants (every card in exactly one place); raises AssertionError."""
        arsenal_cards = [*self.arsenal, *rules.bits(self.hand), *self.deck, *self.discard,
                         *(a.card for a in self.attached)]
        assert sorted(arsenal_cards) == list(range(len(self.rules.cards.arsenal))), arsenal_cards
        monsters = [m for column in self.columns for m in column] + list(rules.bits(
            self.collected))
        assert sorted(monsters) == sorted(self.rules.monster_ids), monsters
        assert all(type(column) is bytes for column in self.columns)
        tts = [*self.traps, *self.treasures, *self.removed]
        assert len(set(tts)) == len(tts)
        assert bool(self.options) == bool(self.stack), (self.options, self.stack)
        for item in self.stack:
            assert type(item) in (Frame, Batch)


def freeze(board: Board) -> PuzzleState:
    """Build the new immutable state from a board, in one step. The constructor checks nothing
    (a checked one cost a third of an action's time); `PuzzleState.verify` and the property
    tests check the invariants instead."""
    return PuzzleState(board.rules, board.columns, board.kings, board.exhausted, board.arsenal,
                       board.hand, board.deck, board.discard, board.collected, board.attached,
                       board.traps, board.treasures, board.removed, board.rng, board.forced,
                       tuple(board.stack), board.setup_deals, board.options, _Memo())


def new_memo() -> _Memo:
    """A fresh memo for a state built with the checked constructor."""
    return _Memo()
