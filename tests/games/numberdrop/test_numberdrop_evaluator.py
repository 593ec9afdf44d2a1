"""The heuristic the search bots use: its range, its signs, and a finished game's result."""

from __future__ import annotations

import pytest
from numberdrop_positions import GAME, play, position

from tabletop.games.numberdrop.evaluator import sheet_value

NO_STAR = (1, 2, 3, 5, "O")
TALL = ["1313131", "5757575"] * 5 + ["1313131"]


def values(**parts: object) -> list[float]:
    found = GAME.evaluate(position(roll=NO_STAR, **parts))
    assert found is not None
    return list(found)


def test_equal_sheets_are_worth_nothing_to_either() -> None:
    assert values(players=2, grids={0: ["123...."], 1: ["123...."]}) == [0.0, 0.0]


def test_points_decide_the_sign() -> None:
    first, second = values(players=2, boxes={0: (0b111, 0, False)})
    assert first > 0 > second


def test_holes_and_height_cost() -> None:
    flat = position(players=2, grids={0: ["1234567"]}, roll=NO_STAR).sheets[0]
    holed = position(players=2, grids={0: ["1234567", "1.3.5.7"]}, roll=NO_STAR).sheets[0]
    tall = position(players=2, grids={0: TALL}, roll=NO_STAR).sheets[0]
    assert sheet_value(flat) > sheet_value(holed)
    assert sheet_value(flat) > sheet_value(tall) - 22  # the tall sheet's +2 rows bought with danger


def test_values_stay_between_minus_1_and_1() -> None:
    many = values(
        players=6, boxes={seat: (0b11111 if seat == 0 else 0, 0b11111, seat == 0) for seat in range(6)}
    )
    assert all(-1 <= value <= 1 for value in many) and many[0] == max(many)
    assert -1 <= values(players=1)[0] <= 1


def test_a_finished_game_is_worth_its_result() -> None:
    state = position(players=2, grids={0: TALL, 1: ["5......"]}, roll=NO_STAR)
    play(state, 0, ["O0@a:1235", "confirm"])
    play(state, 1, ["O0@a:1235", "confirm"])
    assert state.over
    assert GAME.evaluate(state) == pytest.approx([1.0, -1.0])
