"""The `tabletop` command: the games, playing in the terminal, bot matches and benchmarks.

    tabletop games
    tabletop play kalah --vs mcts:4          (hot-seat without --vs)
    tabletop match kalah mcts@0.2s random -n 200 --jobs 2
    tabletop bench engine kalah yatzy
    tabletop bench mcts kalah
    tabletop bench interop kalah dvonn
    tabletop bench solver
    tabletop solve yatzy --variant yatzy
    tabletop serve --port 8000 --data-dir data
    tabletop bench server -n 100 --database sqlite
    tabletop bench messages kalah
    tabletop analyse k2x9q7m1ab              (or a JSON game file)
    tabletop ratings calibrate kalah -n 20 --levels 1,2,3
    tabletop ratings rebuild --data-dir data
    tabletop solve kalah --pits 6 --seeds 4 --empty-capture

Games come from the registry and bots from `bots.from_spec`, so nothing here knows a game.
The terminal shows each person the board drawn from their own seat's view, never the state.
"""

from __future__ import annotations

import resource
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from time import perf_counter
from typing import Annotated, Any, NoReturn

import numpy as np
import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from tabletop import bots, games
from tabletop.analysis.cli import analyse
from tabletop.bench import calibration, fanout, move_messages, move_writes, server_load, speed, table_memory
from tabletop.bench import match as matches
from tabletop.bench import solver as solver_bench
from tabletop.bots import Bot
from tabletop.bots import calibration as bot_ratings
from tabletop.engine import (
    Action,
    ActionId,
    BoolOption,
    Game,
    IllegalAction,
    IntOption,
    InvalidOptions,
    Option,
    OptionValue,
    People,
    Seat,
    State,
    UnknownGame,
    winners_phrase,
)
from tabletop.server.cli import serve
from tabletop.server.settings import DEFAULT_DATA_DIRECTORY
from tabletop.store import Store, database_url
from tabletop.store.ratings import Skill

QUIT_WORDS = ("q", "quit")
LISTED_INT_CHOICES = 6
"""An integer option with more values than this is shown as a range."""

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    help="Tabletop: the web server, board games in the terminal, bot matches and benchmarks.",
)
bench_app = typer.Typer(no_args_is_help=True, help="Speed figures, printed for people to read.")
app.add_typer(bench_app, name="bench")
ratings_app = typer.Typer(
    no_args_is_help=True, help="Ratings: calibrating the bots, rebuilding from the tables."
)
app.add_typer(ratings_app, name="ratings")
solve_app = typer.Typer(
    no_args_is_help=True, help="Exact solutions of games, computed once and kept on disk."
)
app.add_typer(solve_app, name="solve")

PlayersOption = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of seats (default: as many as needed).")
]
TableOptions = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="A table option as NAME=VALUE; repeat for several.")
]


class _Quit(Exception):
    """The person at the terminal asked to stop (exit code 0), or the input ended (exit code 1)."""

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def _fail(message: str) -> NoReturn:
    errors.print(f"[red]error:[/red] {escape(message)}")
    raise typer.Exit(code=2)


def _load(game_id: str) -> Game:
    try:
        return games.load(game_id)
    except UnknownGame as error:
        _fail(str(error))


def _table_options(pairs: Sequence[str] | None) -> dict[str, OptionValue]:
    """`["seeds=3"]` as `{"seeds": "3"}`; the game validates names and values."""
    options: dict[str, OptionValue] = {}
    for pair in pairs or ():
        name, equals, value = pair.partition("=")
        if not equals or not name.strip():
            _fail(f"a table option is written NAME=VALUE; got {pair!r}")
        options[name.strip()] = value.strip()
    return options


def _new_state(game: Game, players: int, options: dict[str, OptionValue], seed: int) -> State:
    try:
        return game.new_state(players, options, seed)
    except InvalidOptions as error:
        _fail(str(error))


# tabletop games -----------------------------------------------------------------------------


@app.command("games")
def list_games() -> None:
    """Every game: how many play it, its table options and what kind of game it is."""
    table = Table(title="Tabletop games")
    for column in ("id", "title", "players", "options", "kind"):
        table.add_column(column, no_wrap=column == "id")
    for game in games.all():
        options = "\n".join(_describe_option(name, option) for name, option in game.options.items())
        table.add_row(game.id, game.title, game.player_range(), options or "-", _describe_kind(game))
    console.print(table)


def _describe_option(name: str, option: Option) -> str:
    choices = option.choices
    if isinstance(option, BoolOption):
        shown = "on/off"
    elif isinstance(option, IntOption) and len(choices) > LISTED_INT_CHOICES:
        shown = f"{option.minimum}–{option.maximum}"
    else:
        shown = ", ".join(str(choice) for choice in choices)
    return f"{name}: {shown} (default {_show_value(option.default)})"


