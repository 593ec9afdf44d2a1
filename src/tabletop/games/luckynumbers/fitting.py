"""Which numbers fit which cells of a garden, all at once: the fit table.

INV and R4 in docs/rules/luckynumbers.md. `rules.fits` answers for one number and one
cell, which is what `rules.why_not` needs to say why a move is illegal (`is_legal` looks the
id up among the listed ones). Listing a turn's moves asks it of every cell for the tile in
hand or for every number on the table, hundreds of thousands of times a second in a search,
so this module answers for the whole garden at once, in one int:

- A fit table has a field of `FIELD_WIDTH` bits per cell, bit n of the field of `cell` (bit
  `FIELD_WIDTH * cell + n`) set when number n fits that cell as `rules.fits` says.
  `(table >> n) & CELL_UNITS` is then the set of cells where n fits, one bit per field.
- A cell takes what its row allows AND what its column allows, so the table is the AND of
  the rows' fields and the columns' fields, and each line's fields depend only on the numbers
  on that line: they are looked up in a memo (`_LineFields`, one for rows, one for columns).
- A move changes one cell, hence one row and one column: `refit` updates those two lines'
  fields of a `GardenFits` instead of looking up all eight (the state keeps one per garden).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from tabletop.games.luckynumbers.board import (
    CELLS,
    HIGHEST_BOUND,
    LOWEST_BOUND,
    NO_TILE,
    NUMBER_OF,
    SIDE,
    Cell,
    Tile,
    numbers_of,
)

GardenFits = tuple[Sequence[Tile], bytes, int, int]
"""A garden (the very list the state holds, so that a garden replaced by another one is noticed
by identity), its numbers (`numbers_of`), its rows' fields and its columns' fields; the AND of
the last two is its fit table."""
UNKNOWN_FITS: GardenFits = ((), b"", 0, 0)
"""Fits that describe no garden, to be computed on first use."""

FIELD_WIDTH = HIGHEST_BOUND
"""Bits per cell in a fit table: bit n of a cell's field stands for number n (bit 0 is unused)."""
FIELD_MASK = (1 << FIELD_WIDTH) - 1
CELL_UNITS = sum(1 << FIELD_WIDTH * cell for cell in range(CELLS))
"""Bit 0 of every cell's field: `(table >> n) & CELL_UNITS` is the set of cells number n fits."""
ALL_FIELDS = CELL_UNITS * FIELD_MASK
"""Every bit of every cell's field."""

_NUMBER_BYTES = tuple(bytes((number,)) for number in range(HIGHEST_BOUND))
"""Each number (0 for an empty cell) as a one-byte `numbers_of`."""
_ALL_NUMBERS = sum(1 << number for number in range(LOWEST_BOUND + 1, HIGHEST_BOUND))
_ABOVE = tuple(_ALL_NUMBERS & ~((1 << (low + 1)) - 1) for low in range(HIGHEST_BOUND + 1))
"""`_ABOVE[low]`: the numbers greater than low, as a bit mask."""
_BELOW = tuple(_ALL_NUMBERS & ((1 << high) - 1) for high in range(HIGHEST_BOUND + 1))
"""`_BELOW[high]`: the numbers less than high."""
_OTHER_THAN = (_ALL_NUMBERS, *(_ALL_NUMBERS & ~(1 << number) for number in range(1, HIGHEST_BOUND)))
"""`_OTHER_THAN[number]`: every number but that one (0: every number)."""


def _line_masks(numbers: bytes) -> tuple[int, ...]:
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


