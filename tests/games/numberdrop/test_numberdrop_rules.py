"""Every numbered rule of docs/rules/numberdrop.md on a concrete position, and its scenarios."""

from __future__ import annotations

import pytest
from numberdrop_positions import GAME, cell, grid, play, position

from tabletop.engine import IllegalAction, People, Rng
from tabletop.games.numberdrop.board import BLOCK_SHAPES, CIRCLED, CROSSED, OPEN, SHAPES
from tabletop.games.numberdrop.state import NumberDropState, has_star
from tabletop.games.numberdrop.turn import UNDOS

NO_STAR = (1, 2, 3, 5, "I")
"""A roll without a star: digits 1 2 3 5 and the I."""
STAR_ROLL = (None, 2, 4, 5, "O")
TALL = ["1313131", "5757575"] * 5 + ["1313131"]
"""Eleven full rows (up to the line) holding no combination."""


def combos(state: NumberDropState, seat: int = 0) -> list[str]:
    return [action for action in state.legal_action_ids(seat) if action.startswith(("same:", "run:"))]


def drops(state: NumberDropState, seat: int = 0) -> list[str]:
    return [action for action in state.legal_action_ids(seat) if "@" in action]


def finish(state: NumberDropState, seat: int) -> None:
    """Plays the seat's first legal decisions until it may confirm, then confirms."""
    while "confirm" not in state.legal_action_ids(seat):
        state.apply(seat, state.legal_action_ids(seat)[0])
    state.apply(seat, "confirm")


def next_roll_with_star(want: bool, **parts: object) -> NumberDropState:
    """A position whose next roll (after everyone plays I0@a) does or does not show a star."""
    for seed in range(200):
        state = position(seed=seed, **parts)
        probe = state.clone()
        for seat in probe.current_players():
            play(probe, seat, [drops(probe, seat)[0], "confirm"])
        if has_star(probe.dice) == want:
            return state
    raise AssertionError("no seed found")


# --- setup and turn structure -----------------------------------------------------------------------


def test_setup_deals_the_blocks_and_everyone_writes_their_number_in_row_1() -> None:
    # §2.5, Q16
    state = GAME.new_state(3, None, 4)
    assert sorted(state.blocks) == sorted(BLOCK_SHAPES)
    assert state.current_players() == (0, 1, 2)
    assert state.legal_action_ids(2) == [f"start:{column}1" for column in "abcdefg"]
    play(state, 2, ["start:e1", "confirm"])
    play(state, 0, ["start:a1", "confirm"])
    play(state, 1, ["start:a1", "confirm"])
    assert grid(state, 2, working=False) == ["....3.."]
    assert state.rolls == 1 and state.kind == "normal"


def test_a_turn_rolls_the_dice_then_everyone_drops_and_the_next_roll_follows() -> None:
    # R1
    state = position(players=2, roll=NO_STAR)
    assert state.kind == "normal" and state.current_players() == (0, 1)
    play(state, 0, ["I0@a:1235", "confirm"])
    assert state.rolls == 1 and state.current_players() == (1,)
    play(state, 1, ["I1@g:5321", "confirm"])
    assert state.rolls == 2 and state.current_players() == (0, 1)
    assert grid(state, 1, working=False) == ["......5", "......3", "......2", "......1"]


def test_choices_stay_secret_until_everyone_has_confirmed() -> None:
    # R2
    state = position(players=2, roll=NO_STAR)
    assert state.public_label(1, 0, "I0@a:1235") is None
    assert state.public_label(None, 0, "I0@a:1235") is None
    play(state, 0, ["I0@a:1235"])
    assert People(("Ann", "Bob"), viewer=1).resolve(str(state.public_label(1, 0, "confirm"))) == "Ann is done"
    state.apply(0, "confirm")
    assert state.view(1)["sheets"][0]["cells"][:4] == [-1, -1, -1, -1]
    assert state.view(0)["sheets"][0]["cells"][:4] == [1, 2, 3, 5]
    assert state.determinize(1, Rng(1)).view(1) == state.view(1)
    play(state, 1, ["I0@a:1235", "confirm"])
    assert state.view(1)["sheets"][0]["cells"][:4] == [1, 2, 3, 5]


