"""The SVG and text drawings: ids the actions' paths name, stable pieces, visible stacks, marks."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from tuned_positions import play, position, start

from tabletop.engine import Rng
from tabletop.games.tuned import GAME
from tabletop.games.tuned.state import TunedState

SVG = "{http://www.w3.org/2000/svg}"
PIECE_IDS = {
    f"piece-{seat}-{kind}-{copy}" for seat in (0, 1) for kind in ("donkey", "dog", "cat") for copy in (1, 2)
} | {"piece-0-rooster", "piece-1-rooster"}


def _root(state: TunedState, viewer: int | None = None) -> ElementTree.Element:
    return ElementTree.fromstring(GAME.draw_svg(state.view(viewer)))


def _by_id(root: ElementTree.Element) -> dict[str, ElementTree.Element]:
    found: dict[str, ElementTree.Element] = {}
    for element in root.iter():
        element_id = element.get("id")
        if element_id is not None:
            assert element_id not in found, f"duplicate id {element_id}"
            assert re.fullmatch(r"[a-z0-9-]+", element_id), element_id
            found[element_id] = element
    return found


def _translation(element: ElementTree.Element) -> tuple[float, float]:
    match = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", element.get("transform", ""))
    assert match, element.get("transform")
    return float(match.group(1)), float(match.group(2))


def test_every_path_element_and_every_piece_is_drawn_once_through_a_game() -> None:
    state = GAME.new_state(2, None, 4)
    rng = Rng(4)
    while not state.is_over():
        seat = state.current_players()[0]
        elements = _by_id(_root(state, seat))
        assert set(elements) >= PIECE_IDS
        assert {f"cell-{column}{row}" for column in "abc" for row in "123"} <= set(elements)
        actions = state.legal_actions(seat)
        for action in actions:
            assert len(action.path) == 2 and set(action.path) <= set(elements), action
        assert len({action.path for action in actions}) == len(actions)  # every click sequence is one action
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))


def test_paths_click_the_supply_piece_or_the_lowest_lifted_animal_then_the_cell() -> None:
    state = position("DGC . . / . . . / . . D", ("DGGCC", "DGC"))
    paths = {action.id: action.path for action in state.legal_actions(0)}
    assert paths["Gb2"] == ("piece-0-dog-1", "cell-b2")
    assert paths["Ca1b2"] == ("piece-1-cat-1", "cell-b2")
    assert paths["Ga1c3"] == ("piece-1-dog-1", "cell-c3")
    assert paths["Da1b2"] == ("piece-0-donkey-1", "cell-b2")


def test_a_piece_keeps_its_id_from_the_supply_to_the_barn_and_between_cells() -> None:
    state = start(first_player=0)
    supply_spot = _translation(_by_id(_root(state))["piece-0-dog-1"])
    play(state, "Gb2", "Da1")
    on_b2 = _translation(_by_id(_root(state))["piece-0-dog-1"])
    play(state, "Gb2c3")
    on_c3 = _translation(_by_id(_root(state))["piece-0-dog-1"])
    assert len({supply_spot, on_b2, on_c3}) == 3
    assert on_c3[0] > on_b2[0] and on_c3[1] > on_b2[1]  # c3 is right of and below b2


def test_each_animal_of_a_stack_shows_bottom_first_and_lower_down() -> None:
    # Section 2.2: a1 = [D, G, C] is drawn as a tower, each animal with its letter.
    root = _root(position("DGC . . / . . . / . . D", ("DGGCC", "DGC")))
    elements = _by_id(root)
    tower = ["piece-0-donkey-1", "piece-1-dog-1", "piece-1-cat-1"]
    heights = [_translation(elements[piece_id])[1] for piece_id in tower]
    assert heights[0] > heights[1] > heights[2]
    assert len({_translation(elements[piece_id])[0] for piece_id in tower}) == 1
    order = [element.get("id") for element in root.iter() if element.get("id") in tower]
    assert order == tower
    letters = ["".join(elements[piece_id].itertext()) for piece_id in tower]
    assert [text[-1] for text in letters] == ["D", "G", "C"]


def test_the_last_move_is_marked_and_the_winning_line_drawn() -> None:
    state = position(". G . / . G . / . GC .", ("DDGCC", "DDC"))
    assert "last-move-mark" not in GAME.draw_svg(state.view(0))
    play(state, "Cb3a1")
    svg = GAME.draw_svg(state.view(None))
    assert svg.count("last-move-mark") == 1 and 'stroke-dasharray="8 6"' in svg
    assert ">winner<" in svg and 'stroke="#f4c20d"' in svg


def test_the_viewers_board_is_at_the_bottom() -> None:
    state = start(first_player=0)
    bottom_y = _translation(_by_id(_root(state, 1))["piece-1-rooster"])[1]
    assert bottom_y > _translation(_by_id(_root(state, 1))["piece-0-rooster"])[1]
    assert _translation(_by_id(_root(state, 0))["piece-0-rooster"])[1] == bottom_y
    assert _translation(_by_id(_root(state, None))["piece-0-rooster"])[1] == bottom_y
    named = GAME.draw_svg(state.view(1), ["Ann", "Bob"], viewer=1)
    assert ">You<" in named and ">Ann · first player<" in named


def test_pieces_let_clicks_through_unless_the_client_marks_them_clickable() -> None:
    svg = GAME.draw_svg(start().view(0))
    assert (
        ".tuned .piece{pointer-events:none}" in svg and ".tuned .piece.clickable{pointer-events:auto" in svg
    )
    assert svg.count('class="cell"') == 9


def test_text_drawing() -> None:
    state = position("DGC . G / C DG . / . GC D", ("D", "C"), roosters=("add-1", "move"), last_move="Cc2b3")
    assert GAME.draw_text(state.view(None)) == (
        "      a     b     c\n"
        "1   [DGC] [   ] [ G ]\n"
        "2   [ C ] [DG ] [   ]\n"
        "3   [   ] [GC ] [ D ]\n"
        "Player 1: supply D, Rooster on Add (1)\n"
        "Player 2: supply C, Rooster on Move\n"
        "Last move: Player 2 moved Cat from c2 to b3\n"
        "Not allowed now: Cat from b3 back to c2\n"
        "Player 1 to move: add or move an animal"
    )
