"""The Crazy Farmers drawing: every clickable element, letters beside colours, hidden hands, phone size."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from crazyfarmers_positions import drive, position

from tabletop.games.crazyfarmers import GAME
from tabletop.games.crazyfarmers.drawing import WIDTH

PHONE = 360
SMALLEST_PRINT_PX = 11


def ids(svg: str) -> set[str]:
    return {element.get("id") for element in ElementTree.fromstring(svg).iter()} - {None}  # type: ignore[misc]


def test_every_plot_crossroad_and_path_is_an_element() -> None:
    found = ids(GAME.draw_svg(GAME.new_state(4).view(0)))
    assert sum(name.startswith("p:") for name in found) == 37
    assert sum(name.startswith("x:") for name in found) == 96
    assert sum(name.startswith("e:") for name in found) == 132
    assert {f"seat:{seat}" for seat in range(4)} <= found


def test_owners_are_written_as_letters_capital_in_the_main_field_small_in_fallow() -> None:
    state = position(fields=[["0,-2", "2,0"], ["0,2"]], tractors=["0,-2,L", "0,2,L"])
    svg = GAME.draw_svg(state.view(None))
    letters = re.findall(r">([BYPRbypr])</text>", svg)
    # Blue: a plot, the tractor, the strip, and one fallow plot; Yellow: a plot, the tractor, the strip.
    assert sorted(letters) == ["B", "B", "B", "Y", "Y", "Y", "b"]
    assert 'id="pattern-0"' in svg and 'fill="url(#pattern-0)"' in svg


def test_only_the_viewer_sees_their_cards() -> None:
    state = position(hands=[["nitro1", "bribe"], ["helicopter"]])
    mine = GAME.draw_svg(state.view(0))
    assert "card:nitro1" in mine and "Helicopter" not in mine
    spectator = GAME.draw_svg(state.view(None))
    assert "card:" not in spectator and "Nitro" not in spectator and "Bribe" not in spectator
    assert "2 cards" in spectator and "1 cards" in spectator


def test_the_last_move_is_marked() -> None:
    state = position(hands=[["nitro1"], []])
    drive(state, 0, "Down")
    assert 'id="last-move"' in GAME.draw_svg(state.view(None))


def test_a_discarded_bribe_is_drawn_without_a_target() -> None:
    """A discarded card has no target plot to ring (a random game once crashed here)."""
    state = position(hands=[["bribe"], []])
    view = state.view(None)
    view["last_move"] = {"seat": 0, "kind": "discard", "card": "bribe"}
    assert ElementTree.fromstring(GAME.draw_svg(view)).tag.endswith("svg")


def test_print_is_readable_on_a_phone() -> None:
    state = position(hands=[["nitro1"], [], [], []], fields=[["0,-2"], ["0,2"], ["2,0"], ["-2,0"]], players=4)
    svg = GAME.draw_svg(state.view(0))
    sizes = [float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)]
    assert sizes and min(sizes) * PHONE / WIDTH >= SMALLEST_PRINT_PX


def test_text_board_lists_every_farmer() -> None:
    text = GAME.draw_text(GAME.new_state(3).view(None))
    assert "Blue" in text and "Yellow" in text and "Purple" in text
    assert text.count("*") == 13  # the free barns of 2.4