def test_undo_takes_back_the_turn_until_confirm_a_bounded_number_of_times() -> None:
    # R3
    state = position(players=1, roll=(1, 2, 3, 5, "O"), tiles=[0, 0, 0, 0, 0])
    assert "undo" not in state.legal_action_ids(0)
    for _ in range(UNDOS):
        play(state, 0, ["slide:A", "O0@a:1235"])
        assert "undo" in state.legal_action_ids(0)
        state.apply(0, "undo")
        assert grid(state, 0) == [] and state.turns[0].tiles == [0, 0, 0, 0, 0]
    play(state, 0, ["slide:A", "O0@a:1235"])
    assert "undo" not in state.legal_action_ids(0)


# --- gravity ----------------------------------------------------------------------------------------


def test_a_shape_stays_inside_the_seven_columns() -> None:
    # R4
    state = position(players=2, roll=NO_STAR)
    assert {action.split(":")[0] for action in drops(state)} == {
        *(f"I0@{column}" for column in "abcd"),
        *(f"I1@{column}" for column in "abcdefg"),
    }


def test_gravity_stops_on_the_highest_cell_and_leaves_holes() -> None:
    # R5, scenario 1
    state = position(players=2, grids={0: ["X......", "X......", "X..1..."]}, roll=NO_STAR)
    state.apply(0, "I0@a:2351")
    assert grid(state, 0) == ["2351...", "X......", "X......", "X..1..."]


def test_a_shape_never_tucks_under_an_overhang() -> None:
    # R5, scenario 2: T with its bar on top and its stem down
    state = position(players=2, grids={0: [".1.1...", ".1.1..."]}, roll=(1, 2, 3, 5, "T"))
    state.apply(0, "T2@b:1235")
    assert grid(state, 0) == [".123...", ".151...", ".1.1..."]
    assert cell(state, 0, "c1") == "."


def test_a_drop_must_land_within_row_14() -> None:
    # R6, scenario 3
    state = position(players=2, grids={0: TALL}, roll=NO_STAR)
    assert not any(action.startswith("I1@") for action in drops(state))
    play(state, 0, ["I0@a:1235", "confirm"])
    play(state, 1, ["I0@a:1235", "confirm"])
    assert state.over
    assert state.sheets[0].minus == 0b001
    assert state.outcome() is not None


# --- BLOCKs -----------------------------------------------------------------------------------------

CIRCLED_B = [OPEN, CIRCLED, OPEN, OPEN, OPEN]


def test_a_block_is_active_while_circled_by_someone_and_not_crossed() -> None:
    # R7
    active = position(players=2, letters={0: CIRCLED_B}, roll=STAR_ROLL)
    assert active.kind == "block" and active.block == 1
    crossed = [OPEN, CROSSED, OPEN, OPEN, OPEN]
    gone = position(players=2, letters={0: crossed, 1: crossed}, roll=STAR_ROLL)
    assert gone.kind == "normal"


def test_a_block_turn_needs_a_star_an_active_block_and_someone_exposed() -> None:
    # R8, scenario 12 and Q9
    assert position(players=2, letters={0: CIRCLED_B}, roll=NO_STAR).kind == "normal"
    assert position(players=2, letters={0: CIRCLED_B}, roll=(1, 2, 3, 5, None)).kind == "block"
    everyone = position(players=2, letters={0: CIRCLED_B, 1: CIRCLED_B}, roll=STAR_ROLL)
    assert everyone.kind == "normal"
    # the earliest active letter is the one checked: B held by all hides C behind it (R9, Q9)
    both = [OPEN, CIRCLED, CIRCLED, OPEN, OPEN]
    hidden = position(players=2, letters={0: both, 1: CIRCLED_B}, roll=STAR_ROLL)
    assert hidden.kind == "normal"
    assert position(players=2, roll=STAR_ROLL).kind == "normal"


def test_the_earliest_active_letter_falls_first() -> None:
    # R9, scenario 13
    letters = [CIRCLED, OPEN, CIRCLED, OPEN, OPEN]
    state = position(players=2, letters={1: letters}, roll=STAR_ROLL)
    assert state.block == 0
    play(state, 0, [state.legal_action_ids(0)[0], "confirm"])
    assert state.sheets[0].letters[0] == CROSSED and state.sheets[0].letters[2] == OPEN
    assert state.sheets[1].letters[2] == CIRCLED