def _show_value(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _describe_kind(game: Game) -> str:
    kinds = game.capabilities
    traits = {
        "chance": kinds.chance,
        "hidden information": kinds.hidden_information,
        "simultaneous turns": kinds.simultaneous,
    }
    return ", ".join(trait for trait, present in traits.items() if present) or "perfect information"


# tabletop play ------------------------------------------------------------------------------


@app.command()
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="A game id (see `tabletop games`).")],
    *,
    players: PlayersOption = None,
    option: TableOptions = None,
    vs: Annotated[
        list[str] | None,
        typer.Option(
            "--vs",
            help="A bot for the next other seat: mcts, mcts:4 (level 1-5), mcts@0.5s, mcts#400, random. "
            "Repeat for one bot per seat; the last one fills the remaining seats.",
        ),
    ] = None,
    seat: Annotated[int, typer.Option("--seat", help="Your seat when playing against bots.")] = 0,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the game's dice and shuffles.")] = None,
) -> None:
    """Play in the terminal, against bots (--vs) or hot-seat (every seat at this keyboard)."""
    game = _load(game_id)
    specs = vs or []
    count = players if players is not None else max(game.min_players, 1 + len(specs) if specs else 0)
    seed = secrets.randbelow(1 << 31) if seed is None else seed
    state = _new_state(game, count, _table_options(option), seed)
    seated = _seat_bots(specs, count, seat, seed)
    humans = [each for each in range(count) if each not in seated]
    names = _Names(
        tuple(seated[each][0] if each in seated else "" for each in range(count)),
        humans[0] if len(humans) == 1 else None,
    )
    title = f"{game.title}, {count} player{'s' if count > 1 else ''}"
    console.print(f"[bold]{escape(title)}[/bold], seed {seed} (replay it with --seed {seed})")
    try:
        _play_to_the_end(state, seated, names)
    except _Quit as reason:
        console.print(f"{reason} Game abandoned.")
        raise typer.Exit(code=reason.exit_code) from None
    view = state.view(names.you)
    console.print(game.draw_text(view, names.by_seat, names.you), markup=False)
    _show_outcome(state, names.people(view, names.you))


@dataclass(frozen=True)
class _Names:
    """Who plays each seat in the terminal: a bot by its spec, a person as "Player n" or "you".

    `you` is the one person's seat against bots; at a hot seat every person is "you" on
    their own turn.
    """

    by_seat: tuple[str, ...]
    you: Seat | None

    def people(self, view: Mapping[str, Any], viewer: Seat | None) -> People:
        return People.of_view(view, self.by_seat, viewer)


def _seat_bots(specs: list[str], count: int, human: Seat, seed: int) -> dict[Seat, tuple[str, Bot]]:
    """The bot (spec and instance) in each seat that is not the human's; {} for hot-seat."""
    if not specs:
        return {}
    if not 0 <= human < count:
        _fail(f"--seat must be between 0 and {count - 1}; got {human}")
    others = [each for each in range(count) if each != human]
    if len(specs) > len(others):
        seats = "seat" if len(others) == 1 else "seats"
        _fail(f"{len(specs)} bots, but {len(others)} {seats} besides yours (see --players)")
    specs = specs + specs[-1:] * (len(others) - len(specs))
    try:
        return {
            each: (spec, bots.from_spec(spec, seed=matches.bot_seed(seed, each)))
            for each, spec in zip(others, specs, strict=True)
        }
    except ValueError as error:
        _fail(str(error))


def _play_to_the_end(state: State, seated: dict[Seat, tuple[str, Bot]], names: _Names) -> None:
    hides_moves = state.game.capabilities.hidden_information
    hot_seat = names.you is None
    while movers := state.current_players():
        mover = movers[0]
        if mover in seated:
            action_id = seated[mover][1].choose(state, mover)
            people = names.people(state.view(names.you), names.you)
            # With hidden information a move may be secret: the board, drawn from the
            # person's view, shows whatever of it they may see.
            shown = (
                "has played" if hides_moves else f"plays {people.resolve(_label(state, mover, action_id))}"
            )
            state.apply(mover, action_id)
            console.print(f"{people.name(mover)} {shown}", markup=False)
        else:
            _human_turn(state, mover, names, hot_seat=hot_seat)


def _label(state: State, seat: Seat, action_id: ActionId) -> str:
    return next((action.label for action in state.legal_actions(seat) if action.id == action_id), action_id)


