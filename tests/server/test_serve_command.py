"""What `tabletop serve` does between building the app and listening (docs/scaling.md,
"The latency tail")."""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from tabletop.server import cli


def test_serve_freezes_the_imported_code_before_it_listens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Any] = {}

    def listen(app: object, **options: object) -> None:  # uvicorn.run, which would block
        kalah = sys.modules["tabletop.games.kalah.game"]
        seen["frozen"] = gc.get_freeze_count()
        seen["kalah tracked"] = any(thing is kalah.__dict__ for thing in gc.get_objects())

    monkeypatch.setattr(uvicorn, "run", listen)
    try:
        cli.serve(data_dir=tmp_path)
    finally:
        gc.unfreeze()  # the rest of the test session collects as usual
    assert seen["frozen"] > 50_000  # the server and every game, loaded before the freeze
    assert not seen["kalah tracked"]  # a game's code is out of every later collection
