"""The real server as a subprocess (`python -m tabletop.server serve`), for the restart and
browser tests: what `make run` starts, not an in-process stand-in."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

STARTUP_SECONDS = 30


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(
    data_dir: Path, port: int, log: Path, *extra: str, database_url: str | None = None
) -> subprocess.Popen[bytes]:
    """Starts the server on `port` and returns once it accepts connections."""
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
    environment = {key: value for key, value in os.environ.items() if not key.startswith("TABLETOP_")}
    if database_url is not None:
        environment["TABLETOP_DATABASE_URL"] = database_url
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
