"""Every numbered rule of docs/rules/dvonn.md on concrete positions, and the scenarios of its section 7.

The board of section 2 comes first (expected figures from sections 2.1, 2.2 and scenario 1),
then the setup (DV-S1 to DV-S3), the rules of play (DV-R1 to DV-R8) and the scenarios.

Positions are written in the rules page's notation of section 7 (`dvonn_reference.position`,
a thin wrapper around `DvonnState.from_position`): cell:stack, a stack being height + top
colour + `*` if it holds a DVONN piece, `R` a lone DVONN piece. Expected moves and scores
are those of the rules page or counted by hand on the position.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from dvonn_reference import position
from test_dvonn_perft import REFERENCE_PLACEMENT, after

from tabletop.engine import IllegalAction, People, Rng
from tabletop.games.dvonn import GAME
from tabletop.games.dvonn.board import BORDER, CELL_COUNT, CELLS, INDEX, LINES, NAMES, NEIGHBOURS, RAYS, Board
from tabletop.games.dvonn.rules import isolated_cells, may_cut_contact
from tabletop.games.dvonn.state import DvonnState

WHITE, BLACK = 0, 1


def ids(state: DvonnState, seat: int) -> set[str]:
    return set(state.legal_action_ids(seat))


def stacks(state: DvonnState) -> dict[str, str]:
    """The board as cell -> "height + top letter + *", read from the spectator's view."""
    letters = {"white": "W", "black": "B", "red": "R"}
    found = {}
    for stack in state.view(None)["stacks"]:
        if stack["colours"] == ["red"]:
            found[stack["cell"]] = "R"
        else:
            star = "*" if stack["dvonn"] else ""
            found[stack["cell"]] = f"{len(stack['pieces'])}{letters[stack['colours'][-1]]}{star}"
    return found


def test_forty_nine_cells_in_rows_of_9_10_11_10_9() -> None:
    # Section 2.1 and section 7 scenario 1.
    assert len(CELLS) == 49
    assert Counter(y for _, y in CELLS) == {0: 9, 1: 10, 2: 11, 3: 10, 4: 9}
    row_ends = [NAMES[cell] for cell in (0, 8, 9, 18, 19, 29, 30, 39, 40, 48)]
    assert row_ends == ["A1", "I1", "A2", "J2", "A3", "K3", "B4", "K4", "C5", "K5"]


def test_cells_that_do_not_exist() -> None:
    # Section 7 scenario 1: A4, A5, B5, J1, K1, K2 are off the board.
    for name in ("A4", "A5", "B5", "J1", "K1", "K2"):
        assert name not in INDEX


def test_neighbour_histogram() -> None:
    # Section 2.2: 6 corners with 3 neighbours, 18 other border cells with 4, 25 inner cells with 6.
    assert Counter(len(neighbours) for neighbours in NEIGHBOURS) == {3: 6, 4: 18, 6: 25}
    assert len(BORDER) == 24


def test_neighbours_are_the_six_directions_of_section_2_2() -> None:
    around_e3 = {NAMES[cell] for cell in NEIGHBOURS[INDEX["E3"]]}
    assert around_e3 == {"D2", "D3", "E2", "E4", "F3", "F4"}  # section 7 scenario 6 lists the same six
    assert {NAMES[cell] for cell in NEIGHBOURS[INDEX["K5"]]} == {"J5", "K4", "J4"}
    for cell, neighbours in enumerate(NEIGHBOURS):
        assert all(cell in NEIGHBOURS[other] for other in neighbours)


def test_twenty_seven_lines() -> None:
    # Section 2.2: rows of 9, 10, 11, 10, 9; each diagonal family 3, 3, 4, 4 and seven of 5.
    lengths = sorted(len(line) for line in LINES)
    diagonals = sorted([3, 3, 4, 4, *[5] * 7] * 2)
    assert len(LINES) == 27
    assert lengths == sorted([9, 10, 11, 10, 9, *diagonals])
    covered = Counter(cell for line in LINES for cell in line)
    assert covered == dict.fromkeys(range(49), 3)  # every cell lies on exactly one line of each axis


