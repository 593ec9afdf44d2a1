"""A player's 4×4 garden and the order invariant INV (2.2, 2.3 and R4 in rules/luckynumbers.md).

A garden is a list of 16 tiles indexed by cell `4 * row + column` (row 0 on top, column 0 on
the left), `NO_TILE` for an empty cell. Every row increases strictly to the right and every
column strictly downwards, over filled cells only: gaps are allowed (INV). So a number fits a
cell exactly when it is above every filled cell to its left or above it and below every filled
cell to its right or below it; the cell's own tile does not count, which makes the same test
serve placements on empty cells and exchanges (R4a, R4b).

One exception, decided where the rules are silent: a tile is never exchanged for one of the
same number. Such an exchange leaves the garden as it was (a pass in disguise), and with it
every number would always fit somewhere, so the unplaceable tiles of R3 and of scenarios 7
and 8 in the rules file could not exist. (Walk from (0,0), stepping to a filled cell right
of or below the current one whose number is at most n while there is one. Where the walk
stops, everything left and above is below n and everything right and below is above it, so
n fits there, if only by replacing an n.)
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.luckynumbers.tiles import NO_TILE, NUMBER_OF, NUMBERS, Tile

Cell = int
Garden = list[Tile]

SIDE = 4
CELLS = SIDE * SIDE
DIAGONAL: tuple[Cell, ...] = tuple(SIDE * index + index for index in range(SIDE))
"""The start cells (0,0), (1,1), (2,2), (3,3) of 2.2."""
LOWEST_BOUND = 0
HIGHEST_BOUND = NUMBERS + 1


def cell_of(row: int, column: int) -> Cell:
    """The index of the cell (row, column)."""
    return SIDE * row + column


def cell_name(cell: Cell) -> str:
    """Row then column as two digits, the notation's way of naming a cell (2.2).

    >>> cell_name(cell_of(1, 2))
    '12'
    """
    return f"{cell // SIDE}{cell % SIDE}"


def cell_label(cell: Cell) -> str:
    """The cell as people read it in the rules file: "(row,column)".

    >>> cell_label(6)
    '(1,2)'
    """
    return f"({cell // SIDE},{cell % SIDE})"


def _neighbourhoods() -> tuple[tuple[tuple[Cell, ...], ...], tuple[tuple[Cell, ...], ...]]:
    """For every cell, the cells that must hold smaller numbers and those that must hold larger."""
    smaller, larger = [], []
    for cell in range(CELLS):
        row, column = divmod(cell, SIDE)
        smaller.append(
            tuple(cell_of(row, c) for c in range(column)) + tuple(cell_of(r, column) for r in range(row))
        )
        larger.append(
            tuple(cell_of(row, c) for c in range(column + 1, SIDE))
            + tuple(cell_of(r, column) for r in range(row + 1, SIDE))
        )
    return tuple(smaller), tuple(larger)


SMALLER_CELLS, LARGER_CELLS = _neighbourhoods()
"""Cells left of or above each cell (their numbers must be lower), and right of or below it."""


def empty_garden() -> Garden:
    """A garden with no tile on it."""
    return [NO_TILE] * CELLS


def bounds(garden: Sequence[Tile], cell: Cell) -> tuple[int, int]:
    """(low, high): a number fits `cell` when low < number < high (INV, R4).

    >>> garden = empty_garden()
    >>> garden[0], garden[3] = 1, 10  # tiles yellow-2 and yellow-11 on row 0
    >>> bounds(garden, 1), bounds(garden, 3)
    ((2, 11), (2, 21))
    """
    low = LOWEST_BOUND
    for other in SMALLER_CELLS[cell]:
        tile = garden[other]
        if tile != NO_TILE and NUMBER_OF[tile] > low:
            low = NUMBER_OF[tile]
    high = HIGHEST_BOUND
    for other in LARGER_CELLS[cell]:
        tile = garden[other]
        if tile != NO_TILE and NUMBER_OF[tile] < high:
            high = NUMBER_OF[tile]
    return low, high


def fits(garden: Sequence[Tile], number: int, cell: Cell) -> bool:
    """Whether `number` may go on `cell`, empty or occupied (R4: the replaced tile no longer counts).

    >>> garden = empty_garden()
    >>> garden[5] = 8  # yellow-9 on (1,1)
    >>> fits(garden, 12, 5), fits(garden, 9, 5), fits(garden, 9, 6)
    (True, False, False)
    """
    low, high = bounds(garden, cell)
    return low < number < high and (garden[cell] == NO_TILE or NUMBER_OF[garden[cell]] != number)


def filled_count(garden: Sequence[Tile]) -> int:
    """How many cells hold a tile (R8, R9, R10 count them)."""
    return CELLS - garden.count(NO_TILE)


def is_ordered(garden: Sequence[Tile]) -> bool:
    """Whether the whole garden satisfies INV (used to validate stored positions)."""
    for cell in range(CELLS):
        low, high = bounds(garden, cell)
        if garden[cell] != NO_TILE and not low < NUMBER_OF[garden[cell]] < high:
            return False
    return True
