"""What every test shares: the hypothesis profile and the artifacts folder.

Game and engine tests need nothing else, so they import neither the server nor Playwright:
the server's fixtures live in tests/server/conftest.py and the browser's in
tests/browser/conftest.py. Those two folders are packages (they have an `__init__.py`), so
their conftests import as `server.conftest` and `browser.conftest` and do not collide.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    # CI replays the same examples every run, so a red build is reproducible; local runs keep
    # drawing new ones and find what CI would not.
    settings.load_profile("ci")


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """test-artifacts/ (git-ignored): screenshots and server logs for people to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
