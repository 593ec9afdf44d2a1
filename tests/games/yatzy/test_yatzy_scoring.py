"""Box scores of concrete rolls: the scenarios of section 8 of rules/yatzy.md, per variant.

Expected values are the ones written in the rules file (section 8), not produced by the code.
"""

from __future__ import annotations

import pytest
from yatzy_positions import points, position

from tabletop.games.yatzy import GAME

SECTION_11_BOX_IDS = {
    "ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind", "four_of_a_kind",
    "five_of_a_kind", "full_house", "small_straight", "large_straight", "full_straight", "yahtzee",
    "maxi_yatzy", "chance", "rigole", "plus", "minus", "one_pair", "two_pairs", "three_pairs",
    "castle", "tower",
}  # fmt: skip


def test_scenario_1_two_pairs_in_yahtzee() -> None:
    scores = points([1, 1, 2, 5, 5])
    expected = {"ones": 2, "twos": 2, "fives": 10, "threes": 0, "three_of_a_kind": 0, "full_house": 0}
    assert {box: scores[box] for box in expected} == expected
    assert scores["chance"] == 14


def test_scenario_2_full_house() -> None:
    scores = points([5, 5, 5, 1, 1])
    assert scores["full_house"] == 25
    assert scores["three_of_a_kind"] == 17
    assert scores["four_of_a_kind"] == 0
    assert scores["fives"] == 15
    assert scores["chance"] == 17


def test_scenario_3_small_straight_with_a_repeated_die() -> None:
    scores = points([1, 2, 3, 4, 2])
    assert (scores["small_straight"], scores["large_straight"]) == (30, 0)


@pytest.mark.parametrize(
    ("dice", "small", "large"),
    [([2, 3, 4, 5, 6], 30, 40), ([1, 3, 4, 5, 6], 30, 0), ([6, 5, 4, 3, 2], 30, 40), ([1, 2, 3, 5, 6], 0, 0)],
)
def test_scenario_4_straights(dice: list[int], small: int, large: int) -> None:
    scores = points(dice)
    assert (scores["small_straight"], scores["large_straight"]) == (small, large)


def test_scenario_5_a_first_yahtzee_scores_normally_everywhere() -> None:
    # Y-R8 does not apply while the Yahtzee box is empty: Full house and straights score 0 (Q8).
    scores = points([6, 6, 6, 6, 6])
    assert scores["yahtzee"] == 50
    assert scores["three_of_a_kind"] == scores["four_of_a_kind"] == scores["sixes"] == 30
    assert scores["full_house"] == scores["small_straight"] == scores["large_straight"] == 0


def test_scenario_13_scandinavian_pairs() -> None:
    scores = points([3, 3, 5, 5, 6], variant="yatzy")
    assert (scores["one_pair"], scores["two_pairs"], scores["full_house"], scores["chance"]) == (
        10,
        16,
        0,
        22,
    )


def test_scenario_14_four_of_a_kind_is_not_two_pairs() -> None:
    scores = points([2, 2, 2, 2, 5], variant="yatzy")
    assert scores["four_of_a_kind"] == 8
    assert scores["three_of_a_kind"] == 6
    assert scores["one_pair"] == 4
    assert scores["two_pairs"] == 0


def test_scenario_15_scandinavian_straights_are_exact() -> None:
    low = points([1, 2, 3, 4, 5], variant="yatzy")
    high = points([2, 3, 4, 5, 6], variant="yatzy")
    assert (low["small_straight"], low["large_straight"]) == (15, 0)
    assert (high["large_straight"], high["small_straight"]) == (20, 0)
    assert points([1, 2, 3, 4, 6], variant="yatzy")["small_straight"] == 0


def test_scenario_16_scandinavian_yatzy() -> None:
    scores = points([6, 6, 6, 6, 6], variant="yatzy")
    assert scores["yahtzee"] == 50
    assert scores["full_house"] == 0  # Q8
    assert (scores["four_of_a_kind"], scores["three_of_a_kind"], scores["one_pair"]) == (24, 18, 12)


