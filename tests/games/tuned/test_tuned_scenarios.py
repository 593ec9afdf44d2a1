"""The test scenarios of section 6 of rules/tuned.md, one test each, on the positions it describes."""

from __future__ import annotations

import pytest
from tuned_positions import play, position, rows_of, start, winner

from tabletop.engine import IllegalAction


def test_scenario_1_placement() -> None:
    # Section 2.3, R4: a1 = [D], b1 = [G], b2 = [D,G], the rest empty.
    state = position("D G . / . DG . / . . .", ("DGCC", "DGCC"))
    legal = set(state.legal_action_ids(0))
    assert "Ga1" in legal  # Dog onto [D]
    assert "Gb1" not in legal  # Dog onto [G]
    assert "Ca1" not in legal  # Cat onto [D]
    assert "Cb2" in legal  # Cat onto [D,G]
    assert not {"Da1", "Db1", "Db2"} & legal  # Donkey onto any non-empty cell
    assert rows_of(play(state.clone(), "Ga1")) == "DG G . / . DG . / . . ."
    assert rows_of(play(state.clone(), "Cb2")) == "D G . / . DGC . / . . ."
    with pytest.raises(IllegalAction, match="may not go onto the stack Dog in b1"):
        state.apply(0, "Gb1")


def test_scenario_2_the_first_action_of_each_player_is_an_add() -> None:
    # R2: both Roosters start on MOVE (section 2.4).
    state = start(first_player=0)
    assert all(len(action_id) == 3 for action_id in state.legal_action_ids(0))  # Adds only
    play(state, "Db2")
    with pytest.raises(IllegalAction, match="Rooster is on MOVE"):
        state.apply(1, "Db2a1")
    play(state, "Ga1")
    assert state.current_players() == (0,)


def test_scenario_3_no_double_move() -> None:
    # R2: seat 0 moved last turn and still has animals, so it must add; after an Add it may move.
    state = play(start(first_player=0), "Db2", "Da1", "Db2c3", "Gb2")
    with pytest.raises(IllegalAction, match="Rooster is on MOVE"):
        state.apply(0, "Dc3b3")
    play(state, "Cb1")  # seat 0 adds
    play(state, "Ca3")  # seat 1 adds
    play(state, "Dc3b3")  # seat 0 may move again
    assert rows_of(state) == "D C . / . G . / C D ."


def test_scenario_4_an_empty_supply_means_a_move_every_turn() -> None:
    # R3: seat 0 has nothing left to add; it moves, and moves again on its next turn.
    state = position("DG . C / . D . / GC . .", ("", "DDGGCC"))
    assert state.legal_action_ids(0) and all(len(action_id) == 5 for action_id in state.legal_action_ids(0))
    with pytest.raises(IllegalAction, match="supply is empty"):
        state.apply(0, "Cb1")
    play(state, "Db2b1", "Db2")
    play(state, "Ca3c2")
    assert rows_of(state) == "DG D C / . D C / G . ."


def test_scenario_5_moving_part_of_a_stack() -> None:
    # R5: a1 = [D,G,C], b2 empty; c3 = [D] for the second half.
    state = position("DGC . . / . . . / . . D", ("DGGCC", "DGC"))
    assert rows_of(play(state.clone(), "Ga1b2")) == "D . . / . GC . / . . D"
    assert rows_of(play(state.clone(), "Ga1c3")) == "D . . / . . . / . . DGC"
    # Only top portions can be lifted: whatever leaves a1, what stays is its bottom part.
    for action_id in state.legal_action_ids(0):
        if action_id[1:3] == "a1":
            assert rows_of(play(state.clone(), action_id)).split()[0] in {".", "D", "DG"}


def test_scenario_6_no_inversion() -> None:
    # R7: seat 1 has just moved [G,C] from a1 to b2.
    state = position(
        "D . . / . GC . / . . .", ("DDGGC", "DGCC"), roosters=("add-1", "move"), last_move="Ga1b2"
    )
    with pytest.raises(IllegalAction, match="invert the opponent's last Move"):
        state.apply(0, "Gb2a1")
    with pytest.raises(IllegalAction, match="may not go onto the stack Donkey in a1"):
        state.apply(0, "Cb2a1")
    assert "Cb2c3" in state.legal_action_ids(0)
    # After the opponent's Add (the Cat on b2), the same move is allowed.
    after_add = position(
        "D . . / . GC . / . . .", ("DDGGC", "DGCC"), roosters=("add-1", "add-1"), last_move="Cb2"
    )
    assert "Gb2a1" in after_add.legal_action_ids(0)


def test_scenario_7_win_by_adding() -> None:
    # R8: row 1 (r = 0) has Cat, Cat, empty; seat 0 adds a Cat at c1.
    state = position("C C . / . . . / . . .", ("DDGGC", "DDGGC"))
    play(state, "Cc1")
    assert winner(state) == 0 and "three Cats on top in row 1" in state.outcome().reason


def test_scenario_8_win_by_uncovering() -> None:
    # R8: column b has Dog, Dog, Cat on top, b3 = [G,C]; moving the Cat away shows a third Dog.
    state = position(". G . / . G . / . GC .", ("DDGCC", "DDC"))
    play(state, "Cb3a1")
    assert winner(state) == 0 and "three Dogs on top in column b" in state.outcome().reason


def test_scenario_9_empty_cells_never_count() -> None:
    # R8: row 2 has Cat, Cat, empty: no win, and moving one of those Cats away wins nothing.
    state = position(". . . / C C . / . . .", ("DDGGC", "DDGGC"))
    assert not state.is_over()
    play(state, "Cb2c1")
    assert not state.is_over() and rows_of(state) == ". . C / C . . / . . ."


def test_scenario_10_forced_add_impossible() -> None:
    # R9: seat 0 has only Donkeys, its Rooster is on MOVE and every cell is occupied.
    state = position("DG C G / C D C / G C G", ("DD", ""), roosters=("move", "add-1"))
    assert state.is_over() and state.current_players() == ()
    assert winner(state) == 1 and "(R9)" in state.outcome().reason


def test_scenario_11_two_lines_at_once() -> None:
    # R8: the Cat leaving a1 uncovers a third Dog in row 1 and lands as a third Cat in row 3.
    state = position("DGC G G / D . D / C . C", ("DGC", ""))
    play(state, "Ca1b3")
    reason = state.outcome().reason
    assert winner(state) == 0
    assert "three Dogs on top in row 1" in reason and "three Cats on top in row 3" in reason
    assert state.view(None)["winning_lines"] == [["a1", "b1", "c1"], ["a3", "b3", "c3"]]