class _LineFields(dict[bytes, int]):
    """The fields of the top row (or of the left column) by the numbers on it, made on first use.

    Another row or column has the same fields, shifted. Why a memo: an ordered line (INV) holds
    one of only 10,626 patterns of numbers and gaps, so after a few games every answer is a
    dictionary lookup, and the memo cannot grow past that (two memos, not eight: the fewer
    entries, the more of them stay in the processor's cache).
    """

    def __init__(self, cells: range) -> None:
        super().__init__()
        self.shifts = tuple(FIELD_WIDTH * cell for cell in cells)

    def __missing__(self, numbers: bytes) -> int:
        fields = 0
        for shift, mask in zip(self.shifts, _line_masks(numbers), strict=True):
            fields |= mask << shift
        self[numbers] = fields
        return fields


class _Line(NamedTuple):
    """A row or a column: its fields are `fields[numbers[cells]] << shift`; `others` masks the rest."""

    fields: _LineFields
    cells: slice
    shift: int
    others: int

    @classmethod
    def of(cls, fields: _LineFields, first_cell: Cell, step: int) -> _Line:
        """The line of `SIDE` cells from `first_cell`, `step` apart (1: a row, `SIDE`: a column)."""
        cells = range(first_cell, first_cell + step * SIDE, step)
        own = sum(FIELD_MASK << FIELD_WIDTH * cell for cell in cells)
        return cls(fields, slice(cells.start, cells.stop, step), FIELD_WIDTH * first_cell, ALL_FIELDS & ~own)


_ROW_FIELDS = _LineFields(range(SIDE))
_COLUMN_FIELDS = _LineFields(range(0, CELLS, SIDE))
_ROWS = tuple(_Line.of(_ROW_FIELDS, SIDE * row, 1) for row in range(SIDE))
_COLUMNS = tuple(_Line.of(_COLUMN_FIELDS, column, SIDE) for column in range(SIDE))
_LINES_THROUGH = tuple((_ROWS[cell // SIDE], _COLUMNS[cell % SIDE]) for cell in range(CELLS))
"""The row and the column of each cell."""


@lru_cache(maxsize=1 << 13)
def garden_fits(garden: tuple[Tile, ...]) -> GardenFits:
    """The numbers, the rows' and the columns' fields of a whole garden (see the module docstring).

    Remembered, since searches meet the same gardens again and again: every determinization
    or clone of a position starts from the same gardens.

    >>> from tabletop.games.luckynumbers.board import empty_garden
    >>> table = fit_table(garden_fits(tuple(empty_garden())))
    >>> table >> FIELD_WIDTH * 5 & FIELD_MASK == sum(1 << number for number in range(1, 21))
    True
    """
    numbers = numbers_of(garden)
    rows = columns = 0
    for row, column in zip(_ROWS, _COLUMNS, strict=True):
        rows |= row.fields[numbers[row.cells]] << row.shift
        columns |= column.fields[numbers[column.cells]] << column.shift
    return garden, numbers, rows, columns


def refit(fits: GardenFits, garden: Sequence[Tile], cell: Cell) -> GardenFits:
    """The fits of `garden`, which differs from the one `fits` describes at most on `cell`.

    Only the row and the column through that cell have other numbers, so only their fields
    are looked up again, and only that cell's number is read.

    >>> from tabletop.games.luckynumbers.board import empty_garden
    >>> before, after = empty_garden(), empty_garden()
    >>> after[6] = 26  # red-7 on (1,2)
    >>> refit(garden_fits(tuple(before)), tuple(after), 6) == garden_fits(tuple(after))
    True
    """
    row, column = _LINES_THROUGH[cell]
    tile = garden[cell]
    before = fits[1]
    numbers = before[:cell] + _NUMBER_BYTES[NUMBER_OF[tile] if tile != NO_TILE else 0] + before[cell + 1 :]
    rows = fits[2] & row.others | row.fields[numbers[row.cells]] << row.shift
    columns = fits[3] & column.others | column.fields[numbers[column.cells]] << column.shift
    return garden, numbers, rows, columns


def fit_table(fits: GardenFits) -> int:
    """The fit table: bit `FIELD_WIDTH * cell + n` is set when number n fits `cell`."""
    return fits[2] & fits[3]
