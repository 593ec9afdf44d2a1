"""Every numbered rule of docs/rules/crazyfarmers.md on concrete positions, and its scenarios.

Positions come from `CrazyFarmersState.from_position` (through `crazyfarmers_positions`),
written in the rules page's notation; expected results are those of the rules page or
worked out by hand on the position (the reasoning is in the comments).
"""

from __future__ import annotations

import pytest
from crazyfarmers_positions import drive, idle_turn, names, position, towards

from tabletop.engine import IllegalAction, Rng
from tabletop.games.crazyfarmers import GAME
from tabletop.games.crazyfarmers.board import (
    CROSSROAD_COUNT,
    CROSSROAD_NAMES,
    INNER_PATHS,
    MOVES,
    PATH_COUNT,
    PLOT_COUNT,
    crossroad,
    neighbour,
)
from tabletop.games.crazyfarmers.farm import ROUND_LIMIT

BLUE, YELLOW, PURPLE = 0, 1, 2


def fence_names(state, seat: int) -> list[str]:  # type: ignore[no-untyped-def]
    return [CROSSROAD_NAMES[c] for c in state.fences[seat]]


# --- the board (2.3, scenario 1) -------------------------------------------------------------


def test_scenario_1_board_counts_and_the_rim() -> None:
    assert (PLOT_COUNT, CROSSROAD_COUNT, PATH_COUNT, PATH_COUNT - len(INNER_PATHS)) == (37, 96, 132, 42)
    assert sorted(len(moves) for moves in MOVES).count(3) == 72
    assert sorted(len(moves) for moves in MOVES).count(2) == 24
    assert neighbour(crossroad("-3,0,L"), "Horizontal") == -1  # R14a


def test_setup_deals_the_start_plots_and_barns_of_section_2_4() -> None:
    state = GAME.new_state(4, None, seed=3)
    starts = {name for seat in range(4) for name in names(state, seat)}
    assert starts == {"1,-2", "-2,0", "-1,2", "2,0"}
    assert len(state.view(None)["free_barns"]) == 9
    assert len(GAME.new_state(3).view(None)["free_barns"]) == 13
    assert len(state.draw_pile) == 36 and not any(state.hands)  # 2.6: no starting card (4.3)


# --- turn structure ---------------------------------------------------------------------------


def test_r1_cards_are_played_in_the_own_turn_only_before_or_between_moves() -> None:
    # R1: Blue holds a Nitro and may play it before moving; Yellow's Nitro is unplayable now.
    state = position(hands=[["nitro1"], ["nitro1"]])
    assert "nitro1" in state.legal_action_ids(BLUE)
    assert state.legal_action_ids(YELLOW) == []
    drive(state, BLUE, "Up")
    assert "nitro1" in state.legal_action_ids(BLUE)  # between moves too


def test_r2_scenario_2_first_crossroad_is_a_corner_of_the_start_plot() -> None:
    # R2, scenario 2 in docs/rules/crazyfarmers.md
    # Scenario 2: exactly the six corners of (0,-2).
    state = position(tractors=[None, "0,2,L"])
    corners = {"0,-2,L", "0,-2,R", "-1,-2,R", "1,-3,L", "-1,-1,R", "1,-2,L"}
    assert set(state.legal_action_ids(BLUE)) == corners
    state.apply(BLUE, "1,-3,L")
    assert state.tractors[BLUE] == crossroad("1,-3,L") and state.allowance == 3 and state.moves_done == 0


def test_r2_first_turn_allowance_counts_ruts_and_4_15_skips_a_corner_with_a_tractor() -> None:
    # R2: 3 minus 2 per Rut; 4.15: Yellow's tractor on (0,-2,L) takes that corner away.
    state = position(tractors=[None, "0,-2,L"], effects=[["rut"], []])
    assert state.allowance == 1
    assert "0,-2,L" not in state.legal_action_ids(BLUE) and len(state.legal_action_ids(BLUE)) == 5


def test_r3_r12_end_only_without_moves_and_r4_play_passes_on() -> None:
    state = position(hands=[["nitro1"], []])
    assert "end" not in state.legal_action_ids(BLUE)  # R12: moves left
    drive(state, BLUE, "Up", "Down", "Up")
    assert "end" in state.legal_action_ids(BLUE)  # R3
    state.apply(BLUE, "end")
    assert state.current == YELLOW  # R4


def test_r3_turn_ends_by_itself_when_end_is_the_only_action() -> None:
    # R3 in docs/rules/crazyfarmers.md
    # Our decision: with no card and no move left, "end" is played for the player.
    state = position()
    drive(state, BLUE, "Up", "Down", "Up")
    assert state.current == YELLOW and state.turns == 1


def test_r4_eliminated_players_are_skipped() -> None:
    # R4 in docs/rules/crazyfarmers.md
    state = position(fields=[["0,-2"], [], ["2,0"]], tractors=["1,-2,L", None, "2,0,L"], players=3)
    state.eliminated[YELLOW] = True
    drive(state, BLUE, "Up", "Down", "Up")
    assert state.current == PURPLE


