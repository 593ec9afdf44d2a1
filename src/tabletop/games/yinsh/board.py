"""YINSH's board and notation: 85 points, 33 lines, 123 five-point windows, and the action ids.

Section 2 of docs/rules/yinsh.md for the board, section 8 for the notation. A point is an
integer index (0…84) into `POINT_NAMES`, ordered by column A…K and, inside a column, by
number; a set of points is a bitmask with bit `i` standing for point `i`, so that "are
these five markers all white?" is one `&`.

Axial coordinates (q, r) have the centre F6 at (0, 0): column letter A…K is q = −5…5 and
the number is r + 6. The six directions of movement change (q, r) by (0, ±1) (along a
column), (±1, 0) (along a number) or ±(1, 1) (the diagonal where both grow).

>>> len(POINT_NAMES), len(LINES), len(WINDOWS)
(85, 33, 123)
>>> [POINT_NAMES[p] for p in RAYS[POINT_INDEX["A2"]][0]]
['A3', 'A4', 'A5']
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.engine import Action, ActionId

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


def mask_of_points(points: Iterable[int]) -> int:
    """The bitmask of a collection of points."""
    mask = 0
    for point in points:
        mask |= 1 << point
    return mask


def points_of(mask: int) -> list[int]:
    """The points of a bitmask, in board order.

    >>> [POINT_NAMES[p] for p in points_of(mask_of_points([POINT_INDEX["F6"], POINT_INDEX["A2"]]))]
    ['A2', 'F6']
    """
    points = []
    while mask:
        lowest = mask & -mask
        points.append(lowest.bit_length() - 1)
        mask ^= lowest
    return points


WINDOW_MASKS: tuple[int, ...] = tuple(mask_of_points(window) for window in WINDOWS)
# WINDOWS_THROUGH[point]: the indices of the windows containing that point.
WINDOWS_THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(index for index, window in enumerate(WINDOWS) if point in window) for point in range(POINT_COUNT)
)


def _row_spans(point: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For each line through `point`: the mask of its windows through the point, and theirs."""
    spans = []
    for line in LINES:
        windows = [WINDOWS[index] for index in WINDOWS_THROUGH[point] if set(WINDOWS[index]) <= set(line)]
        if windows:
            span = mask_of_points(member for window in windows for member in window)
            spans.append((span, tuple(mask_of_points(window) for window in windows)))
    return tuple(spans)


# ROW_SPANS[point]: per line through the point, (the points at most four steps away on it, the
# masks of its windows through the point). A row through the point along that line needs five
# markers among those points, so one count rules out up to five windows at once.
ROW_SPANS: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    _row_spans(point) for point in range(POINT_COUNT)
)


# -- the pieces (section 3) -------------------------------------------------------------------

WHITE, BLACK = 0, 1
"""The colours are the seats: seat 0 plays White and starts (YI-S1)."""
COLOUR_NAMES = ("white", "black")
SEAT_NAMES = ("White", "Black")
RINGS_PER_PLAYER = 5
MARKER_POOL = 51

POINT_EMPTY, POINT_MARKER, POINT_RING = 0, 1, 2
"""What a point holds, as `contents_of` writes it (a marker of either colour is a POINT_MARKER)."""


def contents_of(rings: int, markers: int) -> bytearray:
    """What each point holds, by point, given the masks of the rings and of the markers.

    Ring moves walk the board point by point; reading one small number per point from a
    bytearray is much cheaper than testing a bit of an 85-bit mask (every test makes a new
    integer), so the state keeps this beside its masks.

    >>> contents_of(0b100, 0b011)[:4]
    bytearray(b'\\x01\\x01\\x02\\x00')
    """
    contents = bytearray(POINT_COUNT)
    for point in points_of(markers):
        contents[point] = POINT_MARKER
    for point in points_of(rings):
        contents[point] = POINT_RING
    return contents


SUPPLY, SCORED = -1, -2
"""Where a ring is when not on a point: in the supply (not yet placed), or on the scoring
track, where SCORED - k stands for the k-th slot (0-based) of its owner."""


# -- the notation (section 8) -----------------------------------------------------------------

PASS = "pass"
UNDO = "undo"
ROW_PREFIX = "row:"
REMOVE_PREFIX = "remove:"


def element_id(point: int) -> str:
    """The id of a point's clickable element in the drawing, e.g. ``pt-f6``."""
    return f"pt-{POINT_NAMES[point].lower()}"


