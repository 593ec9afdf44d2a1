"""Pure functions of a Crazy Farmers position: fields, fences, annexation, bales, bribes.

Rule numbers are those of docs/rules/crazyfarmers.md. Fields are plot masks and fences
are lists of crossroads from the start to the tractor (see `board`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from tabletop.engine import Tensor
from tabletop.games.crazyfarmers.board import (
    CROSSROAD_BY_NAME,
    CROSSROAD_COUNT,
    CROSSROAD_PLOTS,
    INNER_PATH_MASK,
    LEFT_STEPS,
    MOVES,
    PATH_BETWEEN,
    PATH_BY_NAME,
    PATH_COUNT,
    PATH_ENDS,
    PATH_SHADOWS,
    PLOT_BY_NAME,
    PLOT_COORDS,
    PLOT_COUNT,
    PLOT_INDEX,
    PLOT_NEIGHBOURS,
    Crossroad,
    Mask,
    PathId,
    Plot,
    on_board,
    plots_of,
)

# --- cards (2.2) ----------------------------------------------------------------------------

NITRO_1, NITRO_2, RUT = "nitro1", "nitro2", "rut"
BALE_1, BALE_2, DYNAMITE = "bale1", "bale2", "dynamite"
VOLTAGE, WATCHDOG, HELICOPTER, BRIBE = "voltage", "watchdog", "helicopter", "bribe"
DECK: dict[str, int] = {
    NITRO_1: 6,
    NITRO_2: 3,
    RUT: 2,
    BALE_1: 4,
    BALE_2: 3,
    DYNAMITE: 4,
    VOLTAGE: 3,
    WATCHDOG: 2,
    HELICOPTER: 6,
    BRIBE: 3,
}
CARD_NAMES: dict[str, str] = {
    NITRO_1: "Nitro +1",
    NITRO_2: "Nitro +2",
    RUT: "Rut",
    BALE_1: "1 Hay Bale",
    BALE_2: "2 Hay Bales",
    DYNAMITE: "Dynamite",
    VOLTAGE: "High Voltage",
    WATCHDOG: "Watchdog",
    HELICOPTER: "Helicopter",
    BRIBE: "Bribe",
}
CARDS = tuple(DECK)
HAND_LIMIT = 6
MAX_BALES = 8
MAX_ALLOWANCE = 5
BASE_ALLOWANCE, ACCELERATED_ALLOWANCE, ACCELERATION_LENGTH = 3, 4, 4
RUT_PENALTY = 2
FAST, REGULAR, EXPERT = "fast", "regular", "expert"
GOALS: dict[str, dict[int, int]] = {
    FAST: {2: 23, 3: 9, 4: 8},
    REGULAR: {2: 27, 3: 11, 4: 9},
    EXPERT: {2: 31, 3: 13, 4: 11},
}
"""2.5: the shared goal (2 players) or each player's own goal (3–4 players)."""


def full_deck() -> list[str]:
    """The 36 bonus cards of table 2.2, unshuffled."""
    return [card for card, copies in DECK.items() for _ in range(copies)]


# --- fields (R40, R41) ----------------------------------------------------------------------


@lru_cache(maxsize=1 << 16)
def component(field: Mask, seed: Mask) -> Mask:
    """The plots of `field` connected by edges to the plots of `seed` (which must be in `field`).

    Asked after nearly every move while fields change only now and then, hence the cache
    (two ints a key; a search meets the same fields again and again).
    """
    found = frontier = seed & field
    while frontier:
        grown = 0
        for plot in plots_of(frontier):
            grown |= PLOT_NEIGHBOURS[plot]
        frontier = grown & field & ~found
        found |= frontier
    return found


def main_field(field: Mask, anchor: Crossroad) -> Mask:
    """R40: the part of `field` touched by `anchor` (the fence start, else the tractor); 0 if none."""
    return component(field, CROSSROAD_PLOTS[anchor] & field) if anchor >= 0 else 0


def fence_paths(fence: Sequence[Crossroad]) -> list[PathId]:
    """The segments of a fence, from its start to the tractor."""
    return [PATH_BETWEEN[(a, b)] for a, b in itertools.pairwise(fence)]


def protected(fence: Sequence[Crossroad], tractor: Crossroad) -> Sequence[Crossroad]:
    """R31: the tractor and the two crossroads behind it on its fence."""
    return fence[-3:] if fence else [tractor]  # callers only read it: the slice needs no copy


# --- annexation (R25–R27) -------------------------------------------------------------------


