"""The SVG and text drawings: the real board, stable stone ids, species, meals and the last move."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from circleoflife_reference import ALL_CELLS, name, position

from tabletop.games.circleoflife import GAME
from tabletop.games.circleoflife.board import Species

SVG = "{http://www.w3.org/2000/svg}"


def parse_svg(view: dict[str, object]) -> ElementTree.Element:
    return ElementTree.fromstring(GAME.draw_svg(view))


def by_id(root: ElementTree.Element) -> dict[str, ElementTree.Element]:
    return {element.get("id", ""): element for element in root.iter() if element.get("id")}


def test_the_board_has_a_clickable_hexagon_for_each_of_the_61_cells() -> None:
    root = parse_svg(GAME.new_state(2, None, 0).view(None))
    assert root.tag == f"{SVG}svg" and root.get("viewBox")
    cells = [e for e in root.iter(f"{SVG}polygon") if e.get("id", "").startswith("cell-")]
    assert sorted(e.get("id") for e in cells) == sorted(f"cell-{name(cell).lower()}" for cell in ALL_CELLS)
    assert all(len(e.get("points", "").split()) == 6 and e.get("fill") != "none" for e in cells)


def test_ids_are_unique_and_well_formed_and_every_path_is_drawn() -> None:
    state = position(black=["E3", "E5"], white=["C0", "C1", "D2"])
    svg = GAME.draw_svg(state.view(0))
    ids = re.findall(r' id="([^"]*)"', svg)
    assert len(ids) == len(set(ids)) and all(re.fullmatch(r"[a-z0-9-]+", i) for i in ids)
    for action in state.legal_actions(0):
        assert action.path == (f"cell-{action.id.lower()}",) and action.path[0] in ids


def test_stones_keep_their_ids_while_they_stay() -> None:
    state = GAME.new_state(2, None, 0)
    state.apply(state.to_move, "E4")
    first = by_id(parse_svg(state.view(None)))
    stone_ids = [i for i in first if i.startswith("stone-")]
    assert len(stone_ids) == 1
    for move in ("A0", "E5", "I8"):
        state.apply(state.to_move, move)
    later = by_id(parse_svg(state.view(None)))
    assert stone_ids[0] in later
    assert later[stone_ids[0]].get("transform") == first[stone_ids[0]].get("transform")
    assert len([i for i in later if i.startswith("stone-")]) == 4


def test_each_stone_shows_its_species_and_its_player() -> None:
    # Black's 3-line E3-E5 and White's 3-bend: letters L and v, rings in each species' colour
    state = position(black=["E3", "E4", "E5"], white=["C0", "C1", "D2"])
    root = parse_svg(state.view(None))
    stones = [e for e in root.iter(f"{SVG}g") if e.get("id", "").startswith("stone-")]
    letters = sorted("".join(e.itertext()).split(")")[-1] for e in stones)
    assert letters == ["L", "L", "L", "V", "V", "V"]
    fills = {e.find(f"{SVG}circle").get("fill") for e in stones}  # type: ignore[union-attr]
    assert fills == {"url(#gradient-black)", "url(#gradient-white)"}
    rings = {e.find(f"{SVG}circle").get("stroke") for e in stones}  # type: ignore[union-attr]
    assert len(rings) == 2
    assert any("3-line (eats 3-bend)" in "".join(e.itertext()) for e in stones)


def test_the_food_chain_is_drawn_with_every_species() -> None:
    text = "".join(parse_svg(GAME.new_state(2, None, 0).view(None)).itertext())
    assert all(species.value in text for species in Species)


def test_the_last_stone_and_the_stones_it_ate_are_marked() -> None:
    # the 3-line completed at E4 eats the 3-bend C0-C1-D2; the eaten stones are drawn faded
    # under their old ids, and are gone after the next move
    state = position(black=["E3", "E5"], white=["C0", "C1", "D2"])
    eaten_ids = {stone for c in state.view(None)["critters"] if c["seat"] == 1 for stone in c["stones"]}
    state.apply(0, "E4")
    elements = by_id(parse_svg(state.view(None)))
    assert eaten_ids <= set(elements)
    assert all(elements[i].get("opacity") for i in eaten_ids)
    ring = elements["last-move-ring"]
    e4 = elements["cell-e4"].get("points", "").split()
    xs = [float(point.split(",")[0]) for point in e4]
    assert min(xs) < float(ring.get("cx", "0")) < max(xs)
    state.apply(1, "I8")
    assert not eaten_ids & set(by_id(parse_svg(state.view(None))))


def test_the_text_board_keeps_the_hexagon_and_names_the_species() -> None:
    state = position(black=["E3", "E4", "E5"], white=["A0", "I8"])
    text = GAME.draw_text(state.view(None))
    assert text.splitlines()[1:11] == [
        "         0 1 2 3 4",
        "A       o . . . . 5",
        "B      . . . . . . 6",
        "C     . . . . . . . 7",
        "D    . . . . . . . . 8",
        "E   . . . L L L . . .",
        "F    . . . . . . . .",
        "G     . . . . . . .",
        "H      . . . . . .",
        "I       . . . . o",
    ]
    assert text.startswith("Player 1 (Black) to place a stone")
    assert GAME.draw_text(state.view(None)) == text