def test_rays_step_along_one_line() -> None:
    # A stack of height h on C3 lands h steps away (DV-R3): the rays from C3 eastwards and north-east.
    rays = {tuple(NAMES[cell] for cell in ray) for ray in RAYS[INDEX["C3"]]}
    assert ("D3", "E3", "F3", "G3", "H3", "I3", "J3", "K3") in rays
    assert ("D4", "E5") in rays
    assert ("C2", "C1") in rays


def test_game_declaration() -> None:
    assert (GAME.id, GAME.title, GAME.min_players, GAME.max_players) == ("dvonn", "DVONN", 2, 2)
    assert GAME.options["setup"].choices == ("placement", "random")
    assert GAME.options["setup"].default == "placement"


def test_dv_s1_placement_order_and_colours() -> None:
    # DV-S1: placements 1-3 are the DVONN pieces (White, Black, White), then Black places first.
    state = GAME.new_state()
    seen = []
    for cell in ["C3", "F3", "I3", "A1", "B1", "C1"]:
        seat = state.current_players()[0]
        state.apply(seat, cell)
        seen.append((seat, state.view(None)["stacks"][-1]["colours"] if cell == "C1" else None))
    assert [seat for seat, _ in seen] == [WHITE, BLACK, WHITE, BLACK, WHITE, BLACK]
    assert stacks(state) == {"C3": "R", "F3": "R", "I3": "R", "A1": "1B", "B1": "1W", "C1": "1B"}
    assert state.view(None)["supply"] == {
        "white": list(range(5, 27)),
        "black": list(range(29, 50)),
        "red": [],
    }


def test_dv_s1_a_placement_needs_an_empty_space() -> None:
    # DV-S1: any *empty* cell.
    state = GAME.new_state()
    state.apply(WHITE, "C3")
    assert "C3" not in ids(state, BLACK) and len(ids(state, BLACK)) == 48
    with pytest.raises(IllegalAction, match="not a legal action"):
        state.apply(BLACK, "C3")


def test_dv_s1_white_makes_placements_1_3_and_49() -> None:
    # DV-S1: 49 placements; White makes the odd ones (2 DVONN + 23 white), Black the even ones.
    state = GAME.new_state()
    movers = []
    for cell in REFERENCE_PLACEMENT:
        movers.append(state.current_players()[0])
        state.apply(movers[-1], cell)
    assert movers == [WHITE, BLACK] * 24 + [WHITE]
    assert sorted(stacks(state).values()).count("1W") == 23
    assert sorted(stacks(state).values()).count("1B") == 23


def test_dv_s2_white_moves_right_after_the_last_placement() -> None:
    # DV-S2: White places 49th and then makes the first move.
    state = after("", REFERENCE_PLACEMENT[:-1])
    assert state.current_players() == (WHITE,)
    state.apply(WHITE, "K5")
    assert state.current_players() == (WHITE,)
    assert state.view(None)["phase"] == "movement"
    assert "A2A1" in ids(state, WHITE)


def test_dv_s3_random_setup_fills_the_board_and_starts_phase_2() -> None:
    # DV-S3 with the Q3 decision: DVONN pieces inside the board, no two neighbours; White moves.
    for seed in range(20):
        state = GAME.new_state(2, {"setup": "random"}, seed)
        board = stacks(state)
        assert len(board) == 49 and state.view(None)["phase"] == "movement"
        dvonn = [INDEX[cell] for cell, stack in board.items() if stack == "R"]
        assert len(dvonn) == 3 and not set(dvonn) & BORDER
        assert not any(other in NEIGHBOURS[cell] for cell in dvonn for other in dvonn)
        assert sorted(board.values()).count("1W") == 23
        assert state.current_players() == (WHITE,)


def test_dv_s3_random_setup_is_reproducible_and_varies_with_the_seed() -> None:
    first, again = (GAME.new_state(2, {"setup": "random"}, 7) for _ in range(2))
    assert stacks(first) == stacks(again)
    assert stacks(first) != stacks(GAME.new_state(2, {"setup": "random"}, 8))


