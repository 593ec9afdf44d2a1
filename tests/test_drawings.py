"""Every registered game's drawing, read as a person on a phone would read it.

Two checks over positions of seeded random games at every player count, from every seat's
view and a spectator's:

- small print: every piece of text is at least 11 px on a 360 px wide phone. The size on
  screen is the font size times the scale at which the board is drawn there: on a phone
  the board fills the page's width less its margins, whatever its height (site.css), and
  keeps its aspect ratio. The browser test (tests/browser/test_boards_in_browser.py)
  measures the same sizes in Chromium;
- tooltips: every element a legal action's path names carries an SVG <title> child, so
  hovering (or, on touch, pressing) what can be clicked says what it is. The drawing is
  made from the view, so a title can say only what the viewer may see.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from xml.etree import ElementTree

import pytest

from tabletop import games
from tabletop.engine import Game, Rng, State

SVG = "{http://www.w3.org/2000/svg}"
PHONE_WIDTH = 360
BOARD_MARGINS = 2 * 8 + 2 * 1 + 2 * 2.4
"""At 480 px and below: main's padding (0.5rem), the board's border (1px), its padding (0.15rem)."""
PHONE_BOARD_WIDTH = PHONE_WIDTH - BOARD_MARGINS
SMALLEST_PRINT_PX = 11.0
EVERY = 4
"""Look at every fourth position of a game: enough variety, at a bearable cost."""
UNDRAWN_HERE: set[str] = set()
"""Games whose drawing is changed on another branch at the same time (none since the merge)."""
FONT_SIZE = re.compile(r"font-size\s*:\s*([\d.]+)(px)?\s*(;|$)")
SCALE = re.compile(r"(scale|matrix)\(([^)]*)\)")


def phone_scale(root: ElementTree.Element) -> float:
    """Screen pixels per SVG unit when the board is drawn on the phone."""
    _, _, width, _ = (float(number) for number in re.split(r"[\s,]+", str(root.get("viewBox")).strip()))
    return PHONE_BOARD_WIDTH / width


def _font_size(element: ElementTree.Element, inherited: float) -> float:
    style = FONT_SIZE.search(element.get("style", ""))
    size = style.group(1) if style else element.get("font-size")
    if size is None:
        return inherited
    assert re.fullmatch(r"[\d.]+(px)?", size), f"font-size {size!r}: only user units are understood here"
    return float(size.removesuffix("px"))


def _transform_scale(element: ElementTree.Element) -> float:
    """How much an element's own transform enlarges what it holds (the smaller axis counts)."""
    factor = 1.0
    for kind, arguments in SCALE.findall(element.get("transform", "")):
        numbers = [float(number) for number in re.split(r"[\s,]+", arguments.strip())]
        if kind == "scale":
            factor *= min(abs(numbers[0]), abs(numbers[-1]))
        else:
            a, b, c, d = numbers[:4]
            factor *= min((a * a + b * b) ** 0.5, (c * c + d * d) ** 0.5)
    return factor


def print_sizes(
    element: ElementTree.Element, size: float = 16.0, scale: float = 1.0
) -> Iterator[tuple[float, str]]:
    """(size in SVG units after transforms, the text) for every piece of text in the drawing."""
    size, scale = _font_size(element, size), scale * _transform_scale(element)
    if element.tag in (f"{SVG}text", f"{SVG}tspan") and (element.text or "").strip():
        yield size * scale, (element.text or "").strip()
    for child in element:
        if child.tag != f"{SVG}title":
            yield from print_sizes(child, size, scale)


def positions(game: Game) -> Iterator[State]:
    """Every fourth position of a seeded random game at each player count, start and end included."""
    for players in range(game.min_players, game.max_players + 1):
        state, rng = game.new_state(players, {}, players), Rng(players)
        for step in range(game.max_length(players, {}) + 1):
            if step % EVERY == 0 or state.is_over():
                yield state.clone()
            if state.is_over():
                break
            seat = rng.choice(state.current_players())
            state.apply(seat, rng.choice(state.legal_action_ids(seat)))


def _viewers(state: State) -> list[int | None]:
    return [*range(state.players), None]


def _drawn_games() -> list[str]:
    return [game_id for game_id in games.ids() if game_id not in UNDRAWN_HERE]


@pytest.mark.parametrize("game_id", _drawn_games())
def test_small_print_is_readable_on_a_phone(game_id: str) -> None:
    game = games.load(game_id)
    for state in positions(game):
        for viewer in _viewers(state):
            root = ElementTree.fromstring(game.draw_svg(state.view(viewer)))
            scale = phone_scale(root)
            for size, text in print_sizes(root):
                assert size * scale >= SMALLEST_PRINT_PX, (
                    f"{text!r} is {size * scale:.1f} px on a phone ({size:.1f} units × {scale:.3f})"
                )


@pytest.mark.parametrize("game_id", _drawn_games())
def test_what_can_be_clicked_has_a_tooltip(game_id: str) -> None:
    game = games.load(game_id)
    for state in positions(game):
        for seat in state.current_players():
            root = ElementTree.fromstring(game.draw_svg(state.view(seat)))
            by_id = {element.get("id"): element for element in root.iter() if element.get("id")}
            for element_id in {step for action in state.legal_actions(seat) for step in action.path}:
                title = by_id[element_id].find(f"{SVG}title")
                assert title is not None and (title.text or "").strip(), f"{element_id} has no tooltip"


def test_the_phone_scale_is_set_by_the_width_alone() -> None:
    wide = ElementTree.fromstring('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 674.4 100"/>')
    tall = ElementTree.fromstring('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 674.4 5000"/>')
    assert phone_scale(wide) == pytest.approx(0.5) and phone_scale(tall) == pytest.approx(0.5)


def test_print_sizes_follow_inheritance_styles_and_scaling() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" font-size="20">'
        '<text>a</text><g transform="translate(3 4) scale(0.5)"><text>b</text>'
        '<text style="fill:red;font-size:30px">c</text></g><text><title>t</title></text></svg>'
    )
    assert sorted(print_sizes(ElementTree.fromstring(svg))) == [(10.0, "b"), (15.0, "c"), (20.0, "a")]
