"""Random small card sets and positions, for checking the solver's reductions against a search
that makes none.

A card set here is a folder of the five card files the loader reads, drawn from a seed: a hero
"Tester" with random abilities, three "active" monsters with random Loot and King abilities, and
seventeen plain fillers; sometimes a Trap & Treasure card. The abilities are random programs of
the effect language (every op, `may`, `one_of`), with values that fall in the middle of a suit as
well as at its ends. A position lays the active monsters out in the columns with the fillers
collected, and spreads a short arsenal over the zones with a small deck, so that a search with no
reduction at all still finishes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon, PuzzleState, effects, load_card_set
from dungeoneer.engine.rng import Stream

SUITS = ("Torch", "Claw", "Hand", "Mitt")
TYPES = ("prey", "other")
FILLERS = 17
ACTIVE = 3
SOURCE = "reconstructed: random test card"


def _toml(value: object) -> str:
    """A value as inline TOML (strings, numbers, booleans, lists and tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


class _Draw:
    """Random choices from a seeded stream."""

    def __init__(self, seed: int) -> None:
        self.stream = Stream(seed)

    def below(self, n: int) -> int:
        return self.stream.below(n)

    def pick(self, items):
        return items[self.stream.below(len(items))]

    def chance(self, one_in: int) -> bool:
        return self.stream.below(one_in) == 0

    def suits(self, n: int) -> list[str]:
        return [self.pick(SUITS) for _ in range(n)]


def _step(d: _Draw, values: list[int], trigger: str, depth: int = 0) -> dict:
    """One random effect step (any op of the language), the ops that read a card's identity or
    order (the hand shuffled into the deck, 'the first dealt' card, the discard pile's order)
    drawn more often: they are where a reduction can go wrong."""
    if depth == 0 and d.chance(5):
        if d.below(3):
            return {"op": "may", "do": [_step(d, values, trigger, 1)
                                        for _ in range(1 + d.below(2))]}
        return {"op": "one_of", "modes": [{"label": f"m{i}", "do": [_step(d, values, trigger, 1)]}
                                          for i in range(2)]}
    risky = [
        lambda: {"op": "shuffle_into_deck", "from": ["hand"], "count": d.pick(("all", 2))},
        lambda: {"op": "shuffle_into_deck", "from": ["hand", "discard"], "count": 2},
        lambda: {"op": "draw_from_discard", "card": "any", "value": d.pick(values)},
        lambda: {"op": "draw_from_discard", "card": "top"},
        lambda: {"op": "shuffle_into_deck", "from": ["discard"], "count": d.pick(("all", 2))},
        lambda: {"op": "discard", "count": 1 + d.below(2)},
    ]
    plain = [
        lambda: {"op": "draw", "count": 1 + d.below(2)},
        lambda: {"op": "discard_it"},
        lambda: {"op": "draw_it"},
        lambda: {"op": "discard_arsenal", "card": d.pick(("front", "any"))},
        lambda: {"op": "discard_deck", "count": 1 + d.below(2)},
        lambda: {"op": "draw_arsenal_front"},
        lambda: {"op": "shuffle_into_deck", "from": ["discard"], "count": d.pick((1, 3))},
        lambda: {"op": "shuffle_into_deck", "from": ["discard"], "count": 2, "card": "bottom"},
        lambda: {"op": "shuffle_into_deck", "from": ["arsenal"], "count": 1, "card": "front"},
        lambda: {"op": "shuffle_into_deck", "from": ["arsenal", "discard"], "count": 2,
                 "up_to": True, "same_suit": d.chance(2)},
        lambda: {"op": "shuffle_into_deck", "from": ["arsenal"], "count": 2},
        lambda: {"op": "swap_arsenal"},
        lambda: {"op": "attach_arsenal_front"},
        lambda: {"op": "reverse_column", "column": d.pick(("any", "this"))},
        lambda: {"op": "shuffle_column", "column": d.pick(("any", "this"))},
        lambda: {"op": "redeal", "columns": 1 + d.below(4)},
        lambda: {"op": "swap_fronts",
                 "columns": d.pick(("this_and_adjacent", "leftmost_and_rightmost"))},
        lambda: {"op": "swap_front_back", "column": "any"},
        lambda: {"op": "reveal", "target": "back_of_column"},
        lambda: {"op": "reveal", "target": "of_type", "type": d.pick(TYPES)},
        lambda: {"op": "defeat", "column": d.pick(("any", "this")), "king": d.chance(3)},
        lambda: {"op": "exhaust", "target": d.pick(("collected", "each_collected",
                                                    "adjacent_to_this", "front_of_each_column",
                                                    "wizard"))},
        lambda: {"op": "ready", "target": d.pick(("collected", "each_collected", "it",
                                                  "wizard"))},
        lambda: {"op": "shuffle_this_into_column", "column": "most"},
        lambda: {"op": "trigger_loot", "target": "other_collected"},
    ]
    if trigger == "after_setup" or d.chance(6):
        # (looked for after set up, 'the first dealt' card switches card classes off, so rarely)
        risky.append(lambda: {"op": "attach_first_dealt", "suit": d.pick(SUITS),
                              "status": "wizard"})
    if trigger != "attack":  # (an attack that triggers an attack nests for ever)
        plain.append(lambda: {"op": "attack", "column": d.pick(("any", "adjacent"))})
    return d.pick(risky if d.chance(2) else plain)()


def _effect(d: _Draw, values: list[int], trigger: str) -> list[dict]:
    return [_step(d, values, trigger) for _ in range(1 + d.below(2))]


OWNER_OF_FACE = {"front": "monster", "king": "monster", "hero": "hero", "trap": "trap_treasure",
                 "treasure": "trap_treasure"}


def _fitting_effect(d: _Draw, values: list[int], trigger: str, face: str) -> list[dict]:
    """A random effect the loader accepts for this trigger and card (`effects.check_context`:
    'it' and 'this' must be there)."""
    while True:
        steps = _effect(d, values, trigger)
        program = effects.compile_effect(steps)
        if effects.check_context(program, trigger, OWNER_OF_FACE[face]) is None:
            return steps


def _static(d: _Draw, values: list[int]) -> dict:
    return d.pick((
        {"kind": "no_attack", "columns": d.pick(("leftmost", "middle", "rightmost"))},
        {"kind": "no_weapons"},
        {"kind": "ignore", "abilities": d.pick(("trophy", "loot", "monster_king"))},
        {"kind": "wild", "values": [d.pick(values)]},
        {"kind": "wild_weapons"},
    ))


SYMBOLS = {"loot": "Loot:", "trophy": "Trophy:", "reveal": "Reveal:",
           "monster_king": "Monster King:", "trap": "Trap:", "treasure": "Treasure:"}


def _ability(d: _Draw, values: list[int], trigger: str, face: str,
             while_collected: bool = False) -> str:
    text = SYMBOLS.get(trigger, "")
    if while_collected:
        text = "While this Monster King is collected, " + text
    lines = [f"face = {_toml(face)}", f"text = {_toml((text + ' a random test ability').strip())}",
             f"trigger = {_toml(trigger)}", f"source = {_toml(SOURCE)}"]
    if while_collected:
        lines.append('while = "collected"')
    if trigger == "static":
        lines.append(f"static = {_toml(_static(d, values))}")
    else:
        if trigger in ("deal", "draw") and d.chance(2):
            chosen = d.pick(({"value": d.pick(values)}, {"suit": d.pick(SUITS)}))
            lines.append(f"filter = {_toml(chosen)}")
        if trigger == "attack" and d.chance(3):
            lines.append('filter = { king = true }')
        lines.append(f"effect = {_toml(_fitting_effect(d, values, trigger, face))}")
    return "\n".join(lines)


def _value_reader(d: _Draw, values: list[int]) -> str:
    """A hero ability that reads a card value, most often one in the middle of the suits (the
    values a reduction keyed by suit and value alone gets wrong)."""
    inner = sorted(values)[1:-1]
    value = d.pick(inner) if inner and d.below(4) else d.pick(values)
    lines = ['face = "hero"', 'text = "a random test ability"', f"source = {_toml(SOURCE)}"]
    kind = d.below(3)
    if kind == 0:
        lines += ['trigger = "static"', f"static = {_toml({'kind': 'wild', 'values': [value]})}"]
    else:
        lines += [f"trigger = {_toml(d.pick(('deal', 'draw')))}",
                  f"filter = {_toml({'value': value})}",
                  f"effect = {_toml(_fitting_effect(d, values, 'deal', 'hero'))}"]
    return "\n".join(lines)


HERO_TRIGGERS = ("collect", "trophy", "deal", "draw", "attack", "king_revealed", "monster_king",
                 "after_setup", "static")
KING_TRIGGERS = ("reveal", "static", "collect", "king_revealed", "deal", "draw", "attack", "loot")
MONSTER_FIELDS = ("name", "type", "weapon", "defense", "king_weapon")


def _monster(d: _Draw, name: str, kind: str, values: list[int], abilities: bool) -> str:
    source = _toml({field: SOURCE for field in MONSTER_FIELDS})
    defense = d.suits(4) if abilities else ["Claw"] * 4
    parts = [f"[[monster]]\nname = {_toml(name)}\ntype = {_toml(kind)}\n"
             f"weapon = {_toml(d.suits(1))}\ndefense = {_toml(defense)}\n"
             f"king_weapon = {_toml(d.suits(2))}\nsource = {source}"]
    if abilities and d.below(4):
        parts.append("[[monster.ability]]\n" + _ability(d, values, "loot", "front"))
    if abilities and d.below(3):
        trigger = d.pick(KING_TRIGGERS)
        collected = trigger not in ("reveal", "static", "loot") and d.chance(3)
        parts.append("[[monster.ability]]\n" + _ability(d, values, trigger, "king", collected))
    return "\n".join(parts)


@dataclass(frozen=True)
class RandomCards:
    """A random card folder and what a game of it needs."""

    folder: Path
    values: tuple[int, ...]
    traps: tuple[str, ...]
    treasures: tuple[str, ...]

    def game(self) -> PuzzleDungeon:
        return PuzzleDungeon(load_card_set(self.folder), "Tester", traps=self.traps,
                             treasures=self.treasures)


def random_cards(seed: int, folder: Path) -> RandomCards:
    """Write a random card set into `folder` (the five files), drawn from `seed`."""
    d = _Draw(seed)
    values = sorted({d.below(10) for _ in range(3 + d.below(2))} | {d.below(10)})
    while len(values) < 3:
        values = sorted(set(values) | {d.below(10)})
    if d.chance(3):  # card ids follow the file's order of values, sorted or not
        values = values[1:] + values[:1]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "arsenal.toml").write_text(
        f'version = "random-{seed}"\nsuits = {_toml(list(SUITS))}\nvalues = {_toml(values)}\n'
        f"[source]\nversion = {_toml(SOURCE)}\nsuits = {_toml(SOURCE)}\n"
        f"values = {_toml(SOURCE)}\n", encoding="utf-8")
    monsters = ['[types]\nprey = "reconstructed"\nother = "reconstructed"\n'
                'filler = "reconstructed"']
    for i in range(ACTIVE):
        monsters.append(_monster(d, f"Active {i + 1}", TYPES[i % 2] if i else "prey", values,
                                 True))
    for i in range(FILLERS):
        monsters.append(_monster(d, f"Filler {i + 1}", "filler", values, False))
    (folder / "monsters.toml").write_text("\n\n".join(monsters) + "\n", encoding="utf-8")
    prey = {"prey": 1 + d.below(2)}
    if d.chance(3):
        prey["king"] = 1
    hero_source = _toml({f: SOURCE for f in ("name", "card", "challenge", "prey")})
    hero = [f'[[hero]]\nname = "Tester"\ncard = "Tester"\nchallenge = false\n'
            f"prey = {_toml(prey)}\nsource = {hero_source}"]
    hero.append("[[hero.ability]]\n" + _value_reader(d, values))
    for _ in range(1 + d.below(2)):
        hero.append("[[hero.ability]]\n" + _ability(d, values, d.pick(HERO_TRIGGERS), "hero"))
    (folder / "heroes.toml").write_text("\n\n".join(hero) + "\n", encoding="utf-8")
    traps: tuple[str, ...] = ()
    treasures: tuple[str, ...] = ()
    tts = ""
    if d.chance(4):
        tts = (f'[[card]]\nname = "Gadget"\ntype = {_toml(d.pick(TYPES))}\n'
               f"source = {_toml({'name': SOURCE, 'type': SOURCE})}\n"
               "[[card.ability]]\n" + _ability(d, values, "trap", "trap") + "\n"
               "[[card.ability]]\n" + _ability(d, values, "treasure", "treasure") + "\n")
        if d.chance(2):
            traps = ("Gadget",)
        else:
            treasures = ("Gadget",)
    (folder / "traps_treasures.toml").write_text(tts, encoding="utf-8")
    (folder / "examples.toml").write_text("", encoding="utf-8")
    return RandomCards(folder, tuple(values), traps, treasures)


