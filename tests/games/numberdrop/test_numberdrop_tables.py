"""The tables and shortcuts move generation uses agree with the plain rules they stand for.

`fitting_placements` reads seven blocking tables instead of landing each placement (R5, R6);
`cells_with_two_neighbours` lets the combination search skip digits without three connected
cells (R22). Each is checked here against the direct computation on many positions.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.numberdrop.board import (
    CELLS,
    HEIGHT,
    NEIGHBOURS,
    ORIENTATIONS,
    WIDTH,
    cells_with_two_neighbours,
)
from tabletop.games.numberdrop.rules import (
    PLACEMENTS,
    drop_ids,
    landed_cells,
    placements,
    possible_digit_strings,
)

column_tops = st.lists(st.integers(min_value=-1, max_value=HEIGHT - 1), min_size=WIDTH, max_size=WIDTH)


@settings(max_examples=300)
@given(column_tops)
def test_fitting_placements_are_those_that_land_within_the_grid(tops: list[int]) -> None:
    # R5, R6: a placement fits exactly when the dropped shape comes to rest below row 15.
    for shape in ORIENTATIONS:
        landing = [placement for placement in PLACEMENTS[shape] if landed_cells(tops, *placement) is not None]
        assert list(placements(tops, shape)) == landing


@settings(max_examples=100)
@given(column_tops, st.sampled_from("IOTLS"))
def test_drop_ids_follow_the_fitting_placements_in_order(tops: list[int], shape: str) -> None:
    # R16–R19: each fitting placement with every arrangement of the digits, placement by placement.
    ids = drop_ids(tops, shape, (3, 1, 1, 5))
    expected = [
        f"{orientation.name}@{'abcdefg'[column]}:{order}"
        for orientation, column in placements(tops, shape)
        for order in (
            "1135",
            "1153",
            "1315",
            "1351",
            "1513",
            "1531",
            "3115",
            "3151",
            "3511",
            "5113",
            "5131",
            "5311",
        )
    ]
    assert ids == expected


def test_the_kept_drop_tables_are_bounded() -> None:
    # `drop_table` keeps every table it makes: the dice allow 680 sorted digit strings (R16–R18),
    # so at most 3,400 tables of the five tetrominoes exist.
    assert len({"".join(sorted(string)) for string in possible_digit_strings()}) == 680


def _largest_component(cells: int) -> int:
    """The size of the largest orthogonally connected part of a bit set of cells, by search."""
    members = {cell for cell in range(CELLS) if cells >> cell & 1}
    largest = 0
    while members:
        frontier = [members.pop()]
        size = 0
        while frontier:
            cell = frontier.pop()
            size += 1
            for other in NEIGHBOURS[cell]:
                if other in members:
                    members.remove(other)
                    frontier.append(other)
        largest = max(largest, size)
    return largest


@settings(max_examples=500)
@given(st.sets(st.integers(min_value=0, max_value=CELLS - 1), max_size=30))
def test_a_cell_with_two_neighbours_exists_exactly_when_three_cells_connect(members: set[int]) -> None:
    # R22: a group of three identical digits needs three connected cells.
    cells = sum(1 << cell for cell in members)
    middles = cells_with_two_neighbours(cells)
    assert middles & ~cells == 0
    assert (middles != 0) == (_largest_component(cells) >= 3)
