"""The search heuristic (`GAME.evaluate`, evaluator.py): store lead plus a little for row seeds.

K-R11 decides a game by the stores; seeds still in a row may yet be captured (K-R4) or swept
to either side (K-R8), so they count a quarter.
"""

from __future__ import annotations

import pytest

from tabletop import games
from tabletop.engine import Rng
from tabletop.games.kalah import KalahState

GAME = games.load("kalah")


def test_evaluate_scores_store_difference_plus_a_little_for_row_seeds() -> None:
    # 48 seeds; South leads by 6 in the stores and by 2 in the rows: (6 + 0.25 × 2) / 24 for South.
    state = KalahState.from_position(
        GAME, south_pits=[3, 3, 3, 3, 2, 2], north_pits=[3, 3, 3, 3, 1, 1], south_store=12, north_store=6
    )
    south, north = GAME.evaluate(state) or (0.0, 0.0)
    assert south == pytest.approx(6.5 / 24)
    assert north == pytest.approx(-6.5 / 24)


def test_evaluate_is_clamped_and_final_for_a_finished_game() -> None:
    leading = KalahState.from_position(
        GAME,
        south_pits=[1, 0, 0, 0, 0, 0],
        north_pits=[0, 0, 0, 0, 0, 1],
        south_store=22,
        options={"early_finish": False},
    )
    assert GAME.evaluate(leading) == [1.0, -1.0]
    # K-R11: 6–6 after South's last seed and North's sweep is a draw; 1–6 a loss for South.
    drawn = KalahState.from_position(
        GAME,
        south_pits=[0, 0, 0, 0, 0, 1],
        north_pits=[0, 0, 0, 0, 0, 6],
        south_store=5,
        options={"early_finish": False},
    )
    drawn.apply(0, "6")
    assert GAME.evaluate(drawn) == [0.0, 0.0]
    lost = KalahState.from_position(
        GAME, south_pits=[0, 0, 0, 0, 0, 1], north_pits=[0, 0, 0, 0, 0, 6], options={"early_finish": False}
    )
    lost.apply(0, "6")
    assert GAME.evaluate(lost) == [-1.0, 1.0]


def test_values_follow_the_people_after_a_pie_rule_swap() -> None:
    # K-R10 and Q5: after the swap seat 1 plays South, so South's lead is seat 1's value.
    state = GAME.new_state(2, {"pie_rule": True})
    for seat, action_id in [(0, "3"), (0, "6")]:
        state.apply(seat, action_id)
    before = GAME.evaluate(state)
    # South: 2 in store against none, but 18 seeds in its row against 28: (2 − 0.25 × 10) / 24.
    assert before is not None and before[0] == pytest.approx(-0.5 / 24)
    state.apply(1, "swap")
    assert GAME.evaluate(state) == [before[1], before[0]]


@pytest.mark.parametrize("seed", range(4))
def test_values_stay_in_range_and_opposite_through_random_games(seed: int) -> None:
    state = GAME.new_state(2, {"seeds": 6}, seed)
    chooser = Rng(seed)
    while not state.is_over():
        values = GAME.evaluate(state)
        assert values is not None and values[0] == -values[1] and -1 <= values[0] <= 1
        seat = state.current_players()[0]
        state.apply(seat, chooser.choice(state.legal_action_ids(seat)))
