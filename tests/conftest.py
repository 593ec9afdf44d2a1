"""Shared fixtures: the table service in memory, a real server in a thread (both with the
test games of tests/server), and for the browser tests the real server in a subprocess with
Debian's Chromium.

One subprocess server and one browser serve every browser test of the session (each test
makes its own tables and its own browser context, so tests share nothing else).
Screenshots and the server's log go to test-artifacts/ (git-ignored).
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import AsyncIterator, Iterator
from http.cookiejar import CookieJar, DefaultCookiePolicy
from pathlib import Path

import httpx
import pytest
import pytest_asyncio
import server_games
import uvicorn
from hypothesis import settings
from playwright.sync_api import Browser, Page, sync_playwright
from running_site import Site
from table_driver import DESKTOP_VIEWPORT

from tabletop.server.app import create_app
from tabletop.server.bot_runner import ThreadBotRunner
from tabletop.server.cli import WEBSOCKET_MAX_BYTES
from tabletop.server.hub import MemoryHub
from tabletop.server.process import free_port, start_server
from tabletop.server.service import TableService
from tabletop.server.settings import Settings
from tabletop.store import Store

ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    # CI replays the same examples every run, so a red build is reproducible; local runs keep
    # drawing new ones and find what CI would not.
    settings.load_profile("ci")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


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


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[str]:
    port = free_port()
    data_dir = tmp_path_factory.mktemp("browser-site")
    process = start_server(data_dir, port, artifacts / "browser-server.log", "--bot-delay", "0")
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium for one test module: Playwright's sync API runs an event loop on this thread,
    which must be closed before the asyncio tests of later modules start their own."""
    executable = shutil.which("chromium")
    assert executable, "Debian's chromium is missing: run scripts/ensure-test-services"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=DESKTOP_VIEWPORT)
    opened = context.new_page()
    yield opened
    context.close()
