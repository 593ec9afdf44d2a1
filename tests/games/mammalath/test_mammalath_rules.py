"""Every numbered rule of docs/rules/mammalath.md, and its test scenarios, on concrete positions.

Cells are named column A–F, row 1–6 from the top: the rules file's (r, c) is column c,
row r + 1. In the diagrams "B"/"W" is a token, a–f an animal (armadillo … fox), "." nothing.
"""

from __future__ import annotations

import pytest
from mammalath_positions import FILLER, position, start
from mammalath_positions import play as play_moves

from tabletop.engine import IllegalAction
from tabletop.games.mammalath import GAME, MammalathState
from tabletop.games.mammalath.board import BLACK, WHITE

EMPTY_ROW = ".. .. .. .. .. .."


def winners(state: MammalathState) -> tuple[int, ...]:
    outcome = state.outcome()
    assert outcome is not None
    return outcome.winners()


# -- the actions ------------------------------------------------------------------------


def test_turns_alternate_and_each_turn_is_one_action() -> None:
    # R1: after one action by the mover, the other player is to move and the mover may not act again.
    state = position(to_move=BLACK)
    state.apply(BLACK, "A1")
    assert state.current_players() == (WHITE,)
    assert state.legal_actions(BLACK) == []
    with pytest.raises(IllegalAction, match="may not act now"):
        state.apply(BLACK, "B1")
    state.apply(WHITE, "fox")
    assert state.current_players() == (BLACK,)


def test_a_token_goes_on_any_cell_without_a_token_with_or_without_an_animal() -> None:
    # R2: A1 holds a deer, B1 nothing; both take a token. C1 holds a token already: refused.
    state = position("Bd .. .. .. .. ..", ".a .b .c .d .e .f", to_move=WHITE)
    state.apply(WHITE, "B2")  # on an animal (badger)
    assert state.view(None)["placed"]["white"] == ["B2"]
    assert state.view(None)["animals"][1][1] == "badger"
    state.apply(BLACK, "B1")  # on an empty cell
    with pytest.raises(IllegalAction, match=r"A1 already holds a token \(R2\)"):
        state.apply(WHITE, "A1")
    with pytest.raises(IllegalAction, match=r"B2 already holds a token \(R2\)"):
        state.apply(WHITE, "B2")
    assert "A1" not in state.legal_action_ids(WHITE) and "C1" in state.legal_action_ids(WHITE)
    assert state.view(None)["supply"] == {"black": 16, "white": 17}


def test_scenario_7_releasing_a_kind_removes_every_animal_of_it_tokens_stay() -> None:
    # R3, scenario 7: six foxes, two of them under tokens, all leave; the tokens stay.
    state = position(
        "Bf .f .a .b .c .d",
        ".f Wf .a .b .c .d",
        ".f .f .a .b .c .d",
        ".e .e .a .b .c .d",
        ".e .e .a .b .c .d",
        ".e .e .a .b .c .d",
    )
    placed_before = state.view(None)["placed"]
    state.apply(BLACK, "fox")
    view = state.view(None)
    assert all("fox" not in row for row in view["animals"])
    assert "fox" not in state.legal_action_ids(WHITE)
    assert view["placed"] == placed_before
    assert [row[:2] for row in view["animals"][:3]] == [[None, None]] * 3
    assert view["animals"][0][2:] == ["armadillo", "badger", "cougar", "deer"]


def test_scenario_8_a_kind_with_no_animal_left_cannot_be_released() -> None:
    # R3 (Q2), scenario 8: no deer on the board.
    rows = [row.replace(".d", "..") for row in [FILLER] * 6]
    state = position(*rows)
    assert "deer" not in state.legal_action_ids(BLACK)
    assert {"armadillo", "badger", "cougar", "elephant", "fox"} <= set(state.legal_action_ids(BLACK))
    with pytest.raises(IllegalAction, match=r"no deer is left on the board \(R3\)"):
        state.apply(BLACK, "deer")


def test_scenario_6_a_line_release_needs_three_animals_and_removes_only_them() -> None:
    # R4, scenario 6: A4 animal, B4 none, C4 animal: refused; A5–C5 (a token on A5) releases.
    state = position(FILLER, FILLER, FILLER, ".a .. .c .d .e .f", "Ba .b .c .d .e .f", to_move=WHITE)
    assert "A4-C4" not in state.legal_action_ids(WHITE)
    with pytest.raises(IllegalAction, match=r"the line A4-C4 has a cell without an animal \(R4\)"):
        state.apply(WHITE, "A4-C4")
    before = state.view(None)
    state.apply(WHITE, "A5-C5")
    after = state.view(None)
    assert after["animals"][4] == [None, None, None, "deer", "elephant", "fox"]
    assert after["animals"][:4] == before["animals"][:4] and after["animals"][5] == before["animals"][5]
    assert after["placed"] == before["placed"] == {"black": ["A5"], "white": []}