def _human_turn(state: State, seat: Seat, names: _Names, *, hot_seat: bool) -> None:
    """Shows the seat's own view and its legal actions, and applies the first acceptable answer."""
    view = state.view(seat)
    people = names.people(view, seat)
    if hot_seat:
        console.rule(People.of_view(view, names.by_seat).name(seat))
    else:
        console.print()
    board = state.game.draw_text(view, names.by_seat, seat)
    console.print(board, markup=False)
    prompt = people.resolve(view["prompt"])
    if prompt not in board:
        console.print(f"[bold]{escape(prompt)}[/bold]")
    actions = [replace(action, label=people.resolve(action.label)) for action in state.legal_actions(seat)]
    # Where ids are numbers themselves (Kalah's pits), list numbers would be ambiguous.
    numbered = not any(action.id.isdigit() for action in actions)
    _show_choices(actions, numbered)
    hint = "a number or an action id" if numbered else "an action id"
    asking = f"{People.of_view(view, names.by_seat).name(seat)}, your move" if hot_seat else "Your move"
    while True:
        answer = _ask(f"{asking} ({hint}; q to quit): ")
        action_id = _read_answer(answer, actions, numbered)
        if action_id is None:
            continue
        try:
            state.apply(seat, action_id)
        except IllegalAction as error:
            errors.print(f"[red]not played:[/red] {escape(people.resolve(str(error)))}")
            continue
        return


def _show_choices(actions: list[Action], numbered: bool) -> None:
    for number, action in enumerate(actions, start=1):
        label, action_id = escape(action.label), escape(action.id)
        console.print(
            f"  {number:>3}. {label}  [dim]({action_id})[/dim]" if numbered else f"  {action_id:>6}  {label}"
        )


def _ask(prompt: str) -> str:
    try:
        return console.input(prompt).strip()
    except EOFError:
        raise _Quit("The input ended before the game did.", exit_code=1) from None


def _read_answer(answer: str, actions: list[Action], numbered: bool) -> ActionId | None:
    """The action id an answer means (a list number when numbered), None to ask again; raises `_Quit`."""
    ids = [action.id for action in actions]
    if answer in QUIT_WORDS and answer not in ids:
        raise _Quit("You quit.", exit_code=0)
    if not answer:
        return None
    if numbered and answer.isdigit():
        if 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1].id
        errors.print(f"[red]not played:[/red] there is no move {answer}; choose 1 to {len(actions)}")
        return None
    return answer


def _show_outcome(state: State, people: People) -> None:
    outcome = state.outcome()
    if outcome is None:
        raise RuntimeError(f"{state.game.id}: no seat may act, yet outcome() is None")
    console.print(f"[bold]Game over:[/bold] {escape(people.resolve(outcome.reason))}")
    table = Table()
    for column in ("player", "score", "rank"):
        table.add_column(column)
    for seat, (score, rank) in enumerate(zip(outcome.scores, outcome.ranks, strict=True)):
        table.add_row(people.name(seat), f"{score:g}", str(rank))
    console.print(table)
    if state.players > 1:
        console.print(f"[bold]{escape(people.resolve(winners_phrase(outcome.winners())))}[/bold]")


# tabletop match -----------------------------------------------------------------------------


@app.command()
def match(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="A game id (see `tabletop games`).")],
    specs: Annotated[
        list[str], typer.Argument(metavar="BOT...", help="Bot specs; seats rotate between them.")
    ],
    *,
    count: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 20,
    players: PlayersOption = None,
    option: TableOptions = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game (the others follow).")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Games played in parallel processes.")] = 1,
) -> None:
    """A tournament between bots: win rates and mean scores with 95% confidence intervals."""
    game = _load(game_id)
    seats = players if players is not None else min(max(len(specs), game.min_players), game.max_players)
    plan = matches.MatchPlan(game.id, tuple(specs), count, seats, _table_options(option), seed)
    try:
        plan.check()
    except (InvalidOptions, ValueError) as error:
        _fail(str(error))
    with Progress(console=console) as progress:
        task = progress.add_task(f"{game.title}, {seats} player{'s' if seats > 1 else ''}", total=count)
        records = matches.run(plan, jobs, lambda record: progress.advance(task))
    summaries = matches.summarize(plan, records)
    console.print(_solo_table(summaries) if seats == 1 else _match_table(summaries))
    length = sum(record.actions for record in records) / len(records)
    console.print(f"{count} games of {game.title}, seats rotating, seed {seed}; {length:.1f} actions a game")


def _bot_labels(summaries: list[matches.BotSummary]) -> list[str]:
    specs = [summary.spec for summary in summaries]
    return [spec if specs.count(spec) == 1 else f"{spec} ({index + 1})" for index, spec in enumerate(specs)]


