"""The `dungeoneer` command line: games, deal, play, replay, simulate, solve, rate, daily,
archive, generate, timer.

Every command is a thin layer over the library; bad input of any kind prints one message
(file, line, the offending text, why) and exits with status 2, never a traceback.
"""

from __future__ import annotations

import json
import secrets
import sys
from pathlib import Path
from typing import Any

import click
import dungeoneer.engine  # noqa: F401  (registers the games)
from dungeoneer.cli import render
from dungeoneer.cli.timer import timer
from dungeoneer.engine import registry
from dungeoneer.engine.errors import DungeoneerError
from dungeoneer.engine.protocol import State
from dungeoneer.engine.puzzle_dungeon import notation
from dungeoneer.engine.puzzle_dungeon.game import make_puzzle_dungeon
from dungeoneer.engine.records import (
    Move,
    Record,
    Step,
    load_deal_file,
    load_record,
    new_record,
    replay,
    save_record,
)
from dungeoneer.engine.rng import MAX_SEED
from dungeoneer.generator.codes import (
    code_start,
    deal_from_code,
    layout_code,
    parse_code,
    short_code,
)
from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

EXIT_BAD_INPUT = 2


def console() -> Console:
    """A console on the current standard output (click's test runner swaps it)."""
    return Console(file=sys.stdout, highlight=False, soft_wrap=False)


class DungeoneerGroup(click.Group):
    """Turns the library's errors into one clear message and exit status 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except DungeoneerError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(EXIT_BAD_INPUT)


@click.group(cls=DungeoneerGroup)
@click.version_option(package_name="dungeoneer")
def cli() -> None:
    """Rules engines, solvers and daily puzzles for Puzzle Dungeon and friends."""


# ----------------------------------------------------------------------------- shared options

class SeedType(click.ParamType):
    """A seed: a whole number from 0 to 2**64 - 1."""

    name = "seed"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        text = str(value).strip()
        if not text.isdigit() or int(text) > MAX_SEED:
            self.fail(f"a seed is a whole number from 0 to {MAX_SEED}, not {value!r}", param, ctx)
        return int(text)


SEED = SeedType()


class DealType(click.ParamType):
    """A deal: a seed (with --hero) or a deal code (pd1.rogue.42, or the layout form)."""

    name = "deal"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int | str:
        text = str(value).strip()
        if text.isdigit():
            return SEED.convert(text, param, ctx)
        if not text.lower().startswith("pd"):
            self.fail(f"a deal is a seed (a whole number from 0 to {MAX_SEED}) or a deal code "
                      f"like pd1.rogue.42, not {value!r}", param, ctx)
        return text


DEAL = DealType()
json_option = click.option("--json", "as_json", is_flag=True,
                           help="Print JSON for programs instead of the table.")
hero_option = click.option("--hero", default="Rogue", show_default=True,
                           help="The hero face to play (see `dungeoneer games`).")
cards_option = click.option("--cards", "cards", type=click.Path(file_okay=False),
                            help="A folder of card files that replace the built-in ones.")


def _puzzle_game(hero: str, cards: str | None, core: bool = False):
    options = {"hero": hero}
    if cards:
        options["cards"] = cards
    if core:
        options["core"] = "yes"
    return make_puzzle_dungeon(options)


def _deal_start(deal: int | str, hero: str, cards: str | None, core: bool = False):
    """(game, seed, set-up lines) for a seed with --hero, or for a deal code (which names its
    own hero)."""
    if isinstance(deal, int):
        return _puzzle_game(hero, cards, core), deal, {}
    ctx = click.get_current_context()
    if ctx.get_parameter_source("hero") == click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("a deal code names its hero; leave out --hero")
    coded, seed, setup = code_start(deal, cards)
    return _puzzle_game(coded.hero.name, cards, core), seed, setup


def _echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


# ----------------------------------------------------------------------------- games

@cli.command()
@json_option
def games(as_json: bool) -> None:
    """The registered games.

    Example: dungeoneer games
    """
    infos = registry.registered()
    if as_json:
        _echo_json([{"name": i.name, "title": i.title, "players": [i.min_players, i.max_players],
                     "hidden_information": i.hidden_information, "real_time": i.real_time,
                     "options": dict(i.options), "setup": dict(i.setup), "summary": i.summary}
                    for i in infos])
        return
    out = console()
    for info in infos:
        players = (f"{info.min_players}" if info.min_players == info.max_players
                   else f"{info.min_players}-{info.max_players}")
        out.print(f"[bold]{info.name}[/bold]  {info.title}, {players} player(s): {info.summary}")
        for name, text in info.options.items():
            out.print(f"    option {name}: {text}")
        if info.name == "puzzle-dungeon":
            heroes = ", ".join(h.name for h in make_puzzle_dungeon({}).cards.heroes)
            out.print(f"    heroes: {heroes}")


# ----------------------------------------------------------------------------- deal

def deal_codes(game, deal: int | str) -> tuple[str, str]:
    """(the short code, the layout code) of a deal given as a seed or a code."""
    if isinstance(deal, int):
        return short_code(game, deal).text(), layout_code(game, deal).text()
    code = parse_code(deal)
    return code.text(), code.text() if code.is_layout else layout_code(game, code.seed).text()


def deal_json(state, seed: int, codes: tuple[str, str] | None = None) -> dict[str, Any]:
    """The deal as {"game", "hero", "seed", "code", "layout_code", "columns", "arsenal", "hand",
    "deck"}."""
    code, layout = codes or (None, None)
    return {
        "game": "puzzle-dungeon",
        "hero": state.rules.hero.name,
        "seed": seed,
        "code": code,
        "layout_code": layout,
        "columns": [[state.rules.cards.monsters[m].name for m in column]
                    for column in state.columns],
        "arsenal": [notation.card_json(state, c) for c in state.arsenal],
        "hand": [notation.card_json(state, c) for c in state.hand],
        "deck": [notation.card_json(state, c) for c in state.deck],
    }


@cli.command()
@click.argument("deal_spec", metavar="SEED|CODE", type=DEAL)
@hero_option
@cards_option
@json_option
def deal(deal_spec: int | str, hero: str, cards: str | None, as_json: bool) -> None:
    """Deal the Puzzle Dungeon puzzle of SEED (or of a deal CODE such as pd1.rogue.42) and draw
    it as a player would lay it out.

    Columns are drawn back (top) to front (bottom); the arsenal left to right, its front the
    rightmost card; the deck top first.

    Example: dungeoneer deal 42 --hero "Skull Rogue"
    """
    game, seed, setup = _deal_start(deal_spec, hero, cards)
    state = game.new_initial_state(seed=seed, setup=setup)
    codes = deal_codes(game, deal_spec)
    if as_json:
        _echo_json(deal_json(state, seed, codes))
        return
    out = console()
    out.print(f"[bold]Puzzle Dungeon[/bold], deal {codes[0]}, hero {state.rules.hero.name}")
    out.print(render.puzzle_state(state, show_deck=True))
    if state.options:
        out.print(state.prompt())


# ----------------------------------------------------------------------------- play

def _choose(state: State, out: Console) -> Any:
    """Ask for a move: a number from the list, the action's text, or q."""
    legal = state.legal_actions()
    while True:
        answer = click.prompt("Your move (number, notation, or q to stop)", prompt_suffix="> ")
        answer = answer.strip()
        if answer.lower() in ("q", "quit"):
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        try:
            return state.parse_action(answer)
        except DungeoneerError as exc:
            out.print(f"[red]{exc}[/red]")


