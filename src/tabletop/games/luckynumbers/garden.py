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
from functools import lru_cache

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


_ALL_NUMBERS = sum(1 << number for number in range(LOWEST_BOUND + 1, HIGHEST_BOUND))
_ABOVE = tuple(_ALL_NUMBERS & ~((1 << (low + 1)) - 1) for low in range(HIGHEST_BOUND + 1))
"""`_ABOVE[low]`: the numbers greater than low, as a bit mask."""
_BELOW = tuple(_ALL_NUMBERS & ((1 << high) - 1) for high in range(HIGHEST_BOUND + 1))
"""`_BELOW[high]`: the numbers less than high."""
_OTHER_THAN = (_ALL_NUMBERS, *(_ALL_NUMBERS & ~(1 << number) for number in range(1, HIGHEST_BOUND)))
"""`_OTHER_THAN[number]`: every number but that one (0: every number)."""
FIELD_WIDTH = HIGHEST_BOUND
"""Bits per cell in a fit table: bit n of a cell's field stands for number n (bit 0 is unused)."""
CELL_UNITS = sum(1 << FIELD_WIDTH * cell for cell in range(CELLS))
"""Bit 0 of every cell's field: `(table >> n) & CELL_UNITS` is the set of cells number n fits."""
FIELD_MASK = (1 << FIELD_WIDTH) - 1
_NUMBER_OR_NONE: dict[Tile, int] = {NO_TILE: 0, **dict(enumerate(NUMBER_OF))}
"""The number on each tile, 0 for an empty cell."""


def _line_masks(numbers: tuple[int, ...]) -> tuple[int, ...]:
    """For one row or column (its numbers in order, 0 = empty), what each of its cells may take.

    A cell's own number is left out (no exchange for the same number). It leans on INV holding
    already: along a line the largest filled number before a cell is the nearest one, and the
    smallest after it the nearest one after.
    """
    first, second, third, fourth = numbers
    low_of_third = second or first
    high_of_second = third or fourth or HIGHEST_BOUND
    return (
        _OTHER_THAN[first] & _BELOW[second or high_of_second],
        _OTHER_THAN[second] & _ABOVE[first] & _BELOW[high_of_second],
        _OTHER_THAN[third] & _ABOVE[low_of_third] & _BELOW[fourth or HIGHEST_BOUND],
        _OTHER_THAN[fourth] & _ABOVE[third or low_of_third],
    )


class _LineTable(dict[tuple[int, ...], int]):
    """One row's or column's fields of a fit table, by the numbers on that line, made on first use.

    Why a memo: an ordered line (INV) holds one of only 10,626 patterns of numbers and gaps, so
    after a few games every answer is a dictionary lookup, and the table cannot grow past that.
    """

    def __init__(self, cells: tuple[Cell, ...]) -> None:
        super().__init__()
        self.shifts = tuple(FIELD_WIDTH * cell for cell in cells)

    def __missing__(self, numbers: tuple[int, ...]) -> int:
        fields = 0
        for shift, mask in zip(self.shifts, _line_masks(numbers), strict=True):
            fields |= mask << shift
        self[numbers] = fields
        return fields


_ROW_TABLES = tuple(_LineTable(tuple(range(SIDE * row, SIDE * row + SIDE))) for row in range(SIDE))
_COLUMN_TABLES = tuple(_LineTable(tuple(range(column, CELLS, SIDE))) for column in range(SIDE))


def fit_table(garden: Sequence[Tile]) -> int:
    """Which numbers fit which cells, as `fits` says, packed in one int: bit `FIELD_WIDTH * cell + n`.

    It is the hot path of move generation: a cell allows what its row's fields allow and its
    column's too, so the table is (the four rows' fields) AND (the four columns' fields), each
    a lookup in a `_LineTable`. One int answers "where does n go" with a shift and a mask.
    Answers are remembered too, since searches meet the same gardens again and again.

    >>> table = fit_table(empty_garden())
    >>> table >> FIELD_WIDTH * 5 & FIELD_MASK == sum(1 << number for number in range(1, 21))
    True
    """
    return _fit_table(tuple(garden))


@lru_cache(maxsize=1 << 13)
def _fit_table(garden: tuple[Tile, ...]) -> int:
    numbers = tuple(map(_NUMBER_OR_NONE.__getitem__, garden))
    row_0, row_1, row_2, row_3 = _ROW_TABLES
    column_0, column_1, column_2, column_3 = _COLUMN_TABLES
    rows = row_0[numbers[0:4]] | row_1[numbers[4:8]] | row_2[numbers[8:12]] | row_3[numbers[12:16]]
    columns = (
        column_0[numbers[0::4]] | column_1[numbers[1::4]] | column_2[numbers[2::4]] | column_3[numbers[3::4]]
    )
    return rows & columns


def fitting_masks(garden: Sequence[Tile]) -> tuple[int, ...]:
    """Per cell, a bit mask of the numbers that fit it (bit n set for number n), as `fits` says.

    The evaluator's view of `fit_table`, one mask per cell; answers are remembered, since
    searches judge the same gardens again and again.

    >>> masks = fitting_masks(empty_garden())
    >>> masks[0] == sum(1 << number for number in range(1, 21))
    True
    """
    return _fitting_masks(tuple(garden))


@lru_cache(maxsize=1 << 13)
def _fitting_masks(garden: tuple[Tile, ...]) -> tuple[int, ...]:
    table = _fit_table(garden)
    return tuple(table >> FIELD_WIDTH * cell & FIELD_MASK for cell in range(CELLS))


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