# --- moves ------------------------------------------------------------------------------------


def test_r10_scenario_6_acceleration_and_rut() -> None:
    # R10, scenario 6 in docs/rules/crazyfarmers.md
    # Scenario 6: 4 segments -> 4 moves, 3 segments -> 3; a Rut takes 2.
    four = ["1,-2,L", "0,-1,R", "2,-2,L", "1,-1,R", "2,-1,L"]
    assert position(tractors=["2,-1,L", "0,2,L"], fences=[four, []]).allowance == 4
    assert position(tractors=["1,-1,R", "0,2,L"], fences=[four[:4], []]).allowance == 3
    assert position(effects=[["rut"], []]).allowance == 1
    assert position(effects=[["rut", "rut"], []], hands=[["nitro1"], []]).allowance == -1


def test_r11_a_move_follows_one_path_to_the_next_crossroad() -> None:
    # R11 in docs/rules/crazyfarmers.md
    state = position()
    expected = {CROSSROAD_NAMES[neighbour(crossroad("1,-2,L"), d)] for d in ("Up", "Down", "Horizontal")}
    assert {a for a in state.legal_action_ids(BLUE) if a != "end"} == expected
    state.apply(BLUE, "0,-1,R")
    assert state.tractors[BLUE] == crossroad("0,-1,R") and state.moves_done == 1


def test_r13_r21_scenario_4_reverse_removes_the_last_segment() -> None:
    # R13, R21, scenario 4 in docs/rules/crazyfarmers.md
    # Scenario 4: a 2-segment fence, one move back along it -> 1 segment, one move used.
    state = position(fences=[["1,-2,L", "0,-1,R", "2,-2,L"], []], tractors=["2,-2,L", "0,2,L"])
    state.apply(BLUE, "0,-1,R")
    assert fence_names(state, BLUE) == ["1,-2,L", "0,-1,R"] and state.moves_done == 1


def test_r14a_b_c_off_board_bale_and_tractor_block() -> None:
    # a: (-3,0,L) has two moves; b: a bale on (-3,0,NW); c: Yellow's tractor on (-4,1,R).
    state = position(fields=[["-3,0"], ["0,2"]], tractors=["-3,0,L", "-4,1,R"], bales=["-3,0,NW"])
    assert [a for a in state.legal_action_ids(BLUE) if "," in a] == []
    assert state.legal_action_ids(BLUE) == []  # blocked everywhere: the turn ended by itself (R14)
    assert state.current == YELLOW


def test_r14d_r31_scenario_8_protection_and_cut_at_the_start() -> None:
    # R14d, R31, scenario 8 in docs/rules/crazyfarmers.md
    # Scenario 8: Yellow's fence S=(1,0,L), B=(0,0,R), A=(1,-1,L), T=(0,-1,R) (Yellow's field (0,1)).
    fence = ["1,0,L", "0,0,R", "1,-1,L", "0,-1,R"]

    def blue_at(plot: str, corner: str):  # type: ignore[no-untyped-def]
        return position(fields=[[plot], ["0,1"]], tractors=[corner, "0,-1,R"], fences=[[], fence])

    assert "0,0,R" not in blue_at("2,-1", "2,-1,L").legal_action_ids(BLUE)  # B
    assert "1,-1,L" not in blue_at("-1,0", "-1,0,R").legal_action_ids(BLUE)  # A
    assert "0,-1,R" not in blue_at("2,-2", "2,-2,L").legal_action_ids(BLUE)  # T
    state = blue_at("-1,1", "-1,1,R")
    assert "1,0,L" in state.legal_action_ids(BLUE)
    state.apply(BLUE, "1,0,L")  # S: cuts the whole fence (R32), Yellow is powerless (R33)
    assert state.fences[YELLOW] == [] and not state.powered[YELLOW]


def test_r14d_r53_high_voltage_protects_the_start() -> None:
    # R14d, R53 in docs/rules/crazyfarmers.md
    fence = ["1,0,L", "0,0,R", "1,-1,L", "0,-1,R"]
    state = position(
        fields=[["-1,1"], ["0,1"]],
        tractors=["-1,1,R", "0,-1,R"],
        fences=[[], fence],
        effects=[[], ["voltage"]],
    )
    assert "1,0,L" not in state.legal_action_ids(BLUE)


def test_r14e_r55_scenario_15_helicopter() -> None:
    # R14e, R55, scenario 15 in docs/rules/crazyfarmers.md
    # Scenario 15: not with a fence; powerless Blue flies home, is powered, and may not enter Yellow's fence.
    with_fence = position(
        fences=[["1,-2,L", "0,-1,R"], []], tractors=["0,-1,R", "0,2,L"], hands=[["helicopter"], []]
    )
    assert not any(a.startswith("helicopter") for a in with_fence.legal_action_ids(BLUE))
    yellow = ["0,-1,R", "2,-2,L", "1,-2,R", "2,-3,L"]
    state = position(
        tractors=["0,0,R", "2,-3,L"],
        fences=[[], yellow],
        powered=[False, True],
        hands=[["helicopter"], []],
        fields=[["0,-2"], ["1,-1"]],
    )
    state.apply(BLUE, "helicopter 1,-2,L")
    assert state.powered[BLUE] and state.heliported and state.moves_done == 0
    assert "0,-1,R" not in state.legal_action_ids(BLUE)  # on Yellow's fence (unprotected start)
    assert "helicopter 0,-1,R" not in with_fence.legal_action_ids(BLUE)


