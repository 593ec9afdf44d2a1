"""How one server runs: where its data lives, which database and hub, bot budgets.

The data directory (mode 0700) holds the SQLite database (unless `TABLETOP_DATABASE_URL`
names another) and the secret that signs session cookies: `TABLETOP_SECRET_KEY` when set
(so that several processes share it), else one generated on first run and readable only
by the server's user.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from tabletop.server.bot_runner import DEFAULT_TIME_BUDGET
from tabletop.server.hub import REDIS_URL_VARIABLE
from tabletop.store import database_url

SECRET_FILE_NAME = "secret_key"
SECRET_KEY_VARIABLE = "TABLETOP_SECRET_KEY"
CLOCK_OFFSET_VARIABLE = "TABLETOP_CLOCK_OFFSET_S"
"""Runs the server's clock this many seconds ahead: for tests of deadlines across a restart."""
DEFAULT_DATA_DIRECTORY = Path("data")


@dataclass(frozen=True)
class Settings:
    """One server's configuration."""

    data_dir: Path
    database_url: str
    secret_key: str
    redis_url: str | None = None
    bot_workers: int = 1
    bot_time_budget: float = DEFAULT_TIME_BUDGET
    bot_delay: float = 0.4
    secure_cookies: bool = False
    rate_limits: bool = True
    """Off only for load tests, whose thousand clients all come from one address."""
    clock_offset_s: float = 0.0
    waiting_expiry_hours: float = 24.0
    """A table still waiting for players after this long is abandoned."""

    @classmethod
    def from_environment(cls, data_dir: Path = DEFAULT_DATA_DIRECTORY, **overrides: object) -> Settings:
        """Settings for `data_dir`, the database and Redis URLs taken from the environment."""
        data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        data_dir.chmod(0o700)
        return cls(
            data_dir=data_dir,
            database_url=database_url(data_dir),
            secret_key=os.environ.get(SECRET_KEY_VARIABLE, "").strip() or load_secret(data_dir),
            redis_url=os.environ.get(REDIS_URL_VARIABLE) or None,
            clock_offset_s=float(os.environ.get(CLOCK_OFFSET_VARIABLE, "0") or 0),
            **overrides,  # type: ignore[arg-type]
        )


def load_secret(data_dir: Path) -> str:
    """The signing secret kept in the data directory, created (mode 0600) on first use."""
    path = data_dir / SECRET_FILE_NAME
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(descriptor, "w") as secret_file:
        secret_file.write(secrets.token_urlsafe(48))
    return path.read_text().strip()
