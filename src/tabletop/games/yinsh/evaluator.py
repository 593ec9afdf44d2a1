"""A YINSH position judged without search, for MCTS leaves (`Game.evaluate`).

What decides YINSH, in order of weight:

1. rings removed (YI-R9): each one is a third of the game, and a row waiting to be taken
   (the ROW and RING decisions) is as good as removed;
2. near-rows: windows of five holding four of your markers and none of the opponent's, one
   move from a row; three-marker windows count a little;
3. ring mobility: the number of legal ring moves. Removing rings costs mobility (the
   game's handicap), and a side with no moves must pass (YI-R12).

The weighted difference White − Black goes through tanh into [-1, 1]. A finished game is
worth exactly its result.
"""

from __future__ import annotations

import math

from tabletop.games.yinsh.board import BLACK, WHITE, WINDOW_MASKS
from tabletop.games.yinsh.rules import ring_move_ids
from tabletop.games.yinsh.state import YinshState
from tabletop.games.yinsh.turn import RING, ROW

RING_WEIGHT = 1.0
NEAR_ROW_WEIGHT = 0.15
THREE_IN_WINDOW_WEIGHT = 0.02
MOBILITY_WEIGHT = 0.01
# tanh(SCALE · 1 ring) ≈ 0.66: one ring ahead is a clear but not a won position.
SCALE = 0.8


def evaluate(state: YinshState) -> tuple[float, float]:
    """Values for (White, Black) in [-1, 1], summing to zero.

    >>> from tabletop.games.yinsh import GAME
    >>> GAME.evaluate(GAME.new_state())
    (0.0, 0.0)
    """
    outcome = state.outcome()
    if outcome is not None:
        white, black = outcome.scores
        value = float((white > black) - (white < black))
    else:
        value = math.tanh(SCALE * (_seat_score(state, WHITE) - _seat_score(state, BLACK)))
    return value, -value or 0.0  # never -0.0


def _seat_score(state: YinshState, seat: int) -> float:
    rings = state.rings_removed[seat] + _pending_ring(state, seat)
    near_rows, threes = _window_counts(state.markers[seat], state.markers[1 - seat])
    return (
        RING_WEIGHT * rings
        + NEAR_ROW_WEIGHT * near_rows
        + THREE_IN_WINDOW_WEIGHT * threes
        + MOBILITY_WEIGHT * _mobility(state, seat)
    )


def _pending_ring(state: YinshState, seat: int) -> int:
    """1 while `seat` is choosing a row or the ring that pays for it (YI-R5)."""
    return int(state.phase in (ROW, RING) and state.actor == seat)


def _window_counts(own: int, other: int) -> tuple[int, int]:
    """Windows free of the opponent's markers holding four, and three, of one's own."""
    fours = threes = 0
    for window in WINDOW_MASKS:
        if other & window:
            continue
        count = (own & window).bit_count()
        if count == 4:
            fours += 1
        elif count == 3:
            threes += 1
    return fours, threes


def _mobility(state: YinshState, seat: int) -> int:
    return len(ring_move_ids(state.ring_points(seat), state.contents))
