"""Number Drop's components and notation: the dice, the shapes, the sheet (docs/rules/numberdrop.md §2).

The grid has 7 columns `a`–`g` (x = 0..6) and 14 rows `1`–`14` (y = 0..13, bottom up), so a
cell is named like a chess square: "c4" is x = 2, y = 3. Cells are numbered `y * 7 + x`.

Every shape's orientations (rotations and mirror images, R4) are worked out once at import:
each is a tuple of cell offsets in *reading order* (top row first, left to right), which is
the order in which a drop's digits are written in its action id.

A player's `Sheet` is copied every time a seat starts or undoes its part of a step and
whenever a bot clones a state, so it is a handful of flat lists and integer bit sets.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tabletop.engine import JsonDict

WIDTH = 7
HEIGHT = 14
LINE = 11
"""Rows below this index (0..10) are normal rows; rows 11..13 lie beyond the Game Over line."""
CELLS = WIDTH * HEIGHT
COLUMNS = "abcdefg"

EMPTY = -1
X_MARK = 10
"""A cell of a BLOCK (R10); digits are 0..9."""

NUMBER_DICE: tuple[tuple[int | None, ...], ...] = (
    (1, None, 3, 4, 5, 7),
    (1, 2, None, 4, 5, 6),
    (2, 3, 4, None, 6, 7),
    (1, 2, 3, 5, 6, 7),
)
"""The faces of N1–N4 (§2.1, BGA); None is a star."""
SHAPE_DIE: tuple[str | None, ...] = ("I", "O", "T", "L", "S", None)
"""The faces of the shape die (§2.1, BGA); None is a star."""
FACES = 6
DICE = 5
SHAPE_DIE_INDEX = 4

TETROMINOES: dict[str, tuple[tuple[int, int], ...]] = {
    "I": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "O": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "T": ((0, 0), (1, 0), (2, 0), (1, 1)),
    "L": ((0, 0), (1, 0), (0, 1), (0, 2)),
    "S": ((0, 0), (0, 1), (1, 1), (1, 2)),
}
SHAPES = tuple(TETROMINOES)
BLOCK_SHAPES: dict[str, tuple[tuple[int, int], ...]] = {
    "B0": ((0, 0), (0, 1), (1, 1)),
    "B1": ((0, 0), (0, 1), (0, 2)),
    "B2": ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1)),
    "B3": ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2)),
    "B4": ((0, 0), (1, 0), (2, 0), (1, 1), (1, 2)),
}
"""The multiplayer BLOCK tiles (§2.3); in solo the tiles are the tetrominoes (R39)."""
LETTERS = "ABCDE"
BONUS_SIZE = 8

Offsets = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Orientation:
    """One rotation/mirror image of a shape, normalised to start at (0, 0).

    `cells` are in reading order; `bottoms` gives, per column dx of the shape, its lowest
    cell dy, which is all that gravity needs (R5). `offsets` are the cells again as cell
    numbers relative to the corner's (dy * WIDTH + dx), so a landed drop is four additions.
    """

    shape: str
    index: int
    cells: Offsets
    width: int
    height: int
    bottoms: tuple[int, ...]
    offsets: tuple[int, ...]

    @property
    def name(self) -> str:
        """ "L5" or "B2.1": the shape and the orientation's number, as in action ids."""
        return f"{self.shape}{self.index}" if len(self.shape) == 1 else f"{self.shape}.{self.index}"


def cell_of(x: int, y: int) -> int:
    """The number of the cell in column x, row y."""
    return y * WIDTH + x


def _normalised(cells: Offsets) -> Offsets:
    low_x = min(x for x, _ in cells)
    low_y = min(y for _, y in cells)
    return tuple(sorted(((x - low_x, y - low_y) for x, y in cells), key=lambda c: (-c[1], c[0])))


def _orientations(shape: str, base: Offsets) -> tuple[Orientation, ...]:
    """The distinct images of `base` under the four rotations, then the mirrored four (R4)."""
    found: list[Offsets] = []
    for mirrored in (False, True):
        cells = tuple((-x, y) for x, y in base) if mirrored else base
        for _ in range(4):
            image = _normalised(cells)
            if image not in found:
                found.append(image)
            cells = tuple((y, -x) for x, y in cells)
    return tuple(_orientation(shape, index, cells) for index, cells in enumerate(found))


def _orientation(shape: str, index: int, cells: Offsets) -> Orientation:
    width = 1 + max(x for x, _ in cells)
    height = 1 + max(y for _, y in cells)
    bottoms = tuple(min(y for x, y in cells if x == column) for column in range(width))
    offsets = tuple(cell_of(x, y) for x, y in cells)
    return Orientation(shape, index, cells, width, height, bottoms, offsets)


