"""The SVG and text drawings: drawn from the view only, clickable paths, stable token ids, marks."""

from __future__ import annotations

import json
import re
from xml.etree import ElementTree

from mammalath_positions import play, position, start

from tabletop.games.mammalath import GAME, MammalathState
from tabletop.games.mammalath.board import BLACK, WHITE
from tabletop.games.mammalath.drawing import ACCENT, WIN_COLOUR, cell_centre

SVG = "{http://www.w3.org/2000/svg}"
FILLER_NO_FOX = ".a .b .c .d .e .."


def elements(state: MammalathState, viewer: int | None = None) -> dict[str, ElementTree.Element]:
    """The drawing's elements by id, after checking that ids are unique and well formed."""
    root = ElementTree.fromstring(GAME.draw_svg(state.view(viewer)))
    assert root.tag == f"{SVG}svg"
    by_id = {ident: element for element in root.iter() if (ident := element.get("id"))}
    assert len(by_id) == sum(1 for element in root.iter() if element.get("id"))  # ids are unique
    assert all(re.fullmatch(r"[a-z0-9-]+", ident) for ident in by_id)
    return by_id


def centre(element: ElementTree.Element) -> tuple[float, float]:
    return float(element.get("cx", "nan")), float(element.get("cy", "nan"))


def test_every_element_of_every_legal_path_is_in_the_drawing() -> None:
    state = start(BLACK)
    for actions_played in ([], ["C3"], ["C3", "fox"], ["C3", "fox", "D4", "A1-A3"]):
        current = play(start(BLACK), *actions_played)
        seat = current.current_players()[0]
        drawn = elements(current, seat)
        for action in current.legal_actions(seat):
            assert set(action.path) <= set(drawn), action
    assert {"cell-a1", "cell-f6", "kind-fox", "release-line"} <= set(elements(state))


def test_paths_are_click_sequences_where_none_is_a_prefix_of_another() -> None:
    # The browser sends an action once its whole path is clicked; a prefix would hide the longer one.
    state = play(start(BLACK), "C3")
    paths = [action.path for action in state.legal_actions(WHITE)]
    assert len(set(paths)) == len(paths)
    for path in paths:
        assert not any(other != path and other[: len(path)] == path for other in paths)
    by_id = {action.id: action.path for action in state.legal_actions(WHITE)}
    assert by_id["D4"] == ("cell-d4",)
    assert by_id["fox"] == ("kind-fox",)
    assert by_id["A1-C3"] == ("release-line", "cell-a1", "cell-c3")
    assert by_id["swap"] == ("cell-c3",)


def test_a_token_keeps_its_id_from_the_supply_to_its_cell_and_back_after_a_swap() -> None:
    state = start(BLACK)
    before = elements(state)
    assert {f"black-{n}" for n in range(1, 19)} | {f"white-{n}" for n in range(1, 19)} <= set(before)
    play(state, "C3")
    after = elements(state)
    assert centre(after["black-1"]) == cell_centre("C3") != centre(before["black-1"])
    assert centre(after["black-2"]) == centre(before["black-2"])  # still in the supply
    play(state, "swap")
    swapped = elements(state)
    assert centre(swapped["white-1"]) == cell_centre("C3")
    assert centre(swapped["black-1"]) == centre(before["black-1"])  # back in its supply slot


def test_animals_disappear_when_released_and_the_release_is_outlined() -> None:
    state = position(".a .b .c .d .e .f", FILLER_NO_FOX, to_move=BLACK)
    assert "animal-f1" in elements(state)
    state.apply(BLACK, "fox")
    drawn = GAME.draw_svg(state.view(None))
    assert "animal-f1" not in drawn
    outlines = re.findall(rf'<rect [^>]*stroke="{ACCENT}"[^>]*stroke-dasharray', drawn)
    assert len(outlines) == 5  # F1 and the four foxes of rows 3–6
    for kind, count in (("fox", 0), ("deer", 6)):  # each legend button: its count, its kind in the tooltip
        button = drawn.split(f'<g id="kind-{kind}">')[1].split('<g id="')[0]
        assert f"{kind.capitalize()}: {count} on the board" in button and f">× {count}<" in button


def test_the_last_place_is_ringed_and_a_finished_game_shows_its_line() -> None:
    state = position("W. W. .. .d .e .f", to_move=WHITE)
    state.apply(WHITE, "C1")
    drawn = GAME.draw_svg(state.view(None))
    x, y = cell_centre("C1")
    assert re.search(rf'<circle cx="{x}" cy="{y}" r="\d+" fill="none" stroke="{ACCENT}"', drawn)
    (x1, y1), (x2, y2) = cell_centre("A1"), cell_centre("C1")
    assert f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{WIN_COLOUR}"' in drawn
    assert "Player 2 (White) wins with the clean line A1–C1" in drawn


def test_the_drawing_depends_on_the_view_alone() -> None:
    state = play(start(WHITE), "B2", "fox", "D4")
    view = state.view(BLACK)
    assert GAME.draw_svg(json.loads(json.dumps(view))) == GAME.draw_svg(view)


def test_the_text_board_prints_the_diagram_it_was_given() -> None:
    rows = [
        "Bf .c W. .. .a .d",
        ".a .b .c .d .e .f",
        ".. .. .. .. .. ..",
        ".a Wb .c .d .e .f",
        ".a .b .c Bd .e .f",
        ".a .b .c .d .e .f",
    ]
    state = MammalathState.from_position(GAME, rows=rows, to_move=WHITE)
    text = GAME.draw_text(state.view(None)).splitlines()
    assert text[0].split() == list("ABCDEF")
    assert [line[3:] for line in text[1:7]] == rows
    assert text[7] == "Player 1 (Black): 16 in supply · Player 2 (White): 16 in supply"
    assert text[-1] == "Player 2 (White) to move: place a token or release animals"
