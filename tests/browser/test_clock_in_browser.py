"""Time in the browser (issue 12): a live table with a 10-second clock where the person does
not move. The clock is seen counting down, the person loses on time, and a rematch starts
a new table with the same bot."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

CLOCK_SECONDS = 10


def _clock_seconds(page: Page, seat: int) -> int:
    minutes, seconds = page.inner_text(f'.clock[data-seat="{seat}"]').split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_clock_runs_out_and_a_rematch_follows(page: Page, base_url: str, artifacts: Path) -> None:
    page.goto(base_url + "/")
    page.request.post(base_url + "/api/guests", data={"name": "Slow Sam"})
    body = {
        "game": "kalah",
        "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}],
        "clock": {"mode": "live", "initial_s": CLOCK_SECONDS, "increment_s": 0},
        "on_timeout": "lose",
    }
    table = page.request.post(base_url + "/api/tables", data=body).json()
    page.goto(base_url + table["url"])
    page.wait_for_selector("body[data-connection=live]")
    assert page.title().startswith("● Your turn")
    first = _clock_seconds(page, 0)
    page.wait_for_timeout(2500)
    later = _clock_seconds(page, 0)
    assert first <= CLOCK_SECONDS and later <= first - 2
    assert page.locator('.clock[data-seat="0"].running').count() == 1
    page.wait_for_selector("body[data-status=finished]", timeout=(CLOCK_SECONDS + 10) * 1000)
    panel = page.inner_text("#tt-game-over")
    page.screenshot(path=artifacts / "clock-out-of-time.png", full_page=True)
    assert "Slow Sam ran out of time" in panel and "Random bot wins" in panel
    page.click("#tt-rematch")
    page.wait_for_selector("body[data-connection=live]")
    assert table["id"] not in page.url and "/t/" in page.url
    assert page.locator(".tt-players").inner_text().count("Random bot") == 1
    assert page.locator('.clock[data-seat="0"]').count() == 1
