"""The Crazy Farmers board (section 2.3 of docs/rules/crazyfarmers.md) and its notation.

The 37 plots are flat-topped hexagons in axial coordinates (q, r); the tractors drive on
the 96 crossroads (hexagon corners) along the 132 paths (hexagon edges). Everything a move
needs is precomputed here as tuples of small integers, and fields are bit masks over the
plots, because the rules ask "does this crossroad touch my field?" on every move and a
mask test is one `&`.

Notation: a plot is written "q,r" ("0,-2"), a crossroad "q,r,L" or "q,r,R" (the west or
east corner of plot q,r, which may lie off the board), a path "q,r,N", "q,r,NW" or
"q,r,NE" (that side of plot q,r).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable

Plot = int
Crossroad = int
PathId = int
Mask = int

RADIUS = 3
DIRECTIONS = {"N": (0, -1), "S": (0, 1), "NE": (1, -1), "SE": (1, 0), "SW": (-1, 1), "NW": (-1, 0)}
UP, DOWN, HORIZONTAL = "Up", "Down", "Horizontal"


def on_board(q: int, r: int) -> bool:
    """Whether (q, r) is one of the 37 plots."""
    return max(abs(q), abs(r), abs(q + r)) <= RADIUS


def _shift(q: int, r: int, direction: str) -> tuple[int, int]:
    dq, dr = DIRECTIONS[direction]
    return q + dq, r + dr


PLOT_COORDS: tuple[tuple[int, int], ...] = tuple(
    (q, r) for q in range(-RADIUS, RADIUS + 1) for r in range(-RADIUS, RADIUS + 1) if on_board(q, r)
)
PLOT_INDEX: dict[tuple[int, int], Plot] = {coords: index for index, coords in enumerate(PLOT_COORDS)}
PLOT_COUNT = len(PLOT_COORDS)
ALL_PLOTS: Mask = (1 << PLOT_COUNT) - 1


def _plot_at(q: int, r: int) -> Plot:
    """The plot index at (q, r), or -1 off the board."""
    return PLOT_INDEX.get((q, r), -1)


def _corner_plots(q: int, r: int, side: str) -> tuple[tuple[int, int], ...]:
    """The three plot positions a crossroad touches (2.3)."""
    if side == "L":
        return (q, r), _shift(q, r, "NW"), _shift(q, r, "SW")
    return (q, r), _shift(q, r, "NE"), _shift(q, r, "SE")


CROSSROAD_COORDS: tuple[tuple[int, int, str], ...] = tuple(
    (q, r, side)
    for q in range(-RADIUS - 1, RADIUS + 2)
    for r in range(-RADIUS - 1, RADIUS + 2)
    for side in ("L", "R")
    if any(on_board(*plot) for plot in _corner_plots(q, r, side))
)
CROSSROAD_INDEX: dict[tuple[int, int, str], Crossroad] = {c: i for i, c in enumerate(CROSSROAD_COORDS)}
CROSSROAD_COUNT = len(CROSSROAD_COORDS)


def _mask_of(positions: tuple[tuple[int, int], ...]) -> Mask:
    mask = 0
    for q, r in positions:
        if on_board(q, r):
            mask |= 1 << PLOT_INDEX[(q, r)]
    return mask


CROSSROAD_PLOTS: tuple[Mask, ...] = tuple(_mask_of(_corner_plots(*c)) for c in CROSSROAD_COORDS)
"""The on-board plots each crossroad touches, as a mask."""


def _path_ends(q: int, r: int, side: str) -> tuple[tuple[int, int, str], tuple[int, int, str]]:
    """The two crossroads a path joins (2.3: N is the top edge, NW and NE the upper slanted ones)."""
    if side == "N":
        return (*_shift(q, r, "NW"), "R"), (*_shift(q, r, "NE"), "L")
    if side == "NW":
        return (q, r, "L"), (*_shift(q, r, "NW"), "R")
    return (q, r, "R"), (*_shift(q, r, "NE"), "L")


PATH_COORDS: tuple[tuple[int, int, str], ...] = tuple(
    (q, r, side)
    for q in range(-RADIUS - 1, RADIUS + 2)
    for r in range(-RADIUS - 1, RADIUS + 2)
    for side in ("N", "NW", "NE")
    if on_board(q, r) or on_board(*_shift(q, r, side))
)
PATH_INDEX: dict[tuple[int, int, str], PathId] = {p: i for i, p in enumerate(PATH_COORDS)}
PATH_COUNT = len(PATH_COORDS)
PATH_PLOTS: tuple[Mask, ...] = tuple(_mask_of(((q, r), _shift(q, r, side))) for q, r, side in PATH_COORDS)
"""The on-board plots on either side of each path."""
PATH_ENDS: tuple[tuple[Crossroad, Crossroad], ...] = tuple(
    (CROSSROAD_INDEX[a], CROSSROAD_INDEX[b]) for a, b in (_path_ends(*p) for p in PATH_COORDS)
)
INNER_PATHS: frozenset[PathId] = frozenset(p for p in range(PATH_COUNT) if PATH_PLOTS[p].bit_count() == 2)
INNER_PATH_MASK: Mask = sum(1 << p for p in INNER_PATHS)
"""The paths between two plots, where a hay bale may lie (R56), as a mask of paths."""
PATH_SHADOWS: tuple[Mask, ...] = tuple(
    _mask_of(tuple((q, below) for below in range(r, RADIUS + 1))) if side == "N" else 0
    for q, r, side in PATH_COORDS
)
"""For each horizontal ("N") path, the plots of its column from the one below it down: those
whose upward ray crosses it, what the even–odd fill of an annexation counts (R26)."""


def _step(q: int, r: int, side: str, direction: str) -> tuple[tuple[int, int, str], tuple[int, int, str]]:
    """The path used and the crossroad reached by a move (table of 2.3)."""
    if side == "L":
        if direction == UP:
            return (q, r, "NW"), (*_shift(q, r, "NW"), "R")
        if direction == DOWN:
            return (*_shift(q, r, "SW"), "NE"), (*_shift(q, r, "SW"), "R")
        return (*_shift(q, r, "SW"), "N"), (q - 2, r + 1, "R")
    if direction == UP:
        return (q, r, "NE"), (*_shift(q, r, "NE"), "L")
    if direction == DOWN:
        return (*_shift(q, r, "SE"), "NW"), (*_shift(q, r, "SE"), "L")
    return (*_shift(q, r, "SE"), "N"), (q + 2, r - 1, "L")


def _moves_from(crossroad: tuple[int, int, str]) -> tuple[tuple[PathId, Crossroad], ...]:
    found = []
    for direction in (UP, DOWN, HORIZONTAL):
        path, destination = _step(*crossroad, direction)
        if destination in CROSSROAD_INDEX:
            found.append((PATH_INDEX[path], CROSSROAD_INDEX[destination]))
    return tuple(found)


MOVES: tuple[tuple[tuple[PathId, Crossroad], ...], ...] = tuple(_moves_from(c) for c in CROSSROAD_COORDS)
"""From each crossroad: (path, destination) for every direction whose destination exists (R14a)."""


def neighbour(crossroad: Crossroad, direction: str) -> Crossroad:
    """The crossroad reached from `crossroad` going Up, Down or Horizontal; -1 off the board (R14a)."""
    _, destination = _step(*CROSSROAD_COORDS[crossroad], direction)
    return CROSSROAD_INDEX.get(destination, -1)


PATH_BETWEEN: dict[tuple[Crossroad, Crossroad], PathId] = {
    (a, b): path for a in range(CROSSROAD_COUNT) for path, b in MOVES[a]
}


def _plot_neighbours(q: int, r: int) -> Mask:
    return _mask_of(tuple(_shift(q, r, d) for d in DIRECTIONS))


PLOT_NEIGHBOURS: tuple[Mask, ...] = tuple(_plot_neighbours(q, r) for q, r in PLOT_COORDS)
PLOT_CORNERS: tuple[tuple[Crossroad, ...], ...] = tuple(
    tuple(
        CROSSROAD_INDEX[c]
        for c in (
            (q, r, "L"),
            (q, r, "R"),
            (*_shift(q, r, "NW"), "R"),
            (*_shift(q, r, "NE"), "L"),
            (*_shift(q, r, "SW"), "R"),
            (*_shift(q, r, "SE"), "L"),
        )
    )
    for q, r in PLOT_COORDS
)
"""The six corners of each plot, in the order of scenario 2 (west, east, then the four others)."""


# --- screen geometry (also used by the boundary walk, which needs "left") ------------------


def plot_centre(q: float, r: float) -> tuple[float, float]:
    """The centre of plot (q, r) for a hexagon of circumradius 1, y pointing down (N is up)."""
    return 1.5 * q, math.sqrt(3) * (r + q / 2)


def crossroad_point(crossroad: Crossroad) -> tuple[float, float]:
    """Where a crossroad lies, in the units of `plot_centre`."""
    q, r, side = CROSSROAD_COORDS[crossroad]
    x, y = plot_centre(q, r)
    return (x - 1, y) if side == "L" else (x + 1, y)


def _left_plot(a: Crossroad, b: Crossroad, path: PathId) -> tuple[int, int]:
    """The plots on the walker's left and right going from a to b along `path` (-1 off the board)."""
    (ax, ay), (bx, by) = crossroad_point(a), crossroad_point(b)
    q, r, side = PATH_COORDS[path]
    first, second = (q, r), _shift(q, r, side)
    fx, fy = plot_centre(*first)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    on_left = (fx - mx) * (by - ay) + (fy - my) * (ax - bx) > 0
    left, right = (first, second) if on_left else (second, first)
    return _plot_at(*left), _plot_at(*right)


