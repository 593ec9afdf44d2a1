"""The YINSH evaluator: rings removed, near-rows and mobility, in [-1, 1] and zero-sum."""

from __future__ import annotations

from yinsh_positions import play

from tabletop import bots
from tabletop.engine import Rng
from tabletop.games.yinsh import GAME
from tabletop.games.yinsh.state import YinshState

WHITE_RINGS, BLACK_RINGS = ["B2", "D4", "F6"], ["H8", "J10", "E8"]


def white_value(**arguments: object) -> float:
    state = YinshState.from_position(GAME, white_rings=WHITE_RINGS, black_rings=BLACK_RINGS, **arguments)  # type: ignore[arg-type]
    values = GAME.evaluate(state)
    assert values is not None
    return values[0]


def test_values_are_bounded_and_zero_sum_along_a_game() -> None:
    state, rng = GAME.new_state(seed=2), Rng(2)
    while True:
        values = GAME.evaluate(state)
        assert values is not None and len(values) == 2
        assert -1 <= values[0] <= 1 and values[0] == -values[1]
        if state.is_over():
            break
        (seat,) = state.current_players()
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))


def test_a_finished_game_is_worth_its_result() -> None:
    state = YinshState.from_position(
        GAME,
        white_rings=["F6", "A2"],
        black_rings=["K10"],
        white_markers=["F2", "F3", "F4", "F5"],
        variant="blitz",
    )
    play(state, "F6G7", "row:F2F6", "remove:A2")
    assert GAME.evaluate(state) == (1.0, -1.0)


def test_a_ring_removed_outweighs_a_near_row() -> None:
    level = white_value()
    ring_ahead = white_value(rings_removed=(1, 0))
    near_row = white_value(white_markers=["C7", "D7", "E7", "F7"])
    assert level < near_row < ring_ahead


def test_a_near_row_blocked_by_an_opposing_marker_counts_for_less() -> None:
    open_row = white_value(white_markers=["C7", "D7", "E7", "F7"], black_markers=["K9"])
    blocked = white_value(white_markers=["C7", "D7", "E7", "F7"], black_markers=["G7"])
    assert blocked < open_row


def test_a_pending_row_counts_as_a_ring_for_the_player_taking_it() -> None:
    state = YinshState.from_position(
        GAME, white_rings=["F6", "A2"], black_rings=["K10"], white_markers=["F2", "F3", "F4", "F5"]
    )
    before = GAME.evaluate(state)
    play(state, "F6G7")
    during = GAME.evaluate(state)
    assert before is not None and during is not None and during[0] > before[0] + 0.3


def test_mobility_counts() -> None:
    # The same rings, but White's on the edge: fewer moves, lower value.
    centre = GAME.evaluate(YinshState.from_position(GAME, white_rings=["F6"], black_rings=["A2"]))
    edge = GAME.evaluate(YinshState.from_position(GAME, white_rings=["A3"], black_rings=["F6"]))
    assert centre is not None and edge is not None and centre[0] > 0 > edge[0]


def test_mcts_with_the_evaluator_completes_a_row_when_it_can() -> None:
    # Any move of the ring on F6 leaves a marker there and completes F2–F6 (YI-R4, YI-R5).
    state = YinshState.from_position(
        GAME,
        white_rings=["F6", "A2", "K7"],
        black_rings=["K10", "J11", "B1"],
        white_markers=["F2", "F3", "F4", "F5"],
        black_markers=["E6", "G7"],
    )
    share_of_row_moves = sum(action.startswith("F6") for action in state.legal_action_ids(0)) / len(
        state.legal_action_ids(0)
    )
    assert share_of_row_moves < 0.4
    for seed in range(3):
        assert bots.make("mcts", level=2, seed=seed).choose(state, 0).startswith("F6")
