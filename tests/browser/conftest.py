"""Browser tests: the real server (`python -m tabletop.server serve`) in a subprocess and
Debian's Chromium driven by Playwright. Screenshots go to test-artifacts/ (git-ignored)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
STARTUP_SECONDS = 30


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(data_dir: Path, port: int, log: Path, *extra: str) -> subprocess.Popen[bytes]:
    """`python -m tabletop.server serve` on `port`, answering once it is up."""
    command = [
        sys.executable,
        "-m",
        "tabletop.server",
        "serve",
        "--port",
        str(port),
        "--data-dir",
        str(data_dir),
    ]
    environment = {key: value for key, value in os.environ.items() if key != "TABLETOP_DATABASE_URL"}
    with log.open("ab") as output:
        process = subprocess.Popen(
            [*command, *extra], stdout=output, stderr=subprocess.STDOUT, env=environment
        )
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}; see {log}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"the server did not start within {STARTUP_SECONDS} s; see {log}")


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[str]:
    port = free_port()
    data_dir = tmp_path_factory.mktemp("browser-site")
    process = start_server(data_dir, port, artifacts / "browser-server.log", "--bot-delay", "0")
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = shutil.which("chromium")
    assert executable, "Debian's chromium is missing: run scripts/ensure-test-services"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    opened = context.new_page()
    yield opened
    context.close()
