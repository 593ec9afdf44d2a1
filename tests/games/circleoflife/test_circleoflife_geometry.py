"""The 61-cell hexagon (§2.1) and the recognition of the 12 species (§2.3, section 6 scenario 12).

The expected values come from the rules file and from `circleoflife_reference`, which finds
shapes and symmetries its own way (sets of (row, column) pairs, linear maps, the "fast
classification" of §2.3), never from the engine's table.
"""

from __future__ import annotations

import pytest
from circleoflife_reference import (
    ALL_CELLS,
    classify,
    fixed_polyhexes,
    free_polyhexes,
    images,
    name,
    neighbours,
    on_board,
)

from tabletop.games.circleoflife.geometry import (
    BOARD,
    CELL_BY_NAME,
    CELLS,
    SHAPES,
    Species,
    adjacent_to,
    cell_name,
    cell_set,
    cells_of,
    critters,
    species_of,
)


def cells_named(cell_set_value: int) -> set[str]:
    return {cell_name(cell) for cell in cells_of(cell_set_value)}


# The board (§2.1) -------------------------------------------------------------------------------


def test_the_board_has_61_cells_in_rows_of_5_to_9() -> None:
    # §2.1: rows A..I of 5, 6, 7, 8, 9, 8, 7, 6, 5 cells; A0-A4, E0-E8, I4-I8
    assert len(CELLS) == BOARD.bit_count() == 61
    rows = [sorted(int(n[1:]) for n in CELL_BY_NAME if n[0] == letter) for letter in "ABCDEFGHI"]
    assert [len(row) for row in rows] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    assert rows[0] == [0, 1, 2, 3, 4] and rows[4] == list(range(9)) and rows[8] == [4, 5, 6, 7, 8]
    assert set(CELL_BY_NAME) == {name(cell) for cell in ALL_CELLS}


@pytest.mark.parametrize("cell", ALL_CELLS, ids=name)
def test_each_cell_touches_exactly_its_neighbours_of_the_rules(cell: tuple[int, int]) -> None:
    # §2.1: the six neighbours (r, c±1), (r-1, c-1), (r-1, c), (r+1, c), (r+1, c+1) on the board
    around = adjacent_to(cell_set(name(cell)))
    assert cells_named(around) == {name(other) for other in neighbours(cell)}


def test_corner_and_centre_cells_have_three_and_six_neighbours() -> None:
    # §2.1: checked by hand: A0 touches A1, B0, B1; E4 touches D3, D4, E3, E5, F4, F5
    assert cells_named(adjacent_to(cell_set("A0"))) == {"A1", "B0", "B1"}
    assert cells_named(adjacent_to(cell_set("E4"))) == {"D3", "D4", "E3", "E5", "F4", "F5"}
    assert cells_named(adjacent_to(cell_set("I8"))) == {"I7", "H7", "H8"}


def test_critters_are_the_edge_connected_groups() -> None:
    # §1: a critter is an edge-connected group of one colour
    stones = cell_set("A0", "A1", "B1", "E4", "E5", "I8")
    assert sorted(sorted(cells_named(critter)) for critter in critters(stones)) == [
        ["A0", "A1", "B1"],
        ["E4", "E5"],
        ["I8"],
    ]


# Polyhexes (§2.3) --------------------------------------------------------------------------------


def test_there_are_1_1_3_7_free_polyhexes_of_size_1_to_4() -> None:
    # §2.3: 12 species; independently, fixed polyhexes number 1, 3, 11, 44 and free ones
    # 1, 1, 3, 7 (OEIS A001207 and A000228)
    assert [len(fixed_polyhexes(size)) for size in (1, 2, 3, 4)] == [1, 3, 11, 44]
    assert [len(free_polyhexes(size)) for size in (1, 2, 3, 4)] == [1, 1, 3, 7]
    assert len(SHAPES) == len(Species) == 12


def test_the_fast_classification_agrees_with_the_symmetry_classes() -> None:
    # §2.3: the reference's two methods (symmetry classes, fast classification) agree
    for size in (1, 2, 3, 4):
        for shape in fixed_polyhexes(size):
            assert classify(shape) == classify(min(images(shape)))
        assert len({classify(shape) for shape in free_polyhexes(size)}) == len(free_polyhexes(size))


def test_the_twelve_base_shapes_are_the_twelve_free_polyhexes() -> None:
    # section 6 scenario 12: the base shapes of §2.3 are pairwise distinct, and named as the rules name them
    classes = [min(images(offsets)) for offsets in SHAPES.values()]
    assert len(set(classes)) == 12
    assert set(classes) == set().union(*(free_polyhexes(size) for size in (1, 2, 3, 4)))
    assert all(classify(offsets) == species.value for species, offsets in SHAPES.items())


@pytest.mark.parametrize("species", list(Species), ids=lambda species: species.value)
def test_every_rotation_and_mirror_image_is_the_same_species(species: Species) -> None:
    # section 6 scenario 12: the 12 symmetries of each shape, placed on the board, are that species
    for image in images(SHAPES[species]):
        placed = [(row + 3, column + 3) for row, column in image]
        assert all(on_board(cell) for cell in placed)
        assert species_of(cell_set(*(name(cell) for cell in placed))) is species


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_every_fixed_polyhex_anywhere_on_the_board_is_recognised(size: int) -> None:
    # §2.3: each of the 1 + 3 + 11 + 44 orientations, at every place it fits on the board
    checked = 0
    for shape in fixed_polyhexes(size):
        expected = classify(shape)
        for row in range(9):
            for column in range(-3, 9):
                placed = [(row + dr, column + dc) for dr, dc in shape]
                if all(on_board(cell) for cell in placed):
                    assert species_of(cell_set(*(name(cell) for cell in placed))).value == expected
                    checked += 1
    assert checked > 20 * len(fixed_polyhexes(size))


def test_the_drawings_of_the_rules_file() -> None:
    # §2.3, drawn with x = 2c - r: "o o o" above " o" under its last two is a key; one
    # further right, under the end only, it is a sled; a chevron is a 3-bend
    assert species_of(cell_set("E2", "E3", "E4", "F4")) is Species.KEY
    assert species_of(cell_set("E2", "E3", "E4", "F5")) is Species.SLED
    assert species_of(cell_set("D4", "E3", "E4")) is Species.BEND_3
    assert species_of(cell_set("D3", "E3", "F3")) is Species.LINE_3  # a column is a line too
    assert species_of(cell_set("C2", "D3", "D4", "E3")) is Species.PROPELLER
