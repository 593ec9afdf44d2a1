"""The evaluator the search bots use: garden fill, order slack and usable face-up tiles."""

from __future__ import annotations

from luckynumbers_positions import position

from tabletop.bots import MctsBot
from tabletop.engine import Rng
from tabletop.games.luckynumbers import GAME

DIAGONAL_3_9_9_14 = "3 . . . / . 9 . . / . . 9 . / . . . 14"
DIAGONAL_2_6_11_17 = "2 . . . / . 6 . . / . . 11 . / . . . 17"
TEN_FILLED = "1 2 3 4 / 5 6 7 8 / 9 10 . . / . . . ."


def _values(*args: object, **kwargs: object) -> list[float]:
    values = GAME.evaluate(position(*args, **kwargs))  # type: ignore[arg-type]
    assert values is not None
    return list(values)


def test_values_stay_within_minus_one_and_one_through_random_games() -> None:
    for players in (2, 4):
        state = GAME.new_state(players, {}, players)
        rng = Rng(players)
        while not state.is_over():
            values = GAME.evaluate(state)
            assert values is not None and len(values) == players
            assert all(-1.0 <= value <= 1.0 for value in values)
            seat = state.current_players()[0]
            state.apply(seat, rng.choice(state.legal_action_ids(seat)))


def test_a_fuller_garden_is_worth_more() -> None:
    ahead, behind = _values([TEN_FILLED, DIAGONAL_2_6_11_17])
    assert ahead > 0.5 and behind < -0.5


def test_equal_gardens_are_worth_the_same_to_both() -> None:
    # The same numbers in both gardens, nothing on the table or in hand: nobody is ahead.
    assert _values([DIAGONAL_2_6_11_17, DIAGONAL_2_6_11_17]) == [0.0, 0.0]


def test_order_slack_prefers_room_to_the_squeezed_garden() -> None:
    # Four tiles each; seat 1's two 5s leave (0,1) and (1,0) where nothing fits (scenario 11).
    roomy, squeezed = _values(
        ["2 . . . / . 9 . . / . . 12 . / . . . 18", "5 . . . / . 5 . . / . . 12 . / . . . 18"]
    )
    assert roomy > squeezed


def test_a_usable_face_up_tile_helps_the_player_who_can_take_it() -> None:
    without = _values([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17])
    with_tile = _values([DIAGONAL_3_9_9_14, DIAGONAL_2_6_11_17], table=[5])
    assert with_tile[0] > without[0]


def test_a_finished_game_is_valued_by_its_ranks() -> None:
    state = position(["1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 .", DIAGONAL_2_6_11_17, TEN_FILLED], hand=16)
    state.apply(0, "place:33")
    assert GAME.evaluate(state) == [1.0, -1.0, 0.0]


def test_mcts_takes_the_tile_that_completes_its_garden() -> None:
    # R8 wins at once: with the evaluator the search finds the one winning take among many.
    state = position(["1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 .", DIAGONAL_2_6_11_17], table=[18, 3, 7])
    assert MctsBot(iterations=200, seed=3).choose(state, 0) == "take:18:33"