players_option = click.option("--players", type=click.IntRange(2, 6), default=2,
                              show_default=True,
                              help="Players (Dinky Dungeon 2-4, 5 More Minutes 2-6).")
bot_option = click.option("--bot", "bots", multiple=True,
                          help="A bot for the next seat: random or greedy (or human). Give one "
                               "per seat; seats left over are people at the terminal.")
MULTIPLAYER = ("dinky-dungeon", "five-more-minutes")
REAL_TIME = ("five-minute-dungeon",)
boss_option = click.option("--boss", type=click.IntRange(1, 7), default=1, show_default=True,
                           help="5-Minute Dungeon: the boss whose dungeon to attempt.")
heroes_option = click.option("--heroes", help="5-Minute Dungeon: the heroes by seat, "
                             "comma-separated (default Barbarian, Wizard, Paladin, Ranger, "
                             "Thief).")
pace_option = click.option("--pace", type=click.FloatRange(min=0.1), default=None,
                           help="5-Minute Dungeon: seconds each player takes per action (the "
                                "team bot's time model; default 5). People at the terminal "
                                "play against the real clock unless this is given.")


@cli.command()
@click.argument("game_name", metavar="GAME",
                type=click.Choice(["puzzle-dungeon", *MULTIPLAYER, *REAL_TIME]))
@click.option("--seed", type=SEED, help="The deal (default: a random one, printed).")
@hero_option
@cards_option
@players_option
@bot_option
@boss_option
@heroes_option
@click.option("--variant", help="5 More Minutes: rookie, expert, nightmare, or several "
                                 "comma-separated (default standard).")
@click.option("--campaign", is_flag=True,
              help="5-Minute Dungeon: go on to the next boss after each win, up to boss 7 "
                   "(three tries at each dungeon).")
@pace_option
@click.option("--record", "record_path", type=click.Path(dir_okay=False),
              help="Save the game as a record here (written when the game ends or you stop).")
