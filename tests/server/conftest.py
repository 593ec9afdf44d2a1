"""The server's fixtures: the table service in memory and a real server in a thread, both
serving the test games of tests/server/server_games.py."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio
import server_games
from running_site import Site, serving

from tabletop.server.bot_runner import ThreadBotRunner
from tabletop.server.hub import MemoryHub
from tabletop.server.service import TableService
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
    """One server per test module, without rate limits (its tests make many players from
    one address); tests make their own players and tables on it."""
    with serving(tmp_path_factory.mktemp("site") / "data", rate_limits=False) as running:
        yield running
