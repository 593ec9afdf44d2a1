"""The YINSH drawings: the SVG board with stable piece ids, and the text board."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from yinsh_positions import play

from tabletop.engine import Rng, State
from tabletop.games.yinsh import GAME
from tabletop.games.yinsh.state import YinshState

SVG = "{http://www.w3.org/2000/svg}"


def svg_of(state: State) -> ElementTree.Element:
    return ElementTree.fromstring(GAME.draw_svg(state.view(None)))


def by_id(root: ElementTree.Element) -> dict[str, ElementTree.Element]:
    return {element.get("id", ""): element for element in root.iter() if element.get("id")}


def scenario_4() -> State:
    return YinshState.from_position(
        GAME, white_rings=["F6", "A2"], black_rings=["K10"], white_markers=["F8"], black_markers=["F7"]
    )


def test_the_svg_has_every_point_and_every_ring_under_unique_well_formed_ids() -> None:
    root = svg_of(GAME.new_state())
    assert root.tag == f"{SVG}svg" and root.get("viewBox")
    ids = [element.get("id") for element in root.iter() if element.get("id")]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9-]+", element_id or "") for element_id in ids)
    assert sum(element_id.startswith("pt-") for element_id in ids if element_id) == 85
    rings = {element_id for element_id in ids if element_id and element_id.startswith("ring-")}
    assert rings == {f"ring-{colour}-{n}" for colour in "wb" for n in range(1, 6)}


def test_the_board_has_the_33_lines_and_the_coordinates() -> None:
    root = svg_of(GAME.new_state())
    lines = list(root.iter(f"{SVG}line"))
    assert len(lines) == 33
    labels = {element.text for element in root.iter(f"{SVG}text")}
    assert set("ABCDEFGHIJK") <= labels
    assert {str(n) for n in range(1, 12)} <= labels


def test_every_point_of_every_legal_path_is_clickable_in_the_drawing() -> None:
    state, rng = GAME.new_state(seed=8), Rng(8)
    while not state.is_over():
        (seat,) = state.current_players()
        elements = by_id(ElementTree.fromstring(GAME.draw_svg(state.view(seat))))
        for action in state.legal_actions(seat):
            assert all(step in elements for step in action.path), action
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))


def test_a_ring_keeps_its_id_when_it_moves_and_a_marker_when_it_flips() -> None:
    state = scenario_4()
    before = by_id(svg_of(state))
    play(state, "F6F9")
    after = by_id(svg_of(state))
    assert before["ring-w-1"].get("transform") != after["ring-w-1"].get("transform")
    assert after["ring-w-1"].get("transform") == _translate_of(after["pt-f9"])
    assert before["marker-f7"].get("fill") != after["marker-f7"].get("fill")
    assert "marker-f6" not in before and "marker-f6" in after


def _translate_of(point: ElementTree.Element) -> str:
    return f"translate({point.get('cx')} {point.get('cy')})"


def test_the_last_move_shows_the_rings_path_and_the_flipped_markers() -> None:
    state = play(scenario_4(), "F6F9")
    root = svg_of(state)
    elements = by_id(root)
    start, end = elements["pt-f6"], elements["pt-f9"]
    paths = [
        line
        for line in root.iter(f"{SVG}line")
        if (line.get("x1"), line.get("y1"), line.get("x2"), line.get("y2"))
        == (start.get("cx"), start.get("cy"), end.get("cx"), end.get("cy"))
    ]
    assert len(paths) == 1
    dots = {
        (circle.get("cx"), circle.get("cy"))
        for circle in root.iter(f"{SVG}circle")
        if circle.get("r") == "4" and not circle.get("id")
    }
    assert dots == {(elements[p].get("cx"), elements[p].get("cy")) for p in ("pt-f7", "pt-f8")}


def test_a_removed_ring_sits_on_its_owners_scoring_track() -> None:
    state = YinshState.from_position(
        GAME, white_rings=["F6", "A2"], black_rings=["K10"], white_markers=["F2", "F3", "F4", "F5"]
    )
    on_board = by_id(svg_of(state))["ring-w-2"].get("transform")
    play(state, "F6G7", "row:F2F6", "remove:A2")
    on_track = by_id(svg_of(state))["ring-w-2"].get("transform")
    assert on_track != on_board
    y = float((on_track or "").split()[1].rstrip(")"))
    assert y > 230, "White's track is below the board"


def _down_the_column(text: str, letter: str) -> str:
    """The symbols under a column's letter, top to bottom."""
    lines = text.splitlines()
    letters = next(line for line in lines if line.split() == list("ABCDEFGHIJK"))
    column = letters.index(letter)
    return "".join(line[column] for line in lines if len(line) > column and line[column] in ".WBwb")


def test_the_text_board_reads_each_column_from_its_top_down() -> None:
    text = GAME.draw_text(scenario_4().view(None))
    # F10 … F2: a white marker on F8, a black one on F7, White's ring on F6.
    assert _down_the_column(text, "F") == "..wbW...."
    assert _down_the_column(text, "A") == "...W"  # A5 A4 A3 A2
    assert _down_the_column(text, "K") == "B..."  # K10 K9 K8 K7
    assert text.splitlines()[-1] == "Player 1 (White) to move a ring"


def test_the_text_board_shows_the_score_and_whose_turn_it_is() -> None:
    state = play(GAME.new_state(), "F6")
    text = GAME.draw_text(state.view(None))
    assert "> Player 2 (Black): 0/3 rings removed, 5 in the supply" in text
    assert "  Player 1 (White): 0/3 rings removed, 4 in the supply; 51 markers in the pool" in text


def test_each_point_says_in_its_tooltip_what_is_on_it() -> None:
    # The clicks land on the transparent point circles, so their titles name the pieces.
    points = by_id(svg_of(scenario_4()))

    def title(point: str) -> str:
        return str(getattr(points[f"pt-{point.lower()}"].find(f"{SVG}title"), "text", ""))

    assert title("F6").startswith("F6: white ring; moves along a line")
    assert title("K10").startswith("K10: black ring")
    assert title("F7").startswith("F7: black marker; flips when a ring jumps over it")
    assert title("F8").startswith("F8: white marker")
    assert title("E5") == "E5: empty"
