"""The YINSH board: 85 points of a triangular lattice, its 33 lines and 123 five-point windows.

Section 2 of `rules/yinsh.md`. A point is an integer index (0…84) into `POINT_NAMES`,
ordered by column A…K and, inside a column, by number; a set of points is a bitmask with
bit `i` standing for point `i`, so that "are these five markers all white?" is one `&`.

Axial coordinates (q, r) have the centre F6 at (0, 0): column letter A…K is q = −5…5 and
the number is r + 6. The six directions of movement change (q, r) by (0, ±1) (along a
column), (±1, 0) (along a number) or ±(1, 1) (the diagonal where both grow).

>>> len(POINT_NAMES), len(LINES), len(WINDOWS)
(85, 33, 123)
>>> [POINT_NAMES[p] for p in RAYS[POINT_INDEX["A2"]][0]]
['A3', 'A4', 'A5']
"""

from __future__ import annotations

Coordinates = tuple[int, int]

COLUMN_LETTERS = "ABCDEFGHIJK"
BOARD_RADIUS = 5
ROW_LENGTH = 5

# The three axes of the lattice; each gives two directions of movement (forwards, backwards).
AXES: tuple[Coordinates, ...] = ((0, 1), (1, 0), (1, 1))
DIRECTIONS: tuple[Coordinates, ...] = tuple(step for dq, dr in AXES for step in ((dq, dr), (-dq, -dr)))


def is_on_board(q: int, r: int) -> bool:
    """True for the 85 points: hex distance at most 5 from F6, minus the six corners (2.1).

    >>> is_on_board(0, 0), is_on_board(5, 5), is_on_board(4, 5)
    (True, False, True)
    """
    distance = max(abs(q), abs(r), abs(q - r))
    return distance < BOARD_RADIUS or (distance == BOARD_RADIUS and 0 not in (q, r, q - r))


def point_name(q: int, r: int) -> str:
    """Human notation (2.2): the column letter then the number, e.g. F6 for the centre."""
    return f"{COLUMN_LETTERS[q + BOARD_RADIUS]}{r + BOARD_RADIUS + 1}"


def _all_coordinates() -> tuple[Coordinates, ...]:
    span = range(-BOARD_RADIUS, BOARD_RADIUS + 1)
    return tuple((q, r) for q in span for r in span if is_on_board(q, r))


COORDINATES: tuple[Coordinates, ...] = _all_coordinates()
POINT_COUNT = len(COORDINATES)
POINT_NAMES: tuple[str, ...] = tuple(point_name(q, r) for q, r in COORDINATES)
POINT_INDEX: dict[str, int] = {name: index for index, name in enumerate(POINT_NAMES)}
_INDEX_OF_COORDINATES: dict[Coordinates, int] = {qr: index for index, qr in enumerate(COORDINATES)}


def _ray(point: int, step: Coordinates) -> tuple[int, ...]:
    """The points met walking from `point` in one direction until the edge (never a gap: 2.2)."""
    q, r = COORDINATES[point]
    points = []
    while (q + step[0], r + step[1]) in _INDEX_OF_COORDINATES:
        q, r = q + step[0], r + step[1]
        points.append(_INDEX_OF_COORDINATES[(q, r)])
    return tuple(points)


# RAYS[point][direction]: the points in that direction, nearest first (DIRECTIONS order).
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(point, step) for step in DIRECTIONS) for point in range(POINT_COUNT)
)


def _lines() -> tuple[tuple[int, ...], ...]:
    """Every maximal line of the board, 11 per axis, each listed from its low end (2.3)."""
    lines = []
    for axis in AXES:
        backwards = (-axis[0], -axis[1])
        for point in range(POINT_COUNT):
            if not _ray(point, backwards):
                lines.append((point, *_ray(point, axis)))
    return tuple(lines)


LINES: tuple[tuple[int, ...], ...] = _lines()
# Every run of five consecutive points on a line: the places a row (YI-R4) can be.
WINDOWS: tuple[tuple[int, ...], ...] = tuple(
    line[start : start + ROW_LENGTH] for line in LINES for start in range(len(line) - ROW_LENGTH + 1)
)


def mask_of(points: tuple[int, ...] | list[int]) -> int:
    """The bitmask of a collection of points."""
    mask = 0
    for point in points:
        mask |= 1 << point
    return mask


def points_of(mask: int) -> list[int]:
    """The points of a bitmask, in board order.

    >>> [POINT_NAMES[p] for p in points_of(mask_of([POINT_INDEX["F6"], POINT_INDEX["A2"]]))]
    ['A2', 'F6']
    """
    points = []
    while mask:
        lowest = mask & -mask
        points.append(lowest.bit_length() - 1)
        mask ^= lowest
    return points


WINDOW_MASKS: tuple[int, ...] = tuple(mask_of(window) for window in WINDOWS)
# WINDOWS_THROUGH[point]: the indices of the windows containing that point.
WINDOWS_THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(index for index, window in enumerate(WINDOWS) if point in window) for point in range(POINT_COUNT)
)
