"""`tabletop analyse`, as a plain function the main CLI registers.

    tabletop analyse k2x9q7m1ab --data-dir data      (a table of the site's database)
    tabletop analyse game.json                        (a game file: see `GameRecord.from_json`)

It prints the review of every move: the mover, the move, the analyst's preferred move,
the mover's value before and after, the loss and the verdict, then each player's tally.
For a table it reuses the review stored by the site (or an earlier run) for the same
analyst, version and budget, and stores the review it makes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from tabletop import games
from tabletop.analysis.analysts import DEFAULT_ITERATIONS, UNITS, Analyst, analyst_for, shown_value
from tabletop.analysis.review import GameRecord, Review, review
from tabletop.analysis.stored import save_moves, stored_review
from tabletop.analysis.verdicts import Verdict
from tabletop.engine import Game, IllegalAction, UnknownGame
from tabletop.store import Store, database_url, is_table_id

console = Console(highlight=False)


def analyse(
    source: Annotated[
        str, typer.Argument(metavar="TABLE_ID|GAME_FILE", help="A table id or a JSON game file.")
    ],
    *,
    data_dir: Annotated[
        Path, typer.Option("--data-dir", help="The site's data directory (for a table id).")
    ] = Path("data"),
    iterations: Annotated[
        int, typer.Option("--iterations", "-i", min=1, help="MCTS iterations per position.")
    ] = DEFAULT_ITERATIONS,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
) -> None:
    """Reviews every move of a finished game with the game's strongest bot at a fixed budget."""
    record, names = _load(source, data_dir)
    table_id = None if Path(source).is_file() else source
    try:
        game = games.load(record.game_id)
        options = game.resolve_options(record.options)
        analyst = analyst_for(record.game_id, record.players, options, iterations)
        # Migrated as `tabletop serve` would: the stored reviews live in a table of schema 0005.
        store = None if table_id is None else Store.open(database_url(data_dir))
        try:
            result = _stored_or_new(game, record, analyst, store, table_id, quiet=as_json)
        finally:
            if store is not None:
                store.close()
    except (UnknownGame, IllegalAction, ValueError) as error:
        console.print(f"[red]{error}[/red]")
        raise typer.Exit(2) from error
    if as_json:
        typer.echo(json.dumps(_as_json(result), indent=1))
    else:
        _print(result, names)


def _stored_or_new(
    game: Game,
    record: GameRecord,
    analyst: Analyst,
    store: Store | None,
    table_id: str | None,
    *,
    quiet: bool,
) -> Review:
    """The table's stored review by this analyst if there is one, else a new one (saved for the table)."""
    if store is not None and table_id is not None:
        stored = stored_review(store, table_id, record, analyst)
        if stored is not None:
            if not quiet:
                console.print(f"Reusing the review stored for {table_id} ({analyst.name}).")
            return stored
    with Progress(console=console, transient=True, disable=quiet) as progress:
        task = progress.add_task("Analysing", total=len(record.moves))
        result = review(game, record, analyst, lambda done, _: progress.update(task, completed=done))
    if store is not None and table_id is not None:
        save_moves(store, table_id, analyst, result.moves)
    return result


def _load(source: str, data_dir: Path) -> tuple[GameRecord, list[str]]:
    """The game record and its players' names, from a game file or from the site's database."""
    path = Path(source)
    if path.is_file():
        try:
            record = GameRecord.from_json(json.loads(path.read_text()))
        except (ValueError, json.JSONDecodeError) as error:
            raise typer.BadParameter(f"{source}: {error}") from error
        return record, [f"Player {seat + 1}" for seat in range(record.players)]
    if not is_table_id(source):
        raise typer.BadParameter(f"{source!r} is neither a file nor a table id")
    store = Store.open(database_url(data_dir), migrate_schema=False)
    try:
        table = store.table(source)
        if table is None:
            raise typer.BadParameter(f"no table {source!r} in {data_dir}")
        moves = tuple((move.seat, move.action_id) for move in store.moves(source))
    finally:
        store.close()
    names = [seat.player_name or seat.bot or f"Player {seat.seat + 1}" for seat in table.seats]
    start = None if table.origin is None else table.origin.start
    return GameRecord(table.game_id, table.players, table.options, table.seed, moves, start), names


def _print(result: Review, names: list[str]) -> None:
    unit = UNITS[result.kind]
    table = Table(
        title=f"{result.record.game_id}: every move valued by {result.analyst} ({unit} for the mover)"
    )
    for column in ("#", "player", "move", "best", "before", "after", "loss", "verdict"):
        table.add_column(column, justify="right" if column in ("#", "before", "after", "loss") else "left")
    for move in result.moves:
        best = "" if move.best == move.played else move.best_label
        table.add_row(
            str(move.index + 1),
            names[move.seat],
            move.label,
            best,
            shown_value(move.value_before, result.kind),
            shown_value(move.value_after, result.kind),
            shown_value(move.loss, result.kind),
            move.verdict.value,
        )
    console.print(table)
    for seat, name in enumerate(names):
        tally = ", ".join(
            f"{count} {verdict.value}" for verdict, count in result.counts(seat).items() if count
        )
        mean = shown_value(result.mean_loss(seat), result.kind)
        console.print(f"{name}: {tally or 'no moves'}; mean loss {mean}")


def _as_json(result: Review) -> dict[str, object]:
    return {
        "record": result.record.to_json(),
        "analyst": result.analyst,
        "kind": result.kind,
        "verdicts": [verdict.value for verdict in Verdict],
        "moves": [
            {
                "index": move.index,
                "seat": move.seat,
                "played": move.played,
                "best": move.best,
                "value_before": move.value_before,
                "value_after": move.value_after,
                "loss": move.loss,
                "verdict": move.verdict.value,
            }
            for move in result.moves
        ],
    }