def test_lines_of_every_direction_with_mixed_kinds_can_be_released() -> None:
    # R4: a full field offers all 80 triples, mixed kinds allowed, named by their top or left end.
    state = position(*[FILLER] * 6)
    lines = [action_id for action_id in state.legal_action_ids(BLACK) if "-" in action_id]
    assert len(lines) == 80
    assert {"A1-C1", "A1-A3", "A1-C3", "C1-A3", "F4-D6"} <= set(lines)
    assert "C1-A1" not in lines and "C3-A1" not in lines
    state.apply(BLACK, "C1-A3")  # anti-diagonal C1, B2, A3
    animals = state.view(None)["animals"]
    assert (animals[0][2], animals[1][1], animals[2][0]) == (None, None, None)


def test_there_is_no_pass_and_a_mover_always_has_an_action() -> None:
    # R5: no pass id; even with no animal left and 17 tokens each, places remain.
    rows = ["BB WW BB", "WW BB WW", "BB WW BB", "WW BB WW", "BB WW BB", "WW BB W."]
    rows = [" ".join(f"{letter}." for letter in row.replace(" ", "")) for row in rows]
    rows[5] = "W. W. B. .. W. .."
    state = position(*rows, to_move=BLACK)
    assert state.legal_action_ids(BLACK) == ["D6", "F6"]
    with pytest.raises(IllegalAction, match="not a Mammalath action"):
        state.apply(BLACK, "pass")


# -- opening and swap -------------------------------------------------------------------


def test_scenario_10_the_first_action_must_be_a_place() -> None:
    # R6, scenario 10: the first player may only place, on any of the 36 cells.
    state = start(BLACK)
    assert len(state.legal_action_ids(BLACK)) == 36
    assert all(len(action_id) == 2 for action_id in state.legal_action_ids(BLACK))
    for not_a_place in ("fox", "A1-C1", "swap"):
        with pytest.raises(IllegalAction, match=r"must be a place \(R6\)"):
            state.apply(BLACK, not_a_place)


def test_scenario_9_the_swap_takes_over_the_first_token_and_returns_it() -> None:
    # R7, scenario 9: B places C3, W swaps: C3 holds W, B has 18 in supply, W 17, B moves.
    state = start(BLACK)
    state.apply(BLACK, "C3")
    assert "swap" in state.legal_action_ids(WHITE)
    swap = next(action for action in state.legal_actions(WHITE) if action.id == "swap")
    assert swap.path == ("cell-c3",)
    state.apply(WHITE, "swap")
    view = state.view(None)
    assert view["placed"] == {"black": [], "white": ["C3"]}
    assert view["supply"] == {"black": 18, "white": 17}
    assert state.current_players() == (BLACK,)
    assert "swap" not in state.legal_action_ids(BLACK)
    state.apply(BLACK, "D4")
    with pytest.raises(IllegalAction, match=r"R7"):
        state.apply(WHITE, "swap")


def test_the_swap_is_offered_only_on_the_second_players_first_turn() -> None:
    # R7: a second player who places instead never gets the swap again; with white starting too.
    state = start(WHITE)
    state.apply(WHITE, "A1")
    state.apply(BLACK, "F6")
    assert "swap" not in state.legal_action_ids(WHITE)
    state.apply(WHITE, "fox")
    assert "swap" not in state.legal_action_ids(BLACK)
    with pytest.raises(IllegalAction, match=r"R7"):
        state.apply(BLACK, "swap")


def test_without_the_swap_rule_there_is_no_swap() -> None:
    # R7 is the table option swap_rule: off, the second player's first turn has 35 + 6 + 80 actions.
    state = start(BLACK, swap_rule=False)
    state.apply(BLACK, "C3")
    assert "swap" not in state.legal_action_ids(WHITE)
    assert len(state.legal_action_ids(WHITE)) == 35 + 6 + 80
    with pytest.raises(IllegalAction, match=r"R7"):
        state.apply(WHITE, "swap")


# -- the end of the game --------------------------------------------------------------------


def test_scenario_1_a_clean_line_wins() -> None:
    # R8, scenario 1: W on A1, B1; A1, B1, C1 animal-free; W places C1 and wins.
    state = position("W. W. .. .d .e .f", to_move=WHITE)
    state.apply(WHITE, "C1")
    assert state.is_over() and winners(state) == (WHITE,)
    assert state.view(None)["result"]["line"] == ["A1", "B1", "C1"]
    assert "wins" in str(state.view(None)["result"]["text"])


def test_scenario_2_a_line_with_an_animal_loses() -> None:
    # R8, scenario 2: the same, but C1 still holds an animal: W loses.
    state = position("W. W. .c .d .e .f", to_move=WHITE)
    state.apply(WHITE, "C1")
    assert state.is_over() and winners(state) == (BLACK,)
    assert state.view(None)["result"]["kind"] == "loss"


