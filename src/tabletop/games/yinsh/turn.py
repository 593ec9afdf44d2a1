"""A YINSH turn: its phases, what it did (`LastMove`) and where it started (`Snapshot`).

A turn is a seat's run of consecutive decisions (docs/rules/yinsh.md, section 6): a ring
move and the rows it made, or the rows the opponent's move made for you, then your move
and its rows. `undo` puts back the snapshot taken at its start, at most `UNDO_LIMIT` times
per turn. Records write both in the notation ("F6", "row:E2E6"), never as bitmasks, so a
stored game reads well and survives any JSON store.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from tabletop.engine import JsonDict, Seat, Tensor
from tabletop.games.yinsh.board import (
    POINT_COUNT,
    POINT_INDEX,
    POINT_NAMES,
    RING_PLACE_NAMES,
    RING_PLACES,
    ROW_BY_ID,
    ROW_IDS,
    WINDOWS,
    mask_of_names,
    names_of,
    points_of,
    ring_id,
)

PLACE, MOVE, PASSING, ROW, RING, OVER = range(6)
"""The phases: the kind of decision expected now."""
PHASE_NAMES = ("place", "move", "pass", "row", "ring", "over")
UNDO_LIMIT = 3
"""Undos allowed in one turn: enough for any change of mind, and a bound on a game's length."""


class LastMove(NamedTuple):
    """The last placement, ring move or pass, and the removals that followed it (for the drawing)."""

    kind: str  # "place", "move" or "pass"
    seat: Seat
    origin: int  # the point the ring left (moves only), else -1
    target: int  # the point the ring reached, else -1
    flipped: int  # bitmask of the markers the ring jumped (YI-R3)
    rows: tuple[tuple[Seat, int], ...] = ()  # (owner, window index) removed since
    rings: tuple[tuple[int, int], ...] = ()  # (ring number, point) removed since


Snapshot = tuple[tuple[int, ...], int, int, int, Seat, Seat, LastMove | None]
"""What `undo` restores: ring places, White's and Black's markers, phase, actor, mover, last move."""


def last_move_view(last: LastMove | None) -> JsonDict | None:
    """What the drawing shows of the last move: the ring's path, flips and removals, by name."""
    if last is None:
        return None
    return {
        "seat": last.seat,
        "kind": last.kind,
        "from": POINT_NAMES[last.origin] if last.origin >= 0 else None,
        "to": POINT_NAMES[last.target] if last.target >= 0 else None,
        "flipped": names_of(points_of(last.flipped)),
        "removed_rows": [names_of(WINDOWS[window]) for _, window in last.rows],
        "removed_rings": [{"id": ring_id(index), "at": POINT_NAMES[point]} for index, point in last.rings],
    }


def snapshot_to_json(snapshot: Snapshot) -> JsonDict:
    """A snapshot in the notation: points by name, rings by place name, the phase by name."""
    rings, white, black, phase, actor, mover, last = snapshot
    return {
        "rings": [RING_PLACE_NAMES.get(place) or POINT_NAMES[place] for place in rings],
        "markers": {"white": names_of(points_of(white)), "black": names_of(points_of(black))},
        "phase": PHASE_NAMES[phase],
        "actor": actor,
        "mover": mover,
        "last": None if last is None else _last_to_json(last),
    }


def snapshot_from_json(data: JsonDict) -> Snapshot:
    """The snapshot `snapshot_to_json` wrote."""
    rings = tuple(
        RING_PLACES[place] if place in RING_PLACES else POINT_INDEX[place] for place in data["rings"]
    )
    markers = data["markers"]
    last = None if data["last"] is None else _last_from_json(data["last"])
    return (
        rings,
        mask_of_names(markers["white"]),
        mask_of_names(markers["black"]),
        PHASE_NAMES.index(data["phase"]),
        int(data["actor"]),
        int(data["mover"]),
        last,
    )


def _last_to_json(last: LastMove) -> JsonDict:
    return {
        "kind": last.kind,
        "seat": last.seat,
        "origin": POINT_NAMES[last.origin] if last.origin >= 0 else None,
        "target": POINT_NAMES[last.target] if last.target >= 0 else None,
        "flipped": names_of(points_of(last.flipped)),
        "rows": [[seat, ROW_IDS[window]] for seat, window in last.rows],
        "rings": [[index, POINT_NAMES[point]] for index, point in last.rings],
    }


def _last_from_json(data: JsonDict) -> LastMove:
    return LastMove(
        kind=data["kind"],
        seat=int(data["seat"]),
        origin=-1 if data["origin"] is None else POINT_INDEX[data["origin"]],
        target=-1 if data["target"] is None else POINT_INDEX[data["target"]],
        flipped=mask_of_names(data["flipped"]),
        rows=tuple((int(seat), ROW_BY_ID[row]) for seat, row in data["rows"]),
        rings=tuple((int(index), POINT_INDEX[point]) for index, point in data["rings"]),
    )


# -- research: the observation tensor --------------------------------------------------------

OBSERVATION_SHAPE = (4 * POINT_COUNT + len(PHASE_NAMES) + 5,)
"""Four planes over the 85 points and eleven numbers (see `observation`)."""


def observation(view: JsonDict, viewer: Seat | None) -> Tensor:
    """A view as a vector, seen from the viewer (White for a spectator).

    Four planes over the points in index order (A2, A3, …): the viewer's rings, the other
    player's rings, the viewer's markers, the other's markers; then the phase one-hot
    (`PHASE_NAMES`), 1.0 where the viewer acts, the rings the viewer and the other player
    have removed, the rings needed to win and the markers left in the pool.
    """
    me = viewer or 0
    mine = ("white", "black")[me]
    planes = np.zeros((4, POINT_COUNT), np.float32)
    for ring in view["rings"]:
        if ring["place"] == "board":
            planes[0 if ring["colour"] == mine else 1, POINT_INDEX[ring["at"]]] = 1
    for marker in view["markers"]:
        planes[2 if marker["colour"] == mine else 3, POINT_INDEX[marker["at"]]] = 1
    phase = np.zeros(len(PHASE_NAMES), np.float32)
    phase[PHASE_NAMES.index(view["phase"])] = 1
    removed = view["rings_removed"]
    numbers = [
        view["to_act"] == me,
        removed[me],
        removed[1 - me],
        view["rings_to_win"],
        view["markers_in_pool"],
    ]
    return np.concatenate([planes.ravel(), phase, np.array(numbers, np.float32)])
