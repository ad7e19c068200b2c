"""Choosing an action at the terminal: by a short code of the game's (`registry.Shortcut`, such
as `1 arrow`; any unique prefix, such as `1ar`), by number where the list is numbered, or in the
game's notation. A code that several actions share (a card that can go at either of two faced
cards, an ability paid for with one of several sets of cards) asks which, or takes the answer at
once after the code (`1 arrow gorblin`, `2 stop jump shield sword`).

Everything here is pure: the answers come from a `Reader` and messages go to a `Say`, so tests
drive it without a terminal; `cli.play` passes a line prompt or the ticking prompt
(`cli.prompt`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.markup import escape

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.numbers import shown, whole_number
from dungeoneer.engine.protocol import Action, RealTimeState, State
from dungeoneer.engine.registry import Shortcut
from dungeoneer.engine.session import TakeBack

Reader = Callable[[str, str], str | None]
"""Asks `label` and returns the answer (None: the person stops); the second argument is text to
start the answer with (the last answer, to correct), which a line prompt may ignore."""
Say = Callable[[str], None]
"""Shows a message (rich markup)."""
Command = Callable[[str], "bool | TakeBack"]
"""A table command (`cli.commands`): given an answer, True once it is carried out (ask again),
a `TakeBack` for the session, or False when the answer is no command."""

Explain = Callable[[State, str], "str | None"]
"""A game's own reason why an answer names no legal action ('there is no card 9Z'), or None."""

STOP_WORDS = ("q", "quit")
LEGAL_SHOWN = 6
"""A message that lists what is legal names at most these many (the list numbers them all)."""
MENTIONED = 6
"""A message names at most these many of a code's choices."""
LABELS = "abcdefghijklmnoprstuvwxyz"
"""The letters of a follow-up question's choices: all but q, which always stops."""


class TimeIsUp(Exception):
    """A reader's news that a real-time game's time ran out while the person was answering."""


@dataclass(frozen=True)
class Found:
    """What typed text names among the short codes: one option (that action), several (ask
    which), or none; `message` says why none, or which codes a prefix could be."""

    options: tuple[Shortcut, ...] = ()
    message: str = ""


def _split(text: str) -> tuple[str, list[str]]:
    """A code's seat number (or '') and its words: '1ar' and '1 ar' give ('1', ['ar']). A
    number followed by '.' or ':' is a time, as the notation may start with, not a seat."""
    text = " ".join(text.lower().split())
    match = re.match(r"(\d+)(?![\d.:])\s*(.*)", text)
    if match:
        return match.group(1), match.group(2).split()
    return "", text.split()


def _squash(word: str) -> str:
    # Hyphens stand for spaces in keys; a person may type 'stoptime' or 'stop-time'.
    return word.replace("-", "")


def _tokens(detail: str) -> list[str]:
    return [t for t in re.split(r"[\s,]+", detail.lower()) if t]


def _fits(words: Sequence[str], tokens: Sequence[str], in_order: bool) -> bool:
    """Whether each word starts a different token (in the tokens' order, if `in_order`)."""
    if in_order:
        at = 0
        for word in words:
            while at < len(tokens) and not tokens[at].startswith(word):
                at += 1
            if at == len(tokens):
                return False
            at += 1
        return True

    def place(i: int, free: tuple[int, ...]) -> bool:
        if i == len(words):
            return True
        return any(tokens[t].startswith(words[i]) and place(i + 1, tuple(f for f in free if f != t))
                   for t in free)
    return len(words) <= len(tokens) and place(0, tuple(range(len(tokens))))


def narrow(words: Sequence[str], options: Sequence[Shortcut]) -> tuple[Shortcut, ...]:
    """The options whose detail the words pick out: each word starts a different word of it
    ('jump shield' picks 'discarding Jump, Scroll, Shield'). Words every option's detail has
    ('at', 'discarding') tell nothing apart and are left out; the words' order counts first
    (`passing hands to 2, 3, 1` is not `3, 1, 2`), and only if that fits none, any order."""
    if not words:
        return tuple(options)
    tokens = [_tokens(o.detail) for o in options]
    if len(options) > 1:
        common = set.intersection(*(set(t) for t in tokens))
        tokens = [[t for t in ts if t not in common] for ts in tokens]
    for in_order in (True, False):
        found = tuple(o for o, ts in zip(options, tokens, strict=True)
                      if _fits(words, ts, in_order))
        if found:
            return found
    return ()


