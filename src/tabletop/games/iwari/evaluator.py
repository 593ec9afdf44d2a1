"""A heuristic value of an Iwari position for each seat, for the search bots.

Points come from tent majorities (scored twice, R20 and R22), totem majorities on the
connections (R42) and settlements (R52), all known only at the end. A position is judged
by the score each tribe would have if the game stopped now and the tent scoring still to
come counted what stands today: points banked, plus today's tent majorities once per
scoring left, plus today's totems and settlements. A seat's value compares its projection
with the best other player's (the neutral tribe cannot win, R31).
"""

from __future__ import annotations

import math

from tabletop.games.iwari.rules import settlement_scoring, tent_scoring, totem_scoring
from tabletop.games.iwari.state import IwariState

SCALE = 20.0
"""A projected lead of this many points makes a position look about three-quarters won."""


def projected_scores(state: IwariState) -> list[float]:
    """Per tribe: banked points plus what the map would score now, tents once per scoring left."""
    m, tribes = state.map, state.tribes
    scorings_left = 1 if state.half_scores is not None else 2
    tents = tent_scoring(m, state.tents, tribes, [1 + f for f in state.territory_feats])
    totems = totem_scoring(m, state.totems, tribes, state.covered, [1 + f for f in state.connection_feats])
    towns = settlement_scoring(m, state.occupant, tribes)
    return [state.scores[t] + scorings_left * tents[t] + totems[t] + towns[t] for t in range(tribes)]


def evaluate(state: IwariState) -> list[float]:
    """One value per seat in [-1, 1]: the ranks once over, else the projected lead over the best rival."""
    outcome = state.outcome()
    if outcome is not None:
        worst = max(state.players - 1, 1)
        return [1.0 - 2.0 * (rank - 1) / worst for rank in outcome.ranks]
    projected = projected_scores(state)[: state.players]
    values = []
    for seat in range(state.players):
        rival = max(score for other, score in enumerate(projected) if other != seat)
        values.append(math.tanh((projected[seat] - rival) / SCALE))
    return values