def random_layout(cards: RandomCards, seed: int) -> dict:
    """A small position of the card set, as `PuzzleDungeon.from_layout` takes it: the active
    monsters in the columns (some as Kings), the fillers collected (most exhausted), the arsenal
    cards spread over the zones with a deck of at most five."""
    d = _Draw(seed)
    game = cards.game()
    columns: list[list[str]] = [[], [], [], []]
    for i in range(ACTIVE):
        columns[d.below(3)].append(f"Active {i + 1}")
    fillers = [f"Filler {i + 1}" for i in range(FILLERS)]
    kings = [f"Active {i + 1}" for i in range(ACTIVE) if d.chance(4)]
    exhausted = [f for f in fillers if d.below(5)]
    order = [c.code for c in game.cards.arsenal]
    for i in range(len(order) - 1, 0, -1):
        j = d.below(i + 1)
        order[i], order[j] = order[j], order[i]
    if d.chance(2):  # a hand of one suit: where hand order and card classes meet
        suit = d.pick("TCHM")
        hand = [code for code in order if code.endswith(suit)][:2 + d.below(2)]
    else:
        hand = order[:1 + d.below(4)]
    rest = [code for code in order if code not in hand]
    arsenal_size, deck_size = 1 + d.below(4), 1 + d.below(5)
    arsenal, deck = rest[:arsenal_size], rest[arsenal_size:arsenal_size + deck_size]
    discard = rest[arsenal_size + deck_size:]
    return {"columns": columns, "arsenal": arsenal, "hand": hand, "deck": deck,
            "discard": discard, "collected": fillers,
            "kings": kings, "exhausted": exhausted, "seed": seed}


def random_position(cards: RandomCards, seed: int) -> PuzzleState:
    """The position of `random_layout`."""
    return cards.game().from_layout(**random_layout(cards, seed))


def relabeled(layout: dict, swap: dict[str, str]) -> dict:
    """The layout with arsenal cards renamed by `swap` (card code -> card code) in every zone."""
    return {**layout, **{zone: [swap.get(code, code) for code in layout[zone]]
                         for zone in ("arsenal", "hand", "deck", "discard")}}
