"""5 More Minutes bots. Each decides from its own seat's view (`FiveState.seat_view`, the facts of
`FiveState.view`): its hand and blue values, everyone's stages and open pink and yellow chips,
the others' blue chip and card counts, the used cards.

- `random`: a uniformly random legal action (engine.bots).
- `greedy`: takes the bonus it lacks, plays the card worth most now (a blue chip first; attacks
  on the player with the most blue chips), spends pink chips only to change a roll's outcome, and
  wants a 6 at the end check only when it believes it is ahead. It does not play a card that can
  do it no good (Dream Control without two dearer cards to play free, Hallucinations when nobody
  else has a blue chip) nor aim a return to stage 1 at a player there already. What a card is
  worth to it is written on the card's class, beside its rule (`effects.Card.worth`).
- `sampling` (`SamplingFiveBot`): engine.bots.SamplingBot with this game's filling in and
  playouts. At a decision, the bot deals what its seat cannot see anew, several times
  (`fill_in`): the other seats' hands and the deck from the cards it has not seen, their blue
  chips and the center's pile from the chips it has not seen, and a fresh stream for every roll
  and shuffle to come. Each candidate action is played out to the end in every filling by greedy
  bots in all seats (`playout`), and the action that wins most often is taken if it beats the
  greedy bot's choice clearly (`LEAD`). Only decisions near the end of the game are played out
  (`candidates`): earlier ones, whose playouts are long and tell actions apart little better than
  chance, are the greedy bot's.

  A filling keeps what the seat remembers (information.py, read from the state's history): a
  card taken from its hand or drawn back from the used cards is in the taker's hand, a deck made
  of the used cards holds only those, a chip it gave or saw given is with its receiver, the chips
  put under the pile (Sleepwalker) are at its bottom. What the seat might infer from the others'
  choices is not used, nor, in the Nightmare variant, the past of the blue chips (they are dealt
  from the view).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TypeAlias

from dungeoneer.engine.bots import BotSetting, SamplingBot, ScoringBot
from dungeoneer.engine.five_more_minutes.board import Board
from dungeoneer.engine.five_more_minutes.cards import Chip
from dungeoneer.engine.five_more_minutes.effects import (
    LucidDraw,
    LucidDream,
    Roll,
    SetAside,
    worth,
    worth_now,
)
from dungeoneer.engine.five_more_minutes.history import ASIDE, DECK, PILE
from dungeoneer.engine.five_more_minutes.information import Knowledge, Memory, knowledge
from dungeoneer.engine.five_more_minutes.state import FiveState, SeatView
from dungeoneer.engine.protocol import Action, State
from dungeoneer.engine.rng import Stream
from dungeoneer.engine.tasks import Decision, Step

MEAN_BLUE = 2.8
"""About the mean value of a blue chip: how the bot guesses others' hidden totals."""
class GreedyBot(ScoringBot):
    """A sloth with simple, sensible habits, reading only its own seat's view (`seat_view`: the
    facts of `FiveState.view`, without building the dictionary at every decision). It scores all
    the options of a decision at once, by the kind of decision."""

    name = "greedy"

    def seen(self, state: State) -> SeatView:
        assert isinstance(state, FiveState)
        return state.seat_view(state.current_player())

    def scores(self, seen: SeatView, actions: Sequence[Action]) -> list[float]:
        return WORTHS[seen.decision.NAME](seen, actions)

    def score(self, seen: SeatView, action: Action) -> float:
        return self.scores(seen, (action,))[0]


def _bonus_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    seat = seen.seat
    stage = seen.stages[seat]
    cards, pink, yellow = len(seen.hand), seen.pink[seat], seen.yellow[seat]
    if stage == 1:
        a, b = (1.0 if pink < 1 else 0.3), (0.8 if yellow < 3 else 0.2)
    elif stage == 2:
        a, b = (1.0 if cards < 2 else 0.2), 0.6
    elif stage == 4:
        a, b = (1.0 if yellow < 3 else 0.3), (0.8 if cards < 2 else 0.2)
    elif stage == 5:
        a, b = (0.9 if cards < 2 else 0.3), (1.0 if pink < 2 else 0.2)
    else:
        a = b = 0.0
    return [a if action.arg == "A" else b for action in actions]