def test_in_a_block_turn_the_exposed_drop_the_block_as_x_and_the_protected_wait() -> None:
    # R10, R31, scenario 11
    blocks = ["B0", "B1", "B2", "B3", "B4"]
    state = position(players=3, blocks=blocks, letters={1: CIRCLED_B}, roll=STAR_ROLL)
    assert state.current_players() == (0, 2)
    assert state.legal_action_ids(1) == []
    assert state.legal_action_ids(0) == ["X:B1.0@" + column for column in "abcdefg"] + [
        "X:B1.1@" + column for column in "abcde"
    ]
    play(state, 0, ["X:B1.1@c", "confirm"])
    play(state, 2, ["X:B1.0@g", "confirm"])
    assert grid(state, 0, working=False) == ["..XXX.."]
    assert grid(state, 2, working=False) == ["......X", "......X", "......X"]
    assert grid(state, 1, working=False) == []


def test_x_cells_never_join_a_combination_but_fill_rows() -> None:
    # R11
    state = position(players=2, grids={0: ["55X5..."]}, roll=(1, 2, 3, 5, "O"))
    state.apply(0, "O0@f:1235")
    assert not any("c1" in action for action in combos(state))
    full = position(players=2, grids={0: ["123X5.."]}, roll=(1, 2, 3, 5, "O"))
    play(full, 0, ["O0@f:1235", "confirm"])
    play(full, 1, ["O0@a:1235", "confirm"])
    assert full.sheets[0].plus == 0b1


def test_after_a_block_turn_the_letter_is_crossed_on_every_sheet() -> None:
    # R12: crossed for good, and its size is still scored normally
    state = position(players=2, letters={1: CIRCLED_B}, roll=STAR_ROLL)
    play(state, 0, ["X:B1.1@a", "confirm"])
    assert [sheet.letters[1] for sheet in state.sheets] == [CROSSED, CROSSED]
    crossed = [OPEN, CROSSED, OPEN, OPEN, OPEN]
    later = position(players=2, grids={0: ["4444..."]}, letters={0: crossed, 1: crossed}, roll=STAR_ROLL)
    assert later.kind == "normal"
    play(later, 0, ["N1=7", "O0@f:7245"])
    assert "same:a1-b1-c1-d1" in combos(later)


def test_a_block_turn_has_no_shape_drop_and_no_combination() -> None:
    # R13
    state = position(players=2, grids={0: ["555...."]}, letters={1: CIRCLED_B}, roll=STAR_ROLL)
    assert all(action.startswith("X:") for action in state.legal_action_ids(0))
    play(state, 0, [state.legal_action_ids(0)[0]])
    assert state.legal_action_ids(0) == ["confirm", "undo"]


def test_a_letter_everyone_circled_is_crossed_at_the_end_of_the_turn() -> None:
    # R14, scenario 14: player 1 completes D (size 6) while player 2 already holds it
    circled_d = [OPEN, OPEN, OPEN, CIRCLED, OPEN]
    state = position(
        players=2,
        grids={0: ["666...."]},
        letters={1: circled_d},
        boxes={0: (0, 0b1000, False)},
        roll=(5, 6, 6, 6, "I"),
    )
    play(state, 0, ["I0@d:6665", "same:a1-b1-c1-d1-e1-f1"])
    assert state.turns[0].sheet.letters[3] == CIRCLED
    play(state, 0, ["confirm"])
    play(state, 1, ["I0@a:6665", "confirm"])
    assert [sheet.letters[3] for sheet in state.sheets] == [CROSSED, CROSSED]


def test_a_letter_circled_this_turn_acts_from_the_next_roll_only() -> None:
    # R15
    for want_star in (True, False):
        state = next_roll_with_star(
            want_star, players=2, grids={0: ["444...."]}, boxes={0: (0, 0b1, False)}, roll=NO_STAR
        )
        play(state, 0, ["I0@d:1235", "same:a1-b1-c1"])
        assert state.turns[0].sheet.letters[0] == CIRCLED
        assert state.legal_action_ids(1) == drops(state, 1)
        state.apply(0, "confirm")
        play(state, 1, [drops(state, 1)[0], "confirm"])
        assert state.kind == ("block" if want_star else "normal")


