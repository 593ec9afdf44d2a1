"""Every numbered rule of docs/rules/rolltothetop.md on concrete positions, and its scenarios (§5)."""

from __future__ import annotations

import pytest
from rolltothetop_positions import T12, play, t12, writes_of

from tabletop.engine import IllegalAction
from tabletop.games.rolltothetop import GAME
from tabletop.games.rolltothetop.board import ACTION_FACES, DICE
from tabletop.games.rolltothetop.rules import TURN_LIMIT
from tabletop.games.rolltothetop.state import POOL, WRITE, RollToTheTopState


def numbers(state: RollToTheTopState, seat: int = 0) -> dict[str, int]:
    """The seat's working sheet as {box id: number} for the filled boxes."""
    return {box.id: number for box, number in zip(T12.boxes, state.sheets[seat], strict=True) if number}


def confirm_all(state: RollToTheTopState) -> None:
    for seat in state.current_players():
        state.apply(seat, "confirm")


# --- R1: the turn ---------------------------------------------------------------------------


def test_a_turn_is_writing_then_the_pool_change_then_the_die_passes() -> None:
    # R1: (b) everybody writes at once, (c) the end is checked, (d) the holder changes the pool,
    # (e) the action die passes clockwise and the next turn is rolled.
    state = t12({}, {}, {}, faces={"d6": 3, "d8": 5}, action_face="+", holder=2)
    assert state.current_players() == (0, 1, 2) and state.phase == WRITE
    state.apply(1, "a0=d6")
    confirm_all(state)
    assert state.phase == POOL and state.current_players() == (2,)
    state.apply(2, "add:d20")
    assert state.phase == WRITE and state.turn == 2 and state.holder == 0
    assert state.current_players() == (0, 1, 2)
    assert all(
        1 <= state.faces[DICE.index(die)] <= sides for die, sides in (("d6", 6), ("d8", 8), ("d20", 20))
    )
    assert state.faces[DICE.index("d4")] == 0 and state.face in ACTION_FACES


def test_the_roll_comes_from_the_seeded_generator() -> None:
    # R1 (a): the same seed rolls the same dice and the same action face.
    first, second = GAME.new_state(3, None, 11), GAME.new_state(3, None, 11)
    assert first.to_json() == second.to_json()
    assert isinstance(first, RollToTheTopState) and len([face for face in first.faces if face]) == 2


# --- writing ----------------------------------------------------------------------------------


def test_writing_is_optional() -> None:
    # R2 and scenario 9: any player may confirm without writing.
    state = t12({}, {}, faces={"d4": 2, "d6": 5})
    state.apply(0, "confirm")
    state.apply(1, "confirm")
    assert state.phase == POOL and state.shown == [[0] * 12, [0] * 12]


def test_a_group_writes_its_sum_and_each_die_serves_once() -> None:
    # R3 and scenario 1: 2, 5, 5 -> a0 = 2 and a1 = 10 is legal; 2, 5 and 7 together are not.
    state = t12({}, faces={"d4": 2, "d6": 5, "d8": 5})
    play(state, 0, ["a0=d4", "a1=d6+d8"])
    assert numbers(state) == {"a0": 2, "a1": 10}
    assert writes_of(state) == []  # every die used
    state = play(t12({}, faces={"d4": 2, "d6": 5, "d8": 5}), 0, ["a0=d4", "a1=d6"])
    assert writes_of(state) == ["a2=d8", "a3=d8", "b0=d8"]
    with pytest.raises(IllegalAction, match="only once"):
        state.apply(0, "a2=d4+d8")  # 7 needs the d4 again


def test_every_partition_of_the_roll_is_reachable() -> None:
    # R3: with 2, 5, 5 the possible writes include {2, 5, 5}, {2, 10}, {7, 5}, {12}.
    for actions, written in [
        (["a0=d4", "a1=d6", "a2=d8"], [2, 5, 5]),
        (["a0=d4", "a1=d6+d8"], [2, 10]),
        (["a0=d4+d6", "a1=d8"], [7, 5]),
        (["a0=d4+d6+d8"], [12]),
    ]:
        state = play(t12({}, faces={"d4": 2, "d6": 5, "d8": 5}), 0, actions)
        assert sorted(numbers(state).values()) == sorted(written)


