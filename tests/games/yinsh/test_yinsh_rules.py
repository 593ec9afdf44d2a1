"""Every numbered rule of docs/rules/yinsh.md, and its section 7 scenarios, on concrete positions.

The board of section 2 comes first (its figures and scenarios 1–3), then the setup
(YI-S1 to YI-S3) and the rules (YI-R1 to YI-R12). Positions come from
`YinshState.from_position`.
"""

from __future__ import annotations

from collections import Counter

import pytest
from yinsh_positions import crowded, play, stripes
from yinsh_reference import BOARD, name

from tabletop.engine import IllegalAction, People, State
from tabletop.games.yinsh import GAME
from tabletop.games.yinsh.board import (
    COORDINATES,
    LINES,
    POINT_INDEX,
    POINT_NAMES,
    RAYS,
    WINDOW_MASKS,
    WINDOWS,
    mask_of_names,
    points_of,
)
from tabletop.games.yinsh.rules import has_row_through, ring_destinations
from tabletop.games.yinsh.state import YinshState


def ids(state: State) -> list[str]:
    (seat,) = state.current_players()
    return state.legal_action_ids(seat)


def markers(state: State) -> dict[str, str]:
    return {marker["at"]: marker["colour"] for marker in state.view(None)["markers"]}


def ring_at(state: State) -> dict[str, str]:
    return {ring["at"]: ring["id"] for ring in state.view(None)["rings"] if ring["place"] == "board"}


def moves_from(state: State, point: str) -> set[str]:
    return {
        action[len(point) :]
        for action in ids(state)
        if action.startswith(point) and action[len(point)].isalpha()
    }


# -- the board (section 2) ------------------------------------------------------------------

# Section 2.2, typed from the rules page: each column's lowest and highest point.
COLUMNS = {
    "A": (2, 5),
    "B": (1, 7),
    "C": (1, 8),
    "D": (1, 9),
    "E": (1, 10),
    "F": (2, 10),
    "G": (2, 11),
    "H": (3, 11),
    "I": (4, 11),
    "J": (5, 11),
    "K": (7, 10),
}
# Section 2.3, typed from the rules page: the end points of the 33 lines, axis by axis.
LINE_ENDS_BY_AXIS = (
    "A2-A5 B1-B7 C1-C8 D1-D9 E1-E10 F2-F10 G2-G11 H3-H11 I4-I11 J5-J11 K7-K10",
    "B1-E1 A2-G2 A3-H3 A4-I4 A5-J5 B6-J6 B7-K7 C8-K8 D9-K9 E10-K10 G11-J11",
    "E1-K7 D1-K8 C1-K9 B1-K10 B2-J10 A2-J11 A3-I11 A4-H11 A5-G11 B7-E10 G2-J5",
)
# Scenario 3: where a lone ring on A2 can go.
FROM_A2 = "A3 A4 A5 B2 C2 D2 E2 F2 G2 B3 C4 D5 E6 F7 G8 H9 I10 J11"


def _lone_ring_count(point: str) -> int:
    return len(ring_destinations(POINT_INDEX[point], 1 << POINT_INDEX[point], 0))


def test_the_board_has_85_points_column_by_column() -> None:
    # Scenario 1 and the table of 2.2.
    expected = [f"{letter}{n}" for letter, (low, high) in COLUMNS.items() for n in range(low, high + 1)]
    assert len(POINT_NAMES) == 85
    assert sorted(POINT_NAMES) == sorted(expected)
    assert {"A1", "F1", "F11", "K11", "A6", "K6"}.isdisjoint(POINT_NAMES)
    assert "F6" in POINT_NAMES and COORDINATES[POINT_INDEX["F6"]] == (0, 0)


def test_the_points_are_the_lattice_points_within_radius_4_6() -> None:
    # 2.1: the description used by sharkdp/yinsh gives the same 85 points.
    assert set(POINT_NAMES) == {name(point) for point in BOARD}


def test_the_33_lines_have_the_listed_ends_and_lengths() -> None:
    ends = [f"{POINT_NAMES[line[0]]}-{POINT_NAMES[line[-1]]}" for line in LINES]
    assert sorted(ends) == sorted(pair for axis in LINE_ENDS_BY_AXIS for pair in axis.split())
    lengths = sorted(len(line) for line in LINES)
    assert lengths == sorted([4, 4, 7, 7, 8, 8, 9, 9, 9, 10, 10] * 3)


