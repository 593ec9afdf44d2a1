"""DVONN's components and notation: the 49-space board, the pieces, and the action ids.

The board is that of section 2 of docs/rules/dvonn.md. A cell is an index 0…48 into
`CELLS`, ordered by row (y) and then by column (x), so A1 is 0 and K5 is 48: row y = 0…4
has the columns `ROW_COLUMNS[y]`, and a cell is named by its column letter and row number
("C3" is x = 2, y = 2). Pieces carry fixed numbers so the drawing can give each a stable
element id. The action ids are those of section 8: a placement is a cell ("C3"), a move
is two cells ("C3E3"), a forced pass is "PASS".

Everything here is computed once at import, so that move generation and the parsing of an
action id only look tables up.

>>> len(CELLS), NAMES[0], NAMES[-1], INDEX["C3"]
(49, 'A1', 'K5', 21)
>>> sorted(NAMES[n] for n in NEIGHBOURS[INDEX["A1"]])
['A2', 'B1', 'B2']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from tabletop.engine import Action, ActionId, Tensor
from tabletop.engine.bits import BitNames

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
"""The on-board neighbours of each cell (3 at the corners, 4 on the other border cells, 6 inside)."""

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

FULL_NEIGHBOURHOOD = 6

_TURNING_ORDER: tuple[tuple[int, int], ...] = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))
"""The six steps in turning order: each step's cell touches the next one's (and the last the first)."""


def _ring_around(cell: Cell) -> tuple[tuple[int, Cell], ...]:
    """The on-board neighbours of `cell`, each with its bit (1 << its place in turning order)."""
    x, y = CELLS[cell]
    around = (
        (1 << place, INDEX_OF_COORDINATES.get((x + dx, y + dy), -1))
        for place, (dx, dy) in enumerate(_TURNING_ORDER)
    )
    return tuple((bit, neighbour) for bit, neighbour in around if neighbour >= 0)


RING_AROUND: tuple[tuple[tuple[int, Cell], ...], ...] = tuple(
    _ring_around(cell) for cell in range(CELL_COUNT)
)
"""For each cell, its neighbours in turning order with their bits, for `ONE_ARC` patterns."""


def _is_one_arc(pattern: int) -> bool:
    """Whether the set bits of a 6-bit ring pattern are consecutive around the ring (or none)."""
    starts = sum(
        1
        for place in range(FULL_NEIGHBOURHOOD)
        if pattern >> place & 1 and not pattern >> (place - 1) % FULL_NEIGHBOURHOOD & 1
    )
    return starts <= 1


ONE_ARC: tuple[bool, ...] = tuple(_is_one_arc(pattern) for pattern in range(1 << FULL_NEIGHBOURHOOD))
"""ONE_ARC[pattern]: whether the occupied neighbours of a cell (bits of `RING_AROUND`) form one
unbroken arc. Neighbours next to each other in turning order touch, so then emptying the cell
cuts no two stacks apart (DV-R4 needs no search).

