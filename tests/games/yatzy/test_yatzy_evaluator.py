"""The evaluator the search bots use: expected totals from the sheet, the pars of the open boxes,
the upper bonus and the dice in hand."""

from __future__ import annotations

import pytest
from yatzy_positions import UPPER, YAHTZEE_LOWER, position

from tabletop.bots import MctsBot
from tabletop.engine import Rng
from tabletop.games.yatzy import GAME
from tabletop.games.yatzy.evaluator import box_pars, open_value
from tabletop.games.yatzy.rules import VARIANTS, empty_sheet

NO_GAIN_DICE = [1, 2, 2, 3, 6]
"""Dice that score below par in every box of a fresh Yahtzee card: the hand adds nothing."""


def _values(*args: object, **kwargs: object) -> list[float]:
    values = GAME.evaluate(position(*args, **kwargs))  # type: ignore[arg-type]
    assert values is not None
    return list(values)


@pytest.mark.parametrize("variant", ["yahtzee", "yams", "yatzy", "maxi"])
def test_values_stay_within_minus_one_and_one_through_random_games(variant: str) -> None:
    for players in (1, 3):
        state = GAME.new_state(players, {"variant": variant}, players)
        rng = Rng(players)
        while not state.is_over():
            values = GAME.evaluate(state)
            assert values is not None and len(values) == players
            assert all(-1.0 <= value <= 1.0 for value in values)
            state.apply(state.mover, rng.choice(state.legal_action_ids(state.mover)))


def test_equal_sheets_are_worth_the_same_to_both() -> None:
    assert _values(NO_GAIN_DICE, players=2, sheets=[{"chance": 20}, {"chance": 20}]) == [0.0, 0.0]


def test_more_points_written_are_worth_more() -> None:
    ahead, behind = _values(NO_GAIN_DICE, players=2, sheets=[{"chance": 28}, {"chance": 12}])
    assert ahead > 0 > behind and ahead == -behind


def test_the_upper_bonus_within_reach_is_worth_something() -> None:
    # Y-R6: the same open boxes (Sixes and the lower section); with 60 in Ones to Fives the +35
    # needs only half a Sixes box and is mostly counted, with 15 it is out of reach.
    yahtzee = VARIANTS["yahtzee"]
    open_pars = sum(par for box, par in box_pars(yahtzee).items() if box not in UPPER[:5])
    near, far = empty_sheet(yahtzee), empty_sheet(yahtzee)
    for face, box in enumerate(UPPER[:5], start=1):
        near[box], far[box] = 4 * face, face
    assert open_value(yahtzee, near) - open_pars > 0.8 * 35
    assert open_value(yahtzee, far) - open_pars < 0.2


def test_an_earned_upper_bonus_is_counted_once() -> None:
    # Y-R6: 63 in the upper boxes pays 35, and the open-box value adds no second bonus.
    sheet = dict.fromkeys(VARIANTS["yahtzee"].box_ids)
    sheet.update(ones=3, twos=6, threes=9, fours=12, fives=15, sixes=18)
    assert open_value(VARIANTS["yahtzee"], sheet) == pytest.approx(
        sum(par for box, par in box_pars(VARIANTS["yahtzee"]).items() if box not in UPPER)
    )


def test_the_mover_values_a_yahtzee_in_hand() -> None:
    # Five sixes are worth 50 in the Yahtzee box, far above its par.
    mover, other = _values([6] * 5, players=2)
    assert mover > 0 > other


def test_pars_match_known_turn_values() -> None:
    # A turn played for five equal dice makes them with chance 2,783,176 / 60,466,176 (about 4.6%),
    # and a turn played for Chance alone averages about 23.33.
    pars = box_pars(VARIANTS["yahtzee"])
    assert pars["yahtzee"] == pytest.approx(50 * 2_783_176 / 60_466_176)
    assert pars["chance"] == pytest.approx(23.33, abs=0.01)
    assert open_value(VARIANTS["yahtzee"], empty_sheet(VARIANTS["yahtzee"])) > sum(pars.values())


def test_a_finished_game_is_valued_by_its_ranks() -> None:
    sheet = dict.fromkeys(UPPER + YAHTZEE_LOWER, 0)
    del sheet["chance"]
    state = position(
        [6, 6, 6, 6, 5], players=3, mover=2, sheets=[{**sheet, "chance": 10}, {**sheet, "chance": 30}, sheet]
    )
    state.apply(2, "score:chance")  # 29: between the other two
    assert GAME.evaluate(state) == [-1.0, 1.0, 0.0]


def test_mcts_writes_a_yahtzee_in_the_yahtzee_box() -> None:
    # With the evaluator the search prefers the 50 points to any other box for five sixes.
    state = position([6] * 5, players=2, rolls_left=0)
    assert MctsBot(iterations=300, seed=3).choose(state, 0) == "score:yahtzee"
