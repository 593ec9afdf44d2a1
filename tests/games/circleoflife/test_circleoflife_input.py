"""Illegal and malformed actions: each refused with a reason, and nothing changed (R2, R3, §2.1)."""

from __future__ import annotations

import pytest
from circleoflife_reference import position

from tabletop.engine import IllegalAction

BLACK, WHITE = 0, 1


@pytest.mark.parametrize(
    ("seat", "action_id", "reason"),
    [
        (WHITE, "A0", "may not act now"),  # not White's turn
        (2, "A0", "may not act now"),  # no such seat
        (BLACK, "A5", "not a legal action"),  # row A has columns 0-4 only
        (BLACK, "E9", "not a legal action"),
        (BLACK, "J4", "not a legal action"),
        (BLACK, "e5", "not a legal action"),  # the notation is capital letter and column
        (BLACK, " E5", "not a legal action"),
        (BLACK, "E4", "occupied"),
        (BLACK, "D3", "more than 4 stones"),
        (BLACK, None, "cell name"),
        (BLACK, 40, "cell name"),
    ],
)
def test_illegal_input_is_refused_and_changes_nothing(seat: object, action_id: object, reason: str) -> None:
    state = position(black=["E0", "E1", "E2", "E3"], white=["E4"])
    before = state.to_json()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(seat, action_id)  # type: ignore[arg-type]
    assert state.to_json() == before


def test_is_legal_answers_from_the_legal_cells() -> None:
    # R2, R3: the same answer as the legal ids, for the seat to move and the other one
    state = position(black=["E0", "E1", "E2", "E3"], white=["E4"])
    legal = set(state.legal_action_ids(BLACK))
    assert all(state.is_legal(BLACK, cell) for cell in legal)
    assert not any(state.is_legal(BLACK, cell) for cell in ("E4", "D3", "A5", "e5", ""))
    assert not state.is_legal(WHITE, "A0") and "A0" in legal


@pytest.mark.parametrize(
    ("black", "white", "reason"),
    [
        (["E4", "J1"], [], "'J1' is not a cell"),
        (["E4"], ["E4"], "E4 is given twice"),
        (["E0", "E1", "E2", "E3", "E4"], [], r"more than 4 stones \(R3\)"),
    ],
)
def test_impossible_hand_made_positions_are_refused(black: list[str], white: list[str], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        position(black=black, white=white)
