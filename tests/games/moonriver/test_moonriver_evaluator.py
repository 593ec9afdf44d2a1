"""The heuristic the search bots use: values in [-1, 1], a herd and the lead count, and the
final ranks decide once the game is over (R43, R44 of docs/rules/moonriver.md)."""

from __future__ import annotations

from moonriver_positions import position

from tabletop.engine import Rng
from tabletop.games.moonriver import GAME
from tabletop.games.moonriver.evaluator import evaluate, projected_scores


def test_values_are_in_range_through_a_random_game() -> None:
    state = GAME.new_state(3, None, 9)
    rng = Rng(9)
    while not state.is_over():
        values = evaluate(state)
        assert len(values) == 3 and all(-1.0 <= v <= 1.0 for v in values)
        seat = state.current_players()[0]
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))


def test_a_ranch_with_a_herd_looks_better() -> None:
    # R43: a 3-plot meadow with 2 cows already scores 6.
    state = position(
        took=7, reserve=[5, 7], ranches=[{"a1": 70, "b1": 74, "c1": 5}, {"a1": 7}], cows=[{"a1": 1, "b1": 1}]
    )
    values = evaluate(state)
    assert values[0] > 0 > values[1]
    assert projected_scores(state)[0] > state.score(0) >= 6


def test_the_outcome_decides_once_over() -> None:
    # R44
    state = position(took=12, reserve=[12], final=True, ranches=[{"a1": 43}, {}], active=[(12, 0)])
    assert state.is_over() and evaluate(state) == [1.0, -1.0]
    assert GAME.evaluate(state) == [1.0, -1.0]