def border_walk(field: Mask, start: Crossroad, end: Crossroad) -> list[PathId] | None:
    """R26: the paths from `start` to `end` along the field's boundary, field on the walker's left.

    None if `end` is not on the same boundary line as `start` (it cannot be reached).
    """
    walked: list[PathId] = []
    here = start
    for _ in range(CROSSROAD_COUNT):
        if here == end and walked:
            return walked
        step = _left_step(field, here)
        if step is None:
            return None
        path, here = step
        walked.append(path)
        if here == end:
            return walked
        if here == start:
            return None
    return None


def _left_step(field: Mask, here: Crossroad) -> tuple[PathId, Crossroad] | None:
    for path, there, left, right in LEFT_STEPS[here]:
        if field & left and not field & right:
            return path, there
    return None


def enclosed(loop: Iterable[PathId]) -> Mask:
    """The plots inside a closed loop of paths, by the even–odd rule on the horizontal paths (R26).

    A ray from a plot's centre straight up crosses exactly the "N" paths of the plots above
    it in its column, so a plot is inside when an odd number of those belong to the loop:
    the exclusive or of the loop's paths' shadows (`PATH_SHADOWS`).
    """
    inside = 0
    for path in loop:
        inside ^= PATH_SHADOWS[path]
    return inside


def annexed_area(field: Mask, fence: Sequence[Crossroad], closing: int) -> Mask:
    """R26: the plots not yet in `field` inside the fence from its start to fence[closing] and the border."""
    border = border_walk(field, fence[0], fence[closing])
    if border is None:
        return 0
    return enclosed(fence_paths(fence[: closing + 1]) + border) & ~field


def closing_index(main: Mask, fence: Sequence[Crossroad]) -> int:
    """R25: where the fence (start aside) touches the main field nearest the tractor; 0 if nowhere."""
    for index in range(len(fence) - 1, 0, -1):
        if CROSSROAD_PLOTS[fence[index]] & main:
            return index
    return 0


# --- hay bales (R56) ------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def bridges(bales: Mask) -> Mask:
    """The paths whose blocking would split the crossroad graph, with `bales` already blocking (4.6).

    Kept per set of bales: bales change rarely and the answer is a graph search. A mask of paths.
    """
    order = [-1] * CROSSROAD_COUNT
    low = [0] * CROSSROAD_COUNT
    found = 0
    counter = 0
    order[0] = low[0] = 0
    stack: list[tuple[Crossroad, PathId, int]] = [(0, -1, 0)]
    while stack:
        node, via, index = stack.pop()
        moves = MOVES[node]
        if index < len(moves):
            stack.append((node, via, index + 1))
            path, there = moves[index]
            if path == via or bales >> path & 1:
                continue
            if order[there] < 0:
                counter += 1
                order[there] = low[there] = counter
                stack.append((there, path, 0))
            else:
                low[node] = min(low[node], order[there])
        elif via >= 0:
            parent = PATH_ENDS[via][0] if PATH_ENDS[via][1] == node else PATH_ENDS[via][1]
            low[parent] = min(low[parent], low[node])
            if low[node] > order[parent]:
                found |= 1 << via
    return found


def bale_spots(bales: Mask, fenced: Mask) -> Mask:
    """R56: the inner paths free of bales and fences whose blocking keeps every crossroad reachable.

    Masks of paths: whether a Hay Bale card may be played is asked at every decision while
    one is in hand, and a mask answers it without listing the spots.
    """
    return INNER_PATH_MASK & ~bales & ~fenced & ~bridges(bales)


# --- bribe (R57) ----------------------------------------------------------------------------


def _ring_positions(field: Mask) -> set[tuple[int, int]]:
    """The positions (on the board or not, 4.14) next to `field` and not in it."""
    ring = set()
    for plot in plots_of(field):
        q, r = PLOT_COORDS[plot]
        for dq, dr in ((0, -1), (0, 1), (1, -1), (1, 0), (-1, 1), (-1, 0)):
            position = (q + dq, r + dr)
            if not (on_board(*position) and field >> PLOT_INDEX[position] & 1):
                ring.add(position)
    return ring


def _pieces(cells: set[tuple[int, int]]) -> int:
    """How many edge-connected groups a set of hex positions forms."""
    left, groups = set(cells), 0
    while left:
        groups += 1
        todo = [left.pop()]
        while todo:
            q, r = todo.pop()
            for dq, dr in ((0, -1), (0, 1), (1, -1), (1, 0), (-1, 1), (-1, 0)):
                if (q + dq, r + dr) in left:
                    left.remove((q + dq, r + dr))
                    todo.append((q + dq, r + dr))
    return groups


