"""Every numbered rule of docs/rules/luckynumbers.md on concrete positions, and its scenarios.

Boards are written as in the rules page, row by row (rows split by '/'), '.' = empty.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from luckynumbers_positions import garden_text, is_ordered, numbers, position

from tabletop.engine import IllegalAction, People, Rng, State
from tabletop.games.luckynumbers import GAME
from tabletop.games.luckynumbers.board import NUMBER_OF
from tabletop.games.luckynumbers.rules import deal_sorted

DIAGONAL_3_9_9_14 = "3 . . . / . 9 . . / . . 9 . / . . . 14"
DIAGONAL_2_6_11_17 = "2 . . . / . 6 . . / . . 11 . / . . . 17"
DIAGONAL_4_8_12_18 = "4 . . . / . 8 . . / . . 12 . / . . . 18"
NO_PLACE_FOR_20 = ". . . . / . . . . / . . . 20 / 11 12 20 ."
SPARSE = ". . . . / . . . . / . . . . / . . . ."
ALMOST_FULL = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 ."


def _places(state: State, seat: int = 0) -> list[str]:
    return [action_id for action_id in state.legal_action_ids(seat) if action_id.startswith("place:")]


# -- 2.4 setup ----------------------------------------------------------------------------


def test_scenario_1_sorted_setup_lays_the_drawn_tiles_ascending_on_the_diagonal() -> None:
    # 2.4.2, Q1, scenario 1: draws 14, 3, 9, 9 -> (0,0)=3, (1,1)=9, (2,2)=9, (3,3)=14.
    # Tiles are colour * 20 + number - 1 (yellow-14 = 13, red-9 = 28); the pile's top is its end.
    pile = [0, 1, 28, 8, 2, 13]
    gardens = deal_sorted(pile, 1)
    assert [NUMBER_OF[gardens[0][cell]] for cell in (0, 5, 10, 15)] == [3, 9, 9, 14]
    assert pile == [0, 1]
    assert sum(tile >= 0 for tile in gardens[0]) == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_standard_setup_gives_every_player_an_ascending_diagonal_and_an_empty_table(players: int) -> None:
    # 2.4.1, 2.4.2, 2.4.4: 20*N tiles, four on each diagonal sorted, the rest face down.
    for seed in range(20):
        view = GAME.new_state(players, {}, seed).view(None)
        for garden in view["gardens"]:
            diagonal = [garden[cell]["number"] for cell in (0, 5, 10, 15)]
            assert diagonal == sorted(diagonal)
            assert sum(tile is not None for tile in garden) == 4
        assert view["table"] == [] and view["pile"] == 20 * players - 4 * players


def test_scenario_11_equal_numbers_on_the_diagonal_leave_the_cell_between_them_dead() -> None:
    # Scenario 11, 2.4.2: diagonal 5, 5, 12, 18; nothing fits (0,1) until a 5 is exchanged.
    garden = "5 . . . / . 5 . . / . . 12 . / . . . 18"
    for number in range(1, 21):
        state = position([garden, SPARSE, SPARSE], hand=number)
        assert "place:01" not in state.legal_action_ids(0)
    state = position([garden, SPARSE], table=[3])
    state.apply(0, "take:3:11")  # exchanges the 5 at (1,1)
    assert garden_text(state, 0) == "5 . . . / . 3 . . / . . 12 . / . . . 18"


def test_the_first_player_is_drawn_at_random() -> None:
    # 2.4.4 (BGA: random first player), from the state's seeded generator.
    first = {GAME.new_state(3, {}, seed).current_players()[0] for seed in range(40)}
    assert first == {0, 1, 2}
    assert GAME.new_state(3, {}, 11).current_players() == GAME.new_state(3, {}, 11).current_players()


def test_michaels_setup_places_drawn_tiles_one_at_a_time_in_any_order() -> None:
    # 2.4.3: from the first player, each in turn places one drawn tile on a free diagonal cell.
    state = GAME.new_state(2, {"setup": "michael"}, 3)
    first = state.current_players()[0]
    assert state.view(first)["phase"] == "setup"
    assert state.legal_action_ids(first) == ["place:00", "place:11", "place:22", "place:33"]
    order = []
    for cell in ["33", "00", "22", "11", "00", "33", "11", "22"]:
        seat = state.current_players()[0]
        order.append(seat)
        state.apply(seat, f"place:{cell}")
    assert order == [first, 1 - first] * 4
    view = state.view(None)
    assert view["phase"] == "play" and state.current_players() == (first,)
    assert all(sum(tile is not None for tile in garden) == 4 for garden in view["gardens"])
    assert state.legal_action_ids(first)[0] == "draw"


def test_michaels_setup_does_not_sort_the_diagonal() -> None:
    # 2.4.3: "Ordering is not required" - over some seeds a diagonal comes out unsorted.
    unsorted = 0
    for seed in range(30):
        state = GAME.new_state(2, {"setup": "michael"}, seed)
        for _ in range(8):
            seat = state.current_players()[0]
            state.apply(seat, state.legal_action_ids(seat)[-1])  # always the last free start cell
        for garden in state.view(None)["gardens"]:
            diagonal = [garden[cell]["number"] for cell in (0, 5, 10, 15)]
            unsorted += diagonal != sorted(diagonal)
    assert unsorted > 0


def test_michaels_setup_rejects_a_cell_off_the_diagonal_or_taken() -> None:
    # 2.4.3: only an empty start cell.
    state = GAME.new_state(2, {"setup": "michael"}, 1)
    seat = state.current_players()[0]
    with pytest.raises(IllegalAction, match="diagonal"):
        state.apply(seat, "place:01")
    with pytest.raises(IllegalAction, match="diagonal"):
        state.apply(seat, "discard")
    state.apply(seat, "place:00")
    state.apply(1 - seat, "place:00")
    with pytest.raises(IllegalAction, match="already holds"):
        state.apply(seat, "place:00")


# -- INV and R4 ---------------------------------------------------------------------------


def test_scenario_2_whole_row_is_checked_across_gaps() -> None:
    # INV, Q4, scenario 2: row 0 = 2 . . 11; 12 at (0,1) illegal, 5 at (0,2) legal.
    garden = "2 . . 11 / . . . . / . . . . / . . . ."
    assert "place:01" not in position([garden, SPARSE], hand=12).legal_action_ids(0)
    with pytest.raises(IllegalAction, match="less than 11"):
        position([garden, SPARSE], hand=12).apply(0, "place:01")
    state = position([garden, SPARSE], hand=5)
    state.apply(0, "place:02")
    assert garden_text(state, 0).startswith("2 . 5 11")


def test_scenario_3_equal_numbers_never_share_a_column() -> None:
    # INV, scenario 3: 7 at (0,1); another 7 at (2,1) is illegal (strictly increasing).
    garden = ". 7 . . / . . . . / . . . . / . . . ."
    state = position([garden, SPARSE], hand=7)
    assert "place:21" not in state.legal_action_ids(0)
    assert "place:21" in position([garden, SPARSE], hand=8).legal_action_ids(0)


def test_equal_numbers_never_share_a_row() -> None:
    # INV: strictly increasing left to right.
    garden = ". . . . / . . . . / . . . 7 / . . . ."
    assert "place:20" not in position([garden, SPARSE], hand=7).legal_action_ids(0)
    assert "place:20" in position([garden, SPARSE], hand=6).legal_action_ids(0)


def test_scenario_4_row_and_column_must_both_hold() -> None:
    # INV, scenario 4: (1,1)=9, (0,2)=4; 6 at (1,2) fits the column but not the row (needs > 9).
    garden = ". . 4 . / . 9 . . / . . . . / . . . ."
    state = position([garden, SPARSE], hand=6)
    assert "place:12" not in state.legal_action_ids(0)
    assert "place:12" in position([garden, SPARSE], hand=10).legal_action_ids(0)
    assert "place:12" not in position(
        [". . 11 . / . 9 . . / . . . . / . . . .", SPARSE], hand=10
    ).legal_action_ids(0)


def test_r4a_placing_on_an_empty_cell() -> None:
    # R4a: the tile goes on an empty cell, the turn passes.
    state = position([DIAGONAL_3_9_9_14, SPARSE], hand=12)
    state.apply(0, "place:13")
    assert garden_text(state, 0) == "3 . . . / . 9 . 12 / . . 9 . / . . . 14"
    assert state.view(None)["table"] == [] and state.current_players() == (1,)


def test_scenario_5_exchange_sends_the_replaced_tile_to_the_table() -> None:
    # R4b, R7, scenario 5: row 2 = . 8 13 ., column 2 = 5 9 13 16; 12 replaces 13, 13 goes face up.
    garden = ". . 5 . / . . 9 . / . 8 13 . / . . 16 ."
    state = position([garden, SPARSE], hand=12)
    state.apply(0, "place:22")
    assert garden_text(state, 0) == ". . 5 . / . . 9 . / . 8 12 . / . . 16 ."
    assert [tile["number"] for tile in state.view(None)["table"]] == [13]


def test_scenario_6_an_exchange_must_fit_too() -> None:
    # R4b, scenario 6: 17 cannot replace 13 (16 is below it in column 2).
    garden = ". . 5 . / . . 9 . / . 8 13 . / . . 16 ."
    state = position([garden, SPARSE], hand=17)
    assert "place:22" not in state.legal_action_ids(0)
    with pytest.raises(IllegalAction, match="less than 16"):
        state.apply(0, "place:22")


def test_a_tile_is_never_exchanged_for_the_same_number() -> None:
    # R4b, decision of the module docstring: 9 for 9 would change nothing, so it is no move.
    state = position([DIAGONAL_3_9_9_14, SPARSE, SPARSE], table=[9])
    assert "take:9:11" not in state.legal_action_ids(0) and "take:9:22" not in state.legal_action_ids(0)
    with pytest.raises(IllegalAction, match="same number"):
        state.apply(0, "take:9:11")
    assert "take:9:00" in state.legal_action_ids(0)  # exchanging the 3 is a real exchange


# -- R1-R7: the turn and the table ----------------------------------------------------------


def test_r1_a_turn_is_draw_or_take_and_play_goes_clockwise() -> None:
    # R1: in a 3-player game seat 1 is followed by seat 2, then seat 0.
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17, DIAGONAL_4_8_12_18], table=[1], current=1)
    assert state.legal_action_ids(1)[0] == "draw"
    assert {action_id.split(":")[0] for action_id in state.legal_action_ids(1)} == {"draw", "take"}
    state.apply(1, "take:1:00")
    assert state.current_players() == (2,)
    state.apply(2, "draw")
    state.apply(2, "discard")
    assert state.current_players() == (0,)


def test_r2_draw_reveals_the_top_tile_to_the_drawer_who_places_or_discards() -> None:
    # R2: the top face-down tile goes to hand; then A1 (place) or A2 (discard), nothing else.
    state = position([DIAGONAL_3_9_9_14, SPARSE], table=[4], pile_top=[12, 6])
    state.apply(0, "draw")
    assert state.view(0)["drawn"]["number"] == 12 and state.view(None)["pile"] == 40 - 4 - 1 - 1
    assert state.legal_action_ids(0) == [*_places(state), "discard"]
    assert "draw" not in state.legal_action_ids(0) and "take:4:01" not in state.legal_action_ids(0)
    state.apply(0, "place:03")
    state.apply(1, "draw")
    assert state.view(1)["drawn"]["number"] == 6


def test_scenario_7_a_drawn_tile_with_no_place_goes_face_up_on_the_table() -> None:
    # R2 A2, R7, scenario 7: every cell has a tile right of it or below it, or a 20 before it
    # ((3,3), and the two 20s themselves: no exchange for the same number), so 20 fits nowhere.
    state = position([NO_PLACE_FOR_20, SPARSE, SPARSE], hand=20)
    assert state.legal_action_ids(0) == ["discard"]
    state.apply(0, "discard")
    assert [tile["number"] for tile in state.view(None)["table"]] == [20]
    assert state.current_players() == (1,)


def test_r2_discarding_is_allowed_even_when_the_tile_fits() -> None:
    # R2: A2 is always an option after a draw.
    state = position([DIAGONAL_3_9_9_14, SPARSE], hand=12)
    assert "discard" in state.legal_action_ids(0) and len(state.legal_action_ids(0)) > 1


def test_r3_taking_is_only_possible_from_a_non_empty_table() -> None:
    # R3: with an empty table, drawing is the only option.
    assert position([DIAGONAL_3_9_9_14, SPARSE]).legal_action_ids(0) == ["draw"]


def test_scenario_8_a_face_up_tile_that_cannot_be_placed_cannot_be_taken() -> None:
    # R3, Q2, scenario 8: 20 fits nowhere in this garden, so no take:20 is offered or accepted.
    state = position([NO_PLACE_FOR_20, SPARSE, SPARSE], table=[20, 2])
    assert not any(action_id.startswith("take:20:") for action_id in state.legal_action_ids(0))
    assert any(action_id.startswith("take:2:") for action_id in state.legal_action_ids(0))
    with pytest.raises(IllegalAction, match="less than 20"):
        state.apply(0, "take:20:03")


def test_r3_a_taken_tile_cannot_go_back_and_the_turn_ends() -> None:
    # R3, Q3, R5: the take is placed at once; there is no discard and the next player moves.
    state = position([DIAGONAL_3_9_9_14, SPARSE], table=[5])
    state.apply(0, "take:5:01")
    assert garden_text(state, 0).startswith("3 5 . .")
    assert state.current_players() == (1,) and state.legal_action_ids(0) == []
    assert state.view(None)["table"] == []


def test_r3_the_copy_taken_is_the_last_one_laid() -> None:
    # R3 with interchangeable copies: one action per number; the top of the stack moves.
    state = position([DIAGONAL_3_9_9_14, SPARSE], table=[5, 5])
    top = state.view(None)["table"][-1]["id"]
    assert [a for a in state.legal_action_ids(0) if a.startswith("take:5:")].count("take:5:01") == 1
    state.apply(0, "take:5:01")
    assert state.view(None)["gardens"][0][1]["id"] == top


def test_r5_the_turn_ends_after_one_placement() -> None:
    # R5: no second action; the mover has nothing left to do.
    state = position([DIAGONAL_3_9_9_14, SPARSE], hand=12)
    state.apply(0, "place:13")
    assert state.legal_action_ids(0) == [] and state.current_players() == (1,)
    with pytest.raises(IllegalAction, match="may not act"):
        state.apply(0, "draw")


def test_r6_any_player_may_take_any_face_up_tile() -> None:
    # R6: a tile seat 0 put face up is taken by seat 1 on the next turn.
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], hand=20)
    state.apply(0, "discard")
    assert "take:20:33" in state.legal_action_ids(1)
    state.apply(1, "take:20:33")
    assert garden_text(state, 1).endswith(". . . 20")
    assert [tile["number"] for tile in state.view(None)["table"]] == [17]


def test_r6_the_table_holds_any_number_of_tiles() -> None:
    # R6: a table of 16 face-up tiles; every number that fits somewhere can be taken.
    table = [1, 2, 4, 5, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17, 18, 19]
    state = position([DIAGONAL_3_9_9_14, SPARSE], table=table)
    taken = {int(action_id.split(":")[1]) for action_id in state.legal_action_ids(0) if action_id != "draw"}
    assert taken == set(table)


# -- R8-R10: the end ----------------------------------------------------------------------


def test_scenario_9_a_full_garden_wins_at_once() -> None:
    # R8, scenario 9: seat 0 fills its 16th cell; the game ends, seats 1 and 2 get no turn.
    state = position([ALMOST_FULL, DIAGONAL_3_9_9_14, SPARSE], table=[16])
    state.apply(0, "take:16:33")
    assert state.is_over() and state.current_players() == ()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners() == (0,)
    assert People(("Ann", "Bob", "Cy")).resolve(outcome.reason) == "Ann wins with a full garden"
    assert state.legal_action_ids(1) == [] and state.legal_action_ids(2) == []


def test_r8_filling_the_last_cell_with_a_drawn_tile_wins_too() -> None:
    # R8: the check is at the end of any placement, here from hand (R2 A1).
    state = position([ALMOST_FULL, SPARSE], hand=20)
    state.apply(0, "place:33")
    assert state.is_over() and state.outcome().winners() == (0,)


def test_scenario_10_the_pile_runs_out_and_the_fewest_empty_cells_share_the_win() -> None:
    # R9, Q5, R10, scenario 10: empty cells 2, 1, 1; the last tile is drawn and discarded.
    two_empty = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 . ."
    one_empty = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 ."
    # One tile face down: everything else lies face up on the table.
    state = position([two_empty, one_empty, one_empty], face_down=1)
    assert state.view(None)["pile"] == 1
    state.apply(0, "draw")
    state.apply(0, "discard")
    outcome = state.outcome()
    assert state.is_over() and outcome is not None
    assert outcome.winners() == (1, 2) and outcome.ranks == (3, 1, 1)
    assert (
        People(("Ann", "Bob", "Cy")).resolve(outcome.reason)
        == "The draw pile ran out: Bob and Cy share the win with the fewest empty cells"
    )


def test_r9_the_game_goes_on_while_tiles_remain_face_down() -> None:
    # R9: the end comes only when the pile is empty at the end of a turn.
    state = position([DIAGONAL_3_9_9_14, SPARSE], pile_top=[12], face_down=2)
    state.apply(0, "draw")
    state.apply(0, "discard")
    assert not state.is_over() and state.view(None)["pile"] == 1


def test_r10_the_others_are_ranked_by_filled_cells() -> None:
    # R10: after seat 1 wins, seat 0 (9 filled) ranks above seats 2 and 3 (4 filled each).
    nine = "1 2 3 . / 5 6 7 . / 9 10 11 . / . . . ."
    state = position([nine, ALMOST_FULL, DIAGONAL_3_9_9_14, DIAGONAL_4_8_12_18], hand=16, current=1)
    state.apply(1, "place:33")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.ranks == (2, 1, 3, 3) and outcome.scores == (9, 16, 4, 4)


# -- R11: tournament ----------------------------------------------------------------------


def test_r11_tournament_scores_plus_two_for_the_winner_and_minus_one_per_empty_cell() -> None:
    # R11: round won by seat 0 (R8); seat 1 has 12 empty cells -> -12; a new round starts.
    state = position([ALMOST_FULL, DIAGONAL_2_6_11_17], table=[16], options={"tournament": True})
    state.apply(0, "take:16:33")
    view = state.view(None)
    assert not state.is_over() and view["round"] == 2 and view["rounds"] == 2
    assert view["totals"] == [2, -12] and view["results"][0]["winners"] == [0]
    assert all(sum(tile is not None for tile in garden) == 4 for garden in view["gardens"])
    assert view["table"] == [] and view["pile"] == 32


def test_r11_each_player_starts_one_round() -> None:
    # R11: round k is started by the k-th player clockwise from the first; N rounds in all.
    state = GAME.new_state(3, {"tournament": True}, 8)
    rng = Rng(5)
    starters = [state.current_players()[0]]
    rounds_seen = 1
    while not state.is_over():
        seat = state.current_players()[0]
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))
        view = state.view(None)
        if not state.is_over() and view["round"] > rounds_seen:
            rounds_seen = view["round"]
            starters.append(state.current_players()[0])
    assert sorted(starters) == [0, 1, 2]
    assert starters == [(starters[0] + k) % 3 for k in range(3)]
    outcome = state.outcome()
    totals = [sum(result["points"][seat] for result in state.view(None)["results"]) for seat in range(3)]
    assert (
        outcome is not None
        and list(outcome.scores) == totals
        and People().resolve(outcome.reason).startswith("After 3 rounds Player 2 wins: Player 1 -5, ")
    )


def test_r11_a_shared_round_win_gives_each_winner_two_points() -> None:
    # R11 with R9: two players tied on fewest empty cells both score +2 (module decision).
    one_empty = "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 ."
    state = position([one_empty, one_empty], options={"tournament": True}, face_down=1)
    state.apply(0, "draw")
    state.apply(0, "discard")
    assert state.view(None)["totals"] == [2, 2]


# -- the no-progress limit (a decision where the rules are silent) --------------------------


def test_a_long_run_of_exchanges_without_progress_ends_the_round_as_r9() -> None:
    # Module decision: 10 turns per player without a draw or a newly filled cell end the round.
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], table=[2], stall=18)
    state.apply(0, "take:2:00")  # exchange 3 for 2: no new cell, stall 19
    assert not state.is_over() and state.view(None)["stall"] == 19
    state.apply(1, "take:3:00")  # exchange 2 for 3: stall 20 = 10 turns x 2 players
    assert state.is_over()
    assert "20 turns without a draw" in state.outcome().reason


def test_filling_a_cell_or_drawing_resets_the_no_progress_count() -> None:
    # Module decision (no-progress limit): only draws and newly filled cells count as progress.
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], table=[1, 5], stall=7)
    state.apply(0, "take:5:01")
    assert state.view(None)["stall"] == 0
    state.apply(1, "take:1:00")
    assert state.view(None)["stall"] == 1
    state.apply(0, "draw")
    state.apply(0, "discard")
    assert state.view(None)["stall"] == 0


# -- hidden information (our reading of R2: the drawn tile is seen by its holder alone) -------
# The face-down pile's order and the tile in hand never leak, `determinize` resamples exactly
# them, and the move log (`public_label`) shows a draw without its number and every tile that
# ends face up with it.


def _after_seat_0_draws() -> State:
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], table=[5], pile_top=[12, 7, 19])
    state.apply(0, "draw")
    return state


def _face_down_ids(state: State) -> set[str]:
    """The element ids of the face-down tiles, quoted as they would appear in JSON or SVG."""
    return {f'"tile-{name}"' for name in state.to_json()["pile"]}


def _drawn_id(state: State) -> str:
    return f"tile-{state.to_json()['held']}"


def _quoted(element_id: str) -> str:
    return f'"{element_id}"'


def test_the_drawn_tile_is_in_its_holders_view_only() -> None:
    state = _after_seat_0_draws()
    drawn = _drawn_id(state)
    assert state.view(0)["drawn"] == {"id": drawn, "number": 12, "colour": "yellow"}
    assert _quoted(drawn) in json.dumps(state.view(0))
    for viewer in (1, None):
        view = state.view(viewer)
        assert view["drawn"] is None and view["in_hand"] is True
        assert _quoted(drawn) not in json.dumps(view) and "12" not in view["prompt"]
        assert _quoted(drawn) not in GAME.draw_svg(view) and "12" not in GAME.draw_text(view)
    assert _quoted(drawn) in GAME.draw_svg(state.view(0))


def test_no_view_ever_names_a_face_down_tile_or_the_pile_order() -> None:
    state = _after_seat_0_draws()
    hidden = _face_down_ids(state)
    for viewer in (0, 1, None):
        text = json.dumps(state.view(viewer))
        assert not any(tile in text for tile in hidden)
        assert state.view(viewer)["pile"] == len(hidden)


def test_the_last_move_of_a_draw_names_no_tile() -> None:
    state = _after_seat_0_draws()
    assert state.view(1)["last_move"]["tile"] is None
    assert People(viewer=1).resolve(state.view(1)["last_move"]["text"]) == "Player 1 drew a tile"


def test_the_tile_is_revealed_once_placed_or_put_on_the_table() -> None:
    state = _after_seat_0_draws()
    drawn = _drawn_id(state)
    state.apply(0, "discard")
    assert _quoted(drawn) in json.dumps(state.view(1)) and _quoted(drawn) in json.dumps(state.view(None))


def test_views_of_other_seats_do_not_change_when_the_hidden_part_does() -> None:
    # Two positions that differ only in the tile in hand and the pile order look the same to
    # seat 1 and to a spectator, and different to seat 0.
    one = _after_seat_0_draws()
    data = one.to_json()
    data["held"], data["pile"][0] = data["pile"][0], data["held"]
    data["pile"] = data["pile"][::-1]
    other = GAME.state_from_json(data)
    assert other.view(1) == one.view(1) and other.view(None) == one.view(None)
    assert other.view(0) != one.view(0)


def test_determinize_for_another_seat_resamples_the_hand_and_the_pile() -> None:
    state = _after_seat_0_draws()
    before = state.to_json()
    hands, piles = set(), set()
    for seed in range(12):
        world = state.determinize(1, Rng(seed)).to_json()
        # What seat 1 saw is kept: gardens, table, turn, counts.
        for key in ("gardens", "table", "current", "phase", "stall", "totals", "last_move"):
            assert world[key] == before[key]
        assert len(world["pile"]) == len(before["pile"])
        # Tile conservation: hand and pile together hold exactly the same tiles.
        assert sorted([*world["pile"], world["held"]]) == sorted([*before["pile"], before["held"]])
        hands.add(world["held"])
        piles.add(tuple(world["pile"]))
    assert len(hands) > 1 and len(piles) > 1
    assert state.to_json() == before


def test_determinize_for_the_holder_keeps_the_hand_and_shuffles_the_pile() -> None:
    state = _after_seat_0_draws()
    before = state.to_json()
    piles = set()
    for seed in range(6):
        world = state.determinize(0, Rng(seed))
        assert world.to_json()["held"] == before["held"]
        assert sorted(world.to_json()["pile"]) == sorted(before["pile"])
        assert world.view(0) == state.view(0)
        assert world.legal_action_ids(0) == state.legal_action_ids(0)
        piles.add(tuple(world.to_json()["pile"]))
    assert len(piles) > 1


def test_determinize_for_a_spectator_keeps_their_view() -> None:
    state = _after_seat_0_draws()
    for seed in range(4):
        world = state.determinize(None, Rng(seed))
        assert world.view(None) == state.view(None) and world.view(1) == state.view(1)


def test_a_determinized_world_draws_what_the_real_game_does_not_foresee() -> None:
    # The next draw in resampled worlds varies, so a bot cannot read the real pile.
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], pile_top=[12])
    drawn = set()
    for seed in range(10):
        world = state.determinize(0, Rng(seed))
        world.apply(0, "draw")
        drawn.add(world.view(0)["drawn"]["id"])
    assert len(drawn) > 1


def test_determinize_reseeds_the_generator_of_later_rounds() -> None:
    # In a tournament the next round's shuffle comes from the state's generator: resampled too.
    state = GAME.new_state(2, {"tournament": True}, 4)
    worlds = {state.determinize(0, Rng(seed)).to_json()["rng"] for seed in range(3)}
    assert state.to_json()["rng"] not in worlds and len(worlds) == 3


def test_michaels_setup_tile_is_hidden_from_the_others_too() -> None:
    state = GAME.new_state(3, {"setup": "michael"}, 2)
    seat = state.current_players()[0]
    drawn = _drawn_id(state)
    assert state.view(seat)["drawn"]["id"] == drawn
    for viewer in [None, *(other for other in range(3) if other != seat)]:
        assert _quoted(drawn) not in json.dumps(state.view(viewer))


VIEWERS_OTHER_THAN_0 = (1, 2, None)


def test_public_label_of_a_draw_names_no_tile_for_any_viewer() -> None:
    # R2: the others see a tile drawn, not which one (the drawn 12 is nowhere in the label).
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17, SPARSE], pile_top=[12])
    for viewer in VIEWERS_OTHER_THAN_0:
        assert state.public_label(viewer, 0, "draw") == "Drew a tile"


def test_public_label_of_a_discard_shows_the_tile_laid_face_up() -> None:
    # R2 A2, R6: the drawn 12 ends face up on the table, so every viewer learns it.
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17, SPARSE], hand=12)
    for viewer in VIEWERS_OTHER_THAN_0:
        assert state.public_label(viewer, 0, "discard") == "Put 12 face up on the table"


def test_public_label_of_placing_the_drawn_tile_shows_it_and_what_it_replaced() -> None:
    # R2 A1, R4: the drawn tile ends face up in the garden; an exchanged tile goes to the table.
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17, SPARSE], hand=12)
    for viewer in VIEWERS_OTHER_THAN_0:
        assert state.public_label(viewer, 0, "place:13") == "Place 12 at (1,3)"
        assert state.public_label(viewer, 0, "place:11") == "Place 12 at (1,1), exchanging 9"


def test_the_label_of_one_move_is_the_label_of_its_action_in_the_legal_list() -> None:
    # R2–R4: `label_of` (what the log shows of a move laid face up) makes only the Action it
    # names; at every step of random games it must say what `legal_actions` says, and give
    # an id that is not legal back as it came.
    rng = Rng(8)
    for players, options in ((2, {}), (4, {"setup": "michael"})):
        state = GAME.new_state(players, options, 8)
        while seats := state.current_players():
            actions = state.legal_actions(seats[0])
            for action in actions:
                assert state.label_of(seats[0], action.id) == action.label
            assert state.label_of(seats[0], "take:21:00") == "take:21:00"
            state.apply(seats[0], rng.choice([action.id for action in actions]))


def test_public_label_of_a_take_from_the_table_shows_the_tile() -> None:
    # R3, R6: the face-up tile was public already.
    state = position([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17, SPARSE], table=[5], current=1)
    for viewer in (0, 2, None):
        assert state.public_label(viewer, 1, "take:5:01") == "Take 5, place it at (0,1)"


def test_public_label_of_a_start_tile_in_michaels_setup_shows_it() -> None:
    # 2.4.3: the start tile is laid face up on the diagonal.
    state = GAME.new_state(3, {"setup": "michael"}, 2)
    seat = state.current_players()[0]
    number = state.view(seat)["drawn"]["number"]
    for viewer in [None, *(other for other in range(3) if other != seat)]:
        assert state.public_label(viewer, seat, "place:22") == f"Place {number} at (2,2)"


# -- invariants over random play ----------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (4, {"setup": "michael"}), (3, {"tournament": True})]
)
def test_random_games_keep_every_garden_ordered_and_every_tile_once(
    players: int, options: dict[str, Any]
) -> None:
    # INV after every action; 2.1: 20*N tiles, each number N times, all accounted for;
    # Q6: nobody is ever stuck - a turn can always draw, and a drawn tile can always be discarded.
    for seed in range(3):
        state = GAME.new_state(players, options, seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.current_players()[0]
            ids = state.legal_action_ids(seat)
            if state.view(seat)["phase"] == "play":
                assert ("discard" if state.view(seat)["in_hand"] else "draw") in ids
            state.apply(seat, rng.choice(ids))
            view = state.view(seat if not state.is_over() else None)
            assert all(is_ordered(numbers(garden)) for garden in view["gardens"])
            data = state.to_json()
            names = [n for garden in data["gardens"] for n in garden if n] + data["pile"] + data["table"]
            names += [data["held"]] if data["held"] else []
            assert sorted(names) == sorted(
                f"{c}-{n}" for c in ("yellow", "red", "purple", "green")[:players] for n in range(1, 21)
            )
