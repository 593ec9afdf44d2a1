"""Exact analysts: where a solver values a table, the review's values and losses are exact.

Each position here is small enough to value by hand (worked out in each test's comment),
so the analyst is checked against arithmetic, not against the solver's own code.
"""

from __future__ import annotations

import pytest

from tabletop import games
from tabletop.analysis import ExactAnalyst, MctsAnalyst, Verdict, analyst_for, move_review
from tabletop.games.kalah import KalahState
from tabletop.games.yatzy import GAME as YATZY
from tabletop.games.yatzy import YatzyState

KALAH = games.load("kalah")
SWEEP_RULES = {"end_rule": "sweep", "early_finish": False, "empty_capture": False}

WRITTEN = (
    "ones", "twos", "threes", "fours", "fives", "sixes", "one_pair", "two_pairs",
    "three_of_a_kind", "four_of_a_kind", "small_straight", "large_straight", "full_house",
)  # fmt: skip
SCANDINAVIAN_SHEET = dict.fromkeys(WRITTEN, 0)
"""Every box of a Scandinavian Yatzy card written but Chance and Yatzy (the upper bonus is lost)."""

CHANCE_TURN = 70 / 3
"""Chance over a whole turn played for it: each die is rerolled below 4, then below 5 — 14/3 a die."""
YATZY_IN_A_TURN = 2_783_176 / 60_466_176
"""The chance of five equal dice within three rolls keeping the most common face (4.6 %)."""


def _kalah_endgame() -> KalahState:
    """South [2, 1] against North [1, 0], South to move, nothing in the stores.

    "2" drops its seed in the store (another turn), then "1" ends in the store (another
    turn), then "2" again: South's row is empty with 3 in its store, North sweeps its 1 (K-R8):
    +2. "1" first ends in the store too, but then "2" must sow a seed over to North: South's
    row is empty with 2 in store and North sweeps 2: a draw.
    """
    return KalahState.from_position(KALAH, south_pits=[2, 1], north_pits=[1, 0], options=SWEEP_RULES)


def test_a_small_kalah_board_is_valued_by_its_perfect_margin() -> None:
    state = _kalah_endgame()
    analyst = analyst_for("kalah", 2, KALAH.resolve_options(SWEEP_RULES | {"pits": 2}))
    assert isinstance(analyst, ExactAnalyst) and analyst.kind == "margin"
    valued = analyst.value(state, 0)
    assert valued.actions == {"1": 0.0, "2": 2.0}
    assert (valued.best, valued.values[0]) == ("2", 2.0)


def test_throwing_away_a_won_kalah_endgame_is_a_blunder() -> None:
    state = _kalah_endgame()
    analyst = analyst_for("kalah", 2, KALAH.resolve_options(SWEEP_RULES | {"pits": 2}))
    reviewed = move_review(
        state, 0, move=(0, "1"), before=analyst.value(state, 0), after=None, kind=analyst.kind
    )
    assert (reviewed.value_before, reviewed.value_after, reviewed.loss) == (2.0, 0.0, 2.0)
    assert reviewed.best == "2" and reviewed.verdict == Verdict.BLUNDER


def test_kalah_boards_beyond_the_solver_get_mcts() -> None:
    standard = KALAH.resolve_options({"pits": 6, "seeds": 4})
    assert isinstance(analyst_for("kalah", 2, standard, iterations=50), MctsAnalyst)


def _yatzy_last_two_turns(dice: list[int]) -> YatzyState:
    sheets = [SCANDINAVIAN_SHEET]
    return YatzyState.from_position(YATZY, dice=dice, variant="yatzy", rolls_left=0, sheets=sheets)


def test_writing_a_yatzy_in_chance_loses_its_exact_expected_score() -> None:
    # Y-R3: five sixes may go in Yatzy (50, then a turn for Chance) or in Chance (30, then a
    # turn for Yatzy: 50 with the chance of five equal dice in three rolls).
    state = _yatzy_last_two_turns([6, 6, 6, 6, 6])
    options = YATZY.resolve_options({"variant": "yatzy"})
    analyst = analyst_for("yatzy", 1, options)
    assert isinstance(analyst, ExactAnalyst) and analyst.kind == "score"
    valued = analyst.value(state, 0)
    assert valued.best == "score:yahtzee"
    assert valued.values[0] == pytest.approx(50 + CHANCE_TURN)
    assert valued.actions is not None
    assert valued.actions["score:chance"] == pytest.approx(30 + 50 * YATZY_IN_A_TURN)
    reviewed = move_review(state, 0, move=(0, "score:chance"), before=valued, after=None, kind="score")
    assert reviewed.loss == pytest.approx(20 + CHANCE_TURN - 50 * YATZY_IN_A_TURN)
    assert reviewed.verdict == Verdict.BLUNDER


def test_the_best_box_loses_nothing() -> None:
    state = _yatzy_last_two_turns([6, 6, 6, 6, 6])
    analyst = analyst_for("yatzy", 1, YATZY.resolve_options({"variant": "yatzy"}))
    reviewed = move_review(
        state, 0, move=(0, "score:yahtzee"), before=analyst.value(state, 0), after=None, kind="score"
    )
    assert reviewed.loss == 0 and reviewed.verdict == Verdict.BEST


@pytest.mark.parametrize("variant", ["yahtzee", "yahtzee14", "yams", "yatzy"])
def test_every_card_with_a_table_gets_the_exact_analyst(variant: str) -> None:
    options = YATZY.resolve_options({"variant": variant})
    assert isinstance(analyst_for("yatzy", 2, options), ExactAnalyst)


def test_maxi_yatzy_has_no_table_and_gets_mcts() -> None:
    options = YATZY.resolve_options({"variant": "maxi"})
    assert isinstance(analyst_for("yatzy", 1, options, iterations=20), MctsAnalyst)