def _side_bits(a: Crossroad, b: Crossroad, path: PathId) -> tuple[Mask, Mask]:
    """The plots on the walker's left and right going from a to b, as masks (0 off the board)."""
    left, right = _left_plot(a, b, path)
    return (1 << left if left >= 0 else 0), (1 << right if right >= 0 else 0)


LEFT_STEPS: tuple[tuple[tuple[PathId, Crossroad, Mask, Mask], ...], ...] = tuple(
    tuple((path, there, *_side_bits(here, there, path)) for path, there in MOVES[here])
    for here in range(CROSSROAD_COUNT)
)
"""From each crossroad, every step with the plots on the walker's left and right as masks:
what the boundary walk of an annexation tests (R26), one `&` a side."""


# --- notation -------------------------------------------------------------------------------

PLOT_NAMES: tuple[str, ...] = tuple(f"{q},{r}" for q, r in PLOT_COORDS)
CROSSROAD_NAMES: tuple[str, ...] = tuple(f"{q},{r},{side}" for q, r, side in CROSSROAD_COORDS)
PATH_NAMES: tuple[str, ...] = tuple(f"{q},{r},{side}" for q, r, side in PATH_COORDS)
PLOT_BY_NAME = {name: index for index, name in enumerate(PLOT_NAMES)}
CROSSROAD_BY_NAME = {name: index for index, name in enumerate(CROSSROAD_NAMES)}
PATH_BY_NAME = {name: index for index, name in enumerate(PATH_NAMES)}
CrossroadMask = int
"""A set of crossroads as bits (crossroad c is bit c), like a field's plots."""


