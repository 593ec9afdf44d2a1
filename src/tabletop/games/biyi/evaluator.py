"""The Biyi heuristic the search bots use (`Game.evaluate`): who is closer to the other bird.

A game is won by the first token on the opponent's bird (R30), so the race decides:
- reach: how many steps the nearest free token of each player (the top of a square they
  control) needs to the opponent's bird, counted on the empty board;
- advance: how far, on average, each player's controlled squares have come;
- prisoners: enemy tokens held under one's own stacks are carried and cannot move;
- dragons: adjacent uniform stacks lose on the next turn unless separated (R26).
The player to move gets a tempo bonus: one step from the bird is a win on the board.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tabletop.games.biyi.board import Board
from tabletop.games.biyi.rules import Stacks, in_dragon_trouble
from tabletop.games.biyi.state import BiyiState

REACH = 1.0
ADVANCE = 0.6
PRISONERS = 0.35
DRAGONS = 2.0
TEMPO = 0.5
SCALE = 4.0
"""A lead of this many weighted steps is worth about three quarters of a win (tanh(1) ≈ 0.76)."""


def evaluate(state: BiyiState) -> Sequence[float]:
    """Light's and Dark's value in [-1, 1]: the result once over, else tanh of weighted features.

    >>> from tabletop.games.biyi import GAME
    >>> start = BiyiState.from_position(GAME, stacks={"b2": "L", "b6": "D"}, board="quick")
    >>> light, dark = evaluate(start)  # a mirror position: only the move counts
    >>> light > 0 and light == -dark
    True
    """
    if state.over:
        sign = 0 if state.winner is None else 1 - 2 * state.winner
        return float(sign), float(-sign)
    advantage = light_advantage(state.board, state.stacks, state.to_move)
    value = math.tanh(advantage / SCALE)
    return value + 0.0, -value + 0.0


def light_advantage(board: Board, stacks: Stacks, to_move: int) -> float:
    """The weighted difference of the features, Light minus Dark, in steps."""
    features = [_features(board, stacks, seat) for seat in (0, 1)]
    (light_reach, light_advance, light_held), (dark_reach, dark_advance, dark_held) = features
    advantage = (
        REACH * (dark_reach - light_reach)
        + ADVANCE * (light_advance - dark_advance)
        + PRISONERS * (light_held - dark_held)
    )
    for seat in (0, 1):
        if in_dragon_trouble(board, stacks, seat):
            advantage += DRAGONS * (2 * seat - 1)
    return advantage + TEMPO * (1 - 2 * to_move)


def _features(board: Board, stacks: Stacks, seat: int) -> tuple[float, float, float]:
    """Reach (steps to the other bird), mean rows advanced, enemy tokens held under `seat`'s tops."""
    bird = board.birds[1 - seat]
    bird_x, bird_y = bird % board.width, bird // board.width
    reach, advance, held, controlled = float(board.size), 0.0, 0.0, 0
    for square, column in enumerate(stacks):
        if not column or column[-1] & 1 != seat:
            continue
        x, y = square % board.width, square // board.width
        reach = min(reach, abs(x - bird_x) + abs(y - bird_y))
        advance += y if seat == 0 else board.height - 1 - y
        held += sum(1 for token in column if token & 1 != seat)
        controlled += 1
    mean_advance = advance / controlled if controlled else 0.0
    return reach, mean_advance, held
