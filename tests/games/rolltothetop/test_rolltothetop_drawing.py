"""The drawing: a readable climbing map from the view alone, clickable where the paths say,
and never showing another seat's unrevealed writes (R10)."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from rolltothetop_positions import play, t12

from tabletop.engine import People
from tabletop.games.rolltothetop import GAME
from tabletop.games.rolltothetop.state import POOL

SVG = "{http://www.w3.org/2000/svg}"


def elements(svg: str) -> dict[str, ElementTree.Element]:
    root = ElementTree.fromstring(svg)
    return {element.get("id", ""): element for element in root.iter() if element.get("id")}


def test_every_path_names_drawn_elements_and_none_is_a_prefix() -> None:
    state = t12({"a1": 2}, faces={"d4": 3, "d6": 4, "d8": 2})
    drawn = elements(GAME.draw_svg(state.view(0)))
    paths = [action.path for action in state.legal_actions(0) if action.path]
    assert ("die-d4", "box-a0") in paths and ("die-d4", "die-d6", "box-a0") in paths
    for path in paths:
        assert set(path) <= set(drawn)
        assert not any(other != path and other[: len(path)] == path for other in paths)


def test_pool_changes_are_clicked_on_the_dice() -> None:
    state = t12({}, faces={"d6": 3, "d8": 5}, action_face="swap", phase=POOL)
    paths = {action.id: action.path for action in state.legal_actions(0)}
    assert paths["swap:d6:d12"] == ("die-d6", "die-d12")
    assert set(elements(GAME.draw_svg(state.view(0)))) >= {"die-d6", "die-d12", "action-die"}


def test_box_kinds_are_told_apart_by_shape() -> None:
    # Dot boxes carry a dot (a circle), hanging boxes a dashed frame and a hook.
    drawn = elements(GAME.draw_svg(t12({}, faces={"d6": 3}).view(0)))
    assert drawn["box-a0"].find(f"{SVG}circle") is not None
    hanging = drawn["box-c3"]
    assert hanging.find(f"{SVG}rect").get("stroke-dasharray") and hanging.find(f"{SVG}path") is not None  # type: ignore[union-attr]
    supported = drawn["box-b0"]
    assert supported.find(f"{SVG}circle") is None and not supported.find(f"{SVG}rect").get("stroke-dasharray")  # type: ignore[union-attr]


def test_the_viewers_postcard_is_large_and_the_others_small() -> None:
    state = t12({}, {}, {}, faces={"d6": 3})
    drawn = elements(GAME.draw_svg(state.view(1)))
    own = float(drawn["box-a0"].find(f"{SVG}rect").get("width", "0"))  # type: ignore[union-attr]
    other = float(drawn["s0-box-a0"].find(f"{SVG}rect").get("width", "0"))  # type: ignore[union-attr]
    assert own > 1.5 * other and "s1-box-a0" not in drawn and "s2-box-a0" in drawn
    spectator = elements(GAME.draw_svg(state.view(None)))
    widths = {float(spectator[f"s{seat}-box-a0"].find(f"{SVG}rect").get("width", "0")) for seat in range(3)}  # type: ignore[union-attr]
    assert len(widths) == 1 and "box-a0" not in spectator


def test_unrevealed_writes_are_in_no_other_view_drawing_or_label() -> None:
    # R10: seat 0 writes 17 into a0 and confirms; seat 1 and spectators see nothing of it.
    state = t12({}, {}, faces={"d8": 5, "d12": 12})
    label_before = state.public_label(1, 0, "a0=d8+d12")
    play(state, 0, ["a0=d8+d12"])
    assert People().resolve(str(state.public_label(1, 0, "confirm"))) == "Player 1 is done"
    assert label_before is None and state.public_label(None, 0, "undo") is None
    for viewer in (1, None):
        view = state.view(viewer)
        assert view["sheets"][0]["numbers"] == [0] * 12 and view["sheets"][0]["pending"] == []
        assert ">17<" not in GAME.draw_svg(view) and "17" not in GAME.draw_text(view)
        assert all(not die["used"] for die in view["dice"])
    assert ">17<" in GAME.draw_svg(state.view(0))


def test_determinize_forgets_the_others_pending_writes() -> None:
    state = t12({}, {}, faces={"d8": 5, "d12": 12})
    play(state, 0, ["a0=d8+d12", "confirm"])
    play(state, 1, ["a1=d8"])
    world = state.determinize(1, state.rng.spawn())
    assert world.sheets[0] == [0] * 12 and world.sheets[1][1] == 5
    assert world.current_players() == (1,)


def test_the_last_move_is_marked() -> None:
    state = t12({}, {}, faces={"d8": 5, "d12": 12}, action_face="+")
    play(state, 0, ["a0=d8", "confirm"])
    play(state, 1, ["confirm"])
    drawn = elements(GAME.draw_svg(state.view(1)))
    assert drawn["s0-box-a0"].find(f"{SVG}rect").get("stroke") == "#c4481a"  # type: ignore[union-attr]
    assert "last-move" in drawn
    state.apply(state.holder, "add:d20")
    assert "add d20" in GAME.draw_svg(state.view(None))


def test_small_print_stays_readable_on_a_phone() -> None:
    # The viewBox is 480 wide, so 15 units are 11 px on a 360 px phone.
    state = GAME.new_state(6, {"postcard": "bridge"}, 3)
    for viewer in (None, 0):
        svg = GAME.draw_svg(state.view(viewer))
        assert 'viewBox="0 0 480 ' in svg
        sizes = [float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)]
        assert min(sizes) >= 15


def test_the_text_board_shows_kinds_and_numbers() -> None:
    text = GAME.draw_text(t12({"a0": 12, "a1": 3}, faces={"d6": 3}).view(0))
    assert "[12•]" in text and "[  ~]" in text and "d6=3" in text and "d4=reserve" in text


def test_a_lone_rival_is_drawn_smaller_but_with_its_numbers() -> None:
    state = t12({"a0": 7}, {"a0": 9}, faces={"d6": 3})
    drawn = elements(GAME.draw_svg(state.view(0)))
    own = float(drawn["box-a0"].find(f"{SVG}rect").get("width", "0"))  # type: ignore[union-attr]
    rival = float(drawn["s1-box-a0"].find(f"{SVG}rect").get("width", "0"))  # type: ignore[union-attr]
    assert own > rival and drawn["s1-box-a0"].find(f"{SVG}text").text == "9"  # type: ignore[union-attr]


def test_only_the_other_players_sheets_can_be_enlarged() -> None:
    """The page enlarges a group marked tt-zoomable on a click: every sheet but the viewer's."""
    state = GAME.new_state(3, None, 4)
    mine = GAME.draw_svg(state.view(0))
    assert 'id="sheet-0"' not in mine and mine.count('class="tt-zoomable"') == 2
    assert GAME.draw_svg(state.view(None)).count('class="tt-zoomable"') == 3