# --- fences -----------------------------------------------------------------------------------


def test_r20_fence_outside_the_field_none_along_it() -> None:
    # R20 in docs/rules/crazyfarmers.md
    state = position()
    state.apply(BLUE, "0,-2,R")  # Up along (1,-2,NW): borders (0,-2), Blue's plot
    assert state.fences[BLUE] == []
    state.apply(BLUE, "1,-2,L")  # back
    state.apply(BLUE, "0,-1,R")  # Down along (0,-1,NE): borders (0,-1) and (1,-2), not Blue's
    assert fence_names(state, BLUE) == ["1,-2,L", "0,-1,R"]  # R23: starts on the field's edge


def test_r20_r41_fallow_land_is_fenced_as_if_not_owned() -> None:
    # R20, R41 in docs/rules/crazyfarmers.md
    # Blue's main field (0,-2); (2,-1) is fallow. With a fence, passing along (2,-1) lays fence.
    state = position(
        fields=[["0,-2", "2,-1"], ["0,2"]],
        tractors=["1,-1,R", "0,2,L"],
        fences=[["1,-2,L", "0,-1,R", "2,-2,L", "1,-1,R"], []],
    )
    state.apply(BLUE, "2,-1,L")  # Down along (2,-1,NW): borders fallow (2,-1)
    assert fence_names(state, BLUE)[-1] == "2,-1,L" and len(state.fences[BLUE]) == 5
    assert names(state, BLUE) == {"0,-2", "2,-1"}  # no annexation from fallow land


def test_r22_scenario_3_loop_removal() -> None:
    # R22, scenario 3 in docs/rules/crazyfarmers.md
    state = position(tractors=["1,-2,L", "0,2,L"])
    drive(state, BLUE, "Down", "Horizontal", "Down")
    idle_turn(state, YELLOW)
    drive(state, BLUE, "Down", "Horizontal", "Up")
    assert len(state.fences[BLUE]) - 1 == 6 and state.tractors[BLUE] == crossroad("1,-1,L")
    idle_turn(state, YELLOW)
    assert state.allowance == 4
    drive(state, BLUE, "Up")
    assert fence_names(state, BLUE) == ["1,-2,L", "0,-1,R"]  # path (0,-1,NE)
    assert state.tractors[BLUE] == crossroad("0,-1,R") and state.moves_done == 1


def test_r22_r23_loop_to_the_start_vanishes() -> None:
    # Fence S=(1,-2,L) -> (0,-1,R) -> (1,-1,L)?; a triangle back to S ends on the start: no fence, no plot.
    state = position(fences=[["1,-2,L", "0,-1,R"], []], tractors=["0,-1,R", "0,2,L"])
    state.apply(BLUE, "1,-2,L")  # the reverse of the only segment (R21) also empties the fence
    assert state.fences[BLUE] == [] and names(state, BLUE) == {"0,-2"}


def test_r25_r26_r27_scenario_5_annexation_of_one_plot() -> None:
    # R25, R26, R27, scenario 5 in docs/rules/crazyfarmers.md
    state = position()
    drive(state, BLUE, "Down", "Horizontal", "Up")
    assert fence_names(state, BLUE) == ["1,-2,L", "0,-1,R", "2,-2,L", "1,-2,R"]
    idle_turn(state, YELLOW)
    assert state.allowance == 3  # fence of 3 < 4
    drive(state, BLUE, "Up", "Horizontal")
    assert names(state, BLUE) == {"0,-2", "1,-2"} and state.fences[BLUE] == []
    assert state.current == BLUE and state.legal_action_ids(BLUE)  # the third move is still due
    assert "end" not in state.legal_action_ids(BLUE)


def test_r24_fence_length_counts_segments() -> None:
    # R24 in docs/rules/crazyfarmers.md
    fence = ["1,-2,L", "0,-1,R", "2,-2,L", "1,-2,R", "2,-3,L"]
    assert position(fences=[fence, []], tractors=["2,-3,L", "0,2,L"]).allowance == 4


def test_r27_fence_reduced_when_nothing_new_is_enclosed() -> None:
    # R27 in docs/rules/crazyfarmers.md
    # The pocket holds only Yellow's plot (1,-2) under Watchdog: the fence goes, nothing changes hands.
    state = position(
        fields=[["0,-2"], ["1,-2", "0,2"]],
        fences=[["1,-2,L", "0,-1,R", "2,-2,L", "1,-2,R", "2,-3,L"], []],
        tractors=["2,-3,L", "0,2,L"],
        effects=[[], ["watchdog"]],
    )
    state.apply(BLUE, "0,-2,R")
    assert state.fences[BLUE] == [] and names(state, BLUE) == {"0,-2"} and "1,-2" in names(state, YELLOW)