def splits_field(field: Mask, plot: Plot) -> bool:
    """R57e: going round the plot's six neighbours, being in `field` changes more than twice."""
    q, r = PLOT_COORDS[plot]
    ring = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
    inside = [on_board(q + dq, r + dr) and bool(field >> PLOT_INDEX[(q + dq, r + dr)] & 1) for dq, dr in ring]
    return sum(inside[k] != inside[k - 1] for k in range(6)) > 2


def closes_hole(field: Mask, plot: Plot) -> bool:
    """R57f: the plot is an articulation point of the ring of positions around `field`."""
    ring = _ring_positions(field)
    return _pieces(ring - {PLOT_COORDS[plot]}) > _pieces(ring)


def adjacent_plots(field: Mask) -> Mask:
    """The plots sharing an edge with `field`, outside it."""
    around = 0
    for plot in plots_of(field):
        around |= PLOT_NEIGHBOURS[plot]
    return around & ~field


# --- research: the observation tensor -------------------------------------------------------

SEAT_FEATURES = 2 * PLOT_COUNT + 2 * CROSSROAD_COUNT + 3 + 2 * len(CARDS)
GLOBAL_FEATURES = 2 * PLOT_COUNT + PATH_COUNT + 13


def observation_shape(players: int) -> tuple[int, ...]:
    """A block per seat and the shared board and counters (see `observation`)."""
    return (players * SEAT_FEATURES + GLOBAL_FEATURES,)


def observation(view: Mapping[str, Any], viewer: int | None) -> Tensor:
    """A view as a vector, seen from the viewer (seat 0 for a spectator).

    For each seat, the viewer's first and then the others in turn order: its field's plots
    and its main field's plots (`PLOT_NAMES` order), its tractor's crossroad and its
    fence's crossroads (`CROSSROAD_NAMES` order), whether it is powered, eliminated, its
    number of cards, its effects and its hand counted by card (`CARDS` order; another
    seat's hand is hidden, so zeros). Then the free and the occupied barns, the hay bales
    (`PATH_NAMES` order), and: 1.0 where the viewer is to move, the allowance, the moves
    done, a helicopter landing this turn, the bales to lift and to place, the goal, a
    shared goal, the turn, the round limit, the draw pile, the discard pile, the game over.
    """
    seats = view["players"]
    me = viewer or 0
    blocks = [_seat_block(seats[(me + step) % len(seats)]) for step in range(len(seats))]
    board = np.zeros(GLOBAL_FEATURES, np.float32)
    board[[PLOT_BY_NAME[name] for name in view["free_barns"]]] = 1
    board[[PLOT_COUNT + PLOT_BY_NAME[name] for name in view["occupied_barns"]]] = 1
    board[[2 * PLOT_COUNT + PATH_BY_NAME[name] for name in view["bales"]]] = 1
    pending = view["pending"]
    board[2 * PLOT_COUNT + PATH_COUNT :] = (
        view["to_move"] == me,
        view["allowance"],
        view["moves_done"],
        view["heliported"],
        pending.count("lift"),
        pending.count("bale"),
        view["goal"],
        view["shared_goal"],
        view["turn"],
        view["round_limit"],
        view["draw_pile"],
        view["discard_pile"],
        view["over"],
    )
    return np.concatenate([*blocks, board])


def _seat_block(seat: Mapping[str, Any]) -> Tensor:
    block = np.zeros(SEAT_FEATURES, np.float32)
    block[[PLOT_BY_NAME[name] for name in seat["field"]]] = 1
    block[[PLOT_COUNT + PLOT_BY_NAME[name] for name in seat["main"]]] = 1
    crossroads = 2 * PLOT_COUNT
    if seat["tractor"] is not None:
        block[crossroads + CROSSROAD_BY_NAME[seat["tractor"]]] = 1
    block[[crossroads + CROSSROAD_COUNT + CROSSROAD_BY_NAME[name] for name in seat["fence"]]] = 1
    counters = crossroads + 2 * CROSSROAD_COUNT
    block[counters : counters + 3] = seat["powered"], seat["eliminated"], seat["cards"]
    for card in seat["effects"]:
        block[counters + 3 + CARDS.index(card)] += 1
    for card in seat["hand"] or ():
        block[counters + 3 + len(CARDS) + CARDS.index(card)] += 1
    return block
