"""Playing through the generic client as a person would: wait for my turn, click.

What table.js (src/tabletop/web/static/table.js) shows and these helpers read: body's
data attributes `myTurn`, `pending` (a move is on its way), `seq` and `status`; board
elements with the class `clickable` (the next step of some legal action's path, or an
element of a multi-select decision), `toggleable` and `toggled` (the elements of a
selection, and those chosen so far) and `selected` (clicked so far in this move);
`#tt-buttons button.action` (one per action whose path is complete, or path-less), and
`#tt-notice.error` when the server refused a move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import pytest
from playwright.sync_api import Page, ViewportSize

DESKTOP_VIEWPORT: ViewportSize = {"width": 1000, "height": 900}
TURN_TIMEOUT_MS = 30_000
CLICK_TIMEOUT_MS = 5_000
ACTION_BUTTONS = "#tt-buttons button.action"
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


def create_table(
    page: Page,
    base_url: str,
    game: str,
    players: int,
    seats: list[str],
    *,
    options: dict[str, str] | None = None,
) -> str:
    """Fills the "new table" form (`options`: choices of the game's option menus); returns the table's URL."""
    page.goto(f"{base_url}/games/{game}/new")
    page.select_option("select[name=players]", str(players))
    for name, choice in (options or {}).items():
        page.select_option(f"select[name=option-{name}]", choice)
    for seat, choice in enumerate(seats):
        page.select_option(f"select[name=seat-{seat}]", choice)
    page.click("#create-table")
    page.wait_for_selector("body[data-connection=live]")
    return page.url


class ActionButton(NamedTuple):
    """An action button table.js offers: its place among the buttons, action id and label."""

    position: int
    action: str
    label: str


def clickable_ids(page: Page) -> list[str]:
    """The ids of the board elements marked clickable, in document order (toggles included)."""
    ids: list[str] = page.eval_on_selector_all("#tt-board .clickable", "elements => elements.map(e => e.id)")
    return ids


def toggleable_ids(page: Page) -> list[str]:
    """The ids of the elements of a multi-select decision, toggled by a click, in document order."""
    ids: list[str] = page.eval_on_selector_all("#tt-board .toggleable", "elements => elements.map(e => e.id)")
    return ids


def toggled_ids(page: Page) -> list[str]:
    """The ids of the elements toggled on so far, in document order."""
    ids: list[str] = page.eval_on_selector_all("#tt-board .toggled", "elements => elements.map(e => e.id)")
    return ids


def action_buttons(page: Page) -> list[ActionButton]:
    """The action buttons on offer now (never the Cancel button)."""
    found = page.eval_on_selector_all(
        ACTION_BUTTONS, "buttons => buttons.map(b => [b.dataset.action, b.textContent])"
    )
    return [ActionButton(position, action, label) for position, (action, label) in enumerate(found)]


def board_element(id_: str) -> str:
    """A selector for the board element with that id (ids may start with a digit)."""
    return f'#tt-board [id="{id_}"]'


def click_board_element(page: Page, id_: str) -> None:
    """Clicks where a person would: Playwright refuses if something else covers the element."""
    page.click(board_element(id_), timeout=CLICK_TIMEOUT_MS)


def click_action_button(page: Page, button: ActionButton) -> None:
    page.locator(ACTION_BUTTONS).nth(button.position).click(timeout=CLICK_TIMEOUT_MS)


def is_selected(page: Page, id_: str) -> bool:
    return bool(page.locator(f"{board_element(id_)}.selected").count())


def moves_sent(page: Page) -> int:
    """How many moves this page has sent and seen accepted (table.js counts the server's "moved")."""
    return int(page.evaluate("document.body.dataset.sent"))


def move_was_sent(page: Page, before: int) -> bool:
    """Did the last click complete a move (on its way, or accepted) since `before` were accepted?

    Counted by this page's own moves, not the table's seq, which other seats raise too when
    everybody acts at once.
    """
    return bool(
        page.evaluate(
            f"document.body.dataset.pending === 'yes' || Number(document.body.dataset.sent) > {before}"
        )
    )


def wait_for_answer(page: Page, before: int) -> None:
    """Waits until the move is accepted; fails with the server's message if it was refused."""
    page.wait_for_function(
        f"Number(document.body.dataset.sent) > {before} || document.querySelector('#tt-notice.error')",
        timeout=TURN_TIMEOUT_MS,
    )
    refusal = page.locator("#tt-notice.error")
    assert not refusal.count(), f"the server refused the move: {refusal.inner_text()}"


def settle(page: Page) -> None:
    """Moves the mouse off the board and waits for the client's transitions to end.

    Pieces slide for a quarter of a second after each view (site.css); a screenshot taken
    earlier shows pieces halfway, and a hovered element shows a stronger glow.
    """
    page.mouse.move(0, 0)
    page.wait_for_function("document.getAnimations().length === 0", timeout=TURN_TIMEOUT_MS)


UNDO_CHANCE = 0.05
MAX_UNDOS = 2
MAX_TOGGLES_PER_MOVE = 6
"""After this many toggles in one move the person only clicks on (toward a path's end)."""
MAX_CLICKS_PER_MOVE = 20 + MAX_TOGGLES_PER_MOVE

Choice = str | ActionButton
"""A board element id to click, or an action button."""


def is_undo(button: ActionButton) -> bool:
    return button.action.lower().startswith("undo") or button.label.lower().startswith("undo")


@dataclass
class Person:
    """Chooses what to click like a person trying things out: at random, reproducibly.

    Some games offer an undo button after the first decision of a turn (YINSH); clicking
    it as often as anything else could go round in circles, so it is taken rarely and at
    most MAX_UNDOS times a game, or when it is the only thing on offer. Multi-select
    decisions (`toggles`: elements toggled before the confirming click) are tried out as
    a person would, toggling on and off, but at most MAX_TOGGLES_PER_MOVE times a move.
    """

    rng: random.Random
    undos: int = 0

    def choose(
        self,
        elements: list[str],
        buttons: list[ActionButton],
        toggles_left: bool = True,
        toggles: Sequence[str] = (),
    ) -> Choice:
        usable = [element for element in elements if toggles_left or element not in toggles]
        choices: list[Choice] = [*usable, *(button for button in buttons if not is_undo(button))]
        if not choices:  # only toggling on or off can open a way to a move
            choices = list(elements)
        undos = [button for button in buttons if is_undo(button)]
        wants_undo = self.undos < MAX_UNDOS and self.rng.random() < UNDO_CHANCE
        if undos and (wants_undo or not choices):
            self.undos += 1
            return self.rng.choice(undos)
        assert choices, "it is my turn but nothing is clickable and no button is offered"
        return self.rng.choice(choices)


def click(page: Page, choice: Choice) -> None:
    """Clicks a board element or an action button."""
    if isinstance(choice, ActionButton):
        click_action_button(page, choice)
    else:
        click_board_element(page, choice)


def play_one_move(page: Page, person: Person) -> None:
    """Clicks until a move is sent, checking each partial click is shown as selected and
    each toggle flips its element (without a word to the server)."""
    before = moves_sent(page)
    toggles_made = 0
    for _ in range(MAX_CLICKS_PER_MOVE):
        toggles = toggleable_ids(page)
        was_toggled = set(toggled_ids(page))
        choice = person.choose(
            clickable_ids(page), action_buttons(page), toggles_made < MAX_TOGGLES_PER_MOVE, toggles
        )
        click(page, choice)
        if isinstance(choice, str) and choice in toggles:
            toggles_made += 1
            assert (choice in toggled_ids(page)) != (choice in was_toggled), (
                f"clicking {choice!r} did not toggle it"
            )
            assert not move_was_sent(page, before), f"toggling {choice!r} sent a move"
            continue
        if move_was_sent(page, before):
            wait_for_answer(page, before)
            return
        assert isinstance(choice, str), f"the button {choice.label!r} sent no move"
        assert is_selected(page, choice), f"clicking {choice!r} neither moved nor selected it"
    pytest.fail(f"no move after {MAX_CLICKS_PER_MOVE} clicks")
