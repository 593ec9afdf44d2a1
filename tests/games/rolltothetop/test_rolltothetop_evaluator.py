"""The search bots' heuristic: progress up the postcard, less the floors that stall a climb."""

from __future__ import annotations

from rolltothetop_positions import T12, t12

from tabletop.games.rolltothetop import GAME
from tabletop.games.rolltothetop.evaluator import progress


def test_more_filled_boxes_are_more_progress() -> None:
    empty = [0] * 12
    some = [3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    more = [3, 4, 5, 6, 4, 0, 0, 0, 0, 0, 0, 0]
    assert progress(T12, empty) < progress(T12, some) < progress(T12, more) < progress(T12, [9] * 12) == 1.0


def test_high_numbers_low_down_cost_progress() -> None:
    # Same boxes filled; a 20 under empty boxes is a floor the dice rarely reach (R6).
    low = [2, 3, 2, 3] + [0] * 8
    high = [20, 19, 2, 3] + [0] * 8
    assert progress(T12, low) > progress(T12, high)


def test_the_leader_is_valued_above_the_others() -> None:
    state = t12({"a0": 2, "a1": 3, "a2": 4, "b0": 3}, {"a0": 2}, faces={"d6": 3})
    lead, behind = GAME.evaluate(state)  # type: ignore[misc]
    assert -1 <= behind < 0 < lead <= 1


def test_a_finished_game_is_valued_by_its_ranks() -> None:
    almost = {box.id: 5 for box in T12.boxes if box.id != "d0"}
    state = t12(almost, {"a0": 1}, faces={"d6": 6})
    state.apply(0, "d0=d6")
    state.apply(0, "confirm")
    state.apply(1, "confirm")
    assert list(GAME.evaluate(state) or []) == [1.0, -1.0]


def test_alone_the_value_is_the_progress_rescaled() -> None:
    state = t12({"a0": 2, "a1": 3}, faces={"d6": 3})
    assert GAME.evaluate(state) == [2 * progress(T12, state.sheets[0]) - 1]
