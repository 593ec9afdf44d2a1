"""DVONN's pieces, stacks and phase-2 rules as plain functions over a board (rules/dvonn.md).

A board is a list of 49 stacks indexed by cell (see `geometry`); a stack is a tuple of piece
numbers from bottom to top, and the empty tuple is an empty space. Piece numbers are fixed
for the whole game so the drawing can give every piece a stable element id: 1–3 are the red
DVONN pieces, 4–26 the white pieces and 27–49 the black ones. Colours are the seats
(White = 0 moves first, Black = 1) plus `RED`.

The functions here are the single source of legality that `DvonnState` calls: `moves` for
DV-R1 to DV-R3, `isolated_cells` for DV-R4, `scores` for DV-R7.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine import Action
from tabletop.games.dvonn.geometry import (
    CELL_COUNT,
    FULL_NEIGHBOURHOOD,
    JUMPS,
    LONGEST_JUMP,
    NAMES,
    NEIGHBOURS,
    RAYS,
    Cell,
    element_id,
)

Stack = tuple[int, ...]
Board = list[Stack]
Move = tuple[Cell, Cell]

WHITE, BLACK, RED = 0, 1, 2
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

PASS = "PASS"
PASS_ACTION = Action(PASS, "Pass")


def _move_tables() -> tuple[dict[Move, Action], dict[str, tuple[Cell, Cell, int]]]:
    """Every from-to pair on one line, prebuilt: the Action and, by id, (from, to, distance)."""
    actions: dict[Move, Action] = {}
    by_id: dict[str, tuple[Cell, Cell, int]] = {}
    for origin in range(CELL_COUNT):
        for ray in RAYS[origin]:
            for distance, target in enumerate(ray, start=1):
                action_id = NAMES[origin] + NAMES[target]
                label = f"{NAMES[origin]} → {NAMES[target]}"
                actions[(origin, target)] = Action(action_id, label, (element_id(origin), element_id(target)))
                by_id[action_id] = (origin, target, distance)
    return actions, by_id


MOVE_ACTIONS, MOVE_BY_ID = _move_tables()
"""Stack moves in the notation of Q5 ("C3E3" = from C3 to E3), clicked as the two cells."""

PLACE_ACTIONS: tuple[Action, ...] = tuple(
    Action(NAMES[cell], f"Place on {NAMES[cell]}", (element_id(cell),)) for cell in range(CELL_COUNT)
)
"""Placements in the notation of Q5: the cell alone ("C3")."""


def owner(stack: Stack) -> int | None:
    """The seat that controls a stack: the colour on top, or None for a lone DVONN piece (DV-R1).

    >>> owner((27, 4)), owner((4, 1, 27)), owner((2,)), owner(())
    (0, 1, None, None)
    """
    if not stack:
        return None
    colour = COLOUR_OF[stack[-1]]
    return None if colour == RED else colour


def has_dvonn(stack: Stack) -> bool:
    """Whether a stack holds a DVONN piece, which makes it a source of contact (DV-R4).

    >>> has_dvonn((4, 3, 30)), has_dvonn((4, 30))
    (True, False)
    """
    return any(piece <= DVONN_PIECES[-1] for piece in stack)


def is_blocked(board: Board, cell: Cell) -> bool:
    """A stack with all six neighbours occupied cannot move; off-board counts as free (DV-R2)."""
    neighbours = NEIGHBOURS[cell]
    return len(neighbours) == FULL_NEIGHBOURHOOD and all(board[neighbour] for neighbour in neighbours)


def moves(board: Board, seat: int) -> list[Move]:
    """Every legal stack move of `seat`, in cell order (DV-R1 ownership, DV-R2, DV-R3).

    A stack of height h jumps exactly h spaces along a line, over anything, and must land on
    an occupied space.
    """
    return [
        (cell, target)
        for cell in _mobile_stacks(board, seat)
        for target in _jumps(len(board[cell]), cell)
        if board[target]
    ]


def has_move(board: Board, seat: int) -> bool:
    """Whether `seat` has any legal move: `moves` stopped at the first one found (DV-R5, DV-R6)."""
    return any(
        board[target] for cell in _mobile_stacks(board, seat) for target in _jumps(len(board[cell]), cell)
    )


def _mobile_stacks(board: Board, seat: int) -> list[Cell]:
    """The cells of the stacks `seat` controls that are not surrounded (DV-R1, DV-R2)."""
    return [
        cell
        for cell, stack in enumerate(board)
        if stack and COLOUR_OF[stack[-1]] == seat and not is_blocked(board, cell)
    ]


def _jumps(height: int, cell: Cell) -> tuple[Cell, ...]:
    return JUMPS[cell][height] if height <= LONGEST_JUMP else ()


def is_legal_move(board: Board, seat: int, move: tuple[Cell, Cell, int]) -> bool:
    """Whether one from-to pair (with its distance along the line) is a legal move of `seat` (DV-R3)."""
    origin, target, distance = move
    stack = board[origin]
    return (
        len(stack) == distance
        and COLOUR_OF[stack[-1]] == seat
        and bool(board[target])
        and not is_blocked(board, origin)
    )


def isolated_cells(board: Board, dvonn_cells: Sequence[Cell]) -> list[Cell]:
    """The occupied cells with no chain of occupied neighbours to a DVONN piece (DV-R4).

    The stacks holding DVONN pieces are the sources, so they are never in the answer.
    """
    reached = [False] * CELL_COUNT
    frontier = [cell for cell in dvonn_cells if cell >= 0]
    for cell in frontier:
        reached[cell] = True
    while frontier:
        cell = frontier.pop()
        for neighbour in NEIGHBOURS[cell]:
            if board[neighbour] and not reached[neighbour]:
                reached[neighbour] = True
                frontier.append(neighbour)
    return [cell for cell in range(CELL_COUNT) if board[cell] and not reached[cell]]


def scores(board: Board) -> tuple[int, int]:
    """Each seat's total height of the stacks it controls; lone DVONN pieces count for nobody (DV-R7).

    >>> scores([(4,), (27, 1, 5), (2,), ()])
    (4, 0)
    """
    totals = [0, 0, 0]
    for stack in board:
        if stack:
            totals[COLOUR_OF[stack[-1]]] += len(stack)
    return totals[WHITE], totals[BLACK]
