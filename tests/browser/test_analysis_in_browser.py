"""Analysis in Chromium: finish a short Kalah game against a bot, press Analyse on its replay,
watch the progress bar finish, and read the chart and the marked moves (docs/analysis.md).

Kalah(2, 2) is small enough for the perfect player's solver, so the review is exact."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page
from table_driver import click_and_wait, create_table, seq, wait_for_turn

pytestmark = pytest.mark.browser

ANALYSIS_TIMEOUT_MS = 120_000


def test_a_finished_kalah_game_is_analysed_from_its_replay(
    page: Page, base_url: str, artifacts: Path
) -> None:
    url = create_table(
        page, base_url, "kalah", 2, ["me", "bot:random:1"], options={"pits": "2", "seeds": "2"}
    )
    while wait_for_turn(page):
        click_and_wait(page, "#tt-board .clickable >> nth=0")
    moves = seq(page)
    page.goto(f"{url}/replay?move=0")
    page.click("#tt-analyse")
    page.wait_for_selector("#tt-analysis progress, #tt-analysis .value-chart")
    page.wait_for_selector("#tt-analysis[data-running=false] .value-chart", timeout=ANALYSIS_TIMEOUT_MS)
    page.screenshot(path=artifacts / "kalah-analysis.png", full_page=True)
    assert page.locator("#tt-analysis .value-chart circle").count() == moves + 1
    assert page.locator("#tt-analysis-log li").count() == moves
    assert "final margin, perfect play" in page.inner_text("#tt-analysis h2")
    first_point = page.locator("#tt-analysis .value-chart circle title").first.text_content() or ""
    assert first_point.startswith("Start: ") and "for you" in first_point
    page.click("#tt-next")
    page.wait_for_function("document.getElementById('tt-step-number').textContent === '1'")
    page.wait_for_selector("#tt-analysis-shown:has-text('Move 2:')")
    marked = page.locator("#tt-analysis-log a:not([data-mark=''])").count()  # every ★ at least
    page.click("#tt-last")  # the replay's own log then lists every move, with the same marks
    page.wait_for_function(f"document.querySelectorAll('#tt-log .analysis-mark').length === {marked}")
    assert marked >= 1
