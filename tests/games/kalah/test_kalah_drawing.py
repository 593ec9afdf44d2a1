"""Kalah's drawings: every clickable pit exists with its stable id, and the text shows the counts."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from tabletop import games
from tabletop.engine import State
from tabletop.games.kalah import KalahState

GAME = games.load("kalah")
SVG = "{http://www.w3.org/2000/svg}"
ID_PATTERN = re.compile(r"[a-z0-9-]+")


def _scenario_3() -> KalahState:
    return KalahState.from_position(GAME, south_pits=[0, 0, 0, 0, 0, 10], north_pits=[1, 1, 1, 1, 1, 1])


def _positions() -> list[State]:
    start = GAME.new_state(2)
    north_to_move = GAME.new_state(2)
    north_to_move.apply(0, "1")
    swap_offer = GAME.new_state(2, {"pie_rule": True})
    for action_id in ("3", "6"):
        swap_offer.apply(0, action_id)
    captured = _scenario_3()
    captured.apply(0, "6")
    small = GAME.new_state(2, {"pits": 3, "seeds": 5})
    return [start, north_to_move, swap_offer, captured, small]


def _element_ids(svg: str) -> list[str]:
    root = ElementTree.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox")
    return [element.get("id", "") for element in root.iter() if element.get("id")]


@pytest.mark.parametrize("state", _positions())
@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_every_action_path_is_an_element_of_the_drawing(state: State, viewer: int | None) -> None:
    ids = _element_ids(GAME.draw_svg(state.view(viewer)))
    assert len(ids) == len(set(ids))
    assert all(ID_PATTERN.fullmatch(element_id) for element_id in ids)
    for seat in state.current_players():
        for action in state.legal_actions(seat):
            assert all(element in ids for element in action.path), action


def test_pits_and_stores_keep_their_ids_in_every_position() -> None:
    expected = {f"pit-{side}{number}" for side in "sn" for number in range(1, 7)} | {"store-s", "store-n"}
    for state in _positions()[:4]:
        assert expected <= set(_element_ids(GAME.draw_svg(state.view(None))))


def test_the_drawing_shows_counts_and_owners() -> None:
    state = KalahState.from_position(
        GAME, south_pits=[0, 0, 0, 0, 0, 10], north_pits=[1, 1, 1, 1, 1, 1], south_store=7, north_store=3
    )
    svg = GAME.draw_svg(state.view(None))
    assert ">10</text>" in svg
    assert ">7</text>" in svg
    assert "Player 1 (South) · to move" in svg
    assert "Player 2 (North)" in svg
    named = GAME.draw_svg(state.view(1), ["Ann & Co", "Bob"], viewer=1)
    assert "Ann &amp; Co (South) · to move" in named
    assert ">You (North)</text>" in named


def test_the_text_drawing_shows_both_rows_and_stores() -> None:
    # Scenario 3's result: North's row is printed N6…N1 above South's S1…S6, stores at the ends.
    state = _scenario_3()
    state.apply(0, "6")
    lines = str(state).splitlines()
    assert lines[0].split() == ["N6", "N5", "N4", "N3", "N2", "N1"]
    assert lines[1].split() == [
        "North",
        "[",
        "2]",
        "[",
        "2]",
        "[",
        "0]",
        "[",
        "2]",
        "[",
        "2]",
        "[",
        "2]",
        "Player",
        "2",
        "(North)",
    ]
    assert lines[2].split() == ["[", "0]", "[", "4]"]
    assert lines[3].split() == [
        "South",
        "[",
        "1]",
        "[",
        "1]",
        "[",
        "0]",
        "[",
        "0]",
        "[",
        "0]",
        "[",
        "0]",
        "Player",
        "1",
        "(South)",
    ]
    assert lines[4].split() == ["S1", "S2", "S3", "S4", "S5", "S6"]
    assert lines[-1] == "Player 2 (North) to move"


def _texts_near(root: ElementTree.Element, x: float, y: float, reach: float) -> list[str]:
    return [
        str(text.text)
        for text in root.iter(f"{SVG}text")
        if abs(float(text.get("x", "nan")) - x) < 1 and abs(float(text.get("y", "nan")) - y) < reach
    ]


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_each_pit_shows_the_number_its_moves_and_the_log_use(viewer: int | None) -> None:
    # K-R1: "3" sows the mover's third pit from their left; the log says "sowed pit 3".
    state = _scenario_3()
    root = ElementTree.fromstring(GAME.draw_svg(state.view(viewer)))
    pits = {element.get("id"): element for element in root.iter(f"{SVG}circle") if element.get("id")}
    for side, counts in (("s", [0, 0, 0, 0, 0, 10]), ("n", [1] * 6)):
        for number, count in enumerate(counts, start=1):
            pit = pits[f"pit-{side}{number}"]
            near = _texts_near(root, float(pit.get("cx", "nan")), float(pit.get("cy", "nan")), 80)
            assert sorted(near) == sorted([str(number), str(count)]), (side, number, near)
            title = pit.find(f"{SVG}title")
            assert title is not None and f"pit {number}: {count} seed" in str(title.text)


def test_both_stores_are_labelled_with_their_owner_in_the_tooltip() -> None:
    root = ElementTree.fromstring(GAME.draw_svg(GAME.new_state(2).view(0)))
    texts = [text.text for text in root.iter(f"{SVG}text")]
    assert texts.count("store") == 2
    for side in ("South", "North"):
        store = next(e for e in root.iter(f"{SVG}rect") if e.get("id") == f"store-{side[0].lower()}")
        title = store.find(f"{SVG}title")
        assert title is not None and str(title.text).startswith(f"{side}'s store: 0 seeds")
