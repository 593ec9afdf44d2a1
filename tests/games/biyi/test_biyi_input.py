"""Illegal and malformed input, copies and serialisation, and board files that are refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from biyi_positions import DARK, LIGHT, play, position

from tabletop.engine import IllegalAction
from tabletop.games.biyi import GAME, BiyiState
from tabletop.games.biyi.board import BOARDS, BoardFileError, load_board, parse_board


def snapshot(state: BiyiState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize(
    ("action_id", "why"),
    [
        ("b2", "not a Biyi move"),
        ("B2B3", "not a Biyi move"),  # squares are lower case
        ("b2b3 ", "not a Biyi move"),
        ("b2-b3", "not a Biyi move"),
        ("", "not a Biyi move"),
        (None, "not a Biyi move"),
        (7, "not a Biyi move"),
        (["b2b3"], "not a Biyi move"),
        ("b2b1", "not a legal action"),  # backward (R3)
        ("b2b3/1", "not a legal action"),  # a lone token cannot descend (R4)
        ("z9z8", "not a legal action"),  # well formed, off the board
        ("b2b3-b4", "not a legal action"),  # no jump is due (R10)
        ("e6e5", "not a legal action"),  # Dark's token
    ],
)
def test_illegal_actions_are_refused_with_the_reason_and_change_nothing(action_id: Any, why: str) -> None:
    state = position({"b2": "L", "e6": "D"})
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=why):
        state.apply(LIGHT, action_id)
    assert snapshot(state) == before


@pytest.mark.parametrize("seat", [DARK, -1, 2, "0", None])
def test_a_seat_that_may_not_act_is_refused(seat: Any) -> None:
    state = position({"b2": "L", "e6": "D"})
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="may not act"):
        state.apply(seat, "b2b3")
    assert snapshot(state) == before


def test_a_finished_game_refuses_everything() -> None:
    state = play(position({"c6": "L", "a6": "D"}), "c6c7")
    with pytest.raises(IllegalAction, match="over"):
        state.apply(DARK, "a6a5")


def test_a_json_round_trip_keeps_the_memory_of_r28_and_r29() -> None:
    state = play(position({"b2": "L", "e2": "L", "b6": "D"}), "b2c2", "b6b5")
    rebuilt = GAME.state_from_json(json.loads(snapshot(state)))
    assert isinstance(rebuilt, BiyiState)
    assert snapshot(rebuilt) == snapshot(state)
    assert rebuilt.legal_action_ids(LIGHT) == state.legal_action_ids(LIGHT)
    assert "c2b2" not in rebuilt.legal_action_ids(LIGHT)  # R28 survives the trip


def test_a_clone_is_independent() -> None:
    state = position({"b2": "LLLL", "e6": "D"})
    before = snapshot(state)
    twin = state.clone()
    play(twin, "b2b3-c3")
    assert snapshot(state) == before
    assert state.legal_action_ids(LIGHT) == position({"b2": "LLLL", "e6": "D"}).legal_action_ids(LIGHT)


def test_a_hand_made_position_must_name_squares_of_its_board() -> None:
    with pytest.raises(ValueError, match="f8"):
        position({"f8": "L"})


# --- board files ---------------------------------------------------------------------------

GOOD = {
    "title": "Tiny",
    "about": "A test board.",
    "width": 5,
    "height": 7,
    "river_rows": [4],
    "birds": ["c1", "c7"],
    "turn_limit": 50,
    "cards": {"one": ["a1", "b2"]},
}


def test_a_good_board_file_loads() -> None:
    board = parse_board("tiny", json.dumps(GOOD))
    assert (board.width, board.height, board.turn_limit) == (5, 7, 50)
    assert [board.name_of(square) for square in board.cards["one"]] == ["a1", "b2"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"width": 1}, "'width'"),
        ({"width": "5"}, "'width'"),
        ({"height": 200}, "'height'"),
        ({"river_rows": []}, "'river_rows'"),
        ({"river_rows": [1]}, "'river_rows'"),
        ({"river_rows": [3, 5]}, "'river_rows'"),
        ({"river_rows": [3]}, "'river_rows'"),  # camps of unequal depth
        ({"birds": ["c1"]}, "'birds'"),
        ({"birds": ["c1", "z9"]}, r"'birds\[1\]'"),
        ({"birds": ["c7", "c1"]}, r"'birds\[0\]'"),
        ({"turn_limit": 0}, "'turn_limit'"),
        ({"cards": {}}, "'cards'"),
        ({"cards": {"one": ["a1", "a1"]}}, "'cards.one'"),
        ({"cards": {"one": ["a5"]}}, "'cards.one'"),  # not Light's camp
        ({"cards": {"one": ["c1"]}}, "'cards.one'"),  # Light's bird
        ({"cards": {"one": ["a1"], "two": ["a1", "b1"]}}, "'cards'"),  # unequal counts
        ({"title": ""}, "'title'"),
        ({"colour": "red"}, "'colour'"),
    ],
)
def test_a_bad_board_file_names_the_bad_field(change: dict[str, Any], field: str) -> None:
    with pytest.raises(BoardFileError, match=f"board file tiny.json: field {field}"):
        parse_board("tiny", json.dumps({**GOOD, **change}))


def test_a_missing_field_is_named() -> None:
    data = dict(GOOD)
    del data["birds"]
    with pytest.raises(BoardFileError, match="field 'birds': is missing"):
        parse_board("tiny", json.dumps(data))


def test_a_file_that_is_not_json_is_refused() -> None:
    with pytest.raises(BoardFileError, match="not JSON"):
        parse_board("tiny", "{width: 5")


def test_the_shipped_boards_load_and_are_the_options() -> None:
    assert set(BOARDS) == set(GAME.options["board"].choices) == {"tabletop", "quick"}
    assert load_board("quick") == BOARDS["quick"]
    assert "not the real" in BOARDS["tabletop"].about  # labelled as Tabletop's own
