"""DVONN's rules as plain functions of a board (docs/rules/dvonn.md): the single source of legality.

`DvonnState` holds a position and calls these: `placing_seat` and `placed_piece` for the
placement order (DV-S1), `random_setup` for the random setup (DV-S3), `move_ids`, `moves`,
`has_move` and `is_legal_move` for DV-R1 to DV-R3, `isolated_cells` (and its shortcut
`may_cut_contact`) for DV-R4 and `scores` for DV-R7.
None of them keeps anything between calls, so the evaluator and the tests call them too.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine import ActionId, Rng, Seat
from tabletop.games.dvonn.board import (
    BLACK,
    BLACK_PIECES,
    BORDER,
    CELL_COUNT,
    COLOUR_OF,
    DVONN_PIECES,
    JUMP_MOVES,
    JUMPS,
    LONGEST_JUMP,
    MOVE_BY_ID,
    NEIGHBOURS,
    ONE_ARC,
    RED,
    RING_AROUND,
    WHITE,
    WHITE_PIECES,
    Board,
    Cell,
    Move,
    Stack,
)

# --- the placement phase (DV-S1 to DV-S3) ----------------------------------------------

PLACEMENTS = CELL_COUNT
"""The placement phase fills every space, one piece at a time (DV-S1)."""


def placing_seat(placed: int) -> Seat:
    """Who makes the placement after `placed` placements: White the odd ones, Black the even (DV-S1).

    >>> [placing_seat(n) for n in range(6)], placing_seat(48)
    ([0, 1, 0, 1, 0, 1], 0)
    """
    return placed % 2


def placed_piece(placed: int) -> int:
    """The piece number put down by the placement after `placed` placements (DV-S1).

    The first three are the DVONN pieces; then Black's pieces come in number order on the
    even placements and White's on the odd ones.

    >>> [placed_piece(n) for n in (0, 1, 2, 3, 4, 5, 47, 48)]
    [1, 2, 3, 27, 4, 28, 49, 26]
    """
    if placed < len(DVONN_PIECES):
        return DVONN_PIECES[placed]
    if placing_seat(placed) == BLACK:
        return BLACK_PIECES[(placed - 3) // 2]
    return WHITE_PIECES[(placed - 4) // 2]


def random_setup(rng: Rng) -> Board:
    """A full board for the random setup (DV-S3; the generator is our decision Q3).

    The DVONN pieces go to three inner cells of which no two are neighbours, drawn
    uniformly (by rejection); the 46 other pieces are shuffled onto the remaining cells.
    """
    inner = [cell for cell in range(CELL_COUNT) if cell not in BORDER]
    while True:
        chosen = [inner[index] for index in _sample(rng, len(inner), len(DVONN_PIECES))]
        if not any(other in NEIGHBOURS[cell] for cell in chosen for other in chosen):
            break
    others = [cell for cell in range(CELL_COUNT) if cell not in chosen]
    rng.shuffle(others)
    board: Board = [() for _ in range(CELL_COUNT)]
    for piece, cell in zip(DVONN_PIECES + WHITE_PIECES + BLACK_PIECES, chosen + others, strict=True):
        board[cell] = (piece,)
    return board


def _sample(rng: Rng, population: int, count: int) -> list[int]:
    """`count` distinct indices below `population`, uniformly (a partial Fisher–Yates)."""
    indices = list(range(population))
    for position in range(count):
        swap = position + rng.below(population - position)
        indices[position], indices[swap] = indices[swap], indices[position]
    return indices[:count]


# --- stacks and moves (DV-R1 to DV-R3) -------------------------------------------------


def owner(stack: Stack) -> Seat | None:
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
    # map over board.__getitem__ rather than a generator: this runs for every stack on every move
    return cell not in BORDER and all(map(board.__getitem__, NEIGHBOURS[cell]))


def move_ids(board: Board, seat: Seat) -> list[ActionId]:
    """The ids of every legal stack move of `seat`, in cell order (DV-R1 ownership, DV-R2, DV-R3).

    A stack of height h jumps exactly h spaces along a line, over anything, and must land on
    an occupied space.
    """
    return [
        move_id
        for cell in _mobile_stacks(board, seat)
        for target, move_id in JUMP_MOVES[cell][len(board[cell])]
        if board[target]
    ]


def moves(board: Board, seat: Seat) -> list[Move]:
    """Every legal stack move of `seat` as (from, to) pairs, in the order of `move_ids`."""
    return [MOVE_BY_ID[move_id][:2] for move_id in move_ids(board, seat)]


def has_move(board: Board, seat: Seat) -> bool:
    """Whether `seat` has any legal move: `moves` stopped at the first one found (DV-R5, DV-R6)."""
    return any(
        board[target] for cell in _mobile_stacks(board, seat) for target in _jumps(len(board[cell]), cell)
    )


def is_legal_move(board: Board, seat: Seat, move: tuple[Cell, Cell, int]) -> bool:
    """Whether one from-to pair on a line, `distance` apart, is a legal move of `seat` (DV-R1 to DV-R3).

    The answer `moves` would give for this one pair, without generating the others: the
    engine asks it on every move.
    """
    origin, target, distance = move
    stack = board[origin]
    return (
        len(stack) == distance
        and COLOUR_OF[stack[-1]] == seat
        and bool(board[target])
        and not is_blocked(board, origin)
    )


def _mobile_stacks(board: Board, seat: Seat) -> list[Cell]:
    """The cells of the stacks `seat` controls that are not surrounded (DV-R1, DV-R2).

    `is_blocked` is written out here rather than called: a call per stack was a third of
    the time of a random DVONN game.
    """
    return [
        cell
        for cell, stack in enumerate(board)
        if stack
        and COLOUR_OF[stack[-1]] == seat
        and (cell in BORDER or not all(map(board.__getitem__, NEIGHBOURS[cell])))
    ]


def _jumps(height: int, cell: Cell) -> tuple[Cell, ...]:
    return JUMPS[cell][height] if height <= LONGEST_JUMP else ()


# --- contact and the score (DV-R4, DV-R7) ----------------------------------------------


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


def may_cut_contact(board: Board, emptied: Cell) -> bool:
    """Whether emptying the cell `emptied` may have cut stacks off from the DVONN pieces (DV-R4).

    Not if the occupied neighbours of `emptied` form one unbroken arc around it: neighbours
    next to each other around a cell touch, so every chain of stacks that ran through it can
    go round it instead. A move that leaves DVONN pieces where they were and passes this
    test cannot isolate anything on a board where every stack was in contact, and the
    search of `isolated_cells` is skipped.
    """
    pattern = 0
    for bit, neighbour in RING_AROUND[emptied]:
        if board[neighbour]:
            pattern |= bit
    return not ONE_ARC[pattern]


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
