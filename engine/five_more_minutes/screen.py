"""5 More Minutes' table for people, drawn with rich: each sloth's stage, chips and hand (a seat
sees its own blue values and cards only), the deck, the used cards and the center, and the
pending decision spelt out in the rulebook's words, each option with what it does.

What a decision means lives in one table, `DECISIONS` (with `ROLLS` and `TARGETS` for the die
rolls and the cards that pick a player), read from the state's fields and its pending task, so
that it can move with the engine's tasks when those are restructured.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

from rich.console import Group, JustifyMethod, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from dungeoneer.engine.five_more_minutes.game import BONUSES, FIVE, HAND_LIMIT, FiveState
from dungeoneer.engine.protocol import State

STAGES = {1: "Falling asleep", 2: "Light dream", 3: "Transition to deep dream",
          4: "Deep dream", 5: "REM dream"}
"""The sleep stages' names (A - Receive Bonus)."""

TURN_MARK = "\u25b8"
"""Marks the seat whose turn it is."""

Task = tuple[Any, ...]


def draw(state: State, seat: int | None = None, *, reveal: bool = False) -> RenderableType:
    """A 5 More Minutes table as `seat` sees it (None: everything, as a replay shows it);
    `reveal` adds the deck's order, which nobody at the table sees."""
    assert isinstance(state, FiveState)
    game = state.game
    variant = "" if game.variant == "standard" else f" ({game.variant})"
    when = "the game is over" if state.over else f"seat {state.active + 1}'s turn"
    title = Text(f"5 More Minutes{variant}, {game.players} players: turn {state.turns + 1}, "
                 f"{when}", style="bold")
    parts: list[RenderableType] = [title, _seats(state, seat)]
    playing = not state.over and state.tasks[-1][0] == "play" and seat == state.tasks[-1][1]
    if not playing:  # (else the decision lists the hand, each card with its text)
        parts.append(_hands(state, seat))
    parts.append(_piles(state, reveal))
    if not state.over:
        parts += _decision(state, seat)
    return Group(*parts)


def _sees(seat: int | None, other: int) -> bool:
    return seat is None or seat == other


