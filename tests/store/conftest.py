"""The store's fixtures: one database per test on SQLite and, marked `postgres`, on PostgreSQL.

PostgreSQL runs at 127.0.0.1:5432 (database `test`) on the development machines and in CI;
each test gets a schema of its own, dropped afterwards (the scratch schema). Those tests
fail, not skip, when the server is down.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.store import Store
from tabletop.store.database import scratch_schema

POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.sqlite3'}"
        return
    with scratch_schema(POSTGRES_URL, "test") as url:
        yield url


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    opened = Store.open(database_url)
    yield opened
    opened.close()