>>> ONE_ARC[0b000111], ONE_ARC[0b100001], ONE_ARC[0b000101]
(True, True, False)
"""
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


PLACEMENT_IDS = BitNames(NAMES)
"""The ids of placing on each cell of a bit set of cells, in cell order (a placement's id is its cell)."""


def element_id(cell: Cell) -> str:
    """The drawing's element id of a cell ("cell-c3"), which action paths name.

    >>> element_id(INDEX["K5"])
    'cell-k5'
    """
    return f"cell-{NAMES[cell].lower()}"


# --- the pieces (section 3) -----------------------------------------------------------

Stack = tuple[int, ...]
"""Piece numbers from bottom to top; the empty tuple is an empty space."""
Board = list[Stack]
"""The 49 stacks, indexed by cell."""

WHITE, BLACK, RED = 0, 1, 2
"""Colours: the seats (White moves first) and the neutral DVONN pieces."""
COLOUR_NAMES = ("white", "black", "red")
SEAT_NAMES = ("White", "Black")
DVONN_PIECES = (1, 2, 3)
WHITE_PIECES = tuple(range(4, 27))
BLACK_PIECES = tuple(range(27, 50))
COLOUR_OF: tuple[int, ...] = (
    RED,
    *(RED for _ in DVONN_PIECES),
    *(WHITE for _ in WHITE_PIECES),
    *(BLACK for _ in BLACK_PIECES),
)
"""The colour of each piece number (index 0 is unused)."""
PIECE_COUNT = len(COLOUR_OF) - 1


# --- the notation (section 8) ----------------------------------------------------------

PASS = "PASS"
Move = tuple[Cell, Cell]
"""A stack move as (from, to)."""


def move_id(origin: Cell, target: Cell) -> ActionId:
    """The id of a stack move: the two cell names, from then to.

    >>> move_id(INDEX["C3"], INDEX["E3"])
    'C3E3'
    """
    return NAMES[origin] + NAMES[target]


MOVE_BY_ID: dict[ActionId, tuple[Cell, Cell, int]] = {
    move_id(origin, target): (origin, target, distance)
    for origin in range(CELL_COUNT)
    for ray in RAYS[origin]
    for distance, target in enumerate(ray, start=1)
}
"""(from, to, distance) of every stack move some stack could ever make, by id: the pairs on one line."""
JUMP_MOVES: tuple[tuple[tuple[tuple[Cell, ActionId], ...], ...], ...] = tuple(
    tuple(tuple((target, move_id(origin, target)) for target in targets) for targets in jumps)
    + ((),) * (PIECE_COUNT - LONGEST_JUMP)
    for origin, jumps in enumerate(JUMPS)
)
"""JUMP_MOVES[cell][h]: `JUMPS[cell][h]` with the id of the move to each, for every height a
stack can reach (h = 0…49; none beyond 10): move generation looks ids up, never builds them."""


def _actions() -> dict[ActionId, Action]:
    """Every action of the game with its label and its click path, built once."""
    actions = {name: Action(name, f"Place on {name}", (element_id(cell),)) for cell, name in enumerate(NAMES)}
    for action_id, (origin, target, _) in MOVE_BY_ID.items():
        label = f"{NAMES[origin]} → {NAMES[target]}"
        actions[action_id] = Action(action_id, label, (element_id(origin), element_id(target)))
    actions[PASS] = Action(PASS, "Pass")
    return actions


ACTIONS: dict[ActionId, Action] = _actions()
"""Placements (clicked as the cell), moves (clicked as the two cells) and the pass (a button), by id."""


def parse_cell(action_id: ActionId) -> Cell | None:
    """The cell a placement id names, or None if it names none (ids are case-sensitive).

    >>> parse_cell("C3"), parse_cell("c3"), parse_cell("A5")
    (21, None, None)
    """
    return INDEX.get(action_id) if isinstance(action_id, str) else None


def parse_move(action_id: ActionId) -> tuple[Cell, Cell, int] | None:
    """(from, to, distance) of a move id whose cells share a line, or None for any other id.

    No stack can ever make a move that is not on a line, so such an id is refused here
    already, without looking at the position.

    >>> parse_move("C3E3"), parse_move("C3D4"), parse_move("PASS")
    ((21, 23, 2), (21, 32, 1), None)
    >>> parse_move("C3D5") is None
    True
    """
    return MOVE_BY_ID.get(action_id) if isinstance(action_id, str) else None


# -- research: the action space and the observation tensor ----------------------------------


def action_space() -> tuple[ActionId, ...]:
    """Every id ever legal, in `ACTIONS` order: the 49 placements A1…K5, the moves, "PASS".

    Moves are ordered by origin cell, then direction (`DIRECTIONS`), then distance.

    >>> space = action_space()
    >>> len(space), space[:2], space[49:51], space[-1]
    (836, ('A1', 'B1'), ('A1B1', 'A1C1'), 'PASS')
    """
    return tuple(ACTIONS)


CELL_FEATURES = 5
OBSERVATION_SHAPE = (CELL_COUNT * CELL_FEATURES + 5,)
"""Five numbers per cell and five for the position (see `observation`)."""


def observation(view: Mapping[str, Any], viewer: int | None) -> Tensor:
    """A view as a vector, seen from the viewer (White for a spectator).

    For each cell A1…K5 (index order): the stack's height, whether the viewer's colour is on
    top, whether the other colour is, whether a DVONN piece is on top, and whether the
    stack holds a DVONN piece. Then: the placement phase, the viewer to move, a forced
    pass, and the pieces left to place in the viewer's and the other player's supply.
    """
    mine, theirs = (COLOUR_NAMES[1], COLOUR_NAMES[0]) if viewer == 1 else COLOUR_NAMES[:2]
    cells = np.zeros((CELL_COUNT, CELL_FEATURES), np.float32)
    for stack in view["stacks"]:
        top = stack["colours"][-1]
        cells[INDEX[stack["cell"]]] = (
            len(stack["pieces"]),
            top == mine,
            top == theirs,
            top == "red",
            stack["dvonn"],
        )
    supply = view["supply"]
    me = viewer or 0
    numbers = [view["phase"] == "placement", view["to_move"] == me, view["must_pass"]]
    numbers += [len(supply[mine]), len(supply[theirs])]
    return np.concatenate([cells.ravel(), np.array(numbers, np.float32)])
