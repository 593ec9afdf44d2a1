"""The generic client's behaviour in Chromium, each fix of issue 14 asserted and pictured.

Most tests play the toy game Pick (tests/toy_games.py: toggle one to three gems, then
Take) on a server in this process that knows the test games (tests/server/running_site.py);
the lobby and the accessibility check use the real games on the session's subprocess
server. Each test saves screenshots at 1000 px and 360 px to test-artifacts/client-*.png.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, WebSocketRoute
from running_site import Site, serving
from table_driver import (
    DESKTOP_VIEWPORT,
    Person,
    board_element,
    clickable_ids,
    create_table,
    moves_sent,
    play_one_move,
    seq,
    settle,
    toggleable_ids,
    toggled_ids,
    wait_for_answer,
    wait_for_seq_after,
    wait_for_turn,
)

pytestmark = pytest.mark.browser

PHONE_VIEWPORT: ViewportSize = {"width": 360, "height": 780}
AXE = Path(__file__).parent / "vendor" / "axe-4.14.1.min.js"
GEMS = [f"gem-{gem}" for gem in range(5)]


@pytest.fixture(scope="module")
def toy_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """A server in this process with the test games, Pick among them."""
    with serving(tmp_path_factory.mktemp("toy-site") / "data", rate_limits=False) as running:
        yield running


def _shots(page: Page, artifacts: Path, name: str) -> None:
    """Screenshots at 1000 px and 360 px, the page left as it was."""
    size = page.viewport_size or DESKTOP_VIEWPORT
    for width, viewport in (("1000", DESKTOP_VIEWPORT), ("360", PHONE_VIEWPORT)):
        page.set_viewport_size(viewport)
        settle(page)
        page.screenshot(path=artifacts / f"client-{name}-{width}.png", full_page=True)
    page.set_viewport_size(size)


def _solo_pick(page: Page, site: Site) -> str:
    """A solo table of Pick; returns its id, once it is my turn."""
    url = create_table(page, site.base_url, "pick", 1, ["me"])
    assert wait_for_turn(page)
    return url.rsplit("/", 1)[1]


def _click(page: Page, id_: str) -> None:
    page.click(board_element(id_))


def test_a_multi_select_decision_is_toggled_here_and_sent_as_one_action(
    page: Page, toy_site: Site, artifacts: Path
) -> None:
    """Issue 14, item 3: gems toggle in the browser alone; Take sends the action whose
    selection is exactly the toggled set, and is not clickable when no action has it."""
    table_id = _solo_pick(page, toy_site)
    assert toggleable_ids(page) == GEMS and "pass" in clickable_ids(page)
    assert "take" not in clickable_ids(page) and page.locator("#take.tt-blocked").count() == 1
    for gem in ("gem-0", "gem-2", "gem-3", "gem-4"):
        _click(page, gem)
    assert toggled_ids(page) == ["gem-0", "gem-2", "gem-3", "gem-4"]
    assert page.get_attribute(board_element("gem-0"), "aria-pressed") == "true"
    assert page.get_attribute(board_element("gem-1"), "aria-pressed") == "false"
    assert "take" not in clickable_ids(page) and page.locator("#tt-selection-hint").is_visible()
    page.click(board_element("take"))  # four gems: no such action, so nothing is sent
    assert (
        moves_sent(page) == 0 and seq(page) == 0 and "change the selection" in page.inner_text("#tt-notice")
    )
    assert toy_site.store.moves(table_id) == []
    _shots(page, artifacts, "multi-select-blocked")
    _click(page, "gem-4")
    assert toggled_ids(page) == ["gem-0", "gem-2", "gem-3"] and "take" in clickable_ids(page)
    assert "pass" in clickable_ids(page)  # an action without a selection ignores the toggles
    _shots(page, artifacts, "multi-select-ready")
    assert _serious_violations(page) == []  # toggles and buttons inside the drawing included
    _click(page, "take")
    wait_for_answer(page, 0)
    page.wait_for_function("document.body.dataset.seq === '1'")
    assert [move.action_id for move in toy_site.store.moves(table_id)] == ["take:0,2,3"]
    assert toggled_ids(page) == [] and toggleable_ids(page) == ["gem-1", "gem-4"]
    assert "take gems 1, 3, 4" in page.inner_text("#tt-log")


def test_cancel_clears_the_toggles_and_a_person_plays_selections_to_the_end(
    page: Page, toy_site: Site, artifacts: Path
) -> None:
    """The table driver plays multi-select actions (toggles, then the path) as every game's
    browser test will, here against a bot until the game is over."""
    url = create_table(page, toy_site.base_url, "pick", 2, ["me", "bot:random:1"])
    assert wait_for_turn(page)
    _click(page, "gem-1")
    page.click("#tt-buttons button:has-text('Cancel')")
    assert toggled_ids(page) == [] and moves_sent(page) == 0
    person = Person(random.Random("pick-2"))  # at the start it toggles gems 1 and 2, then takes them
    while wait_for_turn(page):
        play_one_move(page, person)
    _shots(page, artifacts, "multi-select-game-over")
    stored = toy_site.store.moves(url.rsplit("/", 1)[1])
    assert page.locator("#tt-game-over").count() == 1 and len(stored) == seq(page)
    assert (stored[0].seat, stored[0].action_id) == (0, "take:0,1")


def test_toggles_survive_a_view_that_leaves_them_possible(
    browser: Browser, toy_site: Site, artifacts: Path
) -> None:
    """Issue 14, item 3: another player resigns while Ann chooses (a bot plays on for them):
    the new view keeps Ann's toggled gems, which are all still hers to take."""
    contexts = [browser.new_context(viewport=DESKTOP_VIEWPORT, bypass_csp=True) for _ in range(2)]
    ann, bob = (context.new_page() for context in contexts)
    try:
        url = create_table(ann, toy_site.base_url, "pick", 3, ["me", "open", "bot:random:1"])
        bob.goto(url)
        bob.click("#join-seat-1")
        bob.wait_for_selector("body[data-connection=live][data-status=playing]")
        assert wait_for_turn(ann)
        _click(ann, "gem-0")
        _click(ann, "gem-3")
        bob.once("dialog", lambda dialog: dialog.accept())
        bob.click("#tt-resign")
        ann.wait_for_function("document.querySelector('.tt-players').textContent.includes('a bot plays on')")
        assert toggled_ids(ann) == ["gem-0", "gem-3"] and seq(ann) == 0
        _shots(ann, artifacts, "multi-select-kept")
        _click(ann, "take")
        wait_for_answer(ann, 0)
        assert toy_site.store.moves(url.rsplit("/", 1)[1])[0].action_id == "take:0,3"
    finally:
        for context in contexts:
            context.close()


