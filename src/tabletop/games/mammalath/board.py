"""The Mammalath board and its notation: 36 cells, the 80 triples, the six kinds, the action ids.

The board of docs/rules/mammalath.md. Cell (r, c) of the rules (r counted from the top, c
from the left) is index `6·r + c` and is named by its column letter and row number with
row 1 at the TOP: (0, 0) is "A1", (2, 3) is "D3", (5, 5) is "F6", so the rules' coordinates
read straight off the names. Sets of cells are 36-bit masks (bit i = cell i), which makes
"do all three cells of this triple hold an animal / a token of mine" one AND and one compare.

Notation (one complete decision per id, R1):
- a place (R2) is the cell: "C3", clicked as the cell;
- a release of a kind (R3) is the kind: "fox", clicked as that kind's button in the legend;
- a release of a line (R4) is its two ends, starting cell first in the directions of the
  board (left end of a row, top end of a column or diagonal): "A1-C3", clicked as the
  "Release a line" button, then the two ends;
- the swap (R7) is "swap", clicked as the cell of the first player's token.
No path is a prefix of another, so every click sequence names one action. All `Action`
objects are built once here; legal actions are picked from these tables.

Positions written by hand (tests, examples, analysis) are six rows of two-character
cells, as the text board prints them: the token ("B" black, "W" white, "." none), then the
animal (a armadillo, b badger, c cougar, d deer, e elephant, f fox, "." none).

>>> CELL_NAMES[0], CELL_NAMES[cell_at(2, 3)], CELL_NAMES[35]
('A1', 'D3', 'F6')
>>> len(TRIPLES), line_name(TRIPLES.index((0, 7, 14)))
(80, 'A1-C3')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from tabletop.engine import Action, Seat, Tensor

SIZE = 6
CELL_COUNT = SIZE * SIZE
FULL = (1 << CELL_COUNT) - 1
"""The mask of every cell."""

KINDS = ("armadillo", "badger", "cougar", "deer", "elephant", "fox")
"""The six animal kinds in the rulebook's order (red, orange, yellow, green, blue, violet)."""
ANIMALS_PER_KIND = 6
TOKENS_PER_PLAYER = 18

COLOURS = ("black", "white")
"""Seat 0 plays black and seat 1 white; who starts is drawn separately (the setup)."""
BLACK: Seat = 0
WHITE: Seat = 1

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
"""The line directions of the board: a triple runs p, p+d, p+2d in one of them."""

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
    """Every triple p, p+d, p+2d on the board, by starting cell then direction."""
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


def mask_of(cells: Sequence[int]) -> int:
    """The mask of some cells.

    >>> mask_of([0, 2, 5]) == 0b100101
    True
    """
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def union(masks: Sequence[int]) -> int:
    """The cells in any of the masks."""
    total = 0
    for mask in masks:
        total |= mask
    return total


# -- notation -------------------------------------------------------------------------

PLACE = 0
RELEASE_KIND = 1
RELEASE_LINE = 2
SWAP = 3
SWAP_ID = "swap"

RELEASE_LINE_ELEMENT = "release-line"
"""The legend's button that starts a line release."""


def cell_element(cell: int) -> str:
    """The drawing id of a cell's clickable square: "cell-c3"."""
    return f"cell-{CELL_NAMES[cell].lower()}"


def kind_element(kind: int) -> str:
    """The drawing id of a kind's button in the legend: "kind-fox"."""
    return f"kind-{KINDS[kind]}"


def token_element(colour: str, number: int) -> str:
    """The drawing id of a colour's `number`-th token (1…18): "black-3".

    Token k of a colour is the k-th of its tokens on the board, counted in the order they
    were placed, and the tokens still in supply carry the numbers after those; so a token
    keeps its id from the supply to its cell for the rest of the game.
    """
    return f"{colour}-{number}"


PLACE_ACTIONS: tuple[Action, ...] = tuple(
    Action(CELL_NAMES[cell], f"Place on {CELL_NAMES[cell]}", (cell_element(cell),))
    for cell in range(CELL_COUNT)
)
SWAP_ACTIONS: tuple[Action, ...] = tuple(
    Action(SWAP_ID, f"Swap: take over {CELL_NAMES[cell]}", (cell_element(cell),))
    for cell in range(CELL_COUNT)
)
"""Indexed by the cell of the first player's token, which is what the swap takes over."""
KIND_ACTIONS: tuple[Action, ...] = tuple(
    Action(kind_name, f"Release every {kind_name}", (kind_element(kind),))
    for kind, kind_name in enumerate(KINDS)
)
LINE_ACTIONS: tuple[Action, ...] = tuple(
    Action(
        line_name(triple),
        f"Release the line {line_name(triple).replace('-', '–')}",
        (RELEASE_LINE_ELEMENT, cell_element(start), cell_element(end)),
    )
    for triple, (start, _, end) in enumerate(TRIPLES)
)

