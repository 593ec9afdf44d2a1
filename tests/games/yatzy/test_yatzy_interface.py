"""Illegal input, the view, serialisation and the drawings of Yatzy (rules/yatzy.md section 11)."""

from __future__ import annotations

import json
import re
from typing import Any
from xml.etree import ElementTree

import pytest
from yatzy_positions import UPPER, YAHTZEE_LOWER, position, snapshot

from tabletop.engine import IllegalAction
from tabletop.games.yatzy import GAME, YatzyState

ELEMENT_ID = re.compile(r"[a-z0-9-]+")


def _finished_game() -> YatzyState:
    sheet = dict.fromkeys(UPPER + YAHTZEE_LOWER, 0)
    del sheet["chance"]
    state = position([1, 2, 3, 4, 5], sheets=[sheet])
    state.apply(0, "score:chance")
    return state


@pytest.mark.parametrize(
    ("state", "seat", "action_id", "reason"),
    [
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, "die:5", "not a legal action"),
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, "die:-1", "not a legal action"),
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, "die:x", "not a legal action"),
        (position([1, 2, 3, 4, 5], rolls_left=0), 0, "roll", "not a legal action"),  # Y-R2
        (position([1, 2, 3, 4, 5], rolls_left=0), 0, "die:0", "not a legal action"),
        (position([1, 2, 3, 4, 5], sheets=[{"chance": 20}]), 0, "score:chance", "not a legal action"),  # Y-R3
        (position([6] * 5, sheets=[{"yahtzee": 50}]), 0, "score:chance", "not a legal action"),  # Y-R8
        (position([1, 2, 3, 4, 5], variant="yatzy"), 0, "score:rigole", "not a legal action"),
        (position([1, 2, 3, 4, 5], players=2), 1, "score:chance", "may not act"),  # Y-S2
        (_finished_game(), 0, "score:ones", "game is over"),  # Y-R4
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, 3, "not a legal action"),
        (position([1, 2, 3, 4, 5], rolls_left=2), 0, None, "not a legal action"),
        (position([1, 2, 3, 4, 5], rolls_left=2), "0", "roll", "may not act"),
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
    state = position([5, 5, 5, 1, 1], kept=[True, False, False, False, False], rolls_left=1, players=2)
    actions = {action.id: action for action in state.legal_actions(0)}
    assert actions["die:0"].path == ("die-0",) and actions["die:0"].label == "Put back die 1 (5)"
    assert actions["die:3"].label == "Keep die 4 (1)"
    assert actions["roll"].label == "Roll 4 dice"
    assert actions["score:full_house"].path == ("cell-0-full-house",)
    assert actions["score:full_house"].label == "Full house: 25"


def test_the_view_shows_dice_sheets_and_totals() -> None:
    state = position([3, 3, 3, 2, 2], kept=[True] * 3 + [False] * 2, rolls_left=1, players=2, mover=1)
    state.sheets[0]["threes"] = 9
    view = state.view(0)
    assert view == state.view(None) == state.view(1)  # nothing is hidden
    assert json.loads(json.dumps(view)) == view
    assert (view["dice"], view["kept"], view["rolls_left"], view["mover"]) == (
        [3, 3, 3, 2, 2],
        [True] * 3 + [False] * 2,
        1,
        1,
    )
    assert view["seats"][0]["sheet"]["threes"] == 9 and view["seats"][0]["total"] == 9
    assert view["seats"][1]["sheet"]["threes"] is None
    assert view["choices"]["full_house"] == 25
    assert view["prompt"] == "Player 2: keep dice and roll (1 roll left), or choose a box to score"
    assert "rng" not in json.dumps(view)


