"""The search heuristic (`GAME.evaluate`): tactics from R8's winning condition, then potential."""

from __future__ import annotations

import pytest
from mammalath_positions import FILLER, play, position, start

from tabletop import bots
from tabletop.engine import Rng
from tabletop.games.mammalath import GAME
from tabletop.games.mammalath.board import BLACK, CELL_OF_NAME, FULL, WHITE
from tabletop.games.mammalath.evaluator import LOST_POSITION, WINNING_MOVE, winning_cells


def test_a_finished_game_is_worth_its_result() -> None:
    state = position("W. W. .. .d .e .f", to_move=WHITE)
    state.apply(WHITE, "C1")
    assert GAME.evaluate(state) == [-1.0, 1.0]


def test_the_mover_with_a_winning_cell_is_nearly_sure_to_win() -> None:
    # R8: black's A1, B1 with C1 clean and free.
    state = position("B. B. .. .d .e .f", "W. W. .c .d .e .f", to_move=BLACK)
    assert GAME.evaluate(state) == [WINNING_MOVE, -WINNING_MOVE]


def test_two_winning_cells_of_the_opponent_cannot_both_be_blocked() -> None:
    # Only a token on the cell stops a place there; white threatens C1 and C3.
    state = position("W. W. .. .d .e .f", FILLER, "W. W. .. .d .e .f", to_move=BLACK)
    assert GAME.evaluate(state) == [-LOST_POSITION, LOST_POSITION]


def test_a_block_that_would_complete_the_movers_dirty_line_does_not_save_them() -> None:
    # White threatens C1; black's C2 and C3 (a cougar on C3) make C1 a losing place for black (R8).
    state = position("W. W. .. .d .e .f", ".a .b B. .d .e .f", ".a .b Bc .d .e .f", to_move=BLACK)
    assert GAME.evaluate(state) == [-LOST_POSITION, LOST_POSITION]
    safe = position("W. W. .. .d .e .f", ".a .b B. .d .e .f", ".a .b .c Bd .e .f", to_move=BLACK)
    assert -LOST_POSITION < GAME.evaluate(safe)[BLACK] < 0  # black must block, and can


def test_a_cell_that_also_completes_a_dirty_line_is_not_a_winning_cell() -> None:
    # R8 and Q6: C1 would give white the clean A1–C1 but also the dirty C1–C3.
    state = position("W. W. .. .d .e .f", ".a .b W. .d .e .f", ".a .b Wc .d .e .f", to_move=BLACK)
    black, white = state.tokens
    free = FULL & ~(black | white)
    assert winning_cells(white, state.animals, free) == []
    clean = position("W. W. .. .d .e .f", to_move=BLACK)
    black, white = clean.tokens
    assert winning_cells(white, clean.animals, FULL & ~(black | white)) == [CELL_OF_NAME["C1"]]


def test_released_animals_turn_a_pair_into_potential() -> None:
    # Two white tokens on animals in a row with the third cell free: worth more to white once cleaner.
    dirty = position("Wa Wb .c .d .e .f", to_move=BLACK)
    fewer = position("W. Wb .c .d .e .f", ".a .b .c .d .e ..", to_move=BLACK)
    assert GAME.evaluate(fewer)[WHITE] > GAME.evaluate(dirty)[WHITE] > 0


@pytest.mark.parametrize("seed", range(5))
def test_values_stay_in_range_and_are_opposite_for_the_two_seats(seed: int) -> None:
    state = GAME.new_state(2, seed=seed)
    chooser = Rng(seed)
    while not state.is_over():
        values = GAME.evaluate(state)
        assert values is not None and values[0] == -values[1] and -1 <= values[0] <= 1
        seat = state.current_players()[0]
        state.apply(seat, chooser.choice(state.legal_action_ids(seat)))


def test_mcts_takes_a_win_and_blocks_a_threat() -> None:
    bot = bots.make("mcts", level=2, seed=3)  # 250 iterations: every root action is tried
    winning = position("B. B. .. .d .e .f", "W. W. .c .d .e .f", to_move=BLACK)
    assert bot.choose(winning, BLACK) == "C1"
    threatened = position("W. W. .. .d .e .f", ".a .b .c .d .e .f", ".a B. .c .d .e .f", to_move=BLACK)
    assert bot.choose(threatened, BLACK) == "C1"
    opening = play(start(BLACK), "C3")
    assert bot.choose(opening, WHITE) in opening.legal_action_ids(WHITE)