def crossroad_mask(crossroads: Iterable[Crossroad]) -> CrossroadMask:
    """The crossroads as a mask."""
    result = 0
    for crossroad in crossroads:
        result |= 1 << crossroad
    return result


def _move_names(moves: tuple[tuple[PathId, Crossroad], ...]) -> dict[CrossroadMask, tuple[str, ...]]:
    """For every subset of the destinations (as a mask), their names in the order of `moves`."""
    return {
        crossroad_mask(there for _, there in chosen): tuple(CROSSROAD_NAMES[there] for _, there in chosen)
        for size in range(len(moves) + 1)
        for chosen in itertools.combinations(moves, size)
    }


MOVE_TARGETS: tuple[CrossroadMask, ...] = tuple(
    crossroad_mask(there for _, there in moves) for moves in MOVES
)
"""From each crossroad, the destinations of its moves (R14a) as a mask."""
MOVE_PATHS: tuple[Mask, ...] = tuple(sum(1 << path for path, _ in moves) for moves in MOVES)
"""From each crossroad, the paths of its moves as a mask of paths (what a hay bale blocks, R14b)."""
MOVE_STEPS: tuple[tuple[tuple[Mask, CrossroadMask], ...], ...] = tuple(
    tuple((1 << path, 1 << there) for path, there in moves) for moves in MOVES
)
"""`MOVES` with each path and destination as its bit."""
MOVE_NAMES: tuple[dict[CrossroadMask, tuple[str, ...]], ...] = tuple(_move_names(moves) for moves in MOVES)
"""From each crossroad, the ids of the moves to any subset of its destinations, in `MOVES` order:
listing the legal moves at every step of a game is one mask and one look-up."""


def plot(name: str) -> Plot:
    """The plot written "q,r"."""
    return PLOT_BY_NAME[name]


def crossroad(name: str) -> Crossroad:
    """The crossroad written "q,r,L" or "q,r,R"."""
    return CROSSROAD_BY_NAME[name]


def path(name: str) -> PathId:
    """The path written "q,r,N", "q,r,NW" or "q,r,NE"."""
    return PATH_BY_NAME[name]


def mask(*names: str) -> Mask:
    """The field made of the plots written "q,r"."""
    result = 0
    for name in names:
        result |= 1 << PLOT_BY_NAME[name]
    return result


def plots_of(field: Mask) -> list[Plot]:
    """The plots of a mask, in index order."""
    found = []
    while field:
        low = field & -field
        found.append(low.bit_length() - 1)
        field ^= low
    return found


# --- setup tables (2.4) ---------------------------------------------------------------------

START_PLOTS: dict[int, tuple[str, ...]] = {
    2: ("0,-2", "0,2"),
    3: ("0,-2", "-2,2", "2,0"),
    4: ("1,-2", "-2,0", "-1,2", "2,0"),
}
BARNS_TWO_OR_THREE = (
    "0,0", "0,-3", "0,3", "3,-3", "-3,0", "3,0", "-3,3", "-2,1", "2,-1", "1,-2", "-1,-1", "1,1", "-1,2",
)  # fmt: skip
BARNS_FOUR = ("0,0", "-1,-1", "1,1", "2,-2", "-2,2", "1,-3", "-1,3", "3,-1", "-3,1")
BARN_PLOTS: dict[int, Mask] = {
    2: mask(*BARNS_TWO_OR_THREE),
    3: mask(*BARNS_TWO_OR_THREE),
    4: mask(*BARNS_FOUR),
}
