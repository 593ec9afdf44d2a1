"""The SVG and text drawings of Yatzy: every clickable element once, kept dice, the last box."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest
from yatzy_positions import position

from tabletop.games.yatzy import GAME

ELEMENT_ID = re.compile(r"[a-z0-9-]+")


@pytest.mark.parametrize("variant", ["yahtzee", "yahtzee14", "yams", "yatzy", "maxi"])
@pytest.mark.parametrize("players", [1, 8])
def test_the_drawing_holds_every_clickable_element_once(variant: str, players: int) -> None:
    state = GAME.new_state(players=players, options={"variant": variant}, seed=12)
    state.apply(0, "die:1")
    root = ElementTree.fromstring(GAME.draw_svg(state.view(0)))
    ids = [element.get("id") for element in root.iter() if element.get("id")]
    assert len(ids) == len(set(ids)) and all(ELEMENT_ID.fullmatch(str(element_id)) for element_id in ids)
    for action in state.legal_actions(0):
        assert set(action.path) <= set(ids), action.id
    expected_cells = players * len(state.variant.boxes)
    assert sum(str(element_id).startswith("cell-") for element_id in ids) == expected_cells
    assert 360 <= float(root.get("viewBox", "").split()[2]) <= 600


def test_the_drawing_sets_kept_dice_apart_and_outlines_the_last_box() -> None:
    state = position([4, 4, 2, 6, 1], kept=[True, False, False, False, False], rolls_left=2, players=2)
    state.apply(0, "score:fours")
    state.apply(1, "die:3")
    root = ElementTree.fromstring(GAME.draw_svg(state.view(None)))
    by_id = {element.get("id"): element for element in root.iter() if element.get("id")}
    assert float(by_id["die-3"].get("y", 0)) > float(by_id["die-0"].get("y", 0))
    assert by_id["die-3"].get("fill") != by_id["die-0"].get("fill")
    assert by_id["cell-0-fours"].get("stroke") != by_id["cell-0-ones"].get("stroke")


def test_the_text_drawing_shows_dice_and_sheet() -> None:
    state = position(
        [6, 6, 6, 6, 6], kept=[True, True, False, False, False], rolls_left=1, sheets=[{"ones": 2}]
    )
    lines = GAME.draw_text(state.view(None)).splitlines()
    assert lines[1] == "Dice: [6] [6] 6 6 6   1 roll left"
    assert lines[3].split() == ["Player", "1"]
    assert lines[4].split() == ["Ones", "2"]
    assert lines[9].split() == ["Sixes", "(30)"]
    assert lines[-1].split() == ["TOTAL", "2"]