def test_scenario_3_a_loss_beats_a_win() -> None:
    # R8 and Q6, scenario 3: A3, B3 hold animals, C3, D3, E3 are clean; W places C3.
    state = position(".. .. .. .d .e .f", FILLER, "Wa Wb .. W. W. .f", FILLER, FILLER, FILLER, to_move=WHITE)
    state.apply(WHITE, "C3")
    assert winners(state) == (BLACK,)
    result = state.view(None)["result"]
    assert result["kind"] == "loss" and result["line"] in (["A3", "B3", "C3"], ["B3", "C3", "D3"])


def test_scenario_4_diagonals_count() -> None:
    # R8, scenario 4: B on F1 and E2, all clean; B places D3 and wins on the anti-diagonal.
    state = position(
        ".a .b .c .d .e B.",
        ".a .b .c .d B. .f",
        ".a .b .c .. .e .f",
        to_move=BLACK,
    )
    state.apply(BLACK, "D3")
    assert winners(state) == (BLACK,)
    assert state.view(None)["result"]["line"] == ["F1", "E2", "D3"]


def test_scenario_5_a_run_of_four_holds_a_dirty_triple() -> None:
    # R8, scenario 5: W on A6, B6, D6, only A6 holds an animal; W places C6 and loses.
    state = position(FILLER, FILLER, FILLER, FILLER, FILLER, "Wa W. .. W. .e .f", to_move=WHITE)
    state.apply(WHITE, "C6")
    assert winners(state) == (BLACK,)
    assert state.view(None)["result"]["line"] == ["A6", "B6", "C6"]


def test_a_swap_is_judged_like_a_place_and_ends_nothing() -> None:
    # R8 (Q7): the swapped token is checked too; one token makes no line, so play goes on.
    state = start(WHITE)
    play_moves(state, "B2", "swap")
    assert not state.is_over() and state.current_players() == (WHITE,)


def test_scenario_12_releases_are_not_judged_and_the_opponents_line_is_not_evaluated() -> None:
    # R9 and R11, scenario 12: B releases the animals under W's two in a row: no result;
    # W's now clean pair is W's to complete on W's own turn.
    state = position("Wa Wb .c .d .e .f", to_move=BLACK)
    state.apply(BLACK, "A1-C1")
    assert not state.is_over() and state.outcome() is None
    assert state.current_players() == (WHITE,)
    state.apply(WHITE, "C1")
    assert winners(state) == (WHITE,)


def test_a_release_never_changes_a_token() -> None:
    # R9: releases of a kind or a line leave every token where it was, so no line can appear.
    state = position("Ba Wa Bc .d .e .f", "Wb Bb Wc .d .e .f", to_move=WHITE)
    before = state.view(None)["placed"]
    play_moves(state, "armadillo", "A2-C2")
    assert state.view(None)["placed"] == before and not state.is_over()


def test_scenario_11_the_18th_token_without_a_line_draws() -> None:
    # R10, scenario 11 (and Q5): B has 17 tokens and places the 18th; no line: a draw.
    state = position(
        "B. B. W. W. B. B.",
        "W. W. B. B. W. W.",
        "B. B. W. W. B. B.",
        "W. W. B. B. W. W.",
        "B. B. W. W. B. B.",
        "W. W. B. .. W. ..",
        to_move=BLACK,
    )
    state.apply(BLACK, "D6")
    assert state.is_over()
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (1, 1) and outcome.scores == (0.5, 0.5)
    assert state.view(None)["result"] == {
        "kind": "draw",
        "colour": "black",
        "line": [],
        "text": outcome.reason,
    }


def test_the_18th_token_that_makes_a_line_is_judged_by_r8_not_drawn() -> None:
    # R10 applies only when R8 gave no result: here the 18th black token completes a clean line.
    state = position(
        "B. B. W. W. B. B.",
        "W. W. B. B. W. W.",
        "B. B. W. W. B. B.",
        "W. W. B. B. W. W.",
        "B. B. W. W. B. ..",
        "W. W. B. B. W. ..",
        to_move=BLACK,
    )
    state.apply(BLACK, "F6")  # F5 is free, so F6 joins D4 and E5 diagonally: D4, E5, F6 all black
    assert winners(state) == (BLACK,)


def test_the_opponent_is_not_judged_on_the_players_turn() -> None:
    # R11: a place by B is judged for B only; W's tokens (two on animals in a row) play no part.
    state = position("Wa Wb .c .d .e .f", ".. .. .. .. .. ..", to_move=BLACK)
    state.apply(BLACK, "C2")
    assert not state.is_over()


def test_hand_made_positions_that_the_rules_would_have_ended_are_refused() -> None:
    # R8 and R10 bound the positions play can reach.
    with pytest.raises(ValueError, match="three tokens in a line"):
        position("B. B. B. .d .e .f")
    with pytest.raises(ValueError, match="only 6 animals"):
        position(".a .a .a .a .a .a", ".a .b .c .d .e .f")
    assert GAME.new_state(2, seed=1).view(None)["result"] is None