def _match_table(summaries: list[matches.BotSummary]) -> Table:
    table = Table(title="Results (95% confidence intervals)")
    for column in ("bot", "games", "wins", "draws", "losses", "win rate", "mean score"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for label, summary in zip(_bot_labels(summaries), summaries, strict=True):
        low, high = summary.win_interval()
        rate = f"{summary.win_rate:.1%} ({100 * low:.1f}–{100 * high:.1f})"
        numbers = (summary.games, summary.wins, summary.draws, summary.losses)
        table.add_row(label, *(str(number) for number in numbers), rate, _mean_score(summary))
    return table


def _solo_table(summaries: list[matches.BotSummary]) -> Table:
    table = Table(title="Solo scores (95% confidence intervals)")
    for column in ("bot", "games", "mean score"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for label, summary in zip(_bot_labels(summaries), summaries, strict=True):
        table.add_row(label, str(summary.games), _mean_score(summary))
    return table


def _mean_score(summary: matches.BotSummary) -> str:
    mean, half = summary.score_interval()
    return f"{mean:.2f} ± {half:.2f}"


# tabletop bench -----------------------------------------------------------------------------


@bench_app.command("engine")
def bench_engine(
    game_ids: Annotated[
        list[str] | None, typer.Argument(metavar="[GAME]...", help="Game ids (default: every game).")
    ] = None,
    *,
    seconds: Annotated[float, typer.Option("--seconds", "-s", min=0.0, help="Time per game.")] = 2.0,
    count: Annotated[
        int | None, typer.Option("--count", "-c", min=1, help="Play exactly this many games instead.")
    ] = None,
    players: PlayersOption = None,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    compare: Annotated[
        str | None,
        typer.Option("--compare", help="openspiel: also time OpenSpiel's twin of each game, in turns."),
    ] = None,
) -> None:
    """Random playouts through the public contract: games/s, actions/s and mean game length."""
    chosen = [_load(game_id) for game_id in game_ids] if game_ids else games.all()
    if compare is not None:
        _compare_engines(chosen, compare, seconds, seed)
        return
    table = Table(title="Random playouts")
    for column in ("game", "players", "games", "games/s", "actions/s", "mean length"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for game in chosen:
        seats = game.min_players if players is None else players
        try:
            figures = speed.random_playouts(game, players=seats, seconds=seconds, count=count, seed=seed)
        except InvalidOptions as error:
            _fail(str(error))
        table.add_row(game.id, str(seats), *_playout_cells(figures))
    console.print(table)


def _playout_cells(figures: speed.PlayoutSpeed) -> list[str]:
    return [
        str(figures.games),
        f"{figures.games_per_second:,.1f}",
        f"{figures.actions_per_second:,.0f}",
        f"{figures.mean_length:.1f}",
    ]


def _compare_engines(chosen: list[Game], against: str, seconds: float, seed: int) -> None:
    """`bench engine --compare openspiel`: each game that OpenSpiel has, both engines, and the ratio."""
    if against != "openspiel":
        _fail(f"--compare takes openspiel; got {against!r}")
    twins = [game for game in chosen if game.id in speed.OPENSPIEL_TWINS]
    if not twins:
        _fail(f"OpenSpiel has none of these games; it has {', '.join(sorted(speed.OPENSPIEL_TWINS))}")
    table = Table(title="Random playouts, Tabletop and OpenSpiel (C++) in turns")
    for column in ("engine", "game", "games", "games/s", "actions/s", "mean length"):
        table.add_column(column, justify="left" if column in ("engine", "game") else "right")
    for game in twins:
        try:
            result = speed.compare_openspiel(game, seconds=seconds, seed=seed)
        except ValueError as error:
            _fail(str(error))
        table.add_row("tabletop", game.id, *_playout_cells(result.ours))
        table.add_row("openspiel", result.openspiel.game_id, *_playout_cells(result.openspiel))
        table.add_row("ratio", game.id, "", f"{result.ratio:.2f}×", "", "")
    console.print(table)


@bench_app.command("interop")
def bench_interop(
    game_ids: Annotated[
        list[str] | None, typer.Argument(metavar="[GAME]...", help="Game ids (default: every game).")
    ] = None,
    *,
    seconds: Annotated[float, typer.Option("--seconds", "-s", min=0.0, help="Time per game and way.")] = 2.0,
    count: Annotated[
        int | None,
        typer.Option("--count", "-c", min=1, help="Play exactly this many games each way instead."),
    ] = None,
    players: PlayersOption = None,
    seed: Annotated[int, typer.Option("--seed")] = 0,
) -> None:
    """Random games/s through the plain contract, OpenSpiel and PettingZoo (needs tabletop[research])."""
    try:
        from tabletop.bench import interop
    except ImportError as error:
        _fail(f"the research extra is not installed ({error}); pip install 'tabletop[research]'")
    chosen = [_load(game_id) for game_id in game_ids] if game_ids else games.all()
    table = Table(title="Random games per second: the contract and the research adapters")
    failures: list[str] = []
    for column in ("game", "players", "contract", "OpenSpiel", "PettingZoo", "mean length"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for game in chosen:
        seats = game.min_players if players is None else players
        try:
            game.check_players(seats)
        except InvalidOptions as error:
            _fail(str(error))
        plain = speed.random_playouts(game, players=seats, seconds=seconds, count=count, seed=seed)
        rates = [f"{plain.games_per_second:,.1f}"]
        for playouts in (interop.openspiel_playouts, interop.pettingzoo_playouts):
            try:
                rates.append(
                    f"{playouts(game, seats, seconds=seconds, count=count, seed=seed).games_per_second:,.1f}"
                )
            except ValueError as error:  # a legal id outside the declared space, say
                rates.append("failed")
                failures.append(str(error))
        table.add_row(game.id, str(seats), *rates, f"{plain.mean_length:.1f}")
    console.print(table)
    for failure in failures:
        console.print(failure, markup=False)


DEFAULT_POSTGRES_URL = "postgresql://postgres@127.0.0.1:5432/test"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"


@bench_app.command("server")
def bench_server(
    *,
    clients: Annotated[
        list[int] | None, typer.Option("--clients", "-n", help="Simulated players (repeatable).")
    ] = None,
    database: Annotated[
        list[str] | None, typer.Option("--database", help="sqlite and/or postgres (repeatable).")
    ] = None,
    seconds: Annotated[float, typer.Option(help="Length of the measured window.")] = 20.0,
    warmup: Annotated[float, typer.Option(help="Seconds of play before measuring starts.")] = 5.0,
    think: Annotated[
        float, typer.Option(help="Mean seconds a client waits before each move (0: as fast as it can).")
    ] = 0.0,
    game: Annotated[str, typer.Option(help="The game the clients play (two-player).")] = "kalah",
    table_options: TableOptions = None,
    spectators: Annotated[
        int, typer.Option(min=0, help="Spectators watching one pair's table (then the clients are 2).")
    ] = 0,
    baseline: Annotated[
        bool, typer.Option("--baseline", help="Also run the same clients against a bare WebSocket relay.")
    ] = False,
    postgres_url: Annotated[
        str, typer.Option(help="PostgreSQL database for a scratch schema.")
    ] = DEFAULT_POSTGRES_URL,
    redis: Annotated[bool, typer.Option("--redis", help="Serve through the Redis hub.")] = False,
    redis_url: Annotated[
        str,
        typer.Option(help="The Redis of --redis (its figures are the whole server's: use one of its own)."),
    ] = DEFAULT_REDIS_URL,
    processes: Annotated[
        int, typer.Option(min=1, help="Server processes sharing the tables (more than 1 implies --redis).")
    ] = 1,
    port: Annotated[
        int | None, typer.Option(help="First port of the server processes (default: any free ones).")
    ] = None,
    by_table: Annotated[
        bool,
        typer.Option(
            "--by-table", help="With --processes: each table's clients on its own process (routing by table)."
        ),
    ] = False,
) -> None:
    """Load test: N clients play random legal moves over WebSockets against a real server.

    Prints sustained moves per second, the p50/p99 latency from sending a move to every
    viewer of that table receiving it, the server's CPU time per move and the median size
    of a view message. Defaults: 100 and 1,000 clients, SQLite and PostgreSQL. With
    `--baseline` each client count also runs against a bare relay (no game, no database)
    and the ratio of Tabletop's moves/s to the relay's is printed. With `--processes 2` the
    two players of each table talk to different server processes (with `--by-table` each
    table's clients talk to one, the tables spread over them); with Redis the PUBLISHes
    per move, the subscribers per table and Redis's CPU per move are printed too.
    """
    options = {name: str(value) for name, value in _table_options(table_options).items()}
    counts = [2] if spectators else clients or [100, 1000]
    timing = server_load.Timing(seconds, warmup, think)
    relayed = {}
    for count in counts if baseline else ():
        relayed[count] = server_load.bench_relay(server_load.Load(game, count, spectators, options), timing)
        typer.echo(server_load.describe(relayed[count]))
    for name in database or ["sqlite", "postgres"]:
        if name not in ("sqlite", "postgres"):
            raise typer.BadParameter(f"--database is sqlite or postgres; got {name!r}")
        for count in counts:
            deployment = server_load.Deployment(
                postgres_url if name == "postgres" else None,
                redis_url if redis or processes > 1 else None,
                processes,
                port,
                by_table,
            )
            result = server_load.bench(server_load.Load(game, count, spectators, options), timing, deployment)
            typer.echo(server_load.describe(result))
            if count in relayed:
                ratio = result.moves_per_second / relayed[count].moves_per_second
                typer.echo(f"{'':10} {ratio:.1%} of the relay's moves/s")


@bench_app.command("messages")
def bench_messages(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="A two-player game.")] = "kalah",
    tables: Annotated[int, typer.Option(min=1, help="Tables playing side by side.")] = 50,
    rounds: Annotated[int, typer.Option(min=1, help="Games played at each table.")] = 2,
) -> None:
    """A move's server CPU without the network: the move, and every seat's message after it."""
    _load(game_id)
    cost = move_messages.move_cost(game_id, tables, rounds)
    typer.echo(
        f"{game_id}: {cost.play_ms:.3f} ms CPU/move to play, {cost.messages_ms:.3f} ms CPU/move for "
        f"the two seats' messages ({cost.moves} moves at {tables} tables)"
    )


@bench_app.command("writes")
def bench_writes(
    *,
    tables: Annotated[
        list[int] | None, typer.Option("--tables", "-t", help="Tables moving at once (repeatable).")
    ] = None,
    database: Annotated[
        list[str] | None, typer.Option("--database", help="sqlite and/or postgres (repeatable).")
    ] = None,
    moves: Annotated[int, typer.Option(min=1, help="Moves to append per run.")] = 2000,
    postgres_url: Annotated[
        str, typer.Option(help="PostgreSQL database for a scratch schema.")
    ] = DEFAULT_POSTGRES_URL,
) -> None:
    """A move's database cost through the server's group commit: statements, rows, bytes, commits.

    Defaults: 1, 10 and 100 tables moving at once, on SQLite and PostgreSQL.
    """
    for name in database or ["sqlite", "postgres"]:
        if name not in ("sqlite", "postgres"):
            raise typer.BadParameter(f"--database is sqlite or postgres; got {name!r}")
        for count in tables or [1, 10, 100]:
            with move_writes.fresh_store(postgres_url if name == "postgres" else None) as store:
                label = "PostgreSQL" if name == "postgres" else "SQLite"
                typer.echo(move_writes.describe(move_writes.measure(store, label, count, moves)))


@bench_app.command("memory")
def bench_memory(
    game_ids: Annotated[
        list[str] | None, typer.Argument(metavar="GAME", help="Game ids (default kalah).")
    ] = None,
    tables: Annotated[int, typer.Option(min=1, help="Tables to create and play.")] = 200,
    moves: Annotated[int, typer.Option(min=0, help="Moves played at each (fewer if it ends).")] = 30,
) -> None:
    """Memory per cached table: what each open table adds to a server process."""
    for game_id in game_ids or ["kalah"]:
        _load(game_id)
        per_table = table_memory.bytes_per_table(game_id, tables, moves)
        typer.echo(
            f"{game_id}: {per_table / 1024:.1f} KiB per cached table ({tables} tables, up to {moves} moves)"
        )


@bench_app.command("fanout")
def bench_fanout(
    *,
    subscribers: Annotated[
        list[int] | None, typer.Option("--subscribers", "-s", help="Subscribers of the channel (repeatable).")
    ] = None,
    messages: Annotated[int, typer.Option(min=1, help="Events published per run.")] = 20_000,
    redis_url: Annotated[
        str, typer.Option(help="A Redis nobody else uses during the run (its CPU is what is read).")
    ] = DEFAULT_REDIS_URL,
) -> None:
    """Redis CPU per published hub event with 0, 1, 2, 4 and 8 subscribers (processes following a table)."""
    for count in subscribers or [0, 1, 2, 4, 8]:
        typer.echo(fanout.describe(fanout.fanout_cost(redis_url, count, messages)))


@bench_app.command("mcts")
def bench_mcts(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="A game id.")],
    seconds: Annotated[float, typer.Option("--seconds", "-s", min=0.0, help="Search time.")] = 2.0,
    players: PlayersOption = None,
    seed: Annotated[int, typer.Option("--seed")] = 0,
) -> None:
    """MCTS iterations per second at the first real decision of a game."""
    game = _load(game_id)
    try:
        figures = speed.search_speed(game, players=players, seconds=seconds, seed=seed)
    except (InvalidOptions, ValueError) as error:
        _fail(str(error))
    console.print(
        f"{game.title}: {figures.iterations} MCTS iterations in {figures.seconds:.2f} s, "
        f"{figures.iterations_per_second:,.0f} iterations/s"
    )


