"""The DVONN heuristic the search bots use (`Game.evaluate`): who is ahead, from the board alone.

Phase 2 is judged on what decides the game (DV-R7) and what threatens it:
- material: the pieces in each player's stacks (the score so far);
- mobility: how many moves each player has, since a player without moves only watches;
- stacks touching a DVONN piece: safe from disconnection (DV-R4) for now;
- danger: pieces whose chain of contact to the nearest DVONN piece is long, as one move
  that cuts the chain removes them all;
- tempo: the biggest enemy stack the player to move can take at once.
During the placement phase (DV-S1) material is equal by construction, so only the
positional terms speak, and they are damped: placement is judged mostly by the playouts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tabletop.games.dvonn.board import CELL_COUNT, COLOUR_OF, NEIGHBOURS, RED, Board
from tabletop.games.dvonn.rules import PLACEMENTS, has_dvonn, moves, scores
from tabletop.games.dvonn.state import DvonnState

MATERIAL = 1.0
MOBILITY = 0.12
NEXT_TO_DVONN = 0.3
ENDANGERED = 0.35
TEMPO = 0.6
FAR_FROM_DVONN = 3
"""Contact distance (steps through occupied spaces) from which a stack counts as endangered."""
PLACEMENT_DAMPING = 0.3
SCALE = 10.0
"""A lead of about this many weighted pieces is worth three quarters of a win (tanh(1) ≈ 0.76)."""


def evaluate(state: DvonnState) -> Sequence[float]:
    """White's and Black's value in [-1, 1]: the result once over, else tanh of weighted features.

    >>> from tabletop.games.dvonn import GAME
    >>> GAME.evaluate(GAME.new_state())
    (0.0, 0.0)
    """
    if state.over:
        white, black = scores(state.board)
        sign = (white > black) - (white < black)
        return float(sign), float(-sign)
    advantage = white_advantage(state.board, state.to_move)
    if state.placed < PLACEMENTS:
        advantage *= PLACEMENT_DAMPING
    value = math.tanh(advantage / SCALE)
    return value + 0.0, -value + 0.0


def white_advantage(board: Board, to_move: int) -> float:
    """The weighted difference of the features, White minus Black, in pieces."""
    material = scores(board)
    white_moves, black_moves = moves(board, 0), moves(board, 1)
    near, endangered = _contact_features(board)
    advantage = (
        MATERIAL * (material[0] - material[1])
        + MOBILITY * (len(white_moves) - len(black_moves))
        + NEXT_TO_DVONN * (near[0] - near[1])
        - ENDANGERED * (endangered[0] - endangered[1])
    )
    gain = _best_capture(board, white_moves if to_move == 0 else black_moves)
    return advantage + TEMPO * (gain if to_move == 0 else -gain)


def _contact_features(board: Board) -> tuple[list[int], list[int]]:
    """Per seat: pieces in stacks within one step of a DVONN piece, and pieces far from every one."""
    distance = [-1] * CELL_COUNT
    frontier = [cell for cell in range(CELL_COUNT) if board[cell] and has_dvonn(board[cell])]
    for cell in frontier:
        distance[cell] = 0
    for cell in frontier:  # the list grows while it is read: a breadth-first search
        for neighbour in NEIGHBOURS[cell]:
            if board[neighbour] and distance[neighbour] < 0:
                distance[neighbour] = distance[cell] + 1
                frontier.append(neighbour)
    near, endangered = [0, 0, 0], [0, 0, 0]
    for cell, stack in enumerate(board):
        if stack:
            colour = COLOUR_OF[stack[-1]]
            if distance[cell] <= 1:
                near[colour] += len(stack)
            elif distance[cell] >= FAR_FROM_DVONN:
                endangered[colour] += len(stack)
    return near[:RED], endangered[:RED]


def _best_capture(board: Board, mover_moves: list[tuple[int, int]]) -> int:
    """The height of the tallest enemy stack one of these moves lands on (0 if none)."""
    if not mover_moves:
        return 0
    mover = COLOUR_OF[board[mover_moves[0][0]][-1]]
    return max(
        (len(board[target]) for _, target in mover_moves if COLOUR_OF[board[target][-1]] not in (mover, RED)),
        default=0,
    )
