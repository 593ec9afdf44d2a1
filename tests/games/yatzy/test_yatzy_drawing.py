"""The SVG and text drawings of Yatzy: every clickable element once, tooltips, the last box, print size."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest
from yatzy_positions import position

from tabletop.games.yatzy import GAME

ELEMENT_ID = re.compile(r"[a-z0-9-]+")
SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("variant", ["yahtzee", "yahtzee14", "yams", "yatzy", "maxi"])
@pytest.mark.parametrize("players", [1, 8])
def test_the_drawing_holds_every_clickable_element_once(variant: str, players: int) -> None:
    state = GAME.new_state(players=players, options={"variant": variant}, seed=12)
    state.apply(0, "roll:1")
    root = ElementTree.fromstring(GAME.draw_svg(state.view(0)))
    ids = [element.get("id") for element in root.iter() if element.get("id")]
    assert len(ids) == len(set(ids)) and all(ELEMENT_ID.fullmatch(str(element_id)) for element_id in ids)
    for action in state.legal_actions(0):
        assert set(action.path) | action.selection <= set(ids), action.id
    expected_cells = players * len(state.variant.boxes)
    assert sum(str(element_id).startswith("cell-") for element_id in ids) == expected_cells
    assert 360 <= float(root.get("viewBox", "").split()[2]) <= 600


@pytest.mark.parametrize("players", range(1, 9))
def test_print_is_at_least_11_px_on_a_360_px_screen(players: int) -> None:
    state = GAME.new_state(players=players, options={"variant": "maxi"}, seed=3)
    root = ElementTree.fromstring(GAME.draw_svg(state.view(0)))
    scale = 360 / float(root.get("viewBox", "").split()[2])
    sizes = [float(element.get("font-size", 0)) for element in root.iter(f"{SVG}text")]
    assert sizes and min(sizes) * scale >= 11


def test_dice_roll_button_and_boxes_have_tooltips() -> None:
    state = position([4, 4, 2, 6, 1], rolls_left=2, sheets=[{"ones": 1}])
    root = ElementTree.fromstring(GAME.draw_svg(state.view(0)))
    titles = {
        element.get("id"): element.findtext(f"{SVG}title") for element in root.iter() if element.get("id")
    }
    assert titles["die-3"] == "Die 4 shows 6: select it to keep it when you roll"
    assert titles["roll"] == "Reroll every die not selected"
    assert titles["cell-0-fours"] == "Fours: 8 if you write your dice here"
    assert titles["cell-0-ones"] == "Ones: 1"
    last = position([4, 4, 2, 6, 1], rolls_left=0, sheets=[{"ones": 1}])
    root = ElementTree.fromstring(GAME.draw_svg(last.view(0)))
    die = next(element for element in root.iter() if element.get("id") == "die-3")
    assert die.findtext(f"{SVG}title") == "Die 4 shows 6"  # no roll left: nothing to keep


def test_the_drawing_outlines_the_last_box() -> None:
    state = position([4, 4, 2, 6, 1], rolls_left=2, players=2)
    state.apply(0, "score:fours")
    state.apply(1, "roll:3")
    root = ElementTree.fromstring(GAME.draw_svg(state.view(None)))
    by_id = {element.get("id"): element for element in root.iter() if element.get("id")}
    assert by_id["cell-0-fours"].get("stroke") != by_id["cell-0-ones"].get("stroke")


def test_the_text_drawing_shows_dice_and_sheet() -> None:
    state = position([6, 6, 6, 6, 6], rolls_left=1, sheets=[{"ones": 2}])
    lines = GAME.draw_text(state.view(None)).splitlines()
    assert lines[1] == "Dice: 6 6 6 6 6   1 roll left"
    assert lines[3].split() == ["Player", "1"]
    assert lines[4].split() == ["Ones", "2"]
    assert lines[9].split() == ["Sixes", "(30)"]
    assert lines[-1].split() == ["TOTAL", "2"]