ACTION_OF_ID: dict[str, tuple[int, int]] = {
    **{action.id: (PLACE, cell) for cell, action in enumerate(PLACE_ACTIONS)},
    **{action.id: (RELEASE_KIND, kind) for kind, action in enumerate(KIND_ACTIONS)},
    **{action.id: (RELEASE_LINE, triple) for triple, action in enumerate(LINE_ACTIONS)},
    SWAP_ID: (SWAP, 0),
}
"""Every well-formed action id: what kind of decision it is and on which cell, kind or triple."""


# -- positions written by hand ----------------------------------------------------------

TOKEN_LETTERS = ("B", "W")


def parse_rows(rows: Sequence[str]) -> tuple[str, list[int], list[int]]:
    """A diagram's animal letters (as `animal_letters` writes them), black's cells and white's cells.

    >>> parse_rows(["Bf .c W. .. .a .d"] + [".. .. .. .. .. .."] * 5)[1:]
    ([0], [2])
    """
    if len(rows) != SIZE:
        raise ValueError(f"a position has {SIZE} rows; got {len(rows)}")
    letters: list[str] = []
    tokens: tuple[list[int], list[int]] = ([], [])
    for row_number, row in enumerate(rows, start=1):
        squares = row.split()
        if len(squares) != SIZE or any(len(square) != 2 for square in squares):
            raise ValueError(f"row {row_number} needs {SIZE} cells of two characters; got {row!r}")
        for square in squares:
            token, animal = square[0], square[1]
            if token in TOKEN_LETTERS:
                tokens[TOKEN_LETTERS.index(token)].append(len(letters))
            elif token != ".":
                raise ValueError(f"{token!r} in row {row_number} is not a token (B, W or '.')")
            letters.append(animal)
    for kind in KINDS:
        if letters.count(kind[0]) > ANIMALS_PER_KIND:
            raise ValueError(f"there are only {ANIMALS_PER_KIND} animals of each kind; got more {kind}s")
    return "".join(letters), tokens[0], tokens[1]


def animal_letters(kinds: Sequence[int]) -> str:
    """The animals cell by cell as one letter each (a = armadillo … f = fox, "." = none)."""
    letters = ["."] * CELL_COUNT
    for kind, mask in enumerate(kinds):
        for cell in range(CELL_COUNT):
            if mask >> cell & 1:
                letters[cell] = KINDS[kind][0]
    return "".join(letters)


def kinds_from_letters(letters: str) -> list[int]:
    """The per-kind cell masks of 36 letters as `animal_letters` writes them."""
    if len(letters) != CELL_COUNT:
        raise ValueError(f"a board has {CELL_COUNT} cells; got {len(letters)} letters")
    initials = [kind[0] for kind in KINDS]
    kinds = [0] * len(KINDS)
    for cell, letter in enumerate(letters):
        if letter in initials:
            kinds[initials.index(letter)] |= 1 << cell
        elif letter != ".":
            raise ValueError(f"{letter!r} is not an animal letter (a–f) or '.'")
    return kinds


# -- research: the action space and the observation tensor ----------------------------------


def action_space(swap_rule: bool) -> tuple[str, ...]:
    """Every id ever legal: the 36 places A1…F6 (index order), the six kinds, the lines, "swap".

    Lines are the triples in `TRIPLES` order (by starting cell, then direction); "swap"
    only where the swap rule is played.

    >>> space = action_space(True)
    >>> len(space), space[35:38], space[42], space[-1]
    (123, ('F6', 'armadillo', 'badger'), 'A1-C1', 'swap')
    """
    lines = tuple(line_name(triple) for triple in range(len(TRIPLES)))
    return CELL_NAMES + KINDS + lines + ((SWAP_ID,) if swap_rule else ())


OBSERVATION_SHAPE = ((len(KINDS) + 2) * CELL_COUNT + 4,)
"""Eight 6 × 6 planes and four numbers (see `observation`)."""


def observation(view: Mapping[str, Any], viewer: Seat | None) -> Tensor:
    """A view as a vector, seen from the viewer (black for a spectator).

    Eight 6 × 6 planes over the cells in index order: one per kind of animal (armadillo …
    fox), the viewer's tokens, the other player's tokens; then the viewer's supply, the
    other's supply, 1.0 where the viewer is to move, and 1.0 where the swap is offered.
    """
    mine, theirs = (COLOURS[1], COLOURS[0]) if viewer == WHITE else COLOURS
    planes = np.zeros((len(KINDS) + 2, CELL_COUNT), np.float32)
    for row, kinds in enumerate(view["animals"]):
        for column, kind in enumerate(kinds):
            if kind is not None:
                planes[KINDS.index(kind), cell_at(row, column)] = 1
    for layer, colour in ((len(KINDS), mine), (len(KINDS) + 1, theirs)):
        planes[layer, [CELL_OF_NAME[name] for name in view["placed"][colour]]] = 1
    supply = view["supply"]
    numbers = [supply[mine], supply[theirs], view["to_move"] == mine, view["swap_available"]]
    return np.concatenate([planes.ravel(), np.array(numbers, np.float32)])
