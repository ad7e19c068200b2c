"""The Dinky Dungeon position: the frozen state and the protocol on it (engine.tasks)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dungeoneer.engine.dinky_dungeon.effects import DinkyDecision
from dungeoneer.engine.dinky_dungeon.information import Knowledge, knowledge
from dungeoneer.engine.history import Chain
from dungeoneer.engine.protocol import Action, Outcome, Termination, seat_number
from dungeoneer.engine.tasks import Task, TaskState

if TYPE_CHECKING:
    from dungeoneer.engine.dinky_dungeon.game import DinkyDungeon


@dataclass(frozen=True)
class DinkyState(TaskState):
    """A Dinky Dungeon position. Immutable; `apply` returns a new one (engine.tasks)."""

    game: DinkyDungeon
    dungeon: tuple[int, ...]
    """The dungeon deck, top first."""
    dungeon_discard: tuple[int, ...]
    """Face up, sorted (its order does not matter)."""
    adventurers: tuple[str, ...]
    """The adventurer deck, top first."""
    adventurer_discard: tuple[str, ...]
    """Face up, sorted."""
    row: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    rewards: tuple[tuple[int, ...], ...]
    gained: tuple[int, ...]
    """Rewards the active player gained this turn (the Berserker's risk)."""
    active: int
    turns: int
    tasks: tuple[Task, ...]
    stream: int | None
    forced: tuple[str, ...]
    declared: tuple[tuple[int, int], ...]
    """Reward values declared aloud (the Monk): public from then on."""
    over: bool
    events: Chain | None = field(default=None, compare=False, hash=False, repr=False)
    """The history: every move of a card so far, and every look at a whole place, with the
    seats that see which cards they are (history.py; `engine.history.events` lists them), from
    which `knowledge` reads what a seat knows; None when the position has no history (built by
    hand, or a sampling bot's filling: nothing is recorded on from it). Not part of the
    position: two states alike but for how they came about are equal, as in the other games."""
    legal: tuple[Action, ...] | None = field(default=None, compare=False, hash=False, repr=False)
    """The legal actions, worked out on first use (not part of the position)."""

    # ------------------------------------------------------------------ protocol

    def outcome(self) -> Outcome | None:
        """Highest total reward value wins; equal highest totals share the win (R7)."""
        if not self.over:
            return None
        scores = tuple(sum(r) for r in self.rewards)
        best = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        why = ("the dungeon deck is empty" if not self.dungeon and best < self.game.target
               else f"a player reached {self.game.target}")
        return Outcome(Termination.FINISHED, winners, scores, f"{why}; highest total {best}")

    def public_action_text(self, action: Action) -> str:
        """The action as the other players see it, as the pending decision tells it: which
        adventurer was kept at set up, which rewards a Magician's target keeps and which reward
        the Lord gives stay hidden."""
        top = self.tasks[-1] if self.tasks and not self.over else None
        if isinstance(top, DinkyDecision):
            return top.public_text(action)
        return self.action_text(action)

    def scores(self) -> tuple[int, ...]:
        """Each seat's total reward value."""
        return tuple(sum(r) for r in self.rewards)

    def knowledge(self, player: int) -> Knowledge:
        """What `player` knows of the cards it cannot see, from everything it saw happen
        (information.py): where the other hands', the other rewards' and the decks' cards may
        lie."""
        return knowledge(self, player)

    def view(self, player: int) -> dict[str, Any]:
        """What `player` may know: their own hand and rewards; of the others only how many."""
        data = self._public()
        data["seat"] = seat_number(player)
        data["hand"] = list(self.hands[player])
        data["rewards"] = list(self.rewards[player])
        data["gained_this_turn"] = sum(self.gained) if player == self.active else 0
        return data

    def to_json(self) -> dict[str, Any]:
        """Everything, hidden or not."""
        data = self._public()
        data["hands"] = [list(h) for h in self.hands]
        data["rewards"] = [list(r) for r in self.rewards]
        data["dungeon"] = list(self.dungeon)
        data["adventurers"] = list(self.adventurers)
        return data

    def _public(self) -> dict[str, Any]:
        return {
            "game": "dinky-dungeon", "players": self.game.players, "target": self.game.target,
            "active": seat_number(self.active), "turns": self.turns,
            "to_act": seat_number(self.current_player()),
            "row": list(self.row), "dungeon_count": len(self.dungeon),
            "dungeon_discard": list(self.dungeon_discard),
            "adventurer_count": len(self.adventurers),
            "adventurer_discard": list(self.adventurer_discard),
            "hand_counts": [len(h) for h in self.hands],
            "reward_counts": [len(r) for r in self.rewards],
            "declared": [{"seat": seat_number(seat), "value": value}
                         for seat, value in self.declared], "over": self.over,
        }

    def prompt(self) -> str:
        """What the pending decision asks."""
        top = self.tasks[-1] if self.tasks and not self.over else None
        return top.prompt() if isinstance(top, DinkyDecision) else ""