def test_a_filled_box_is_never_written_again() -> None:
    # R4: a0 holds 3; no write names a0, and trying it is refused.
    state = t12({"a0": 3}, faces={"d6": 4})
    assert not any(action.startswith("a0=") for action in writes_of(state))
    with pytest.raises(IllegalAction, match="R4"):
        state.apply(0, "a0=d6")


def test_a_dot_box_takes_any_number_at_any_time() -> None:
    # R5 and scenario 7: a3 = 1 is legal with a2 = 20.
    state = t12({"a2": 20}, faces={"d4": 1})
    state.apply(0, "a3=d4")
    assert numbers(state)["a3"] == 1


def test_a_supported_box_needs_every_box_under_it() -> None:
    # R6 and scenario 2: a0 filled, a1 empty -> b0 refused.
    state = t12({"a0": 3}, faces={"d6": 6})
    assert "b0=d6" not in writes_of(state)
    with pytest.raises(IllegalAction, match="R6"):
        state.apply(0, "b0=d6")


def test_a_supported_box_takes_at_least_the_numbers_under_it() -> None:
    # R6 and scenario 3: a0 = 4, a1 = 6 -> b0 = 6 legal, b0 = 5 refused; c0 closed until b0 and b1.
    assert "b0=d6" in writes_of(t12({"a0": 4, "a1": 6}, faces={"d6": 6}))
    state = t12({"a0": 4, "a1": 6}, faces={"d6": 5})
    assert "b0=d6" not in writes_of(state)
    with pytest.raises(IllegalAction):
        state.apply(0, "b0=d6")
    state = t12({"a0": 4, "a1": 6, "a2": 6, "b0": 6}, faces={"d20": 20})
    assert not any(action.startswith("c0=") for action in writes_of(state))
    play(state, 0, ["b1=d20"])
    state = t12({"a0": 4, "a1": 6, "a2": 6, "b0": 6, "b1": 7}, faces={"d20": 7})
    assert "c0=d20" in writes_of(state)


def test_a_hanging_box_needs_a_filled_neighbour_then_takes_anything() -> None:
    # R7 and scenario 5: c3 refused while c2 is empty; with c2 = 9, c3 takes 1.
    board = {"a0": 1, "a1": 1, "a2": 1, "a3": 1, "b0": 2, "b1": 2, "b2": 3}
    state = t12(board, faces={"d4": 1, "d12": 9})
    assert not any(action.startswith("c3=") for action in writes_of(state))
    with pytest.raises(IllegalAction, match="R7"):
        state.apply(0, "c3=d4")
    play(state, 0, ["c2=d12", "c3=d4"])
    assert numbers(state)["c3"] == 1 < numbers(state)["c2"]


def test_a_box_on_one_box_needs_only_that_one() -> None:
    # R6 and scenario 6: c2 rests on b2 alone.
    board = {"a2": 2, "a3": 5, "b2": 5}
    assert [action for action in writes_of(t12(board, faces={"d6": 5})) if action.startswith("c2=")] == [
        "c2=d6"
    ]
    assert not any(action.startswith("c2=") for action in writes_of(t12(board, faces={"d4": 4})))


def test_writes_of_a_turn_chain_in_the_order_made() -> None:
    # R8 and scenario 4: a1 = 2 from before; 3 and 4 rolled: a0 = 3, then b0 = 4.
    state = t12({"a1": 2}, faces={"d4": 3, "d6": 4})
    assert "b0=d6" not in writes_of(state)
    play(state, 0, ["a0=d4", "b0=d6"])
    assert numbers(state) == {"a0": 3, "a1": 2, "b0": 4}


def test_a_chained_write_must_be_legal_when_made() -> None:
    # R8: b0 = 3 before a0 exists is refused even though a0 could be filled later.
    state = t12({"a1": 2}, faces={"d4": 3, "d6": 4})
    with pytest.raises(IllegalAction):
        state.apply(0, "b0=d4")


def test_sheets_are_independent() -> None:
    # R9: seat 0's writes change nothing on seat 1's sheet, nor what seat 1 may write.
    state = t12({}, {}, faces={"d6": 3, "d8": 5})
    before = state.legal_action_ids(1)
    play(state, 0, ["a0=d6", "a1=d8"])
    assert state.sheets[1] == [0] * 12 and state.legal_action_ids(1) == before


