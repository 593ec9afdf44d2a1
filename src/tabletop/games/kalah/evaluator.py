"""The heuristic the search bots use to judge a Kalah position without playing it out.

Seeds in a store are a player's for good (K-R11), so the store difference is the core of
the value. Seeds still in a row count a little for their owner: End-B gives them to the
owner at the end, but the opponent can still capture them (K-R4) and End-A may give them
away (K-R8), so they weigh a quarter of a stored seed. The sum is scaled by half the seeds
in play, the margin that decides any game, and clamped to [-1, 1].
"""

from __future__ import annotations

from tabletop.games.kalah.board import NORTH, SOUTH
from tabletop.games.kalah.state import KalahState

ROW_WEIGHT = 0.25
"""How much a seed still in a player's row counts, against 1 for a seed in their store."""


def evaluate(state: KalahState) -> list[float]:
    """Per-seat values: 1 / 0 / −1 once the game is over, else South's lead seen from each seat.

    >>> from tabletop import games
    >>> state = KalahState.from_position(
    ...     games.load("kalah"), south_pits=[3, 3, 3, 3, 2, 2], north_pits=[3, 3, 3, 3, 1, 1],
    ...     south_store=12, north_store=6,
    ... )
    >>> [round(value, 4) for value in evaluate(state)]  # (6 + 0.25 × 2) / 24
    [0.2708, -0.2708]
    """
    outcome = state.outcome()
    if outcome is not None:
        best = min(outcome.ranks)
        tied = outcome.ranks.count(best) > 1
        return [0.0 if tied else (1.0 if rank == best else -1.0) for rank in outcome.ranks]
    south = south_lead(state)
    return [south if state.side_of_seat(seat) == SOUTH else -south for seat in range(2)]


def south_lead(state: KalahState) -> float:
    """South's store lead plus a quarter of its row lead, over half the seeds in play, in [-1, 1]."""
    stores = state.store(SOUTH) - state.store(NORTH)
    rows = sum(state.pits(SOUTH)) - sum(state.pits(NORTH))
    return max(-1.0, min(1.0, (stores + ROW_WEIGHT * rows) / (state.rules.total / 2)))