ORIENTATIONS: dict[str, tuple[Orientation, ...]] = {
    shape: _orientations(shape, cells) for shape, cells in (TETROMINOES | BLOCK_SHAPES).items()
}
"""Every shape's orientations: I 2, O 1, T 4, L 8, S 4 (19 in all, §2.2), and the BLOCKs'."""
ORIENTATION_BY_NAME: dict[str, Orientation] = {
    orientation.name: orientation for orientations in ORIENTATIONS.values() for orientation in orientations
}

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (y + dy) * WIDTH + x + dx
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= x + dx < WIDTH and 0 <= y + dy < HEIGHT
    )
    for y in range(HEIGHT)
    for x in range(WIDTH)
)
"""Orthogonal neighbours of each cell (R22, R23: diagonal contact does not count)."""

ALL_CELLS = (1 << CELLS) - 1
LAYER = 112
"""How far apart the ten digits' bit sets lie in `Sheet.layers`: a grid and two rows of gap,
so that a shift by a row never carries a cell from one digit's grid into another's."""
EACH_LAYER = sum(1 << (LAYER * digit) for digit in range(X_MARK))
"""Bit 0 of every digit's layer: a grid's bit set times this repeats it in every layer."""
_LEFT_EDGE = sum(1 << cell for cell in range(0, CELLS, WIDTH))
_RIGHT_EDGE = _LEFT_EDGE << (WIDTH - 1)
_EVERY_LAYER = ALL_CELLS * EACH_LAYER
_OFF_LEFT = (ALL_CELLS & ~_LEFT_EDGE) * EACH_LAYER
_OFF_RIGHT = (ALL_CELLS & ~_RIGHT_EDGE) * EACH_LAYER
"""The cells of every layer not in column a (not in g), made once: the bit-set searches below
take them at every call, and masking with a positive int costs less than with the negative
`~edge`. A bit set of one grid is the bottom layer, so the same masks serve it."""


def neighbourhood(cells: int) -> int:
    """Every cell orthogonally next to one of a bit set of cells (bit i = cell i), by four shifts.

    Combination search asks this of whole digit sets at once instead of cell by cell, and
    of all ten digits' layers at once (`Sheet.layers`): no cell reaches another layer.

    >>> neighbourhood(1 << (WIDTH + 1)) == sum(1 << cell for cell in NEIGHBOURS[WIDTH + 1])
    True
    """
    sideways = (cells & _OFF_LEFT) >> 1 | (cells & _OFF_RIGHT) << 1
    return (sideways | cells >> WIDTH | cells << WIDTH) & _EVERY_LAYER


def cells_with_two_neighbours(cells: int) -> int:
    """The cells of a bit set with at least two orthogonal neighbours in it, by four shifts.

    Every connected set of three or more cells has such a cell (the middle of any three in
    a row or an L), so this tells the combination search at once that a digit's cells (or
    all ten digits' layers) hold no group of three (R22), without flood-filling them.

    >>> cells_with_two_neighbours(0b111) == 0b010, cells_with_two_neighbours(0b11) == 0
    (True, True)
    """
    left = (cells & _OFF_RIGHT) << 1
    right = (cells & _OFF_LEFT) >> 1
    below = cells << WIDTH
    above = cells >> WIDTH
    return cells & (left & (right | below | above) | right & (below | above) | below & above)