# --- the drop -----------------------------------------------------------------------------------------


def test_everyone_must_drop_before_confirming() -> None:
    # R16
    state = position(players=2, roll=NO_STAR)
    assert "confirm" not in state.legal_action_ids(0)
    with pytest.raises(IllegalAction):
        state.apply(0, "confirm")


def test_the_shape_is_the_die_s_or_any_shape_on_a_star() -> None:
    # R17
    assert {action.split("@")[0][0] for action in drops(position(players=2, roll=(1, 2, 3, 5, "S")))} == {"S"}
    starred = position(players=2, roll=(1, 2, 3, 5, None))
    assert starred.legal_action_ids(0) == [f"shape:{shape}" for shape in SHAPES]
    starred.apply(0, "shape:L")
    assert {action[0] for action in drops(starred)} == {"L"}


def test_star_digits_are_chosen_freely_and_the_others_are_the_dice() -> None:
    # R18, scenario 4
    state = position(players=2, roll=(None, 2, None, 1, "O"))
    assert state.legal_action_ids(0) == [f"N1={digit}" for digit in range(10)]
    play(state, 0, ["N1=9"])
    assert state.legal_action_ids(0) == [f"N3={digit}" for digit in range(10)] + ["undo"]
    play(state, 0, ["N3=0"])
    assert "O0@a:9201" in drops(state)
    assert not any(action.endswith("3") or "3" in action.split(":")[1] for action in drops(state))
    state.apply(0, "O0@a:9201")
    assert grid(state, 0) == ["92.....", "01....."]
    other = position(players=2, roll=(None, 2, None, 1, "O"))
    play(other, 0, ["N1=9", "N3=0"])
    with pytest.raises(IllegalAction):
        other.apply(0, "O0@a:9203")


def test_the_digits_go_into_the_turned_shape_in_reading_order() -> None:
    # R19
    state = position(players=2, roll=(1, 4, 3, 7, "L"))
    state.apply(0, "L5@c:1347")
    assert grid(state, 0) == ["..1....", "..347.."]


# --- combinations ---------------------------------------------------------------------------------


def test_at_most_one_combination_a_turn() -> None:
    # R20
    state = position(players=2, grids={0: ["444....", "777...."]}, roll=NO_STAR)
    state.apply(0, "I0@d:1235")
    assert "same:a1-b1-c1" in combos(state) and "same:a2-b2-c2" in combos(state)
    state.apply(0, "same:a1-b1-c1")
    assert combos(state) == [] and state.legal_action_ids(0) == ["confirm", "undo"]


def test_a_combination_uses_digits_that_are_not_circled_yet() -> None:
    # R21, scenario 7
    state = position(players=2, grids={0: ["4444..."]}, circled={0: ["a1"]}, roll=NO_STAR)
    state.apply(0, "I1@g:1325")
    assert combos(state) == ["same:b1-c1-d1"]


def test_identical_digits_need_only_be_connected() -> None:
    # R22, scenario 5: a T of fives; diagonal contact does not count
    state = position(players=2, grids={0: [".5.....", "555...."]}, roll=NO_STAR)
    state.apply(0, "I1@g:1325")
    assert "same:a1-b1-c1-b2" in combos(state)
    state.apply(0, "same:a1-b1-c1-b2")
    assert state.turns[0].sheet.score() == 4
    diagonal = position(players=2, grids={0: [".5.....", "5.5...."]}, roll=NO_STAR)
    diagonal.apply(0, "I1@g:1325")
    assert combos(diagonal) == []


def test_a_run_is_a_path_of_steps_of_one_in_one_direction() -> None:
    # R23, scenario 6
    state = position(players=2, grids={0: ["..6....", "345...."]}, roll=NO_STAR)
    state.apply(0, "I1@g:1325")
    assert set(combos(state)) >= {"run:a1-b1-c1-c2", "run:a1-b1-c1", "run:b1-c1-c2"}
    bent = position(players=2, grids={0: ["343....", "34.6..."]}, roll=NO_STAR)
    bent.apply(0, "I1@g:1325")
    assert combos(bent) == []
    diagonal = position(players=2, grids={0: [".45....", "3......"]}, roll=NO_STAR)
    diagonal.apply(0, "I1@g:1325")
    assert combos(diagonal) == []