def test_writes_are_revealed_when_the_last_player_confirms() -> None:
    # R10: seat 1 sees nothing of seat 0's writes, even after seat 0 confirms, until seat 1 confirms.
    state = t12({}, {}, faces={"d6": 3, "d8": 5})
    play(state, 0, ["a0=d6", "confirm"])
    assert state.view(1)["sheets"][0]["numbers"] == [0] * 12
    assert state.view(None)["sheets"][0]["numbers"] == [0] * 12
    state.apply(1, "confirm")
    assert state.view(1)["sheets"][0]["numbers"][0] == 3
    assert state.view(None)["sheets"][0]["numbers"][0] == 3


def test_the_turn_remembers_whether_anybody_wrote() -> None:
    # R11: one write by one player is enough.
    state = t12({}, {}, faces={"d6": 3, "d8": 5})
    play(state, 1, ["a2=d8", "confirm"])
    state.apply(0, "confirm")
    assert state.anybody_wrote
    state = t12({}, {}, faces={"d6": 3, "d8": 5})
    confirm_all(state)
    assert not state.anybody_wrote


def test_a_full_postcard_takes_no_more_writes() -> None:
    # R12: the last box filled, only undo and confirm remain although a die is unused.
    board = {box.id: 5 for box in T12.boxes if box.id != "d0"}
    state = t12(board, faces={"d6": 6, "d8": 2})
    play(state, 0, ["d0=d6"])
    assert state.legal_action_ids(0) == ["undo", "confirm"]


# --- the pool ---------------------------------------------------------------------------------


def pool_position(active: list[str], face: str, anybody_wrote: bool = True) -> RollToTheTopState:
    faces = dict.fromkeys(active, 1)
    return t12({}, faces=faces, action_face=face, phase=POOL, anybody_wrote=anybody_wrote)


def test_five_active_dice_force_a_removal() -> None:
    # R13 and scenario 8: five active and "+" rolled -> remove one (any of five).
    state = pool_position(list(DICE), "+")
    assert state.legal_action_ids(0) == [f"remove:{die}" for die in DICE]


def test_five_active_dice_are_reduced_even_when_nobody_wrote() -> None:
    # R13 before R15 (decision Q4).
    assert pool_position(list(DICE), "swap", anybody_wrote=False).legal_action_ids(0)[0] == "remove:d4"


def test_a_single_active_die_forces_an_addition() -> None:
    # R14 and scenario 8: one active and "−" rolled -> add one of the four in reserve.
    assert pool_position(["d8"], "−").legal_action_ids(0) == ["add:d4", "add:d6", "add:d12", "add:d20"]


def test_a_turn_without_writes_forces_an_addition() -> None:
    # R15 and scenario 8: three active, nobody wrote, "−" rolled -> add.
    state = pool_position(["d4", "d6", "d8"], "−", anybody_wrote=False)
    assert state.legal_action_ids(0) == ["add:d12", "add:d20"]


def test_otherwise_the_action_die_decides() -> None:
    # R16 and scenario 8: each face, with three active dice and somebody having written.
    three = ["d4", "d6", "d8"]
    assert pool_position(three, "+").legal_action_ids(0) == ["add:d12", "add:d20"]
    assert pool_position(three, "−").legal_action_ids(0) == ["remove:d4", "remove:d6", "remove:d8"]
    swaps = pool_position(three, "swap").legal_action_ids(0)
    assert len(swaps) == 6 and "swap:d6:d20" in swaps
    assert pool_position(three, "±").legal_action_ids(0) == [
        "add:d12", "add:d20", "remove:d4", "remove:d6", "remove:d8"
    ]  # fmt: skip


def test_a_swap_keeps_the_pool_size_and_changes_one_die() -> None:
    # R16, R17 and scenario 8: three active, swap d6 for d20.
    state = pool_position(["d4", "d6", "d8"], "swap")
    state.apply(0, "swap:d6:d20")
    active = [die for index, die in enumerate(DICE) if state.active >> index & 1]
    assert active == ["d4", "d8", "d20"]


