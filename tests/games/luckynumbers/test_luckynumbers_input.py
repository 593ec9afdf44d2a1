"""Illegal and malformed input: `IllegalAction` saying why, and the state left exactly as it was;
stored positions that no game could reach are refused when loaded."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from luckynumbers_positions import position

from tabletop.engine import IllegalAction, Rng, State
from tabletop.games.luckynumbers import GAME
from tabletop.games.luckynumbers.board import MOVES
from tabletop.games.luckynumbers.rules import why_not
from tabletop.games.luckynumbers.state import LuckyNumbersState

DIAGONAL_3_9_9_14 = "3 . . . / . 9 . . / . . 9 . / . . . 14"
DIAGONAL_2_6_11_17 = "2 . . . / . 6 . . / . . 11 . / . . . 17"


def _turn_start() -> State:
    return position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], table=[5, 20])


def _in_hand() -> State:
    return position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], hand=12)


def _over() -> State:
    state = position(["1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 .", DIAGONAL_2_6_11_17], hand=16)
    state.apply(0, "place:33")
    assert state.is_over()
    return state


CASES: list[tuple[Callable[[], State], Any, Any, str]] = [
    (_turn_start, 0, "place:01", "draw a tile or take"),
    (_turn_start, 0, "discard", "draw a tile or take"),
    (_turn_start, 0, "take:7:01", "no face-up 7"),
    (_turn_start, 0, "take:20:01", "less than 9"),
    (_turn_start, 0, "take:21:01", "not a legal action"),
    (_turn_start, 0, "take:5:44", "not a legal action"),
    (_turn_start, 0, "take:5", "not a legal action"),
    (_turn_start, 0, "DRAW", "not a legal action"),
    (_turn_start, 0, " draw", "not a legal action"),
    (_turn_start, 0, "", "not a legal action"),
    (_turn_start, 0, None, "not a legal action"),
    (_turn_start, 0, 3, "not a legal action"),
    (_turn_start, 0, ["draw"], "not a legal action"),
    (_turn_start, 1, "draw", "may not act"),
    (_turn_start, 2, "draw", "may not act"),
    (_turn_start, -1, "draw", "may not act"),
    (_turn_start, "0", "draw", "may not act"),
    (_turn_start, None, "draw", "may not act"),
    (_in_hand, 0, "draw", "drawn tile is in hand"),
    (_in_hand, 0, "take:5:01", "drawn tile is in hand"),
    (_in_hand, 0, "place:10", "less than 9"),
    (_in_hand, 1, "discard", "may not act"),
    (_over, 0, "draw", "game is over"),
    (_over, 1, "draw", "game is over"),
]


@pytest.mark.parametrize(("make", "seat", "action_id", "reason"), CASES)
def test_illegal_input_is_refused_with_a_reason_and_changes_nothing(
    make, seat, action_id, reason: str
) -> None:
    state = make()
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(seat, action_id)
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_apply_accepts_exactly_the_listed_ids_among_every_well_formed_one() -> None:
    # Move generation and `is_legal` (bit masks), and `rules.why_not`, which gives `illegal` its
    # reason (bounds of one cell), must agree.
    for players, options in ((2, {}), (3, {"setup": "michael"})):
        state = GAME.new_state(players, options, 5)
        assert isinstance(state, LuckyNumbersState)
        rng = Rng(5)
        for _ in range(40):
            seat = state.current_players()[0]
            legal = set(state.legal_action_ids(seat))
            for action_id, move in MOVES.items():
                reason = why_not(state.phase, state.gardens[seat], state.held, state.table, move)
                assert (reason is None) == (action_id in legal), (action_id, reason)
                trial = state.clone()
                try:
                    trial.apply(seat, action_id)
                    accepted = True
                except IllegalAction:
                    accepted = False
                assert accepted == (action_id in legal), action_id
            state.apply(seat, rng.choice(sorted(legal)))


def test_an_illegal_id_lists_the_legal_ones() -> None:
    with pytest.raises(IllegalAction, match="legal: draw, take:5:00, take:5:01"):
        _turn_start().apply(0, "nonsense")


def test_no_seat_has_an_action_once_the_game_is_over() -> None:
    state = _over()
    assert state.current_players() == () and all(state.legal_actions(seat) == [] for seat in range(2))


def _stored() -> dict[str, Any]:
    return json.loads(json.dumps(_turn_start().to_json()))


def _without_a_tile(data: dict[str, Any]) -> None:
    data["pile"].pop()


def _with_a_tile_twice(data: dict[str, Any]) -> None:
    data["pile"][0] = data["pile"][1]


STORED_FAULTS = [
    (_without_a_tile, "exactly once"),
    (_with_a_tile_twice, "exactly once"),
    (lambda data: data.update(current=2), "seat 2"),
    (lambda data: data.update(phase="bidding"), "bidding"),
    (lambda data: data["gardens"].pop(), "gardens"),
    (lambda data: data["pile"].append("blue-3"), "not a tile name"),
    (lambda data: data.update(players=5), "players"),
    (lambda data: data.update(options={"setup": "shuffled"}), "setup"),
    (lambda data: data.pop("table"), "not a stored"),
]


@pytest.mark.parametrize(("spoil", "message"), STORED_FAULTS)
def test_a_stored_position_that_no_game_reaches_is_refused(
    spoil: Callable[[dict[str, Any]], object], message: str
) -> None:
    data = _stored()
    spoil(data)
    with pytest.raises(ValueError, match=message):
        GAME.state_from_json(data)


def test_a_stored_garden_out_of_order_is_refused() -> None:
    # INV: seat 0's row 0 becomes 14 3 . . (the 14 moved up from (3,3)).
    data = _stored()
    garden = data["gardens"][0]
    garden[1], garden[0] = garden[0], garden[15]
    garden[15] = None
    with pytest.raises(ValueError, match="INV"):
        GAME.state_from_json(data)


def test_stored_positions_round_trip_exactly() -> None:
    for make in (_turn_start, _in_hand, _over):
        data = make().to_json()
        assert GAME.state_from_json(json.loads(json.dumps(data))).to_json() == data


def test_a_hand_made_position_that_no_game_reaches_is_refused() -> None:
    # 2.1: two players have two tiles of each number; INV: a garden must be in order.
    with pytest.raises(ValueError, match="no tile 7 left"):
        position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], table=[7, 7, 7])
    with pytest.raises(ValueError, match="INV"):
        position(["9 3 . . / . . . . / . . . . / . . . .", DIAGONAL_2_6_11_17])
    with pytest.raises(ValueError, match="players"):
        position([DIAGONAL_3_9_9_14] * 5)