def _play_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """A card by what it does now (`Card.worth_now`); ending phase B is worth 0.5."""
    return [0.5 if kind == "end" else worth_now(card, seen) for kind, card in actions]


def _discard_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """The card worth least goes."""
    return [-worth(card) for _, card in actions]


WANTED = {"advance1": 5, "advance2": 2, "save": 5, "nightmare": 4}
"""The least result a roll wants (stage 4 from stage 1 or 2; staying asleep)."""


def _roll_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """How good the roll's result is for the roller, less a little per pink chip spent."""
    roll = seen.decision
    assert isinstance(roll, Roll)
    purpose = roll.PURPOSE
    least = WANTED.get(purpose)
    if purpose in ("save", "nightmare") and seen.stages[seen.seat] == 1:
        least = None  # at stage 1 already: no result changes anything (F14 skips such rolls)
    if purpose == "end":
        seat = seen.seat
        mine = sum(v for v, _ in seen.blue)
        counts = seen.blue_counts
        ahead = all(mine > MEAN_BLUE * counts[p] for p in range(seen.players) if p != seat)
    worths = []
    for kind, change in actions:
        change = change if kind == "pink" else 0
        value = roll.rolled + change
        cost = 0.1 * abs(change)
        if least is not None:
            worths.append((1.0 if value >= least else 0.0) - cost)
        elif purpose == "end":
            worths.append((1.0 if (value == 6) == ahead else 0.0) - cost)
        else:
            worths.append(-cost)
    return worths


RETURNS = ("paralysis", "exploding")
"""The targeted cards that send their victim to stage 1."""


def _target_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """The victim with the most blue chips, then the furthest asleep; but never one the card can't
    harm while another is there: a return to stage 1 aimed at a player already at stage 1, or a
    Hallucinations trade with a player who has no blue chip to take."""
    counts, stages = seen.blue_counts, seen.stages
    purpose = seen.decision.PURPOSE  # type: ignore[attr-defined]  # (a Target's)
    worths = []
    for _, victim in actions:
        p = victim - 1
        harmless = ((purpose in RETURNS and stages[p] == 1)
                    or (purpose == "hallucinations" and not counts[p]))
        worths.append(-1.0 if harmless else counts[p] * 2 + stages[p])
    return worths


def _return_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """A '5 More Minutes' is spent only to stay deep asleep (stage 3 or later)."""
    avoid = 1.0 if seen.stages[seen.seat] >= 3 else -1.0
    return [avoid if kind == "avoid" else 0.0 for kind, _ in actions]


def _source_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """Take from the player with the most chips."""
    return [seen.pink[source - 1] + seen.yellow[source - 1] for _, source in actions]


def _receive_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """Sleep Master: a pink chip while few are held, else a yellow one; Recurring Dream: the card
    worth most."""
    pink = 1.0 if seen.pink[seen.seat] < 2 else 0.2
    chosen = {"pink": pink, "yellow": 0.8, "card": 0.6}
    return [chosen[arg] if arg in chosen else worth(arg) for _, arg in actions]


def _give_worths(seen: SeatView, actions: Sequence[Action]) -> list[float]:
    """A chip from the bigger pile; a blue chip of the least value."""
    seat = seen.seat
    return [seen.pink[seat] if arg == "pink" else seen.yellow[seat] if arg == "yellow" else -arg
            for _, arg in actions]


WORTHS: dict[str, Callable[[SeatView, Sequence[Action]], list[float]]] = {
    "bonus": _bonus_worths, "play": _play_worths, "hand_limit": _discard_worths,
    "lucid": _discard_worths, "modify": _roll_worths, "target": _target_worths,
    "return": _return_worths, "take_chip": _source_worths, "recover": _receive_worths,
    "sleep_master": _receive_worths, "give_blue": _give_worths, "give_chip": _give_worths,
    "sleepwalk": _give_worths}
"""The greedy bot's worths of a decision's options, by the decision (`FiveDecision.NAME`)."""


# ----------------------------------------------------------------------------- sampling

Task: TypeAlias = Step | Decision

