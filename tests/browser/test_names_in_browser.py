"""People, not seats (issue 14, items 1 and 2): a table of two people, each named everywhere.

Ann and Bob choose their names in the lobby and play Kalah, a game with sides: the players
list, the prompt, the board's labels, the log and the result say "Ann (South)", "Bob
(North)" and "you" for the reader, never "Seat 0" or "Player 1". Screenshots at 1000 px and
360 px go to test-artifacts/.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize
from table_driver import DESKTOP_VIEWPORT, click_and_wait, create_table, seq, settle, wait_for_seq_after

FIRST_CLICKABLE = "#tt-board .clickable >> nth=0"
PHONE_VIEWPORT: ViewportSize = {"width": 360, "height": 780}
SEAT_WORDS = re.compile(r"\bSeat \d|\bseat \d|\bPlayer \d|⟦")


def _named(page: Page, base_url: str, name: str) -> None:
    page.goto(base_url)
    page.fill("form.rename input[name=name]", name)
    page.click("form.rename button[type=submit]")
    page.wait_for_selector(f"form.rename input[value='{name}']")


def _text(page: Page, selector: str) -> str:
    return page.inner_text(selector)


def _assert_people_only(page: Page) -> None:
    """Nothing a person reads on the table page numbers a seat."""
    shown = _text(page, "#tt-state")
    assert not SEAT_WORDS.search(shown), SEAT_WORDS.search(shown)


def _screenshots(page: Page, artifacts: Path, name: str) -> None:
    settle(page)
    page.screenshot(path=artifacts / f"names-{name}-1000.png", full_page=True)
    page.set_viewport_size(PHONE_VIEWPORT)
    settle(page)
    page.screenshot(path=artifacts / f"names-{name}-360.png", full_page=True)
    page.set_viewport_size(DESKTOP_VIEWPORT)


def test_two_people_read_names_colours_and_you_everywhere(
    browser: Browser, base_url: str, artifacts: Path
) -> None:
    contexts = [browser.new_context(viewport=DESKTOP_VIEWPORT, bypass_csp=True) for _ in range(2)]
    ann, bob = (context.new_page() for context in contexts)
    _named(ann, base_url, "Ann")
    _named(bob, base_url, "Bob")
    url = create_table(ann, base_url, "kalah", 2, ["me", "open"])
    bob.goto(url)
    assert _text(bob, "#join-seat-1") == "Play as Player 2"  # an open seat has no name yet
    bob.click("#join-seat-1")
    bob.wait_for_selector("body[data-connection=live][data-status=playing]")
    ann.wait_for_selector("body[data-status=playing]")
    ann.wait_for_function("document.querySelector('.tt-players').innerText.includes('Bob')")

    players = _text(ann, ".tt-players")
    assert "Ann (South) (you)" in players and "Bob (North)" in players
    assert _text(ann, "#tt-prompt") == "You (South) to move"
    assert _text(bob, "#tt-prompt") == "Ann (South) to move"
    assert "Bob (North) (you)" in _text(bob, ".tt-players")
    assert "You (South)" in str(ann.text_content("#tt-board"))
    assert "Ann (South)" in str(bob.text_content("#tt-board"))
    for page in (ann, bob):
        _assert_people_only(page)
    _screenshots(ann, artifacts, "ann-start")

    before = seq(ann)
    click_and_wait(ann, FIRST_CLICKABLE)
    wait_for_seq_after(bob, before)
    first_entry = _text(bob, "#tt-log li")
    assert first_entry.startswith("Ann Sow pit"), first_entry

    while ann.evaluate("document.body.dataset.status") != "finished":
        mover = ann if ann.evaluate("document.body.dataset.myTurn") == "yes" else bob
        other = bob if mover is ann else ann
        before = seq(mover)
        click_and_wait(mover, FIRST_CLICKABLE)
        wait_for_seq_after(other, before)

    for page, name in ((ann, "Ann"), (bob, "Bob")):
        page.wait_for_selector("#tt-game-over")
        result = _text(page, "#tt-game-over")
        assert f"{name} (" in result and "(you)" in result, result
        reason = _text(page, "#tt-game-over p")
        assert re.search(
            r"(Ann|Bob) \((South|North)\) wins \d+–\d+|[Yy]ou \((South|North)\) win \d+–\d+|draw", reason
        )
        high, low = (int(score) for score in re.findall(r"(\d+)–(\d+)", reason)[-1])
        assert high >= low  # the winner's score first
        _assert_people_only(page)
    _screenshots(bob, artifacts, "bob-end")
    for context in contexts:
        context.close()


def test_the_new_table_form_speaks_to_players(page: Page, base_url: str, artifacts: Path) -> None:
    page.goto(f"{base_url}/games/kalah/new")
    form = _text(page, "#new-table")
    assert "End of the game" in form and "Pie rule" in form and "Seeds per pit" in form
    assert "When the player to move has no seed" in page.inner_text("select[name=option-end_rule]")
    assert not re.search(r"\(K-[A-Z]\d+\)|at_turn|end_rule|pie_rule", form)
    assert page.locator("a.rules-link[href='/games/kalah/rules']").count() == 1
    assert "Player 1" in form and "Seat 0" not in form
    page.screenshot(path=artifacts / "names-new-table-1000.png", full_page=True)
    page.set_viewport_size(PHONE_VIEWPORT)
    page.screenshot(path=artifacts / "names-new-table-360.png", full_page=True)
