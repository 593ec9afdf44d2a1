"""The heuristic the search bots use: signs and symmetry on positions that differ in one feature."""

from __future__ import annotations

import pytest
from dvonn_reference import position

from tabletop.engine import Rng
from tabletop.games.dvonn import GAME
from tabletop.games.dvonn.evaluator import white_advantage
from tabletop.games.dvonn.state import DvonnState

SWAP = str.maketrans("WB", "BW")


def advantage(text: str, to_move: int = 0) -> float:
    state = position(text, to_move)
    return white_advantage(state.board, to_move)


def test_a_finished_game_is_worth_its_result() -> None:
    state = position("A1:R, B1:1W, C1:1B, D1:2W, B2:1B")
    state.apply(0, "B1B2")
    assert GAME.evaluate(state) == (1.0, -1.0)


def test_material_decides_the_sign() -> None:
    # DV-R7: White controls 3 pieces, Black 1.
    values = GAME.evaluate(position("C3:R, D3:1B, E5:3W, D4:1W"))
    assert values is not None and values[0] > 0 and values[1] == -values[0]


def test_swapping_the_colours_negates_the_value() -> None:
    text = "C3:R, D3:1B, E3:2W, F3:3B*, G3:1W, H3:R, H4:1B, A1:2W"
    swapped = text.translate(SWAP)
    assert advantage(text, 0) == pytest.approx(-advantage(swapped, 1))


def test_stacks_touching_a_dvonn_piece_are_worth_more() -> None:
    # The same White single next to the DVONN piece at C3, or three steps away from it.
    near = advantage("C3:R, D3:1W, E3:1B, F3:1B, G3:1B", to_move=1)
    far = advantage("C3:R, D3:1B, E3:1B, F3:1B, G3:1W", to_move=1)
    assert near > far


def test_the_player_to_move_gains_the_biggest_capture() -> None:
    # White to move can land its single on Black's 3-stack at D3; with Black to move it cannot.
    text = "B3:R, C3:1W, D3:3B"
    assert advantage(text, to_move=0) > advantage(text, to_move=1)


def test_values_stay_within_bounds_over_random_games() -> None:
    rng = Rng(3)
    for seed in range(3):
        state: DvonnState = GAME.new_state(2, {"setup": "random"}, seed)  # type: ignore[assignment]
        while not state.is_over():
            values = GAME.evaluate(state)
            assert values is not None and all(-1 <= value <= 1 for value in values)
            seat = state.current_players()[0]
            state.apply(seat, rng.choice(state.legal_action_ids(seat)))


def test_placement_is_judged_cautiously() -> None:
    state = GAME.new_state()
    for cell in ("C3", "F3", "I3", "A1", "D3"):
        state.apply(state.current_players()[0], cell)
    values = GAME.evaluate(state)
    assert values is not None and abs(values[0]) < 0.2