def test_r28_scenario_11_watchdog_keeps_plots_and_others_change_owner() -> None:
    # Scenario 11 and R28: the same pocket without Watchdog goes to Blue.
    state = position(
        fields=[["0,-2"], ["1,-2", "0,2"]],
        fences=[["1,-2,L", "0,-1,R", "2,-2,L", "1,-2,R", "2,-3,L"], []],
        tractors=["2,-3,L", "0,2,L"],
    )
    state.apply(BLUE, "0,-2,R")
    assert names(state, BLUE) == {"0,-2", "1,-2"} and names(state, YELLOW) == {"0,2"}


def test_r29_scenario_10_barn_cards() -> None:
    # R29, scenario 10 in docs/rules/crazyfarmers.md
    pocket = {
        "fences": [["1,-2,L", "0,-1,R", "2,-2,L", "1,-2,R", "2,-3,L"], []],
        "tractors": ["2,-3,L", "0,2,L"],
    }
    free = position(free_barns=["1,-2"], **pocket)
    free.apply(BLUE, "0,-2,R")
    assert len(free.hands[BLUE]) == 1 and free.view(None)["occupied_barns"] == ["1,-2"]
    occupied = position(occupied_barns=["1,-2"], fields=[["0,-2"], ["1,-2", "0,2"]], **pocket)
    occupied.apply(BLUE, "0,-2,R")
    assert len(occupied.hands[BLUE]) == 2


def test_r29_scenario_10_two_barns_in_one_annexation_give_three_cards() -> None:
    # R26 too: the fence round (1,-1) and (1,-2) encloses both (even-odd fill of the loop).
    state = position(
        fields=[["0,-2", "0,-1"], ["0,2"]],
        fences=[POCKET_OF_TWO, []],
        tractors=["2,-3,L", "0,2,L"],
        free_barns=["1,-2"],
        occupied_barns=["1,-1"],
    )
    state.apply(BLUE, "0,-2,R")
    assert names(state, BLUE) == {"0,-2", "0,-1", "1,-2", "1,-1"}
    assert len(state.hands[BLUE]) == 3 and state.fences[BLUE] == []


POCKET_OF_TWO = ["1,-1,L", "0,0,R", "2,-1,L", "1,-1,R", "2,-2,L", "1,-2,R", "2,-3,L"]
"""A fence of Blue's from (1,-1,L) round plots (1,-1) and (1,-2), closing at (0,-2,R)."""


def test_r30_r33_annexing_the_plot_at_an_opponent_fence_start_cuts_it() -> None:
    # R30, R33 in docs/rules/crazyfarmers.md
    # Yellow's fence starts at (0,-1,R), on its plot (1,-1); Blue's pocket takes (1,-1).
    parts = {"fences": [POCKET_OF_TWO, ["0,-1,R", "1,-2,L", "-1,-1,R"]], "tractors": ["2,-3,L", "-1,-1,R"]}
    state = position(fields=[["0,-2", "0,-1"], ["1,-1", "1,0"]], **parts)
    state.apply(BLUE, "0,-2,R")
    assert "1,-1" in names(state, BLUE) and state.fences[YELLOW] == [] and not state.powered[YELLOW]
    fallow = position(fields=[["0,-2", "0,-1"], ["1,-1", "1,0", "-1,-1"]], **parts)
    fallow.apply(BLUE, "0,-2,R")  # the tractor touches Yellow's (-1,-1): powered again at once (R33)
    assert fallow.fences[YELLOW] == [] and fallow.powered[YELLOW]


def test_r32_r35_an_in_field_move_cuts_a_fence_through_its_destination() -> None:
    # R32, R35 in docs/rules/crazyfarmers.md
    # Yellow's fence (-1,-1,R) (1,-2,L) (0,-1,R) (1,-1,L) (0,0,R): (1,-2,L) is not protected.
    yellow = ["-1,-1,R", "1,-2,L", "0,-1,R", "1,-1,L", "0,0,R"]
    state = position(fields=[["0,-2"], ["-1,-1"]], tractors=["0,-2,R", "0,0,R"], fences=[[], yellow])
    state.apply(BLUE, "1,-2,L")  # Down along (1,-2,NW), which borders Blue's plot: no fence laid
    assert state.fences[BLUE] == [] and state.fences[YELLOW] == []
    assert not state.powered[YELLOW]


