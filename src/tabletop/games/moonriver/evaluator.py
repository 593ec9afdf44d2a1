"""A heuristic value of a Moon River position for each seat, for the search bots.

Points arrive from territories × cows (R43), so the score of the ranch as it stands is the
backbone, counted with the cows each plot will keep after overpopulation (R42) so that
stacking cows is not mistaken for points; cows are worth more than they score today because
territories still grow, and the plots in reserve will be placed. A seat's value compares its
projection with the best other player's.
"""

from __future__ import annotations

import math

from tabletop.games.moonriver.board import plot
from tabletop.games.moonriver.rules import score_parts
from tabletop.games.moonriver.state import MoonRiverState

SCALE = 12.0
"""A projected lead of this many points makes a position look about three-quarters won."""
COW_WORTH = 1.5
"""Points a cow on the ranch is expected to add as its territory grows."""
RESERVE_WORTH = 0.5
"""Points a plot in reserve is expected to add once placed."""


def projected_scores(state: MoonRiverState) -> list[float]:
    """Per seat: each territory's plots × the cows it will keep (one per plot, R42), the symbols
    and bonuses, plus what the cows and the reserve may still bring."""
    out = []
    for seat in range(state.players):
        ranch, cows = state.ranch[seat], state.cows[seat]
        kept = [min(count, 1) for count in cows]
        parts = score_parts(ranch, kept, state.partners[seat])
        reserve = state.reserve[seat]
        symbols = sum(plot(n).nuggets + plot(n).beavers + plot(n).corn + plot(n).cows for n in reserve)
        growth = 0.0
        if not state.is_over():
            growth = COW_WORTH * sum(kept) + RESERVE_WORTH * (len(reserve) + symbols)
        out.append(sum(parts.values()) + growth)
    return out


def evaluate(state: MoonRiverState) -> list[float]:
    """One value per seat in [-1, 1]: the ranks once over, else the projected lead over the best rival."""
    outcome = state.outcome()
    if outcome is not None:
        worst = max(state.players - 1, 1)
        return [1.0 - 2.0 * (rank - 1) / worst for rank in outcome.ranks]
    projected = projected_scores(state)
    values = []
    for seat in range(state.players):
        rival = max(score for other, score in enumerate(projected) if other != seat)
        values.append(math.tanh((projected[seat] - rival) / SCALE))
    return values