def test_scenario_17_scandinavian_full_house() -> None:
    scores = points([2, 2, 4, 4, 4], variant="yatzy")
    assert scores["full_house"] == 16
    assert (scores["two_pairs"], scores["three_of_a_kind"], scores["one_pair"]) == (12, 12, 8)


def test_scenario_18_maxi_castle() -> None:
    scores = points([2, 2, 2, 5, 5, 5], variant="maxi")
    assert scores["castle"] == 21
    assert scores["full_house"] == 19  # the best five: 5+5+5+2+2
    assert (scores["three_of_a_kind"], scores["two_pairs"]) == (15, 14)
    assert scores["tower"] == scores["three_pairs"] == 0


def test_scenario_19_maxi_tower() -> None:
    scores = points([3, 3, 6, 6, 6, 6], variant="maxi")
    assert (scores["tower"], scores["four_of_a_kind"], scores["full_house"]) == (30, 24, 24)
    assert scores["castle"] == 0


def test_scenario_20_maxi_full_straight() -> None:
    scores = points([1, 2, 3, 4, 5, 6], variant="maxi")
    assert (scores["full_straight"], scores["small_straight"], scores["large_straight"]) == (21, 15, 20)


def test_maxi_pairs_kinds_and_maxi_yatzy() -> None:
    assert points([1, 1, 4, 4, 6, 6], variant="maxi")["three_pairs"] == 22
    assert points([1, 1, 4, 4, 6, 6], variant="maxi")["two_pairs"] == 20  # the best two: 6-6 and 4-4
    assert points([5, 5, 5, 5, 5, 2], variant="maxi")["five_of_a_kind"] == 25
    six_fours = points([4] * 6, variant="maxi")
    assert (six_fours["maxi_yatzy"], six_fours["castle"], six_fours["tower"]) == (100, 0, 0)


def test_scenario_21_yams_rigole_and_four_of_a_kind() -> None:
    scores = points([4, 4, 4, 4, 3], variant="yams")
    assert scores["rigole"] == 59  # Q3: 40 + sum
    assert scores["four_of_a_kind"] == 59  # Q7: 40 + 19
    assert points([4, 4, 4, 4, 2], variant="yams")["rigole"] == 0  # 2 is not opposite 4


def test_yams_lower_boxes() -> None:
    assert points([3, 3, 3, 5, 5], variant="yams")["full_house"] == 30 + 19
    assert points([1, 2, 3, 4, 6], variant="yams")["small_straight"] == 45  # Q5: four in a row
    assert points([2, 3, 4, 5, 6], variant="yams")["large_straight"] == 50
    assert points([2] * 5, variant="yams")["yahtzee"] == 60
    assert points([2] * 5, variant="yams")["full_house"] == 0  # Q8
    assert points([6, 6, 5, 1, 2], variant="yams")["plus"] == 20


def test_yahtzee14_rigole_box() -> None:
    assert points([1, 1, 1, 1, 6], variant="yahtzee14")["rigole"] == 50  # Q3: 40 + 10
    assert points([6, 6, 6, 6, 1], variant="yahtzee14")["rigole"] == 65


@pytest.mark.parametrize(
    ("variant", "boxes", "dice"),
    [("yahtzee", 13, 5), ("yahtzee14", 14, 5), ("yams", 14, 5), ("yatzy", 15, 5), ("maxi", 20, 6)],
)
def test_each_variant_has_its_card(variant: str, boxes: int, dice: int) -> None:
    # Y-S3: as many rounds as boxes; box ids from section 11 only; Q1: Castle and Tower only in Maxi.
    state = GAME.new_state(options={"variant": variant})
    sheet = state.view(None)["seats"][0]["sheet"]
    assert len(sheet) == boxes and set(sheet) <= SECTION_11_BOX_IDS
    assert len(state.dice) == dice
    assert ("castle" in sheet) == ("tower" in sheet) == (variant == "maxi")


def test_a_position_rejects_impossible_dice() -> None:
    with pytest.raises(ValueError, match="6 dice"):
        position([1, 2, 3, 4, 5], variant="maxi")
    with pytest.raises(ValueError, match="no box"):
        position([1, 2, 3, 4, 5], variant="yatzy", sheets=[{"rigole": 3}])