@click.option("--force", is_flag=True, help="Replace an existing record file.")
def play(game_name: str, seed: int | None, hero: str, cards: str | None, players: int,
         bots: tuple[str, ...], boss: int, heroes: str | None, variant: str | None,
         campaign: bool, pace: float | None, record_path: str | None, force: bool) -> None:
    """Play a game at the terminal, choosing among the numbered legal actions; bots can take
    seats of the multi-player games, and a team bot can play a 5-Minute Dungeon run.

    Examples: dungeoneer play puzzle-dungeon --seed 42 --record my-game.rec;
    dungeoneer play dinky-dungeon --players 3 --bot greedy --bot greedy;
    dungeoneer play five-minute-dungeon --players 4 --bot heuristic
    """
    _only_for(game_name, {"hero": ("puzzle-dungeon",), "cards": ("puzzle-dungeon",),
                          "players": (*MULTIPLAYER, *REAL_TIME), "bots": (*MULTIPLAYER, *REAL_TIME),
                          "variant": ("five-more-minutes",), "boss": REAL_TIME,
                          "heroes": REAL_TIME, "campaign": REAL_TIME, "pace": REAL_TIME})
    number = seed if seed is not None else secrets.randbelow(10**9)
    if record_path and Path(record_path).exists() and not force:
        raise DungeoneerError(f"{record_path} already exists; choose another name, or pass "
                              "--force to replace it", file=record_path)
    out = console()
    if game_name in REAL_TIME:
        options = {"players": str(players), "boss": str(boss)}
        if heroes:
            options["heroes"] = heroes
        if campaign:
            options["campaign"] = "yes"
        _play_real_time(registry.get_game(game_name, options), number, bots, pace,
                        record_path, force, out)
        return
    if game_name in MULTIPLAYER:
        options = {"players": str(players)} | ({"variant": variant} if variant else {})
        game = registry.get_game(game_name, options)
        seats = _seat_bots(game_name, bots, players, number)
        shown = f" ({game.variant})" if variant else ""
        out.print(f"[bold]{game.info.title}[/bold]{shown}, seed {number}, {players} players: "
                  + ", ".join(f"seat {i + 1} {b.name if b else 'you'}"
                              for i, b in enumerate(seats)))
        header = {"players": players,
                  "options": {k: v for k, v in game.options().items() if k != "players"}}
    else:
        game = _puzzle_game(hero, cards)
        seats = [None]
        out.print(f"[bold]{game.info.title}[/bold], seed {number}, hero {game.hero.name}")
        header = {"players": None, "options": game.options()}
    state = game.new_initial_state(seed=number)
    moves: list[str] = []
    while not state.is_terminal():
        seat = state.current_player()
        bot = seats[seat] if 0 <= seat < len(seats) else None
        if bot is not None:
            action = bot.choose(state)
        else:
            action = _ask_person(state, out, seat if len(seats) > 1 else None,
                                 bool(getattr(state, "options", None) or len(seats) > 1))
            if action is None:
                break
        text = state.action_text(action)
        # A bot's hidden choices are not shown to the people at the table.
        shown = (state.public_action_text(action) if bot is not None and any(
            b is None for b in seats) and hasattr(state, "public_action_text") else text)
        log: list[str] = []
        state = state.apply(action, log)
        moves.append(text)
        who = f"seat {seat + 1} " if len(seats) > 1 else ""
        out.print(f"[bold]> {who}{shown}[/bold]")
        for line in log:
            out.print(f"  {line}")
    _end_of_play(out, state, new_record(game.info.name, seed=number, players=header["players"],
                                        options=header["options"], moves=tuple(moves)),
                 record_path, force)


def _end_of_play(out: Console, state, record: Record, record_path: str | None,
                 force: bool) -> None:
    """Show how a game at the terminal ended, and save its record if asked to."""
    outcome = state.outcome()
    if outcome is not None:
        out.print(render.state_view(state))
        out.print(f"[bold]Game over: {outcome.termination.value}[/bold] ({outcome.reason})")
    if record_path:
        result = outcome.termination.value if outcome else "unfinished"
        save_record(record_path, record, comment=f"result: {result}", overwrite=force)
        out.print(f"Record saved to {record_path}.")


def _only_for(game_name: str, games_of: dict[str, tuple[str, ...]]) -> None:
    """A usage error for an option given on the command line to a game it does not apply to."""
    ctx = click.get_current_context()
    for name, games in games_of.items():
        given = ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE
        if given and game_name not in games:
            flag = next(p.opts[0] for p in ctx.command.params if p.name == name)
            raise click.UsageError(f"{flag} is not an option of {game_name} (it is for "
                                   f"{', '.join(games)})")


class _HumanClock:
    """When a person's action happens: the real time since the last action (the timer stands
    still while paused), or a fixed pace."""

    def __init__(self, pace: float | None) -> None:
        import time

        self.now = time.monotonic
        self.pace = None if pace is None else max(1, round(pace * 10))
        self.last = self.now()

    def when(self, state) -> int:
        """The timer reading for the action being chosen now."""
        if state.paused:
            return state.clock
        if self.pace is not None:
            return state.clock + self.pace
        return state.clock + round((self.now() - self.last) * 10)

    def tick(self) -> None:
        """An action has happened."""
        self.last = self.now()


def _play_real_time(game, seed: int, bots: tuple[str, ...], pace: float | None,
                    record_path: str | None, force: bool, out: Console) -> None:
    """A 5-Minute Dungeon run at the terminal: the people choose every seat's actions against
    the clock, or one team bot plays them all by its time model."""
    from dungeoneer.engine.bots import make_bot
    from dungeoneer.engine.five_minute_dungeon.bots import DEFAULT_PACE
    from dungeoneer.engine.five_minute_dungeon.game import LIMIT, format_time

    if len(bots) > 1 or "human" in bots:
        raise click.UsageError("in 5-Minute Dungeon one team bot plays every seat: give one "
                               "--bot (random or heuristic), or none to play yourselves")
    team = make_bot(game.info.name, bots[0], seed, pace=pace or DEFAULT_PACE) if bots else None
    clock = _HumanClock(pace)
    out.print(f"[bold]{game.info.title}[/bold], seed {seed}, {game.players} players: "
              + ", ".join(game.heroes) + (f"; played by the {team.name} team" if team else ""))
    state = game.new_initial_state(seed=seed)
    moves: list[str] = []
    while not state.is_terminal():
        if team is not None:
            action = team.choose(state)
        else:
            action = _ask_person(state, out, None, True)
            if action is None:
                break
            at = clock.when(state)
            if at > LIMIT and action.kind != "timeout":
                out.print(f"Too late: the timer reads {format_time(at)}.")
                action = next(a for a in state.legal_actions() if a.kind == "timeout")
            action = state.at(action, LIMIT if action.kind == "timeout" else at)
        log: list[str] = []
        text = state.action_text(action)
        state = state.apply(action, log)
        clock.tick()
        moves.append(text)
        out.print(f"[bold]> {text}[/bold]")
        for line in log:
            out.print(f"  {line}")
    _end_of_play(out, state, new_record(game.info.name, seed=seed, players=game.players,
                                        options=game.options(), moves=tuple(moves)),
                 record_path, force)


