"""5-Minute Dungeon team bots, and the time model that turns a bot game into a timed run.

A team bot plays every seat (the game is cooperative, and the team talks: D12). It reads what
the team may know: every hand, the cards faced and played, the discard piles, the sizes of the
draw piles, never their order. Every action it returns carries the timer reading at which it
happens, from its `TimeModel`.

- `random`: any legal action but letting the time run out, uniformly.
- `heuristic`: plays the card that matches most of what the faced card still lacks, spends
  type-defeating cards and abilities where they save the most, keeps Magic Bombs, Wild Cards and
  the Holy Hand Grenade for the boss, stops harmful events, and cycles useless cards only when
  nothing matches.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from dungeoneer.engine.bots import MAX_SAMPLES, BotSetting
from dungeoneer.engine.five_minute_dungeon.cards import SYMBOLS
from dungeoneer.engine.five_minute_dungeon.clock import LIMIT
from dungeoneer.engine.five_minute_dungeon.dungeon import shortfall
from dungeoneer.engine.five_minute_dungeon.effects import (
    ABILITIES,
    DEFEATS,
    GRENADE,
    AnotherDraws,
    DefeatsTypeAbility,
    Draws,
    OthersDraw,
    Play,
    Use,
    rule_of,
)
from dungeoneer.engine.five_minute_dungeon.events import EVENTS, Resolve
from dungeoneer.engine.five_minute_dungeon.state import DungeonState
from dungeoneer.engine.protocol import Action, State
from dungeoneer.engine.registry import BotFactory
from dungeoneer.engine.rng import MASK64, Stream
from dungeoneer.engine.session import MAX_ACTIONS

DEFAULT_PACE = 5.0
"""Seconds a player takes for one action (reading the table, choosing, laying the card)."""


class TimeModel:
    """When each action happens: every player needs `pace` seconds per action, and players act
    in parallel (each has their own hands), so a team of four lays cards faster than a team of
    two. While the timer is paused, actions happen at the paused reading. An event's team choice
    takes no player's time."""

    def __init__(self, pace: float = DEFAULT_PACE) -> None:
        if not pace > 0:
            raise ValueError("the pace is a positive number of seconds")
        self.pace = max(1, round(pace * 10))
        self.ready: dict[int, int] = {}
        self.dungeon: tuple[int, int] | None = None

    def when(self, state: DungeonState, seat: int | None) -> int:
        """The earliest timer reading at which `seat` can act."""
        if (state.boss, state.attempt) != self.dungeon:
            # A campaign's next dungeon (or a retry) starts the timer again: everyone is ready.
            self.dungeon = (state.boss, state.attempt)
            self.ready.clear()
        if state.paused or seat is None:
            return state.clock
        return max(state.clock, self.ready.get(seat, 0))

    def took(self, state: DungeonState, seat: int | None, at: int) -> None:
        """Note that `seat` acted at `at`."""
        if seat is not None and not state.paused:
            self.ready[seat] = at + self.pace


class TeamBot:
    """The shared frame: score each legal action, prefer earlier ones, time the winner; when
    the best action would come after the five minutes, time runs out."""

    name = "team"
    WAIT_COST = 0.02
    """Score lost per tenth of a second an action must wait for its player."""

    def __init__(self, seed: int = 0, pace: float = DEFAULT_PACE) -> None:
        self.stream = Stream(seed)
        self.time = TimeModel(pace)

    def choose(self, state: State) -> Action:
        """The action to take, with its time."""
        assert isinstance(state, DungeonState)
        actions = state.legal_actions()
        timeout = next((a for a in actions if a.kind == "timeout"), None)
        choices = [a for a in actions if a.kind != "timeout"]
        if not choices:
            return state.at(state.time_runs_out(), LIMIT)
        scored = self.scored(state, choices)
        best_score = max(score for score, _, _ in scored)
        best = [(action, at) for score, action, at in scored if score == best_score]
        action, at = best[0] if len(best) == 1 else self.stream.choice(best)
        return self.timed(state, action, at, timeout)

    def scored(self, state: DungeonState, choices: list[Action]) -> list[tuple[float, Action,
                                                                               int]]:
        """Each choice's score, less the cost of waiting for its player, with the reading at
        which it would happen."""
        context = self.read(state)
        scored = []
        for action in choices:
            at = self.time.when(state, action.arg.seat)
            score = self.score(state, context, action) - self.WAIT_COST * (at - state.clock)
            scored.append((score, action, at))
        return scored

    def timed(self, state: DungeonState, action: Action, at: int,
              timeout: Action | None) -> Action:
        """The chosen action at its reading, noted in the time model; past the five minutes,
        the time runs out instead."""
        if at > LIMIT and timeout is not None:
            return state.at(timeout, LIMIT)
        self.time.took(state, action.arg.seat, at)
        return state.at(action, at)

    def read(self, state: DungeonState) -> Any:
        """What the bot works out once per decision."""
        return None

    def score(self, state: DungeonState, context: Any, action: Action) -> float:
        """What an action is worth to the team."""
        raise NotImplementedError


