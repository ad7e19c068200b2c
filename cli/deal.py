"""`dungeoneer deal`: a Puzzle Dungeon deal laid out as a player would lay it out."""

from __future__ import annotations

import click

from dungeoneer.cli import render
from dungeoneer.cli.options import (
    CARDS,
    DEAL,
    HERO,
    JSON,
    SVG,
    console,
    echo_json,
    force_option,
    note_unchecked,
    output_path,
)
from dungeoneer.engine.registry import Caption
from dungeoneer.generator.deals import deal_json, start_deal


@click.command(short_help="Deal a Puzzle Dungeon puzzle and draw its table.")
@click.argument("deal_spec", metavar="SEED|CODE", type=DEAL)
@HERO
@CARDS
@SVG
@force_option("--svg")
@JSON
def deal(deal_spec: int | str, hero: str | None, cards: str | None, svg: str | None,
         force: bool, as_json: bool) -> None:
    """Deal the Puzzle Dungeon puzzle of SEED (or of a deal CODE such as pd1-4.rogue.42) and draw
    it as a player would lay it out.

    Columns are drawn back (top) to front (bottom); the arsenal left to right, its front the
    rightmost card; the deck top first.

    Example: dungeoneer deal 42 --hero "Skull Rogue"
    """
    output_path(svg, force)
    dealt = start_deal(deal_spec, hero, cards)
    note_unchecked(dealt.note())
    state = dealt.state()
    codes = dealt.codes()
    render.write_picture(svg, state, force, Caption(code=codes[0]))
    if as_json:
        echo_json({"deal": deal_json(state, seed=dealt.seed, codes=codes),
                   "position": state.to_json()})
        return
    out = console()
    out.print(f"[bold]{state.game.info.title}[/bold], deal {codes[0]}, hero "
              f"{state.rules.hero.name}")
    out.print(render.state_view(state, reveal=True))
    if state.prompt():
        out.print(state.prompt())