def test_r33_scenario_9_powerless_crossing_then_powered_at_home() -> None:
    # R33, scenario 9 in docs/rules/crazyfarmers.md
    # Yellow is powerless; Blue's fence has an unprotected crossroad (0,-1,R).
    blue = ["1,-2,L", "0,-1,R", "2,-2,L", "1,-2,R", "2,-3,L"]
    state = position(
        fields=[["0,-2"], ["0,1"]],
        tractors=["2,-3,L", "1,-1,L"],
        fences=[blue, []],
        powered=[True, False],
        to_move=YELLOW,
    )
    state.apply(YELLOW, "0,-1,R")  # Up from (1,-1,L)
    assert state.fences[BLUE] == [CROSSROAD_NAMES.index(c) for c in blue]
    assert state.fences[YELLOW] == [] and not state.powered[YELLOW]


def test_r33_powerless_reaching_the_own_field_is_powered_and_cuts_there() -> None:
    # R33 in docs/rules/crazyfarmers.md
    blue = ["-1,-1,R", "0,-1,L", "-2,0,R", "-1,0,L", "-2,1,R"]
    state = position(
        fields=[["0,-2"], ["-1,-1"]],
        tractors=["-2,1,R", "-1,0,R"],
        fences=[blue, []],
        powered=[True, False],
        to_move=YELLOW,
    )
    state.apply(YELLOW, "0,-1,L")  # touches Yellow's (-1,-1) and lies on Blue's fence
    assert state.powered[YELLOW] and state.fences[BLUE] == [] and not state.powered[BLUE]


def test_r34_no_fence_and_no_plot_under_the_tractor_means_powerless() -> None:
    # R34 in docs/rules/crazyfarmers.md
    # Yellow's tractor (0,-1,R) touches only its plot (1,-1), which Blue annexes.
    state = position(
        fields=[["0,-2", "0,-1"], ["1,-1", "0,2"]], fences=[POCKET_OF_TWO, []], tractors=["2,-3,L", "0,-1,R"]
    )
    assert state.powered[YELLOW]
    state.apply(BLUE, "0,-2,R")
    assert "1,-1" in names(state, BLUE) and not state.powered[YELLOW]


# --- fields -----------------------------------------------------------------------------------


def test_r40_r41_main_field_and_fallow_land() -> None:
    # R40, R41 in docs/rules/crazyfarmers.md
    state = position(fields=[["0,-2", "0,-1", "2,0"], ["0,2"]], tractors=["0,-2,L", "0,2,L"])
    assert state.main_size(BLUE) == 2 and state.fields[BLUE].bit_count() == 3
    assert state.view(None)["players"][BLUE]["main"] == ["0,-2", "0,-1"]
    powerless_away = position(fields=[["0,-2"], ["0,2"]], tractors=["2,0,L", "0,2,L"], powered=[False, True])
    assert powerless_away.main_size(BLUE) == 0


def test_r45_scenario_18_elimination_ends_a_two_player_game() -> None:
    # R45, scenario 18 in docs/rules/crazyfarmers.md
    state = position(
        fields=[["0,-2"], ["1,-2"]],
        fences=[["1,-2,L", "0,-1,R", "2,-2,L", "1,-2,R", "2,-3,L"], []],
        tractors=["2,-3,L", "2,-2,R"],
    )
    state.apply(BLUE, "0,-2,R")
    assert state.eliminated[YELLOW] and state.tractors[YELLOW] == -1 and state.is_over()
    assert state.outcome().ranks == (1, 2)  # R64


# --- cards ------------------------------------------------------------------------------------


def test_r50_cards_after_the_last_move_then_end() -> None:
    # R50 in docs/rules/crazyfarmers.md
    state = position(hands=[["nitro1", "watchdog"], []])
    drive(state, BLUE, "Up", "Down", "Up")
    assert set(state.legal_action_ids(BLUE)) >= {"nitro1", "watchdog", "end"}
    state.apply(BLUE, "watchdog")
    assert state.effects[BLUE] == ["watchdog"] and state.current == BLUE


def test_r51_scenario_7_nitro_cap() -> None:
    # R51, scenario 7 in docs/rules/crazyfarmers.md
    fence = ["1,-2,L", "0,-1,R", "2,-2,L", "1,-1,R", "2,-1,L"]
    state = position(tractors=["2,-1,L", "0,2,L"], fences=[fence, []], hands=[["nitro2"], []])
    state.apply(BLUE, "nitro2")
    assert state.allowance == 5
    rutted = position(effects=[["rut"], []], hands=[["nitro2"], []])
    assert rutted.allowance == 1
    rutted.apply(BLUE, "nitro2")
    assert rutted.allowance == 3


def test_r52_rut_costs_two_moves_next_turn_then_is_discarded() -> None:
    # R52 in docs/rules/crazyfarmers.md
    state = position(hands=[["rut"], []])
    state.apply(BLUE, "rut 1")
    drive(state, BLUE, "Up", "Down", "Up")
    assert state.current == YELLOW and state.allowance == 1
    idle_turn(state, YELLOW)
    assert state.effects[YELLOW] == [] and "rut" in state.discard_pile


