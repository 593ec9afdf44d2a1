"""The 61-cell hexagon of Circle of Life, its critters and species, and the notation.

Board: §2.1 of docs/rules/circleoflife.md. Cell `(r, c)` (row letter A..I = r 0..8, column c)
exists when `0 <= r, c <= 8` and `|c - r| <= 4`; its neighbours are `(r, c±1)`,
`(r-1, c-1)`, `(r-1, c)`, `(r+1, c)` and `(r+1, c+1)`.

Cells are numbered `9 * r + c`, so a set of cells is a Python int with one bit per cell (a
bitboard) and the whole board fits in 81 bits, 20 of which (the corners of the 9 x 9
square outside the hexagon) are never set. Shifting a set by 1, 9 or 10 moves every cell
to one neighbour; a shift that wraps from the end of one row to the start of another
always lands on one of those 20 unused numbers, which `BOARD` masks away, so no guard
column is needed (`test_circleoflife_rules.py` checks every cell against §2.1).

Species: §2.3. A critter (edge-connected group of one colour) of 1 to 4 stones is one of
the 12 free polyhexes; `species_of` recognises it by looking up its shape, moved so that
its first cell sits at number 0, in a table of every rotation and mirror image of the 12
shapes of §2.3. The recogniser depends on the cell numbering, which is why it lives here.

Notation (§2.1): an action is the name of the cell to place on, row letter and column
("E4"); in the browser it is one click on the cell, drawn as "cell-e4".
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from enum import Enum
from functools import cache
from typing import Any

import numpy as np

from tabletop.engine import Action, Tensor
from tabletop.engine.bits import BitNames

Cell = int
"""A cell number, 9 * row + column."""

CellSet = int
"""A set of cells as a bitboard: bit `cell` is set when the cell belongs to the set."""

ROW_LETTERS = "ABCDEFGHI"
ROW_LENGTH = 9
"""Numbers per row in the cell numbering (the longest row, E, has 9 cells)."""

SIDE = 5
"""Cells on each side of the hexagon."""


def is_on_board(row: int, column: int) -> bool:
    """Whether `(row, column)` is one of the 61 cells (§2.1).

    >>> is_on_board(0, 4), is_on_board(0, 5), is_on_board(8, 4), is_on_board(8, 3)
    (True, False, True, False)
    """
    return 0 <= row < ROW_LENGTH and 0 <= column < ROW_LENGTH and abs(column - row) < SIDE


CELLS: tuple[Cell, ...] = tuple(
    ROW_LENGTH * row + column
    for row in range(ROW_LENGTH)
    for column in range(ROW_LENGTH)
    if is_on_board(row, column)
)
BOARD: CellSet = sum(1 << cell for cell in CELLS)


def row_of(cell: Cell) -> int:
    """The row number r (0 = A) of a cell."""
    return cell // ROW_LENGTH


def column_of(cell: Cell) -> int:
    """The column number c of a cell."""
    return cell % ROW_LENGTH


def cell_at(row: int, column: int) -> Cell:
    """The number of the cell `(row, column)`."""
    return ROW_LENGTH * row + column


def cell_name(cell: Cell) -> str:
    """The cell's name in the notation of §2.1: row letter and column number.

    >>> cell_name(cell_at(4, 4)), cell_name(cell_at(8, 8))
    ('E4', 'I8')
    """
    return f"{ROW_LETTERS[row_of(cell)]}{column_of(cell)}"


CELL_BY_NAME: dict[str, Cell] = {cell_name(cell): cell for cell in CELLS}


def cell_element(cell: Cell) -> str:
    """The drawing's id of a cell, the click that places on it: "cell-e4"."""
    return f"cell-{cell_name(cell).lower()}"


PLACE_ACTIONS: dict[Cell, Action] = {
    cell: Action(cell_name(cell), f"place on {cell_name(cell)}", (cell_element(cell),)) for cell in CELLS
}
"""The one action of each cell (R2), built once: legal moves are looked up here, never built."""
PLACE_IDS = BitNames([cell_name(cell) if BOARD >> cell & 1 else "" for cell in range(BOARD.bit_length())])
"""The ids of placing on each cell of a set, in cell order (what `legal_action_ids` lists)."""