def _seats(state: FiveState, seat: int | None) -> Table:
    """A row per sloth: stage, chips and cards held; blue values only where `seat` sees them."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("Seat", "left"), ("Stage", "left"), ("Pink", "right"), ("Yellow", "right"))
    for name, justify in columns:
        table.add_column(name, justify=justify, no_wrap=True)
    table.add_column("Blue", overflow="fold")  # (many chips of one's own: their values wrap)
    table.add_column("Cards", no_wrap=True)
    for other in range(state.game.players):
        mark = TURN_MARK if other == state.active and not state.over else " "
        you = " you" if seat == other else ""
        stage = state.stages[other]
        where = f"{stage} {STAGES[stage]}" + (", loses next turn" if state.lost[other] else "")
        chips = state.blue[other]
        blue = _values(chips) if _sees(seat, other) else _count(len(chips), "chip")
        table.add_row(f"{mark} {other + 1}{you}", where, str(state.pink[other]),
                      str(state.yellow[other]), blue, _count(len(state.hands[other]), "card"))
    return table


def _hands(state: FiveState, seat: int | None) -> Text:
    """The cards in `seat`'s hand by name (seat None: every hand); a line under the table, as a
    column beside it would wrap each name."""
    if seat is not None:
        return Text(f"Your hand: {', '.join(state.hands[seat]) or '-'}")
    return Text("Hands by seat: " + "; ".join(f"{other + 1} {', '.join(hand) or '-'}"
                                             for other, hand in enumerate(state.hands)))


def _values(chips: tuple[tuple[int, int], ...]) -> str:
    """Blue chips by value, and their sum if there are several: '2+3 = 5'."""
    values = [v for v, _ in chips]
    if len(values) < 2:
        return str(values[0]) if values else "-"
    return f"{'+'.join(map(str, values))} = {sum(values)}"


def _count(n: int, noun: str, none: str = "-") -> str:
    """'1 card', '2 cards', or `none`."""
    return none if n == 0 else f"{n} {noun}" + ("s" if n > 1 else "")


def _piles(state: FiveState, reveal: bool) -> Text:
    """The deck, the center's chips and the used cards (open to all), run on to save lines;
    when a used card is to be chosen, the actions list them instead."""
    choosing = not state.over and state.tasks[-1][0] == "recover"
    used = f"{len(state.discard)}, to choose from" if choosing else _grouped(state.discard)
    text = Text(f"Deck {len(state.deck)} cards; center: {state.supply_pink} pink, "
                f"{state.supply_yellow} yellow, {len(state.blue_pile)} blue; end check at "
                f"{state.game.end_threshold} blue chips. Used cards: {used or '-'}")
    if reveal:
        text.append(f"\nDeck, top first: {', '.join(state.deck) or '-'}", style="dim")
    return text


def _grouped(cards: tuple[str, ...]) -> str:
    """Cards by name, a count after those there are several of: 'Coffee 2, Snoring'."""
    counted = sorted(Counter(cards).items())
    return ", ".join(name + (f" {n}" if n > 1 else "") for name, n in counted)


# ----------------------------------------------------------------------------- decisions

class Roll(NamedTuple):
    """A die roll a player may change with pink chips: what it is for, in the rulebook's words,
    and where a final value leads (given the state and the roller's seat)."""

    what: str
    result: Callable[[FiveState, int, int], str]


def _stays_or_returns(least: int) -> Callable[[FiveState, int, int], str]:
    def result(state: FiveState, seat: int, value: int) -> str:
        stage = state.stages[seat]
        if value >= least or stage == 1:
            return f"stays at stage {stage}"
        return "returns to stage 1"
    return result


ROLLS: dict[str, Roll] = {
    "advance1": Roll("C - Advance Stage from stage 1: 4 or less go to stage 2, 5 or more to "
                     "stage 4", lambda s, p, v: "stage 2" if v <= 4 else "stage 4"),
    "advance2": Roll("C - Advance Stage from stage 2: 1 proceeds to stage 3, 2 or more "
                     "advance to stage 4", lambda s, p, v: "stage 3" if v <= 1 else "stage 4"),
    "end": Roll("D - Check Game End: if the result is 6 the game ends",
                lambda s, p, v: "the game ends" if v == 6 else "the game goes on"),
    "save": Roll("Snoring or Exploding Head: return to stage 1 unless you get at least a 5",
                 _stays_or_returns(5)),
    "nightmare": Roll("Nightmare in the jungle: return to stage 1 unless you roll a 4 or more",
                      _stays_or_returns(4)),
}
"""The rolls by purpose (the `modify` task's)."""


class Target(NamedTuple):
    """A card that picks another player: its effect and what to know of each candidate."""

    what: str
    fact: Callable[[FiveState, int], str]


def _stage_of(state: FiveState, other: int) -> str:
    return f"stage {state.stages[other]}"


def _cards_of(state: FiveState, other: int) -> str:
    return _count(len(state.hands[other]), "card", "no cards")


def _blue_of(state: FiveState, other: int) -> str:
    return _count(len(state.blue[other]), "blue chip", "no blue chips")


TARGETS: dict[str, Target] = {
    "paralysis": Target("Sleep Paralysis: force another player to return to stage 1",
                        _stage_of),
    "exploding": Target("Exploding Head: force another player to return to stage 1, unless he "
                        "manage to get at least a 5 on a die roll", _stage_of),
    "eater": Target("Dream Eater: pick a card from another player's hand (blind)", _cards_of),
    "hallucinations": Target("Hallucinations: trade 1 blue chip with another player (you take "
                             "one blind and give one of yours)", _blue_of),
    "sleepwalker": Target("Sleepwalker: force another player to change a blue chip for its "
                          "value in yellow ones", _blue_of),
}
"""The `target` task's purposes."""


class Decision(NamedTuple):
    """What a kind of decision asks, and each option spelt out. `ask(state, task)` follows the
    deciding seat ('Seat 2' + ', A - Receive Bonus ...') and is told to everyone;
    `options(state, task)` (None: the actions say enough) only to the player who decides, as
    they may name what the others must not see (their cards, their blue values)."""

    ask: Callable[[FiveState, Task], str]
    options: Callable[[FiveState, Task], list[str]] | None = None


def _bonus_words(parts: tuple[str, ...]) -> str:
    """A bonus as the rulebook says it: ('card', 'pink') -> '1 card and 1 pink chip'."""
    counts = Counter(parts)
    words = [f"{n} {'card' if part == 'card' else part + ' chip'}{'s' if n > 1 else ''}"
             for part, n in counts.items()]
    return " and ".join(words)


def _bonus_options(state: FiveState, task: Task) -> list[str]:
    bonuses = BONUSES[state.stages[task[1]]]
    return [f"bonus {'AB'[i]}: receive {_bonus_words(parts)}" for i, parts in enumerate(bonuses)]


def _play_ask(state: FiveState, task: Task) -> str:
    seat = task[1]
    free = f"; the next {state.free} free" if state.free else ""
    # The hand limit is told only when it will bite: the lines are kept for the cards' texts.
    limit = f"; then discard to {HAND_LIMIT}" if len(state.hands[seat]) > HAND_LIMIT else ""
    return f", B - Play Dream Cards (cost: yellow chips{free}{limit}) or end:"


def _play_options(state: FiveState, task: Task) -> list[str]:
    """The hand (the table leaves it out for this decision): each card that can be played with
    its cost and text, then the others by name."""
    kinds = state.game.kinds
    playable = {action.arg for action in state.legal_actions() if action.kind == "play"}
    lines, others = [], []
    for card in dict.fromkeys(state.hands[task[1]]):  # (each kind once, in the hand's order)
        kind = kinds[card]
        if card in playable:
            lines.append(f"{card} ({'free' if state.free else kind.cost}): {kind.text}")
        else:
            others.append(f"{card} ({'anytime' if kind.cost is None else kind.cost})")
    if others:
        lines.append(f"also held: {', '.join(others)}")
    return lines


def _modify_ask(state: FiveState, task: Task) -> str:
    _, seat, purpose, rolled = task
    return (f" rolled {rolled}. {ROLLS[purpose].what}. Discard X pink chips ({state.pink[seat]} "
            "held) to add or subtract X:")


def _modify_options(state: FiveState, task: Task) -> list[str]:
    """The options grouped by where they lead: 'stage 2: keep (3), pink -1 (2)'."""
    _, seat, purpose, rolled = task
    leads: dict[str, list[str]] = {}
    for action in state.legal_actions():
        value = rolled + (int(action.arg) if action.kind == "pink" else 0)
        name = "keep" if action.kind == "keep" else f"pink {action.arg}"
        leads.setdefault(ROLLS[purpose].result(state, seat, value), []).append(
            f"{name} ({value})")
    return [f"{result}: {', '.join(names)}" for result, names in leads.items()]


def _target_options(state: FiveState, task: Task) -> list[str]:
    fact = TARGETS[task[2]].fact
    return [", ".join(f"target {a.arg} ({fact(state, a.arg - 1)})" for a in state.legal_actions())]


def _return_ask(state: FiveState, task: Task) -> str:
    return f" is to return to stage 1 from stage {state.stages[task[1]]}:"


def _return_options(state: FiveState, task: Task) -> list[str]:
    stage = state.stages[task[1]]
    return [f"avoid: play your {FIVE} (Anytime: Avoid returning to stage 1) and stay at stage "
            f"{stage}", "accept: return to stage 1"]


def _take_chip_options(state: FiveState, task: Task) -> list[str]:
    colour = task[2]
    held = getattr(state, colour)
    return [", ".join(f"from {a.arg} (has {held[a.arg - 1]})" for a in state.legal_actions())]


def _sleepwalk_options(state: FiveState, task: Task) -> list[str]:
    return [", ".join(f"give {a.arg} ({min(int(a.arg), state.supply_yellow)} yellow)"
                      for a in state.legal_actions())]


DECISIONS: dict[str, Decision] = {
    "bonus": Decision(lambda s, t: f", A - Receive Bonus at stage {s.stages[t[1]]} "
                                   f"({STAGES[s.stages[t[1]]]}): choose one", _bonus_options),
    "play": Decision(_play_ask, _play_options),
    "hand_limit": Decision(lambda s, t: f", end of phase B: more than {HAND_LIMIT} cards in "
                                        f"hand, discard until you have {HAND_LIMIT}"),
    "lucid": Decision(lambda s, t: ", Lucid Dream: draw 3 cards, add two to your hand and "
                                   "discard the other one", lambda s, t: [
                                       f"drawn: {', '.join(t[2])}"]),
    "modify": Decision(_modify_ask, _modify_options),
    "target": Decision(lambda s, t: f", {TARGETS[t[2]].what}:", _target_options),
    "return": Decision(_return_ask, _return_options),
    "take_chip": Decision(lambda s, t: f": no {t[2]} chip is left in the center, receive one "
                                       "from another player at your choice", _take_chip_options),
    "recover": Decision(lambda s, t: ", Recurring Dream: draw a discarded card at your choice"),
    "sleep_master": Decision(lambda s, t: ", Sleep Master: ALL players choose to receive a pink "
                                          "chip, a yellow one or a card"),
    "give_blue": Decision(lambda s, t: f", Hallucinations: give seat {t[2] + 1} one of your blue "
                                       "chips in trade (give N: a chip of value N)"),
    "give_chip": Decision(lambda s, t: ", Hallucinations: you don't have blue chips, so you "
                                       f"give seat {t[2] + 1} a yellow or a pink one"),
    "sleepwalk": Decision(lambda s, t: ", Sleepwalker: change one of your blue chips for its "
                                       "value in yellow ones (as many as the center has):",
                          _sleepwalk_options),
}
"""The decisions by task kind (the engine's `options_of` lists their actions)."""


def _decision(state: FiveState, seat: int | None) -> list[RenderableType]:
    """The pending decision: whose it is and what it asks; its options spelt out for the player
    who decides (and in a replay), each indented (a long one wraps under itself)."""
    task = state.tasks[-1]
    decider = task[1]
    decision = DECISIONS[task[0]]
    options = decision.options if _sees(seat, decider) else None
    ask = decision.ask(state, task)
    text = Text(f"Seat {decider + 1}", style="bold")
    text.append(ask if options else ask.removesuffix(":"))
    lines: list[RenderableType] = [text]
    if options:
        lines += [Padding(Text(line), (0, 0, 0, 2)) for line in options(state, task)]
    return lines
