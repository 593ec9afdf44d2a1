"""Illegal and malformed actions are refused with nothing changed; bad map files and stored
positions are refused with a message naming what is wrong (2.4 of docs/rules/iwari.md)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from iwari_positions import BLUE, RED, SCENARIO_MAP_DATA, position

from tabletop.engine import IllegalAction, InvalidOptions
from tabletop.games.iwari import GAME
from tabletop.games.iwari.board import MapError, load_map, parse_map

BAD_IDS = [
    "",
    "F1a",
    "F1a=",
    "F1a=X",
    "F1a=FFFF",
    "Z9=F",
    "F1a+F1a=FF",
    "F1b+F2b=FF",
    "F1*+F1*+F1*=FFF",
    "deck",
    "take:F",
    "feat:F1",
    "swap:C",
    "swap:",
    "discard",
    "pass",
    "f1a=f",
    "F1a=F ",
]


def snapshot(state: Any) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("action_id", BAD_IDS)
def test_malformed_or_illegal_ids_are_refused_and_change_nothing(action_id: str) -> None:
    state = position(tents={"F1a": BLUE}, hands=["FFD", "F", "F", "F"], deck="CC")
    before = snapshot(state)
    with pytest.raises(IllegalAction) as refused:
        state.apply(RED, action_id)
    assert snapshot(state) == before
    assert "Red" in str(refused.value)


def test_a_seat_out_of_turn_is_refused() -> None:
    state = position(deck="CC")
    with pytest.raises(IllegalAction, match="may not act"):
        state.apply(BLUE, "F1a=F")


def test_draws_are_refused_before_the_move_and_moves_during_the_refill() -> None:
    state = position(deck="CC", display="TT")
    with pytest.raises(IllegalAction):
        state.apply(RED, "deck")
    state.apply(RED, "F1a=F")
    with pytest.raises(IllegalAction, match="refill"):
        state.apply(RED, "F1b=F")


def test_the_map_option_refuses_an_unknown_map() -> None:
    with pytest.raises(InvalidOptions, match="map"):
        GAME.new_state(2, {"map": "new_horizons"})


def _broken(path: list[Any], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(SCENARIO_MAP_DATA)
    target: Any = data["map"]
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


_DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "named"),
    [
        (["territories"], _DELETE, "'territories' is missing"),
        (["territories"], [], "map.territories"),
        (["territories", 0, "biome"], "lava", "map.territories[0].biome"),
        (["territories", 1, "tent_spaces", 0], "F1a", "map.territories[1].tent_spaces[0]"),
        (["territories", 2, "id"], "F1", "map.territories[2].id"),
        (["territories", 2, "tent_spaces"], [], "map.territories[2].tent_spaces"),
        (["roads", 0], ["F1a", "Q9"], "map.roads[0]"),
        (["roads", 1], ["F1b", "F1b"], "map.roads[1]"),
        (["roads", 1], ["F1b", "F1a"], "map.roads[1]"),
        (["connections", 1, "number"], 1, "map.connections[1].number"),
        (["connections", 0, "b"], "F1", "map.connections[0]"),
        (["connections", 0, "a"], "X1", "map.connections[0].a"),
        (["connections", 0, "kind"], "air", "map.connections[0].kind"),
        (["connections", 0, "mountain_peaks"], 5, "map.connections[0].mountain_peaks"),
        (["connections", 0, "mountain_peaks"], True, "map.connections[0].mountain_peaks"),
        (["special"], {"connections_are_roads": "yes"}, "map.special.connections_are_roads"),
        (["special"], {"extra_majority_area": ["Q1"]}, "map.special.extra_majority_area"),
        (["layout", "spaces", "D1c"], _DELETE, "map.layout.spaces"),
        (["layout", "spaces", "D1c"], [1], "map.layout.spaces.D1c"),
        (["id"], "Bad Id!", "map.id"),
    ],
)
def test_a_bad_map_file_is_refused_naming_the_field(path: list[Any], value: Any, named: str) -> None:
    with pytest.raises(MapError) as refused:
        parse_map(_broken(path, value), "broken.json")
    assert named in str(refused.value) and "broken.json" in str(refused.value)


def test_a_map_file_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(MapError, match="must be an object"):
        parse_map([1, 2, 3])
    with pytest.raises(MapError, match="'map' is missing"):
        parse_map({"board": {}})
    with pytest.raises(MapError, match="no map"):
        load_map("atlantis")


def test_a_stored_position_that_is_not_one_is_refused() -> None:
    state = GAME.new_state(3, None, 1)
    data = state.to_json()
    with pytest.raises(ValueError, match="not a stored Iwari position"):
        GAME.state_from_json({k: v for k, v in data.items() if k != "hands"})
    data["hands"] = [[3, 3, 0, 0, 0]] * 3
    with pytest.raises(ValueError, match="hands"):
        GAME.state_from_json(data)
