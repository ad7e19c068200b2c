"""Drawing positions for the terminal with rich: the table as a player would lay it out."""

from __future__ import annotations

from dungeoneer.engine.protocol import State
from dungeoneer.engine.puzzle_dungeon import rules
from dungeoneer.engine.puzzle_dungeon.constants import SUIT_LETTERS
from dungeoneer.engine.puzzle_dungeon.state import PuzzleState
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text


def _letters(suits) -> str:
    return "".join(SUIT_LETTERS[s] for s in suits)


def _defense(counts) -> str:
    return "".join(SUIT_LETTERS[s] * counts[s] for s in range(4))


def monster_cell(state: PuzzleState, monster: int, front: bool) -> Text:
    """A monster card: name (a crown for a Monster King), type, defense and weapon suits."""
    card = state.rules.cards.monsters[monster]
    king = rules.is_king(state, monster)
    face = card.king if king else card.front
    exhausted = bool(state.exhausted >> monster & 1)
    name = ("\u2654 " if king else "") + card.name + (" (exhausted)" if exhausted else "")
    text = Text(name, style="bold" if front else "")
    text.append(f"\n{card.type} {_defense(face.defense)} w:{_letters(face.weapon)}", style="dim")
    return text


def dungeon_table(state: PuzzleState) -> Table:
    """The four columns side by side, back at the top, the front (attackable) card at the bottom."""
    table = Table(show_lines=True, expand=True, title="Dungeon (the bottom card of each column is "
                  "its front)", caption="Each card: name; type, defense suits, w: weapon suits "
                  "(T Torch, C Claw, H Hand, M Mitt); \u2654 Monster King")
    for c in range(len(state.columns)):
        table.add_column(f"Column {c + 1}", ratio=1)
    height = max((len(column) for column in state.columns), default=0)
    for row in range(height):
        cells: list[RenderableType] = []
        for column in state.columns:
            if row < len(column):
                cells.append(monster_cell(state, column[row], row == len(column) - 1))
            else:
                cells.append(Text(""))
        table.add_row(*cells)
    if height == 0:
        table.add_row(*[Text("(empty)", style="dim") for _ in state.columns])
    return table


def _codes(state: PuzzleState, cards) -> str:
    return " ".join(state.rules.cards.arsenal[c].code for c in cards) or "(none)"


def zones(state: PuzzleState, show_deck: bool) -> Text:
    """Arsenal, hand, deck, discard pile, collected monsters, the prey and the variant cards."""
    text = Text()
    arsenal = [state.rules.cards.arsenal[c].code for c in state.arsenal]
    if arsenal:
        arsenal[-1] = f"[{arsenal[-1]}]"
    text.append("Arsenal  ", style="bold")
    text.append(" ".join(arsenal) or "(empty)")
    text.append("   (left to right; [front])\n", style="dim")
    text.append("Hand     ", style="bold")
    text.append(_codes(state, state.hand) + "\n")
    text.append("Deck     ", style="bold")
    if show_deck:
        text.append(f"{_codes(state, state.deck)}", style="")
        text.append(f"   ({len(state.deck)} cards, top first)\n", style="dim")
    else:
        text.append(f"{len(state.deck)} cards\n")
    text.append("Discard  ", style="bold")
    top = state.rules.cards.arsenal[state.discard[-1]].code if state.discard else "-"
    text.append(f"{len(state.discard)} cards, top {top}\n")
    monsters = state.rules.cards.monsters
    collected = []
    for m in state.collected:
        king = rules.is_king(state, m)
        mark = " (exhausted)" if state.exhausted >> m & 1 else ""
        crown = "\u2654 " if king else ""
        collected.append(f"{crown}{monsters[m].name} [{monsters[m].type}]{mark}")
    text.append("Collected ", style="bold")
    text.append((", ".join(collected) or "(none)") + "\n")
    progress = ", ".join(f"{kind} {have}/{need}" for kind, have, need in rules.prey_progress(state))
    text.append("Prey     ", style="bold")
    text.append(f"{state.rules.hero.name}: {progress}\n")
    for attachment in state.attached:
        host = "hero" if attachment.host < 0 else monsters[attachment.host].name
        status = f" as {attachment.status}" if attachment.status else ""
        ready = " (exhausted)" if attachment.exhausted else ""
        text.append(f"Attached {state.rules.cards.arsenal[attachment.card].code} to {host}"
                    f"{status}{ready}\n")
    tts = state.rules.cards.trap_treasures
    if state.traps:
        text.append("Traps    ", style="bold")
        text.append(", ".join(tts[t].name for t in state.traps) + "\n")
    if state.treasures:
        text.append("Treasures ", style="bold")
        text.append(", ".join(tts[t].name for t in state.treasures) + "\n")
    return text


