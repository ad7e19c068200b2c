"""`dungeoneer cards GAME [NAME]`: a game's cards with their printed text and where each text comes
from (the card data in `seeds/`), all of them or the one NAME names."""

from __future__ import annotations

from collections.abc import Sequence

import click
from rich.markup import escape

from dungeoneer.cli.options import JSON, console, echo_json
from dungeoneer.engine import registry
from dungeoneer.engine.catalogue import CardText, card_named, text_lines
from dungeoneer.engine.errors import DungeoneerError


def game_cards(game: str) -> tuple[str, Sequence[CardText]]:
    """The game's title and cards; DungeoneerError for an unknown game or one without a list."""
    entry = registry.entry(game)
    if entry.cards is None:
        raise DungeoneerError(f"{entry.info.title} has no card list", text=game)
    return entry.info.title, entry.cards()


def _card_json(card: CardText) -> dict[str, str]:
    return {"name": card.name, "kind": card.kind, "text": card.text, "source": card.source,
            "detail": card.detail}


@click.command(name="cards", short_help="A game's cards, with their text and source.")
@click.argument("game")
@click.argument("name", nargs=-1)
@JSON
def cards_command(game: str, name: tuple[str, ...], as_json: bool) -> None:
    """List GAME's cards with their printed text and where each text comes from, or show the
    card NAME names (any case or spacing; the start of a name will do).

    Examples: dungeoneer cards dinky-dungeon; dungeoneer cards dinky-dungeon monk;
    dungeoneer cards five-minute-dungeon "Stop Time"
    """
    title, listed = game_cards(game)
    wanted = " ".join(name)
    shown = card_named(listed, wanted, title) if wanted else list(listed)
    if as_json:
        echo_json([_card_json(card) for card in shown])
        return
    out = console()
    if wanted:
        for line in text_lines(shown):
            out.print(line)
        return
    out.print(f"[bold]{escape(title)}[/bold]: {len({c.name for c in shown})} cards")
    for card in shown:
        facts = f" ({escape(card.detail)})" if card.detail else ""
        out.print(f"[bold]{escape(card.name)}[/bold], {escape(card.kind)}{facts}: "
                  f"{escape(card.text or '(no text)')} [dim]\\[{escape(card.source)}][/dim]")
