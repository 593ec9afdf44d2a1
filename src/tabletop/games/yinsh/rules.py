"""YINSH move generation and notation on bitmasks, with no state: the pieces of the rules.

`rules/yinsh.md` YI-R1 … YI-R7. The state module strings these together into turns; the
functions here only answer questions about a board given as bitmasks (see `geometry`).

Notation (every action id of the game):

- ``F6``: place a ring on F6 (placement phase, YI-S2); path: click F6.
- ``F6F9``: put a marker in the ring on F6 and move the ring to F9 (YI-R1, YI-R2); path:
  click F6, then F9.
- ``row:E2E6``: remove the five markers from E2 to E6 (YI-R5 … YI-R7); the two ends are
  written low end first (the end nearer column A, or nearer number 1 along a column);
  path: click E2, then E6.
- ``remove:F6``: remove your ring on F6 to the scoring track (YI-R5); path: click F6.
- ``pass``: no ring can move (YI-R12); a button.
- ``undo``: back to the start of the turn; a button.

A ring on F2 jumps a marker on F3 and must stop right behind it, on F4 (YI-R2):

>>> f2, f3 = POINT_INDEX["F2"], POINT_INDEX["F3"]
>>> [POINT_NAMES[p] for p in ring_destinations(f2, 1 << f2, 1 << f3) if POINT_NAMES[p][0] == "F"]
['F4']
"""

from __future__ import annotations

from tabletop.engine import Action, ActionId
from tabletop.games.yinsh.geometry import (
    POINT_COUNT,
    POINT_INDEX,
    POINT_NAMES,
    RAYS,
    WINDOW_MASKS,
    WINDOWS,
    WINDOWS_THROUGH,
    mask_of,
)

WHITE, BLACK = 0, 1
COLOUR_NAMES = ("white", "black")
SEAT_NAMES = ("White", "Black")
RINGS_PER_PLAYER = 5
MARKER_POOL = 51
RINGS_TO_WIN = {"standard": 3, "blitz": 1}

PASS = "pass"
UNDO = "undo"
ROW_PREFIX = "row:"
REMOVE_PREFIX = "remove:"


def element_id(point: int) -> str:
    """The id of a point's clickable element in the drawing, e.g. ``pt-f6``."""
    return f"pt-{POINT_NAMES[point].lower()}"


def _placement_action(point: int) -> Action:
    name = POINT_NAMES[point]
    return Action(name, f"Place a ring on {name}", (element_id(point),))


def _move_action(origin: int, target: int) -> Action:
    names = POINT_NAMES[origin], POINT_NAMES[target]
    return Action(
        f"{names[0]}{names[1]}", f"Ring {names[0]} → {names[1]}", tuple(map(element_id, (origin, target)))
    )


def _row_action(window: tuple[int, ...]) -> Action:
    low, high = POINT_NAMES[window[0]], POINT_NAMES[window[-1]]
    path = (element_id(window[0]), element_id(window[-1]))
    return Action(f"{ROW_PREFIX}{low}{high}", f"Remove the row {low}–{high}", path)


def _removal_action(point: int) -> Action:
    name = POINT_NAMES[point]
    return Action(f"{REMOVE_PREFIX}{name}", f"Remove the ring on {name}", (element_id(point),))


PLACEMENT_IDS: tuple[ActionId, ...] = tuple(POINT_NAMES)
ROW_IDS: tuple[ActionId, ...] = tuple(_row_action(window).id for window in WINDOWS)
REMOVAL_IDS: tuple[ActionId, ...] = tuple(_removal_action(point).id for point in range(POINT_COUNT))

# MOVE_RAYS[point][direction]: (bit of the destination, id of the move there) along each ray.
MOVE_RAYS: tuple[tuple[tuple[tuple[int, ActionId], ...], ...], ...] = tuple(
    tuple(tuple((1 << target, _move_action(origin, target).id) for target in ray) for ray in rays)
    for origin, rays in enumerate(RAYS)
)
# MOVES[id]: (origin, target, mask of the points strictly between them).
MOVES: dict[ActionId, tuple[int, int, int]] = {
    _move_action(origin, ray[step]).id: (origin, ray[step], mask_of(ray[:step]))
    for origin, rays in enumerate(RAYS)
    for ray in rays
    for step in range(len(ray))
}

ACTIONS: dict[ActionId, Action] = {
    action.id: action
    for action in (
        *(_placement_action(point) for point in range(POINT_COUNT)),
        *(_move_action(origin, target) for origin, target, _ in MOVES.values()),
        *(_row_action(window) for window in WINDOWS),
        *(_removal_action(point) for point in range(POINT_COUNT)),
        Action(PASS, "Pass (no ring can move)"),
        Action(UNDO, "Undo"),
    )
}
ROW_BY_ID: dict[ActionId, int] = {row_id: index for index, row_id in enumerate(ROW_IDS)}
REMOVAL_BY_ID: dict[ActionId, int] = {removal_id: point for point, removal_id in enumerate(REMOVAL_IDS)}
PLACEMENT_BY_ID: dict[ActionId, int] = POINT_INDEX


def ring_move_ids(ring_points: list[int], rings: int, markers: int) -> list[ActionId]:
    """The ids of every legal move of the rings on `ring_points` (YI-R1, YI-R2).

    Along each ray a ring slides over empty points (each is a destination), may not cross
    a ring, and after jumping one group of markers must stop on the first empty point.
    """
    moves: list[ActionId] = []
    append = moves.append
    occupied = rings | markers
    for origin in ring_points:
        for ray in MOVE_RAYS[origin]:
            jumped = False
            for bit, move_id in ray:
                if bit & occupied:
                    if bit & rings:
                        break
                    jumped = True
                else:
                    append(move_id)
                    if jumped:
                        break
    return moves


def ring_destinations(origin: int, rings: int, markers: int) -> list[int]:
    """The points a ring on `origin` may move to (YI-R2), for people and tests."""
    return [MOVES[move_id][1] for move_id in ring_move_ids([origin], rings, markers)]


def can_any_ring_move(ring_points: list[int], rings: int, markers: int) -> bool:
    """True if one of the rings has a legal move (YI-R12 asks this every turn)."""
    for origin in ring_points:
        for ray in MOVE_RAYS[origin]:
            for bit, _ in ray:
                if bit & rings:
                    break
                if not bit & markers:
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
    because every older row was resolved before the move (YI-R8).
    """
    while changed:
        lowest = changed & -changed
        for index in WINDOWS_THROUGH[lowest.bit_length() - 1]:
            window = WINDOW_MASKS[index]
            if markers & window == window:
                return True
        changed ^= lowest
    return False
