"""Hand-made Crazy Farmers positions and small drivers for the tests (docs/rules/crazyfarmers.md)."""

from __future__ import annotations

from typing import Any

from tabletop.games.crazyfarmers import GAME
from tabletop.games.crazyfarmers.board import CROSSROAD_NAMES, CROSSROAD_PLOTS, crossroad, neighbour
from tabletop.games.crazyfarmers.state import CrazyFarmersState


def position(**parts: Any) -> CrazyFarmersState:
    """`CrazyFarmersState.from_position` with the two-player start fields of section 6 by default."""
    parts.setdefault("fields", [["0,-2"], ["0,2"]])
    parts.setdefault(
        "tractors", ["1,-2,L", "0,2,L"][: len(parts["fields"])] + [None] * (len(parts["fields"]) - 2)
    )
    parts.setdefault("players", len(parts["fields"]))
    return CrazyFarmersState.from_position(GAME, **parts)


def towards(state: CrazyFarmersState, seat: int, direction: str) -> str:
    """The id of the move of `seat`'s tractor in that direction (Up, Down, Horizontal)."""
    return CROSSROAD_NAMES[neighbour(state.tractors[seat], direction)]


def drive(state: CrazyFarmersState, seat: int, *directions: str) -> None:
    """Plays the moves of `seat` in these directions, one after the other."""
    for direction in directions:
        state.apply(seat, towards(state, seat, direction))


def idle_turn(state: CrazyFarmersState, seat: int) -> None:
    """Plays `seat`'s turn with moves that stay along its own field, then ends it if needed."""
    while state.current == seat and not state.over:
        legal = state.legal_action_ids(seat)
        field = state.fields[seat]
        inside = [
            action
            for action in legal
            if "," in action
            and " " not in action
            and CROSSROAD_PLOTS[crossroad(action)] & CROSSROAD_PLOTS[state.tractors[seat]] & field
        ]
        state.apply(seat, inside[0] if inside else "end")


def names(state: CrazyFarmersState, seat: int) -> set[str]:
    """The plots of `seat`'s field, by name."""
    return set(state.view(None)["players"][seat]["field"])