@bench_app.command("solver")
def bench_solver(
    joker: Annotated[str, typer.Option("--joker", help="forced (Y-R8) or free (Y-R8-alt).")] = "forced",
) -> None:
    """Time and memory to build the whole solo Yahtzee table: ours against the package yatzy-solver."""
    if joker not in solver_bench.THEIR_VARIANT:
        _fail(f"--joker is forced or free; got {joker!r}")
    for line in solver_bench.describe(solver_bench.run(joker)):
        console.print(line)


@solve_app.command("yatzy")
def solve_yatzy(
    variant: Annotated[
        list[str] | None,
        typer.Option(
            "--variant",
            help="A card (repeatable); if omitted, every card whose table is computed on first use "
            "(all but maxi, whose 15 GB table takes about an hour and is computed only when named).",
        ),
    ] = None,
    joker: Annotated[str, typer.Option("--joker", help="forced (Y-R8) or free (Y-R8-alt).")] = "forced",
) -> None:
    """The exact expected score of optimal solo play from the start, computed once and cached on disk."""
    from tabletop.bots.solvers import yatzy_tables
    from tabletop.bots.solvers.yatzy_exact import solvable
    from tabletop.games.yatzy.rules import JOKER_CONVENTIONS, VARIANTS

    cards = variant or [card for card in VARIANTS if solvable(VARIANTS[card])]
    if joker not in JOKER_CONVENTIONS:
        _fail(f"--joker is forced or free; got {joker!r}")
    for card in cards:
        if card not in VARIANTS:
            _fail(f"no Yatzy card {card!r}; cards: {', '.join(VARIANTS)}")
    for card in cards:
        start = perf_counter()
        if VARIANTS[card].saves_rolls:
            console.print(_solve_saved_rolls(card, start))
            continue
        cached = yatzy_tables.table_path(card, joker).exists()
        solved = yatzy_tables.solver(card, joker)
        seconds = perf_counter() - start
        how = "loaded" if cached else "computed"
        rules = yatzy_tables.convention(VARIANTS[card], joker)
        title = VARIANTS[card].title + ("" if rules == "none" else f" ({rules} joker)")
        console.print(
            f"{title}: {solved.start_value():.4f} from the start; "
            f"{np.prod(solved.shape):,} states, {how} in {seconds:.1f} s, "
            f"{yatzy_tables.table_path(card, joker)}"
        )


