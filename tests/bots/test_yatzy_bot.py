"""The Yatzy bot: obvious choices on concrete positions, legal play, and its heuristic (Maxi Yatzy).

Rules cited are those of rules/yatzy.md.
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import bots
from tabletop.bots.solvers.yatzy import YatzyBot, choose_from_view, devoted_distribution
from tabletop.games.yatzy import GAME, YatzyState
from tabletop.games.yatzy.rules import VARIANTS

SOLO_FLOOR = 200


def _position(dice: list[int], **details: Any) -> YatzyState:
    return YatzyState.from_position(GAME, dice=dice, **details)


def _keep_and_roll(bot: YatzyBot, state: YatzyState) -> list[int]:
    """The faces the bot keeps when it rolls (refuses a score)."""
    action_id = bot.choose(state, state.mover)
    assert action_id.startswith("roll:"), action_id
    kept = action_id.removeprefix("roll:")
    return sorted(state.dice[int(index)] for index in kept.split(",")) if kept else []


def _play(bot: YatzyBot, players: int, options: dict[str, str], seed: int) -> YatzyState:
    state = GAME.new_state(players, options, seed)
    while not state.is_over():
        seat = state.mover
        action_id = bot.choose(state, seat)
        assert action_id in state.legal_action_ids(seat)
        state.apply(seat, action_id)
    return state


@pytest.mark.parametrize("rolls_left", [0, 2])
def test_five_equal_dice_on_a_fresh_card_go_to_yahtzee(rolls_left: int) -> None:
    state = _position([4] * 5, rolls_left=rolls_left)
    assert YatzyBot().choose(state, 0) == "score:yahtzee"


def test_four_of_a_straight_are_kept_while_large_straight_is_open() -> None:
    state = _position([2, 3, 5, 5, 4], rolls_left=2)
    assert _keep_and_roll(YatzyBot(), state) == [2, 3, 4, 5]


def test_an_open_ended_straight_is_kept_for_the_last_box() -> None:
    # Early in the game the exact bot keeps 3-3 here (the upper bonus is worth more); with
    # only Large straight left, 3-4-5-6 is the one keep with a chance of 40.
    written = {box_id: 0 for box_id in VARIANTS["yahtzee"].box_ids if box_id != "large_straight"}
    state = _position([6, 3, 4, 5, 3], rolls_left=1, sheets=[written])
    assert _keep_and_roll(YatzyBot(), state) == [3, 4, 5, 6]


def test_a_forced_joker_takes_its_only_box() -> None:
    # Y-R8 rule 1: the bot plays only what the rules allow.
    state = _position([3] * 5, sheets=[{"yahtzee": 50}], rolls_left=2)
    assert YatzyBot().choose(state, 0) == "score:threes"


@pytest.mark.parametrize(("dice", "box"), [([1, 1, 2, 2, 3], "minus"), ([6, 6, 5, 4, 6], "plus")])
def test_yams_low_rolls_go_to_minus_and_high_ones_to_plus(dice: list[int], box: str) -> None:
    # 5.3: only Delta = Plus - Minus counts, so Minus wants a low sum.
    written = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18, "yahtzee": 0}
    state = _position(dice, variant="yams", sheets=[written])
    assert choose_from_view(state.view(0), 0) == f"score:{box}"  # the heuristic (the table takes minutes)


def test_devoted_turn_chances_match_known_results() -> None:
    # The best chance of a Yahtzee within three rolls is 2,783,176 / 6^10 (a classic result).
    assert dict(devoted_distribution("yahtzee", "yahtzee"))[50] == pytest.approx(2_783_176 / 6**10)
    # Keeping every six for three rolls: each die ends a six with chance 1 - (5/6)^3.
    sixes = dict(devoted_distribution("yahtzee", "sixes"))
    success = 1 - (5 / 6) ** 3
    assert sixes[30] == pytest.approx(success**5)
    assert sixes[0] == pytest.approx((1 - success) ** 5)


@pytest.mark.parametrize("variant", ["yahtzee", "yatzy", "maxi"])
def test_the_bot_plays_legal_actions_to_the_end(variant: str) -> None:
    # Not yahtzee14 and yams: their tables take minutes to compute (docs/rules/yatzy.md).
    state = _play(YatzyBot(), 2, {"variant": variant, "joker": "free"}, seed=31)
    assert all(None not in sheet.values() for sheet in state.sheets)


def test_the_bot_is_available_by_name() -> None:
    assert "yatzy" in bots.names()
    assert bots.make("yatzy", seed=3).name == "yatzy"


def test_the_heuristic_s_solo_yahtzee_mean_stays_above_a_floor_of_200() -> None:
    # The heuristic plays Maxi Yatzy; on Yahtzee it measured about 248 over 1,000 games (the
    # optimum is 254.59), so a floor far below that catches a broken heuristic.
    scores = []
    for seed in range(30):
        state = GAME.new_state(1, {"variant": "yahtzee", "joker": "forced"}, seed)
        while not state.is_over():
            state.apply(0, choose_from_view(state.view(0), 0))
        outcome = state.outcome()
        assert outcome is not None
        scores.append(outcome.scores[0])
    assert sum(scores) / len(scores) > SOLO_FLOOR
