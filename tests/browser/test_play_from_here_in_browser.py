"""Play from here in Chromium: from a position of a finished Kalah replay, a new table
against a bot, and a move played there (issue 16)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page
from table_driver import click_and_wait, create_table, seq, wait_for_turn

pytestmark = pytest.mark.browser


def test_play_from_here_on_a_finished_kalah_replay_against_a_bot(
    page: Page, base_url: str, artifacts: Path
) -> None:
    origin = create_table(page, base_url, "kalah", 2, ["bot:random:1", "bot:random:1"])
    page.wait_for_selector("body[data-status=finished]", timeout=60_000)
    page.goto(f"{origin}/replay")
    assert not page.is_visible("#tt-play-from-here")  # the game is over there
    page.click("#tt-first")
    page.wait_for_function("document.body.dataset.seq === '0'")
    for step in (1, 2, 3):  # stepped in the page, without reloading: the link must follow
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"document.body.dataset.seq === '{step}'")
    page.click("#tt-play-from-here")
    page.wait_for_selector("#play-from-here")
    assert "after move 3 of" in page.inner_text("#play-from-here")
    assert page.is_visible("#play-from-here-unrated") and page.locator("#rated").count() == 0
    page.select_option("select[name=seat-0]", "me")
    page.select_option("select[name=seat-1]", "bot:random:1")
    page.click("#create-table")
    page.wait_for_selector("body[data-connection=live]")
    assert page.url != origin and "move 3 of another table" in page.inner_text("#tt-origin")
    assert wait_for_turn(page)
    before = seq(page)
    click_and_wait(page, "#tt-board .clickable")
    assert seq(page) > before
    assert page.locator("#tt-log li").count() == seq(page)
    page.screenshot(path=artifacts / "kalah-play-from-here.png", full_page=True)
