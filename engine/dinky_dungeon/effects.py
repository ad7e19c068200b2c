"""Dinky Dungeon adventurer effects, one function per card, each next to its printed text.

An effect does not decide anything itself: it pushes tasks onto the table (`engine.dinky_dungeon
.game.Table`); a task that needs a choice becomes a decision, offered as actions to the player who
makes it. Tasks run last pushed, first run, so an effect pushes its steps in reverse order.
"""

from __future__ import annotations

COPIERS = ("necromancer", "clown")
"""Effects that perform another card's effect; a copied effect can't be one of them
(docs/rules/dinky-dungeon.md, R3), so copying always ends."""


def necromancer(t, seat: int, copied: bool) -> None:
    """Select 1 card from the adventurer discard deck and perform its effect."""
    names = sorted({n for n in t.adventurer_discard if t.effect_of(n) not in COPIERS})
    t.push(("copy", seat, "Necromancer", tuple(names)))


def magician(t, seat: int, copied: bool) -> None:
    """All other players individually choose up to 3 of their rewards to keep, discarding the
    others. (Scapegoat icon.)"""
    for target in reversed(t.targets(seat)):
        t.push(("keep_rewards", target, 3, ()))


def summoner(t, seat: int, copied: bool) -> None:
    """Select any 3 cards from the dungeon discard deck and gain them."""
    t.push(("choose_discard", seat, min(3, len(t.dungeon_discard)), 0))


def shaman(t, seat: int, copied: bool) -> None:
    """Select up to 8 "Lv. 1" monsters from the dungeon discard deck and gain them."""
    available = sum(1 for v in t.dungeon_discard if v == 1)
    t.push(("ones", seat, "discard", min(8, available)))


def swordsman(t, seat: int, copied: bool) -> None:
    """Select up to 4 "Lv. 1" monsters from the dungeon deck and gain them. Then, shuffle the
    dungeon deck."""
    t.push(("shuffle_dungeon",))
    available = sum(1 for v in t.dungeon if v == 1)
    t.push(("ones", seat, "deck", min(4, available)))


def bard(t, seat: int, copied: bool) -> None:
    """Draw 3 cards from the adventurer deck, add them to your hand, and then discard 2 cards
    from your hand. Play 1 of the remaining 2 cards."""
    for _ in range(3):
        card = t.draw_adventurer()
        if card is not None:
            t.hands[seat] = tuple(sorted((*t.hands[seat], card)))
            t.say(f"Seat {seat + 1} draws an adventurer.")
    t.push(("play", seat, "bard"))
    t.push(("discard_adventurer", seat, min(2, len(t.hands[seat]))))


def berserker(t, seat: int, copied: bool) -> None:
    """Reveal 1 card from the dungeon deck and gain it. You can repeat this as long as you like;
    however, if you reveal a monster of "Lv. 3" or higher, discard all rewards gained this
    turn."""
    t.push(("berserk_reveal", seat))


def assassin(t, seat: int, copied: bool) -> None:
    """All other players discard 3 random reward cards. (Scapegoat icon.)"""
    for target in t.targets(seat):
        lost = t.random_rewards(target, 3)
        t.discard_rewards(target, lost)
        t.say(f"Seat {target + 1} discards {len(lost)} random reward cards: "
              f"{' '.join(map(str, lost)) or 'none'}.")


def fighter(t, seat: int, copied: bool) -> None:
    """If any player has more reward cards than you, draw 3 cards from the dungeon deck and gain
    them."""
    mine = len(t.rewards[seat])
    if any(len(r) > mine for r in t.rewards):
        t.draw_dungeon(seat, 3)
    else:
        t.say("No player has more reward cards: the Fighter draws nothing.")


def ninja(t, seat: int, copied: bool) -> None:
    """Discard up to 1 reward card. Draw cards from the dungeon deck equal to the value of the
    discarded card + 1 and gain them. If you don't discard, draw 1 dungeon card and gain it."""
    t.push(("ninja", seat))


def clown(t, seat: int, copied: bool) -> None:
    """All players, including yourself, reveal their hand. Choose one adventurer card and perform
    its effect. (No cards are discarded.)"""
    for other, hand in enumerate(t.hands):
        t.say(f"Seat {other + 1} reveals: {', '.join(hand) or 'no cards'}.")
    names = sorted({n for hand in t.hands for n in hand if t.effect_of(n) not in COPIERS})
    t.push(("copy", seat, "Clown", tuple(names)))


def scapegoat(t, seat: int, copied: bool) -> None:
    """When played: draw two cards from the top of the dungeon deck."""
    t.draw_dungeon(seat, 2)


def monk(t, seat: int, copied: bool) -> None:
    """All other players declare their reward value. Draw 1 card from the dungeon deck for each
    player whose value is higher than yours, and gain them. (Reconstructed; Scapegoat icon.)"""
    mine = sum(t.rewards[seat])
    higher = 0
    for target in t.targets(seat):
        value = sum(t.rewards[target])
        t.declared = (*t.declared, (target, value))
        t.say(f"Seat {target + 1} declares a reward value of {value}.")
        higher += value > mine
    if higher:
        t.draw_dungeon(seat, higher)


def lord(t, seat: int, copied: bool) -> None:
    """Give 1 of your rewards to each other player. Then take 1 reward card at random from each
    of them. (Reconstructed; Scapegoat icon.)"""
    targets = t.targets(seat)
    for target in reversed(targets):
        t.push(("lord_take", seat, target))
    for target in reversed(targets):
        t.push(("give", seat, target))


EFFECTS = {f.__name__: f for f in (necromancer, magician, summoner, shaman, swordsman, bard,
                                   berserker, assassin, fighter, ninja, clown, scapegoat, monk,
                                   lord)}
