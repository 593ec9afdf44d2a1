"""Where the data lives: SQLite in the data directory unless TABLETOP_DATABASE_URL says otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.store import DATABASE_URL_VARIABLE, Store, database_url


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
