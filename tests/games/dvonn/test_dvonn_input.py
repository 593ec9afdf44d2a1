"""Input: DVONN's action ids (section 8 of docs/rules/dvonn.md) and what is refused.

Every illegal or malformed action is refused with the engine's `IllegalAction` and leaves
the state exactly as it was; hand-made positions that cannot exist are refused with
`ValueError`. Positions come from `dvonn_reference.position`, a thin wrapper around
`DvonnState.from_position`.
"""

from __future__ import annotations

import json

import pytest
from dvonn_reference import position

from tabletop.engine import IllegalAction
from tabletop.games.dvonn import GAME
from tabletop.games.dvonn.board import INDEX, NAMES
from tabletop.games.dvonn.state import DvonnState

WHITE, BLACK = 0, 1


def test_actions_name_cells_in_click_order() -> None:
    # Q5 notation: "C3E3" is clicked as C3 then E3; a placement is one click; PASS is a button.
    state = position("A3:R, B3:1B, C3:2W, E3:1B, D4:1B")
    assert {(a.id, a.path) for a in state.legal_actions(WHITE)} == {
        ("C3A3", ("cell-c3", "cell-a3")),
        ("C3E3", ("cell-c3", "cell-e3")),
    }
    placement = GAME.new_state().legal_actions(WHITE)
    assert [a.path for a in placement[:2]] == [("cell-a1",), ("cell-b1",)]
    assert [NAMES[INDEX[a.id]] for a in placement] == list(NAMES)
    blocked = position("E3:3W, D2:R, D3:1B, E2:1B, E4:1B, F3:1B, F4:1B")
    assert [(a.id, a.label, a.path) for a in blocked.legal_actions(WHITE)] == [("PASS", "Pass", ())]


@pytest.mark.parametrize(
    ("seat", "action_id", "reason"),
    [
        (WHITE, "C3Z9", "not a legal action"),
        (WHITE, "c3e3", "not a legal action"),
        (WHITE, "C3", "not a legal action"),
        (WHITE, "", "not a legal action"),
        (WHITE, 33, "not a legal action"),
        (WHITE, None, "not a legal action"),
        (BLACK, "B3C3", "may not act now"),
        (2, "C3E3", "may not act now"),
    ],
)
def test_illegal_input_is_refused_and_changes_nothing(seat: int, action_id: object, reason: str) -> None:
    state = position("A3:R, B3:1B, C3:2W, E3:1B, D4:1B")
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(seat, action_id)  # type: ignore[arg-type]
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_illegal_input_during_placement_and_after_the_end() -> None:
    state = GAME.new_state()
    with pytest.raises(IllegalAction, match="not a legal action"):
        state.apply(WHITE, "A1B1")  # a move before phase 2
    with pytest.raises(IllegalAction, match="not a legal action"):
        state.apply(WHITE, "PASS")
    with pytest.raises(IllegalAction, match="may not act now"):
        state.apply(BLACK, "C3")
    over = position("A1:R, B1:1W, C1:1B, D1:2W, B2:1B")
    over.apply(WHITE, "B1B2")
    with pytest.raises(IllegalAction, match="game is over"):
        over.apply(WHITE, "PASS")


def test_is_legal_answers_without_generating_moves_and_agrees_with_them() -> None:
    # The engine asks is_legal on every move: it must say exactly what legal_action_ids says.
    state = position("A3:R, B3:1B, C3:2W, E3:1B, D4:1B")
    every_move_id = [origin + target for origin in NAMES for target in NAMES]
    assert {i for i in every_move_id if state.is_legal(WHITE, i)} == {"C3A3", "C3E3"}
    assert not state.is_legal(WHITE, "PASS") and not state.is_legal(WHITE, "C3")
    placing = GAME.new_state()
    placing.apply(WHITE, "C3")
    assert [name for name in NAMES if placing.is_legal(BLACK, name)] == [n for n in NAMES if n != "C3"]
    assert not placing.is_legal(BLACK, "C3E3") and not placing.is_legal(BLACK, "PASS")
    blocked = position("E3:3W, D2:R, D3:1B, E2:1B, E4:1B, F3:1B, F4:1B")
    assert blocked.is_legal(WHITE, "PASS") and not blocked.is_legal(WHITE, "E3B3")


@pytest.mark.parametrize(
    ("stacks", "to_move", "reason"),
    [
        ({"A5": (1,)}, WHITE, "expected a cell name such as 'C3', got 'A5'"),
        ({"c3": (1,)}, WHITE, "got 'c3'"),
        ({"C3": (1,), "D3": (4, 1)}, WHITE, "got piece 1 twice"),
        ({"C3": (1,), "D3": (50,)}, WHITE, "got 50"),
        ({"C3": (0,)}, WHITE, "got 0"),
        ({"C3": (1,), "D3": (4,)}, 2, "expected to_move 0 .White. or 1 .Black., got 2"),
    ],
)
def test_impossible_hand_made_positions_are_refused(
    stacks: dict[str, tuple[int, ...]], to_move: int, reason: str
) -> None:
    with pytest.raises(ValueError, match=reason):
        DvonnState.from_position(GAME, stacks=stacks, to_move=to_move)
