"""A real server on a free port, as the API and WebSocket tests see it."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from http.cookiejar import CookieJar, DefaultCookiePolicy
from pathlib import Path
from typing import Any

import httpx
import server_games
import uvicorn

from tabletop.server.app import create_app
from tabletop.server.bot_runner import ThreadBotRunner
from tabletop.server.cli import WEBSOCKET_MAX_BYTES
from tabletop.server.hub import Hub, MemoryHub
from tabletop.server.settings import Settings
from tabletop.store import Store
from tabletop.store.database import scratch_schema


@dataclass(frozen=True)
class Guest:
    id: int
    name: str
    headers: dict[str, str]


@dataclass
class Site:
    """A real server (uvicorn in a thread) on a free port, with the test games."""

    base_url: str
    store: Store
    http: httpx.Client

    @property
    def ws_url(self) -> str:
        return "ws" + self.base_url.removeprefix("http")

    def guest(self, name: str) -> Guest:
        """A new guest player with its API token."""
        answer = self.http.post("/api/guests", json={"name": name}).json()
        return Guest(answer["id"], answer["name"], {"Authorization": f"Bearer {answer['token']}"})


@contextmanager
def serving(data_dir: Path, hub: Hub | None = None, **settings_overrides: Any) -> Iterator[Site]:
    """A real server (uvicorn in a thread) with the test games, until the block ends (an
    in-memory hub unless another is given)."""
    settings = Settings.from_environment(data_dir, bot_delay=0.0, **settings_overrides)
    app = create_app(
        settings,
        load_game=server_games.load,
        list_games=lambda: sorted(server_games.TEST_GAMES.values(), key=lambda game: game.title),
        bot_runner=ThreadBotRunner(server_games.load),
        hub=hub or MemoryHub(),
    )
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", ws_max_size=WEBSOCKET_MAX_BYTES)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    store = Store.open(settings.database_url)
    base_url = f"http://127.0.0.1:{port}"
    no_cookies = CookieJar(DefaultCookiePolicy(allowed_domains=[]))  # every request shows only its token
    with httpx.Client(base_url=base_url, cookies=no_cookies) as http:
        yield Site(base_url, store, http)
    server.should_exit = True
    thread.join(timeout=10)
    store.close()


POSTGRES_URL = "postgresql://postgres@127.0.0.1:5432/test"


def postgres_schema(prefix: str) -> AbstractContextManager[str]:
    """A database URL on a fresh PostgreSQL schema, dropped afterwards."""
    return scratch_schema(POSTGRES_URL, prefix)