def adjacent_to(cells: CellSet) -> CellSet:
    """Every cell that touches a cell of `cells` (members touching each other included).

    >>> sorted(cell_name(cell) for cell in cells_of(adjacent_to(cell_set("A0"))))
    ['A1', 'B0', 'B1']
    """
    return ((cells << 1) | (cells >> 1) | (cells << 9) | (cells >> 9) | (cells << 10) | (cells >> 10)) & BOARD


@cache
def around_critter(critter: CellSet) -> CellSet:
    """`adjacent_to(critter)`, remembered: R3 asks it of every critter on every turn.

    Only critters (1 to 4 connected stones) are asked, and the board holds a few thousand
    of them at most (61 places for each of 59 fixed shapes), so the table stays small.
    """
    return adjacent_to(critter)


def cells_of(cells: CellSet) -> Iterator[Cell]:
    """The cells of a set, lowest number first."""
    while cells:
        lowest = cells & -cells
        yield lowest.bit_length() - 1
        cells ^= lowest


def cell_set(*names: str) -> CellSet:
    """The set of the named cells.

    >>> cell_set("A0", "A1") == 0b11
    True
    """
    return sum(1 << CELL_BY_NAME[name] for name in set(names))


def critter_at(seed: CellSet, stones: CellSet) -> CellSet:
    """The critter of `stones` that contains the cells of `seed` (one cell, or cells of one critter)."""
    critter = seed
    frontier = seed
    while frontier:
        frontier = adjacent_to(frontier) & stones & ~critter
        critter |= frontier
    return critter


def critters(stones: CellSet) -> Iterator[CellSet]:
    """The critters of one colour (§1: edge-connected groups), by lowest cell."""
    while stones:
        critter = critter_at(stones & -stones, stones)
        yield critter
        stones ^= critter


# Species -------------------------------------------------------------------------------------


class Species(Enum):
    """The 12 species of §2.3 (free polyhexes of 1 to 4 cells), by their BGA wiki names."""

    SINGLETON = "singleton"
    PAIR = "pair"
    BEND_3 = "3-bend"
    LINE_3 = "3-line"
    TRIANGLE = "triangle"
    KEY = "key"
    SLED = "sled"
    ARCH = "arch"
    SNAKE = "snake"
    DIAMOND = "diamond"
    PROPELLER = "propeller"
    LINE_4 = "4-line"


Offsets = tuple[tuple[int, int], ...]

SHAPES: dict[Species, Offsets] = {
    Species.SINGLETON: ((0, 0),),
    Species.PAIR: ((0, 0), (0, 1)),
    Species.BEND_3: ((0, 1), (1, 0), (1, 1)),
    Species.LINE_3: ((0, 0), (0, 1), (0, 2)),
    Species.TRIANGLE: ((0, 0), (0, 1), (1, 1)),
    Species.KEY: ((0, 0), (0, 1), (0, 2), (1, 2)),
    Species.SLED: ((0, 2), (1, 0), (1, 1), (1, 2)),
    Species.ARCH: ((0, 0), (0, 1), (1, 2), (2, 2)),
    Species.SNAKE: ((0, 1), (0, 2), (1, 0), (1, 1)),
    Species.DIAMOND: ((0, 0), (0, 1), (1, 0), (1, 1)),
    Species.PROPELLER: ((0, 0), (1, 1), (1, 2), (2, 1)),
    Species.LINE_4: ((0, 0), (0, 1), (0, 2), (0, 3)),
}
"""One drawing of each species, as `(row, column)` offsets (the table of §2.3)."""

LETTERS: dict[Species, str] = {
    Species.SINGLETON: "O",
    Species.PAIR: "P",
    Species.BEND_3: "V",
    Species.LINE_3: "L",
    Species.TRIANGLE: "T",
    Species.KEY: "K",
    Species.SLED: "S",
    Species.ARCH: "A",
    Species.SNAKE: "Z",
    Species.DIAMOND: "D",
    Species.PROPELLER: "Y",
    Species.LINE_4: "I",
}
"""A one-letter sign per species, used on stones in both drawings (V: the bend's chevron,
Z: the snake's zigzag, Y: the propeller's three blades, I: the long line)."""


