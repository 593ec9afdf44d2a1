"""Every game's board as Chromium draws it: marks that hide nothing, print readable on a phone.

One test per registered game: the person takes seat 0 against the random bot (it answers at
once) and, at the start and again after a few moves, the board is looked at 1000 px and
360 px wide:

- what table.js marks `clickable` is marked without covering it: the pixels at the centre
  of every marked element are the same with and without the marks (a ring on its edge, a
  halo round it or YINSH's small ring round a point leave the centre alone; a fill would
  not), and each mark changes something in the element's box, so it can be seen;
- every marked element has a tooltip (an SVG <title>);
- at 360 px every piece of text of the board is at least 11 px high on screen (its font
  size times the scale the browser draws it at), the figure tests/test_drawings.py computes
  from the SVG alone.

The first two checks skip the games whose drawing another branch changes at the same time
(`UNDRAWN_HERE` of tests/test_drawings.py: Yatzy still fills its open boxes in its own style).

DVONN's strip texts ("23 to place · to play") are checked clear of the rows of pieces.
Screenshots for people: test-artifacts/board-<game>-<start|middle>-<1000|360>.png.
"""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import Page, ViewportSize
from table_driver import DESKTOP_VIEWPORT, Person, create_table, play_one_move, seq, settle, wait_for_turn

from tabletop import games
from test_drawings import UNDRAWN_HERE

pytestmark = pytest.mark.browser

PHONE_VIEWPORT: ViewportSize = {"width": 360, "height": 780}
MIDDLE_SEQ = 8
"""The second look comes on the person's first turn at or after this many moves."""
SMALLEST_PRINT_PX = 11.0
ATTEMPTS = 3
CENTRE_TOLERANCE = 24
"""Per colour channel, out of 255: anti-aliasing of an edge one pixel away may shift a little."""

MARKED = """() => [...document.querySelectorAll('#tt-board .clickable')].map(element => {
  const box = element.getBoundingClientRect();
  const title = [...element.children].find(child => child.tagName === 'title');
  return {id: element.id, x: box.x + window.scrollX, y: box.y + window.scrollY,
          width: box.width, height: box.height, title: title ? title.textContent.trim() : ''};
})"""
TOGGLE_MARKS = """on => document.querySelectorAll(on ? '[data-was-clickable]' : '#tt-board .clickable')
  .forEach(element => {
    element.classList.toggle('clickable', on);
    if (on) delete element.dataset.wasClickable; else element.dataset.wasClickable = '1';
  })"""
PRINT_SIZES = """() => [...document.querySelectorAll('#tt-board svg text')]
  .filter(text => text.textContent.trim() && text.getBBox().width > 0)
  .map(text => {
    const matrix = text.getScreenCTM();
    const scale = Math.min(Math.hypot(matrix.a, matrix.b), Math.hypot(matrix.c, matrix.d));
    return [text.textContent.trim(), parseFloat(getComputedStyle(text).fontSize) * scale];
  })"""


def _picture(page: Page) -> Image.Image:
    return Image.open(io.BytesIO(page.screenshot(full_page=True))).convert("RGB")


def _centre_is_unchanged(marked: Image.Image, bare: Image.Image, box: dict[str, Any]) -> bool:
    x, y = round(box["x"] + box["width"] / 2), round(box["y"] + box["height"] / 2)
    return all(
        abs(a - b) <= CENTRE_TOLERANCE
        for a, b in zip(marked.getpixel((x, y)), bare.getpixel((x, y)), strict=True)
    )


def _mark_shows(marked: Image.Image, bare: Image.Image, box: dict[str, Any]) -> bool:
    """Does the mark change anything within a few pixels of the element's box?"""
    area = (
        max(0, int(box["x"]) - 3),
        max(0, int(box["y"]) - 3),
        int(box["x"] + box["width"]) + 4,
        int(box["y"] + box["height"]) + 4,
    )
    return ImageChops.difference(marked.crop(area), bare.crop(area)).getbbox() is not None


