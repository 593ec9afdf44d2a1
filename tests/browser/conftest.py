"""The browser's fixtures: one real server in a subprocess and Debian's Chromium.

One subprocess server serves every browser test of the session, and one Chromium every test
of a module (each test makes its own tables and its own browser context, so tests share
nothing else). Screenshots and the server's log go to test-artifacts/.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from table_driver import DESKTOP_VIEWPORT

from tabletop.server.process import free_port, start_server

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


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
    """A page whose context lets Playwright evaluate its waits in the page (the site's content
    policy forbids eval); test_play_in_browser.py checks the site under its own policy."""
    context = browser.new_context(viewport=DESKTOP_VIEWPORT, bypass_csp=True)
    opened = context.new_page()
    yield opened
    context.close()