DEFAULT_SAMPLES = 8
"""Fillings per decision by default: 12 whole four-player games a second with one sampling
seat among three greedy ones, on the machine of benchmarks/README.md, and 3.3 points more wins
than the greedy bot in the same seat of the same games; at 4 the gain was within the noise."""

LEAD = 0.125
"""How far another candidate must beat the greedy bot's choice, in wins per sample, to be taken
(engine.bots.SamplingBot.lead): with few samples chance alone often puts a worse action ahead.
One win in the eight samples."""

NEAR = 1
"""The default of `SamplingFiveBot.near`: playouts from one blue chip short of the end check
(earlier ones, as long again, won no more games: benchmarks/README.md)."""

MAX_PLAYOUT_ACTIONS = 10_000
"""A playout longer than this has gone wrong (greedy games end within a few hundred actions);
it counts as lost."""

ONE_CHOICE = frozenset({"give_blue", "give_chip", "sleepwalk", "take_chip"})
"""Decisions the greedy bot's choice settles (a chip of the least value given away, a chip
taken from the richest): not worth playouts."""

RECOVER_CANDIDATES = 3
"""Recurring Dream: the used cards worth most to the greedy bot that are played out."""


# ----------------------------------------------------------------------------- filling in

def fill_in(state: FiveState, seat: int, seed: int,
            known: Knowledge | None = None) -> FiveState:
    """A position `seat` cannot tell from `state`, nor from anything it saw happen: the cards it
    has not seen (in the other hands and the deck) and the blue chips it has not seen (the
    others', the center's pile and a chip set aside by Hallucinations) dealt anew with `seed`
    among the places its knowledge allows them (`knowledge.knowledge(state, seat)`, or `known`
    if given), uniformly over the deals that keep every place's count; the deck in a new order,
    and a fresh stream for what chance brings later. Its own hand and chips, the used cards,
    the open chips and stages stay as they are.

    What the seat remembers stays (information.py): a card taken from its hand (Dream Eater) or
    drawn back from the used cards (Recurring Dream) is in the taker's hand until played or
    discarded; a deck made of the used cards holds only those; the chip it gave in a trade is
    with the receiver; the chips put under the pile are there, below the rest, in the order they
    were put there. A special card is never in a hand. In the Nightmare variant the chips are
    dealt from the view (`_dealt_chips`). The filling has no history (`events` None), so
    playouts from it record none."""
    if known is None:
        known = knowledge(state, seat)
    stream = Stream(seed)
    hands, deck = _dealt_cards(state, seat, known, stream)
    tasks = _drawn_anew(state, seat, known, hands, stream)
    if known.blue is None:
        blue, pile = _dealt_chips(state, seat, stream)
    else:
        blue, pile, tasks = _dealt_blue(state, seat, known, known.blue.deal(stream), tasks,
                                        stream)
    return replace(state, hands=hands, deck=deck, blue=blue, blue_pile=pile, tasks=tasks,
                   stream=stream.u64(), events=None, legal=state.legal)


def _drawn_anew(state: FiveState, seat: int, known: Knowledge,
                hands: tuple[tuple[str, ...], ...], stream: Stream) -> tuple[Task, ...]:
    """The tasks, with the cards another seat has drawn so far for a Lucid Dream (F11) taken
    from its hand as dealt, where they are: cards the seat does not know to be there first, at
    random (a special card drawn among them, played at once, can leave other seats to choose
    while the draws are pending)."""
    if all(t.seat == seat or not isinstance(t, LucidDraw | LucidDream) for t in state.tasks):
        return state.tasks
    tasks = list(state.tasks)
    for i, task in enumerate(tasks):
        if task.seat != seat and isinstance(task, LucidDraw | LucidDream):
            hand = Counter(hands[task.seat])
            sure = hand & known.dream.certain(task.seat)
            order = [*stream.shuffled(sorted((hand - sure).elements())),
                     *stream.shuffled(sorted(sure.elements()))]
            tasks[i] = replace(task, drawn=tuple(sorted(order[:len(task.drawn)])))
    return tuple(tasks)


