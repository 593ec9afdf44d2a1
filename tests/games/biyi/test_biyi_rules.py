"""Every numbered rule of docs/rules/biyi.md on a concrete position, and the page's scenarios.

Positions are on the `quick` board (5 × 7, river on row 4, Light's bird c1, Dark's c7)
unless said otherwise; columns are written bottom to top, L for Light, D for Dark.
"""

from __future__ import annotations

import pytest
from biyi_positions import DARK, LIGHT, column, ids, play, position

from tabletop.bots import MctsBot
from tabletop.games.biyi import GAME
from tabletop.games.biyi.rules import prisoners

# --- movement ------------------------------------------------------------------------------


def test_only_squares_the_mover_controls_move_and_a_turn_is_one_movement() -> None:
    # R1: Light tops b2 and c3 is topped by Dark; Light moves exactly once, then Dark.
    state = position({"b2": "L", "c3": "LD", "e6": "D"})
    assert {action[:2] for action in ids(state)} == {"b2"}
    play(state, "b2b3")
    assert state.to_move == DARK and column(state, "b3") == "L"


def test_a_slide_moves_every_token_above_the_target_height() -> None:
    # R2: b2 = DLL onto b3 = D (height 1): the group LL moves and keeps its levels.
    state = position({"b2": "DLL", "b3": "D", "e6": "D"})
    play(state, "b2b3")
    assert column(state, "b3") == "DLL" and column(state, "b2") == "D"


def test_a_slide_onto_an_empty_square_moves_the_whole_stack() -> None:
    # R2: hy = 0, the whole stack goes.
    state = position({"b2": "LDL", "e6": "D"})
    play(state, "b2c2")
    assert column(state, "c2") == "LDL" and column(state, "b2") == ""


def test_the_bottom_of_the_group_decides_the_direction() -> None:
    # R3: b2 = LDL. Onto empty squares the group is all of it, bottom L: forward and
    # sideways, not backward. Onto b1 = L the group is DL, bottom D: backward is allowed.
    state = position({"b2": "LDL", "e6": "D"})
    assert {"b2b3", "b2a2", "b2c2"} <= ids(state, "b2")
    assert "b2b1" not in ids(state)
    state = position({"b2": "LDL", "b1": "L", "e6": "D"})
    assert "b2b1" in ids(state)
    play(state, "b2b1")
    assert column(state, "b1") == "LDL" and column(state, "b2") == "L"


def test_an_enemy_bottom_forbids_forward() -> None:
    # R3: b2 = DL onto b3 = empty: group DL with a Dark bottom may not go forward.
    state = position({"b2": "DL", "e6": "D"})
    assert "b2b3" not in ids(state)
    assert {"b2a2", "b2c2", "b2b1"} <= ids(state)


def test_the_top_token_may_descend_alone_onto_either_colour() -> None:
    # R4: b2 = LLL over b3 = D (hy = 1 <= 3 - 2): the top L alone lands on the D.
    state = position({"b2": "LLL", "b3": "D", "e6": "D"})
    assert "b2b3/1" in ids(state)
    play(state, "b2b3/1")
    assert column(state, "b3") == "DL" and column(state, "b2") == "LL"


def test_no_descent_backward_nor_onto_a_square_one_lower() -> None:
    # R4: forward or sideways only, and only when hy <= hx - 2.
    state = position({"b2": "LL", "b3": "D", "e6": "D"})
    assert "b2b1/1" not in ids(state)
    assert "b2b3/1" not in ids(state) and "b2b3" in ids(state)  # the slide of one token
    assert "b2a2/1" in ids(state)


def test_a_single_token_climbs_onto_its_own_colour_only() -> None:
    # R5: equal heights, own top: climb; an enemy top: nothing.
    state = position({"b2": "L", "b3": "L", "e6": "D"})
    play(state, "b2b3")
    assert column(state, "b3") == "LL"
    state = position({"b2": "L", "b3": "D", "e6": "D"})
    assert "b2b3" not in ids(state)


def test_no_climb_backward() -> None:
    # R5: b2 = L over b1 = L is backward.
    state = position({"b2": "L", "b1": "L", "e6": "D"})
    assert "b2b1" not in ids(state)
    assert "b1b2" in ids(state)  # forward the other way is a climb


