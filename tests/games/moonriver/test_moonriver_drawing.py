"""The drawing of docs/rules/moonriver.md positions: ids the actions click, the viewer's reserve
large and the others' as backs, the river and bridges, the last domino marked, print ≥ 11 px."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from moonriver_positions import position

from tabletop.games.moonriver import GAME

SVG = "{http://www.w3.org/2000/svg}"


def ids_of(svg: str) -> set[str]:
    return {element.get("id") or "" for element in ElementTree.fromstring(svg).iter()} - {""}


def test_every_clicked_element_is_drawn_and_placements_have_labels() -> None:
    state = position(took=7, reserve=[5, 7, 20])
    svg = GAME.draw_svg(state.view(0))
    for action in state.legal_actions(0):
        assert set(action.path) <= ids_of(svg)
        if "+" in action.id:
            (a, cell_a), (b, cell_b) = (
                re.fullmatch(r"(\d+)([a-e][1-5])", half).groups() for half in action.id.split("+")
            )
            assert action.path == (f"res-{a}", f"res-{b}", f"r0-{cell_a}", f"r0-{cell_b}")
            assert (
                action.label
                == f"Plot {a} ({'MFM'[[5, 7, 20].index(int(a))]}) on {cell_a}, " + action.label.split(", ")[1]
            )


def test_the_viewer_sees_their_reserve_and_the_others_only_backs() -> None:
    state = position(took=7, reserve=[5, 7], reserves=[[], [40, 46]])
    mine = GAME.draw_svg(state.view(0))
    assert {"res-5", "res-7"} <= ids_of(mine) and "res-40" not in ids_of(mine)
    theirs = GAME.draw_svg(state.view(1))
    assert "res-5" not in ids_of(theirs) and {"res-40", "res-46"} <= ids_of(theirs)
    spectator = GAME.draw_svg(state.view(None))
    assert not any(i.startswith("res-") for i in ids_of(spectator))


def test_ranches_river_and_three_bridges() -> None:
    state = position(took=7, reserve=[5, 7], players=4)
    svg = GAME.draw_svg(state.view(0))
    for seat in range(4):
        assert {f"r{seat}-{c}{r}" for c in "abcde" for r in "12345"} <= ids_of(svg)
    assert svg.count('fill="#3b6fb6"') == 4  # one river per ranch
    assert svg.count('width="16" height="16" fill="#8a5a2b"') == 12  # three bridges each


def test_small_print_is_at_least_11_px_on_a_360_px_phone() -> None:
    state = position(took=7, reserve=[5, 7], ranches=[{"a1": 92}], cows=[{"a1": 2}])
    svg = GAME.draw_svg(state.view(0))
    root = ElementTree.fromstring(svg)
    assert root.get("viewBox", "").split()[2] == "360"
    sizes = [int(t.get("font-size", "0")) for t in root.iter(f"{SVG}text")]
    assert min(sizes) >= 9 and sorted(sizes)[len(sizes) // 10] >= 11


def test_the_last_domino_is_outlined_and_named() -> None:
    state = position(took=7, reserve=[5, 7])
    state.apply(0, "5a1+7b1")
    svg = GAME.draw_svg(state.view(1))
    assert len(re.findall(r'stroke="#c00"', svg)) == 2
    assert "Last: Plot 5 (M) on a1, 7 (F) on b1" in svg


def test_text_drawing_shows_the_ranch_and_the_prompt() -> None:
    state = position(took=7, reserve=[5, 7])
    state.apply(0, "5a1+7b1")
    text = GAME.draw_text(state.view(None))
    assert " 1 M      F" in text and "bridges a, c, e" in text and "Ranchero" in text
