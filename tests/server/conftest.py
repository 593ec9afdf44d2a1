"""The server's fixtures: the table service in memory and a real server in a thread, both
serving the test games of tests/server/server_games.py."""

from __future__ import annotations

import threading
import time
from collections.abc import AsyncIterator, Iterator
from http.cookiejar import CookieJar, DefaultCookiePolicy

import httpx
import pytest
import pytest_asyncio
import server_games
import uvicorn
from running_site import Site

from tabletop.server.app import create_app
from tabletop.server.bot_runner import ThreadBotRunner
from tabletop.server.cli import WEBSOCKET_MAX_BYTES
from tabletop.server.hub import MemoryHub
from tabletop.server.service import TableService
from tabletop.server.settings import Settings
from tabletop.store import Store


@pytest.fixture
def store() -> Store:
    return Store.memory()


@pytest.fixture
def hub() -> MemoryHub:
    return MemoryHub()


@pytest_asyncio.fixture
async def service(store: Store, hub: MemoryHub) -> AsyncIterator[TableService]:
    table_service = TableService(store, hub, server_games.load, ThreadBotRunner(server_games.load))
    yield table_service
    await table_service.stop()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """One server per test module; tests make their own players and tables on it."""
    settings = Settings.from_environment(tmp_path_factory.mktemp("site") / "data", bot_delay=0.0)
    app = create_app(
        settings,
        load_game=server_games.load,
        list_games=lambda: sorted(server_games.TEST_GAMES.values(), key=lambda game: game.title),
        bot_runner=ThreadBotRunner(server_games.load),
        hub=MemoryHub(),
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