def test_a_group_never_climbs_and_nothing_goes_up_to_a_taller_square() -> None:
    # R6: b2 = LL, b3 = LL: only the top token climbs, never the group. c2 = L, c3 = LL: taller.
    state = position({"b2": "LL", "b3": "LL", "c2": "L", "c3": "LL", "e6": "D"})
    legal = ids(state)
    assert not {"c2c3", "c2b2", "b2b3/1"} & legal
    play(state, "b2b3")
    assert column(state, "b3") == "LLL" and column(state, "b2") == "L"


def test_nothing_ends_on_ones_own_bird() -> None:
    # R7 (scenario 11): c1 is Light's bird; b1 and d1 may not move there, nor may a jump land there.
    state = position({"b1": "L", "d1": "L", "e6": "D"})
    assert not any(action.endswith("c1") for action in ids(state))
    state = position({"a1": "LLLL", "e6": "D"})  # a1b1 forces a jump from b1
    jumps = {action for action in ids(state) if action.startswith("a1b1-")}
    assert jumps == {"a1b1-b2", "a1b1-a1"}


def test_a_movement_onto_the_opponents_bird_wins() -> None:
    # R8, R30: Light c6 to c7, Dark's bird.
    state = position({"c6": "L", "a6": "D"})
    play(state, "c6c7")
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (1, 2) and "bird" in outcome.reason


# --- jumps -----------------------------------------------------------------------------------


def test_four_of_the_movers_tokens_force_a_jump_forward_or_sideways() -> None:
    # R10: b2 = LLLL slides onto empty b3: b3 holds four L, its top must jump to a3, c3 or b4.
    state = position({"b2": "LLLL", "e6": "D"})
    assert {action for action in ids(state) if action.startswith("b2b3")} == {
        "b2b3-a3",
        "b2b3-c3",
        "b2b3-b4",
        "b2b3/1",
    }
    play(state, "b2b3-c3")
    assert column(state, "b3") == "LLL" and column(state, "c3") == "L"


def test_the_jump_count_takes_every_level_and_only_the_movers_tokens() -> None:
    # R10 (decisions 4.2, 4.3): b3 = LDL has two L; the group LL from b2 = DDDLL makes four.
    state = position({"b2": "DDDLL", "b3": "LDL", "e6": "D"})
    assert all("-" in action for action in ids(state) if action.startswith("b2b3") and "/1" not in action)
    # b3 = LDD has one L: with LL it holds three L and two D, five tokens, and no jump.
    state = position({"b2": "DDDLL", "b3": "LDD", "e6": "D"})
    assert "b2b3" in ids(state)


def test_a_jump_lands_on_any_height_and_colour() -> None:
    # R10: the jumping token lands on top of c3 = DDDDD, taller than anything.
    state = position({"b2": "LLLL", "c3": "DDDDD", "e6": "D"})
    play(state, "b2b3-c3")
    assert column(state, "c3") == "DDDDDL"


def test_jumps_chain_and_never_land_twice_in_the_chain() -> None:
    # R11: the jump onto c3 = LLL makes four again, so it jumps on, but not back to b3.
    state = position({"b2": "LLLL", "c3": "LLL", "e6": "D"})
    chains = {action for action in ids(state) if action.startswith("b2b3-c3")}
    assert chains == {"b2b3-c3-c4", "b2b3-c3-d3"}
    play(state, "b2b3-c3-d3")
    assert (column(state, "b3"), column(state, "c3"), column(state, "d3")) == ("LLL", "LLL", "L")


def test_a_movement_whose_jump_cannot_be_made_is_illegal() -> None:
    # R12: e6 = LLLL slides onto e7 (corner): the only jump is to d7 = LLL, which makes four
    # again; from d7 only c7 (Dark's bird) is left, and reaching it with uniform e7 = LLL
    # beside d7 = LLL would be in dragon trouble (R30). So e6e7 has no legal turn.
    state = position({"e6": "LLLL", "d7": "LLL", "a5": "D", "a4": "L", "a3": "D"})
    assert not {action for action in ids(state) if action.startswith("e6e7") and "/1" not in action}
    # With d7 = LL the jump ends there and the slide is legal.
    state = position({"e6": "LLLL", "d7": "LL", "a5": "D", "a4": "L", "a3": "D"})
    assert "e6e7-d7" in ids(state)


# --- river -----------------------------------------------------------------------------------


