"""Illegal and malformed input: `IllegalAction` saying why, and the state left exactly as it was."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tuned_positions import play, position, start

from tabletop.engine import IllegalAction
from tabletop.games.tuned.state import TunedState


def _snapshot(state: TunedState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _rejected(state: TunedState, seat: Any, action_id: Any, reason: str) -> None:
    before = _snapshot(state)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(seat, action_id)
    assert _snapshot(state) == before


@pytest.mark.parametrize("action_id", [None, 7, ["Db2"], "", "db2", "Xb2", "Dd4", "Da1b2c3", "D b2", "Db2 "])
def test_malformed_ids_are_rejected_with_the_notation(action_id: Any) -> None:
    _rejected(start(first_player=0), 0, action_id, "expected an Add like 'Gb2' or a Move like 'Ga1b2'")


def test_the_wrong_seat_is_rejected() -> None:
    state = start(first_player=0)
    _rejected(state, 1, "Db2", "seat 1 may not act now")
    _rejected(state, 2, "Db2", "may not act now")
    _rejected(state, "0", "Db2", "may not act now")


def test_nothing_is_accepted_once_the_game_is_over() -> None:
    state = play(start(first_player=0), "Cb1", "Cb2", "Cb3")
    assert state.is_over() and state.legal_actions(0) == state.legal_actions(1) == []
    _rejected(state, 1, "Da1", "the game is over")


def test_each_broken_rule_is_named() -> None:
    # Section 2.3, R2, R3, R4, R5 and R7 each explain a rejection.
    state = position(
        "D . . / . GC . / . . .", ("DDGGC", "DGCC"), roosters=("add-1", "move"), last_move="Ga1b2"
    )
    _rejected(state, 0, "Da1", r"a Donkey may not go onto the stack Donkey in a1 \(section 2.3\)")
    _rejected(state, 0, "Gb2a1", r"invert the opponent's last Move \(R7\)")
    _rejected(state, 0, "Db2c3", r"no Donkey in b2 to lift \(R5\)")
    _rejected(state, 0, "Gb2b2", r"needs a different destination cell \(R5\)")
    play(state, "Cb2c3")
    _rejected(state, 1, "Dc3a1", r"the Rooster is on MOVE, so this turn must be an Add \(R2\)")
    empty_supply = position("DGC . DGC / . . . / DGC . DGC", ("", ""))
    _rejected(empty_supply, 0, "Cb2", r"the supply is empty, so every action is a Move \(R3\)")
    no_cat = position("D C . / . C . / . . .", ("DGG", "DDGGCC"))
    _rejected(no_cat, 0, "Cc3", r"no Cat left in the supply \(R4\)")


def test_a_rejection_lists_the_legal_actions() -> None:
    state = play(start(first_player=0), "Db2")
    with pytest.raises(IllegalAction) as error:
        state.apply(1, "Db2a1")
    assert "legal: Da1, Db1, Dc1, Da2, Dc2, " in str(error.value)


def test_hand_made_positions_must_be_possible() -> None:
    with pytest.raises(ValueError, match="9 cells"):
        position("D . . / . . .", ("DGC", "DGC"))
    with pytest.raises(ValueError, match="not one of the stacks"):
        position("GD . . / . . . / . . .", ("DGGCC", "DGCC"))
    with pytest.raises(ValueError, match="missing: Donkey"):
        position(". . . / . . . / . . .", ("DGGCC", "DDGGCC"))
    with pytest.raises(ValueError, match="line of three"):
        position("C C C / . . . / . . .", ("DDGG", "DDGGC"))
    with pytest.raises(ValueError, match="the barn before it was impossible or had a line"):
        position("DGC D GC / DG . G / C D C", ("", ""), last_move="Cc2a3")  # column c was three Cats
    with pytest.raises(ValueError, match="the barn before it was impossible or had a line"):
        position("D . . / . DGC . / . . .", ("DGGC", "DGCC"), last_move="Da1b2")  # a1 was D, D, G, C