def test_there_are_123_windows_41_per_axis_all_on_the_board() -> None:
    # Scenario 2.
    assert len(WINDOWS) == 123
    assert len(set(WINDOW_MASKS)) == 123
    axes = Counter(_axis(window) for window in WINDOWS)
    assert axes == {"column": 41, "number": 41, "diagonal": 41}
    assert all(len(points_of(mask)) == 5 for mask in WINDOW_MASKS)


def _axis(window: tuple[int, ...]) -> str:
    (q1, r1), (q2, r2) = COORDINATES[window[0]], COORDINATES[window[-1]]
    assert (abs(q2 - q1), abs(r2 - r1)) in {(0, 4), (4, 0), (4, 4)}, "five consecutive points"
    return "column" if q1 == q2 else "number" if r1 == r2 else "diagonal"


def test_neighbour_counts() -> None:
    neighbours = [sum(1 for ray in rays if ray) for rays in RAYS]  # a ray's first point is a neighbour
    assert Counter(neighbours) == {6: 55, 5: 6, 4: 12, 3: 12}


@pytest.mark.parametrize(("point", "count"), [("F6", 24), ("A2", 18), ("E1", 18), ("D5", 26)])
def test_a_lone_ring_has_the_listed_number_of_destinations(point: str, count: int) -> None:
    # Scenario 3 and 2.3 (YI-R2 on an empty board).
    assert _lone_ring_count(point) == count


def test_a_lone_ring_on_a2_reaches_the_listed_points() -> None:
    # Scenario 3: A3–A5, B2–G2 and the diagonal B3 … J11.
    destinations = ring_destinations(POINT_INDEX["A2"], 1 << POINT_INDEX["A2"], 0)
    assert sorted(POINT_NAMES[point] for point in destinations) == sorted(FROM_A2.split())


def test_a_lone_ring_on_f6_reaches_the_rest_of_its_three_lines() -> None:
    # 2.3: all other points of the three 9-point lines through the centre, 4 per direction.
    destinations = {POINT_NAMES[p] for p in ring_destinations(POINT_INDEX["F6"], 1 << POINT_INDEX["F6"], 0)}
    column = {f"F{n}" for n in range(2, 11)} - {"F6"}
    number = {f"{letter}6" for letter in "BCDEGHIJ"}
    diagonal = {"B2", "C3", "D4", "E5", "G7", "H8", "I9", "J10"}
    assert destinations == column | number | diagonal


def test_a_lone_ring_has_between_18_and_26_destinations_everywhere() -> None:
    # Scenario 3.
    counts = [_lone_ring_count(point) for point in POINT_NAMES]
    assert (min(counts), max(counts)) == (18, 26)


# -- setup ----------------------------------------------------------------------------------


def test_the_game_starts_on_an_empty_board_with_white_to_place() -> None:
    # YI-S1: empty board, White (seat 0) first; the pool holds 51 markers.
    state = GAME.new_state(seed=4)
    view = state.view(None)
    assert state.current_players() == (0,)
    assert view["markers"] == [] and view["markers_in_pool"] == 51
    assert all(ring["place"] == "supply" for ring in view["rings"])
    assert People.of_view(view).resolve(view["prompt"]) == "Player 1 (White) to place a ring"


def test_rings_are_placed_alternately_on_empty_points() -> None:
    # YI-S2 and scenario 13: 85, 84, …, 76 legal placements; edge points allowed.
    state = GAME.new_state()
    counts, seats = [], []
    for point in ["A2", "K10", "F6", "E1", "J11", "B1", "G7", "C3", "H8", "D4"]:
        counts.append(len(ids(state)))
        seats.append(state.current_players()[0])
        assert point in ids(state)
        play(state, point)
        assert point not in ids(state)
    assert counts == list(range(85, 75, -1))
    assert seats == [0, 1] * 5
    assert ring_at(state) == {
        "A2": "ring-w-1",
        "F6": "ring-w-2",
        "J11": "ring-w-3",
        "G7": "ring-w-4",
        "H8": "ring-w-5",
        "K10": "ring-b-1",
        "E1": "ring-b-2",
        "B1": "ring-b-3",
        "C3": "ring-b-4",
        "D4": "ring-b-5",
    }


