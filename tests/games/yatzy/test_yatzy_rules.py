"""Every numbered rule of docs/rules/yatzy.md on concrete positions, and its scenarios.

Turn flow, joker placement, bonuses and the end of the game; then the box scores of concrete
rolls per variant (expected values are those written on the rules page, not produced by the
code); then random games whose totals are recomputed independently.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from yatzy_positions import UPPER, YAHTZEE_LOWER, points, position, score_ids

from tabletop.engine import People, Rng
from tabletop.games.yatzy import GAME, YatzyState


def test_setup_every_box_empty_and_totals_zero() -> None:
    # Y-S1
    state = GAME.new_state(players=3, options={"variant": "maxi"}, seed=4)
    for seat_view in state.view(None)["seats"]:
        assert set(seat_view["sheet"].values()) == {None}
        assert (seat_view["total"], seat_view["upper_bonus"], seat_view["saved_rolls"]) == (0, 0, 0)
    assert not state.is_over()


def test_turns_pass_in_seat_order_from_seat_0() -> None:
    # Y-S2
    state = GAME.new_state(players=3, seed=1)
    movers = []
    for _ in range(4):
        movers.append(state.current_players())
        state.apply(state.mover, "score:chance" if len(movers) <= 3 else "score:ones")
    assert movers == [(0,), (1,), (2,), (0,)]


@pytest.mark.parametrize(("variant", "boxes"), [("yahtzee", 13), ("yams", 14), ("yatzy", 15), ("maxi", 20)])
@pytest.mark.parametrize("players", [1, 8])
def test_the_game_lasts_one_round_per_box(variant: str, boxes: int, players: int) -> None:
    # Y-S3, Y-R4: every player writes every box once, then the game is over.
    state = GAME.new_state(players=players, options={"variant": variant}, seed=9)
    turns = 0
    while not state.is_over():
        state.apply(state.mover, "score:" + score_ids(state)[0])
        turns += 1
    assert turns == players * boxes
    assert all(None not in seat["sheet"].values() for seat in state.view(None)["seats"])


def test_the_first_roll_happens_by_itself_from_the_seeded_generator() -> None:
    # Y-R1
    state = GAME.new_state(seed=2024)
    generator = Rng(2024)
    assert state.dice == [generator.below(6) + 1 for _ in range(5)]
    assert state.rolls_left == 2
    state.apply(0, "score:chance")
    assert state.dice == [generator.below(6) + 1 for _ in range(5)]  # the next turn's roll


def test_kept_dice_stay_and_the_others_are_rerolled() -> None:
    # Y-R2
    state = position([6, 6, 1, 2, 3], rolls_left=2, seed=5)
    state.apply(0, "roll:0,1")
    generator = Rng(5)
    assert state.dice == [6, 6, *(generator.below(6) + 1 for _ in range(3))]
    assert state.rolls_left == 1
    after_first = list(state.dice)
    state.apply(0, "roll:1,3")  # kept dice are not locked: die 0 goes back into play
    rerolled = [generator.below(6) + 1 for _ in range(3)]
    assert state.dice == [rerolled[0], 6, rerolled[1], after_first[3], rerolled[2]]


def test_at_most_three_rolls_then_only_boxes() -> None:
    # Y-R2: two rerolls after the first roll; then rolling is over.
    state = GAME.new_state(seed=3)
    state.apply(0, "roll:")
    state.apply(0, "roll:2")
    assert state.rolls_left == 0
    assert all(action_id.startswith("score:") for action_id in state.legal_action_ids(0))
    assert len(state.legal_action_ids(0)) == 13


def test_every_set_of_kept_dice_but_all_of_them_is_a_roll() -> None:
    # Y-R2: keeping all dice is the same as stopping, so it is not a roll; equal dice at
    # different places are different rolls (the player picked those dice).
    state = position([2, 2, 2, 2, 2], rolls_left=2)
    rolls = [action_id for action_id in state.legal_action_ids(0) if action_id.startswith("roll:")]
    assert len(rolls) == len(set(rolls)) == 31 and "roll:" in rolls and "roll:0,1,2,3" in rolls
    assert "roll:0,1,2,3,4" not in rolls
    maxi = position([2, 2, 2, 2, 2, 2], variant="maxi", rolls_left=2)
    assert sum(action_id.startswith("roll:") for action_id in maxi.legal_action_ids(0)) == 63


def test_a_box_is_written_once_and_may_score_zero() -> None:
    # Y-R3
    state = position([1, 2, 3, 4, 6], rolls_left=1)
    state.apply(0, "score:yahtzee")
    assert state.sheets[0]["yahtzee"] == 0
    assert "yahtzee" not in score_ids(state)
    assert state.rolls_left == 2  # a new turn began


def test_the_boxes_offered_follow_each_reroll_and_each_written_box() -> None:
    # Y-R2, Y-R3: what may be scored is worked out again after every action of the turn.
    state = position([5, 5, 5, 1, 1], rolls_left=1, players=2)
    state.scoring_choices()["full_house"] = 0  # a caller's copy...
    assert state.scoring_choices()["full_house"] == 25  # ...changes nothing
    state.apply(0, "roll:0,1,2")
    assert state.dice[:3] == [5, 5, 5]
    assert state.scoring_choices()["fives"] == 5 * state.dice.count(5)
    assert state.scoring_choices()["chance"] == sum(state.dice)
    state.apply(0, "score:fives")
    assert state.scoring_choices()["chance"] == sum(state.dice)  # seat 1's fresh dice
    assert "fives" in score_ids(state)
    state.apply(1, "score:chance")
    assert "fives" not in score_ids(state)
    assert "chance" in score_ids(state)


def test_equal_totals_share_first_place() -> None:
    # Y-R4, Q9
    full = dict.fromkeys(UPPER + YAHTZEE_LOWER, 0)
    first = {**full, "chance": 20}
    second = {**full}
    del second["chance"]
    state = position([6, 6, 4, 2, 2], players=2, mover=1, sheets=[first, second])
    state.apply(1, "score:chance")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (20, 20) and outcome.ranks == (1, 1)
    prompt = People(("Ann", "Bob")).resolve(state.view(None)["prompt"])
    assert prompt == "Game over: Ann and Bob share the win with 20"


def test_maxi_unused_rolls_are_saved_for_later_turns() -> None:
    # Y-R5: scoring at once saves both rerolls; the next turn has 2 + 2 rerolls.
    state = GAME.new_state(options={"variant": "maxi"}, seed=8)
    state.apply(0, "score:chance")
    assert state.view(None)["rolls_left"] == 4
    for _ in range(4):
        state.apply(0, "roll:")
    assert "roll:" not in state.legal_action_ids(0)
    state.apply(0, "score:ones")
    assert state.view(None)["seats"][0]["saved_rolls"] == 0
    assert state.rolls_left == 2


def test_maxi_saved_rolls_belong_to_their_player() -> None:
    # Y-R5
    state = GAME.new_state(players=2, options={"variant": "maxi"}, seed=8)
    state.apply(0, "roll:")
    state.apply(0, "score:chance")  # seat 0 saves one roll
    assert state.view(None)["seats"][0]["saved_rolls"] == 1
    assert state.rolls_left == 2  # seat 1 has only its own two rerolls
    state.apply(1, "score:chance")
    assert state.rolls_left == 3


def test_scenario_11_upper_bonus_is_paid_once() -> None:
    # Y-R6: 62 in the upper boxes, 3 ones make 65 and +35; more upper points add no second bonus.
    sheet = {"twos": 6, "threes": 15, "fours": 16, "fives": 25}
    state = position([1, 1, 1, 6, 6], sheets=[sheet], rolls_left=0)
    state.apply(0, "score:ones")
    seat = state.view(None)["seats"][0]
    assert (seat["upper_total"], seat["upper_bonus"], seat["total"]) == (65, 35, 100)
    later = position([6, 6, 6, 1, 2], sheets=[{**sheet, "ones": 3}])
    later.apply(0, "score:sixes")
    seat = later.view(None)["seats"][0]
    assert (seat["upper_total"], seat["upper_bonus"], seat["total"]) == (83, 35, 118)


def test_scandinavian_and_maxi_upper_bonuses() -> None:
    # Y-R6's Scandinavian counterpart (+50 at 63) and Q6 (+100 at 84 in Maxi Yatzy).
    yatzy = position(
        [1, 1, 1, 2, 2], variant="yatzy", sheets=[{"twos": 6, "threes": 15, "fours": 16, "fives": 25}]
    )
    yatzy.apply(0, "score:ones")
    assert yatzy.view(None)["seats"][0]["upper_bonus"] == 50
    maxi_sheet = {"twos": 8, "threes": 12, "fours": 16, "fives": 20, "sixes": 24}
    maxi = position([1, 1, 1, 2, 2, 2], variant="maxi", sheets=[maxi_sheet])
    assert maxi.view(None)["seats"][0]["upper_bonus"] == 0  # 80
    maxi.apply(0, "score:ones")  # 83: still short
    assert maxi.view(None)["seats"][0]["upper_bonus"] == 0
    full = position([1, 1, 1, 1, 2, 2], variant="maxi", sheets=[maxi_sheet])
    full.apply(0, "score:ones")  # 84
    assert full.view(None)["seats"][0]["upper_bonus"] == 100


def test_scenario_6_forced_joker_goes_to_the_upper_box_of_its_face() -> None:
    # Y-R8 rule 1, Y-R7
    state = position([6] * 5, sheets=[{"yahtzee": 50}])
    assert score_ids(state) == ["sixes"]
    assert state.legal_actions(0)[-1].label == "Sixes: 30 (+100 bonus)"
    state.apply(0, "score:sixes")
    assert state.sheets[0]["sixes"] == 30
    assert state.view(None)["seats"][0]["total"] == 50 + 30 + 100


def test_scenario_7_forced_joker_in_a_lower_box_scores_the_fixed_value() -> None:
    # Y-R8 rule 2, Y-R7: 40 + 100 for Large straight; 25 + 100 would go to Full house.
    state = position([6] * 5, sheets=[{"yahtzee": 50, "sixes": 24}])
    choices = state.scoring_choices()
    assert set(choices) == {
        "three_of_a_kind",
        "four_of_a_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "chance",
    }
    assert (choices["full_house"], choices["small_straight"], choices["three_of_a_kind"]) == (25, 30, 30)
    before = state.view(None)["seats"][0]["total"]
    state.apply(0, "score:large_straight")
    assert state.view(None)["seats"][0]["total"] - before == 140


def test_scenario_8_joker_without_bonus_when_the_yahtzee_box_holds_zero() -> None:
    # Y-R8 (Q2: joker also with 0 in the box), Y-R7 (no bonus then)
    state = position([6] * 5, sheets=[{"yahtzee": 0, "sixes": 18}])
    assert state.scoring_choices()["large_straight"] == 40
    state.apply(0, "score:large_straight")
    seat = state.view(None)["seats"][0]
    assert (seat["total"], seat["yahtzee_bonuses"]) == (18 + 40, 0)


def test_scenario_9_forced_joker_with_every_lower_box_full_writes_zero_upstairs() -> None:
    # Y-R8 rule 3, Y-R7
    lower = dict.fromkeys(YAHTZEE_LOWER, 0) | {"yahtzee": 50}
    state = position([6] * 5, sheets=[{**lower, "sixes": 30, "ones": 1}])
    assert score_ids(state) == ["twos", "threes", "fours", "fives"]
    state.apply(0, "score:twos")
    seat = state.view(None)["seats"][0]
    assert (seat["sheet"]["twos"], seat["yahtzee_bonuses"], seat["total"]) == (0, 1, 50 + 31 + 100)


def test_scenario_10_free_joker_may_use_any_box_but_straights_score_zero() -> None:
    # Y-R8-alt, Y-R7
    state = position([6] * 5, joker="free", sheets=[{"yahtzee": 50}])
    choices = state.scoring_choices()
    assert len(choices) == 12 and choices["large_straight"] == 0 and choices["threes"] == 0
    state.apply(0, "score:large_straight")
    seat = state.view(None)["seats"][0]
    assert (seat["sheet"]["large_straight"], seat["total"]) == (0, 150)


def test_free_joker_scores_the_fixed_values_once_the_face_box_is_written() -> None:
    # Y-R8-alt
    state = position([3] * 5, joker="free", sheets=[{"yahtzee": 0, "threes": 9}])
    assert state.scoring_choices()["full_house"] == 25
    assert state.scoring_choices()["ones"] == 0  # upper boxes stay legal with a free joker


def test_yahtzee_bonuses_add_up() -> None:
    # Y-R7: no limit on the number of bonuses.
    state = position([2] * 5, sheets=[{"yahtzee": 50, "twos": 10}], yahtzee_bonuses=[1])
    state.apply(0, "score:chance")
    seat = state.view(None)["seats"][0]
    assert (seat["yahtzee_bonuses"], seat["yahtzee_bonus_points"], seat["total"]) == (2, 200, 270)


@pytest.mark.parametrize("variant", ["yatzy", "yams", "maxi"])
def test_joker_option_has_no_effect_outside_the_yahtzee_family(variant: str) -> None:
    # Y-R8 is Yahtzee-only: five equal dice with the 5-equal box written score normally.
    dice = [4] * (6 if variant == "maxi" else 5)
    written = {"maxi_yatzy" if variant == "maxi" else "yahtzee": 0}
    state = position(dice, variant=variant, joker="forced", sheets=[written])
    choices = state.scoring_choices()
    assert choices["full_house"] == 0 and "fours" in choices and len(choices) > 1
    state.apply(0, "score:full_house")
    assert "yahtzee_bonuses" not in state.view(None)["seats"][0]


def test_yahtzee14_joker_may_take_rigole_for_zero() -> None:
    # Y-R8 rule 2 with the Rigole box (decision Q3 in the module docstring).
    state = position([5] * 5, variant="yahtzee14", sheets=[{"yahtzee": 50, "fives": 20}])
    assert state.scoring_choices()["rigole"] == 0
    assert state.scoring_choices()["large_straight"] == 40


def test_scenario_12_the_game_ends_when_the_last_box_is_written() -> None:
    # Y-R4: even with rolls left, nothing more can be done.
    upper = {box: face for face, box in enumerate(UPPER, start=1)}
    sheet = upper | {box: 0 for box in YAHTZEE_LOWER if box != "chance"}
    state = position([1, 2, 3, 4, 6], sheets=[sheet], rolls_left=2)
    state.apply(0, "score:chance")
    assert state.is_over() and state.current_players() == ()
    assert state.legal_actions(0) == []
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (21 + 16,)
    assert state.view(None)["prompt"] == "Game over: final score 37"


def test_scenario_22_yams_upper_bonus() -> None:
    # Y-R9
    state = position(
        [3, 3, 3, 1, 2], variant="yams", sheets=[{"twos": 6, "fours": 16, "fives": 20, "sixes": 12}]
    )
    state.apply(0, "score:threes")  # 63
    assert state.view(None)["seats"][0]["upper_bonus"] == 33
    low = position(
        [3, 3, 3, 1, 2], variant="yams", sheets=[{"twos": 6, "fours": 16, "fives": 15, "sixes": 12}]
    )
    low.apply(0, "score:threes")  # 58
    assert low.view(None)["seats"][0]["upper_bonus"] == 0
    high = position(
        [3, 3, 3, 3, 2], variant="yams", sheets=[{"twos": 6, "fours": 16, "fives": 20, "sixes": 18}]
    )
    high.apply(0, "score:threes")  # 72
    assert high.view(None)["seats"][0]["upper_bonus"] == 42


def test_scenario_23_yams_counts_delta_not_plus_and_minus() -> None:
    # 5.3 and Q4
    state = position([6, 3, 1, 1, 2], variant="yams", sheets=[{"plus": 22}])
    assert state.view(None)["seats"][0]["delta"] is None
    assert state.view(None)["seats"][0]["total"] == 0
    state.apply(0, "score:minus")  # 13
    seat = state.view(None)["seats"][0]
    assert (seat["delta"], seat["total"]) == (9, 9)
    reversed_order = position([6, 5, 1, 1, 2], variant="yams", sheets=[{"plus": 13}])
    reversed_order.apply(0, "score:minus")
    assert reversed_order.view(None)["seats"][0]["delta"] == 0  # Minus above Plus: 0, never negative


# -- box scores of concrete rolls (section 5 and the scenarios) ------------------------------

NOTATION_BOX_IDS = {
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
    # Y-S3: as many rounds as boxes; box ids from the notation only; Q1: Castle and Tower only in Maxi.
    state = GAME.new_state(options={"variant": variant})
    sheet = state.view(None)["seats"][0]["sheet"]
    assert len(sheet) == boxes and set(sheet) <= NOTATION_BOX_IDS
    assert len(state.dice) == dice
    assert ("castle" in sheet) == ("tower" in sheet) == (variant == "maxi")


def test_a_position_rejects_impossible_dice() -> None:
    with pytest.raises(ValueError, match="6 dice"):
        position([1, 2, 3, 4, 5], variant="maxi")
    with pytest.raises(ValueError, match="no box"):
        position([1, 2, 3, 4, 5], variant="yatzy", sheets=[{"rigole": 3}])


# -- random games: totals recomputed from the sheets (Y-R6, Y-R7, Y-R9, Q4, Q6, 5.4) -----------
# The Yahtzee bonuses are counted while playing, from the dice and the sheet before each score.

UPPER_BONUS: dict[str, Callable[[int], int]] = {
    "yahtzee": lambda upper: 35 if upper >= 63 else 0,
    "yahtzee14": lambda upper: 35 if upper >= 63 else 0,
    "yams": lambda upper: upper - 30 if upper >= 60 else 0,
    "yatzy": lambda upper: 50 if upper >= 63 else 0,
    "maxi": lambda upper: 100 if upper >= 84 else 0,
}


def recomputed_total(variant: str, sheet: Mapping[str, int], yahtzee_bonuses: int) -> int:
    counted = sum(points for box, points in sheet.items() if box not in ("plus", "minus"))
    delta = max(0, sheet["plus"] - sheet["minus"]) if variant == "yams" else 0
    upper = sum(sheet[box] for box in UPPER)
    return counted + delta + UPPER_BONUS[variant](upper) + 100 * yahtzee_bonuses


def earns_bonus(state: YatzyState) -> bool:
    """Y-R7 as the rules state it: five equal dice while the Yahtzee box already holds 50."""
    is_yahtzee_family = state.variant.id in ("yahtzee", "yahtzee14")
    return is_yahtzee_family and len(set(state.dice)) == 1 and state.sheets[state.mover]["yahtzee"] == 50


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**63),
    players=st.integers(1, 3),
    variant=st.sampled_from(["yahtzee", "yahtzee14", "yams", "yatzy", "maxi"]),
    joker=st.sampled_from(["forced", "free"]),
)
def test_random_games_fill_every_box_and_add_up(seed: int, players: int, variant: str, joker: str) -> None:
    # Y-S3, Y-R4, Y-R6, Y-R7, Y-R9
    state = GAME.new_state(players, {"variant": variant, "joker": joker}, seed)
    chooser = Rng(seed ^ 0x5EED)
    bonuses = [0] * players
    moves = 0
    while not state.is_over():
        action_id = chooser.choice(state.legal_action_ids(state.mover))
        if action_id.startswith("score:") and earns_bonus(state):
            bonuses[state.mover] += 1
        state.apply(state.mover, action_id)
        moves += 1
    assert moves <= GAME.max_length(players, {"variant": variant})
    outcome = state.outcome()
    assert outcome is not None
    for seat, sheet in enumerate(state.sheets):
        assert None not in sheet.values()
        written = {box: points for box, points in sheet.items() if points is not None}
        assert outcome.scores[seat] == recomputed_total(variant, written, bonuses[seat])
