"""YINSH states written out: the view a player sees, the JSON record, and set-up positions.

Everything here reads a `YinshState` through its public questions, so the rules stay in
`state.py`. Points are written in human notation ("F6") everywhere, never as bitmasks, so a
record reads well and survives any JSON store.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabletop.engine import Game, JsonDict, Seat
from tabletop.games.yinsh.geometry import POINT_INDEX, POINT_NAMES, WINDOWS, mask_of, points_of
from tabletop.games.yinsh.rules import (
    BLACK,
    COLOUR_NAMES,
    MARKER_POOL,
    RINGS_PER_PLAYER,
    RINGS_TO_WIN,
    ROW_BY_ID,
    ROW_IDS,
    SEAT_NAMES,
    WHITE,
    rows_in,
)
from tabletop.games.yinsh.state import (
    MOVE,
    OVER,
    PHASE_NAMES,
    SCORED,
    SUPPLY,
    LastMove,
    Snapshot,
    YinshState,
)

# How a ring off the board is written in a record: "supply", or "track-1" … "track-3".
_RING_PLACE_NAMES = {SUPPLY: "supply"} | {
    SCORED - slot: f"track-{slot + 1}" for slot in range(RINGS_PER_PLAYER)
}
_RING_PLACES = {name: place for place, name in _RING_PLACE_NAMES.items()}
_PROMPTS = {
    "place": "{name} to place a ring",
    "move": "{name} to move a ring",
    "pass": "{name} has no ring that can move and must pass",
    "row": "{name} to choose five markers in a row to remove",
    "ring": "{name} to choose one of their rings to remove",
}


def ring_id(index: int) -> str:
    """The drawing's id of a ring, by its number: White's ``ring-w-1`` … Black's ``ring-b-5``."""
    seat, number = divmod(index, RINGS_PER_PLAYER)
    return f"ring-{COLOUR_NAMES[seat][0]}-{number + 1}"


def marker_id(point: int) -> str:
    """A marker never moves, so the point it lies on names it for its whole life: ``marker-f6``."""
    return f"marker-{POINT_NAMES[point].lower()}"


# -- the view -------------------------------------------------------------------------------


def view_of(state: YinshState) -> JsonDict:
    """What every viewer sees (YINSH hides nothing): pieces, counts, prompt and last move."""
    phase = PHASE_NAMES[state.phase]
    return {
        "variant": state.variant,
        "rings_to_win": state.rings_to_win,
        "phase": phase,
        "to_act": None if state.phase == OVER else state.actor,
        "players": list(SEAT_NAMES),
        "prompt": _prompt(state, phase),
        "rings": [_ring_view(index, place) for index, place in enumerate(state.ring_places())],
        "markers": _markers_view(state.markers(WHITE), state.markers(BLACK)),
        "rings_removed": [state.rings_removed(WHITE), state.rings_removed(BLACK)],
        "markers_in_pool": state.markers_in_pool(),
        "last_move": _last_move_view(state.last_move),
        "result": state.result,
    }


def _prompt(state: YinshState, phase: str) -> str:
    if state.phase == OVER:
        return f"Game over: {state.result}"
    return _PROMPTS[phase].format(name=SEAT_NAMES[state.actor])


