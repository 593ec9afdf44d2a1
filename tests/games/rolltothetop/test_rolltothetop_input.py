"""Illegal and malformed actions are refused, each with a reason, and nothing changes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rolltothetop_positions import t12

from tabletop.engine import IllegalAction
from tabletop.games.rolltothetop.state import POOL, RollToTheTopState


def snapshot(state: RollToTheTopState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize(
    "action",
    [
        None, 7, "", "a0", "a0=", "=d6", "a0=d7", "a0=d6+d6", "a0=d8+d6", "zz=d6", "a0=d6 ", "A0=d6",
        "add:d12", "remove:d6", "swap:d6:d8", "undo", "a0=d4", "b0=d6",
    ],
)  # fmt: skip
def test_malformed_or_illegal_writes_change_nothing(action: Any) -> None:
    state = t12({}, faces={"d6": 3, "d8": 5})
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(0, action)
    assert snapshot(state) == before


def test_the_reason_names_the_rule() -> None:
    state = t12({"a0": 5, "a1": 6}, faces={"d6": 3, "d8": 5})
    with pytest.raises(
        IllegalAction, match=r"b0 needs every box under it filled and a number at least as large \(R6\)"
    ):
        state.apply(0, "b0=d6")
    state.apply(0, "a2=d6")
    with pytest.raises(IllegalAction, match=r"only once a turn.*\(R3\)"):
        state.apply(0, "a3=d6")
    with pytest.raises(IllegalAction, match=r"a2 already holds 3 \(R4\)"):
        state.apply(0, "a2=d8")


@pytest.mark.parametrize(
    "action", ["add:d6", "remove:d4", "swap:d6:d6", "swap:d4:d12", "add", "confirm", "a0=d6"]
)
def test_pool_changes_outside_the_rules_change_nothing(action: str) -> None:
    # With d6 and d8 active and "+" rolled, only adding d4, d12 or d20 is legal (R16).
    state = t12({}, faces={"d6": 3, "d8": 5}, action_face="+", phase=POOL)
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(0, action)
    assert snapshot(state) == before


def test_wrong_seats_are_refused() -> None:
    state = t12({}, {}, faces={"d6": 3})
    for seat in (-1, 2, "0", None):
        with pytest.raises(IllegalAction):
            state.apply(seat, "a0=d6")  # type: ignore[arg-type]
    state.apply(0, "confirm")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="Player 1 has confirmed"):
        state.apply(0, "confirm")
    assert snapshot(state) == before


def test_a_finished_game_refuses_everything() -> None:
    almost = {
        "a0": 1,
        "a1": 1,
        "a2": 1,
        "a3": 1,
        "b0": 1,
        "b1": 1,
        "b2": 1,
        "c0": 1,
        "c1": 1,
        "c2": 1,
        "c3": 1,
    }
    state = t12(almost, faces={"d6": 3})
    state.apply(0, "d0=d6")
    state.apply(0, "confirm")
    assert state.is_over()
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, "confirm")