def test_section_7_scenario_2_full_board_border_moves() -> None:
    # Section 7 scenario 2 (DV-R2): only border stacks move, one step onto each on-board neighbour: 90.
    state = after("")
    white = ids(state, WHITE)
    as_black = position(", ".join(f"{cell}:{stack}" for cell, stack in stacks(state).items()), to_move=BLACK)
    black = ids(as_black, BLACK)
    assert len(white) == 45 and len(white) + len(black) == 90
    for move in white | black:
        origin, target = INDEX[move[:2]], INDEX[move[2:]]
        assert origin in BORDER and target in NEIGHBOURS[origin]


def test_dv_r1_ownership_by_the_top_colour() -> None:
    # DV-R1: a lone DVONN piece never moves; a stack with a DVONN piece inside belongs to its top colour.
    state = position("C3:R, D3:1B, E3:2W, B3:2B*")
    assert ids(state, WHITE) == {"E3C3"}  # scenario 7: B3 is Black's though it holds a DVONN piece
    state = position("C3:R, D3:1B, E3:2W, B3:2B*", to_move=BLACK)
    assert ids(state, BLACK) == {"D3C3", "D3E3", "B3D3"}
    assert all(not move.startswith("C3") for move in ids(state, BLACK))


def test_dv_r2_a_surrounded_stack_cannot_move_but_a_border_one_can() -> None:
    # DV-R2 and section 7 scenario 6: E3 3W surrounded by D2 (R), D3, E2, E4, F3, F4.
    state = position("E3:3W, D2:R, D3:1B, E2:1B, E4:1B, F3:1B, F4:1B")
    assert ids(state, WHITE) == {"PASS"}
    # A1 is a corner with its three on-board neighbours occupied: still free to move.
    state = position("A1:1W, A2:1B, B1:1B, B2:R")
    assert ids(state, WHITE) == {"A1A2", "A1B1", "A1B2"}


def test_dv_r3_exact_distance_over_anything_onto_an_occupied_space() -> None:
    # DV-R3 and section 7 scenario 4: C3 (2W) moves two spaces, over empty D3, onto A3 or E3 only.
    state = position("A3:R, B3:1B, C3:2W, E3:1B, D4:1B")
    assert ids(state, WHITE) == {"C3A3", "C3E3"}
    east = state.clone()
    state.apply(WHITE, "C3A3")
    assert stacks(state) == {"A3": "3W*", "B3": "1B"}  # D4 and E3 lost contact with A3 (DV-R4)
    east.apply(WHITE, "C3E3")
    assert east.view(None)["last_move"] == {
        "kind": "move",
        "seat": 0,
        "from": "C3",
        "to": "E3",
        "removed": ["E3", "D4"],
    }


def test_dv_r3_the_moved_stack_goes_on_top_in_order() -> None:
    # DV-R3: B1 (2B) jumps over C1 onto D1; its two pieces go on top of D1's, in order.
    state = position("D2:R, B1:2B, C1:1W, D1:1W", to_move=BLACK)
    before = state.view(None)["stacks"]
    moving = next(stack["pieces"] for stack in before if stack["cell"] == "B1")
    landing = next(stack["pieces"] for stack in before if stack["cell"] == "D1")
    assert state.legal_action_ids(BLACK) == ["B1D1"]
    state.apply(BLACK, "B1D1")
    after_move = {stack["cell"]: stack for stack in state.view(None)["stacks"]}
    assert after_move["D1"]["pieces"] == landing + moving
    assert after_move["D1"]["owner"] == "black"


def test_dv_r3_landing_off_the_board_or_on_an_empty_space_is_illegal() -> None:
    state = position("A3:R, B3:1B, C3:2W, E3:1B, D4:1B")
    for move in ("C3C1", "C3E5", "C3C5", "C3A1", "C3D3", "C3B3"):
        with pytest.raises(IllegalAction):
            state.apply(WHITE, move)


