"""`tabletop serve`, as a plain function the main CLI registers.

    tabletop serve --host 127.0.0.1 --port 8000 --data-dir data

`python -m tabletop.server serve ...` runs the same commands without the main CLI.
"""

from __future__ import annotations

import gc
import logging
from pathlib import Path
from typing import Annotated

import typer

from tabletop import games
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
    rate_limits: Annotated[
        bool,
        typer.Option(help="Limit requests per player and per address (turn off only for load tests)."),
    ] = True,
    waiting_expiry: Annotated[
        float, typer.Option(help="Hours a table may wait for players before it is abandoned.")
    ] = 24.0,
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
        rate_limits=rate_limits,
        waiting_expiry_hours=waiting_expiry,
    )
    typer.echo(f"Tabletop on http://{host}:{port} (data in {data_dir.resolve()})")
    import uvicorn  # here, not at the top: every `tabletop` command imports this module

    from tabletop.server.app import create_app

    app = create_app(settings)
    _freeze_start_up_objects()
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=WEBSOCKET_MAX_BYTES,
        ws_per_message_deflate=False,  # it cost more CPU per move than it saved (docs/protocol.md)
        log_level="warning",
        proxy_headers=behind_https_proxy,
        forwarded_allow_ips="127.0.0.1",
    )


def _freeze_start_up_objects() -> None:
    """Takes what start-up made out of every later garbage collection.

    The imported server, every game included, is about 150,000 objects the cycle collector
    tracks, and they live as long as the process. A full collection walks every tracked
    object while every table of the process waits: without this each one paused play for
    100–260 ms at 500 tables (docs/scaling.md, "The latency tail"). The open tables are
    rebuilt after this, in the app's start-up, and stay collectable.
    """
    games.all()  # imports every game's package now, so that its code is frozen too
    gc.collect()
    gc.freeze()
