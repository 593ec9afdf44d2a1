"""Where a server keeps its secrets (issue 11, item 10): the signing key comes from
`TABLETOP_SECRET_KEY` when set, so that processes share it, else from a file only the
server's user can read; the data directory and the SQLite file are private too."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from tabletop.server.settings import SECRET_KEY_VARIABLE, Settings
from tabletop.store import Store


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_secret_comes_from_the_environment_when_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SECRET_KEY_VARIABLE, "shared by every process")
    assert Settings.from_environment(tmp_path / "a").secret_key == "shared by every process"
    assert Settings.from_environment(tmp_path / "b").secret_key == "shared by every process"
    assert not (tmp_path / "a" / "secret_key").exists()


def test_otherwise_a_private_secret_is_made_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SECRET_KEY_VARIABLE, raising=False)
    monkeypatch.delenv("TABLETOP_DATABASE_URL", raising=False)
    data = tmp_path / "data"
    first = Settings.from_environment(data)
    assert Settings.from_environment(data).secret_key == first.secret_key and len(first.secret_key) > 40
    assert _mode(data) == 0o700 and _mode(data / "secret_key") == 0o600
    Store.open(first.database_url).close()
    assert _mode(data / "tabletop.sqlite3") == 0o600