def puzzle_state(state: PuzzleState, *, show_deck: bool = False) -> Group:
    """The whole table."""
    return Group(dungeon_table(state), zones(state, show_deck))


def dinky_state(state, seat: int | None = None) -> RenderableType:
    """A Dinky Dungeon table: as `seat` sees it, or everything (seat None: a replay)."""
    lines = Text()
    lines.append(f"Dinky Dungeon, {state.game.players} players, target {state.game.target}; "
                 f"turn {state.turns + 1}, seat {state.active + 1} to play\n", style="bold")
    lines.append(f"Row          {', '.join(state.row) or '-'}\n")
    lines.append(f"Decks        dungeon {len(state.dungeon)}, adventurers "
                 f"{len(state.adventurers)}\n")
    lines.append(f"Discards     dungeon {' '.join(map(str, state.dungeon_discard)) or '-'}; "
                 f"adventurers {', '.join(state.adventurer_discard) or '-'}\n")
    for other in range(state.game.players):
        shown = seat is None or other == seat
        hand = ", ".join(state.hands[other]) if shown else f"{len(state.hands[other])} cards"
        rewards = (f"{' '.join(map(str, state.rewards[other])) or '-'} "
                   f"(total {sum(state.rewards[other])})" if shown
                   else f"{len(state.rewards[other])} cards")
        lines.append(f"Seat {other + 1}       hand: {hand}; rewards: {rewards}\n")
    return lines


def dungeon_state(state, seat: int | None = None) -> RenderableType:
    """A 5-Minute Dungeon table: the timer, the faced cards and what is played on them, every
    hand (the team talks freely), draw pile sizes and discard piles."""
    from dungeoneer.engine.five_minute_dungeon.game import LIMIT, format_time

    game = state.game
    boss = game.cards.bosses[state.boss - 1].card.name
    lines = Text()
    timer = "PAUSED" if state.paused else "running"
    lines.append(f"5-Minute Dungeon, {game.players} players, boss {state.boss} {boss}; "
                 f"timer {format_time(state.clock)} ({format_time(LIMIT - state.clock)} s left, "
                 f"{timer})\n", style="bold")
    lines.append(f"Dungeon      {len(state.dungeon)} cards left, {len(state.beaten)} dealt with\n")
    if state.event:
        lines.append(f"Event        {state.event}: {game.cards.dungeon[state.event].text}\n",
                     style="bold")
    for name, played in zip(state.faced, state.played, strict=True):
        need, missing = state.needs(state.faced.index(name))
        lacking = ", ".join(f"{k} {s}" for s, k in zip(("sword", "arrow", "jump", "scroll",
                                                          "shield"), need, strict=True) if k)
        card = game.cards.dungeon[name]
        kind = card.type or card.kind.replace("_", "-")
        lines.append(f"Facing       {name} ({kind}): played {', '.join(played) or '-'}; "
                     f"lacks {lacking or '-'} ({missing} missing after Wild Cards)\n")
    if state.tasks and not state.over and not state.event:
        lines.append(f"Waiting for  {state.prompt()}\n", style="bold")
    for other in range(game.players):
        hand = ", ".join(state.hands[other]) if seat is None or seat < 0 or seat == other \
            else f"{len(state.hands[other])} cards"
        lines.append(f"Seat {other + 1} {game.heroes[other]:<11} hand: {hand or '-'}; draw pile "
                     f"{len(state.decks[other])}; discards {len(state.discards[other])}\n")
    return lines


def state_view(state: State, *, show_deck: bool = False,
               seat: int | None = None) -> RenderableType:
    """Any game's state (games without a drawing of their own show their JSON view)."""
    if isinstance(state, PuzzleState):
        return puzzle_state(state, show_deck=show_deck)
    from dungeoneer.engine.dinky_dungeon import DinkyState

    if isinstance(state, DinkyState):
        return dinky_state(state, seat)
    from dungeoneer.engine.five_minute_dungeon import DungeonState

    if isinstance(state, DungeonState):
        return dungeon_state(state, seat)
    import json

    # No drawing of its own yet: what the seat may know, or everything (a replay).
    shown = state.to_json() if seat is None else state.view(seat)
    return Text(json.dumps(shown, indent=2))


def legal_list(state: State) -> Text:
    """The legal actions, numbered."""
    text = Text()
    for i, action in enumerate(state.legal_actions(), start=1):
        text.append(f"{i:>3}. ", style="dim")
        text.append(state.action_text(action) + "\n")
    return text
