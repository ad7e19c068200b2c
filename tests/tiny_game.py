"""A game from outside the project, as a third party would write one (docs/games.md): two players
take turns adding 1 or 2 to a running total; whoever brings it to the target wins. The tests
register it by hand and through an entry point, and play it with the command line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dungeoneer.engine import registry
from dungeoneer.engine.bots import RandomBot
from dungeoneer.engine.errors import ActionSyntaxError, IllegalActionError
from dungeoneer.engine.protocol import TERMINAL, Action, GameInfo, Outcome, Termination
from dungeoneer.engine.registry import GameEntry, Option
from dungeoneer.engine.simulate import SeatSimulation

INFO = GameInfo(name="race-to-ten", title="Race to Ten", min_players=2, max_players=2,
                hidden_information=False, summary="Add 1 or 2 in turn; reach the target first.",
                options={"players": "always 2", "target": "the total that wins (default 10)"})


@dataclass(frozen=True)
class RaceGame:
    """The configured game."""

    target: int = 10
    info: GameInfo = INFO
    players: int = 2

    def new_initial_state(self, seed: int | None = None,
                          setup: Mapping[str, str] | None = None) -> RaceState:
        """No chance at all: every game starts at 0."""
        return RaceState(self, 0, 0)

    def options(self) -> dict[str, str]:
        """Record header lines."""
        return {"players": "2", "target": str(self.target)}


@dataclass(frozen=True)
class RaceState:
    """A total and the seat to say the next number."""

    game: RaceGame
    total: int
    seat: int

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.seat

    def legal_actions(self) -> tuple[Action, ...]:
        if self.is_terminal():
            return ()
        return tuple(Action("add", n) for n in (1, 2) if self.total + n <= self.game.target)

    def apply(self, action: Action, log: list[str] | None = None) -> RaceState:
        if action not in self.legal_actions():
            raise IllegalActionError(f"{self.action_text(action)} is not legal here",
                                     legal=[self.action_text(a) for a in self.legal_actions()])
        if log is not None:
            log.append(f"The total is {self.total + action.arg}.")
        return replace(self, total=self.total + action.arg, seat=1 - self.seat)

    def is_terminal(self) -> bool:
        return self.total == self.game.target

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        winner = 1 - self.seat  # the seat that said the last number
        scores = tuple(1.0 if s == winner else 0.0 for s in range(2))
        return Outcome(Termination.FINISHED, (winner,), scores, f"seat {winner + 1} reached "
                       f"{self.game.target}")

    def action_text(self, action: Action) -> str:
        return f"add {action.arg}"

    def public_action_text(self, action: Action) -> str:
        return self.action_text(action)

    def parse_action(self, text: str) -> Action:
        words = text.split()
        if len(words) != 2 or words[0] != "add" or words[1] not in ("1", "2"):
            raise ActionSyntaxError(f"{text!r} is not a Race to Ten action (add 1, add 2)",
                                    text=text)
        action = Action("add", int(words[1]))
        if action not in self.legal_actions():
            raise IllegalActionError(f"{text!r} is not legal here",
                                     legal=[self.action_text(a) for a in self.legal_actions()])
        return action

    def with_chance(self, outcomes: Sequence[str]) -> RaceState:
        return self

    def pending_chance(self) -> tuple[str, ...]:
        return ()

    def prompt(self) -> str:
        return "" if self.is_terminal() else f"Seat {self.seat + 1}: add 1 or 2"

    def view(self, player: int) -> dict[str, Any]:
        return self.to_json()

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "to_act": self.current_player()}


def make_race(options: Mapping[str, str], base_dir: str | None = None) -> RaceGame:
    """The registry factory."""
    registry.check_options(INFO, options)
    registry.players_from(INFO, options)
    return RaceGame(int(options.get("target", "10")))


GAME = GameEntry(
    info=INFO, factory=make_race, bots={"random": RandomBot}, default_bot="random",
    options=(Option("target", "The total that wins (default 10).", kind="int"),),
    simulation=SeatSimulation(card_action=None, length=lambda state: 0,
                              default_bot="random"),
)
