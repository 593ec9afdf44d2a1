"""The SVG and text drawings of Number Drop: what is clickable, what shows, what stays hidden."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from numberdrop_positions import GAME, play, position

from tabletop.engine import Rng
from tabletop.games.numberdrop.board import CELL_NAMES, ORIENTATIONS

SVG = "{http://www.w3.org/2000/svg}"
NO_STAR = (1, 2, 3, 5, "L")


def elements(svg: str) -> dict[str, ElementTree.Element]:
    root = ElementTree.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    found = [element for element in root.iter() if element.get("id")]
    ids = [str(element.get("id")) for element in found]
    assert len(ids) == len(set(ids)), "element ids must be unique"
    return {str(element.get("id")): element for element in found}


def texts(svg: str) -> list[str]:
    return [element.text or "" for element in ElementTree.fromstring(svg).iter(f"{SVG}text")]


def test_the_viewer_s_sheet_is_clickable_and_the_others_are_not() -> None:
    state = position(players=3, roll=NO_STAR)
    drawn = elements(GAME.draw_svg(state.view(1)))
    assert {f"nd-cell-{name}" for name in CELL_NAMES} <= set(drawn)
    assert {f"nd-col-{column}" for column in "abcdefg"} <= set(drawn)
    assert {"nd-box-same-3", "nd-box-run-7", "nd-box-bonus"} <= set(drawn)
    assert sum(1 for key in drawn if key.startswith("nd-cell-")) == len(CELL_NAMES)
    spectator = elements(GAME.draw_svg(state.view(None)))
    assert not any(key.startswith(("nd-cell-", "nd-col-")) for key in spectator)


def test_the_orientation_palette_shows_while_a_shape_waits_to_drop() -> None:
    state = position(players=2, roll=NO_STAR)
    drawn = elements(GAME.draw_svg(state.view(0)))
    assert {key for key in drawn if key.startswith("nd-or-")} == {
        f"nd-or-{o.name}" for o in ORIENTATIONS["L"]
    }
    state.apply(0, "L5@c:1235")
    assert not any(key.startswith("nd-or-") for key in elements(GAME.draw_svg(state.view(0))))


def test_every_path_of_a_random_game_is_in_the_drawing() -> None:
    for players in (1, 2, 6):
        state, rng = GAME.new_state(players, None, players), Rng(players)
        while not state.is_over():
            seat = rng.choice(state.current_players())
            drawn = set(elements(GAME.draw_svg(state.view(seat))))
            for action in state.legal_actions(seat):
                assert set(action.path) <= drawn, action.id
            state.apply(seat, rng.choice(state.legal_action_ids(seat)))


def test_pending_digits_of_another_seat_are_not_drawn() -> None:
    # R2: only "done" shows until the step resolves
    state = position(players=2, roll=(None, 2, 3, 7, "I"))
    before = GAME.draw_svg(state.view(1))
    play(state, 0, ["N1=9", "I0@a:9237", "confirm"])
    assert GAME.draw_svg(state.view(1)).replace(" ✓", "") == before
    assert GAME.draw_svg(state.view(None)).count(">9<") == 0
    play(state, 1, ["N1=9", "I0@a:9237", "confirm"])
    assert GAME.draw_svg(state.view(None)).count(">9<") == 2


def test_x_marks_circled_digits_and_the_last_step_do_not_rely_on_colour() -> None:
    state = position(players=2, grids={0: ["X777..."]}, roll=NO_STAR)
    play(state, 0, ["L5@e:1235", "same:b1-c1-d1", "confirm"])
    play(state, 1, ["L5@a:1235", "confirm"])
    svg = GAME.draw_svg(state.view(0))
    assert 'fill="url(#nd-hatch)"' in svg and ">X<" in svg
    assert svg.count("<circle") >= 3
    assert svg.count('stroke-dasharray="3 2"') == 4 + 4  # the viewer's four cells and the other's


def test_small_print_stays_readable_on_a_phone() -> None:
    # The viewBox is 410 wide, so 13 units are 11.4 px on a 360 px screen.
    state = GAME.new_state(6, None, 2)
    rng = Rng(2)
    for _ in range(40):
        seat = state.current_players()[0]
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))
    for viewer in (None, 0, 3):
        svg = GAME.draw_svg(state.view(viewer))
        root = ElementTree.fromstring(svg)
        assert root.get("viewBox", "").split()[2] == "410"
        assert min(float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)) >= 13


def test_the_text_drawing_shows_every_sheet_and_the_line() -> None:
    state = position(players=2, grids={0: ["5......", "123...."]}, roll=NO_STAR)
    text = GAME.draw_text(state.view(None))
    assert "Player 1: 0 points" in text and "Player 2: 0 points" in text
    assert "  2  5  .  ." in text and "  1  1  2  3" in text
    assert text.count("game over line") == 2


def test_only_the_other_players_sheets_can_be_enlarged() -> None:
    """The page enlarges a group marked tt-zoomable on a click: every sheet but the viewer's."""
    state = GAME.new_state(3, None, 4)
    mine = GAME.draw_svg(state.view(0))
    assert 'id="sheet-0"' not in mine and mine.count('class="tt-zoomable"') == 2
    assert GAME.draw_svg(state.view(None)).count('class="tt-zoomable"') == 3
