"""A rated game between two registered people in two browsers, and both profiles changing.

Ann registers with a display name, creates a rated Kalah table (one seed a pit) with an
open seat; Bob registers in another browser context and takes it; Ann plays a move, then
resigns. The game-over box shows both rating changes; both profiles now show a rating
of Kalah with its chart, where before they showed no game.
"""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from table_driver import DESKTOP_VIEWPORT, click_and_wait, wait_for_turn

from tabletop.store.ratings import Skill, rate

pytestmark = pytest.mark.browser

FIRST_CLICKABLE = "#tt-board .clickable"


def _register(page: Page, base_url: str, name: str) -> None:
    page.goto(f"{base_url}/register")
    page.fill("input[name=username]", f"u{uuid.uuid4().hex[:10]}")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", "a long enough password")
    page.click("button[type=submit]:has-text('Register')")
    page.wait_for_url(f"{base_url}/")
    assert page.inner_text("#tt-me") == name


def _words(text: str) -> str:
    return " ".join(text.split())


def _kalah_rating(page: Page, base_url: str, name: str) -> str:
    """The rating cell of Kalah on the profile, or "" when the profile has no Kalah game."""
    page.goto(f"{base_url}/players/{name}")
    row = page.locator("#profile-kalah .rating")
    return row.inner_text() if row.count() else ""


def test_a_rated_game_between_two_accounts_changes_both_profiles(
    browser: Browser, base_url: str, artifacts: Path
) -> None:
    ann_context = browser.new_context(viewport=DESKTOP_VIEWPORT, bypass_csp=True)
    bob_context = browser.new_context(viewport=DESKTOP_VIEWPORT, bypass_csp=True)
    try:
        ann, bob = ann_context.new_page(), bob_context.new_page()
        ann_name, bob_name = f"Ann {uuid.uuid4().hex[:5]}", f"Bob {uuid.uuid4().hex[:5]}"
        _register(ann, base_url, ann_name)
        _register(bob, base_url, bob_name)
        assert _kalah_rating(ann, base_url, ann_name) == _kalah_rating(bob, base_url, bob_name) == ""

        ann.goto(f"{base_url}/games/kalah/new")
        ann.select_option("select[name=seat-0]", "me")
        ann.select_option("select[name=seat-1]", "bot:mcts:5")  # not calibrated: the table would be friendly
        assert ann.is_disabled("#rated") and not ann.is_checked("#rated")
        ann.select_option("select[name=seat-1]", "open")
        ann.select_option("select[name=option-seeds]", "1")
        assert ann.is_enabled("#rated") and ann.is_checked("#rated")
        ann.click("#create-table")
        ann.wait_for_selector("body[data-connection=live]")
        table_url = ann.url

        bob.goto(table_url)
        bob.click("#join-seat-1")
        bob.wait_for_selector("body[data-connection=live]")
        assert wait_for_turn(ann)
        click_and_wait(ann, FIRST_CLICKABLE)
        ann.once("dialog", lambda dialog: dialog.accept())
        ann.click("#tt-resign")
        ann.wait_for_selector("#tt-game-over")
        bob.wait_for_selector("#tt-game-over")
        loser, winner = (skill.shown for skill in rate([Skill.new(), Skill.new()], [2, 1]))
        assert _words(bob.inner_text("#rating-change-1")) == f"{winner:,} (+{winner - 1000})"
        assert _words(bob.inner_text("#rating-change-0")) == f"{loser:,} ({loser - 1000})"
        ann.screenshot(path=artifacts / "rated-game-over.png", full_page=True)

        assert _kalah_rating(bob, base_url, ann_name) == f"{loser:,}"
        assert _kalah_rating(ann, base_url, bob_name) == f"{winner:,}"
        assert ann.locator("svg.rating-chart").count() == 1
        assert re.search(r"\bwon\b", ann.inner_text("#tt-profile"))
        ann.screenshot(path=artifacts / "profile-after-a-rated-game.png", full_page=True)
    finally:
        ann_context.close()
        bob_context.close()