def _one_of(codes: Sequence[str]) -> str:
    return codes[0] if len(codes) == 1 else f"{', '.join(codes[:-1])} or {codes[-1]}"


def find(typed: str, shortcuts: Sequence[Shortcut]) -> Found:
    """The shortcuts `typed` names: the seat number, then a unique prefix of a key of that seat
    (case and hyphens aside; a whole key wins over longer ones: 'sword' is not 'sword+arrow'),
    then any words that pick among the actions under that code (`narrow`)."""
    seat, words = _split(typed)
    mine = [s for s in shortcuts if _split(s.code)[0] == seat]
    if not mine:
        return Found(message=f"seat {seat} has no code now" if seat else "")
    keys: list[str] = []
    for s in mine:
        key = " ".join(_split(s.code)[1])
        if key not in keys:
            keys.append(key)
    named = [f"{seat} {k}".strip() for k in keys]
    if not words:
        # A bare seat number never plays, even the seat's one code: a person in a hurry may
        # press Enter too soon.
        return Found(message=f"seat {seat}: which? {_one_of(named)}" if seat else "")
    # The longest run of words that starts a key is the key ('holy hand grenade' too).
    for n in range(len(words), 0, -1):
        typed_key = _squash("".join(words[:n]))
        matching = [k for k in keys if _squash(k).startswith(typed_key)]
        if matching:
            break
    else:
        if not seat:
            return Found()
        return Found(message=f"seat {seat} has no code starting {shown(words[0])!r}: "
                             f"{', '.join(named)}")
    whole = [k for k in matching if _squash(k) == typed_key]
    matching = whole or matching
    if len(matching) > 1:
        return Found(message=f"{shown(typed.strip())!r} could be "
                             f"{_one_of([f'{seat} {k}'.strip() for k in matching])}")
    group = [s for s in mine if " ".join(_split(s.code)[1]) == matching[0]]
    rest = words[n:]
    picked = narrow(rest, group)
    if not picked:
        choices = "; ".join(s.detail or "-" for s in group[:MENTIONED])
        more = f"; and {len(group) - MENTIONED} more" if len(group) > MENTIONED else ""
        return Found(message=f"{group[0].code}: nothing matches {shown(' '.join(rest))!r} "
                             f"({choices}{more})")
    return Found(picked)


def labelled(options: Sequence[Shortcut]) -> list[tuple[str, Shortcut]]:
    """The choices of a follow-up question with their letters (none past the alphabet: then the
    person types words of the choice)."""
    if len(options) > len(LABELS):
        return [("", o) for o in options]
    return list(zip(LABELS, options, strict=False))


