"""Illegal input, the actions' labels, the view and serialisation of Yatzy (the notation of
docs/rules/yatzy.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from yatzy_positions import UPPER, YAHTZEE_LOWER, position, snapshot

from tabletop.engine import IllegalAction, People
from tabletop.games.yatzy import GAME, YatzyState


def _finished_game() -> YatzyState:
    sheet = dict.fromkeys(UPPER + YAHTZEE_LOWER, 0)
    del sheet["chance"]
    state = position([1, 2, 3, 4, 5], sheets=[sheet])
    state.apply(0, "score:chance")
    return state


@pytest.mark.parametrize(
    ("state", "seat", "action_id", "reason"),
    [
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, "roll:5", "not a legal action"),  # no sixth die
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, "roll:-1", "not a legal action"),
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, "roll:x", "not a legal action"),
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, "roll:2,0", "not a legal action"),  # not in order
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, "roll:0,0", "not a legal action"),
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, "roll:01", "not a legal action"),
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, "roll: 0", "not a legal action"),
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, "roll:0,1,2,3,4", "not a legal action"),  # Y-R2
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, "roll", "not a legal action"),
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, "die:0", "not a legal action"),  # the old toggles
        (position([1, 2, 3, 4, 5], rolls_left=0), 0, "roll:", "not a legal action"),  # Y-R2
        (position([1, 2, 3, 4, 5], rolls_left=0), 0, "roll:0", "not a legal action"),
        (position([1, 2, 3, 4, 5], sheets=[{"chance": 20}]), 0, "score:chance", "not a legal action"),  # Y-R3
        (position([6] * 5, sheets=[{"yahtzee": 50}]), 0, "score:chance", "not a legal action"),  # Y-R8
        (position([1, 2, 3, 4, 5], variant="yatzy"), 0, "score:rigole", "not a legal action"),
        (position([1, 2, 3, 4, 5], players=2), 1, "score:chance", "may not act"),  # Y-S2
        (_finished_game(), 0, "score:ones", "game is over"),  # Y-R4
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, 3, "not a legal action"),
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, None, "not a legal action"),
        (position([1, 2, 3, 4, 5], rolls_left=2), "0", "roll:", "may not act"),
    ],
)
def test_illegal_actions_are_refused_and_change_nothing(
    state: YatzyState, seat: Any, action_id: Any, reason: str
) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(seat, action_id)
    assert snapshot(state) == before


def test_actions_name_their_drawing_elements_and_say_what_they_do() -> None:
    state = position([5, 5, 5, 1, 1], rolls_left=1, players=2)
    actions = {action.id: action for action in state.legal_actions(0)}
    assert len([action_id for action_id in actions if action_id.startswith("roll:")]) == 2**5 - 1
    assert actions["roll:0,1,2"].path == ("roll",)
    assert actions["roll:0,1,2"].selection == {"die-0", "die-1", "die-2"}
    assert actions["roll:0,1,2"].label == "Keep 5 5 5, roll 2 dice"
    assert actions["roll:0,1,2,3"].label == "Keep 5 5 5 1, roll 1 die"
    assert actions["roll:"].label == "Roll all 5 dice" and actions["roll:"].selection == frozenset()
    assert actions["score:full_house"].path == ("cell-0-full-house",)
    assert actions["score:full_house"].label == "Full house: 25"


def test_the_view_shows_dice_sheets_and_totals() -> None:
    state = position([3, 3, 3, 2, 2], rolls_left=1, players=2, mover=1, sheets=[{"threes": 9}])
    view = state.view(0)
    assert view == state.view(None) == state.view(1)  # nothing is hidden
    assert json.loads(json.dumps(view)) == view
    assert (view["dice"], view["rolls_left"], view["mover"]) == ([3, 3, 3, 2, 2], 1, 1)
    assert view["seats"][0]["sheet"]["threes"] == 9 and view["seats"][0]["total"] == 9
    assert view["seats"][1]["sheet"]["threes"] is None
    assert view["choices"]["full_house"] == 25
    prompt = People().resolve(view["prompt"])
    assert prompt == "Player 2: keep dice and roll (1 roll left), or choose a box to score"
    assert "rng" not in json.dumps(view)


def test_last_move_marks_the_written_box() -> None:
    state = GAME.new_state(players=2, seed=6)
    points = state.scoring_choices()["chance"]
    state.apply(0, "score:chance")
    expected = {"seat": 0, "box": "chance", "points": points, "bonus": 0}
    assert state.view(None)["last_move"] == {**expected, "action": "score:chance"}
    state.apply(1, "roll:2")
    view = state.view(None)
    assert view["last_move"] == {"seat": 1, "action": "roll:2"}
    assert view["last_score"] == expected


def test_json_round_trip_keeps_the_future_dice() -> None:
    state = GAME.new_state(players=3, options={"variant": "maxi"}, seed=77)
    state.apply(0, "roll:1")
    rebuilt = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert snapshot(rebuilt) == snapshot(state)
    for copy in (rebuilt, state):
        copy.apply(0, "roll:")
    assert rebuilt.view(None) == state.view(None)


def test_a_clone_is_independent() -> None:
    state = GAME.new_state(players=2, seed=5)
    before = snapshot(state)
    copy = state.clone()
    copy.apply(0, "roll:0")
    copy.apply(0, "score:ones")
    assert snapshot(state) == before
    assert isinstance(state.determinize(0, state.rng.spawn()), YatzyState)


def test_max_length_is_two_rerolls_and_a_score_per_box_and_player() -> None:
    assert GAME.max_length(1) == 3 * 13
    assert GAME.max_length(8, {"variant": "maxi"}) == 3 * 20 * 8


def test_options_are_validated() -> None:
    with pytest.raises(ValueError, match="variant"):
        GAME.new_state(options={"variant": "poker"})
    with pytest.raises(ValueError, match="joker"):
        GAME.new_state(options={"joker": "wild"})
    with pytest.raises(ValueError, match="players"):
        GAME.new_state(players=9)