def _ask_person(state, out: Console, seat: int | None, prompt: bool) -> Any:
    """A person's turn at the terminal: the table (as `seat` sees it; None: all of it), whose
    choice it is (if `prompt`), the numbered legal actions, and their answer; None if they stop."""
    out.print(render.state_view(state, seat=seat))
    if prompt:
        out.print(f"[bold]{state.prompt()}[/bold]")
    out.print(render.legal_list(state))
    action = _choose(state, out)
    if action is None:
        out.print("Stopped.")
    return action


def _seat_bots(game_name: str, names: tuple[str, ...], players: int, seed: int) -> list:
    """One bot (or None for a person) per seat."""
    from dungeoneer.engine.bots import make_bot

    if len(names) > players:
        raise click.UsageError(f"{len(names)} bots for {players} seats")
    seats = [None if name == "human" else make_bot(game_name, name, seed * 8 + i)
             for i, name in enumerate(names)]
    return seats + [None] * (players - len(seats))


# ----------------------------------------------------------------------------- replay

def _step_json(step: Step) -> dict[str, Any]:
    return {"line": step.move.line, "action": step.move.text, "log": list(step.log)}


@cli.command(name="replay")
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--step", "stepwise", is_flag=True,
              help="Show every move, what it did and the table after it.")
@click.option("--then", "then_bot",
              help="Finish a record that stops before the end with this bot in every seat "
                   "(the multi-player games: random or greedy; 5-Minute Dungeon: the random "
                   "or heuristic team).")
@click.option("--out", type=click.Path(dir_okay=False),
              help="With --then: save the finished game as a record here.")
@click.option("--force", is_flag=True, help="Replace an existing --out file.")
@json_option
def replay_command(path: str, stepwise: bool, then_bot: str | None, out: str | None,
                   force: bool, as_json: bool) -> None:
    """Replay a game record of any registered game and show how it ends.

    Stops at the first bad line: the file, the line, what it says, why, and (for an illegal
    action) what was legal there.

    Example: dungeoneer replay seeds/puzzle_dungeon/examples/rogue-win.rec --step
    """
    record = load_record(path)
    out_path, out = out, console()
    interactive = stepwise and not as_json and sys.stdin.isatty()

    def show(step: Step) -> None:
        if as_json or not stepwise:
            return
        out.print(f"[bold]line {step.move.line}: {step.move.text}[/bold]")
        for line in step.log:
            out.print(f"  {line}")
        out.print(render.state_view(step.state))
        if interactive:
            click.pause()

    state, steps = replay(record, keep_log=stepwise or as_json, on_step=show)
    finished: list[str] = []
    if then_bot:
        state, finished = _finish_with_bots(record, state, then_bot, out_path, force)
    elif out_path:
        raise click.UsageError("--out goes with --then")
    outcome = state.outcome()
    if as_json:
        _echo_json({"game": record.game_name, "file": path, "moves": len(steps),
                    "finished_by_bot": finished,
                    "steps": [_step_json(s) for s in steps] if stepwise else None,
                    "state": state.to_json(),
                    "outcome": outcome.to_json() if outcome else None})
        return
    if not stepwise:
        out.print(render.state_view(state))
    out.print(f"{len(steps)} moves replayed.")
    if finished:
        out.print(f"{len(finished)} more moves by {then_bot}: {'; '.join(finished)}")
    if outcome is None:
        out.print("The game is not over." + (f" Waiting for: {state.prompt()}"
                                             if getattr(state, "options", None) else ""))
    else:
        out.print(f"[bold]Game over: {outcome.termination.value}[/bold] ({outcome.reason})")


def _finish_with_bots(record: Record, state, bot_name: str, out: str | None,
                      force: bool) -> tuple[Any, list[str]]:
    """Play a record's game to the end with `bot_name` in every seat; save it to `out`."""
    from dungeoneer.engine.bots import make_bot

    if out and Path(out).exists() and not force:
        raise DungeoneerError(f"{out} already exists; choose another name, or pass --force to "
                              "replace it", file=out)
    make_bot(record.game_name, bot_name)  # a game without bots, or an unknown bot: one message
    seed = int(record.get("seed") or 0)
    if state.game.info.real_time:
        team = make_bot(record.game_name, bot_name, seed)  # one team bot plays every seat
        bots = [team] * state.game.players
    else:
        bots = [make_bot(record.game_name, bot_name, seed * 8 + i)
                for i in range(state.game.players)]
    moves: list[str] = []
    while not state.is_terminal():
        seat = state.current_player()
        action = bots[max(0, seat)].choose(state)
        moves.append(state.action_text(action))
        state = state.apply(action)
    if out:
        finished = record.with_moves((*record.moves, *(Move(m) for m in moves)))
        save_record(out, finished, comment=f"finished by the {bot_name} bot", overwrite=force)
    return state, moves


