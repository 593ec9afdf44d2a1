"""The SVG and text drawings of DVONN: clickable cells, stable piece ids, heights, last move."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from dvonn_reference import position
from test_dvonn_perft import REFERENCE_PLACEMENT, after

from tabletop.engine import Rng
from tabletop.games.dvonn import GAME
from tabletop.games.dvonn.board import CELLS, INDEX, NAMES
from tabletop.games.dvonn.drawing import SUPPLY_RADIUS, cell_centre

SVG = "{http://www.w3.org/2000/svg}"
TRANSLATE = re.compile(r"translate\(([-\d.]+) ([-\d.]+)\)")


def elements(svg: str) -> dict[str, ElementTree.Element]:
    root = ElementTree.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("viewBox")
    found = [element for element in root.iter() if element.get("id")]
    ids = [element.get("id") for element in found]
    assert len(ids) == len(set(ids)), "element ids must be unique"
    assert all(re.fullmatch(r"[a-z0-9-]+", str(element_id)) for element_id in ids)
    return {str(element.get("id")): element for element in found}


def piece_position(element: ElementTree.Element) -> tuple[float, float]:
    match = TRANSLATE.search(element.get("transform", ""))
    assert match
    return float(match.group(1)), float(match.group(2))


def test_every_cell_is_a_clickable_shape() -> None:
    drawn = elements(GAME.draw_svg(GAME.new_state().view(0)))
    for name in NAMES:
        cell = drawn[f"cell-{name.lower()}"]
        assert cell.tag == f"{SVG}polygon" and cell.get("fill") not in (None, "none")


def test_every_piece_is_drawn_once_all_game_long() -> None:
    # 49 pieces, wherever they are: in a supply, on the board, or out of play (DV-R4).
    state, rng = GAME.new_state(), Rng(5)
    while not state.is_over():
        drawn = elements(GAME.draw_svg(state.view(None)))
        assert {key for key in drawn if key.startswith("piece-")} == {f"piece-{n}" for n in range(1, 50)}
        seat = state.current_players()[0]
        for action in state.legal_actions(seat):
            assert set(action.path) <= set(drawn)
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))


def test_pieces_let_clicks_through_to_the_cells() -> None:
    drawn = elements(GAME.draw_svg(after("").view(0)))
    assert all(drawn[f"piece-{n}"].get("pointer-events") == "none" for n in range(1, 50))


def test_a_moved_stack_keeps_its_piece_ids() -> None:
    # The browser animates by id: C3's two pieces are drawn at E3 after C3E3.
    state = position("A3:R, B3:1B, C3:2W, E3:1B, D4:1B, F3:R")
    c3 = next(stack["pieces"] for stack in state.view(None)["stacks"] if stack["cell"] == "C3")
    state.apply(0, "C3E3")
    drawn = elements(GAME.draw_svg(state.view(None)))
    e3_x, _ = cell_centre(*CELLS[INDEX["E3"]])
    for piece in c3:
        assert abs(piece_position(drawn[f"piece-{piece}"])[0] - e3_x) < 0.1


def test_stack_heights_are_written_on_top() -> None:
    state = position("C3:R, D3:1B, E3:2W, F3:3B*")
    root = ElementTree.fromstring(GAME.draw_svg(state.view(None)))
    texts = [element.text for element in root.iter(f"{SVG}text")]
    assert texts.count("2") >= 2 and "3" in texts  # E3's height; "2" is also a row label


def test_last_move_is_marked() -> None:
    state = GAME.new_state()
    assert "last-move-to" not in elements(GAME.draw_svg(state.view(None)))
    state.apply(0, "C3")
    ring = elements(GAME.draw_svg(state.view(None)))["last-move-to"]
    assert f"{cell_centre(*CELLS[INDEX['C3']])[0]:.1f}," in str(ring.get("points"))
    moved = after("A2A1")
    drawn = elements(GAME.draw_svg(moved.view(None)))
    assert {"last-move-from", "last-move-to", "last-move-arrow"} <= set(drawn)
    a1_x, a1_y = cell_centre(*CELLS[INDEX["A1"]])
    arrow = drawn["last-move-arrow"]
    assert (float(str(arrow.get("x2"))), float(str(arrow.get("y2")))) == (round(a1_x, 1), round(a1_y, 1))


def test_text_board_shows_stacks_heights_dvonn_and_last_move() -> None:
    state = position("C3:R, D3:1B, E3:2W, K5:1W")
    state.apply(0, "E3C3")
    lines = str(state).splitlines()
    assert lines[0] == "Player 2 (Black) to move a stack"
    assert lines[1] == (
        "White 3 · Black 1 · out of play: white 22, black 21 · last: Player 1 (White) E3C3 (removed K5)"
    )
    assert lines[4].split() == ["3", ".", ".", "[W3*]", "B", ".", ".", ".", ".", ".", ".", "."]
    assert lines[7].split() == list("ABCDEFGHI")
    assert str(state) == str(state.clone())


def test_text_board_during_placement() -> None:
    state = after("", REFERENCE_PLACEMENT[:4])
    text = str(state)
    assert text.startswith("Player 1 (White) to place a white piece on an empty space\n")
    assert "to place: red 0, white 23, black 22 · last: Player 2 (Black) A1" in text
    assert text.splitlines()[6].split() == ["1", "[B]", ".", ".", ".", ".", ".", ".", ".", ".", "J"]


def test_the_strip_texts_have_a_line_of_their_own_above_the_pieces_to_place() -> None:
    # At the start 23 pieces wait in each strip: the row must not run under "23 to place".
    drawn = elements(GAME.draw_svg(GAME.new_state().view(0)))
    for colour, first_piece in (("white", 4), ("black", 27)):
        note = drawn[f"strip-note-{colour}"]
        assert note.text == ("23 to place · to play" if colour == "white" else "23 to place")
        _, piece_y = piece_position(drawn[f"piece-{first_piece}"])
        font_size = float(note.get("font-size", "nan"))
        assert piece_y - float(note.get("y", "nan")) >= font_size / 2 + SUPPLY_RADIUS


def test_every_space_says_in_its_tooltip_what_stands_on_it() -> None:
    state = position("C3:R, D3:1B, E3:2W, F3:3B*")
    drawn = elements(GAME.draw_svg(state.view(None)))
    titles = {
        name: str(getattr(drawn[f"cell-{name.lower()}"].find(f"{SVG}title"), "text", "")) for name in NAMES
    }
    assert titles["A1"] == "A1: empty"
    assert titles["C3"].startswith("C3: a DVONN piece")
    assert titles["D3"] == "D3: a black piece; moves exactly 1 space in a straight line unless surrounded"
    assert titles["E3"].startswith("E3: a stack of 2, white on top; moves exactly 2 spaces")
    assert titles["F3"].startswith("F3: a stack of 3, black on top, holding a DVONN piece")
