"""The store's fixtures: one database per test on SQLite and, marked `postgres`, on PostgreSQL.

PostgreSQL runs at 127.0.0.1:5432 (database `test`) on the development machines and in CI;
each test gets a schema of its own, dropped afterwards (the scratch schema). Those tests
fail, not skip, when the server is down.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from tabletop.store import Store

POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.sqlite3'}"
        return
    schema = f"test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(POSTGRES_URL)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield f"{POSTGRES_URL}?options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    opened = Store.open(database_url)
    yield opened
    opened.close()