def test_r53_high_voltage_until_the_next_turn() -> None:
    # R53 in docs/rules/crazyfarmers.md
    state = position(hands=[["voltage"], []])
    state.apply(BLUE, "voltage")
    drive(state, BLUE, "Up", "Down", "Up")
    assert state.has_effect(BLUE, "voltage")
    idle_turn(state, YELLOW)
    assert not state.has_effect(BLUE, "voltage") and state.current == BLUE


def test_r54_watchdog_stops_bribes() -> None:
    # R54 in docs/rules/crazyfarmers.md
    parts = {
        "fields": [["0,-2", "0,-1", "-1,0"], ["0,2", "0,1", "-1,1"]],
        "tractors": ["0,-2,L", "-2,3,R"],
        "fences": [[], ["0,2,L", "-2,3,R"]],
        "hands": [["bribe"], []],
    }
    assert "bribe -1,1" in position(**parts).legal_action_ids(BLUE)
    assert "bribe -1,1" not in position(effects=[[], ["watchdog"]], **parts).legal_action_ids(BLUE)


def test_r56_scenario_14_hay_bales() -> None:
    # R56, scenario 14 in docs/rules/crazyfarmers.md
    state = position(
        hands=[["bale1", "bale2"], []], fences=[["1,-2,L", "0,-1,R"], []], tractors=["0,-1,R", "0,2,L"]
    )
    state.apply(BLUE, "bale1")
    legal = state.legal_action_ids(BLUE)
    assert "bale -3,0,NW" not in legal  # a rim path
    assert "bale 0,-1,NE" not in legal  # Blue's fence segment
    assert "bale 0,0,N" in legal
    state.apply(BLUE, "bale 0,0,N")
    assert state.view(None)["bales"] == ["0,0,N"]


def test_r56_a_bale_never_cuts_the_board_in_two() -> None:
    # R56 in docs/rules/crazyfarmers.md
    # Around crossroad (0,0,L): bales on two of its three paths make the third a bridge.
    state = position(hands=[["bale1"], []], bales=["0,0,NW", "-1,1,NE"])
    state.apply(BLUE, "bale1")
    assert "bale -1,1,N" not in state.legal_action_ids(BLUE)


def test_r56_scenario_14_eight_bales_first_lose_two() -> None:
    # R56, scenario 14 in docs/rules/crazyfarmers.md
    eight = ["0,0,N", "0,1,N", "0,2,N", "1,0,N", "1,1,N", "-1,0,N", "-1,1,N", "-1,2,N"]
    state = position(hands=[["bale2"], []], bales=eight)
    state.apply(BLUE, "bale2")
    assert state.pending == ["lift", "lift", "bale", "bale"]
    assert all(action.startswith("lift ") for action in state.legal_action_ids(BLUE))
    for _ in range(2):
        state.apply(BLUE, state.legal_action_ids(BLUE)[0])
    state.apply(BLUE, "bale 2,-1,N")
    state.apply(BLUE, state.legal_action_ids(BLUE)[0])
    assert len(state.view(None)["bales"]) == 8 and not state.pending


def test_r57_scenario_12_bribe_eligibility() -> None:
    # R57, scenario 12 in docs/rules/crazyfarmers.md
    parts = {
        "fields": [["0,-2", "0,-1", "-1,0"], ["0,2", "0,1", "-1,1"]],
        "tractors": ["0,-2,L", "-2,3,R"],
        "hands": [["bribe"], []],
    }
    state = position(fences=[[], ["0,2,L", "-2,3,R"]], **parts)
    assert [a for a in state.legal_action_ids(BLUE) if a.startswith("bribe")] == ["bribe -1,1"]
    other = position(fences=[[], ["-1,1,L", "-3,2,R"]], **{**parts, "tractors": ["0,-2,L", "-3,2,R"]})
    assert not any(a.startswith("bribe") for a in other.legal_action_ids(BLUE))  # R57d
    state.apply(BLUE, "bribe -1,1")
    assert "-1,1" in names(state, BLUE) and "-1,1" not in names(state, YELLOW)


def test_r57_a_b_e_barns_only_plots_and_splitting_plots_are_refused() -> None:
    # R57 in docs/rules/crazyfarmers.md
    # a: (-1,1) carries a barn; b: Yellow's only plot; e: (0,1) joins (0,2) and (0,0) of Yellow.
    barn = position(
        fields=[["0,-1", "-1,0"], ["-1,1", "0,2"]],
        tractors=["0,-1,L", "0,2,R"],
        hands=[["bribe"], []],
        free_barns=["-1,1"],
    )
    assert not any(a.startswith("bribe -1,1") for a in barn.legal_action_ids(BLUE))
    only = position(fields=[["0,-1", "-1,0"], ["-1,1"]], tractors=["0,-1,L", "-1,1,R"], hands=[["bribe"], []])
    assert not any(a.startswith("bribe") for a in only.legal_action_ids(BLUE))
    split = position(
        fields=[["-1,1"], ["0,0", "0,1", "0,2"]], tractors=["-1,1,L", "0,2,R"], hands=[["bribe"], []]
    )
    assert "bribe 0,1" not in split.legal_action_ids(BLUE)


