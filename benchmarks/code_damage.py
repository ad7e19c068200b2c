"""Deal codes damaged as people and fuzzers damage them: how many are refused, how many still read
as the same deal (a case or look-alike change), and how many deal another deal, for codes with
the check character and for the same codes written without it.

    python benchmarks/code_damage.py --codes 3081

Each code is of a random deal (the front faces in turn, short and layout forms in turn, one seed
in three below 1,000), damaged once in each way asked; the same --seed gives the same codes and
the same damage.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.puzzle_dungeon import PuzzleDungeon
from dungeoneer.generator.codes import deal_from_code, layout_code, short_code

TYPED = "0123456789abcdefghjkmnpqrstvwxyz.LZ-_²"
"""What damage puts in: base-32 digits, separators, others (the fuzzers' characters)."""
WORDS = ("", "x", "0", "-1", "L", "rogue", "warrior", "99999999999999999999", "ü", " ")
"""What a part of a code may be replaced by."""
HEROES = ("Rogue", "Bodyguard", "Warrior", "Alchemist")
DAMAGE = {
    "typos": ("replace", "swap"),
    "put in or left out": ("insert", "delete"),
    "as the fuzzers do": ("replace", "insert", "delete", "part", "several"),
}
"""The kinds of damage measured: one typo (a character changed, or two neighbours swapped);
one character put in or left out; and the fuzzers' mix (one to three changes, put-ins,
leave-outs or parts replaced)."""


def damaged(code: str, kinds: tuple[str, ...], rnd: random.Random) -> str:
    """`code` with damage of the kinds given."""
    chars = list(code)
    steps = rnd.randint(1, 3) if "several" in kinds else 1
    for _ in range(steps):
        how = rnd.choice([kind for kind in kinds if kind != "several"])
        at = rnd.randrange(len(chars))
        if how == "replace":
            chars[at] = rnd.choice([c for c in TYPED if c.lower() != chars[at].lower()])
        elif how == "swap" and at + 1 < len(chars):
            chars[at], chars[at + 1] = chars[at + 1], chars[at]
        elif how == "insert":
            chars.insert(at, rnd.choice(TYPED))
        elif how == "delete" and len(chars) > 1:
            del chars[at]
        elif how == "part":
            parts = "".join(chars).split(".")
            parts[rnd.randrange(len(parts))] = rnd.choice(WORDS)
            chars = list(".".join(parts))
    return "".join(chars)


def tally(count: int, kinds: tuple[str, ...], checked: bool, seed: int) -> Counter[str]:
    """What `count` damaged codes (with check characters, or written without) read as."""
    rnd = random.Random(seed)
    outcomes: Counter[str] = Counter()
    for i in range(count):
        game = PuzzleDungeon(hero=HEROES[i % len(HEROES)])
        deal = rnd.randrange(1000) if i % 3 == 0 else rnd.randrange(2**64)
        code = (layout_code if i % 2 else short_code)(game, deal)
        text = damaged(code.text() if checked else code.body(), kinds, rnd)
        try:
            read = deal_from_code(text)
        except DungeoneerError:
            outcomes["refused"] += 1
            continue
        outcomes["same deal" if read == game.new_initial_state(seed=deal) else
                 "another deal"] += 1
    return outcomes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--codes", type=int, default=3081)
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args()
    print(f"{'damage':<20} {'codes':<27} {'refused':>8} {'same deal':>10} {'another deal':>13}")
    for name, kinds in DAMAGE.items():
        for checked in (True, False):
            found = tally(args.codes, kinds, checked, args.seed)
            form = "with check characters" if checked else "without (as before)"
            print(f"{name:<20} {form:<27} {found['refused']:>8} {found['same deal']:>10} "
                  f"{found['another deal']:>13}")


if __name__ == "__main__":
    main()