def test_sizes_3_to_7_go_to_their_box_and_8_to_the_shared_box() -> None:
    # R24
    state = position(players=2, grids={0: ["1111...", "1111..."]}, roll=NO_STAR)
    state.apply(0, "I1@g:1325")
    assert "same:a1-b1-c1-d1-a2-b2-c2-d2" in combos(state)
    state.apply(0, "same:a1-b1-c1-d1-a2-b2-c2-d2")
    assert state.turns[0].sheet.bonus and state.turns[0].sheet.same == 0
    assert state.turns[0].sheet.score() == 8


def test_each_box_is_used_once() -> None:
    # R25, scenarios 8 and 9
    state = position(players=2, grids={0: ["5556..", "4444..."]}, boxes={0: (0b1, 0, False)}, roll=NO_STAR)
    state.apply(0, "I1@g:1325")
    assert not any(action.startswith("same:") and action.count("-") == 2 for action in combos(state))
    assert "run:d1-d2" not in combos(state)
    assert "same:a1-b1-c1-d1" in combos(state)
    eights = position(
        players=2, grids={0: ["76543210"[:7], "0......"]}, boxes={0: (0, 0, True)}, roll=NO_STAR
    )
    eights.apply(0, "I1@g:1325")
    assert not any(action.count("-") == 7 for action in combos(eights))


def test_scoring_circles_the_cells_and_the_box_worth_the_size() -> None:
    # R26, scenario 10
    state = position(players=2, grids={0: ["777...."]}, roll=NO_STAR)
    play(state, 0, ["I1@g:1325", "same:a1-b1-c1"])
    sheet = state.turns[0].sheet
    assert sheet.same == 0b1 and sheet.score() == 3
    assert sheet.circled == 0b111


def test_runs_may_use_0_8_and_9_from_stars() -> None:
    # R27: an 8-long run 2..9 through a star 9 at g2 (the I reads top first: g5, g4, g3, g2)
    state = position(players=2, grids={0: ["2345678"]}, roll=(None, 1, 2, 1, "I"))
    play(state, 0, ["N1=9", "I1@g:2119"])
    assert "run:a1-b1-c1-d1-e1-f1-g1-g2" in combos(state)
    other = position(players=2, grids={0: ["2345678"]}, roll=(None, 1, 2, 1, "I"))
    play(other, 0, ["N1=9", "I1@g:9211"])
    assert not any(action.count("-") == 7 for action in combos(other))


def test_no_set_of_cells_is_both_same_and_run() -> None:
    # R28
    state = position(players=2, grids={0: ["5456...", "5556...", "4567..."]}, roll=NO_STAR)
    state.apply(0, "I1@g:1325")
    cell_sets = [frozenset(action.split(":")[1].split("-")) for action in combos(state)]
    assert len(cell_sets) == len(set(cell_sets))


# --- BLOCK activation -----------------------------------------------------------------------------


def test_both_boxes_of_a_size_circle_its_letter() -> None:
    # R29, scenario 11
    state = position(players=2, grids={0: ["4444..."]}, boxes={0: (0, 0b10, False)}, roll=NO_STAR)
    play(state, 0, ["I1@g:1325", "same:a1-b1-c1-d1", "confirm"])
    play(state, 1, ["I1@g:1325", "confirm"])
    assert state.sheets[0].letters == CIRCLED_B
    crossed = position(
        players=2,
        grids={0: ["4444..."]},
        boxes={0: (0, 0b10, False)},
        letters={0: [OPEN, CROSSED, OPEN, OPEN, OPEN]},
        roll=NO_STAR,
    )
    play(crossed, 0, ["I1@g:1325", "same:a1-b1-c1-d1"])
    assert crossed.turns[0].sheet.letters[1] == CROSSED