def test_the_river_chain_may_not_be_cut() -> None:
    # R20 (scenario 8): b4 (river) = D is linked only by b3 = L; moving b3 away orphans it.
    state = position({"b3": "L", "b4": "D", "e2": "L", "e6": "D"})
    assert not ids(state, "b3")
    # A second link, b5 = D, frees b3.
    state = position({"b3": "L", "b4": "D", "b5": "D", "e2": "L", "e6": "D"})
    assert ids(state, "b3") == {"b3a3", "b3c3"}


def test_a_token_entering_the_river_must_stay_linked() -> None:
    # R20: the lone token b3 may not step alone into the river (its origin empties), but a
    # token from a stack that stays behind may.
    state = position({"b3": "L", "e6": "D"})
    assert "b3b4" not in ids(state)
    state = position({"b3": "LL", "e6": "D"})
    assert "b3b4/1" in ids(state)
    play(state, "b3b4/1")
    assert column(state, "b4") == "L"


def test_river_chains_through_the_river_and_ignore_colour() -> None:
    # R20 (decision 4.7): a4 = L is linked to the bank through b4 = D and b3 = D, so Light's
    # c3 may go anywhere; with b3 = L the link is Light's own b3, which may only leave for a3,
    # where it links a4 again.
    state = position({"a4": "L", "b4": "D", "b3": "D", "c3": "L", "e6": "D"})
    assert ids(state, "c3") == {"c3d3", "c3c4"}
    state = position({"a4": "L", "b4": "D", "b3": "L", "e6": "D"})
    assert ids(state, "b3") == {"b3a3"}


# --- dragons ---------------------------------------------------------------------------------


def test_uniform_stacks_side_by_side_are_dragon_trouble() -> None:
    # R25: a2 = LLL beside b2 = LLL; a mixed stack beside does not count.
    assert position({"a2": "LLL", "b2": "LLL", "e6": "D"}).in_trouble
    assert not position({"a2": "LLL", "b2": "LLD", "e6": "D"}).in_trouble
    assert not position({"a2": "LLL", "b3": "LLL", "e6": "D"}).in_trouble  # diagonal
    assert not position({"a2": "LL", "b2": "LLL", "e6": "D"}).in_trouble  # too low


def test_dragons_at_the_start_and_the_end_of_a_turn_lose() -> None:
    # R26: Light starts in trouble; e2e3 leaves it: Light loses. a2a3/1 separates: play on.
    state = play(position({"a2": "LLL", "b2": "LLL", "e2": "L", "e6": "D"}), "e2e3")
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (2, 1) and "dragons stayed side by side" in outcome.reason
    state = play(position({"a2": "LLL", "b2": "LLL", "e2": "L", "e6": "D"}), "a2a3/1")
    assert not state.is_over() and state.to_move == DARK


def test_making_dragons_is_allowed_for_one_turn() -> None:
    # R27: b1 = LL climbs onto b2 = LL beside a2 = LLL: trouble, but play goes on.
    state = play(position({"a2": "LLL", "b1": "LL", "b2": "LL", "e6": "D"}), "b1b2")
    assert not state.is_over()
    assert state.view(None)["dragon_trouble"] == [True, False]
    play(state, "e6e5")
    assert state.in_trouble and "separate them this turn or lose" in state.prompt()


# --- repetition ------------------------------------------------------------------------------


def test_the_direct_undo_of_ones_own_movement_is_forbidden() -> None:
    # R28 (scenario 13): Light b2c2, Dark moves, Light may not play c2b2.
    state = play(position({"b2": "L", "e2": "L", "b6": "D"}), "b2c2", "b6b5")
    assert "c2b2" not in ids(state)
    assert "c2b2" in ids(position({"c2": "L", "e2": "L", "b5": "D"}))  # without the history


def test_the_undo_of_a_climb_is_the_top_token_alone_going_back() -> None:
    # R28 with R4 and R5: a2 climbs onto b2 (now LL). Back to a2, the top token alone
    # (b2a2/1) would undo it; the whole column sliding there (b2a2) is another movement.
    state = play(position({"a2": "L", "b2": "L", "e2": "L", "e6": "D"}), "a2b2", "e6e5")
    assert column(state, "b2") == "LL"
    assert "b2a2/1" not in ids(state) and "b2c2/1" in ids(state)
    assert "b2a2" in ids(state)