def test_dv_r4_disconnected_stacks_are_removed() -> None:
    # DV-R4 and section 7 scenario 5.
    state = position("A1:R, B1:1W, C1:1B, D1:2W, B2:1B")
    assert ids(state, WHITE) == {"B1A1", "B1B2", "B1C1", "D1B1"}
    state.apply(WHITE, "B1B2")
    assert stacks(state) == {"A1": "R", "B2": "2W"}
    assert state.view(None)["scores"] == [2, 0]
    assert state.view(None)["last_move"]["removed"] == ["C1", "D1"]
    removed = state.view(None)["removed"]
    assert sum(colour == "white" for _, colour in removed) == 22  # all but the one in B2
    assert sum(colour == "black" for _, colour in removed) == 22


def test_dv_r4_removal_takes_the_movers_own_stack_too() -> None:
    # DV-R4: "both colours, including the mover's": D1 onto E1 cuts the new stack off from A1.
    state = position("A1:R, B1:1B, C1:1W, D1:1W, E1:1B")
    state.apply(WHITE, "D1E1")
    assert stacks(state) == {"A1": "R", "B1": "1B", "C1": "1W"}
    assert state.view(None)["last_move"]["removed"] == ["E1"]


def test_dv_r4_a_dvonn_piece_is_never_removed_and_carries_contact() -> None:
    # DV-R4: a stack holding a DVONN piece is a source of contact; isolated DVONN pieces stay.
    state = position("A1:R, B1:1W, C1:R")
    state.apply(WHITE, "B1A1")  # C1, a lone DVONN piece, touches nothing now and stays
    assert stacks(state) == {"A1": "2W*", "C1": "R"}
    state = position("C3:R, D3:1B, E3:2W, F3:1B, G3:1W", to_move=WHITE)
    state.apply(WHITE, "E3C3")  # C3 becomes 3W*, D3 touches it; F3 and G3 lost their link through E3
    assert stacks(state) == {"C3": "3W*", "D3": "1B"}


def board_with(*names: str) -> Board:
    board: Board = [() for _ in range(CELL_COUNT)]
    for name in names:
        board[INDEX[name]] = (4,)
    return board


def test_dv_r4_emptying_a_cell_between_touching_neighbours_cuts_nothing() -> None:
    # DV-R4: E3's neighbours in turn are F3, F4, E4, D3, D2, E2; the search is skipped only
    # when the occupied ones form one unbroken arc.
    e3 = INDEX["E3"]
    assert not may_cut_contact(board_with("F3", "F4"), e3)
    assert not may_cut_contact(board_with("E2", "F3", "F4", "E4"), e3)  # the arc wraps round
    assert not may_cut_contact(board_with("F3", "F4", "E4", "D3", "D2"), e3)
    assert may_cut_contact(board_with("D3", "F3"), e3)  # opposite sides
    assert may_cut_contact(board_with("F3", "E4"), e3)  # F4 between them is empty
    a1 = INDEX["A1"]  # a corner: its neighbours in turn are B1, B2, A2, and off the board
    assert not may_cut_contact(board_with("B1", "B2"), a1)
    assert may_cut_contact(board_with("B1", "A2"), a1)  # off the board does not join them


def test_dv_r4_no_stack_is_ever_left_out_of_contact_in_random_games() -> None:
    # DV-R4 after every move, checked by the full search whether or not the move ran it.
    rng = Rng(15)
    for seed in range(40):
        state = GAME.new_state(2, None, seed)
        while not state.is_over():
            seat = state.current_players()[0]
            state.apply(seat, rng.choice(state.legal_action_ids(seat)))
            if state.phase() != "placement":
                assert isolated_cells(state.board, state.dvonn_cells) == []


def test_dv_r5_a_player_without_a_move_must_pass_and_the_other_keeps_moving() -> None:
    # DV-R5 and section 7 scenario 6.
    state = position("E3:3W, D2:R, D3:1B, E2:1B, E4:1B, F3:1B, F4:1B")
    assert state.legal_action_ids(WHITE) == ["PASS"]
    view = state.view(WHITE)
    prompt = People.of_view(view, viewer=WHITE).resolve(view["prompt"])
    assert prompt == "You (White) have no move and must pass"
    state.apply(WHITE, "PASS")
    assert state.current_players() == (BLACK,)
    state.apply(BLACK, "D3E3")
    assert state.current_players() == (WHITE,)  # E3 is Black's now; White has no stack left
    assert state.legal_action_ids(WHITE) == ["PASS"]