def test_the_size_8_box_has_no_letter() -> None:
    # R30
    state = position(players=2, grids={0: ["1111...", "1111..."]}, roll=NO_STAR)
    play(state, 0, ["I1@g:1325", "same:a1-b1-c1-d1-a2-b2-c2-d2"])
    assert state.turns[0].sheet.letters == [OPEN] * 5


def test_several_players_and_several_letters() -> None:
    # R32, R31: players 1 and 2 hold A, player 3 holds C; A falls on player 3 only
    a_and_c = {0: [CIRCLED, OPEN, OPEN, OPEN, OPEN], 1: [CIRCLED, OPEN, OPEN, OPEN, OPEN]}
    state = position(players=3, letters={**a_and_c, 2: [OPEN, OPEN, CIRCLED, OPEN, OPEN]}, roll=STAR_ROLL)
    assert state.kind == "block" and state.block == 0 and state.current_players() == (2,)


# --- end of turn and end of game ----------------------------------------------------------------


def test_a_full_row_earns_its_plus_2_once() -> None:
    # R33, scenario 15
    state = position(players=2, grids={0: ["123X5.."]}, roll=(1, 2, 3, 5, "O"))
    play(state, 0, ["O0@f:1235", "confirm"])
    play(state, 1, ["O0@a:1235", "confirm"])
    assert state.sheets[0].plus == 0b1 and state.sheets[1].plus == 0
    assert state.sheets[0].score() == 2
    finish(state, 0)
    finish(state, 1)
    assert state.sheets[0].plus == 0b1


def test_anything_beyond_the_line_circles_its_minus_5_and_ends_the_game() -> None:
    # R34, R35, scenario 16: both players cross in the same turn
    state = position(players=3, grids={0: TALL, 1: TALL}, roll=(1, 2, 3, 5, "O"))
    play(state, 0, ["O0@a:1235", "confirm"])
    play(state, 1, ["O0@c:1235", "confirm"])
    assert not state.over
    play(state, 2, ["O0@a:1235", "confirm"])
    assert state.over and state.current_players() == ()
    assert [sheet.minus for sheet in state.sheets] == [0b011, 0b011, 0]
    outcome = state.outcome()
    assert outcome is not None and outcome.scores[:2] == (22 - 10, 22 - 10)
    assert outcome.ranks == (1, 1, 3)


def test_an_x_beyond_the_line_counts_too() -> None:
    # R34, Q4
    state = position(players=2, grids={0: TALL}, letters={1: CIRCLED_B}, roll=STAR_ROLL)
    play(state, 0, ["X:B1.1@a", "confirm"])
    assert state.over and state.sheets[0].minus == 0b001


def test_scores_follow_every_turn() -> None:
    # R36
    state = position(players=2, grids={0: ["777...."]}, roll=NO_STAR)
    play(state, 0, ["I1@g:1325", "same:a1-b1-c1", "confirm"])
    play(state, 1, ["I1@g:1325", "confirm"])
    assert state.view(1)["scores"] == [3, 0]


def test_the_final_score_adds_the_column_bonus() -> None:
    # R37, scenario 17
    state = position(players=2, boxes={0: (0b11111, 0b00011, True)}, roll=NO_STAR)
    assert state.sheets[0].score() == 25 + 10 + 3 + 4 + 8


def test_ties_share_the_win() -> None:
    # R38
    state = position(players=2, grids={0: TALL, 1: TALL}, roll=NO_STAR)
    play(state, 0, ["I0@a:1235", "confirm"])
    play(state, 1, ["I0@d:1235", "confirm"])
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (1, 1) and outcome.winners() == (0, 1)


# --- solo -------------------------------------------------------------------------------------------


def test_solo_deals_the_five_tetrominoes_to_the_letters() -> None:
    # R39
    state = GAME.new_state(1, None, 11)
    assert sorted(state.blocks) == sorted(SHAPES) and state.tiles == [0] * 5
    play(state, 0, ["start:d1", "confirm"])
    assert state.kind == "solo" and grid(state, 0, working=False) == ["...1..."]


