"""The Crazy Farmers heuristic the search bots use (`Game.evaluate`).

What decides the game is the main field (R63) and, for the end, the plots owned (R62), so
each farmer is judged on:
- the main field, and a little for fallow plots (they count for the goal and ties);
- the fence laid: an open fence is land about to be annexed, worth a little per segment
  while the farmer is powered (a cut fence is worth nothing, R32);
- cards in hand, worth a fraction of a plot each;
- being powerless (R33): a farmer away from their field with no power loses tempo.
A finished game is worth its ranks exactly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tabletop.games.crazyfarmers.state import CrazyFarmersState

FALLOW = 0.4
FENCE = 0.12
FENCE_CAP = 8
CARD = 0.3
POWERLESS = 1.0
SCALE = 4.0
"""A lead of about four plots over the field is worth three quarters of a win (tanh(1) ≈ 0.76)."""


def evaluate(state: CrazyFarmersState) -> Sequence[float]:
    """Each seat's value in [-1, 1]: the result once over, else tanh of its lead over the best other farmer.

    >>> from tabletop.games.crazyfarmers import GAME
    >>> GAME.evaluate(GAME.new_state(2))
    (0.0, 0.0)
    """
    if state.over:
        ranks = state.outcome().ranks  # type: ignore[union-attr]
        best = [rank == 1 for rank in ranks]
        shared = sum(best)
        return tuple((1.0 if shared == 1 else 0.0) if first else -1.0 for first in best)
    worth = [farmer_worth(state, seat) for seat in range(state.players)]
    values = []
    for seat in range(state.players):
        rival = max(worth[other] for other in range(state.players) if other != seat)
        values.append(math.tanh((worth[seat] - rival) / SCALE) + 0.0)
    return tuple(values)


def farmer_worth(state: CrazyFarmersState, seat: int) -> float:
    """A farmer's position in plots: main field, fallow, open fence, cards, power."""
    if state.eliminated[seat]:
        return -10.0
    main = state.main_size(seat)
    fallow = state.fields[seat].bit_count() - main
    fence = min(max(0, len(state.fences[seat]) - 1), FENCE_CAP) if state.powered[seat] else 0
    return (
        main
        + FALLOW * fallow
        + FENCE * fence
        + CARD * len(state.hands[seat])
        - (0.0 if state.powered[seat] else POWERLESS)
    )