def test_dv_r5_a_player_with_a_move_may_not_pass() -> None:
    state = position("A3:R, B3:1B, C3:2W, E3:1B, D4:1B")
    with pytest.raises(IllegalAction):
        state.apply(WHITE, "PASS")


def test_dv_r6_the_game_ends_when_neither_player_can_move() -> None:
    # DV-R6, section 7 scenario 5 continued: after B1B2 only A1 (R) and B2 (2W, no landing) remain.
    state = position("A1:R, B1:1W, C1:1B, D1:2W, B2:1B")
    state.apply(WHITE, "B1B2")
    assert state.is_over() and state.current_players() == ()
    assert state.legal_action_ids(WHITE) == state.legal_action_ids(BLACK) == []


def test_dv_r7_scores_count_whole_controlled_stacks_and_not_lone_dvonn_pieces() -> None:
    # DV-R7, section 7 scenarios 7 and 8: 2-1 before, and 3W* counts 3 for White after E3C3.
    state = position("C3:R, D3:1B, E3:2W")
    assert state.view(None)["scores"] == [2, 1]
    state.apply(WHITE, "E3C3")
    assert stacks(state) == {"C3": "3W*", "D3": "1B"}
    assert state.view(None)["scores"] == [3, 1]


def test_dv_r8_higher_score_wins() -> None:
    # DV-R8: the game of scenario 5 ends 2-0 for White.
    state = position("A1:R, B1:1W, C1:1B, D1:2W, B2:1B")
    state.apply(WHITE, "B1B2")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (2, 0) and outcome.ranks == (1, 2)
    assert People(("Ann", "Bob")).resolve(outcome.reason) == "Ann wins 2–0 on pieces in controlled stacks"


def test_dv_r8_equal_scores_are_a_draw() -> None:
    # DV-R8 with the Q1 decision: equal scores are a draw. Both end on a DVONN piece, 2-2.
    state = position("A1:R, B1:1W, D1:R, E1:1B")
    state.apply(WHITE, "B1A1")
    assert state.current_players() == (BLACK,)
    state.apply(BLACK, "E1D1")
    outcome = state.outcome()
    assert state.is_over() and outcome is not None
    assert outcome.scores == (2, 2) and outcome.ranks == (1, 1)
    assert outcome.reason.startswith("draw")


def test_dv_r8_game_over_prompt_and_view() -> None:
    state = position("A1:R, B1:1W, C1:1B, D1:2W, B2:1B")
    state.apply(WHITE, "B1B2")
    view = state.view(None)
    assert view["phase"] == "over" and view["to_move"] is None
    prompt = People.of_view(view, ("Ann", "Bob")).resolve(view["prompt"])
    assert prompt == "Game over: Ann (White) wins 2–0 on pieces in controlled stacks"


def test_json_round_trip_and_independent_clones() -> None:
    state = after("A2A1 K3J3")
    data = json.loads(json.dumps(state.to_json()))
    rebuilt = GAME.state_from_json(data)
    assert rebuilt.to_json() == state.to_json()
    assert rebuilt.view(None) == state.view(None)
    copy = state.clone()
    copy.apply(WHITE, sorted(copy.legal_action_ids(WHITE))[0])
    assert state.to_json() == rebuilt.to_json()


def test_max_length_bounds_random_games() -> None:
    assert GAME.max_length(2) == 49 + 97
    assert GAME.max_length(2, {"setup": "random"}) == 97


def test_section_7_scenario_9_random_play_statistics() -> None:
    # Section 7 scenario 9 (sanity only): random games last about 81 plies and are rarely drawn.
    rng, lengths, draws = Rng(2024), [], 0
    for seed in range(150):
        state = GAME.new_state(2, None, seed)
        plies = 0
        while not state.is_over():
            seat = state.current_players()[0]
            state.apply(seat, rng.choice(state.legal_action_ids(seat)))
            plies += 1
        lengths.append(plies)
        outcome = state.outcome()
        draws += outcome is not None and outcome.ranks == (1, 1)
    assert 78 <= sum(lengths) / len(lengths) <= 84
    assert draws < 15
