"""The one-ply look-ahead of MCTS: wins on the board are taken, wins handed to the opponent avoided."""

from __future__ import annotations

from tabletop.bots import tactics
from tabletop.bots.mcts import MctsBot
from toy_games import GOOFSPIEL, NIM, NimState


def _nim(heaps: list[int]) -> NimState:
    return NimState(NIM, 2, heaps)


def test_a_win_on_the_board_is_found() -> None:
    state = _nim([0, 3, 0])
    assert tactics.winning_action(state, 0, state.legal_action_ids(0)) == "2:3"


def test_moves_that_hand_the_opponent_a_win_are_left_out() -> None:
    # Heaps 2 and 2: taking a whole heap lets the opponent take the other and win;
    # taking one stone from either heap is the only safe move.
    state = _nim([2, 2])
    assert tactics.safe_actions(state, 0, state.legal_action_ids(0)) == ["1:1", "2:1"]


def test_when_every_move_loses_nothing_is_filtered() -> None:
    state = _nim([1, 1, 0])
    legal = state.legal_action_ids(0)
    assert tactics.safe_actions(state, 0, legal) == legal


def test_mcts_with_one_iteration_still_takes_the_win_and_avoids_the_loss() -> None:
    assert MctsBot(iterations=1, seed=3).choose(_nim([0, 3, 0]), 0) == "2:3"
    for seed in range(10):
        assert MctsBot(iterations=1, seed=seed).choose(_nim([2, 2]), 0) in {"1:1", "2:1"}


def test_games_with_chance_or_hidden_information_are_not_checked_exactly() -> None:
    assert tactics.is_exact(_nim([1, 2]))
    assert not tactics.is_exact(GOOFSPIEL.new_state(2, None, 1))
