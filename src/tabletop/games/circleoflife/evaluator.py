"""The bots' heuristic for Circle of Life: material, devouring chances and safe critters.

What decides the game (docs/rules/circleoflife.md R9, R10): stones eaten, and being the first
unable to place. So a position is judged by
- material: the stones each side has eaten (R8);
- devouring chances: the most stones a side could eat with one placement now. The side to
  move will take its best meal; the other side's best meal is a threat the mover can often,
  but not always, parry, so it counts half;
- safety: stones on the board that no single enemy placement could eat. Safe critters keep
  their cells, and a player whose stones crowd the empty cells runs out of placements,
  which wins (R10).
The sum is squashed into [-1, 1] with tanh; the two seats' values are opposite.
"""

from __future__ import annotations

import math

from tabletop.engine import Seat
from tabletop.games.circleoflife.board import CellSet, adjacent_to, cells_of, critter_at, critters
from tabletop.games.circleoflife.rules import devoured_by
from tabletop.games.circleoflife.state import CircleOfLifeState

THREAT_WEIGHT = 0.5
"""How much of the waiting side's best meal counts: the mover may parry it, or not."""

SAFE_STONE_WEIGHT = 0.2
"""The value of a stone no enemy placement can eat, against one eaten stone."""

SCALE = 6.0
"""Stones of advantage that make a value of tanh(1), about 0.76."""


def meals(state: CircleOfLifeState, seat: Seat) -> tuple[int, CellSet]:
    """The most enemy stones `seat` could eat with one placement now, and every stone some placement eats.

    Only placements whose critter would touch an enemy stone are tried: the new stone
    itself touches one, or it joins a friendly critter that does.
    """
    own, enemy = state.stones[seat], state.stones[1 - seat]
    touching_enemy = 0
    for critter in critters(own):
        if adjacent_to(critter) & enemy:
            touching_enemy |= critter
    candidates = state.placements_for(seat) & (adjacent_to(enemy) | adjacent_to(touching_enemy))
    best, edible = 0, 0
    for cell in cells_of(candidates):
        stone = 1 << cell
        eaten = devoured_by(critter_at(stone, own | stone), enemy)
        best = max(best, eaten.bit_count())
        edible |= eaten
    return best, edible


def evaluate(state: CircleOfLifeState) -> list[float]:
    """Each seat's value in [-1, 1] (see the module docstring); exact once the game is over."""
    if state.winner is not None:
        return [1.0 if seat == state.winner else -1.0 for seat in (0, 1)]
    mover, waiting = state.to_move, 1 - state.to_move
    mover_best, edible_of_waiting = meals(state, mover)
    waiting_best, edible_of_mover = meals(state, waiting)
    if state.eaten[mover] + mover_best >= state.target:
        advantage = math.inf  # R9: the mover wins with this placement
    else:
        material = state.eaten[mover] + mover_best - state.eaten[waiting] - THREAT_WEIGHT * waiting_best
        safe_mover = (state.stones[mover] & ~edible_of_mover).bit_count()
        safe_waiting = (state.stones[waiting] & ~edible_of_waiting).bit_count()
        advantage = material + SAFE_STONE_WEIGHT * (safe_mover - safe_waiting)
    value = math.tanh(advantage / SCALE)
    values = [0.0, 0.0]
    values[mover], values[waiting] = value, -value
    return values