def test_r57_f_a_plot_closing_a_hole_is_refused() -> None:
    # R57 in docs/rules/crazyfarmers.md
    # Blue's ring (0,-1),(1,-1),(1,0),(0,1),(-1,1) around (0,0); Yellow's (-1,0) would close it.
    state = position(
        fields=[["0,-1", "1,-1", "1,0", "0,1", "-1,1"], ["-1,0", "-2,0"]],
        tractors=["0,-1,R", "-2,0,L"],
        hands=[["bribe"], []],
    )
    assert "bribe -1,0" not in state.legal_action_ids(BLUE)


def test_r57_g_scenario_13_bribe_never_wins_an_own_goal() -> None:
    # R57, scenario 13 in docs/rules/crazyfarmers.md
    eight = ["0,-3", "1,-3", "0,-2", "1,-2", "0,-1", "1,-1", "-1,-1", "-1,0"]
    yellow = ["-1,1", "-2,2"]
    three = position(
        players=3,
        mode="fast",
        fields=[eight, yellow, ["3,0"]],
        tractors=["0,-3,L", "-2,2,L", "3,0,L"],
        hands=[["bribe"], [], []],
    )
    assert not any(a.startswith("bribe") for a in three.legal_action_ids(BLUE))
    two = position(mode="fast", fields=[eight, yellow], tractors=["0,-3,L", "-2,2,L"], hands=[["bribe"], []])
    assert "bribe -1,1" in two.legal_action_ids(BLUE)


def test_r58_dynamite_removes_a_bale() -> None:
    # R58 in docs/rules/crazyfarmers.md
    state = position(hands=[["dynamite"], []], bales=["0,0,N"])
    state.apply(BLUE, "dynamite 0,0,N")
    assert state.bales == 0 and "dynamite" in state.discard_pile


def test_r59_scenario_19_hand_limit() -> None:
    # R59, scenario 19 in docs/rules/crazyfarmers.md
    state = position(hands=[["nitro1"] * 3 + ["rut"] * 2 + ["dynamite"] * 2, []])
    drive(state, BLUE, "Up", "Down", "Up")
    assert len(state.hands[BLUE]) == 7 and "end" not in state.legal_action_ids(BLUE)
    state.apply(BLUE, "discard dynamite")
    assert "end" in state.legal_action_ids(BLUE)


def test_r60_the_discards_go_under_the_pile() -> None:
    # R60 in docs/rules/crazyfarmers.md
    state = position(
        occupied_barns=["1,-2"],
        fields=[["0,-2"], ["1,-2", "0,2"]],
        fences=[["1,-2,L", "0,-1,R", "2,-2,L", "1,-2,R", "2,-3,L"], []],
        tractors=["2,-3,L", "0,2,L"],
    )
    top = state.draw_pile[-1]
    state.draw_pile = [top]
    state.discard_pile = ["bribe", "bribe"]
    state.apply(BLUE, "0,-2,R")
    assert state.hands[BLUE][0] == top and len(state.hands[BLUE]) == 2 and len(state.draw_pile) == 1


# --- the end ----------------------------------------------------------------------------------


def test_r62_scenario_17_shared_goal() -> None:
    # R62, scenario 17 in docs/rules/crazyfarmers.md
    # Fast, 2 players: 10 + 12 plots; Blue's scenario-5 pocket makes 23 and ends the game.
    blue = ["0,-2", "0,-3", "-1,-2", "-1,-1", "-2,-1", "-2,0", "-3,0", "-3,1", "-1,0", "-2,1"]
    yellow = ["0,2", "0,1", "1,1", "1,0", "2,0", "2,-1", "3,-1", "3,0", "-1,2", "-1,3", "0,3", "1,2"]
    state = position(
        mode="fast",
        fields=[blue, yellow],
        tractors=["2,-3,L", "0,2,L"],
        fences=[["1,-2,L", "0,-1,R", "2,-2,L", "1,-2,R", "2,-3,L"], []],
    )
    assert not state.is_over()
    state.apply(BLUE, "0,-2,R")
    assert state.is_over() and sum(f.bit_count() for f in state.fields) == 23
    assert state.outcome().ranks == (2, 1)  # Yellow's main field of 12 beats Blue's 11


def test_r62_r63_scenario_16_the_biggest_main_field_wins() -> None:
    # R62, R63, scenario 16 in docs/rules/crazyfarmers.md
    p1 = ["0,-3", "1,-3", "0,-2", "1,-2", "0,-1", "1,-1", "-3,3", "-2,3", "3,0"]
    p2 = ["-3,0", "-3,1", "-2,0", "-2,1", "-1,1", "-1,2", "-2,2", "0,1"]
    state = position(players=3, mode="fast", fields=[p1, p2, ["2,1"]], tractors=["0,-3,L", "-3,0,L", "2,1,L"])
    assert state.is_over()
    assert state.main_size(BLUE) == 6 and state.main_size(YELLOW) == 8
    assert state.outcome().ranks[YELLOW] == 1 and state.outcome().ranks[BLUE] == 2