def test_the_holder_chooses_which_die_and_the_pool_stays_between_one_and_five() -> None:
    # R17: every pool change of every face and size leaves 1 to 5 dice.
    for size in range(1, 6):
        for face in ("+", "−", "swap", "±"):
            for wrote in (True, False):
                state = pool_position(list(DICE[:size]), face, wrote)
                for action in state.legal_action_ids(0):
                    child = state.clone()
                    child.apply(0, action)
                    assert 1 <= bin(child.active).count("1") <= 5


def test_only_the_holder_changes_the_pool() -> None:
    # R1 (d), R17: in the pool step only the holder may act.
    state = t12({}, {}, faces={"d6": 2}, action_face="+", holder=1, phase=POOL)
    assert state.current_players() == (1,) and state.legal_action_ids(0) == []
    with pytest.raises(IllegalAction):
        state.apply(0, "add:d4")


# --- the end ----------------------------------------------------------------------------------


def test_players_finishing_together_all_win_without_a_pool_change() -> None:
    # R18 and scenario 10: P and Q complete in the same turn -> both win; no pool step.
    almost = {box.id: 5 for box in T12.boxes if box.id != "d0"}
    state = t12(almost, almost, {"a0": 1}, faces={"d12": 9})
    state.apply(0, "d0=d12")
    state.apply(1, "d0=d12")
    confirm_all(state)
    outcome = state.outcome()
    assert state.is_over() and state.phase == "over" and outcome is not None
    assert outcome.ranks == (1, 1, 3) and outcome.winners() == (0, 1)
    assert state.turn == 1


def test_others_rank_by_filled_boxes() -> None:
    # R18 (decision Q5): the non-finishers by filled boxes, equal counts sharing a place.
    almost = {box.id: 5 for box in T12.boxes if box.id != "d0"}
    state = t12(almost, {"a0": 1, "a1": 1}, {"a2": 1, "a3": 2}, {"a0": 1}, faces={"d12": 9})
    state.apply(0, "d0=d12")
    confirm_all(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (1, 2, 2, 4)


def test_solo_is_scored_by_the_turns_taken() -> None:
    # R19: alone the player holds the action die every turn; the result counts turns.
    state = t12({}, faces={"d6": 3}, action_face="+")
    for turn in range(1, 4):
        assert state.current_players() == (0,)
        state.apply(0, "confirm")
        assert state.current_players() == (0,) and state.phase == POOL and state.holder == 0
        state.apply(0, state.legal_action_ids(0)[0])
        assert state.turn == turn + 1
    almost = {box.id: 5 for box in T12.boxes if box.id != "d0"}
    state = t12(almost, faces={"d20": 5}, turn=7)
    play(state, 0, ["d0=d20", "confirm"])
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (-7.0,) and "7 turns" in outcome.reason


def test_the_turn_limit_ends_the_game() -> None:
    # Decision (rules page §3): after turn 80 the game ends, ranked as in R18; alone each
    # empty box costs one more turn.
    state = t12({"a0": 1}, {}, faces={"d6": 1}, turn=TURN_LIMIT)
    confirm_all(state)
    outcome = state.outcome()
    assert state.is_over() and outcome is not None and outcome.ranks == (1, 2)
    solo = t12({"a0": 1}, faces={"d6": 1}, turn=TURN_LIMIT)
    solo.apply(0, "confirm")
    outcome = solo.outcome()
    assert outcome is not None and outcome.scores == (-(TURN_LIMIT + 11.0),)


# --- the simultaneous step (decisions of §3) --------------------------------------------------


def test_undo_takes_back_this_turns_writes_at_most_three_times() -> None:
    state = t12({"a1": 4}, faces={"d6": 3, "d8": 5})
    for _ in range(3):
        play(state, 0, ["a0=d6", "undo"])
        assert numbers(state) == {"a1": 4} and state.used[0] == 0
    state.apply(0, "a0=d6")
    assert "undo" not in state.legal_action_ids(0)


def test_a_confirmed_seat_waits() -> None:
    state = t12({}, {}, faces={"d6": 3})
    state.apply(0, "confirm")
    assert state.current_players() == (1,) and state.legal_action_ids(0) == []
    with pytest.raises(IllegalAction, match="confirmed"):
        state.apply(0, "a0=d6")