def ring_id(index: int) -> str:
    """The drawing's id of a ring, by its number: White's ``ring-w-1`` … Black's ``ring-b-5``.

    Rings are numbered per colour in the order they were placed, so each keeps its id from
    the supply to the board to the scoring track.
    """
    seat, number = divmod(index, RINGS_PER_PLAYER)
    return f"ring-{COLOUR_NAMES[seat][0]}-{number + 1}"


def marker_id(point: int) -> str:
    """A marker never moves, so the point it lies on names it for its whole life: ``marker-f6``."""
    return f"marker-{POINT_NAMES[point].lower()}"


def _placement_action(point: int) -> Action:
    name = POINT_NAMES[point]
    return Action(name, f"Place a ring on {name}", (element_id(point),))


def _move_action(origin: int, target: int) -> Action:
    names = POINT_NAMES[origin], POINT_NAMES[target]
    return Action(
        f"{names[0]}{names[1]}", f"Ring {names[0]} → {names[1]}", tuple(map(element_id, (origin, target)))
    )


def _row_action(window: tuple[int, ...]) -> Action:
    """A row is named by its two ends, low end first: the end nearer column A, or number 1."""
    low, high = POINT_NAMES[window[0]], POINT_NAMES[window[-1]]
    path = (element_id(window[0]), element_id(window[-1]))
    return Action(f"{ROW_PREFIX}{low}{high}", f"Remove the row {low}–{high}", path)


def _removal_action(point: int) -> Action:
    name = POINT_NAMES[point]
    return Action(f"{REMOVE_PREFIX}{name}", f"Remove the ring on {name}", (element_id(point),))


PLACEMENT_IDS: tuple[ActionId, ...] = tuple(POINT_NAMES)
ROW_IDS: tuple[ActionId, ...] = tuple(_row_action(window).id for window in WINDOWS)
REMOVAL_IDS: tuple[ActionId, ...] = tuple(_removal_action(point).id for point in range(POINT_COUNT))

# MOVE_RAYS[point]: along each ray that holds a point, (destination, id of the move there),
# so that move generation walks `contents` and appends prebuilt ids.
MOVE_RAYS: tuple[tuple[tuple[tuple[int, ActionId], ...], ...], ...] = tuple(
    tuple(tuple((target, _move_action(origin, target).id) for target in ray) for ray in rays if ray)
    for origin, rays in enumerate(RAYS)
)
# MOVES[id]: (origin, target, mask of the points strictly between them).
MOVES: dict[ActionId, tuple[int, int, int]] = {
    _move_action(origin, ray[step]).id: (origin, ray[step], mask_of_points(ray[:step]))
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
"""Every action of the game by id, built once: legal actions are looked up, never built."""
ROW_BY_ID: dict[ActionId, int] = {row_id: index for index, row_id in enumerate(ROW_IDS)}
REMOVAL_BY_ID: dict[ActionId, int] = {removal_id: point for point, removal_id in enumerate(REMOVAL_IDS)}


def mask_of_names(names: Iterable[str]) -> int:
    """The bitmask of points given by name.

    >>> points_of(mask_of_names(["F6", "A2"])) == sorted([POINT_INDEX["F6"], POINT_INDEX["A2"]])
    True
    """
    return mask_of_points([POINT_INDEX[name] for name in names])


def parse_point(name: object) -> int:
    """The point a name stands for; ValueError, saying what is expected, for anything else.

    >>> parse_point("F6") == POINT_INDEX["F6"]
    True
    """
    if not isinstance(name, str) or name not in POINT_INDEX:
        raise ValueError(f"{name!r} is not a point of the YINSH board (A2 … K10, e.g. F6)")
    return POINT_INDEX[name]


def names_of(points: Iterable[int]) -> list[str]:
    """The names of points, in the order given."""
    return [POINT_NAMES[point] for point in points]


RING_PLACE_NAMES = {SUPPLY: "supply"} | {
    SCORED - slot: f"track-{slot + 1}" for slot in range(RINGS_PER_PLAYER)
}
"""How a ring off the board is written in a record: "supply", or "track-1" … "track-3"."""
RING_PLACES = {name: place for place, name in RING_PLACE_NAMES.items()}


# -- research: the action space --------------------------------------------------------------


def action_space() -> tuple[ActionId, ...]:
    """Every id ever legal, in `ACTIONS` order: 85 placements, the ring moves, 123 rows,
    85 ring removals, then "pass" and "undo".

    Placements and removals follow the points' index order (A2, A3, …), ring moves their
    origin, then direction (`DIRECTIONS`), then distance, rows the windows' order.

    >>> space = action_space()
    >>> len(space), space[:2], space[85:87], space[-2:]
    (2143, ('A2', 'A3'), ('A2A3', 'A2A4'), ('pass', 'undo'))
    """
    return tuple(ACTIONS)