def _dealt_cards(state: FiveState, seat: int, known: Knowledge,
                 stream: Stream) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """The other hands and the deck, dealt from the cards `seat` has not seen where its
    knowledge allows them (the specials only in the deck), the deck shuffled."""
    dream, special = known.dream.deal(stream), known.special.deal(stream)
    hands = list(state.hands)
    for p in range(state.game.players):
        if p != seat:
            hands[p] = tuple(sorted(dream.get(p, ())))
    deck = stream.shuffled(sorted([*dream.get(DECK, ()), *special.get(DECK, ())]))
    return tuple(hands), deck


def _dealt_blue(state: FiveState, seat: int, known: Knowledge, dealt: dict[int, list[Chip]],
                tasks: tuple[Task, ...], stream: Stream
                ) -> tuple[tuple[tuple[Chip, ...], ...], tuple[Chip, ...], tuple[Task, ...]]:
    """The others' blue chips, the pile (the chips dealt at the start, shuffled, then the ones
    put under it in their order) and the chip set aside, from the faces `dealt`; which of the
    2s dealt are dark is chosen at random, as many as the seat does not hold (outside the
    Nightmare variant nothing tells them apart)."""
    chips = _darkened(state, seat, dealt, stream)
    blue = list(state.blue)
    for p in range(state.game.players):
        if p != seat:
            blue[p] = tuple(sorted(chips.get(p, ())))
    pile = (*stream.shuffled(chips.get(PILE, [])),
            *(chip for place in known.under for chip in chips[place]))
    aside = iter(chips.get(ASIDE, ()))
    tasks = tuple(SetAside(t.seat, next(aside)) if isinstance(t, SetAside) else t
                  for t in tasks)
    return tuple(blue), pile, tasks


def _darkened(state: FiveState, seat: int, dealt: dict[int, list[Chip]],
              stream: Stream) -> dict[int, list[Chip]]:
    """The faces `dealt` as chips: of the 2s, as many dark as there are dark chips the seat does
    not hold, which ones at random (uniformly)."""
    dark = sum(c[1] for c in state.game.blue_chips) - sum(c[1] for c in state.blue[seat])
    twos = [(place, i) for place in sorted(dealt) for i, c in enumerate(dealt[place])
            if c == (2, 0)]
    chips = {place: list(faces) for place, faces in dealt.items()}
    for place, i in stream.shuffled(twos)[:dark]:
        chips[place][i] = (2, 1)
    return chips


def _dealt_chips(state: FiveState, seat: int,
                 stream: Stream) -> tuple[tuple[tuple[Chip, ...], ...], tuple[Chip, ...]]:
    """The other players' blue chips (as many each as before) and the center's pile, dealt anew
    from the chips `seat` has not seen. In the Nightmare variant a dark chip is shown to all when
    received: the dark chips others hold stay where they are, and the others' other chips are
    not dark (the dark ones in the pile stay in the pile)."""
    shown = "nightmare" in state.game.variants
    others = [p for p in range(state.game.players) if p != seat]
    kept = {p: [c for c in state.blue[p] if shown and c[1]] for p in others}
    unseen = sorted([*(c for p in others for c in state.blue[p] if not (shown and c[1])),
                     *state.blue_pile])
    pile_only = [c for c in unseen if shown and c[1]]
    dealt = list(stream.shuffled([c for c in unseen if not (shown and c[1])]))
    blue = list(state.blue)
    for p in others:
        count = len(state.blue[p]) - len(kept[p])
        blue[p], dealt = tuple(sorted([*kept[p], *dealt[:count]])), dealt[count:]
    pile = stream.shuffled(sorted([*dealt, *pile_only])) if pile_only else tuple(dealt)
    return tuple(blue), pile


# ----------------------------------------------------------------------------- playing out