# ----------------------------------------------------------------------------- simulate

@cli.command()
@click.argument("game_name", metavar="GAME", type=click.Choice([*MULTIPLAYER, *REAL_TIME]))
@click.option("--games", type=click.IntRange(min=1),
              help="Games to play (default 1000; 5-Minute Dungeon: runs for each boss and "
                   "player count, default 200).")
@click.option("--players", "player_counts", type=click.IntRange(2, 6), multiple=True,
              help="Players (default 2; 5-Minute Dungeon: 2 to 5, and it may be repeated).")
@click.option("--bot", "bots", multiple=True,
              help="Bots by seat (repeated to fill the seats; the seating turns one seat per "
                   "game): random or greedy (default greedy). 5-Minute Dungeon: one team bot, "
                   "random or heuristic (default heuristic).")
@click.option("--boss", "bosses", type=click.IntRange(1, 7), multiple=True,
              help="5-Minute Dungeon: the bosses to attempt (default all seven; may be "
                   "repeated).")
@heroes_option
@pace_option
@click.option("--variant", help="5 More Minutes: rookie, expert, nightmare, or several "
                                 "comma-separated (default standard).")
@click.option("--seed", type=SEED, default=1, show_default=True, help="Game i uses seed + i.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True)
@json_option
def simulate(game_name, games, player_counts, bots, bosses, heroes, pace, variant, seed, workers,
             as_json) -> None:
    """Play many bot games. Competitive games: per seat and per strategy, win share with a 95%
    Wilson interval, mean score, game length, and each card's effect on winning (the win share
    of seats that played it against those that did not). 5-Minute Dungeon: timed team runs,
    win share with 95% Wilson intervals by boss and by number of players, the time left on
    wins, and what ended the lost runs.

    Examples: dungeoneer simulate dinky-dungeon --games 2000 --players 4 --bot greedy --bot
    random; dungeoneer simulate five-minute-dungeon --boss 3 --heroes "Ninja, Wizard, Paladin"
    """
    info = {i.name: i for i in registry.registered()}[game_name]
    for players in player_counts:
        if not info.min_players <= players <= info.max_players:
            raise click.UsageError(f"{info.title} is for {info.min_players} to "
                                   f"{info.max_players} players")
    if variant and game_name != "five-more-minutes":
        raise click.UsageError("--variant is for 5 More Minutes")
    if game_name in REAL_TIME:
        total, job = _team_simulation(info, games or 200, player_counts, bots, bosses, heroes,
                                      pace, seed, workers)
    else:
        if len(player_counts) > 1 or bosses or pace is not None or heroes:
            raise click.UsageError(f"{info.title} simulations take one --players, and no "
                                   "--boss, --heroes or --pace")
        total = games or 1000

        def job(progress=None):
            from dungeoneer.engine.simulate import simulate as run

            return run(game_name, total, players=player_counts[0] if player_counts else 2,
                       bots=bots or ("greedy",), seed=seed, workers=workers,
                       options={"variant": variant} if variant else None, progress=progress)
    err = Console(file=sys.stderr, highlight=False)
    if err.is_terminal and not as_json:
        with Progress(TextColumn("simulating"), BarColumn(), TextColumn("{task.completed}/"
                      "{task.total} games"), TimeElapsedColumn(), console=err,
                      transient=True) as bar:
            task = bar.add_task("games", total=total)
            report = job(lambda n: bar.update(task, completed=n))
    else:
        report = job()
    if as_json:
        _echo_json(report)
        return
    if game_name in REAL_TIME:
        _print_team_simulation(console(), report)
    else:
        _print_simulation(console(), report)


def _team_simulation(info, runs: int, player_counts, bots, bosses, heroes, pace, seed,
                     workers):
    """(the number of runs, the job running them) for a team game: every boss and team size
    asked for, or one team of chosen heroes."""
    from dungeoneer.engine.five_minute_dungeon.bots import DEFAULT_PACE
    from dungeoneer.engine.simulate import simulate_team

    if len(bots) > 1:
        raise click.UsageError("one team bot plays every seat: give one --bot")
    team = [h for h in (heroes or "").split(",") if h.strip()]
    if team and player_counts and set(player_counts) != {len(team)}:
        raise click.UsageError(f"{len(team)} heroes make a team of {len(team)}; leave out "
                               "--players or make it match")
    counts = ((len(team),) if team else
              player_counts or tuple(range(info.min_players, info.max_players + 1)))
    chosen = bosses or tuple(range(1, 8))

    def job(progress=None):
        return simulate_team(info.name, runs, players=counts, bosses=chosen,
                             bot=bots[0] if bots else "heuristic", pace=pace or DEFAULT_PACE,
                             seed=seed, workers=workers, heroes=heroes, progress=progress)
    return runs * len(counts) * len(chosen), job


def _print_team_simulation(out: Console, report: dict) -> None:
    from rich.table import Table

    team = f" ({report['heroes']})" if report.get("heroes") else ""
    out.print(f"[bold]{report['runs']} runs[/bold] by the {report['bot']} team{team} at "
              f"{report['pace']:g} s per action per player; {report['mean_actions']} actions "
              "per run on average. Win shares with 95% Wilson intervals; time left on wins in "
              "seconds.")
    table = Table("", "win share", "runs", "time left: mean", "median", "range")
    rows = [("all", report["overall"])]
    rows += [(f"boss {b}", e) for b, e in report["by_boss"].items()]
    rows += [(f"{n} players", e) for n, e in report["by_players"].items()]
    for label, entry in rows:
        left = entry["time_left"]
        table.add_row(label, _interval(entry), str(entry["games"]),
                      *((f"{left['mean']:.1f}", f"{left['median']:.1f}",
                         f"{left['min']:.1f}-{left['max']:.1f}") if left["wins"] else
                        ("-", "-", "-")))
    out.print(table)
    ended = Table("lost runs ended by", "runs", "share of losses")
    for kind, entry in report["lost_runs_ended_by"].items():
        ended.add_row(kind, str(entry["runs"]), f"{entry['share_of_losses']:.1%}")
    out.print(ended)


def _interval(entry: dict) -> str:
    low, high = entry["wilson95"]
    return f"{entry['share']:.1%} ({low:.1%}-{high:.1%})"


def _print_simulation(out: Console, report: dict) -> None:
    from rich.table import Table

    variant = f", {report['options']['variant']}" if report.get("options") else ""
    out.print(f"[bold]{report['games']} games, {report['players']} players{variant}[/bold]; "
              f"turns: mean "
              f"{report['turns']['mean']}, {report['turns']['min']}-{report['turns']['max']}. "
              "Win shares with 95% Wilson intervals; a shared win counts for each winner.")
    table = Table("", "win share", "mean score", "games")
    for seat in report["seats"]:
        table.add_row(f"seat {seat['seat']}", _interval(seat), f"{seat['mean_score']:.2f}",
                      str(seat["games"]))
    for name, entry in report["strategies"].items():
        table.add_row(name, _interval(entry), f"{entry['mean_score']:.2f}", str(entry["games"]))
    out.print(table)
    cards = Table("card", "played it: win share", "did not", "difference")
    for name, entry in report["cards"].items():
        cards.add_row(name, _interval(entry["played"]), _interval(entry["not_played"]),
                      f"{entry['difference']:+.1%}")
    out.print(cards)


# ----------------------------------------------------------------------------- solve

def _start_position(seed, deal_file, from_record, hero, cards, core):
    """The position to solve, and a function turning a line into a record that replays it."""
    chosen = [x for x in (seed, deal_file, from_record) if x is not None]
    if len(chosen) != 1:
        raise click.UsageError("give one of SEED, CODE, --deal-file FILE or --from RECORD")
    if deal_file is not None:
        _game, state, record = load_deal_file(deal_file)
        return state, lambda moves: Record(record.header, tuple(Move(m) for m in moves))
    if from_record is not None:
        record = load_record(from_record)
        state, _steps = replay(record)
        return state, lambda moves: record.with_moves(
            (*record.moves, *(Move(m) for m in moves)))
    game, start_seed, setup = _deal_start(seed, hero, cards, core)
    state = game.new_initial_state(seed=start_seed, setup=setup)
    return state, lambda moves: new_record(game.info.name, seed=start_seed,
                                           options=game.options(), setup=setup,
                                           moves=tuple(moves))


@cli.command()
@click.argument("seed", metavar="[SEED|CODE]", type=DEAL, required=False)
@click.option("--deal-file", type=click.Path(dir_okay=False),
              help="A table laid out by hand (docs/records.md, 'Deal files').")
@click.option("--from", "from_record", type=click.Path(dir_okay=False),
              help="Solve from where a (partial) game record stops.")
@hero_option
@cards_option
@click.option("--core", is_flag=True, help="The core rules: every card ability switched off.")
@click.option("--time-limit", type=click.FloatRange(min=0), default=30.0, show_default=True,
              help="Seconds before the answer is 'unknown'.")
@click.option("--out", type=click.Path(dir_okay=False),
              help="Save a winning line as a game record that `dungeoneer replay` plays to a win.")
@click.option("--force", is_flag=True, help="Replace an existing --out file.")
@json_option
def solve(seed, deal_file, from_record, hero, cards, core, time_limit, out, force,
          as_json) -> None:
    """Is the deal winnable, and how? Answers won (with a winning line, checked by replaying it),
    unwinnable (only from a complete search or a proof), or unknown (the time ran out).

    Example: dungeoneer solve 42 --time-limit 10 --out win.rec
    """
    from dungeoneer.solver import WON
    from dungeoneer.solver import solve as solve_position

    state, to_record = _start_position(seed, deal_file, from_record, hero, cards, core)
    if out and Path(out).exists() and not force:
        raise DungeoneerError(f"{out} already exists; choose another name, or pass --force to "
                              "replace it", file=out)
    out_console = console()
    if as_json or not sys.stdout.isatty():
        answer = solve_position(state, seconds=time_limit)
    else:
        with Progress(SpinnerColumn(), TextColumn("solving: {task.fields[states]:,} positions"),
                      TimeElapsedColumn(), console=out_console, transient=True) as bar:
            task = bar.add_task("solve", total=None, states=0)
            answer = solve_position(state, seconds=time_limit,
                                    progress=lambda n: bar.update(task, states=n))
    if out and answer.status == WON:
        record = to_record([step.action for step in answer.steps])
        save_record(out, record, comment=f"a winning line found by dungeoneer solve "
                    f"({answer.method})", overwrite=force)
    if as_json:
        _echo_json(answer.to_json())
        return
    effort = f"{answer.states:,} positions, {answer.seconds:.2f} s"
    if answer.status == WON:
        out_console.print(f"[bold]Won[/bold]: a winning line of {len(answer.steps)} steps "
                          f"({answer.method}; {effort}).")
        for step in answer.steps:
            out_console.print(f"{step.number:>4}. [bold]{step.action}[/bold]")
            for line in step.did:
                out_console.print(f"        {line}")
        if out:
            out_console.print(f"Record saved to {out}.")
    elif answer.status == "unwinnable":
        out_console.print(f"[bold]Unwinnable[/bold]: {answer.reason} ({effort}).")
    else:
        out_console.print(f"[bold]Unknown[/bold]: {answer.reason}. Try a longer --time-limit.")
    if out and answer.status != WON:
        out_console.print("No record written: there is no winning line to save.")


# ----------------------------------------------------------------------------- rate

def _print_line(out: Console, state, line) -> None:
    from dungeoneer.solver.lines import steps

    for step in steps(state, tuple(line)):
        out.print(f"{step.number:>4}. [bold]{step.action}[/bold]")
        for said in step.did:
            out.print(f"        {said}")


def _print_rating(out: Console, rating) -> None:
    out.print(f"[bold]Rating {rating.level} ({rating.name})[/bold], score {rating.score:.2f}")
    features = rating.features
    out.print(f"  an eager player wins {features['eager_wins']} of {features['eager_plays']} "
              "games (never seeing the deck)")
    out.print(f"  the solver's first win took {features['solver_positions']:,} positions")
    out.print(f"  its line: {features['line_steps']} steps, {features['line_attacks']} attacks")


@cli.command(name="rate")
@click.argument("deal_spec", metavar="[SEED|CODE]", type=DEAL, required=False)
@click.option("--deal-file", type=click.Path(dir_okay=False),
              help="A table laid out by hand (docs/records.md, 'Deal files').")
@hero_option
@cards_option
@json_option
def rate_command(deal_spec, deal_file, hero, cards, as_json) -> None:
    """Rate a deal from 1 (gentle) to 5 (fiendish), with the features behind the rating. Only a
    deal the solver wins gets a rating (docs/difficulty.md).

    Example: dungeoneer rate pd1.warrior.42
    """
    from dungeoneer.generator.rating import rate

    if (deal_spec is None) == (deal_file is None):
        raise click.UsageError("give one of SEED, CODE or --deal-file FILE")
    state, _ = _start_position(deal_spec, deal_file, None, hero, cards, False)
    out = console()
    if as_json or not sys.stdout.isatty():
        rating = rate(state)
    else:
        with Progress(SpinnerColumn(), TextColumn("solving and rating"), TimeElapsedColumn(),
                      console=out, transient=True) as bar:
            bar.add_task("rate", total=None)
            rating = rate(state)
    if as_json:
        data = rating.to_json()
        if deal_spec is not None:
            game, _seed, _setup = _deal_start(deal_spec, hero, cards)
            data["code"], data["layout_code"] = deal_codes(game, deal_spec)
        _echo_json(data)
        return
    if rating.level is None:
        why = ("the deal is unwinnable" if rating.status == "unwinnable" else
               "the solver could not decide the deal within its budget")
        out.print(f"[bold]No rating[/bold]: {why} ({rating.answer.reason}).")
        return
    _print_rating(out, rating)


# ----------------------------------------------------------------------------- daily puzzles

archive_option = click.option(
    "--archive", "archive_path", type=click.Path(dir_okay=False),
    help="The archive of issued puzzles (default: archive.sqlite3 in the user's data folder, "
         "under dungeoneer/).")


@cli.command()
@click.argument("date", required=False)
@archive_option
@click.option("--levels", default="1,2,2,3,3,4,5", show_default=True,
              help="The level of each weekday's puzzle, Monday to Sunday (for dates not yet "
                   "issued).")
@click.option("--reveal", is_flag=True, help="Show the winning line too.")
@json_option
def daily(date, archive_path, levels, reveal, as_json) -> None:
    """The puzzle of DATE (YYYY-MM-DD; today by default): winnable, rated by weekday, the same
    for everyone. Issued puzzles are kept in the archive and always served from there.

    Example: dungeoneer daily 2026-11-29 --reveal
    """
    import datetime as dt

    from dungeoneer.generator.archive import Archive
    from dungeoneer.generator.daily import make_daily, parse_date, parse_levels

    day = parse_date(date) if date else dt.date.today()
    chosen_levels = parse_levels(levels)
    out = console()
    with Archive(archive_path) as archive:
        puzzle = archive.get(day.isoformat())
        issued_now = puzzle is None
        if puzzle is None:
            if as_json or not sys.stdout.isatty():
                puzzle = make_daily(day, levels=chosen_levels)
            else:
                with Progress(SpinnerColumn(), TextColumn(f"finding the puzzle of {day}"),
                              TimeElapsedColumn(), console=out, transient=True) as bar:
                    bar.add_task("daily", total=None)
                    puzzle = make_daily(day, levels=chosen_levels)
            archive.add(puzzle)
    state = deal_from_code(puzzle.layout_code)  # the layout, not the generator, is the puzzle
    if as_json:
        data = puzzle.to_json()
        if not reveal:
            del data["line"]
        data["newly_issued"] = issued_now
        _echo_json(data)
        return
    weekday = day.strftime("%A")
    from dungeoneer.generator.rating import LEVEL_NAMES

    out.print(f"[bold]Daily puzzle of {day.isoformat()}[/bold] ({weekday}): {puzzle.hero}, "
              f"level {puzzle.level} ({LEVEL_NAMES[puzzle.level]})")
    out.print(f"Code {puzzle.code}")
    out.print(f"Layout {puzzle.layout_code}")
    out.print(render.puzzle_state(state, show_deck=False))
    if reveal:
        out.print("[bold]A winning line[/bold]:")
        line, replayed = [], state
        for text in puzzle.line:
            action = replayed.parse_action(text)
            line.append(action)
            replayed = replayed.apply(action)
        _print_line(out, state, line)


@cli.group(cls=DungeoneerGroup)
def archive() -> None:
    """The archive of issued daily puzzles."""


@archive.command(name="export")
@archive_option
@click.option("--format", "form", type=click.Choice(["json", "csv"]), default="json",
              show_default=True)
@click.option("--out", type=click.Path(dir_okay=False), help="Write to a file (atomically).")
@click.option("--force", is_flag=True, help="Replace an existing --out file.")
def archive_export(archive_path, form, out, force) -> None:
    """Every archived puzzle, as JSON or CSV.

    Example: dungeoneer archive export --format csv --out dailies.csv
    """
    from dungeoneer.engine.files import write_atomic
    from dungeoneer.generator.archive import Archive, default_path

    path = Path(archive_path) if archive_path else default_path()
    if not path.exists():
        raise DungeoneerError("no archive here yet (`dungeoneer daily` starts one)",
                              file=str(path))
    with Archive(path) as opened:
        text = opened.export(form)
    if out:
        write_atomic(out, text, overwrite=force)
    else:
        click.echo(text, nl=False)


# ----------------------------------------------------------------------------- generate

@cli.command()
@click.option("--count", type=click.IntRange(min=1), required=True, help="Puzzles to make.")
@click.option("--rating", "level", type=click.IntRange(1, 5), help="Only puzzles of this level.")
@click.option("--hero", default=None, help="The hero face (default: the front faces in turn).")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes; the puzzles do not depend on it.")
@click.option("--first-seed", type=SEED, default=1, show_default=True,
              help="Candidate i is the deal of this seed plus i.")
@click.option("--max-tries", type=click.IntRange(min=1),
              help="Candidates to try before giving up (default: 50 per puzzle).")
@click.option("--out", type=click.Path(dir_okay=False),
              help="Write the JSON lines to a file (atomically) instead of the screen.")
@click.option("--force", is_flag=True, help="Replace an existing --out file.")
def generate(count, level, hero, workers, first_seed, max_tries, out, force) -> None:
    """A batch of winnable, rated puzzles as JSON lines (one puzzle per line), made in parallel.

    Example: dungeoneer generate --count 20 --rating 3 --workers 2 --out puzzles.jsonl
    """
    from dungeoneer.engine.files import write_atomic
    from dungeoneer.generator.batch import TRIES_PER_PUZZLE
    from dungeoneer.generator.batch import generate as make_batch

    if out and Path(out).exists() and not force:
        raise DungeoneerError(f"{out} already exists; choose another name, or pass --force to "
                              "replace it", file=out)
    err = Console(file=sys.stderr, highlight=False)
    limit = max_tries or TRIES_PER_PUZZLE * count
    if err.is_terminal:
        with Progress(SpinnerColumn(), TextColumn("{task.fields[found]}/{task.total} puzzles"),
                      BarColumn(), TextColumn("{task.fields[tried]} candidates tried"),
                      TimeElapsedColumn(), console=err, transient=True) as bar:
            task = bar.add_task("generate", total=count, found=0, tried=0)
            puzzles = make_batch(count, level=level, hero=hero, first_seed=first_seed,
                                 workers=workers, max_tries=limit,
                                 progress=lambda found, tried: bar.update(
                                     task, completed=found, found=found, tried=tried))
    else:
        puzzles = make_batch(count, level=level, hero=hero, first_seed=first_seed,
                             workers=workers, max_tries=limit)
    text = "".join(json.dumps(p, sort_keys=True) + "\n" for p in puzzles)
    if out:
        write_atomic(out, text, overwrite=force)
        err.print(f"{len(puzzles)} puzzles written to {out}.")
    else:
        click.echo(text, nl=False)


cli.add_command(timer)


def main() -> None:
    """Entry point of the `dungeoneer` script."""
    cli(prog_name="dungeoneer")


if __name__ == "__main__":
    main()
