"""The Crazy Farmers heuristic: bounded, symmetric at the start, and it likes land."""

from __future__ import annotations

from crazyfarmers_positions import position

from tabletop.bots import MctsBot
from tabletop.games.crazyfarmers import GAME
from tabletop.games.crazyfarmers.evaluator import evaluate

FENCE_ROUND_ONE_PLOT = ["1,-2,L", "0,-1,R", "2,-2,L", "1,-2,R", "2,-3,L"]


def test_the_start_is_even() -> None:
    for players in (2, 3, 4):
        assert set(evaluate(GAME.new_state(players))) == {0.0}


def test_a_bigger_main_field_is_better_and_values_stay_bounded() -> None:
    state = position(fields=[["0,-2", "0,-1", "0,0"], ["0,2"]], tractors=["0,-2,L", "0,2,L"])
    blue, yellow = evaluate(state)
    assert 0 < blue <= 1 and -1 <= yellow < 0


def test_annexing_is_worth_more_than_the_open_fence() -> None:
    state = position(fences=[FENCE_ROUND_ONE_PLOT, []], tractors=["2,-3,L", "0,2,L"])
    before = evaluate(state)[0]
    state.apply(0, "0,-2,R")
    assert evaluate(state)[0] > before


def test_a_finished_game_is_worth_its_ranks() -> None:
    state = position(fields=[["0,-2", "2,0"], ["0,2"]], tractors=["0,-2,L", "0,2,L"])
    state.over = True
    assert tuple(evaluate(state)) == (1.0, -1.0)


def test_mcts_closes_the_pocket() -> None:
    state = position(fences=[FENCE_ROUND_ONE_PLOT, []], tractors=["2,-3,L", "0,2,L"])
    assert MctsBot(iterations=300, seed=1).choose(state, 0) == "0,-2,R"