class RandomTeam(TeamBot):
    """Any legal action but waiting for the time to run out, uniformly."""

    name = "random"

    def score(self, state: DungeonState, context: Any, action: Action) -> float:
        return 0.0


class HeuristicTeam(TeamBot):
    """A cooperative team with sensible habits (see the module's docstring)."""

    name = "heuristic"

    def read(self, state: DungeonState) -> dict[str, Any]:
        cards = state.game.cards
        needs = {}
        for name, played in zip(state.faced, state.played, strict=True):
            per_symbol, missing = shortfall(cards, name, played)
            needs[name] = (per_symbol, missing)
        boss_needs = cards.bosses[state.boss - 1].card.needs
        at_boss = bool(state.faced) and cards.dungeon[state.faced[0]].kind == "boss"
        wanted = {SYMBOLS[i] for need, missing in needs.values() if missing
                  for i, k in enumerate(need) if k}
        return {"needs": needs, "boss": boss_needs, "at_boss": at_boss, "wanted": wanted}

    def keep_value(self, state: DungeonState, context: dict[str, Any], card: str) -> float:
        """How much the team wants to keep a card in hand."""
        hero_card = state.game.cards.hero_cards[card]
        if card == GRENADE:
            return 6.0
        if hero_card.wild or card == "Magic Bomb":
            return 4.0
        if card in DEFEATS:
            return 0.5 if context["at_boss"] else 2.5
        if hero_card.action:
            return 1.5
        value = 0.0
        for symbol in hero_card.symbols:
            i = SYMBOLS.index(symbol)
            if symbol in context["wanted"]:
                value += 1.5
            if context["boss"][i]:
                value += 0.6
        return value

    def score(self, state: DungeonState, context: dict[str, Any], action: Action) -> float:
        kind, arg = action
        if kind == "play":
            if state.event:
                return self._stop_event(state, context, arg)
            return self._play(state, context, arg)
        if kind == "use":
            return self._use(state, context, arg)
        if kind == "resolve":
            return self._resolve(state, context, arg)
        if kind == "discard":
            return -self.keep_value(state, context, arg.card)
        if kind == "recover":
            return self.keep_value(state, context, arg.card)
        return -10.0

    def _play(self, state: DungeonState, context: dict[str, Any], arg: Play) -> float:
        card, target, seats = arg.card, arg.target, arg.seats
        hero_card = state.game.cards.hero_cards[card]
        if target is not None:
            need, missing = context["needs"][target]
            if card == GRENADE:
                return 8.0 if context["at_boss"] and missing >= 3 else -5.0
            if card in DEFEATS:
                return 2.0 + float(missing)
            covered = min(missing, sum(1 for s in set(hero_card.symbols)
                                       if need[SYMBOLS.index(s)]) + hero_card.wild)
            if covered == 0:
                # Cycling a useless card: only when nothing else helps; cheapest card first,
                # from the player with the most cards left to draw.
                return -3.0 - self.keep_value(state, context, card) \
                    + 0.01 * len(state.decks[arg.seat])
            finishing = 1.0 if covered >= missing else 0.0
            spare = 0.0 if context["at_boss"] else (
                2.5 if hero_card.wild or card == "Magic Bomb" else 0.0)
            return 2.0 * float(covered) + finishing - spare
        return rule_of(hero_card).worth(state, seats)

    def _use(self, state: DungeonState, context: dict[str, Any], arg: Use) -> float:
        ability, target, seats, paid = arg.ability, arg.target, arg.seats, arg.paid
        cost = sum(self.keep_value(state, context, c) for c in paid)
        rule = ABILITIES[ability]
        if isinstance(rule, DefeatsTypeAbility):
            missing: int = context["needs"][target][1]
            return 1.0 + 1.5 * missing - cost
        if isinstance(rule, Draws):
            return 1.0 - cost if len(state.decks[arg.seat]) >= rule.value else -5.0
        if isinstance(rule, OthersDraw | AnotherDraws):
            others = seats or [s for s in range(state.game.players) if s != arg.seat]
            return 0.3 * sum(1 for s in others if state.decks[s]) - cost
        return -5.0  # Stop Time: playing a card ends the pause, so it rarely pays

    def _stop_event(self, state: DungeonState, context: dict[str, Any], arg: Play) -> float:
        assert state.event is not None
        harm = EVENTS[state.event].harm(state)
        return harm - (6.0 if arg.card == GRENADE else 1.0)

    def _resolve(self, state: DungeonState, context: dict[str, Any], arg: Resolve) -> float:
        return EVENTS[arg.event].choice_worth(state, arg.choice)


# ----------------------------------------------------------------------------- sampling