def rotate(offsets: Offsets) -> Offsets:
    """The shape turned by 60° around cell (0, 0).

    Through cube coordinates: x = c - r, z = r, y = -x - z; a 60° turn maps (x, y, z) to
    (-z, -x, -y), and the cell is (r, c) = (z, x + z) again.

    >>> rotate(((0, 0), (0, 1)))
    ((0, 0), (1, 1))
    """
    turned = []
    for row, column in offsets:
        x, z = column - row, row
        y = -x - z
        turned_x, turned_z = -z, -y
        turned.append((turned_z, turned_x + turned_z))
    return tuple(turned)


def mirror(offsets: Offsets) -> Offsets:
    """The shape's mirror image: cube coordinates y and z swapped (x = c - r stays).

    >>> mirror(((0, 0), (1, 1)))
    ((0, 0), (-1, -1))
    """
    reflected = []
    for row, column in offsets:
        x, z = column - row, row
        y = -x - z
        reflected.append((y, x + y))
    return tuple(reflected)


def symmetric_images(offsets: Offsets) -> list[Offsets]:
    """The shape under the 12 symmetries of the hex grid (6 turns, each also mirrored)."""
    images = []
    for reflection in (offsets, mirror(offsets)):
        image = reflection
        for _ in range(6):
            images.append(image)
            image = rotate(image)
    return images


def shape_key(offsets: Offsets) -> int:
    """The translation-free key of a shape: its cells numbered from its first cell (row, then column).

    Equal to `cells >> first cell number` for the same shape placed anywhere on the board,
    because a critter spans at most 3 columns either way, which a row of 9 numbers tells apart.
    """
    first_row, first_column = min(offsets)
    return sum(1 << (ROW_LENGTH * (row - first_row) + column - first_column) for row, column in offsets)


SPECIES_BY_SHAPE: dict[int, Species] = {
    shape_key(image): species for species, offsets in SHAPES.items() for image in symmetric_images(offsets)
}


def species_of(critter: CellSet) -> Species:
    """The species of a critter of 1 to 4 stones (§2.3), whatever its rotation or reflection.

    >>> species_of(cell_set("E3", "E4", "D3")).value
    'triangle'
    """
    return SPECIES_BY_SHAPE[critter // (critter & -critter)]


# -- research: the action space and the observation tensor ----------------------------------


def action_space() -> tuple[str, ...]:
    """Every id ever legal: the 61 cells in reading order, A0…A4, B0…B5, …, I4…I8.

    >>> space = action_space()
    >>> len(space), space[:3], space[-1]
    (61, ('A0', 'A1', 'A2'), 'I8')
    """
    return tuple(cell_name(cell) for cell in CELLS)


OBSERVATION_SHAPE = (3 * 81 + 4,)
"""Three 9 × 9 planes and four numbers (see `observation`)."""


def observation(view: Mapping[str, Any], viewer: int | None) -> Tensor:
    """A view as a vector, seen from the viewer (seat 0 for a spectator).

    Three 9 × 9 planes over cell (r, c) at 9r + c, then four numbers: the viewer's stones,
    the other player's stones, the 61 cells of the hexagon; the stones the viewer has eaten
    and the other player has eaten, the target to reach, and 1.0 where the viewer is to move.
    """
    me = viewer or 0
    planes = np.zeros((3, 81), np.float32)
    planes[2, list(CELLS)] = 1
    for critter in view["critters"]:
        layer = 0 if critter["seat"] == me else 1
        planes[layer, [CELL_BY_NAME[name] for name in critter["cells"]]] = 1
    eaten = view["eaten"]
    numbers = np.array([eaten[me], eaten[1 - me], view["target"], view["to_move"] == me], np.float32)
    return np.concatenate([planes.ravel(), numbers])
