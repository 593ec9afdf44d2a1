"""The heuristic the search bots use for Roll to the Top (docs/rules/rolltothetop.md).

A sheet is worth its filled boxes, less what its numbers cost the climb: a number under
an empty box is a floor every number above must reach (R6), and a floor near the largest
sums the dice give (their total is 50) may stall the climb for many turns. Boxes that can
be filled right now count half, since the next roll will usually fill some of them.
"""

from __future__ import annotations

import math

from tabletop.games.rolltothetop.board import Postcard
from tabletop.games.rolltothetop.rules import Sheet, least_number
from tabletop.games.rolltothetop.state import RollToTheTopState

HIGHEST_SUM = 4 + 6 + 8 + 12 + 20
"""The largest number the dice can make (every die at its top face)."""
OPEN_WEIGHT = 0.5
FLOOR_WEIGHT = 1.5
SHARPNESS = 4.0


def progress(postcard: Postcard, sheet: Sheet) -> float:
    """How far up a sheet is, in [0, 1]: filled boxes, open boxes at half, minus heavy floors."""
    size = len(sheet)
    score = 0.0
    for box in range(size):
        if sheet[box]:
            score += 1.0
            continue
        least = least_number(postcard, sheet, box)
        if least:
            score += OPEN_WEIGHT * (1 - least / HIGHEST_SUM)
        elif postcard.boxes[box].below:
            floor = max(sheet[other] for other in postcard.boxes[box].below)
            score -= FLOOR_WEIGHT * (floor / HIGHEST_SUM) ** 2
    return max(0.0, min(1.0, score / size))


def evaluate(state: RollToTheTopState) -> list[float]:
    """Each seat's chance of winning, as a value in [-1, 1], from its lead in `progress`.

    Alone, the value is the progress itself, rescaled; search bots play solo games out.
    """
    values = [progress(state.postcard, sheet) for sheet in state.sheets]
    if state.is_over():
        outcome = state.outcome()
        if outcome is not None and len(values) > 1:
            return [1.0 if rank == 1 else -1.0 for rank in outcome.ranks]
    if len(values) == 1:
        return [2 * values[0] - 1]
    return [
        math.tanh(SHARPNESS * (value - max(values[:seat] + values[seat + 1 :])))
        for seat, value in enumerate(values)
    ]