def test_while_disconnected_the_board_cannot_be_clicked_and_the_notice_goes_on_reconnecting(
    page: Page, toy_site: Site, artifacts: Path
) -> None:
    """Issue 14, item 5: the socket is cut (and refused) by a route, then let through again."""
    routes: list[WebSocketRoute] = []
    allowed = {"now": True}

    def route(socket: WebSocketRoute) -> None:
        if allowed["now"]:
            socket.connect_to_server()
            routes.append(socket)
        else:
            socket.close()

    page.route_web_socket(re.compile(r"/ws$"), route)
    _solo_pick(page, toy_site)
    allowed["now"] = False
    routes[-1].close()
    page.wait_for_selector("body[data-connection=reconnecting]")
    assert clickable_ids(page) == [] and page.is_visible("#tt-connection.down")
    assert "reconnecting" in page.inner_text("#tt-connection")
    box = page.locator(board_element("gem-0")).bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert toggled_ids(page) == []
    _shots(page, artifacts, "disconnected")
    allowed["now"] = True
    page.wait_for_selector("body[data-connection=live]", timeout=15_000)
    assert page.inner_text("#tt-notice") == "" and not page.is_visible("#tt-connection.down")
    assert toggleable_ids(page) == GEMS
    _click(page, "gem-0")
    assert toggled_ids(page) == ["gem-0"]
    _shots(page, artifacts, "reconnected")


def _take(page: Page, *gems: str) -> None:
    before, sent = seq(page), moves_sent(page)
    for gem in gems:
        _click(page, gem)
    _click(page, "take")
    wait_for_answer(page, sent)
    wait_for_seq_after(page, before)


