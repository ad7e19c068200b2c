"""Puzzle Dungeon's text notation (what a record line holds) and JSON, in matched pairs.

Cards: an arsenal card is its value and suit letter (`5M` is the 5 Mitt; T Torch, C Claw, H Hand,
M Mitt). A monster is its name with hyphens for spaces (`Stone-Golem`). Actions:

    deal                  the Deal action
    attack 2              attack the front monster of column 2 (columns 1-4, left to right)
    treasure Rope-Snare   the Treasure action
    pay 6M 4T 3H Goblin   match the defense: the arsenal cards (front first), hand cards (in the
                          order discarded, where an ability reads the discard pile's order), and
                          monsters whose weapon is exhausted; `Dragon:T` uses one suit of a King's
                          weapon, `0T=M` a wild card matching Mitt
    resolve Goblin:Loot   resolve this one of several abilities triggered together first
    yes / no              a "you may"
    column 3, 5M, Goblin  the column, card or monster an ability asks for
    choose draw           a mode of an "X or Y" ability, by its label
    swap 5M 3C            the two adjacent arsenal cards to swap
    done                  stop picking ("up to four cards")
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dungeoneer.engine.errors import ActionSyntaxError, IllegalActionError
from dungeoneer.engine.protocol import Action
from dungeoneer.engine.puzzle_dungeon import effects, rules
from dungeoneer.engine.puzzle_dungeon.board import Batch, Frame
from dungeoneer.engine.puzzle_dungeon.constants import SUIT_LETTERS, SUITS

if TYPE_CHECKING:
    from dungeoneer.engine.puzzle_dungeon.state import PuzzleState

VERBS = ("deal", "attack", "treasure", "pay", "resolve", "yes", "no", "done", "column",
         "choose", "swap")


# ----------------------------------------------------------------------------- to text

def card_code(state: PuzzleState, card: int) -> str:
    return state.rules.cards.arsenal[card].code


def monster_key(state: PuzzleState, monster: int) -> str:
    return state.rules.cards.monsters[monster].key


def _pay_tokens(state: PuzzleState, payment: rules.Payment) -> list[str]:
    arsenal = state.rules.cards.arsenal
    tokens = []
    for card, suit in (*payment.arsenal, *payment.hand):
        token = arsenal[card].code
        if arsenal[card].suit != suit:
            token += "=" + SUIT_LETTERS[suit]
        tokens.append(token)
    for monster, suits in payment.weapons:
        weapon = tuple(sorted(rules.face(state, monster).weapon))
        token = monster_key(state, monster)
        if tuple(sorted(suits)) != weapon:
            token += ":" + rules.suits_text(suits)
        tokens.append(token)
    return tokens


def trigger_labels(state: PuzzleState) -> list[str]:
    """Names of the abilities in the pending batch, made distinct with '/2', '/3' if needed."""
    batch = state.stack[-1]
    labels = []
    for trigger in batch.triggers:
        if trigger.ability == effects.KING_FLIP:
            label = f"flip:{monster_key(state, trigger.ctx.subject)}"
        else:
            label = state.rules.ability(trigger.ability).label
        labels.append(label)
    seen: dict[str, int] = {}
    distinct = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        distinct.append(label if labels.count(label) == 1 else f"{label}/{seen[label]}")
    return distinct


def _mode_labels(state: PuzzleState) -> tuple[str, ...]:
    frame = state.stack[-1]
    instr = state.rules.programs[frame.program][frame.pc]
    assert isinstance(instr, effects.OneOf)  # (a mode is asked for by a one_of step)
    return instr.labels


def action_text(state: PuzzleState, action: Action) -> str:
    """An action in the notation."""
    kind, arg = action
    if kind in ("deal", "yes", "no", "done"):
        return kind
    if kind in ("attack", "column"):
        return f"{kind} {arg + 1}"
    if kind == "treasure":
        return f"treasure {state.rules.cards.trap_treasures[arg].key}"
    if kind == "pay":
        return " ".join(["pay", *_pay_tokens(state, arg)])
    if kind == "resolve":
        return f"resolve {trigger_labels(state)[arg]}"
    if kind == "card":
        return card_code(state, arg)
    if kind == "monster":
        return monster_key(state, arg)
    if kind == "choose":
        return f"choose {_mode_labels(state)[arg]}"
    if kind == "swap":
        return f"swap {card_code(state, arg[0])} {card_code(state, arg[1])}"
    raise ValueError(f"not a Puzzle Dungeon action: {action!r}")


# ----------------------------------------------------------------------------- from text

def _canonical(text: str) -> str:
    words = text.lower().replace(",", " ").split()
    if words and words[0] == "pay":
        tokens = []
        for token in words[1:]:
            if ":" in token:
                name, suits = token.split(":", 1)
                token = name + ":" + "".join(sorted(suits))
            tokens.append(token)
        words = ["pay", *sorted(tokens)]
    return " ".join(words)


def _aliases(state: PuzzleState, action: Action) -> list[str]:
    """Other ways to write an action: a King's weapon may be written with both its suits."""
    if action.kind != "pay" or not action.arg.weapons:
        return []
    spelled = _pay_tokens(state, action.arg)
    changed = False
    for i, (_monster, suits) in enumerate(action.arg.weapons):
        j = len(action.arg.arsenal) + len(action.arg.hand) + i
        if ":" not in spelled[j]:
            spelled[j] = f"{spelled[j]}:{rules.suits_text(suits)}"
            changed = True
    return [" ".join(["pay", *spelled])] if changed else []


