"""YINSH's rules as functions of a board given as bitmasks: the single source of legality.

docs/rules/yinsh.md YI-R1 … YI-R12. `YinshState` strings these into turns; the functions
here keep nothing between calls and only answer questions about rings and markers given as
bitmasks (see `board`): where a ring may go, which rows exist, whether a row was made, and
whether a hand-made position is one a game can reach.

A ring on F2 jumps a marker on F3 and must stop right behind it, on F4 (YI-R2):

>>> from tabletop.games.yinsh.board import POINT_INDEX, POINT_NAMES
>>> f2, f3 = POINT_INDEX["F2"], POINT_INDEX["F3"]
>>> [POINT_NAMES[p] for p in ring_destinations(f2, 1 << f2, 1 << f3) if POINT_NAMES[p][0] == "F"]
['F4']
"""

from __future__ import annotations

from tabletop.engine import ActionId
from tabletop.games.yinsh.board import (
    MARKER_POOL,
    MOVE_RAYS,
    MOVES,
    POINT_EMPTY,
    POINT_RING,
    ROW_LENGTH,
    ROW_SPANS,
    WINDOW_MASKS,
    contents_of,
    points_of,
)

RINGS_TO_WIN = {"standard": 3, "blitz": 1}
"""Rings a player must remove to win, by variant (YI-R9, YI-R10)."""


def ring_move_ids(ring_points: list[int], contents: bytearray) -> list[ActionId]:
    """The ids of every legal move of the rings on `ring_points` (YI-R1, YI-R2).

    Along each ray a ring slides over empty points (each is a destination), may not cross
    a ring, and after jumping one group of markers must stop on the first empty point.
    `contents` says what each point holds (`contents_of`).
    """
    moves: list[ActionId] = []
    append = moves.append
    for origin in ring_points:
        for ray in MOVE_RAYS[origin]:
            jumped = False
            for point, move_id in ray:
                held = contents[point]
                if held:
                    if held == POINT_RING:
                        break
                    jumped = True
                else:
                    append(move_id)
                    if jumped:
                        break
    return moves


def ring_destinations(origin: int, rings: int, markers: int) -> list[int]:
    """The points a ring on `origin` may move to (YI-R2), given masks, for people and tests."""
    return [MOVES[move_id][1] for move_id in ring_move_ids([origin], contents_of(rings, markers))]


def can_any_ring_move(ring_points: list[int], contents: bytearray) -> bool:
    """True if one of the rings has a legal move (YI-R12 asks this every turn)."""
    for origin in ring_points:
        for ray in MOVE_RAYS[origin]:
            for point, _ in ray:
                held = contents[point]
                if held == POINT_RING:
                    break
                if held == POINT_EMPTY:
                    return True
    return False


def rows_in(markers: int) -> list[int]:
    """The windows (indices into `WINDOWS`) whose five points all hold these markers (YI-R4).

    A line of six gives two windows and a line of seven three: each is a choice (YI-R6).
    """
    return [index for index, window in enumerate(WINDOW_MASKS) if markers & window == window]


def has_row_through(markers: int, changed: int) -> bool:
    """True if a complete row of these markers passes through a point of `changed`.

    After a ring move only the placed and the flipped markers can have made a new row,
    because every older row was resolved before the move (YI-R8). Each line through a
    changed point is counted first (`ROW_SPANS`): most hold fewer than five such markers.
    """
    while changed:
        lowest = changed & -changed
        for span, windows in ROW_SPANS[lowest.bit_length() - 1]:
            if (markers & span).bit_count() >= ROW_LENGTH:
                for window in windows:
                    if markers & window == window:
                        return True
        changed ^= lowest
    return False


def check_position(variant: str, rings: list[int], white: int, black: int, removed: tuple[int, int]) -> None:
    """Refuses a hand-made position with a ring to move that no game can reach (ValueError).

    `rings` are the points of the rings on the board; `white` and `black` the markers.
    """
    pieces = [*rings, *points_of(white), *points_of(black)]
    if len(set(pieces)) != len(pieces):
        raise ValueError("two pieces on one point: a point holds one ring or one marker")
    if len(pieces) - len(rings) >= MARKER_POOL:
        raise ValueError(f"at most {MARKER_POOL - 1} markers: a ring move needs one from the pool")
    if rows_in(white) or rows_in(black):
        raise ValueError("a position to move from has no row of five: rows are resolved first (YI-R8)")
    if variant not in RINGS_TO_WIN or max(removed) >= RINGS_TO_WIN[variant]:
        raise ValueError(f"variant {variant!r} with {removed} rings removed is not a game in progress")
