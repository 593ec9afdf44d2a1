"""Illegal and malformed actions are refused with a reason, and nothing changes."""

from __future__ import annotations

import json

import pytest
from numberdrop_positions import GAME, play, position

from tabletop.engine import IllegalAction
from tabletop.games.numberdrop.state import NumberDropState
from test_conformance import play_and_check

NO_STAR = (1, 2, 3, 5, "T")


def snapshot(state: NumberDropState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def refused(state: NumberDropState, seat: int, action: object, reason: str = "legal|act|over") -> None:
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(seat, action)  # type: ignore[arg-type]
    assert snapshot(state) == before


@pytest.mark.parametrize(
    "action",
    [
        "T0@h:1235",  # no column h
        "T0@f:1235",  # T0 is three wide: f to h
        "T0@a:1234",  # 4 is not rolled
        "T0@a:123",  # three digits
        "T0@a:12355",
        "T9@a:1235",  # no such orientation
        "L0@a:1235",  # the die shows T
        "T0a:1235",
        "T0@:1235",
        "same:a1-b1-c1",
        "slide:A",  # not solo
        "N1=5",  # no star
        "shape:L",  # no star on the shape die
        "confirm",  # nothing dropped yet
        "undo",  # nothing to undo
        "",
        "@",
    ],
)
def test_wrong_drops_are_refused(action: str) -> None:
    refused(position(players=2, roll=NO_STAR), 0, action, "not legal for Player 1")


def test_wrong_seats_and_types_are_refused() -> None:
    state = position(players=2, roll=NO_STAR)
    refused(state, 2, "T0@a:1235", "may not act")
    refused(state, -1, "T0@a:1235")
    refused(state, 0, None)
    refused(state, 0, 5)
    play(state, 0, ["T0@a:1235", "confirm"])
    refused(state, 0, "undo", "may not act")


def test_a_combination_must_be_written_in_its_canonical_order() -> None:
    state = position(players=2, grids={0: ["777...."]}, roll=NO_STAR)
    state.apply(0, "T0@e:1235")
    refused(state, 0, "same:c1-b1-a1")
    refused(state, 0, "run:a1-b1-c1")
    refused(state, 0, "same:a1-b1")
    refused(state, 0, "same:a1-b1-z9")
    state.apply(0, "same:a1-b1-c1")
    refused(state, 0, "same:a1-b1-c1")


def test_stars_are_digits_0_to_9_in_die_order() -> None:
    state = position(players=2, roll=(None, 2, None, 5, "T"))
    for action in ("N1=10", "N1=-1", "N3=4", "N1=x", "N1="):
        refused(state, 0, action)
    state.apply(0, "N1=0")
    refused(state, 0, "N1=1")


def test_a_finished_game_refuses_everything() -> None:
    tall = ["1313131", "5757575"] * 5 + ["1313131"]
    state = position(players=1, grids={0: tall}, tiles=[4, 4, 4, 4, 3], roll=(1, 2, 3, 5, "O"))
    play(state, 0, ["slide:E", "X:S1@a", "O0@c:1235", "confirm"])
    assert state.over
    refused(state, 0, "confirm", "game is over")


def test_json_round_trips_mid_step() -> None:
    state = position(players=3, roll=(None, 2, 3, 5, None))
    play(state, 0, ["shape:S", "N1=8"])
    play(state, 2, ["shape:I", "N1=0", "I1@c:0235", "confirm"])
    rebuilt = GAME.state_from_json(json.loads(snapshot(state)))
    assert snapshot(rebuilt) == snapshot(state)
    assert rebuilt.legal_action_ids(0) == state.legal_action_ids(0)


@pytest.mark.parametrize("players", [1, 2, 6])
def test_the_contract_holds_at_1_2_and_6_players(players: int) -> None:
    # The conformance suite's whole-game check (refusals, copies, views, drawing, replay), at
    # the counts the issue names, whatever player counts hypothesis draws there.
    play_and_check(GAME, players, {}, 8 + players)
