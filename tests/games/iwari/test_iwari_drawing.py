"""The SVG and text drawings: the map, readable print at 360 px, the viewer's hand only, the last move."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest
from iwari_positions import BLUE, RED, play, position

from tabletop.engine import Rng
from tabletop.games.iwari import GAME
from tabletop.games.iwari.state import IwariState

SVG = "{http://www.w3.org/2000/svg}"
PHONE_BOARD = 320
"""How wide the table page draws the board on a 360 px phone (it keeps a margin)."""
SMALLEST_PX = 11


def parse(state: IwariState, viewer: int | None) -> ElementTree.Element:
    return ElementTree.fromstring(GAME.draw_svg(state.view(viewer)))


def ids_of(root: ElementTree.Element) -> list[str]:
    return [element.get("id", "") for element in root.iter() if element.get("id")]


def mid_game(players: int, steps: int = 40, seed: int = 5) -> IwariState:
    state = GAME.new_state(players, None, seed)
    assert isinstance(state, IwariState)
    rng = Rng(seed)
    for _ in range(steps):
        mover = state.current_players()[0]
        state.apply(mover, rng.choice(state.legal_action_ids(mover)))
    return state


@pytest.mark.parametrize("players", [2, 5])
def test_every_territory_space_and_totem_strip_is_drawn_with_its_id(players: int) -> None:
    state = mid_game(players)
    root = parse(state, None)
    ids = ids_of(root)
    assert len(ids) == len(set(ids))
    for territory in state.map.territory_ids:
        assert {f"territory-{territory}", f"totem-{territory}"} <= set(ids)
    assert all(f"space-{space}" in ids for space in state.map.space_ids)
    assert "deck" in ids


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_print_is_at_least_11_px_on_a_360_px_phone(players: int) -> None:
    root = parse(mid_game(players), 0)
    width = float(root.get("viewBox", "").split()[2])
    sizes = [float(text.get("font-size", "0")) for text in root.iter(f"{SVG}text")]
    assert sizes and min(sizes) * PHONE_BOARD / width >= SMALLEST_PX


def test_the_viewer_sees_their_hand_large_and_the_others_as_backs_and_counts() -> None:
    state = position(hands=["FDD", "TTT", "GC", "F"], deck="CC")
    mine = set(ids_of(parse(state, RED)))
    assert {"hand-F", "hand-D", "exchange"} <= mine and "hand-T" not in mine
    theirs = set(ids_of(parse(state, BLUE)))
    assert "hand-T" in theirs and "hand-F" not in theirs
    spectator = parse(state, None)
    assert not any(i.startswith("hand-") for i in ids_of(spectator))
    text = "".join(spectator.itertext())
    assert "Your hand" not in text
    backs = [r for r in spectator.iter(f"{SVG}rect") if r.get("fill") == "#4a3b2a" and r.get("width") == "14"]
    assert len(backs) == 3 + 3 + 2 + 1


def test_every_legal_path_names_elements_of_the_drawing_and_none_is_a_prefix() -> None:
    for state in (
        mid_game(2, 10),
        mid_game(5, 31),
        position(tents={"F1a": BLUE}, hands=["FDD"] * 4, deck="C"),
    ):
        mover = state.current_players()[0]
        ids = set(ids_of(parse(state, mover)))
        paths = {action.path for action in state.legal_actions(mover) if action.path}
        assert paths and all(set(path) <= ids for path in paths)
        assert not any(p != q and q[: len(p)] == p for p in paths for q in paths)


def test_a_move_is_clicked_as_its_pieces_then_the_card_that_completes_the_payment() -> None:
    state = position(tents={"F1a": BLUE}, hands=["FDD", "F", "F", "F"], deck="C")
    paths = {action.id: action.path for action in state.legal_actions(RED)}
    assert paths["F1b+F1*=FDD"] == ("space-F1b", "totem-F1", "hand-D")
    assert paths["F1b=F"] == ("space-F1b", "hand-F")
    assert paths["F1*=DD"] == ("totem-F1", "hand-D")
    assert paths["swap:D"] == ("exchange", "hand-D")


def test_tents_carry_their_tribe_letter_and_tiles_their_biome_in_words() -> None:
    state = position(tents={"F1a": RED, "D1b": BLUE}, deck="C")
    root = parse(state, None)
    spaces = {  # what is written in the space, not its tooltip
        e.get("id"): "".join(text for word in e.iter(f"{SVG}text") for text in word.itertext())
        for e in root.iter(f"{SVG}g")
        if e.get("id", "").startswith("space-")
    }
    assert spaces["space-F1a"] == "R" and spaces["space-D1b"] == "B"
    text = "".join(root.itertext())
    assert "F1 Forest" in text and "D1 Desert" in text


def test_the_last_move_is_ringed_and_written_out() -> None:
    state = position(tents={"F1a": BLUE}, hands=["FDD", "F", "F", "F"], deck="CCC")
    play(state, "F1b+F1*=FDD")
    root = parse(state, None)
    rings = {
        e.get("id"): e.find(f"{SVG}circle").get("stroke")  # type: ignore[union-attr]
        for e in root.iter(f"{SVG}g")
        if e.get("id", "").startswith("space-")
    }
    assert rings["space-F1b"] != rings["space-F1c"]
    tile = next(e for e in root.iter(f"{SVG}g") if e.get("id") == "territory-F1")
    assert tile.find(f"{SVG}rect").get("stroke-width") == "3"  # type: ignore[union-attr]
    lines = [e.text or "" for e in root.iter(f"{SVG}text")]
    start = lines.index("Last: Red: Tent on F1b and a totem in F1,")
    assert lines[start + 1] == "paying Forest, Desert, Desert"  # wrapped, not cut


def test_mountains_and_connection_kinds_are_drawn_with_their_numbers() -> None:
    state = position(covered=[2], deck="C")
    svg = GAME.draw_svg(state.view(None))
    assert re.search(r"<path d=\"M[^\"]+Z\" fill=\"#6d6d6d\"", svg)  # the mountain on connection 2
    assert "#7fb2e5" in svg and "#e3cf9a" in svg  # water and land badges


def test_the_text_drawing_lists_territories_cards_and_tribes() -> None:
    state = position(players=2, tents={"F1a": RED}, hands=["FDD", "TTT"], deck="CC", display="TG")
    text = GAME.draw_text(state.view(RED))
    assert "F1 Forest" in text and "F1a:R" in text and "Your hand: FDD" in text
    assert "Grey (neutral)" in text and "TTT" not in text


def test_labels_drawn_over_clickable_things_belong_to_them_or_let_clicks_through() -> None:
    # a click on the word "totems" or on a totem chip must reach the totem strip, and the
    # connection badges and roads drawn over the tiles must not catch clicks meant for spaces
    state = position(totems={"F1": [1, 0, 0, 0]}, tents={"F1a": RED}, deck="C")
    root = parse(state, RED)
    strip = next(e for e in root.iter(f"{SVG}g") if e.get("id") == "totem-F1")
    assert "R1" in "".join(strip.itertext())
    empty = next(e for e in root.iter(f"{SVG}g") if e.get("id") == "totem-D1")
    assert "totems" in "".join(empty.itertext())
    for line in root.iter(f"{SVG}line"):
        assert line.get("pointer-events") == "none"
    badges = [g for g in root.iter(f"{SVG}g") if not g.get("id") and g.find(f"{SVG}rect") is not None]
    assert badges and all(g.get("pointer-events") == "none" for g in badges)