def _pictures(page: Page) -> tuple[list[dict[str, Any]], Image.Image, Image.Image]:
    """The marked elements' boxes and the board with and without the marks.

    Taken again when a new view came in between (in a simultaneous game another player's
    move does), since table.js then marks the board afresh.
    """
    for _ in range(ATTEMPTS):
        settle(page)
        before = seq(page)
        boxes = [box for box in page.evaluate(MARKED) if box["width"] >= 1 and box["height"] >= 1]
        marked = _picture(page)
        page.evaluate(TOGGLE_MARKS, False)
        settle(page)
        bare = _picture(page)
        untouched = page.evaluate("() => !document.querySelector('#tt-board .clickable')")
        page.evaluate(TOGGLE_MARKS, True)
        if untouched and seq(page) == before:
            return boxes, marked, bare
    pytest.fail(f"the board changed under every one of {ATTEMPTS} looks")


def check_marks(page: Page, game_id: str) -> None:
    """The checks of the module docstring on the marks of the board shown now."""
    boxes, marked, bare = _pictures(page)
    if not boxes:  # a decision offered only as buttons (Number Drop's "confirm your turn")
        return
    if game_id in UNDRAWN_HERE:
        return
    for box in boxes:
        assert box["title"], f"{game_id}: {box['id']} has no tooltip"
        assert _centre_is_unchanged(marked, bare, box), (
            f"{game_id}: the mark covers the middle of {box['id']}"
        )
    hidden = [box["id"] for box in boxes if not _mark_shows(marked, bare, box)]
    assert not hidden, f"{game_id}: marks that change nothing on screen: {hidden}"


def check_print(page: Page, game_id: str) -> None:
    small = [
        (text, round(size, 1)) for text, size in page.evaluate(PRINT_SIZES) if size < SMALLEST_PRINT_PX - 0.05
    ]
    assert not small, f"{game_id} at {page.viewport_size}: print below {SMALLEST_PRINT_PX} px: {small[:5]}"


def look(page: Page, artifacts: Path, game_id: str, moment: str) -> None:
    """Both widths: screenshots, the marks at each, the print at 360 px."""
    settle(page)
    check_marks(page, game_id)
    page.screenshot(path=artifacts / f"board-{game_id}-{moment}-1000.png", full_page=True)
    page.set_viewport_size(PHONE_VIEWPORT)
    settle(page)
    check_marks(page, game_id)
    check_print(page, game_id)
    page.screenshot(path=artifacts / f"board-{game_id}-{moment}-360.png", full_page=True)
    page.set_viewport_size(DESKTOP_VIEWPORT)


def _players(game_id: str) -> int:
    game = games.load(game_id)
    return min(max(game.min_players, 2), game.max_players)


@pytest.mark.parametrize("game_id", games.ids())
def test_the_board_is_marked_without_hiding_it_and_readable_on_a_phone(
    game_id: str, page: Page, base_url: str, artifacts: Path
) -> None:
    players = _players(game_id)
    create_table(page, base_url, game_id, players, ["me"] + ["bot:random:1"] * (players - 1))
    assert wait_for_turn(page), "the game ended before my first turn"
    look(page, artifacts, game_id, "start")
    person = Person(random.Random(game_id))
    while wait_for_turn(page) and seq(page) < MIDDLE_SEQ:
        play_one_move(page, person)
    if page.evaluate("document.body.dataset.status") != "finished":
        look(page, artifacts, game_id, "middle")


def test_dvonn_strip_texts_are_clear_of_the_pieces(page: Page, base_url: str) -> None:
    # 23 pieces to place fill the whole row under each player's name and note.
    create_table(page, base_url, "dvonn", 2, ["me", "bot:random:1"])
    assert wait_for_turn(page)
    page.set_viewport_size(PHONE_VIEWPORT)
    settle(page)
    overlaps = page.evaluate(
        """() => {
          const inside = (a, b) =>
            a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
          const pieces = [...document.querySelectorAll('#tt-board [id^="piece-"]')]
            .map(piece => piece.getBoundingClientRect());
          return [...document.querySelectorAll('#tt-board [id^="strip-note-"]')].map(note => {
            const box = note.getBoundingClientRect();
            return [note.textContent, pieces.filter(piece => inside(box, piece)).length];
          });
        }"""
    )
    assert len(overlaps) == 2 and all("to place" in text for text, _ in overlaps)
    assert all(count == 0 for _, count in overlaps), overlaps