class SamplingTeam(HeuristicTeam):
    """The heuristic team, but where its best options are close (within `MARGIN` of the best
    score, at most `width` of them), it fills in what nobody at the table knows (`fill_in`)
    `samples` times, plays each option out to the end of the run with the heuristic team under
    the same time model, and takes the one that wins most, or else gets furthest.
    Every option meets the same fillings and the same playout seeds, so a difference is the
    option's; ties go to the heuristic's order. Each action is timed as the heuristic times
    it: the playouts start from a copy of its time model."""

    name = "sampling"
    default_samples = 1
    default_width = 2
    SETTINGS = (BotSetting("samples", 1, most=MAX_SAMPLES), BotSetting("width", 1, most=100))
    """`--bot sampling:samples=N,width=W`: the fillings per decision and the options sampled."""
    MARGIN = 0.5
    """How close to the best an option must score to be sampled: the heuristic's scores are
    rough to about a quarter of a symbol's worth (2.0 a symbol covered); a wider margin samples
    most decisions of a run, at tens of seconds a run."""

    def __init__(self, seed: int = 0, pace: float = DEFAULT_PACE, samples: int | None = None,
                 width: int | None = None) -> None:
        super().__init__(seed, pace)
        self.pace_seconds = pace
        self.samples = self.default_samples if samples is None else samples
        self.width = self.default_width if width is None else width
        self.sampling = Stream((seed * 8 + 1) & MASK64)
        """The fillings' and playouts' seeds, apart from the heuristic's own stream (its ties)."""

    def choose(self, state: State) -> Action:
        """The heuristic's action, or where its best options are close, the best sampled."""
        assert isinstance(state, DungeonState)
        choices = [a for a in state.legal_actions() if a.kind != "timeout"]
        candidates = self.candidates(state, choices) if len(choices) > 1 else []
        if len(candidates) < 2:
            return super().choose(state)
        timeout = next((a for a in state.legal_actions() if a.kind == "timeout"), None)
        totals = [0.0] * len(candidates)
        for _ in range(self.samples):
            filled = fill_in(state, self.sampling.u64())
            seed = self.sampling.u64()
            for index, (action, at) in enumerate(candidates):
                totals[index] += self.playout(filled, action, at, seed)
        action, at = candidates[totals.index(max(totals))]
        return self.timed(state, action, at, timeout)

    def candidates(self, state: DungeonState, choices: list[Action]) -> list[tuple[Action, int]]:
        """The heuristic's best options within `MARGIN` of its best score and in time, at most
        `width`, best first (ties in legal order), with their readings."""
        scored = [(score, action, at) for score, action, at in self.scored(state, choices)
                  if at <= LIMIT]
        if not scored:
            return []
        best = max(score for score, _, _ in scored)
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        return [scored[i][1:] for i in order[:self.width] if scored[i][0] >= best - self.MARGIN]

    def playout(self, state: DungeonState, action: Action, at: int, seed: int) -> float:
        """The run from `state` after `action` at `at`, played to the end of the try by the
        heuristic team with a copy of this bot's time model: 1 won, else the share of the
        dungeon the team got through (less than 1)."""
        team = HeuristicTeam(seed, self.pace_seconds)
        team.time.ready, team.time.dungeon = dict(self.time.ready), self.time.dungeon
        team.time.took(state, action.arg.seat, at)
        before, run = state, state.apply(state.at(action, at))
        for _ in range(MAX_ACTIONS):
            # A campaign starts the dungeon again when a try is lost: the playout ends with the
            # try (playing every try left, up to 99, made one decision take minutes).
            if run.over or run.attempt != state.attempt:
                break
            before, run = run, run.apply(team.choose(run))
        if run.won:
            return 1.0
        if run.attempt != state.attempt:
            run = before  # the try was lost: worth what it got through before the reset
        return 0.9 * len(run.beaten) / (len(run.beaten) + len(run.faced) + len(run.dungeon))


def fill_in(state: DungeonState, seed: int) -> DungeonState:
    """A position the team cannot tell from `state` (it sees every hand and what lies face up,
    D12): each draw pile's cards in a new order, and the dungeon deck dealt anew from the door
    and challenge cards not yet met in this dungeon, as many of each as it holds (the backs
    differ), in a new order; chance to come gets a stream of its own (`seed`)."""
    stream = Stream(seed)
    decks = tuple(stream.shuffled(sorted(deck)) for deck in state.decks)
    cards = state.game.cards
    met = Counter([*state.beaten, *state.faced, *([state.event] if state.event else [])])
    dungeon: list[str] = []
    for kind in (cards.doors, cards.challenges):
        names = set(kind)
        unmet = sorted((Counter(kind) - met).elements())
        count = sum(1 for name in state.dungeon if name in names)
        dungeon.extend(stream.shuffled(unmet)[:count])
    return replace(state, decks=decks, dungeon=stream.shuffled(dungeon), stream=stream.u64(),
                   forced=(), legal=state.legal)


BOTS: dict[str, BotFactory] = {"random": RandomTeam, "heuristic": HeuristicTeam,
                               "sampling": SamplingTeam}