def test_the_undo_rule_follows_the_tokens_not_the_colours() -> None:
    # R28: after a2b2-b3 the token that climbed has jumped on; b2's top is another token,
    # so b2a2 is no undo.
    state = play(position({"a2": "LLL", "b2": "LLL", "c6": "L", "b4": "D", "b5": "DD"}), "a2b2-b3", "b5a5")
    assert "b2a2" in ids(state)


def test_a_position_coming_back_is_a_draw() -> None:
    # R29: both players shuttle two tokens sideways and back; the start comes back.
    state = position({"a2": "L", "d2": "L", "a6": "D", "d6": "D"})
    play(state, "a2b2", "a6b6", "d2e2", "d6e6", "b2a2", "b6a6", "e2d2")
    assert not state.is_over()
    play(state, "e6d6")
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (1, 1) and "the same position came back" in outcome.reason


# --- the end ---------------------------------------------------------------------------------


def test_the_bird_is_refused_in_dragon_trouble() -> None:
    # R30 (scenario 10): with a2 = b2 = LLL, c6c7 would win in trouble: not allowed.
    state = position({"a2": "LLL", "b2": "LLL", "c6": "L", "e6": "D"})
    assert "c6c7" not in ids(state)
    assert "c6c7" in ids(position({"a2": "LLL", "c2": "LLL", "c6": "L", "e6": "D"}))


def test_a_jump_onto_the_bird_wins() -> None:
    # R30: d6 = LLLL slides to d7; the jump to c7 lands on Dark's bird.
    state = position({"d6": "LLLL", "a5": "D", "a4": "L", "a3": "D"})
    play(state, "d6d7-c7")
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (1, 2) and "bird" in outcome.reason


def test_a_tall_group_onto_the_bird_wins_without_jumping() -> None:
    # R30 and decision T2: c6 = LLLL slides onto c7, the bird: the win comes first.
    state = position({"c6": "LLLL", "a6": "D"})
    assert "c6c7" in ids(state)
    play(state, "c6c7")
    assert state.winner == LIGHT


def test_a_player_without_a_turn_loses() -> None:
    # R31 (scenario 12): Light's only token a7 is stuck: the top row, b7 = DD taller, and
    # backward needs an enemy bottom.
    state = position({"a7": "L", "b7": "DD"})
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (2, 1) and "no legal turn left" in outcome.reason
    assert state.current_players() == ()


def test_draws_score_nothing_and_share_first_place() -> None:
    # R32: a draw (here R33) gives both players the same rank and no score.
    state = play(position({"b2": "L", "d6": "D"}, turns_played=119), "b2b3")
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (0, 0) and outcome.ranks == (1, 1)


def test_the_turn_limit_draws() -> None:
    # R33: 120 turns on `quick` (150 on `tabletop`) and no winner: a draw; one turn before, no.
    state = play(position({"b2": "L", "d6": "D"}, turns_played=118), "b2b3")
    assert not state.is_over()
    play(state, "d6d5")
    outcome = state.outcome()
    assert outcome is not None and "turns without a winner" in outcome.reason
    assert GAME.max_length(2) == 150 and GAME.max_length(2, {"board": "quick"}) == 120


# --- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_the_start_mirrors_the_card_across_the_river(seed: int) -> None:
    # Section 2.3: one shared card, Dark on its mirror image, single tokens, a random first player.
    state = GAME.new_state(seed=seed)
    view = state.view(None)
    light = {stack["square"] for stack in view["stacks"] if stack["owners"] == ["light"]}
    dark = {stack["square"] for stack in view["stacks"] if stack["owners"] == ["dark"]}
    assert len(light) == len(dark) == 10 and len(view["stacks"]) == 20
    assert dark == {f"{name[0]}{10 - int(name[1:])}" for name in light}
    assert view["cards"][0] == view["cards"][1]


def test_the_first_player_and_the_cards_are_drawn() -> None:
    # Section 2.3 (decision 4.13, T1): both first players and several cards occur.
    states = [GAME.new_state(options={"cards": "separate"}, seed=seed) for seed in range(30)]
    assert {state.current_players()[0] for state in states} == {0, 1}
    assert len({tuple(state.view(None)["cards"]) for state in states}) > 3


# --- the scenarios of section 6 ----------------------------------------------------------------