def _same_hand_order(state: PuzzleState, action: Action, text: str) -> bool:
    """A payment's hand cards are written in the order they are discarded. The order is part of
    the action only where an ability reads the discard pile's order (D18); elsewhere any order
    names the one payment."""
    if action.kind != "pay" or len(action.arg.hand) < 2:
        return True
    if not state.rules.discard_order.live(state):
        return True
    hand = [card_code(state, card).lower() for card, _suit in action.arg.hand]
    written = [token.split("=")[0] for token in text.lower().replace(",", " ").split()[1:]]
    return [code for code in written if code in hand] == hand


def parse_action(state: PuzzleState, text: str) -> Action:
    """The legal action the text names."""
    wanted = _canonical(text)
    if not wanted:
        raise ActionSyntaxError("an empty line is not an action", text=text)
    legal = state.legal_actions()
    for action in legal:
        written = action_text(state, action)
        if ((_canonical(written) == wanted
             or any(_canonical(a) == wanted for a in _aliases(state, action)))
                and _same_hand_order(state, action, text)):
            return action
    _check_syntax(state, wanted, text)
    reason = "this action is not legal here"
    if state.options and wanted.split()[0] in ("deal", "attack", "treasure"):
        reason = "an ability is waiting for a choice, so no action can be taken yet"
    elif not state.options and wanted.split()[0] not in ("deal", "attack", "treasure"):
        reason = ("no choice is pending here (a choice with only one option is made "
                  "automatically and is not written)")
    raise IllegalActionError(reason, legal=[action_text(state, a) for a in legal], text=text)


def _check_syntax(state: PuzzleState, wanted: str, text: str) -> None:
    first = wanted.split()[0]
    cards = state.rules.cards
    known = (first in VERBS
             or any(c.code.lower() == first for c in cards.arsenal)
             or any(m.key.lower() == first for m in cards.monsters))
    if not known:
        raise ActionSyntaxError(
            "not an action in Puzzle Dungeon's notation (deal, attack N, pay ..., resolve ..., "
            "yes, no, column N, a card like 5M, a monster like Goblin, choose LABEL, swap A B, "
            "done, treasure NAME)", text=text)


def describe_illegal(state: PuzzleState, action: Action) -> str:
    """An action that may not be legal, in words, for an error message."""
    try:
        return repr(action_text(state, action))
    except (ValueError, IndexError, AttributeError, TypeError):
        return repr(action)


# ----------------------------------------------------------------------------- prompts

def prompt(state: PuzzleState) -> str:
    """What the pending decision asks."""
    if not state.options:
        return ""
    top = state.stack[-1]
    if type(top) is Batch:
        return "Several abilities triggered together: choose which to resolve first."
    frame: Frame = top
    if frame.program >= effects.FIRST_CARD_PROGRAM:
        ability = state.rules.ability(frame.program)
        return f"{ability.owner_name}: \u201c{ability.text}\u201d"
    if frame.program == effects.ATTACK_ACTION:
        target = frame.ctx.subject
        defense = rules.defense_of(state, target)
        suits = " ".join(SUITS[s] for s in range(4) for _ in range(defense[s]))
        return f"Match the {state.rules.cards.monsters[target].name}'s defense ({suits})."
    return "Choose."


# ----------------------------------------------------------------------------- JSON

def card_json(state: PuzzleState, card: int) -> dict[str, Any]:
    c = state.rules.cards.arsenal[card]
    return {"suit": SUITS[c.suit], "value": c.value}


def monster_json(state: PuzzleState, monster: int) -> dict[str, Any]:
    m = state.rules.cards.monsters[monster]
    king = bool(state.kings >> monster & 1)
    face = m.king if king else m.front
    return {"name": m.name, "type": m.type, "king": king,
            "exhausted": bool(state.exhausted >> monster & 1),
            "weapon": [SUITS[s] for s in face.weapon],
            "defense": [SUITS[s] for s in range(4) for _ in range(face.defense[s])]}


def state_json(state: PuzzleState) -> dict[str, Any]:
    """The whole position."""
    tts = state.rules.cards.trap_treasures
    outcome = state.outcome()
    return {
        "game": "puzzle-dungeon",
        "hero": state.rules.hero.name,
        "columns": [[monster_json(state, m) for m in column] for column in state.columns],
        "arsenal": [card_json(state, c) for c in state.arsenal],
        "hand": [card_json(state, c) for c in rules.bits(state.hand)],
        "deck": [card_json(state, c) for c in state.deck],
        "discard": [card_json(state, c) for c in state.discard],
        "collected": [monster_json(state, m) for m in rules.bits(state.collected)],
        "attached": [{"card": card_json(state, a.card),
                      "to": "hero" if a.host < 0 else state.rules.cards.monsters[a.host].name,
                      "status": a.status, "exhausted": a.exhausted} for a in state.attached],
        "traps": [tts[t].name for t in state.traps],
        "treasures": [tts[t].name for t in state.treasures],
        "removed": [tts[t].name for t in state.removed],
        "prey": [{"prey": kind, "collected": have, "needed": need}
                 for kind, have, need in rules.prey_progress(state)],
        "decision": state.prompt() or None,
        "legal": [action_text(state, a) for a in state.legal_actions()],
        "outcome": outcome.to_json() if outcome else None,
        "chance": {"pending": list(state.forced)},
    }
