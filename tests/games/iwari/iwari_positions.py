"""The small test map of the rules page's scenarios (section 8 of docs/rules/iwari.md) and helpers.

Territories F1 (Forest, F1a–F1d), F2 (Forest, F2a–F2c) and D1 (Desert, D1a–D1c); roads
F1a–F1b–F1c–F1d–F2a–F2b and F2b–D1a; connection 1 joins F1 and F2 over land, connection 2
F2 and D1 over water.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from tabletop.games.iwari import GAME
from tabletop.games.iwari.board import IwariMap, parse_map
from tabletop.games.iwari.state import IwariState

RED, BLUE, YELLOW, GREEN, PURPLE = range(5)
NEUTRAL = 2
"""With two players tribe 2 is the neutral tribe (R30)."""

SCENARIO_MAP_DATA: dict[str, Any] = {
    "map": {
        "id": "scenarios",
        "name": "Scenario map",
        "territories": [
            {"id": "F1", "biome": "forest", "tent_spaces": ["F1a", "F1b", "F1c", "F1d"]},
            {"id": "F2", "biome": "forest", "tent_spaces": ["F2a", "F2b", "F2c"]},
            {"id": "D1", "biome": "desert", "tent_spaces": ["D1a", "D1b", "D1c"]},
        ],
        "roads": [
            ["F1a", "F1b"],
            ["F1b", "F1c"],
            ["F1c", "F1d"],
            ["F1d", "F2a"],
            ["F2a", "F2b"],
            ["F2b", "D1a"],
        ],
        "connections": [
            {"number": 1, "a": "F1", "b": "F2", "kind": "land", "mountain_peaks": 0},
            {"number": 2, "a": "F2", "b": "D1", "kind": "water", "mountain_peaks": 0},
        ],
        "layout": {
            "territories": {"F1": [4, 4], "F2": [104, 4], "D1": [204, 4]},
            "spaces": {
                "F1a": [24, 40],
                "F1b": [50, 40],
                "F1c": [76, 40],
                "F1d": [24, 68],
                "F2a": [124, 40],
                "F2b": [150, 40],
                "F2c": [176, 40],
                "D1a": [224, 40],
                "D1b": [250, 40],
                "D1c": [276, 40],
            },
        },
    }
}
SCENARIO_MAP = parse_map(SCENARIO_MAP_DATA, "scenarios")


def map_with(**changes: Any) -> IwariMap:
    """The scenario map with some top-level fields of `map` replaced (for the map specials)."""
    data = copy.deepcopy(SCENARIO_MAP_DATA)
    data["map"].update(changes)
    return parse_map(data, "variant")


def position(
    *,
    players: int = 4,
    hands: Sequence[str] | None = None,
    game_map: IwariMap = SCENARIO_MAP,
    **parts: Any,
) -> IwariState:
    """A position on the scenario map at the start of `current`'s turn; hands default to "FFF"."""
    return IwariState.from_position(
        GAME, map=game_map, players=players, hands=list(hands or ["FFF"] * players), **parts
    )


def play(state: IwariState, *actions: str) -> IwariState:
    """The actions applied in turn, each by the seat to move."""
    for action in actions:
        state.apply(state.current_players()[0], action)
    return state


def moves_in(state: IwariState, territory: str) -> set[str]:
    """The legal regular moves of the seat to move whose pieces are in `territory`."""
    seat = state.current_players()[0]
    return {
        action
        for action in state.legal_action_ids(seat)
        if "=" in action
        and all(piece.rstrip("*").startswith(territory) for piece in action.split("=")[0].split("+"))
    }