def test_r63_ties_on_main_field_go_to_total_then_shared() -> None:
    # R63 in docs/rules/crazyfarmers.md
    state = position(fields=[["0,-2", "2,0"], ["0,2"]], tractors=["0,-2,L", "0,2,L"])
    state.over = True
    assert state.outcome().ranks == (1, 2)
    even = position(fields=[["0,-2"], ["0,2"]])
    even.over = True
    assert even.outcome().ranks == (1, 1)


def test_r65_scenario_20_third_repetition_is_a_draw() -> None:
    # R65, scenario 20 in docs/rules/crazyfarmers.md
    state = position()
    for _ in range(40):
        if state.is_over():
            break
        if state.current == BLUE:
            back_and_forth = (
                ("Up", "Down", "Up")
                if state.tractors[BLUE] == crossroad("1,-2,L")
                else ("Down", "Up", "Down")
            )
            drive(state, BLUE, *back_and_forth)
        else:
            idle_turn(state, YELLOW)
    assert state.is_over() and state.drawn_game and state.turns < 12
    assert state.outcome().ranks == (1, 1)


def test_round_limit_is_a_true_end() -> None:
    state = position()
    state.turns = ROUND_LIMIT * 2 - 1
    drive(state, BLUE, "Up", "Down", "Up")
    assert state.is_over() and not state.drawn_game


def test_illegal_ids_are_refused() -> None:
    state = position()
    with pytest.raises(IllegalAction):
        state.apply(BLUE, "0,2,L")
    assert towards(state, BLUE, "Up") in state.legal_action_ids(BLUE)


def test_r66_game_over_card_near_the_bottom_ends_the_game_when_drawn() -> None:
    # R66 in docs/rules/crazyfarmers.md
    state = GAME.new_state(2, {"game_over_card": True}, seed=4)
    assert state.draw_pile.index("gameover") < 7 and len(state.draw_pile) == 37
    assert "gameover" not in GAME.new_state(2, None, seed=4).draw_pile
    drawn = position(
        game_over_card=True,
        free_barns=["1,-2"],
        fences=[["1,-2,L", "0,-1,R", "2,-2,L", "1,-2,R", "2,-3,L"], []],
        tractors=["2,-3,L", "0,2,L"],
    )
    drawn.draw_pile.remove("gameover")
    drawn.draw_pile.append("gameover")
    drawn.apply(BLUE, "0,-2,R")
    assert drawn.is_over() and drawn.hands[BLUE] == [] and drawn.outcome().ranks == (1, 2)


def test_r66_determinize_keeps_the_game_over_card_in_the_pile() -> None:
    # R66 in docs/rules/crazyfarmers.md
    state = position(game_over_card=True, hands=[["nitro1"], ["bribe", "rut"]])
    for seed in range(5):
        copy = state.determinize(BLUE, Rng(seed))
        assert copy.hands[BLUE] == ["nitro1"] and "gameover" in copy.draw_pile
        assert "gameover" not in copy.hands[YELLOW] and len(copy.hands[YELLOW]) == 2


def test_r41_an_annexation_joining_fallow_land_makes_it_main_field_again() -> None:
    # R41 in docs/rules/crazyfarmers.md
    # (2,-1) is fallow and touches the fence; once (1,-1) is Blue's it joins the main field.
    state = position(
        fields=[["0,-2", "0,-1", "2,-1"], ["0,2"]], fences=[POCKET_OF_TWO, []], tractors=["2,-3,L", "0,2,L"]
    )
    assert state.main_size(BLUE) == 2
    state.apply(BLUE, "0,-2,R")
    assert state.main_size(BLUE) == 5


def test_r41_r55_a_helicopter_landing_in_fallow_land_makes_it_the_main_field() -> None:
    # R41, R55 in docs/rules/crazyfarmers.md
    state = position(
        fields=[["0,-2", "2,0"], ["0,2"]], tractors=["0,-2,L", "0,2,L"], hands=[["helicopter"], []]
    )
    assert state.view(None)["players"][BLUE]["main"] == ["0,-2"]
    state.apply(BLUE, "helicopter 2,0,L")
    assert state.view(None)["players"][BLUE]["main"] == ["2,0"]


def test_r25_a_bribe_next_to_the_fence_closes_it_at_once() -> None:
    # Blue's fence runs round (1,-2); bribing that plot makes the fence touch the main field (R25):
    # the loop holds nothing new, so the fence is simply reduced (R27).
    state = position(
        fields=[["0,-2"], ["1,-2", "0,2"]],
        fences=[["1,-2,L", "0,-1,R", "2,-2,L", "1,-2,R"], []],
        tractors=["1,-2,R", "0,2,L"],
        hands=[["bribe"], []],
    )
    state.apply(BLUE, "bribe 1,-2")
    assert names(state, BLUE) == {"0,-2", "1,-2"} and state.fences[BLUE] == []