def _solve_saved_rolls(card: str, start: float) -> str:
    """Maxi Yatzy's layers (resuming those already on disk) and what they cost."""
    from tabletop.bots.solvers import yatzy_tables

    how = "loaded" if yatzy_tables.saved_rolls_table(card) is not None else "computed"
    table = yatzy_tables.solve_saved_rolls(card)
    directory = yatzy_tables.layers_dir(card)
    size = sum(path.stat().st_size for path in directory.iterdir())
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20  # KiB on Linux
    return (
        f"{table.solver.variant.title}: {table.start_value():.4f} from the start; "
        f"{table.solver.states():,} states, {how} in {perf_counter() - start:.0f} s, "
        f"peak memory {peak:.1f} GiB, {size / 2**30:.1f} GiB in {directory}"
    )


# tabletop solve ----------------------------------------------------------------------------


@solve_app.command("kalah")
def solve_kalah(
    *,
    pits: Annotated[int, typer.Option("--pits", min=1, max=6, help="Pits per side.")] = 6,
    seeds: Annotated[int, typer.Option("--seeds", min=1, max=6, help="Seeds per pit at the start.")] = 4,
    empty_capture: Annotated[
        bool, typer.Option("--empty-capture", help="K-R5: a last seed in an own empty pit always captures.")
    ] = False,
    end_rule: Annotated[
        str, typer.Option("--end-rule", help="sweep (End-B, the published values) or at_turn (End-A).")
    ] = "sweep",
    database_seeds: Annotated[
        int | None,
        typer.Option(
            "--database-seeds", min=0, help="Endgame database size (default: 3/8 of the seeds, in 100 MB)."
        ),
    ] = None,
    table_bits: Annotated[
        int | None,
        typer.Option(
            "--table-bits",
            min=12,
            max=30,
            help="Transposition table of 2**N slots (8 B each; default 24, 27 from 48 seeds).",
        ),
    ] = None,
    threads: Annotated[
        int, typer.Option("--threads", min=1, max=8, help="Search threads sharing the table (lazy SMP).")
    ] = 2,
    openings: Annotated[
        bool, typer.Option("--openings", help="Also the exact value of every opening.")
    ] = False,
    verbose: Annotated[bool, typer.Option("--verbose", help="Print every zero-window search.")] = False,
) -> None:
    """Kalah(pits, seeds) under perfect play: South's final margin and best first sowing.

    No pie rule and no early finish, as the published values; prints the time, the CPU
    time and the peak memory it took.
    """
    import resource
    import time

    from tabletop.bots.solvers.kalah import solve

    if end_rule not in ("sweep", "at_turn"):
        _fail(f"--end-rule is sweep or at_turn; got {end_rule!r}")
    started = time.process_time()

    def show_pass(beta: int, result: int, positions: int) -> None:
        verdict = f"≥ {result:+d}" if result >= beta else f"≤ {result:+d}"
        console.print(
            f"  is it ≥ {beta:+d}? {verdict} ({positions:,} positions, "
            f"{time.process_time() - started:.0f} s CPU)"
        )

    solution = solve(
        pits,
        seeds,
        empty_capture=empty_capture,
        end_rule=end_rule,
        database_seeds=database_seeds,
        table_bits=table_bits,
        threads=threads,
        openings=openings,
        progress=show_pass if verbose else None,
    )
    cpu = time.process_time() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    capture = "empty capture" if empty_capture else "standard capture"
    console.print(f"Kalah({pits},{seeds}), {capture}, end_rule={end_rule}, no early finish, no pie rule")
    console.print(
        f"value for South (first player): {solution.value:+d}; best first sowing: pit {solution.best_move}"
    )
    if solution.move_values:
        each = ", ".join(f"{pit}: {value:+d}" for pit, value in enumerate(solution.move_values, start=1))
        console.print(f"each opening sowing: {each}")
    console.print(
        f"endgame database: positions with up to {solution.database_seeds} seeds, "
        f"built in {solution.database_seconds:.1f} s; search: {solution.positions:,} positions "
        f"in {solution.search_seconds:.1f} s"
    )
    console.print(f"CPU time {cpu:.1f} s; peak memory {peak:,.0f} MiB")


