"""Illegal and malformed actions are refused with nothing changed; a bad plot file is refused
with a message naming the field (section 1 of docs/rules/moonriver.md)."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest
from moonriver_positions import position

from tabletop.engine import IllegalAction
from tabletop.games.moonriver.board import PlotDataError, parse_plots

BAD_IDS = [
    "",
    "5a1+7b1 ",
    "5a1+7c1",
    "5a1+8b1",
    "5a1+5b1",
    "7b1+5a1",
    "5z1+7a1",
    "5²1+7a1",
    "pick:99",
    "pick:",
    "discard:5+7",
    "kill:a1",
    "hire:thief",
    "move:a1b1",
    "swap:5>1",
    "steal:1a1",
    "stop",
]


def snapshot(state: Any) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("action_id", BAD_IDS)
def test_malformed_or_illegal_ids_are_refused_and_change_nothing(action_id: str) -> None:
    state = position(took=7, reserve=[5, 7])
    before = snapshot(state)
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, action_id)
    assert snapshot(state) == before
    assert "Player 1" in str(refused.value)


def test_a_seat_out_of_turn_is_refused() -> None:
    state = position(took=7, reserve=[5, 7])
    with pytest.raises(IllegalAction, match="may not act"):
        state.apply(1, "5a1+7b1")


def shipped() -> dict[str, Any]:
    path = resources.files("tabletop.games.moonriver").joinpath("data", "plots.json")
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def test_the_shipped_set_is_ours_and_balanced() -> None:
    data = shipped()
    assert data["set"] == "tabletop-own" and "not the retail set" in data["source"]
    plots = parse_plots(data, "plots.json")
    assert len(plots) == 96
    for terrain in range(6):
        assert sum(p.terrain == terrain for p in plots) == 16
    value = [3 * p.cows - 2 * p.skulls + 3 * p.circles + p.nuggets + p.beavers + p.corn for p in plots]
    assert value == sorted(value)  # the more useful, the higher the number (the later you play)


@pytest.mark.parametrize(
    ("index", "key", "value", "named"),
    [
        (3, "terrain", "lava", "plots[3].terrain"),
        (5, "cows", -1, "plots[5].cows"),
        (7, "skulls", "2", "plots[7].skulls"),
        (9, "number", 1, "plots[].number"),
        (0, "circles", None, "plots[0].circles"),
        (2, "number", 97, "plots[2].number"),
    ],
)
def test_a_bad_plot_file_names_the_field(index: int, key: str, value: Any, named: str) -> None:
    data = copy.deepcopy(shipped())
    if value is None:
        del data["plots"][index][key]
    else:
        data["plots"][index][key] = value
    with pytest.raises(PlotDataError, match=named.replace("[", r"\[").replace("]", r"\]")):
        parse_plots(data, "plots.json")


def test_a_short_plot_file_is_refused() -> None:
    data = shipped()
    data["plots"] = data["plots"][:95]
    with pytest.raises(PlotDataError, match="96"):
        parse_plots(data, "plots.json")