def test_white_moves_first_after_black_places_the_last_ring() -> None:
    # YI-S3.
    state = play(GAME.new_state(), "B2", "C3", "D4", "E5", "F6", "G7", "H8", "I9", "J10", "E8")
    assert state.current_players() == (0,)
    assert state.view(None)["phase"] == "move"
    assert "F6F7" in ids(state) and "C3C4" not in ids(state)


# -- ring moves -----------------------------------------------------------------------------


def test_a_move_leaves_a_marker_of_the_movers_colour_in_the_ring_start() -> None:
    # YI-R1: Black's ring leaves a black marker behind.
    state = YinshState.from_position(GAME, white_rings=["B2"], black_rings=["F6"], to_move=1)
    play(state, "F6F8")
    assert markers(state) == {"F6": "black"}
    assert ring_at(state) == {"B2": "ring-w-1", "F8": "ring-b-1"}
    assert state.view(None)["markers_in_pool"] == 50


def test_a_ring_that_cannot_move_cannot_be_chosen() -> None:
    # YI-R1: Black's ring on A2 has every ray filled with markers to the edge.
    state = _blocked_corner_position(to_move=1, white_rings=["F6"], black_rings=["A2", "C6"])
    assert not moves_from(state, "A2")
    assert moves_from(state, "C6")
    with pytest.raises(IllegalAction, match="A2A3"):
        state.apply(1, "A2A3")


def test_a_ring_jumps_one_group_and_stops_right_behind_it() -> None:
    # YI-R2, scenario 4: F7 and F8 jumped, the ring stops on F9, never F10.
    state = YinshState.from_position(
        GAME, white_rings=["F6"], black_rings=["K10"], white_markers=["F8"], black_markers=["F7"]
    )
    assert {"F9"} == {point for point in moves_from(state, "F6") if point[0] == "F" and int(point[1:]) > 6}
    with pytest.raises(IllegalAction):
        state.apply(0, "F6F10")


def test_a_ring_slides_over_empty_points_then_jumps() -> None:
    # YI-R2, scenario 5: F4, F5 (sliding), F8 (behind the group F6–F7); nothing beyond.
    state = YinshState.from_position(
        GAME, white_rings=["F3"], black_rings=["K10"], black_markers=["F6", "F7"]
    )
    up_the_column = {point for point in moves_from(state, "F3") if point[0] == "F" and int(point[1:]) > 3}
    assert up_the_column == {"F4", "F5", "F8"}


def test_a_ring_never_passes_a_ring() -> None:
    # YI-R2, scenario 6: the black ring on F6 stops White's F3 ring at F5.
    state = YinshState.from_position(GAME, white_rings=["F3"], black_rings=["F6"])
    up_the_column = {point for point in moves_from(state, "F3") if point[0] == "F" and int(point[1:]) > 3}
    assert up_the_column == {"F4", "F5"}


def test_a_ring_never_jumps_a_second_group() -> None:
    # YI-R2, scenario 7: after jumping F3 the ring must stop on F4.
    state = YinshState.from_position(
        GAME, white_rings=["F2"], black_rings=["K10"], white_markers=["F3", "F5"]
    )
    assert {point for point in moves_from(state, "F2") if point[0] == "F"} == {"F4"}


def test_a_ring_must_move_at_least_one_point() -> None:
    # YI-R2.
    state = YinshState.from_position(GAME, white_rings=["F6"], black_rings=["K10"])
    assert "F6F6" not in ids(state)
    with pytest.raises(IllegalAction):
        state.apply(0, "F6F6")


def test_jumped_markers_flip_and_the_new_marker_does_not() -> None:
    # YI-R3, scenario 4.
    state = YinshState.from_position(
        GAME, white_rings=["F6"], black_rings=["K10"], white_markers=["F8"], black_markers=["F7"]
    )
    play(state, "F6F9")
    assert markers(state) == {"F6": "white", "F7": "white", "F8": "black"}
    assert state.view(None)["last_move"]["flipped"] == ["F7", "F8"]