app.command("serve")(serve)
app.command("analyse")(analyse)


@ratings_app.command("calibrate")
def ratings_calibrate(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="A game id (see `tabletop games`).")],
    *,
    count: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per pair of bots.")] = 20,
    levels: Annotated[
        str, typer.Option(help="The levels of levelled bots (MCTS), comma-separated.")
    ] = "1,2,3",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Games played in parallel processes.")] = 1,
    write: Annotated[bool, typer.Option(help="Store the result in the bots' ratings data file.")] = True,
) -> None:
    """A round-robin of the game's bots rated like people; writes tabletop/bots/data/ratings.json."""
    game = _load(game_id)
    try:
        chosen = [int(level) for level in levels.split(",") if level.strip()]
        specs = calibration.default_specs(game.id, chosen)
        groups = len(specs) * (len(specs) - 1) // 2
        with Progress(console=console) as progress:
            task = progress.add_task(f"{game.title}: {len(specs)} bots", total=count * groups)
            result = calibration.round_robin(
                game.id, specs, count, seed=seed, jobs=jobs, on_game=lambda: progress.advance(task)
            )
    except ValueError as error:
        _fail(str(error))
    table = Table("Bot", "mu", "sigma", "Shown")
    for bot, (mu, sigma) in sorted(result.ratings.items(), key=lambda item: -item[1][0]):
        table.add_row(bot, f"{mu:.2f}", f"{sigma:.2f}", f"{Skill(mu, sigma).shown:,}")
    console.print(table)
    console.print(f"{result.games} games of {game.title}, {count} per pair, seed {seed}")
    if write:
        bot_ratings.save(result)
        console.print(f"written to {bot_ratings.RATINGS_FILE}")


@ratings_app.command("rebuild")
def ratings_rebuild(
    *,
    data_dir: Annotated[
        Path, typer.Option("--data-dir", help="Where the SQLite database lives (as for `tabletop serve`).")
    ] = DEFAULT_DATA_DIRECTORY,
) -> None:
    """Recomputes every rating from the rated tables in the order they were rated.

    The database is the SQLite file in --data-dir unless TABLETOP_DATABASE_URL is set.
    It reports how many ratings differed from the stored ones (0 when nothing drifted).
    """
    store = Store.open(database_url(data_dir))
    try:
        with Progress(console=console) as progress:
            task = progress.add_task("Rating tables", total=store.rated_tables())
            report = store.rebuild_ratings(lambda: progress.advance(task))
    finally:
        store.close()
    console.print(
        f"{report.tables} rated tables replayed; {report.ratings} ratings written, "
        f"{report.changed} differed from the stored ones"
    )
