"""Playing through the generic client as a person would: wait for my turn, click."""

from __future__ import annotations

from playwright.sync_api import Page

TURN_TIMEOUT_MS = 30_000
MY_TURN_OR_OVER = (
    "(document.body.dataset.myTurn === 'yes' && document.body.dataset.pending === 'no')"
    " || document.body.dataset.status === 'finished'"
)


def wait_for_turn(page: Page) -> bool:
    """Waits until this page may move (True) or the game is over (False)."""
    page.wait_for_function(MY_TURN_OR_OVER, timeout=TURN_TIMEOUT_MS)
    return page.evaluate("document.body.dataset.status") != "finished"


def seq(page: Page) -> int:
    """The seq of the view the page shows."""
    return int(page.evaluate("document.body.dataset.seq"))


def wait_for_seq_after(page: Page, before: int) -> None:
    """Waits until the page shows a newer view than `before`, without reloading."""
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}", timeout=TURN_TIMEOUT_MS)


def click_and_wait(page: Page, selector: str) -> None:
    """Clicks an element of the board and waits for the server's answer."""
    before = seq(page)
    page.click(selector)
    wait_for_seq_after(page, before)


def create_table(page: Page, base_url: str, game: str, players: int, seats: list[str]) -> str:
    """Fills the "new table" form; returns the table's URL."""
    page.goto(f"{base_url}/games/{game}/new")
    page.select_option("select[name=players]", str(players))
    for seat, choice in enumerate(seats):
        page.select_option(f"select[name=seat-{seat}]", choice)
    page.click("#create-table")
    page.wait_for_selector("body[data-connection=live]")
    return page.url