# -- rows -----------------------------------------------------------------------------------


def test_rings_never_belong_to_a_row() -> None:
    # YI-R4: four white markers around White's ring on C5 are no row; Black moves next.
    state = YinshState.from_position(
        GAME, white_rings=["C5", "F6"], black_rings=["K10"], white_markers=["C3", "C4", "C6", "C7"]
    )
    play(state, "F6G7")
    assert state.current_players() == (1,) and state.view(None)["phase"] == "move"


@pytest.mark.parametrize(
    "row", [["F3", "F4", "F5", "F6", "F7"], ["C6", "D6", "E6", "F6", "G6"], ["C3", "D4", "E5", "F6", "G7"]]
)
def test_a_row_along_each_axis_is_found_through_any_of_its_points(row: list[str]) -> None:
    # YI-R4: five markers of one colour in a line, along each of the three axes; four are none.
    markers = mask_of_names(row)
    for point in row:
        assert has_row_through(markers, mask_of_names([point]))
    assert not has_row_through(markers, mask_of_names(["A2", "K10"]))  # changed points off the row
    four_and_one_apart = (markers & ~mask_of_names(row[-1:])) | mask_of_names(["A2"])
    assert not any(has_row_through(four_and_one_apart, mask_of_names([point])) for point in row)


def test_five_markers_of_mixed_colours_are_no_row() -> None:
    # YI-R4: E2–E7 after the move holds a black marker on E5.
    state = YinshState.from_position(
        GAME,
        white_rings=["D4"],
        black_rings=["K10"],
        white_markers=["E2", "E3", "E6"],
        black_markers=["E4", "E5"],
    )
    play(state, "D4F4")  # flips E4 to white: E2 E3 E4 white, E5 black, E6 white
    assert state.current_players() == (1,)


def _six_in_column_e() -> State:
    """White's D4F4 flips E4 and makes six white markers E2–E7 (scenario 8)."""
    state = YinshState.from_position(
        GAME,
        white_rings=["D4", "A5", "K7"],
        black_rings=["K10", "J11", "B1"],
        white_markers=["E2", "E3", "E5", "E6", "E7"],
        black_markers=["E4"],
    )
    return play(state, "D4F4")


def test_removing_a_row_returns_five_markers_and_costs_a_ring_of_ones_own() -> None:
    # YI-R5: the markers go back to the pool; then any own ring, the moved one included.
    state = _six_in_column_e()
    pool = state.view(None)["markers_in_pool"]
    play(state, "row:E2E6")
    assert state.view(None)["markers_in_pool"] == pool + 5
    assert state.current_players() == (0,)
    assert sorted(a for a in ids(state) if a != "undo") == ["remove:A5", "remove:F4", "remove:K7"]
    play(state, "remove:F4")
    view = state.view(None)
    assert view["rings_removed"] == [1, 0]
    assert {"id": "ring-w-1", "colour": "white", "place": "scored", "at": None, "slot": 0} in view["rings"]
    assert state.current_players() == (1,)


def test_six_in_line_give_two_choices_and_the_sixth_marker_stays() -> None:
    # YI-R6, scenario 8.
    state = _six_in_column_e()
    assert sorted(a for a in ids(state) if a != "undo") == ["row:E2E6", "row:E3E7"]
    play(state, "row:E3E7")
    assert markers(state)["E2"] == "white"
    assert not any(point in markers(state) for point in ["E3", "E4", "E5", "E6", "E7"])


def test_seven_in_line_give_three_choices() -> None:
    # YI-R6: D5F5 flips E5 and completes E2–E8.
    state = YinshState.from_position(
        GAME,
        white_rings=["D5"],
        black_rings=["K10"],
        white_markers=["E2", "E3", "E4", "E6", "E7", "E8"],
        black_markers=["E5"],
    )
    play(state, "D5F5")
    assert sorted(a for a in ids(state) if a != "undo") == ["row:E2E6", "row:E3E7", "row:E4E8"]


