"""Connecting to the database and migrating it: SQLite by default, PostgreSQL by URL.

SQLite is the embedded default (a file in the data directory). It gets write-ahead
logging, so readers never wait for the writer, `synchronous=FULL`, so a commit is on disk
before a move is acknowledged, and a busy timeout, so concurrent writers queue instead of
failing. An in-memory SQLite database ("sqlite://") keeps one shared connection; the
store then serialises its sessions (see `Store`).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool

DATABASE_URL_VARIABLE = "TABLETOP_DATABASE_URL"
SQLITE_FILE_NAME = "tabletop.sqlite3"
SQLITE_BUSY_TIMEOUT_MS = 10_000


def insert_unless_present(session: Session, model: type[Any], values: dict[str, Any]) -> None:
    """Inserts a row unless one with the same key exists (another process wrote it first): no error."""
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    session.execute(insert(model).values(**values).on_conflict_do_nothing())


def database_url(data_dir: Path) -> str:
    """`TABLETOP_DATABASE_URL` when set, else the SQLite file in `data_dir`.

    >>> database_url(Path("/srv/tabletop")).endswith("/srv/tabletop/tabletop.sqlite3")
    True
    """
    configured = os.environ.get(DATABASE_URL_VARIABLE, "").strip()
    if configured:
        return configured
    return f"sqlite:///{data_dir / SQLITE_FILE_NAME}"


def normalise_url(url: str) -> str:
    """A URL SQLAlchemy understands: plain "postgresql://" means the psycopg 3 driver.

    >>> normalise_url("postgresql://postgres@127.0.0.1:5432/test")
    'postgresql+psycopg://postgres@127.0.0.1:5432/test'
    >>> normalise_url("sqlite:///tabletop.sqlite3")
    'sqlite:///tabletop.sqlite3'
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


@contextmanager
def scratch_schema(postgres_url: str, prefix: str = "scratch") -> Iterator[str]:
    """A fresh schema in the given PostgreSQL database, dropped afterwards; yields its URL.

    For load runs and tests that need a real PostgreSQL without touching anything else in
    the database: every connection of the URL yielded sees only that schema.
    """
    schema = f"{prefix}_{uuid.uuid4().hex[:12]}"
    engine = create_engine(normalise_url(postgres_url))
    with engine.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    separator = "&" if "?" in postgres_url else "?"
    try:
        yield f"{postgres_url}{separator}options=-csearch_path%3D{schema}&application_name={schema}"
    finally:
        with engine.begin() as connection:
            _end_sessions_of(connection, schema)
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


def _end_sessions_of(connection: Connection, schema: str) -> None:
    """Ends the sessions still open on a scratch schema (they are named after it).

    What is still connected when a run ends (a server process being stopped, a thread
    finishing its last query) would otherwise hold locks that the DROP waits for: a
    deadlock, or a teardown that hangs.
    """
    connection.execute(
        text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = :name"
             " AND pid <> pg_backend_pid()"),
        {"name": schema},
    )  # fmt: skip


def is_memory_sqlite(url: str) -> bool:
    """True for an in-memory SQLite URL ("sqlite://" or "sqlite:///:memory:").

    >>> is_memory_sqlite("sqlite://"), is_memory_sqlite("sqlite:///x.db")
    (True, False)
    """
    parsed = make_url(url)
    return parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:")


def create_database_engine(url: str, **engine_options: Any) -> Engine:
    """An engine for `url` with the SQLite settings above; other databases as they come."""
    url = normalise_url(url)
    if make_url(url).get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True, **engine_options)
    if is_memory_sqlite(url):
        engine = create_engine(
            url, connect_args={"check_same_thread": False}, poolclass=StaticPool, **engine_options
        )
    else:
        _create_parent_directory(url)
        engine = create_engine(url, connect_args={"check_same_thread": False}, **engine_options)
    event.listen(engine, "connect", _configure_sqlite_connection)
    return engine


def _create_parent_directory(url: str) -> None:
    """Makes the SQLite file's folder and the file itself readable by this user only.

    The database holds password hashes and session hashes; SQLite gives its -wal and -shm
    files the permissions of the database file.
    """
    database = make_url(url).database
    if database:
        path = Path(database)
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
        path.chmod(0o600)


def _configure_sqlite_connection(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def migrate(engine: Engine, revision: str = "head") -> None:
    """Brings the schema up to `revision` with the Alembic scripts shipped in this package."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Takes the schema back to `revision` ("base" drops every table): for operators undoing a release."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)


def alembic_config() -> Config:
    """Alembic's configuration pointing at `tabletop/store/migrations`, wherever installed."""
    config = Config()
    location = resources.files("tabletop.store") / "migrations"
    config.set_main_option("script_location", str(location))
    return config
