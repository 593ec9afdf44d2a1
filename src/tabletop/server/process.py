"""The real server as a child process (`python -m tabletop.server serve`): what `make run`
starts, not an in-process stand-in. The load run (`tabletop bench server`) and the restart
and browser tests all start it this way."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

STARTUP_SECONDS = 60
"""How long a start may take before it counts as failed (a loaded 2-core machine is slow)."""


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(
    data_dir: Path,
    port: int,
    log: Path,
    *extra: str,
    database_url: str | None = None,
    settings: Mapping[str, str] | None = None,
) -> subprocess.Popen[bytes]:
    """Starts the server on `port`, its output appended to `log`; returns once it accepts connections.

    The child gets this environment without any `TABLETOP_` variable, so only `database_url`
    chooses its database and `settings` (more `TABLETOP_` variables: a Redis URL, a shared
    secret) its other parts.
    """
    command = [sys.executable, "-m", "tabletop.server", "serve", "--port", str(port)]
    command += ["--data-dir", str(data_dir), *extra]
    environment = {key: value for key, value in os.environ.items() if not key.startswith("TABLETOP_")}
    if database_url is not None:
        environment["TABLETOP_DATABASE_URL"] = database_url
    environment.update(settings or {})
    return start_listening(command, port, log, environment)


def start_listening(
    command: list[str], port: int, log: Path, environment: Mapping[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """Starts `command`, its output appended to `log`; returns once it accepts connections on `port`."""
    with log.open("ab") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=environment)
    _wait_until_listening(process, port, log)
    return process


def _wait_until_listening(process: subprocess.Popen[bytes], port: int, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}; see {log}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"the server did not start within {STARTUP_SECONDS} s; see {log}")