def playout(state: FiveState, seat: int, seed: int) -> float:
    """Play on from `state` to the end with a greedy bot (seeded with `seed`) in every seat:
    1/len(winners) if `seat` wins (a shared win is shared), else 0. The game is played on one
    working table, without a frozen state per action (the same game as `state.apply` gives,
    in less time: playouts are most of the bot's work)."""
    bot = GreedyBot(seed)  # (it reads the acting seat's view, so one serves every seat)
    table = Board.of(state, None)
    table.found = state.legal_actions()
    for _ in range(MAX_PLAYOUT_ACTIONS):
        if table.over:
            return _share(table.freeze(), seat)
        actions = table.found
        assert actions is not None  # (the table stops at a decision with a choice)
        seen = SeatView(table, table.tasks[-1].seat)
        table.choose(actions[0] if len(actions) == 1 else bot.pick(seen, actions))
        table.run()
    return 0.0


def _share(end: FiveState, seat: int) -> float:
    """What the finished game `end` is worth to `seat`: its share of the win."""
    outcome = end.outcome()
    assert outcome is not None
    return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0


# ----------------------------------------------------------------------------- candidates

def candidates(state: FiveState, actions: Sequence[Action], near: int = 1) -> list[Action]:
    """The actions worth playing out, in the greedy bot's order (best first, so that playouts
    that tell them apart no better than chance leave the greedy bot's choice).

    Playouts are costly and noisy, so many decisions are left to the greedy bot: all but its
    choice are dropped in decisions that settle little (a chip to give or take), and in every
    decision while the end is far (no player within `near` blue chips of the end check), when
    playouts are long and one choice weighs little. Near the end, a roll keeps the die or spends
    the fewest pink chips for each other result (at the end check, ending at once costs no
    playout), in phase B the cards the greedy bot finds of no use now are dropped (ending the
    phase does as well), and for Recurring Dream all but the few best cards."""
    decision = state.decision
    worths = WORTHS[decision.NAME](state.seat_view(decision.seat), actions)
    ranked = [a for _, _, a in sorted(zip([-w for w in worths], range(len(actions)), actions,
                                          strict=True))]
    if decision.NAME in ONE_CHOICE or not _near_the_end(state, near):
        return ranked[:1]
    if isinstance(decision, Roll):
        return _roll_candidates(state, decision, ranked)
    if decision.NAME == "play":
        useful = [a for a, w in zip(actions, worths, strict=True) if w > 0]
        return [a for a in ranked if a in useful] or ranked
    if decision.NAME == "recover":
        return ranked[:RECOVER_CANDIDATES]
    return ranked


def _near_the_end(state: FiveState, near: int) -> bool:
    """Whether a player is within `near` blue chips of rolling at the end check (D)."""
    return max(map(len, state.blue)) >= state.game.end_threshold - near


def _roll_candidates(state: FiveState, roll: Roll, ranked: Sequence[Action]) -> list[Action]:
    """Of a roll's options (`ranked` by the greedy bot), for each result they lead to (the end
    check: ending or going on; a stage roll: one stage or the other), the best ranked."""
    chosen: dict[str, Action] = {}
    for action in ranked:
        value = roll.rolled + (action.arg if action.kind == "pink" else 0)
        chosen.setdefault(roll.leads_to(state, value), action)
    return list(chosen.values())


class SamplingFiveBot(SamplingBot):
    """Determinized sampling for 5 More Minutes: `samples` fillings of what the seat cannot see,
    each candidate played out by greedy bots, the best taken (engine.bots.SamplingBot)."""

    name = "sampling"
    default_samples = DEFAULT_SAMPLES
    lead = LEAD
    near = NEAR
    """Decisions are played out once a player is within this many blue chips of the end check;
    before that the greedy bot's choice is taken (`candidates`)."""
    SETTINGS = (*SamplingBot.SETTINGS, BotSetting("near", 0, most=100))

    def candidates(self, state: State, actions: Sequence[Action]) -> Sequence[Action]:
        assert isinstance(state, FiveState)
        return candidates(state, actions, self.near)

    def __init__(self, seed: int = 0, samples: int | None = None) -> None:
        super().__init__(seed, samples)
        self.memory = Memory()
        """What the seat knows, read on from one decision to the next (knowledge.Memory)."""

    def fill_in(self, state: State, seat: int, seed: int) -> State:
        assert isinstance(state, FiveState)
        return fill_in(state, seat, seed, self.memory.of(state, seat))

    def playout(self, state: State, seat: int, seed: int) -> float:
        assert isinstance(state, FiveState)
        return playout(state, seat, seed)
