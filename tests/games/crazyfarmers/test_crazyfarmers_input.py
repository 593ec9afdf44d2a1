"""Illegal and malformed Crazy Farmers actions are refused with a reason, and change nothing."""

from __future__ import annotations

import json

import pytest
from crazyfarmers_positions import position

from tabletop.engine import IllegalAction

BAD_IDS = [
    "0,-2,X",  # no such crossroad
    "9,9,L",
    "0,2,L",  # a crossroad, but not next to the tractor
    "end",  # moves are left (R12)
    "nitro1",  # not in hand
    "bribe",  # a card without its target
    "rut 0",  # a Rut against oneself
    "rut 7",
    "helicopter 0,2,L",  # not the own field
    "discard nitro2",
    "bale 0,0,N",  # no bale to lay now
    "lift 0,0,N",
    "nitro1 extra",
    "",
]


@pytest.mark.parametrize("action_id", BAD_IDS)
def test_bad_ids_are_refused_and_change_nothing(action_id: str) -> None:
    state = position(hands=[["rut", "helicopter"], []])
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match="not a legal action"):
        state.apply(0, action_id)
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_the_other_seat_may_not_act() -> None:
    state = position(hands=[[], ["nitro1"]])
    with pytest.raises(IllegalAction, match="may not act"):
        state.apply(1, "nitro1")


def test_a_legal_move_is_accepted_after_refusals() -> None:
    state = position()
    with pytest.raises(IllegalAction):
        state.apply(0, "end")
    state.apply(0, "0,-1,R")
    assert state.moves_done == 1
