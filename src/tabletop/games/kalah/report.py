"""What a Kalah position says in words and in its view: prompt, last move, end-of-game reason.

Kalah hides nothing, so every viewer gets the same view apart from `viewer` and
`viewer_side` (the drawing turns the board so a player's own row is at the bottom).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import JsonDict, Seat
from tabletop.games.kalah.board import (
    END_EARLY,
    END_EMPTY,
    NO_MOVE,
    NO_SIDE,
    NORTH,
    SIDE_NAMES,
    SOUTH,
    KalahRules,
    Side,
)

if TYPE_CHECKING:
    from tabletop.games.kalah.state import KalahState, LastMove


def end_reason(kind: str, side: Side, stores: tuple[int, int], total: int) -> str:
    """The outcome's reason: which ending rule fired (K-R8 section 5, K-R9) and the score (K-R11).

    >>> end_reason("empty_pits", 0, (21, 27), 48)
    "South's pits are empty: remaining seeds go to North; North wins 27–21"
    """
    name = SIDE_NAMES[side]
    if kind == END_EARLY:
        why = f"early finish: {name} holds {stores[side]} of {total} seeds"
    elif kind == END_EMPTY:
        why = f"{name}'s pits are empty: remaining seeds go to {SIDE_NAMES[1 - side]}"
    else:
        why = f"{name}'s pits are empty: each side adds the seeds left in its own pits"
    south, north = stores
    if south == north:
        return f"{why}; draw {south}–{north}"
    winner = SOUTH if south > north else NORTH
    return f"{why}; {SIDE_NAMES[winner]} wins {max(stores)}–{min(stores)}"


def view_of(state: KalahState, viewer: Seat | None) -> JsonDict:
    """The public view the drawings and clients use (see `KalahState.view`)."""
    rules = state.rules
    side = state.side_to_move
    outcome = state.outcome()
    last = last_move_view(state)
    playing = side != NO_SIDE
    return {
        "game": "kalah",
        "pits": rules.pits,
        "south_pits": list(state.south_pits),
        "north_pits": list(state.north_pits),
        "south_store": state.south_store,
        "north_store": state.north_store,
        "south_seat": state.south_seat,
        "north_seat": 1 - state.south_seat,
        "to_move": SIDE_NAMES[side].lower() if playing else None,
        "to_move_seat": state.seat_of_side(side) if playing else None,
        "extra_move": playing and last is not None and last["extra_move"],
        "swap_available": state.swap_available,
        "viewer": viewer,
        "viewer_side": SIDE_NAMES[state.side_of_seat(viewer)].lower() if viewer in (0, 1) else None,
        "last_move": last,
        "options": rules.options(),
        "scores": None if outcome is None else list(outcome.scores),
        "result": None if outcome is None else outcome.reason,
        "prompt": _prompt(state, outcome.reason if outcome else None, bool(last and last["extra_move"])),
    }


def last_move_view(state: KalahState) -> JsonDict | None:
    """The last decision: the sown pit, where its last seed landed and what it captured.

    `capture` names the opposite pit emptied by K-R4/K-R5 and the seeds that went to the
    store (the opposite pit's and the last seed itself).
    """
    if state.last_move is None:
        return None
    side, pit, seeds, landing, captured = state.last_move
    rules = state.rules
    seat = state.seat_of_side(side)
    if pit == NO_MOVE:
        return {
            "seat": seat,
            "side": "south",
            "action": "swap",
            "swap": True,
            "pit": None,
            "seeds": 0,
            "landing": None,
            "extra_move": False,
            "capture": None,
            "text": f"Seat {seat} swapped sides and now plays South (pie rule)",
        }
    number = pit - rules.base[side] + 1
    capture = None
    if captured:
        capture = {"pit": rules.element_of(2 * rules.pits - landing), "seeds": captured}
    return {
        "seat": seat,
        "side": SIDE_NAMES[side].lower(),
        "action": str(number),
        "swap": False,
        "pit": rules.element_of(pit),
        "seeds": seeds,
        "landing": rules.element_of(landing),
        "extra_move": landing == rules.store[side],
        "capture": capture,
        "text": _sowing_text(rules, state.last_move),
    }


def _sowing_text(rules: KalahRules, last: LastMove) -> str:
    """One line for the log, e.g. "South sowed pit 3 (4 seeds): last seed in South's store, moves again"."""
    side, pit, seeds, landing, captured = last
    number = pit - rules.base[side] + 1
    name = SIDE_NAMES[side]
    sown = f"{name} sowed pit {number} ({seeds} seed{'' if seeds == 1 else 's'})"
    if landing == rules.store[side]:
        return f"{sown}: last seed in {name}'s store, moves again"
    owner = rules.side_of(landing)
    where = f"pit {landing - rules.base[owner] + 1}"
    if captured:
        return f"{sown}: last seed in {name}'s empty {where}, captured {captured} seeds"
    return f"{sown}: last seed in {SIDE_NAMES[owner]}'s {where}"


def _prompt(state: KalahState, reason: str | None, extra_move: bool) -> str:
    """What is expected now, in words."""
    if reason is not None:
        return f"Game over: {reason}"
    side = state.side_to_move
    mover = f"{SIDE_NAMES[side]} (seat {state.seat_of_side(side)})"
    if state.swap_available:
        return f"{mover}: sow a pit or swap sides (pie rule)"
    if extra_move:
        return f"{mover} moves again"
    return f"{mover} to move"
