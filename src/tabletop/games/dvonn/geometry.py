"""The 49-space DVONN board: cells, names, neighbours, straight lines (section 2 of rules/dvonn.md).

A cell is an index 0…48 into `CELLS`, ordered by row (y) and then by column (x), so A1 is 0
and K5 is 48. Coordinates follow section 2.1 of the rules file: row y = 0…4 has the columns
`ROW_COLUMNS[y]`, and a cell is named by its column letter and row number ("C3" is x = 2,
y = 2). Everything here is computed once at import so that move generation only looks
tables up.

>>> len(CELLS), NAMES[0], NAMES[-1], INDEX["C3"]
(49, 'A1', 'K5', 21)
>>> sorted(NAMES[n] for n in NEIGHBOURS[INDEX["A1"]])
['A2', 'B1', 'B2']
"""

from __future__ import annotations

CELL_COUNT = 49
COLUMN_LETTERS = "ABCDEFGHIJK"
ROW_COLUMNS: tuple[range, ...] = (range(0, 9), range(0, 10), range(0, 11), range(1, 11), range(2, 11))
"""The x range of each row y (section 2.1): rows of 9, 10, 11, 10 and 9 spaces."""

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1))
"""The six unit steps of section 2.2; the three axes are same y, same x, same x − y."""

Cell = int


def _cells() -> tuple[tuple[int, int], ...]:
    return tuple((x, y) for y, columns in enumerate(ROW_COLUMNS) for x in columns)


CELLS: tuple[tuple[int, int], ...] = _cells()
INDEX_OF_COORDINATES: dict[tuple[int, int], Cell] = {xy: cell for cell, xy in enumerate(CELLS)}
NAMES: tuple[str, ...] = tuple(f"{COLUMN_LETTERS[x]}{y + 1}" for x, y in CELLS)
INDEX: dict[str, Cell] = {name: cell for cell, name in enumerate(NAMES)}


def _ray(cell: Cell, step: tuple[int, int]) -> tuple[Cell, ...]:
    """The cells met walking from `cell` in one direction until the edge, nearest first."""
    x, y = CELLS[cell]
    found: list[Cell] = []
    while (x + step[0], y + step[1]) in INDEX_OF_COORDINATES:
        x, y = x + step[0], y + step[1]
        found.append(INDEX_OF_COORDINATES[(x, y)])
    return tuple(found)


RAYS: tuple[tuple[tuple[Cell, ...], ...], ...] = tuple(
    tuple(ray for step in DIRECTIONS if (ray := _ray(cell, step))) for cell in range(CELL_COUNT)
)
"""For each cell, the non-empty rays in the six directions: a stack of height h lands on ray[h − 1]."""

NEIGHBOURS: tuple[tuple[Cell, ...], ...] = tuple(tuple(ray[0] for ray in rays) for rays in RAYS)

LONGEST_JUMP = 10
JUMPS: tuple[tuple[tuple[Cell, ...], ...], ...] = tuple(
    tuple(
        tuple(ray[distance - 1] for ray in rays if len(ray) >= distance)
        for distance in range(LONGEST_JUMP + 1)
    )
    for rays in RAYS
)
"""JUMPS[cell][h]: the cells exactly h steps away on a line (h = 1…10; taller stacks reach none).

>>> [NAMES[cell] for cell in JUMPS[INDEX["A1"]][4]]
['E1', 'A5', 'E5']
"""
"""The on-board neighbours of each cell (3 at the corners, 4 on the other border cells, 6 inside)."""

FULL_NEIGHBOURHOOD = 6
BORDER: frozenset[Cell] = frozenset(
    cell for cell in range(CELL_COUNT) if len(NEIGHBOURS[cell]) < FULL_NEIGHBOURHOOD
)
"""The 24 border cells: a stack there can never be surrounded (DV-R2)."""


def _lines() -> tuple[tuple[Cell, ...], ...]:
    """Every maximal straight line: walk each axis from the cells that have no predecessor on it."""
    lines: list[tuple[Cell, ...]] = []
    for step in DIRECTIONS[0::2]:
        backwards = (-step[0], -step[1])
        for cell in range(CELL_COUNT):
            if not _ray(cell, backwards):
                lines.append((cell, *_ray(cell, step)))
    return tuple(lines)


LINES: tuple[tuple[Cell, ...], ...] = _lines()
"""The 27 straight lines of the board (section 2.2), each from one edge to the other."""


def name_of(cell: Cell) -> str:
    """The cell's name in the rules' notation ("C3").

    >>> name_of(21)
    'C3'
    """
    return NAMES[cell]


def element_id(cell: Cell) -> str:
    """The drawing's element id of a cell ("cell-c3"), which action paths name.

    >>> element_id(INDEX["K5"])
    'cell-k5'
    """
    return f"cell-{NAMES[cell].lower()}"