def test_scenario_1_single_slide() -> None:
    # R2, R3, R7.
    assert ids(position({"c2": "L", "e6": "D"}), "c2") == {"c2c3", "c2b2", "c2d2"}


def test_scenario_2_climb_onto_own_only() -> None:
    # R5.
    state = play(position({"c2": "L", "c3": "L", "e6": "D"}), "c2c3")
    assert column(state, "c3") == "LL"
    assert not ids(position({"c2": "L", "c3": "D", "e6": "D"}), "c2") & {"c2c3"}


def test_scenario_3_no_climbing_two_levels() -> None:
    # R5, R6.
    assert "c2c3" not in ids(position({"c2": "L", "c3": "LL", "e6": "D"}))


def test_scenario_4_descend_onto_enemy() -> None:
    # R4, on the tabletop board (away from its river on row 5): c3 = LDL, c4 = D.
    state = play(position({"c3": "LDL", "c4": "D", "e8": "D"}, board="tabletop"), "c3c4/1")
    assert column(state, "c4") == "DL" and column(state, "c3") == "LD"
    assert state.to_move == DARK and "c3b3" in ids(state)  # Dark now controls c3


def test_scenario_5_direction_by_the_bottom() -> None:
    # R2, R3, R4 on the tabletop board: c3 = DLL, Light to move.
    state = position({"c3": "DLL", "g8": "D"}, board="tabletop")
    assert ids(state, "c3") == {"c3c2", "c3b3", "c3d3", "c3b3/1", "c3d3/1", "c3c4/1"}
    # c4 of height 1: only the part above it (LL, own bottom) moves, forward is fine.
    state = position({"c3": "DLL", "c4": "D", "g8": "D"}, board="tabletop")
    assert "c3c4" in ids(state)
    play(state, "c3c4")
    assert column(state, "c4") == "DLL" and column(state, "c3") == "D"


def test_scenario_6_partial_slide() -> None:
    # R2, R3: b2 = LLDL; onto b3 = DD the group DL has a Dark bottom: not forward.
    stacks = {"b2": "LLDL", "b3": "DD", "a2": "DD", "b1": "DD", "e6": "D"}
    state = position(stacks)
    assert "b2b3" not in ids(state)
    assert {"b2a2", "b2b1"} <= ids(state)
    play(state, "b2a2")
    assert column(state, "a2") == "DDDL" and column(state, "b2") == "LL"
    play(position(stacks), "b2b1")


def test_scenario_7_compulsory_jump() -> None:
    # R10, R12: see the two tests above; here the jump is forced on every b2b3.
    state = position({"b2": "LLLL", "e6": "D"})
    assert "b2b3" not in ids(state)


def test_scenario_9_dragon_loss_with_another_pair() -> None:
    # R26: any pair at the end counts. a2 = b2 = LLL at the start; the top of b2 descends
    # onto c2 = LL... and a2 stays beside... b2 = LL is no dragon, but c2 = LLL beside d2 = LLL is.
    state = position({"a2": "LLL", "b2": "LLLL", "c2": "LL", "d2": "LLL", "e6": "D"})
    assert state.in_trouble
    play(state, "b2c2/1")
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (2, 1)


# --- the default layout in play ----------------------------------------------------------------


@pytest.mark.slow
def test_the_default_layout_brings_the_rules_into_play() -> None:
    # Section 1: between search bots, group slides (R2), climbs (R5), descents (R4), river
    # crossings (R20) and prisoners occur, and games end on the bird (R30) well inside R33.
    seen: set[str] = set()
    for seed in range(3):
        state = GAME.new_state(seed=seed)
        bots = [MctsBot(iterations=100, seed=seed), MctsBot(iterations=100, seed=seed + 1)]
        while not state.is_over():
            seat = state.to_move
            choice = bots[seat].choose(state, seat)
            turn = next(turn for turn in state.turns() if turn.id == choice)
            seen.add(turn.kind)
            if turn.kind == "slide" and len(turn.moved) > 1:
                seen.add("group")
            if state.board.in_river[turn.target]:
                seen.add("river")
            state.apply(seat, turn.id)
            if any(prisoners(column) for column in state.stacks):
                seen.add("prisoner")
        assert state.turns_played < state.board.turn_limit and "bird" in state.reason
    assert seen >= {"slide", "climb", "descend", "group", "river", "prisoner"}
