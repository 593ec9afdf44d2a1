"""What every test shares: the hypothesis profile and the artifacts folder.

Game and engine tests need nothing else, so they import neither the server nor Playwright:
the server's fixtures live in tests/server/conftest.py and the browser's in
tests/browser/conftest.py. Those two folders are packages (they have an `__init__.py`), so
their conftests import as `server.conftest` and `browser.conftest` and do not collide.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    # CI replays the same examples every run, so a red build is reproducible; local runs keep
    # drawing new ones and find what CI would not.
    settings.load_profile("ci")


@pytest.fixture(scope="session", autouse=True)
def solver_tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One temporary cache directory for the session's solver tables (Yatzy's exact tables):
    computed on first use, shared by every test, and never written to the user's cache."""
    directory = tmp_path_factory.mktemp("solver-tables")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TABLETOP_CACHE_DIR", str(directory))
        yield directory


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """test-artifacts/ (git-ignored): screenshots and server logs for people to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