def test_a_click_on_the_log_shows_that_position_and_a_button_goes_back_live(
    page: Page, toy_site: Site, artifacts: Path
) -> None:
    """Issue 14, item 7: the live table shows the position after a move of its log; the
    replay page steps to the move clicked."""
    table_id = _solo_pick(page, toy_site)
    _take(page, "gem-0")
    _take(page, "gem-1", "gem-2")
    page.click(".tt-log-entry[data-seq='1']")
    page.wait_for_selector("body[data-past='1']")
    assert page.is_visible("#tt-past") and "after move 1 of 2" in page.inner_text("#tt-past")
    assert page.locator(board_element("gem-1")).count() == 1 and clickable_ids(page) == []
    assert page.locator("#tt-log li").count() == 2
    assert page.get_attribute(".tt-log-entry[data-seq='1']", "aria-current") == "step"
    _shots(page, artifacts, "log-past-position")
    page.click("#tt-past-back")
    page.wait_for_selector("body:not([data-past])")
    assert page.locator(board_element("gem-1")).count() == 0 and toggleable_ids(page) == ["gem-3", "gem-4"]
    assert not page.is_visible("#tt-past")
    page.goto(f"{toy_site.base_url}/t/{table_id}/replay")
    page.click(".tt-log-entry[data-seq='1']")
    page.wait_for_function("document.body.dataset.seq === '1'")
    assert page.inner_text("#tt-step-number") == "1" and page.locator(board_element("gem-1")).count() == 1
    _shots(page, artifacts, "log-replay")


def _touch_page(browser: Browser) -> Page:
    context = browser.new_context(viewport=PHONE_VIEWPORT, has_touch=True, is_mobile=True, bypass_csp=True)
    return context.new_page()


def test_a_tap_shows_a_title_as_a_tooltip_and_a_long_press_does_not_play(
    browser: Browser, toy_site: Site, artifacts: Path
) -> None:
    """Issue 14, item 7: on a touch screen a tap on what cannot be clicked shows its title;
    a long press on a clickable element shows its title and toggles nothing."""
    page = _touch_page(browser)
    try:
        _solo_pick(page, toy_site)
        page.tap(board_element("bank"))
        page.wait_for_selector("#tt-tooltip:not([hidden])")
        assert page.inner_text("#tt-tooltip") == "Gem value taken, player by player: 0"
        _shots(page, artifacts, "tooltip")
        page.tap(board_element("gem-0"))
        assert toggled_ids(page) == ["gem-0"] and not page.is_visible("#tt-tooltip")
        gem = page.locator(board_element("gem-1"))
        gem.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
        page.wait_for_selector("#tt-tooltip:not([hidden])")
        gem.dispatch_event("pointerup", {"pointerType": "touch", "isPrimary": True})
        gem.dispatch_event("click")
        assert page.inner_text("#tt-tooltip") == "Gem worth 2" and toggled_ids(page) == ["gem-0"]
    finally:
        page.context.close()


def _focused() -> str:
    return "document.activeElement && document.activeElement.id"


def test_the_board_is_played_with_the_keyboard_with_a_visible_focus_ring(
    page: Page, toy_site: Site, artifacts: Path
) -> None:
    """Issue 14, item 8: Tab reaches the board's clickable elements (buttons named by their
    titles), Space and Enter click, the arrow keys move to the nearest one that way."""
    table_id = _solo_pick(page, toy_site)
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate(_focused()) == "gem-0":
            break
    gem = board_element("gem-0")
    assert page.evaluate(_focused()) == "gem-0", "Tab never reached the first gem"
    assert (
        page.get_attribute(gem, "role") == "button" and page.get_attribute(gem, "aria-label") == "Gem worth 1"
    )
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"
    page.keyboard.press("Space")
    assert toggled_ids(page) == ["gem-0"] and page.evaluate(_focused()) == "gem-0"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(_focused()) == "gem-1"
    page.keyboard.press("Enter")
    _shots(page, artifacts, "keyboard-focus")
    page.keyboard.press("ArrowDown")
    assert page.evaluate(_focused()) == "take"
    assert page.get_attribute(board_element("take"), "aria-label") == "Take the gems you chose"
    page.keyboard.press("Enter")
    wait_for_answer(page, 0)
    assert [move.action_id for move in toy_site.store.moves(table_id)] == ["take:0,1"]
    page.wait_for_function("document.activeElement && document.activeElement.id === 'gem-2'")
    page.keyboard.press("Space")  # the focus came back to the board: play on without Tab
    assert toggled_ids(page) == ["gem-2"]


