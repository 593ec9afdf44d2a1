"""The heuristic the search bots use: projected scores compared with the best rival."""

from __future__ import annotations

from iwari_positions import BLUE, RED, YELLOW, play, position

from tabletop.engine import Rng
from tabletop.games.iwari import GAME
from tabletop.games.iwari.evaluator import evaluate, projected_scores
from tabletop.games.iwari.state import IwariState


def test_values_are_in_range_for_every_seat_through_random_games() -> None:
    for players in (2, 5):
        state = GAME.new_state(players, None, 3)
        assert isinstance(state, IwariState)
        rng = Rng(3)
        while not state.is_over():
            values = GAME.evaluate(state)
            assert values is not None and len(values) == players
            assert all(-1.0 <= value <= 1.0 for value in values)
            mover = state.current_players()[0]
            state.apply(mover, rng.choice(state.legal_action_ids(mover)))


def test_tent_majorities_count_once_per_scoring_left() -> None:
    # R20, R22: before the half-journey, today's tent majorities are worth two scorings
    state = position(players=3, hands=["F", "F", "F"], tents={"F1a": RED, "F1b": RED, "F1c": BLUE})
    assert projected_scores(state) == [6, 4, 0]
    state.half_scores = [0, 0, 0]
    assert projected_scores(state) == [3, 2, 0]


def test_totems_and_settlements_are_projected_too() -> None:
    state = position(
        players=3,
        hands=["F", "F", "F"],
        tents={"F1c": RED, "F1d": RED, "F2a": RED, "F2b": RED},
        totems={"F1": [1, 0, 0], "F2": [1, 0, 0]},
    )
    # tents 2 + 2 twice, connection 1's 2 totems, a settlement of 4
    assert projected_scores(state)[RED] == 8 + 2 + 4


def test_the_leader_is_valued_above_the_others() -> None:
    state = position(
        players=3, hands=["F", "F", "F"], tents={"F1a": RED, "F1b": RED, "F2a": RED, "D1a": BLUE}
    )
    red, blue, yellow = evaluate(state)
    assert red > 0 > blue >= yellow


def test_a_finished_game_is_valued_by_its_ranks() -> None:
    state = position(
        players=3,
        hands=["F", "F", "D"],
        scores=[30, 10, 0],
        current=YELLOW,
        end_triggered=True,
        exhaustions=2,
    )
    play(state, "D1a=D")
    assert state.is_over() and evaluate(state) == [1.0, 0.0, -1.0]