def _ring_view(index: int, place: int) -> JsonDict:
    """A ring on the board (`at`), in the supply, or on the scoring track (`slot` 0, 1, 2)."""
    where = "board" if place >= 0 else "supply" if place == SUPPLY else "scored"
    return {
        "id": ring_id(index),
        "colour": COLOUR_NAMES[index // RINGS_PER_PLAYER],
        "place": where,
        "at": POINT_NAMES[place] if place >= 0 else None,
        "slot": SCORED - place if place <= SCORED else None,
    }


def _markers_view(white: int, black: int) -> list[JsonDict]:
    colour_of = {point: seat for seat, mask in enumerate((white, black)) for point in points_of(mask)}
    return [
        {"id": marker_id(point), "colour": COLOUR_NAMES[colour_of[point]], "at": POINT_NAMES[point]}
        for point in sorted(colour_of)
    ]


def _last_move_view(last: LastMove | None) -> JsonDict | None:
    if last is None:
        return None
    return {
        "seat": last.seat,
        "kind": last.kind,
        "from": POINT_NAMES[last.origin] if last.origin >= 0 else None,
        "to": POINT_NAMES[last.target] if last.target >= 0 else None,
        "flipped": _names(points_of(last.flipped)),
        "removed_rows": [_names(WINDOWS[window]) for _, window in last.rows],
        "removed_rings": [{"id": ring_id(index), "at": POINT_NAMES[point]} for index, point in last.rings],
    }


def _names(points: Iterable[int]) -> list[str]:
    return [POINT_NAMES[point] for point in points]


# -- the JSON record ------------------------------------------------------------------------


def state_to_json(state: YinshState) -> JsonDict:
    """Everything `state_from_json` needs to rebuild the state exactly, undo record included."""
    turn_start, decisions, undos = state.undo_record
    return {
        "variant": state.variant,
        **_snapshot_to_json(state.snapshot()),
        "result": state.result,
        "turn_start": None if turn_start is None else _snapshot_to_json(turn_start),
        "decisions": decisions,
        "undos": undos,
    }


def state_from_json(game: Game, data: JsonDict) -> YinshState:
    """The state `state_to_json` wrote."""
    state = YinshState(game, data["variant"])
    state.restore(_snapshot_from_json(data))
    turn_start = data["turn_start"]
    start = None if turn_start is None else _snapshot_from_json(turn_start)
    state.set_undo_record(start, int(data["decisions"]), int(data["undos"]))
    state.set_result(str(data["result"]))
    return state


def _snapshot_to_json(snapshot: Snapshot) -> JsonDict:
    rings, white, black, phase, actor, mover, last = snapshot
    return {
        "rings": [_RING_PLACE_NAMES.get(place) or POINT_NAMES[place] for place in rings],
        "markers": {"white": _names(points_of(white)), "black": _names(points_of(black))},
        "phase": PHASE_NAMES[phase],
        "actor": actor,
        "mover": mover,
        "last": None if last is None else _last_to_json(last),
    }


def _snapshot_from_json(data: JsonDict) -> Snapshot:
    rings = tuple(
        _RING_PLACES[place] if place in _RING_PLACES else POINT_INDEX[place] for place in data["rings"]
    )
    markers = data["markers"]
    last = None if data["last"] is None else _last_from_json(data["last"])
    return (
        rings,
        _mask_of_names(markers["white"]),
        _mask_of_names(markers["black"]),
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
        "flipped": _names(points_of(last.flipped)),
        "rows": [[seat, ROW_IDS[window]] for seat, window in last.rows],
        "rings": [[index, POINT_NAMES[point]] for index, point in last.rings],
    }


def _last_from_json(data: JsonDict) -> LastMove:
    return LastMove(
        kind=data["kind"],
        seat=int(data["seat"]),
        origin=-1 if data["origin"] is None else POINT_INDEX[data["origin"]],
        target=-1 if data["target"] is None else POINT_INDEX[data["target"]],
        flipped=_mask_of_names(data["flipped"]),
        rows=tuple((int(seat), ROW_BY_ID[row]) for seat, row in data["rows"]),
        rings=tuple((int(index), POINT_INDEX[point]) for index, point in data["rings"]),
    )


def _mask_of_names(names: Iterable[str]) -> int:
    return mask_of([POINT_INDEX[name] for name in names])


# -- set-up positions -----------------------------------------------------------------------


def position(
    game: Game,
    *,
    white_rings: Iterable[str],
    black_rings: Iterable[str],
    white_markers: Iterable[str] = (),
    black_markers: Iterable[str] = (),
    to_move: Seat = WHITE,
    rings_removed: tuple[int, int] = (0, 0),
    variant: str = "standard",
) -> YinshState:
    """A movement-phase position from lists of points, for puzzles, analysis and tests.

    Rings neither on the board nor removed stay in the supply. The position may hold no
    row: every row is resolved before a ring moves (YI-R8).

    >>> from tabletop.games.yinsh import GAME
    >>> state = position(GAME, white_rings=["F6"], black_rings=[])
    >>> len(state.legal_actions(0))
    24
    """
    rings = [
        _ring_places(points, removed)
        for points, removed in ((white_rings, rings_removed[0]), (black_rings, rings_removed[1]))
    ]
    white, black = _mask_of_checked(white_markers), _mask_of_checked(black_markers)
    occupied = [place for place in rings[WHITE] + rings[BLACK] if place >= 0]
    _check_position(variant, occupied, white, black, rings_removed)
    state = YinshState(game, variant)
    state.restore((tuple(rings[WHITE] + rings[BLACK]), white, black, MOVE, to_move, to_move, None))
    state.start_moving(to_move)
    return state


def _ring_places(points: Iterable[str], removed: int) -> list[int]:
    places = [POINT_INDEX[_checked_name(name)] for name in points] + [
        SCORED - slot for slot in range(removed)
    ]
    if len(places) > RINGS_PER_PLAYER:
        raise ValueError(f"a player has {RINGS_PER_PLAYER} rings; got {len(places)} on the board and removed")
    return places + [SUPPLY] * (RINGS_PER_PLAYER - len(places))


def _mask_of_checked(names: Iterable[str]) -> int:
    return _mask_of_names(_checked_name(name) for name in names)


def _checked_name(name: Any) -> str:
    if name not in POINT_INDEX:
        raise ValueError(f"{name!r} is not a point of the YINSH board (A2 … K10, e.g. F6)")
    return str(name)


def _check_position(
    variant: str, occupied: list[int], white: int, black: int, removed: tuple[int, int]
) -> None:
    pieces = [*occupied, *points_of(white), *points_of(black)]
    if len(set(pieces)) != len(pieces):
        raise ValueError("two pieces on one point: a point holds one ring or one marker")
    if len(pieces) - len(occupied) >= MARKER_POOL:
        raise ValueError(f"at most {MARKER_POOL - 1} markers: a ring move needs one from the pool")
    if rows_in(white) or rows_in(black):
        raise ValueError("a position to move from has no row of five: rows are resolved first (YI-R8)")
    if variant not in RINGS_TO_WIN or max(removed) >= RINGS_TO_WIN[variant]:
        raise ValueError(f"variant {variant!r} with {removed} rings removed is not a game in progress")
