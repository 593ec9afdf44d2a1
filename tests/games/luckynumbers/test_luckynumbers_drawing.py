"""The SVG and text drawings: clickable paths, stable tile ids, sizes, marks, and hidden tiles."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from luckynumbers_positions import position

from tabletop.engine import Rng, State
from tabletop.games.luckynumbers import GAME

SVG = "{http://www.w3.org/2000/svg}"
DIAGONAL_3_9_9_14 = "3 . . . / . 9 . . / . . 9 . / . . . 14"
DIAGONAL_2_6_11_17 = "2 . . . / . 6 . . / . . 11 . / . . . 17"
DIAGONAL_4_8_12_18 = "4 . . . / . 8 . . / . . 12 . / . . . 18"


def _elements(svg: str) -> dict[str, ElementTree.Element]:
    root = ElementTree.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    ids = [element.get("id") for element in root.iter() if element.get("id")]
    assert len(ids) == len(set(ids)), "element ids must be unique"
    assert all(re.fullmatch(r"[a-z0-9-]+", element_id) for element_id in ids if element_id)
    return {element.get("id", ""): element for element in root.iter() if element.get("id")}


def _paths_are_drawn(state: State, seat: int) -> None:
    elements = _elements(GAME.draw_svg(state.view(seat)))
    for action in state.legal_actions(seat):
        assert set(action.path) <= set(elements), action


def test_every_clicked_element_is_in_the_drawing_in_every_kind_of_turn() -> None:
    start = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], table=[5, 5, 20])
    in_hand = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], hand=12)
    setup = GAME.new_state(3, {"setup": "michael"}, 1)
    for state in (start, in_hand, setup):
        _paths_are_drawn(state, state.current_players()[0])


def test_the_clicks_of_each_kind_of_action() -> None:
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], table=[5, 5, 20])
    actions = {action.id: action for action in state.legal_actions(0)}
    top_five = state.view(0)["table"][1]["id"]
    assert actions["draw"].path == ("pile",)
    assert actions["take:5:01"].path == (top_five, "garden-0-01")
    assert actions["take:20:33"].label == "Take 20, place it at (3,3), exchanging 14"
    in_hand = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], hand=12)
    actions = {action.id: action for action in in_hand.legal_actions(0)}
    assert actions["place:13"].path == ("garden-0-13",) and actions["discard"].path == ("table",)
    assert actions["place:11"].label == "Place 12 at (1,1), exchanging 9"


def test_paths_are_unambiguous_click_sequences() -> None:
    # No path is a prefix of another one, so the browser knows when an action is complete.
    for state in (
        position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], table=[5, 5, 20, 1]),
        position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], hand=12),
    ):
        paths = [action.path for action in state.legal_actions(0)]
        assert len(set(paths)) == len(paths)
        assert not any(a != b and b[: len(a)] == a for a in paths for b in paths)


def _cell_size(svg: str, element_id: str) -> float:
    return float(_elements(svg)[element_id].get("width", "0"))


def test_the_viewers_garden_is_drawn_large_and_the_others_smaller() -> None:
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17, DIAGONAL_4_8_12_18])
    svg = GAME.draw_svg(state.view(1))
    assert _cell_size(svg, "garden-1-00") > 1.5 * _cell_size(svg, "garden-0-00")
    assert _cell_size(svg, "garden-0-00") == _cell_size(svg, "garden-2-00")
    spectator = GAME.draw_svg(state.view(None))
    assert len({_cell_size(spectator, f"garden-{seat}-00") for seat in range(3)}) == 1


def test_a_tile_keeps_its_id_from_hand_to_table_to_garden() -> None:
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], pile_top=[20])
    state.apply(0, "draw")
    tile = state.view(0)["drawn"]["id"]
    assert tile in _elements(GAME.draw_svg(state.view(0)))
    state.apply(0, "discard")
    on_table = _elements(GAME.draw_svg(state.view(1)))[tile].get("transform")
    state.apply(1, "take:20:33")
    in_garden = _elements(GAME.draw_svg(state.view(1)))[tile].get("transform")
    assert on_table != in_garden
    assert state.view(None)["gardens"][1][15]["id"] == tile


def test_the_pile_shows_its_count_and_the_tile_in_hand_only_to_its_holder() -> None:
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], pile_top=[12])
    state.apply(0, "draw")
    own, other = GAME.draw_svg(state.view(0)), GAME.draw_svg(state.view(1))
    tile = state.view(0)["drawn"]["id"]
    assert "31 left" in own and "31 left" in other
    assert f'id="{tile}"' in own and f'id="{tile}"' not in other
    assert "tile in hand" in other


def test_face_up_copies_of_a_number_stack_with_the_next_one_taken_on_top() -> None:
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], table=[5, 7, 5])
    svg = GAME.draw_svg(state.view(0))
    fives = [tile["id"] for tile in state.view(0)["table"] if tile["number"] == 5]
    assert svg.index(f'id="{fives[0]}"') < svg.index(f'id="{fives[1]}"')  # drawn later = on top
    take = next(action for action in state.legal_actions(0) if action.id == "take:5:01")
    assert take.path[0] == fives[1]


def test_the_last_move_is_marked_on_its_cell_and_on_the_replaced_tile() -> None:
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], table=[5])
    state.apply(0, "take:5:11")
    last = state.view(1)["last_move"]
    replaced = state.view(1)["table"][0]["id"]
    assert last["cell"] == "garden-0-11" and last["replaced"] == replaced
    assert set(last["elements"]) == {last["tile"], "garden-0-11", replaced}
    svg = GAME.draw_svg(state.view(1))
    assert svg.count('stroke-dasharray="6 3"') == 2  # one ring on the cell, one on the tile
    words = " ".join(element.text or "" for element in ElementTree.fromstring(svg).iter(f"{SVG}text"))
    assert "Player 1 placed 5 from the table at (1,1), exchanging 9." in words


def test_the_text_drawing_shows_gardens_table_and_the_hand_of_its_viewer_only() -> None:
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], table=[5, 20], hand=12)
    text = GAME.draw_text(state.view(0))
    assert "Table: 5 20" in text and "In hand: 12" in text
    assert "0    3  .  .  ." in text and "3    .  .  . 14" in text
    assert "In hand" not in GAME.draw_text(state.view(1)) and "In hand" not in str(state)


def test_drawings_are_deterministic_and_stay_valid_through_a_game() -> None:
    state = GAME.new_state(4, {"tournament": True}, 9)
    rng = Rng(9)
    for _ in range(120):
        if state.is_over():
            break
        seat = state.current_players()[0]
        view = state.view(seat)
        assert GAME.draw_svg(view) == GAME.draw_svg(state.view(seat))
        _paths_are_drawn(state, seat)
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))
    assert GAME.draw_text(state.view(None)) == str(state)