def test_last_move_marks_the_written_box() -> None:
    state = GAME.new_state(players=2, seed=6)
    points = state.scoring_choices()["chance"]
    state.apply(0, "score:chance")
    expected = {"seat": 0, "box": "chance", "points": points, "bonus": 0}
    assert state.view(None)["last_move"] == {**expected, "action": "score:chance"}
    state.apply(1, "die:2")
    view = state.view(None)
    assert view["last_move"] == {"seat": 1, "action": "die:2"}
    assert view["last_score"] == expected


def test_json_round_trip_keeps_the_future_dice() -> None:
    state = GAME.new_state(players=3, options={"variant": "maxi"}, seed=77)
    state.apply(0, "die:1")
    state.apply(0, "roll")
    rebuilt = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert snapshot(rebuilt) == snapshot(state)
    for copy in (rebuilt, state):
        copy.apply(0, "roll")
    assert rebuilt.view(None) == state.view(None)


def test_a_clone_is_independent() -> None:
    state = GAME.new_state(players=2, seed=5)
    before = snapshot(state)
    copy = state.clone()
    copy.apply(0, "die:0")
    copy.apply(0, "score:ones")
    assert snapshot(state) == before
    assert isinstance(state.determinize(0, state.rng.spawn()), YatzyState)


@pytest.mark.parametrize("variant", ["yahtzee", "yahtzee14", "yams", "yatzy", "maxi"])
@pytest.mark.parametrize("players", [1, 8])
def test_the_drawing_holds_every_clickable_element_once(variant: str, players: int) -> None:
    state = GAME.new_state(players=players, options={"variant": variant}, seed=12)
    state.apply(0, "die:1")
    root = ElementTree.fromstring(GAME.draw_svg(state.view(0)))
    ids = [element.get("id") for element in root.iter() if element.get("id")]
    assert len(ids) == len(set(ids)) and all(ELEMENT_ID.fullmatch(str(element_id)) for element_id in ids)
    for action in state.legal_actions(0):
        assert set(action.path) <= set(ids), action.id
    expected_cells = players * len(state.variant.boxes)
    assert sum(str(element_id).startswith("cell-") for element_id in ids) == expected_cells
    assert 360 <= float(root.get("viewBox", "").split()[2]) <= 600


def test_the_drawing_sets_kept_dice_apart_and_outlines_the_last_box() -> None:
    state = position([4, 4, 2, 6, 1], kept=[True, False, False, False, False], rolls_left=2, players=2)
    state.apply(0, "score:fours")
    state.apply(1, "die:3")
    root = ElementTree.fromstring(GAME.draw_svg(state.view(None)))
    by_id = {element.get("id"): element for element in root.iter() if element.get("id")}
    assert float(by_id["die-3"].get("y", 0)) > float(by_id["die-0"].get("y", 0))
    assert by_id["die-3"].get("fill") != by_id["die-0"].get("fill")
    assert by_id["cell-0-fours"].get("stroke") != by_id["cell-0-ones"].get("stroke")


def test_the_text_drawing_shows_dice_and_sheet() -> None:
    state = position(
        [6, 6, 6, 6, 6], kept=[True, True, False, False, False], rolls_left=1, sheets=[{"ones": 2}]
    )
    lines = GAME.draw_text(state.view(None)).splitlines()
    assert lines[1] == "Dice: [6] [6] 6 6 6   1 roll left"
    assert lines[3].split() == ["Player", "1"]
    assert lines[4].split() == ["Ones", "2"]
    assert lines[9].split() == ["Sixes", "(30)"]
    assert lines[-1].split() == ["TOTAL", "2"]


def test_max_length_grows_with_boxes_and_players() -> None:
    assert GAME.max_length(1) == 200 * 13
    assert GAME.max_length(8, {"variant": "maxi"}) == 200 * 20 * 8


def test_options_are_validated() -> None:
    with pytest.raises(ValueError, match="variant"):
        GAME.new_state(options={"variant": "poker"})
    with pytest.raises(ValueError, match="joker"):
        GAME.new_state(options={"joker": "wild"})
    with pytest.raises(ValueError, match="players"):
        GAME.new_state(players=9)