CELL_COLUMN: tuple[int, ...] = tuple(cell % WIDTH for cell in range(CELLS))
CELL_ROW: tuple[int, ...] = tuple(cell // WIDTH for cell in range(CELLS))
"""Each cell's column x and row y, for `Sheet.write`."""
CELL_NAMES: tuple[str, ...] = tuple(f"{COLUMNS[cell % WIDTH]}{cell // WIDTH + 1}" for cell in range(CELLS))
CELL_INDEX: dict[str, int] = {name: cell for cell, name in enumerate(CELL_NAMES)}


def digit_text(value: int) -> str:
    """A cell's content as one character: a digit, "X" or "." for empty."""
    if value == EMPTY:
        return "."
    return "X" if value == X_MARK else str(value)


def drop_id(orientation: Orientation, column: int, digits: tuple[int, ...]) -> str:
    """ "L5@c:1347": orientation, leftmost column, digits in the orientation's reading order."""
    return f"{orientation.name}@{COLUMNS[column]}:{''.join(map(str, digits))}"


def block_id(orientation: Orientation, column: int) -> str:
    """ "X:B2.1@d": a BLOCK (or solo tile) dropped as X marks."""
    return f"X:{orientation.name}@{COLUMNS[column]}"


PLACEMENT_BY_NAME: dict[str, tuple[Orientation, int]] = {
    f"{name}@{column}": (orientation, x)
    for name, orientation in ORIENTATION_BY_NAME.items()
    for x, column in enumerate(COLUMNS)
}
"""Every "L5@c" an id can name, made once: a drop reads its placement at every move."""


def parse_placement(text: str) -> tuple[Orientation, int] | None:
    """ "L5@c" as (orientation, column), or None when it names none.

    >>> parse_placement("L5@c")[1], parse_placement("L5@h"), parse_placement("Q1@a")
    (2, None, None)
    """
    return PLACEMENT_BY_NAME.get(text)


def parse_cells(text: str) -> list[int] | None:
    """ "a1-b1-c1" as cell numbers, or None when a name is not a cell."""
    names = text.split("-")
    if not all(name in CELL_INDEX for name in names):
        return None
    return [CELL_INDEX[name] for name in names]


# --- the score sheet (§2.4) ----------------------------------------------------------------

OPEN, CIRCLED, CROSSED = 0, 1, 2
"""The three states of a BLOCK letter on a sheet (R7, R12, R29)."""
ROW_BONUS = 2
ROW_PENALTY = 5
COLUMN_BONUS = 10
ALL_SIZES = 0b11111
"""The bit set of the five boxes of one type, sizes 3..7 (bit s - 3)."""


class Sheet:
    """One grid of 7 × 14 cells with what is circled on the sheet.

    `cells` holds EMPTY, a digit 0..9 or X_MARK; `tops[x]` is the highest filled row of
    column x (-1 when empty), which gravity reads (R5). `circled` is a bit set of grid
    cells used in combinations; `same` and `run` bit sets of the circled boxes (bit s - 3);
    `plus` the circled +2 boxes by row, `minus` the circled -5 boxes (bit y - 11).
    `layers` holds the bit sets of the cells of each digit side by side in one int (digit d
    from bit `LAYER * d`), kept by `write`, so that the combination search asks its
    questions of all ten digits at once instead of reading every cell.
    """

    __slots__ = (
        "bonus",
        "cells",
        "circled",
        "layers",
        "letters",
        "minus",
        "plus",
        "run",
        "same",
        "tops",
    )

    def __init__(self) -> None:
        self.cells: list[int] = [EMPTY] * CELLS
        self.tops: list[int] = [-1] * WIDTH
        self.layers = 0
        self.circled = 0
        self.same = 0
        self.run = 0
        self.bonus = False
        self.letters: list[int] = [OPEN] * 5
        self.plus = 0
        self.minus = 0

    def copy(self) -> Sheet:
        twin = Sheet.__new__(Sheet)
        twin.cells = self.cells.copy()
        twin.tops = self.tops.copy()
        twin.letters = self.letters.copy()
        twin.layers, twin.circled, twin.same, twin.run = self.layers, self.circled, self.same, self.run
        twin.bonus, twin.plus, twin.minus = self.bonus, self.plus, self.minus
        return twin

    def write(self, cells: Iterable[int], values: Iterable[int]) -> None:
        """Writes digits or X marks into empty cells, keeping `tops` and `layers` right.

        Every drop of every playout comes here, so the lists and `layers` are read into
        locals once and a cell's row and column are looked up, not divided out.
        """
        grid, tops, layers = self.cells, self.tops, self.layers
        for cell, value in zip(cells, values, strict=True):
            grid[cell] = value
            if EMPTY < value < X_MARK:
                layers |= 1 << (LAYER * value + cell)
            x = CELL_COLUMN[cell]
            tops[x] = max(tops[x], CELL_ROW[cell])
        self.layers = layers

    def open_sizes(self, kind: str) -> tuple[int, ...]:
        """The sizes of combination of this type whose box is not circled yet (R25), smallest first.

        Asked at every turn's combination search, so it is a lookup in `OPEN_SIZES`.
        """
        return OPEN_SIZES[self.same if kind == "same" else self.run, self.bonus]

    def score(self) -> int:
        """The score of §2.4 (R36, R37)."""
        total = _box_sum(self.same) + _box_sum(self.run)
        total += COLUMN_BONUS * ((self.same == ALL_SIZES) + (self.run == ALL_SIZES))
        total += BONUS_SIZE * self.bonus
        return total + ROW_BONUS * self.plus.bit_count() - ROW_PENALTY * self.minus.bit_count()

    def mark_rows(self) -> None:
        """End of turn: +2 for each full normal row (R33), -5 for each row marked beyond the line (R34)."""
        cells = self.cells
        for y in range(min(LINE, min(self.tops) + 1)):
            if not self.plus >> y & 1 and EMPTY not in cells[y * WIDTH : (y + 1) * WIDTH]:
                self.plus |= 1 << y
        for y in range(LINE, max(self.tops) + 1):
            if any(value != EMPTY for value in cells[y * WIDTH : (y + 1) * WIDTH]):
                self.minus |= 1 << (y - LINE)

    def to_json(self) -> JsonDict:
        return {
            "cells": self.cells.copy(),
            "circled": self.circled,
            "same": self.same,
            "run": self.run,
            "bonus": self.bonus,
            "letters": self.letters.copy(),
            "plus": self.plus,
            "minus": self.minus,
        }

    @classmethod
    def from_json(cls, data: JsonDict) -> Sheet:
        sheet = cls()
        filled = [(cell, int(value)) for cell, value in enumerate(data["cells"]) if value != EMPTY]
        sheet.write([cell for cell, _ in filled], [value for _, value in filled])
        sheet.circled = int(data["circled"])
        sheet.same, sheet.run = int(data["same"]), int(data["run"])
        sheet.bonus = bool(data["bonus"])
        sheet.letters = [int(letter) for letter in data["letters"]]
        sheet.plus, sheet.minus = int(data["plus"]), int(data["minus"])
        return sheet


def _open_sizes(boxes: int, bonus: bool) -> tuple[int, ...]:
    """The free sizes, given the circled boxes of one type (bit s - 3) and whether the shared box of 8 is."""
    sizes = tuple(size for size in range(3, BONUS_SIZE) if not boxes >> (size - 3) & 1)
    return sizes if bonus else (*sizes, BONUS_SIZE)


OPEN_SIZES: dict[tuple[int, bool], tuple[int, ...]] = {
    (boxes, bonus): _open_sizes(boxes, bonus) for boxes in range(ALL_SIZES + 1) for bonus in (False, True)
}
"""`Sheet.open_sizes` for every state of one type's boxes and of the bonus box."""


def _box_sum(boxes: int) -> int:
    """The value of the circled boxes of one type: each box is worth its size (R26)."""
    return sum(size for size in range(3, 8) if boxes >> (size - 3) & 1)


def describe(action_id: str) -> tuple[str, tuple[str, ...]]:
    """The label and the click path of a legal action id (see the package docstring for the notation).

    >>> describe("L5@c:1347")
    ('L5 at c: 1 3 4 7', ('nd-or-L5', 'nd-col-c'))
    >>> describe("run:a1-b1-c1")
    ('run a1-b1-c1', ('nd-cell-a1', 'nd-cell-b1', 'nd-cell-c1', 'nd-box-run-3'))
    """
    head, _, rest = action_id.partition(":")
    if head == "start":
        return f"write your number in {rest}", (f"nd-cell-{rest}",)
    if head == "slide":
        return f"slide tile {rest}", (f"nd-tile-{rest}",)
    if head == "shape":
        return f"★ shape = {rest}", ()
    if head in ("same", "run"):
        names = rest.split("-")
        box = "nd-box-bonus" if len(names) == BONUS_SIZE else f"nd-box-{head}-{len(names)}"
        return f"{head} {rest}", (*(f"nd-cell-{name}" for name in names), box)
    if head == "X":
        name, _, column = rest.partition("@")
        return f"X {name} at {column}", (f"nd-or-{name}", f"nd-col-{column}")
    if "=" in action_id:
        die, _, digit = action_id.partition("=")
        return f"★ {die} = {digit}", ()
    if "@" in action_id:
        name, _, column_digits = action_id.partition("@")
        column, _, digits = column_digits.partition(":")
        return f"{name} at {column}: {' '.join(digits)}", (f"nd-or-{name}", f"nd-col-{column}")
    return action_id, ()


def score_bounds() -> tuple[int, int]:
    """The lowest and highest score a sheet can have (`Sheet.score`): every −5 row and no
    box; every box of both kinds (columns included), the bonus box and every +2 row.

    >>> score_bounds()
    (-15, 100)
    """
    boxes = 2 * sum(range(3, 8)) + 2 * COLUMN_BONUS + BONUS_SIZE
    return -ROW_PENALTY * (HEIGHT - LINE), boxes + ROW_BONUS * LINE