def _serious_violations(page: Page) -> list[dict[str, Any]]:
    """What axe-core finds of serious or critical impact on the page as it is now."""
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const results = await axe.run(document, { resultTypes: ["violations"] });
            return results.violations
                .filter((v) => v.impact === "serious" || v.impact === "critical")
                .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")) }));
        }"""
    )
    return found


def test_lobby_table_and_replay_pass_axe_with_no_serious_violation(page: Page, base_url: str) -> None:
    """Issue 14, item 8: axe-core in the browser, on the real games' pages."""
    page.goto(base_url)
    assert _serious_violations(page) == []
    url = create_table(page, base_url, "kalah", 2, ["me", "bot:random:1"])
    assert wait_for_turn(page)
    assert _serious_violations(page) == []
    page.click("#tt-board .clickable >> nth=0")
    wait_for_answer(page, 0)
    page.goto(f"{url}/replay")
    assert _serious_violations(page) == []


def test_the_lobby_pictures_each_game_and_filters_by_game_and_players(
    page: Page, base_url: str, artifacts: Path
) -> None:
    """Issue 14, item 6, on the real games: every card's picture is drawn; the filters work."""
    page.goto(base_url)
    cards = page.locator(".game-card")
    assert cards.count() >= 14
    page.wait_for_function(
        "[...document.querySelectorAll('.game-card img.picture')]"
        ".every((img) => img.complete && img.naturalWidth > 0)"
    )
    _shots(page, artifacts, "lobby")
    page.select_option("#tt-filters select[name=players]", "5")
    page.click("#tt-filters button[type=submit]")
    page.wait_for_url(re.compile(r"players=5"))
    shown = page.eval_on_selector_all(".game-card", "cards => cards.map((card) => card.id)")
    assert "game-iwari" in shown and "game-kalah" not in shown
    _shots(page, artifacts, "lobby-filtered")


def test_a_spectator_is_told_they_watch_everyone_sees_the_count_and_chat_lines_have_times(
    browser: Browser, toy_site: Site, artifacts: Path
) -> None:
    """Issue 14, item 9: "you are watching", the viewer count, chat times and the favicon."""
    contexts = [browser.new_context(viewport=DESKTOP_VIEWPORT, bypass_csp=True) for _ in range(2)]
    player, spectator = (context.new_page() for context in contexts)
    try:
        url = create_table(player, toy_site.base_url, "pick", 2, ["me", "bot:random:1"])
        assert player.locator("#tt-watching").count() == 0
        spectator.goto(url)
        spectator.wait_for_selector("body[data-connection=live]")
        assert spectator.is_visible("#tt-watching") and "You are watching" in spectator.inner_text(
            "#tt-watching"
        )
        for page in (player, spectator):
            page.wait_for_selector("#tt-viewers[data-count='1']")
            assert page.inner_text("#tt-viewers") == "1 person watching"
        player.fill("#tt-chat-form input[name=text]", "good luck")
        player.click("#tt-chat-form button[type=submit]")
        player.wait_for_selector("#tt-chat-lines li time")
        assert re.fullmatch(r"\d\d:\d\d( [AP]M)?", player.inner_text("#tt-chat-lines li time"))
        assert player.get_attribute("#tt-chat-lines li time", "datetime")
        _shots(spectator, artifacts, "spectator")
        _shots(player, artifacts, "chat-and-viewers")
        icon = player.get_attribute("link[rel=icon]", "href")
        assert icon and re.fullmatch(r"/static/favicon(-turn)?\.[0-9a-f]{10}\.svg", icon)
        answer = player.request.get(toy_site.base_url + icon)
        assert answer.ok and answer.headers["content-type"].startswith("image/svg+xml")
        spectator.close()
        player.wait_for_selector("#tt-viewers[data-count='0']", state="attached")
        assert not player.is_visible("#tt-viewers")
    finally:
        for context in contexts:
            context.close()
