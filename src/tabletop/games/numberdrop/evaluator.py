"""The heuristic the search bots use for Number Drop: score so far, room left, and holes.

A sheet is worth its score plus a small credit for the boxes it can still fill, minus what
threatens it: covered holes (they block row bonuses and push the stack up) and height near
the Game Over line (R35, -5 a row). In play with others each seat is judged against the
best of the rest, squashed into [-1, 1].
"""

from __future__ import annotations

import math

from tabletop.games.numberdrop.board import EMPTY, LINE, WIDTH, Sheet, cell_of
from tabletop.games.numberdrop.state import NumberDropState

HOLE_COST = 0.8
HEIGHT_COST = 1.5
SAFE_HEIGHT = 7
"""Rows up to this one are safe; above it every further row costs HEIGHT_COST per column's worth."""
OPEN_BOX_CREDIT = 0.6
SCALE = 12.0


def sheet_value(sheet: Sheet) -> float:
    """Score plus a credit for open boxes, minus covered holes and height (in points)."""
    holes = sum(1 for x in range(WIDTH) for y in range(sheet.tops[x]) if sheet.cells[cell_of(x, y)] == EMPTY)
    peak = max(sheet.tops)
    danger = max(0, peak - SAFE_HEIGHT) * HEIGHT_COST * (peak - SAFE_HEIGHT) if peak < LINE else 10.0
    open_boxes = 10 - sheet.same.bit_count() - sheet.run.bit_count()
    room = (LINE * WIDTH - sum(top + 1 for top in sheet.tops)) / (LINE * WIDTH)
    return sheet.score() + OPEN_BOX_CREDIT * open_boxes * room - HOLE_COST * holes - danger


def evaluate(state: NumberDropState) -> list[float]:
    """Per seat in [-1, 1]: its sheet's value against the best other sheet (solo: against 40 points).

    A finished game with others is worth its result: 1 for a (shared) win, -1 otherwise.
    """
    outcome = state.outcome()
    if outcome is not None and state.players > 1:
        return [1.0 if rank == 1 else -1.0 for rank in outcome.ranks]
    sheets = [turn.sheet for turn in state.turns] if state.turns and not state.over else state.sheets
    values = [sheet_value(sheet) for sheet in sheets]
    if len(values) == 1:
        return [math.tanh((values[0] - 40.0) / (2 * SCALE))]
    return [
        math.tanh((value - max(other for index, other in enumerate(values) if index != seat)) / SCALE)
        for seat, value in enumerate(values)
    ]