def test_crossing_rows_the_one_taken_breaks_the_other() -> None:
    # YI-R7, scenario 9: C3–C7 and C5–G5 share C5; after one is gone only one ring is paid.
    state = YinshState.from_position(
        GAME,
        white_rings=["C5", "A2", "K7"],
        black_rings=["K10", "J11"],
        white_markers=["C3", "C4", "C6", "C7", "D5", "E5", "F5", "G5"],
    )
    play(state, "C5D6")
    assert sorted(a for a in ids(state) if a != "undo") == ["row:C3C7", "row:C5G5"]
    play(state, "row:C3C7", "remove:A2")
    assert state.current_players() == (1,) and state.view(None)["rings_removed"] == [1, 0]
    assert {"D5", "E5", "F5", "G5"} <= set(markers(state))


def test_disjoint_rows_must_all_be_taken() -> None:
    # YI-R7: the new marker on C5 completes C3–C7, the flipped D6 completes D4–D8.
    state = YinshState.from_position(
        GAME,
        white_rings=["C5", "A2", "K7"],
        black_rings=["K10", "J11"],
        white_markers=["C3", "C4", "C6", "C7", "D4", "D5", "D7", "D8"],
        black_markers=["D6"],
    )
    play(state, "C5E7")
    assert sorted(a for a in ids(state) if a != "undo") == ["row:C3C7", "row:D4D8"]
    play(state, "row:D4D8", "remove:K7")
    assert state.current_players() == (0,)
    assert [a for a in ids(state) if a != "undo"] == ["row:C3C7"]
    play(state, "row:C3C7", "remove:A2")
    assert state.view(None)["rings_removed"] == [2, 0] and state.current_players() == (1,)


def _rows_for_both(removed: tuple[int, int] = (0, 0), variant: str = "standard") -> State:
    """Black's F3F6 flips F4 to white (D4–H4 White's row) and F5 to black (D5–H5 Black's)."""
    state = YinshState.from_position(
        GAME,
        white_rings=["K10", "J11", "A5"],
        black_rings=["F3", "B1", "K7"],
        white_markers=["D4", "E4", "G4", "H4", "F5"],
        black_markers=["D5", "E5", "G5", "H5", "F4"],
        to_move=1,
        rings_removed=removed,
        variant=variant,
    )
    return play(state, "F3F6")


def test_the_mover_resolves_rows_first_then_the_opponent_then_the_opponent_moves() -> None:
    # YI-R8, scenario 10.
    state = _rows_for_both()
    assert state.current_players() == (1,)
    assert [a for a in ids(state) if a != "undo"] == ["row:D5H5"]
    play(state, "row:D5H5", "remove:B1")
    assert state.current_players() == (0,)
    assert ids(state) == ["row:D4H4"]
    play(state, "row:D4H4", "remove:A5")
    assert state.current_players() == (0,) and state.view(None)["phase"] == "move"
    assert state.view(None)["rings_removed"] == [1, 1]


def test_a_third_ring_wins_at_once_and_the_mover_has_priority() -> None:
    # YI-R9, scenario 11: Black's third ring ends the game before White's row is taken.
    state = _rows_for_both(removed=(2, 2))
    play(state, "row:D5H5", "remove:K7")
    outcome = state.outcome()
    assert state.is_over() and outcome is not None
    assert outcome.scores == (2, 3) and outcome.winners() == (1,)
    assert {"D4", "E4", "F4", "G4", "H4"} <= set(markers(state))


def test_blitz_the_first_ring_removed_wins() -> None:
    # YI-R10: in Blitz the mover's single ring wins before White's row counts.
    state = _rows_for_both(variant="blitz")
    play(state, "row:D5H5", "remove:F6")
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (0, 1) and outcome.winners() == (1,)
    assert "Black removed 1 ring; Black wins, 1–0" in People(("White", "Black")).resolve(outcome.reason)


# -- the end when markers run out, and passing ------------------------------------------

# Scenario 12: 27 empty points (columns A, B, C, K and J5–J8), 8 rings, 50 striped markers.
EMPTY = "A2 A3 A4 A5 " + " ".join(f"B{n}" for n in range(1, 8)) + " " + " ".join(f"C{n}" for n in range(1, 9))
EMPTY += " K7 K8 K9 K10 J5 J6 J7 J8"


