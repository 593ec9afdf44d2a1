"""Where the data lives: SQLite in the data directory unless TABLETOP_DATABASE_URL says otherwise."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from tabletop.store import DATABASE_URL_VARIABLE, Store, database_url
from tabletop.store.database import normalise_url, scratch_schema

POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def test_the_default_is_a_sqlite_file_in_the_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(DATABASE_URL_VARIABLE, raising=False)
    url = database_url(tmp_path / "data")
    store = Store.open(url)
    store.create_guest("Ann")
    store.close()
    assert (tmp_path / "data" / "tabletop.sqlite3").is_file()


def test_the_environment_variable_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATABASE_URL_VARIABLE, "postgresql://postgres@127.0.0.1:5432/test")
    assert database_url(tmp_path) == "postgresql://postgres@127.0.0.1:5432/test"


@pytest.mark.postgres
def test_a_scratch_schema_is_dropped_even_with_a_session_still_holding_its_tables() -> None:
    # A server process or thread still connected when a run ends must not make the DROP
    # wait for its locks (a deadlock, or a teardown that never ends).
    schemas = scratch_schema(POSTGRES_URL, "left_open")
    url = schemas.__enter__()
    left_open = create_engine(normalise_url(url)).connect()
    left_open.execute(text("CREATE TABLE held (id integer)"))
    left_open.execute(text("LOCK TABLE held IN ACCESS EXCLUSIVE MODE"))  # the transaction stays open
    teardown = threading.Thread(target=schemas.__exit__, args=(None, None, None), daemon=True)
    teardown.start()
    teardown.join(timeout=30)
    assert not teardown.is_alive()
    left_open.invalidate()  # its server session has been ended: nothing to roll back
    schema = url.rsplit("application_name=", 1)[1]
    with create_engine(normalise_url(POSTGRES_URL)).connect() as connection:
        found = connection.execute(
            text("SELECT count(*) FROM pg_namespace WHERE nspname = :name"), {"name": schema}
        )
    assert schema.startswith("left_open_") and found.scalar() == 0
