"""The heuristic MCTS uses to judge a Mammalath position without playing it out (`Game.evaluate`).

What matters, from the winning condition of R8 in docs/rules/mammalath.md:
- a *winning cell* of a player is a token-free cell where placing would win at once: the
  other two cells of a clean triple (no animal) hold their tokens, and no dirty triple of
  theirs runs through it (a loss beats a win). The player to move with a winning cell wins;
  against two winning cells of the opponent, or one that the mover can only block by
  completing a dirty line of their own, the mover loses (releases never block: only a token
  on the cell does);
- otherwise each triple that the opponent has not blocked is potential: two tokens with
  animals left are a threat once the animals are released, one token is a start; animals
  still in a triple make it slower to use, so each counts less per animal left.
"""

from __future__ import annotations

import math

from tabletop.engine import Seat
from tabletop.games.mammalath.board import FULL, TRIPLE_MASKS
from tabletop.games.mammalath.rules import LOSS, WIN, placement_verdict
from tabletop.games.mammalath.state import MammalathState

WINNING_MOVE = 0.95
"""The mover has a winning cell: the value of a near-certain win."""
LOST_POSITION = 0.9
"""The opponent has a winning cell the mover cannot safely block."""
CLEAN_PAIR = 0.5
"""A winning cell of the player not to move, that the mover can block (and must)."""
DIRTY_PAIR = 0.25
"""Two tokens in an unblocked triple that still holds animals, divided by the animals left."""
SINGLE = 0.05
"""One token in an unblocked triple, divided by one more than the animals left."""
SCALE = 1.5
"""Potential differences of this size map to about ±0.75 (tanh)."""
POSITIONAL_LIMIT = 0.8
"""Positional judgements stay below the tactical certainties above."""


def evaluate(state: MammalathState) -> list[float]:
    """Per-seat values in [-1, 1]: the result once over, else the mover's prospects (and their opposite)."""
    outcome = state.outcome()
    if outcome is not None:
        if outcome.ranks[0] == outcome.ranks[1]:
            return [0.0, 0.0]
        return [1.0 if rank == 1 else -1.0 for rank in outcome.ranks]
    mover = state.current_players()[0]
    value = mover_value(state, mover)
    return [value, -value] if mover == 0 else [-value, value]


def mover_value(state: MammalathState, mover: Seat) -> float:
    """The value for the seat to move: tactics first (winning cells), then potential."""
    own, other = state.tokens[mover], state.tokens[1 - mover]
    animals = state.animals
    free = FULL & ~(own | other)
    if winning_cells(own, animals, free):
        return WINNING_MOVE
    threats = winning_cells(other, animals, free)
    if len(threats) >= 2:
        return -LOST_POSITION
    if threats and placement_verdict(own | 1 << threats[0], animals, threats[0])[0] == LOSS:
        return -LOST_POSITION
    balance = potential(own, other, animals) - potential(other, own, animals) - CLEAN_PAIR * len(threats)
    return POSITIONAL_LIMIT * math.tanh(balance / SCALE)


def winning_cells(own: int, animals: int, free: int) -> list[int]:
    """The free cells where a player with tokens `own` would win by placing (R8)."""
    candidates = 0
    for mask in TRIPLE_MASKS:
        if not animals & mask and (own & mask).bit_count() == 2:
            candidates |= mask & free & ~own
    cells = []
    while candidates:
        bit = candidates & -candidates
        cell = bit.bit_length() - 1
        if placement_verdict(own | bit, animals, cell)[0] == WIN:
            cells.append(cell)
        candidates ^= bit
    return cells


def potential(own: int, other: int, animals: int) -> float:
    """The player's unblocked triples that still need animals released: pairs and singles, weighted."""
    total = 0.0
    for mask in TRIPLE_MASKS:
        if other & mask:
            continue
        count = (own & mask).bit_count()
        if count == 0:
            continue
        left = (animals & mask).bit_count()
        if count == 2:
            total += DIRTY_PAIR / left if left else 0.0
        else:
            total += SINGLE / (1 + left)
    return total
