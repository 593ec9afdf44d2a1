"""People playing in Chromium through the generic client: Kalah against MCTS, solo
Yatzy, a live game between two browsers with a spectator, and a replay.

The real server (`python -m tabletop.server serve`) runs in a subprocess; Debian's
Chromium is driven by Playwright (fixtures in conftest.py). Screenshots of final positions
go to test-artifacts/ (git-ignored)."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from table_driver import (
    Person,
    click_and_wait,
    create_table,
    play_one_move,
    seq,
    wait_for_seq_after,
    wait_for_turn,
)

pytestmark = pytest.mark.browser


FIRST_CLICKABLE = "#tt-board .clickable"


BOARD_AS_SENT = """() => {
    const written = (node) => {
        if (node.nodeType === Node.TEXT_NODE) return node.textContent;
        const attributes = [...node.attributes]
            .filter(({ name }) => !/^(class|tabindex|role|aria-|data-tt)/.test(name))
            .map(({ name, value }) => `${name}="${value}"`)
            .sort();
        return `<${node.tagName} ${attributes.join(" ")}>${[...node.childNodes].map(written).join("")}</>`;
    };
    return written(document.querySelector("#tt-board svg"));
}"""
"""The board's drawing as the server drew it: its elements, their attributes in one order
(morphing keeps an element's but may reorder them), without what the client adds to mark
and reach the elements."""


def _drawn_board(page: Page) -> str:
    return str(page.evaluate(BOARD_AS_SENT))


def _fresh_board(context: BrowserContext, url: str, at_seq: int) -> str:
    """The board of a page of `url` opened now, at `at_seq`."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(f"body[data-connection=live][data-seq='{at_seq}']")
    board = _drawn_board(page)
    page.close()
    return board


def _game_over_panel(page: Page) -> str:
    page.wait_for_selector("#tt-game-over")
    return page.inner_text("#tt-game-over")


def test_a_person_plays_kalah_against_mcts_to_the_end(page: Page, base_url: str, artifacts: Path) -> None:
    create_table(page, base_url, "kalah", 2, ["me", "bot:mcts:1"])
    moves = 0
    while wait_for_turn(page):
        assert page.locator(FIRST_CLICKABLE).count() >= 1
        click_and_wait(page, FIRST_CLICKABLE)
        moves += 1
    panel = _game_over_panel(page)
    page.screenshot(path=artifacts / "kalah-vs-mcts.png", full_page=True)
    assert moves >= 5 and "Game over" in panel and "MCTS bot, level 1" in panel
    assert page.locator("#tt-log li").count() == seq(page)


def _play_one_yatzy_turn(page: Page) -> None:
    if page.locator("#die-0.clickable").count():
        page.click("#die-0")  # keep the first die: choosing dice is one action each
        page.wait_for_selector("#die-0.clickable")
    while page.locator("#roll.clickable").count():
        click_and_wait(page, "#roll")
    click_and_wait(page, "[id^='cell-'].clickable >> nth=0")


def test_a_solo_yatzy_game_by_clicking_dice_roll_and_score_cells(
    page: Page, base_url: str, artifacts: Path
) -> None:
    create_table(page, base_url, "yatzy", 1, ["me"])
    turns = 0
    while wait_for_turn(page):
        _play_one_yatzy_turn(page)
        turns += 1
    panel = _game_over_panel(page)
    page.screenshot(path=artifacts / "yatzy-solo.png", full_page=True)
    assert turns >= 13 and "Game over" in panel


def test_two_browsers_play_live_and_a_spectator_watches(
    browser: Browser, base_url: str, artifacts: Path
) -> None:
    contexts = [
        browser.new_context(viewport={"width": 900, "height": 800}, bypass_csp=True) for _ in range(3)
    ]
    south, north, spectator = (context.new_page() for context in contexts)
    url = create_table(south, base_url, "kalah", 2, ["me", "open"])
    north.goto(url)
    north.click("#join-seat-1")
    north.wait_for_selector("body[data-connection=live][data-status=playing]")
    south.wait_for_selector("body[data-status=playing]")
    spectator.goto(url)
    spectator.wait_for_selector("body[data-connection=live]")
    for page in (south, north, spectator):
        page.evaluate("window.notReloaded = true")

    while True:
        movers = [page for page in (south, north) if page.evaluate("document.body.dataset.myTurn") == "yes"]
        if south.evaluate("document.body.dataset.status") == "finished":
            break
        assert len(movers) == 1
        mover = movers[0]
        other = north if mover is south else south
        before = seq(mover)
        click_and_wait(mover, FIRST_CLICKABLE)
        wait_for_seq_after(other, before)
        wait_for_seq_after(spectator, before)
        assert seq(other) == seq(mover) == seq(spectator)
        if seq(spectator) % 8 == 0:  # the updates built the board a page opened now is sent whole
            assert _drawn_board(spectator) == _fresh_board(contexts[2], url, seq(spectator))

    for name, page in (("south", south), ("north", north), ("spectator", spectator)):
        _game_over_panel(page)
        assert page.evaluate("window.notReloaded") is True
        page.screenshot(path=artifacts / f"kalah-live-{name}.png", full_page=True)
    assert spectator.locator(FIRST_CLICKABLE).count() == 0
    for context in contexts:
        context.close()


def test_a_replay_steps_through_a_finished_game(page: Page, base_url: str, artifacts: Path) -> None:
    url = create_table(page, base_url, "kalah", 2, ["bot:random:1", "bot:random:1"])
    page.wait_for_selector("body[data-status=finished]", timeout=60_000)
    total = seq(page)
    page.goto(f"{url}/replay")
    assert page.inner_text("#tt-step-number") == str(total)
    last_board = page.inner_html("#tt-board")
    page.click("#tt-previous")
    page.wait_for_function(f"document.body.dataset.seq === '{total - 1}'")
    assert page.inner_text("#tt-step-number") == str(total - 1)
    assert page.inner_html("#tt-board") != last_board
    page.click("#tt-first")
    page.wait_for_function("document.body.dataset.seq === '0'")
    assert page.locator("#tt-log li").count() == 0
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.body.dataset.seq === '1'")
    assert page.locator("#tt-log li").count() == 1
    page.click("#tt-last")
    page.wait_for_function(f"document.body.dataset.seq === '{total}'")
    page.screenshot(path=artifacts / "kalah-replay.png", full_page=True)
    assert page.locator("#tt-game-over").count() == 1


def test_the_site_works_under_its_own_content_policy(browser: Browser, base_url: str) -> None:
    """No Playwright evaluation here (the policy forbids eval): only selectors and clicks."""
    context = browser.new_context(viewport={"width": 900, "height": 800})
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    try:
        create_table(page, base_url, "kalah", 2, ["me", "bot:random:1"])
        for _ in range(3):
            page.wait_for_selector(f"body[data-status=playing] {FIRST_CLICKABLE}", timeout=20_000)
            before = page.get_attribute("body", "data-seq")
            page.click(FIRST_CLICKABLE)
            page.wait_for_selector(f"body:not([data-seq='{before}'])", timeout=20_000)
        page.goto(f"{base_url}/games/kalah/rules")
        page.wait_for_selector("#tt-rules h1")
    finally:
        context.close()
    assert [line for line in console if "Content Security Policy" in line] == []


MY_TURN_NOW = (
    "document.body.dataset.status === 'playing' && document.body.dataset.myTurn === 'yes'"
    " && document.body.dataset.pending === 'no'"
)
TWO_PEOPLE_SECONDS = 400


@pytest.mark.parametrize("game_id", ["numberdrop", "rolltothetop"])
def test_two_people_play_a_simultaneous_game_to_the_end(
    browser: Browser, base_url: str, artifacts: Path, game_id: str
) -> None:
    """Issue 8: two people at one table, each in their own browser, writing at the same time.

    While one has chosen and the other still thinks, each sees the other as "choosing" or
    "done", never what they chose; both play by clicking until the game is over."""
    contexts = [
        browser.new_context(viewport={"width": 1000, "height": 900}, bypass_csp=True) for _ in range(2)
    ]
    first, second = (context.new_page() for context in contexts)
    people = [Person(random.Random(f"{game_id}-{seat}")) for seat in range(2)]
    try:
        url = create_table(first, base_url, game_id, 2, ["me", "open"])
        second.goto(url)
        second.click("#join-seat-1")
        second.wait_for_selector("body[data-connection=live][data-status=playing]")
        first.click("#sheet-1")  # the other player's small sheet, enlarged and put back
        assert first.locator("#sheet-1.tt-zoomed").count() == 1
        first.click("#sheet-1")
        assert first.locator("#sheet-1.tt-zoomed").count() == 0 and first.locator("#sheet-0").count() == 0
        deadline = time.monotonic() + TWO_PEOPLE_SECONDS
        statuses: set[str] = set()
        while first.evaluate("document.body.dataset.status") != "finished":
            assert time.monotonic() < deadline, "the game did not end in time"
            moved = False
            for page, person in ((first, people[0]), (second, people[1])):
                if page.evaluate(MY_TURN_NOW):
                    play_one_move(page, person)
                    moved = True
                    statuses.add(page.inner_text(".tt-players"))
            if not moved:
                first.wait_for_timeout(50)
        second.wait_for_selector("body[data-status=finished]")
        for seat, page in enumerate((first, second)):
            _game_over_panel(page)
            page.screenshot(path=artifacts / f"{game_id}-two-people-{seat}.png", full_page=True)
        table = first.request.get(f"{base_url}/api/tables/{url.rsplit('/', 1)[-1]}").json()
        for seat, page in enumerate((first, second)):  # one result, each reads it as "you" or by name
            read, name = page.inner_text("#tt-game-over p"), table["seats"][seat]["name"]
            as_you = re.search(r"\b[Yy]ou\b", read) and name in table["result"]["reason"]
            assert read == table["result"]["reason"] or as_you, read
        assert any("choosing" in seen and "done" in seen for seen in statuses)
    finally:
        for context in contexts:
            context.close()
