"""`tabletop serve` and `tabletop bench server`, as plain functions the main CLI registers.

    tabletop serve --host 127.0.0.1 --port 8000 --data-dir data
    tabletop bench server --clients 100 --seconds 20

`python -m tabletop.server serve ...` runs the same commands without the main CLI.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

import typer

from tabletop.server.settings import DEFAULT_DATA_DIRECTORY, Settings

WEBSOCKET_MAX_BYTES = 64 * 1024
"""Frames past this are refused by the protocol layer (close 1009) before the app reads them."""


def serve(
    *,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    data_dir: Annotated[
        Path, typer.Option("--data-dir", help="Where the SQLite database and the secret key live.")
    ] = DEFAULT_DATA_DIRECTORY,
    bot_workers: Annotated[int, typer.Option(help="Processes that compute bot moves.")] = 1,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before moving, so people can follow.")
    ] = 0.4,
    bot_budget: Annotated[
        float, typer.Option(help="Seconds a bot may think before a random move is played.")
    ] = 10.0,
    behind_https_proxy: Annotated[
        bool,
        typer.Option(
            help="Served over HTTPS by a reverse proxy on this host: secure cookies, X-Forwarded-*."
        ),
    ] = False,
) -> None:
    """Serves the site: migrates the database, rebuilds open tables, then listens.

    The database is the SQLite file in --data-dir unless TABLETOP_DATABASE_URL is set
    (PostgreSQL); TABLETOP_REDIS_URL makes the hub Redis pub/sub.
    """
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    settings = Settings.from_environment(
        data_dir,
        bot_workers=bot_workers,
        bot_delay=bot_delay,
        bot_time_budget=bot_budget,
        secure_cookies=behind_https_proxy,
    )
    typer.echo(f"Tabletop on http://{host}:{port} (data in {data_dir.resolve()})")
    import uvicorn  # here, not at the top: every `tabletop` command imports this module

    from tabletop.server.app import create_app

    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        ws_max_size=WEBSOCKET_MAX_BYTES,
        log_level="warning",
        proxy_headers=behind_https_proxy,
        forwarded_allow_ips="127.0.0.1",
    )


DEFAULT_POSTGRES_URL = "postgresql://postgres@127.0.0.1:5432/test"


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
    postgres_url: Annotated[
        str, typer.Option(help="PostgreSQL database for a scratch schema.")
    ] = DEFAULT_POSTGRES_URL,
) -> None:
    """Load test: N clients play random legal moves over WebSockets against a real server.

    Prints sustained moves per second and the p50/p99 latency from sending a move to every
    viewer of that table receiving it. Defaults: 100 and 1,000 clients, SQLite and PostgreSQL.
    """
    from tabletop.server import bench

    for name in database or ["sqlite", "postgres"]:
        if name not in ("sqlite", "postgres"):
            raise typer.BadParameter(f"--database is sqlite or postgres; got {name!r}")
        for count in clients or [100, 1000]:
            url = postgres_url if name == "postgres" else None
            result = bench.bench(count, bench.Timing(seconds, warmup, think), game, url)
            typer.echo(bench.describe(result))
