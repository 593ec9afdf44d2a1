"""The SVG and text drawings of Biyi: clickable squares and handles, stacks readable token by token."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from biyi_positions import DARK, LIGHT, play, position

from tabletop.engine import Rng
from tabletop.games.biyi import GAME

SVG = "{http://www.w3.org/2000/svg}"


def elements(svg: str) -> dict[str, ElementTree.Element]:
    root = ElementTree.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("viewBox")
    found = [element for element in root.iter() if element.get("id")]
    ids = [element.get("id") for element in found]
    assert len(ids) == len(set(ids)), "element ids must be unique"
    assert all(re.fullmatch(r"[a-z0-9-]+", str(element_id)) for element_id in ids)
    return {str(element.get("id")): element for element in found}


def test_every_square_is_a_clickable_group() -> None:
    state = GAME.new_state()
    drawn = elements(GAME.draw_svg(state.view(0)))
    squares = {key for key in drawn if key.startswith("sq-")}
    assert squares == {f"sq-{name}" for name in state.board.names}


def test_every_token_is_drawn_once_all_game_long_and_lets_clicks_through() -> None:
    # A token keeps its id wherever it goes; paths only name drawn elements.
    state, rng = GAME.new_state(options={"board": "quick"}), Rng(3)
    while not state.is_over():
        drawn = elements(GAME.draw_svg(state.view(None)))
        tokens = {key for key in drawn if key.startswith("tok-")}
        assert tokens == {f"tok-{n}" for n in range(12)}
        assert all(drawn[key].get("pointer-events") == "none" for key in tokens)
        seat = state.current_players()[0]
        for action in state.legal_actions(seat):
            assert set(action.path) <= set(drawn)
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))


def test_a_stack_shows_every_token_bottom_to_top_with_prisoners_barred() -> None:
    # b2 = LDL: the bottom L and the D under the top L are prisoners (an enemy above).
    state = position({"b2": "LDL", "e6": "D"})
    svg = GAME.draw_svg(state.view(None))
    drawn = elements(svg)
    group = drawn["sq-b2"]
    slabs = [element for element in group.iter() if str(element.get("id", "")).startswith("tok-")]
    heights = [float(element.get("transform", "").split()[1].rstrip(")")) for element in slabs]
    assert heights == sorted(heights, reverse=True)  # drawn from the bottom up
    barred = ["bars" in ElementTree.tostring(slab, encoding="unicode") for slab in slabs]
    assert barred == [True, True, False]
    title = group.find(f"{SVG}title")
    assert (
        title is not None
        and title.text == "b2: 3 tokens, bottom to top: Light (prisoner), Dark (prisoner), Light"
    )
    assert re.search(r">3</ns0:text>", ElementTree.tostring(group, encoding="unicode"))


def test_the_top_token_handle_appears_where_it_can_be_taken() -> None:
    # R4: b2 = LLL can send its top token alone; the handle is the path's first element.
    state = position({"b2": "LLL", "e6": "D"})
    drawn = elements(GAME.draw_svg(state.view(LIGHT)))
    assert "top-b2" in drawn
    paths = {action.id: action.path for action in state.legal_actions(LIGHT)}
    assert paths["b2b3/1"] == ("top-b2", "sq-b3") and paths["b2b3"] == ("sq-b2", "sq-b3")
    assert "top-b2" not in elements(GAME.draw_svg(position({"b2": "L", "e6": "D"}).view(LIGHT)))


def test_a_jump_is_clicked_square_by_square() -> None:
    state = position({"b2": "LLLL", "c3": "LLL", "e6": "D"})
    paths = {action.id: action.path for action in state.legal_actions(LIGHT)}
    assert paths["b2b3-c3-d3"] == ("sq-b2", "sq-b3", "sq-c3", "sq-d3")


def test_the_last_move_is_marked_along_its_way() -> None:
    state = play(position({"b2": "LLLL", "c3": "LLL", "e6": "D"}), "b2b3-c3-d3")
    drawn = elements(GAME.draw_svg(state.view(DARK)))
    arrow = drawn["last-move-arrow"]
    assert len(str(arrow.get("points")).split()) == 4  # b2, b3, c3, d3


def test_small_print_stays_readable_on_a_phone() -> None:
    # At 360 px the 426-unit drawing shrinks by 0.85: 14 units still make 11.8 px.
    svg = GAME.draw_svg(GAME.new_state().view(0))
    width = float(ElementTree.fromstring(svg).get("viewBox", "").split()[2])
    sizes = [float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)]
    assert min(sizes) * 360 / width >= 11


def test_the_text_board() -> None:
    state = play(position({"b2": "LDL", "e6": "D"}), "b2c2")
    text = GAME.draw_text(state.view(None))
    lines = text.splitlines()
    assert lines[0].startswith("Player 2 (Dark) to move") and lines[1] == "last: Light b2c2"
    assert "[LDL]" in lines[2 + 7 - 2]  # row 2, counted from the top row 7
    assert "C@" not in text and "L@" in text and "D@" in text and "~" in text
