"""The bots' evaluator, and the one-turn look-ahead (`rules.winning_moves`) it is built on."""

from __future__ import annotations

import pytest
from tuned_positions import play, position, start

from tabletop.bots.mcts import MctsBot
from tabletop.engine import Rng
from tabletop.games.tuned import GAME
from tabletop.games.tuned.board import SUPPLY, add_id, move_id
from tabletop.games.tuned.rules import WIN_BY_LINE, Move, winning_moves
from tabletop.games.tuned.state import TunedState


def test_a_player_who_can_complete_a_line_now_is_nearly_sure_to_win() -> None:
    # R8: row 1 has Cat, Cat, empty and seat 0 holds a Cat (scenario 7).
    state = position("C C . / . . . / . . .", ("DDGGC", "DDGGC"))
    assert GAME.evaluate(state) == [0.6, -0.6]
    state = position("C C . / . . . / . . .", ("DDGGC", "DDGGC"), to_move=1)
    assert GAME.evaluate(state) == [-0.6, 0.6]


def test_each_threat_of_the_opponent_counts_against_the_player_to_move() -> None:
    # Seat 0 must add (R2) and holds only Donkeys, so it cannot win now; seat 1 would win next
    # turn with a Cat on c1 (row 1) or a Dog on c2 (row 2): two threats, one answer.
    state = position("C C . / G G . / . . .", ("DD", "DDGGCC"), roosters=("move", "add-1"))
    assert GAME.evaluate(state) == pytest.approx([-0.4, 0.4])
    # With the Cat threat alone, it is half as bad.
    state = position("C C . / . . . / . . .", ("DDGG", "DDGGCC"), roosters=("move", "add-1"))
    assert GAME.evaluate(state) == pytest.approx([-0.2, 0.2])


def test_mcts_takes_an_immediate_win() -> None:
    # R8 through the bot: scenario 7's position, several seeds, a small fixed budget.
    state = position("C C . / . . . / . . .", ("DDGGC", "DDGGC"))
    assert {MctsBot(iterations=200, seed=seed).choose(state, 0) for seed in range(3)} == {"Cc1"}


def test_a_quiet_position_is_even() -> None:
    state = play(start(first_player=0), "Da1")
    assert GAME.evaluate(state) == [0.0, 0.0]


def _random_states(seed: int, games: int) -> list[TunedState]:
    states = []
    rng = Rng(seed)
    for game in range(games):
        state = GAME.new_state(2, None, seed + game)
        while not state.is_over():
            assert isinstance(state, TunedState)
            states.append(state.clone())
            seat = state.current_players()[0]
            state.apply(seat, rng.choice(state.legal_action_ids(seat)))
        assert GAME.evaluate(state) is None
    return states


def test_values_are_in_range_and_opposite() -> None:
    for state in _random_states(seed=21, games=40):
        values = GAME.evaluate(state)
        assert values is not None and -1 <= values[0] <= 1 and values[1] == -values[0]


def test_the_look_ahead_agrees_with_playing_each_action() -> None:
    """`winning_moves` (tops worked out move by move) against `apply` (a scan of the new board)."""
    for state in _random_states(seed=5, games=40):
        seat = state.to_move
        codes = list(state.codes)
        predicted = {_action_id(move) for move in winning_moves(codes, state.moves_for(seat))}
        actual = set()
        for action_id in state.legal_action_ids(seat):
            child = state.clone()
            child.apply(seat, action_id)
            if child.end is not None and child.end[0] == WIN_BY_LINE:
                actual.add(action_id)
        assert predicted == actual


def _action_id(move: Move) -> str:
    kind, source, target, _ = move
    return add_id(kind, target) if source == SUPPLY else move_id(kind, source, target)