def test_solo_turns_start_with_a_required_slide() -> None:
    # R40, scenario 18
    state = position(players=1, blocks=list("IOTLS"), roll=NO_STAR)
    assert state.legal_action_ids(0) == [f"slide:{letter}" for letter in "ABCDE"]
    state.apply(0, "slide:C")
    assert state.turns[0].tiles == [0, 0, 1, 0, 0]
    assert state.legal_action_ids(0) == [*drops(state), "undo"]
    done = position(players=1, blocks=list("IOTLS"), tiles=[4, 4, 2, 4, 4], roll=NO_STAR)
    assert done.legal_action_ids(0) == ["slide:C"]


def test_a_star_gives_a_second_slide_of_the_shape_shown_or_of_ones_choice() -> None:
    # R41, scenario 18
    shown = position(players=1, blocks=list("IOTLS"), roll=(None, 2, 3, 5, "T"))
    shown.apply(0, "slide:A")
    assert shown.turns[0].tiles == [1, 0, 1, 0, 0]
    assert shown.legal_action_ids(0) == [*(f"N1={digit}" for digit in range(10)), "undo"]
    free = position(players=1, blocks=list("IOTLS"), roll=(1, 2, 3, 5, None))
    free.apply(0, "slide:A")
    assert free.legal_action_ids(0) == [f"slide:{letter}" for letter in "ABCDE"] + ["undo"]
    free.apply(0, "slide:A")
    assert free.turns[0].tiles == [2, 0, 0, 0, 0]
    at_go = position(players=1, blocks=list("IOTLS"), tiles=[0, 0, 4, 0, 0], roll=(None, 2, 3, 5, "T"))
    at_go.apply(0, "slide:A")
    assert at_go.turns[0].tiles == [1, 0, 4, 0, 0]


def test_a_tile_reaching_go_drops_its_shape_as_x_and_the_turn_goes_on() -> None:
    # R42, scenario 18
    state = position(players=1, blocks=list("IOTLS"), tiles=[3, 0, 0, 0, 0], roll=(1, 2, 3, 5, "O"))
    state.apply(0, "slide:A")
    assert state.legal_action_ids(0)[:2] == ["X:I0@a", "X:I0@b"]
    state.apply(0, "X:I0@a")
    assert state.turns[0].sheet.letters[0] == CROSSED
    state.apply(0, "O0@a:1235")
    assert grid(state, 0) == ["12.....", "35.....", "XXXX..."]
    protected = position(
        players=1,
        blocks=list("IOTLS"),
        tiles=[3, 0, 0, 0, 0],
        letters={0: [CIRCLED, OPEN, OPEN, OPEN, OPEN]},
        roll=(1, 2, 3, 5, "O"),
    )
    protected.apply(0, "slide:A")
    assert protected.legal_action_ids(0) == [*drops(protected), "undo"]


def test_solo_ends_when_every_tile_is_at_go() -> None:
    # R43
    letters = {0: [CROSSED] * 5}
    state = position(players=1, blocks=list("IOTLS"), tiles=[4, 4, 4, 4, 3], letters=letters, roll=NO_STAR)
    play(state, 0, ["slide:E", "I0@a:1235", "confirm"])
    assert state.over and state.outcome() is not None
    assert state.outcome().reason == "solo score 0"  # type: ignore[union-attr]


def test_solo_skips_a_drop_that_fits_nowhere() -> None:
    # Q14: tiles T and L reach GO! (the shape die's star lets the player pick L), their X marks
    # raise columns b, c, d and f above row 12, and the O chosen for the star fits nowhere
    state = position(
        players=1, blocks=list("TLOIS"), grids={0: TALL}, tiles=[3, 3, 0, 0, 0], roll=(1, 2, 3, 5, None)
    )
    play(state, 0, ["slide:A", "X:T2@b", "slide:B", "X:L0@f", "shape:O"])
    assert drops(state) == [] and "confirm" in state.legal_action_ids(0)
    state.apply(0, "confirm")
    assert state.over and state.sheets[0].minus == 0b111


def test_the_start_number_is_an_ordinary_digit() -> None:
    # Q16
    state = GAME.new_state(2, None, 3)
    play(state, 0, ["start:a1", "confirm"])
    play(state, 1, ["start:a1", "confirm"])
    assert state.sheets[0].cells[0] == 1 and state.sheets[1].cells[0] == 2