def choose(state: State, read: Reader, say: Say, *, label: str,
           shortcuts: Sequence[Shortcut] | None = None, numbered: bool = True,
           listed: Sequence[Action] | None = None, command: Command | None = None,
           explain: Explain | None = None) -> Action | TakeBack | None:
    """Ask until the answer names a legal action: a number of the list (`listed`, default every
    legal action; if `numbered`), a short code, or the notation; q, quit or None from `read`
    stop (None is returned). An answer that is a `command` is carried out first (a `TakeBack`
    is returned). A code several actions share asks which (`_which`). A reader's `TimeIsUp`
    becomes the time running out. An answer that names nothing legal is told why: a number out
    of the list's range says the range, `explain` may say what the game sees wrong in it (a card
    that does not exist), and a long list of what is legal is summarised."""
    legal = state.legal_actions() if listed is None else listed
    pending: str | None = None
    while True:
        if pending is None:
            try:
                answer = read(label, "")
            except TimeIsUp:
                return _time_up(state)
            if answer is None:
                return None
        else:
            answer, pending = pending, None
        answer = answer.strip()
        if not answer:
            continue
        if answer.lower() in STOP_WORDS:
            return None
        if command is not None:
            done = command(answer)
            if isinstance(done, TakeBack):
                return done
            if done:
                continue
        number = whole_number(answer, least=1, most=len(legal)) if numbered else None
        if number is not None:  # ('9' * 5000 is no number here, not a crash)
            return legal[number - 1]
        found = find(answer, shortcuts) if shortcuts else Found()
        if len(found.options) == 1:
            return found.options[0].action
        if found.options:
            try:
                outcome = _which(found.options, shortcuts or (), read, say)
            except TimeIsUp:
                return _time_up(state)
            if isinstance(outcome, Action) or outcome is None:
                return outcome
            pending = outcome or None  # another answer to read from the start; '': back
            continue
        try:
            return state.parse_action(answer)
        except DungeoneerError as exc:
            why = found.message or _out_of_range(answer, len(legal) if numbered else 0) or \
                (explain(state, answer) if explain is not None else None) or str(exc)
            say(f"[red]{escape(summarised(why))}[/red]")  # '[at CARD]' is no markup
            # (the next answer starts on an empty line: the message says what was typed wrong)


def _out_of_range(answer: str, count: int) -> str | None:
    """'there is no action 7 (1-2)' for a whole number outside the list (`count` numbered)."""
    if not count or not answer.isdigit() or len(answer) > 12:
        return None
    number = int(answer)
    if 1 <= number <= count:
        return None
    span = "1" if count == 1 else f"1-{count}"
    return f"there is no action {number} ({span})"


def summarised(message: str) -> str:
    """`message` with a long list after 'legal here: ' cut to its first few, the rest counted
    (75 orderings of one payment are no help to read)."""
    head, marker, listed = message.partition("legal here: ")
    items = listed.split(", ")
    if not marker or len(items) <= LEGAL_SHOWN:
        return message
    return (f"{head}{marker}{', '.join(items[:LEGAL_SHOWN])} and {len(items) - LEGAL_SHOWN} "
            "more (the list above numbers them)")


def _which(options: Sequence[Shortcut], shortcuts: Sequence[Shortcut], read: Reader,
           say: Say) -> Action | str | None:
    """The follow-up question of a code several actions share: a letter, or words that pick one
    (`narrow`). Returns the action, None (stop), '' (back to the first question) or an answer
    that is none of these choices, to be read as a first answer (a person may change their
    mind and type another code at once)."""
    code = options[0].code
    # Words every action of the code starts with are said once, in the question: 'at which?'
    # (of them all: the choices left after some words may share a card, no part of a question).
    common = _common_start([s.detail.split() for s in shortcuts if s.code == code])
    while True:
        choices = labelled(options)
        asked = " ".join([*common, "which?"])
        say(f"[bold]{escape(code)}[/bold] {escape(asked)} (a letter or words of it; empty: back)")
        for letter, option in choices:
            rest = " ".join(option.detail.split()[len(common):])
            say(f"  {letter + ') ' if letter else ''}{escape(rest or '-')}")
        answer = read(code, "")
        if answer is None:
            return None
        answer = answer.strip()
        if not answer:
            return ""
        if answer.lower() in STOP_WORDS:
            return None
        for letter, option in choices:
            if letter and answer.lower() == letter:
                return option.action
        picked = narrow(answer.lower().split(), options)
        if len(picked) == 1:
            return picked[0].action
        if not picked:
            return answer
        options = picked


def _common_start(details: Sequence[list[str]]) -> list[str]:
    """The words every detail starts with (all but the last word of the shortest)."""
    shortest = min(len(words) for words in details) - 1
    common: list[str] = []
    for i in range(max(0, shortest)):
        if len({words[i] for words in details}) > 1:
            break
        common.append(details[0][i])
    return common


def _time_up(state: State) -> Action:
    """The time ran out while the person was choosing: the game's action for it."""
    if not isinstance(state, RealTimeState):
        raise RuntimeError("a reader said the time is up in a game without a timer")
    return state.time_runs_out()
