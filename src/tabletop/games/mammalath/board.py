"""The Mammalath board: 36 cells, their names, the 80 triples and the six animal kinds.

Section 2 of rules/mammalath.md. Cell (r, c) of the rules file (r counted from the top,
c from the left) is index `6·r + c` and is named by its column letter and row number with
row 1 at the TOP: (0, 0) is "A1", (2, 3) is "D3", (5, 5) is "F6", so the rules' coordinates
read straight off the names. Sets of cells are 36-bit masks (bit i = cell i), which makes
"do all three cells of this triple hold an animal / a token of mine" one AND and one compare.

>>> CELL_NAMES[0], CELL_NAMES[cell_at(2, 3)], CELL_NAMES[35]
('A1', 'D3', 'F6')
>>> len(TRIPLES), line_name(TRIPLES.index((0, 7, 14)))
(80, 'A1-C3')
"""

from __future__ import annotations

SIZE = 6
CELL_COUNT = SIZE * SIZE
FULL = (1 << CELL_COUNT) - 1
"""The mask of every cell."""

KINDS = ("armadillo", "badger", "cougar", "deer", "elephant", "fox")
"""The six animal kinds of section 2.1 in the rulebook's order (red, orange, yellow, green, blue, violet)."""
ANIMALS_PER_KIND = 6
TOKENS_PER_PLAYER = 18

COLOURS = ("black", "white")
"""Seat 0 plays black and seat 1 white; who starts is drawn separately (section 2.3)."""

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
"""The line directions of section 2.2: a triple runs p, p+d, p+2d in one of them."""

COLUMN_LETTERS = "ABCDEF"


def cell_at(row: int, column: int) -> int:
    """The index of the rules file's cell (row, column)."""
    return SIZE * row + column


def row_of(cell: int) -> int:
    """The rules file's r of a cell (0 = top row)."""
    return cell // SIZE


def column_of(cell: int) -> int:
    """The rules file's c of a cell (0 = left column)."""
    return cell % SIZE


CELL_NAMES: tuple[str, ...] = tuple(
    f"{COLUMN_LETTERS[column_of(cell)]}{row_of(cell) + 1}" for cell in range(CELL_COUNT)
)
CELL_OF_NAME: dict[str, int] = {name: cell for cell, name in enumerate(CELL_NAMES)}


def _triples() -> tuple[tuple[int, int, int], ...]:
    """Every triple p, p+d, p+2d on the board, by starting cell then direction (section 2.2)."""
    found = []
    for row in range(SIZE):
        for column in range(SIZE):
            for d_row, d_column in DIRECTIONS:
                end_row, end_column = row + 2 * d_row, column + 2 * d_column
                if 0 <= end_row < SIZE and 0 <= end_column < SIZE:
                    middle = cell_at(row + d_row, column + d_column)
                    found.append((cell_at(row, column), middle, cell_at(end_row, end_column)))
    return tuple(found)


TRIPLES = _triples()
TRIPLE_MASKS: tuple[int, ...] = tuple((1 << a) | (1 << b) | (1 << c) for a, b, c in TRIPLES)
TRIPLES_THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(index for index, triple in enumerate(TRIPLES) if cell in triple) for cell in range(CELL_COUNT)
)
"""For each cell, the indices of the triples it belongs to (3 to 12 of them)."""


def line_name(triple: int) -> str:
    """A triple named by its two ends, starting cell first: "A1-C3"."""
    start, _, end = TRIPLES[triple]
    return f"{CELL_NAMES[start]}-{CELL_NAMES[end]}"


def cells_of(mask: int) -> list[int]:
    """The cells of a mask, in index order.

    >>> cells_of(0b100101)
    [0, 2, 5]
    """
    return [cell for cell in range(CELL_COUNT) if mask >> cell & 1]