def test_the_game_ends_when_the_51st_marker_is_placed_without_a_row() -> None:
    # YI-R11, scenario 12: rings removed 1–1, so a draw.
    state = crowded("D5 D1 G11 H3", "D9 I4 I11 E10", EMPTY, rings_removed=(1, 1))
    assert state.view(None)["markers_in_pool"] == 1
    play(state, "D5C5")
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (1, 1) and outcome.ranks == (1, 1)
    assert "51 markers" in outcome.reason


def test_a_row_made_with_the_last_marker_refills_the_pool_and_play_goes_on() -> None:
    # YI-R11, scenario 12: D5 completes White's D5–D9; the row goes back to the pool.
    overrides = {"D6": 0, "D7": 0, "D4": 1}
    state = crowded("D5 D1 G11 H3", "I4 I11 E10 F10", EMPTY, overrides, rings_removed=(1, 1))
    assert [stripes(point) for point in ["D8", "D9"]] == [0, 0]
    play(state, "D5C5")
    assert state.view(None)["markers_in_pool"] == 0 and not state.is_over()
    play(state, "row:D5D9")
    assert state.view(None)["markers_in_pool"] == 5
    play(state, "remove:C5")
    assert not state.is_over() and state.current_players() == (1,)
    assert state.view(None)["rings_removed"] == [2, 1]


def test_the_opponents_row_made_with_the_last_marker_is_still_taken() -> None:
    # YI-R11 with YI-R8 (Q5): C4E4 places the 51st marker and flips D4, completing Black's
    # D2–D6; Black takes it (the pool refills) and the game goes on with Black to move.
    empty = EMPTY.replace("C4 ", "") + " E4"
    state = crowded("C4 G11 H3 D7", "I4 I11 E10 F10", empty, {"D5": 1}, rings_removed=(1, 1))
    assert [stripes(point) for point in ["D1", "D2", "D3", "D4", "D6"]] == [0, 1, 1, 0, 1]
    play(state, "C4E4")
    assert state.view(None)["markers_in_pool"] == 0 and state.current_players() == (1,)
    play(state, "row:D2D6", "remove:I4")
    assert state.view(None)["markers_in_pool"] == 5
    assert not state.is_over() and state.current_players() == (1,) and state.view(None)["phase"] == "move"


# The markers filling every ray from A2 and from K10 to the edge, in stripes (no row).
CORNER_RAYS = " ".join(
    [
        "A3 A4 A5 B2 C2 D2 E2 F2 G2 B3 C4 D5 E6 F7 G8 H9 I10 J11",  # from A2: up, right, diagonal
        "K9 K8 K7 J10 H10 G10 F10 E10 J9 I8 H7 G6 F5 E4 D3 B1",  # from K10 (I10 and C2 are shared)
    ]
)


def _blocked_corner_position(
    to_move: int, white_rings: list[str], black_rings: list[str], **options: object
) -> State:
    return YinshState.from_position(
        GAME,
        white_rings=white_rings,
        black_rings=black_rings,
        white_markers=[point for point in CORNER_RAYS.split() if stripes(point) == 0],
        black_markers=[point for point in CORNER_RAYS.split() if stripes(point) == 1],
        to_move=to_move,
        **options,  # type: ignore[arg-type]
    )


def test_a_player_without_a_ring_move_passes_and_no_marker_is_placed() -> None:
    # YI-R12: Black's rings on A2 and K10 are walled in; Black passes, White moves again.
    state = _blocked_corner_position(to_move=0, white_rings=["F6"], black_rings=["A2", "K10"])
    play(state, "F6G7")
    assert state.current_players() == (1,) and ids(state) == ["pass"]
    on_board = len(markers(state))
    play(state, "pass")
    assert state.current_players() == (0,) and len(markers(state)) == on_board
    assert state.view(None)["last_move"]["kind"] == "pass"


def test_when_neither_player_can_move_the_rings_removed_decide() -> None:
    # YI-R12 (Q2): White's A2 and Black's K10 are both walled in.
    state = _blocked_corner_position(to_move=0, white_rings=["A2"], black_rings=["K10"], rings_removed=(1, 0))
    outcome = state.outcome()
    assert state.is_over() and outcome is not None
    assert outcome.winners() == (0,) and "no ring of either player can move" in outcome.reason
