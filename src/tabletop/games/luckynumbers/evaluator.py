"""A heuristic value of a Lucky Numbers position for each seat, for the search bots.

What wins is filling the garden first (R8) or having the fewest empty cells when the pile
runs out (R9), so a garden is worth its filled cells, plus something for each empty cell
that many numbers still fit (order slack: a cell squeezed between 9 and 10 is as good as
dead), plus the face-up tiles it could use, worth more the sooner its owner plays. A seat's
value compares its garden with the best of the others.
"""

from __future__ import annotations

import math
from functools import lru_cache

from tabletop.games.luckynumbers.board import CELLS, NO_TILE, NUMBER_OF, NUMBERS, Garden, Tile
from tabletop.games.luckynumbers.fitting import FIELD_MASK, FIELD_WIDTH, fit_table, garden_fits
from tabletop.games.luckynumbers.state import LuckyNumbersState

SLACK_WEIGHT = 0.6
"""What an empty cell into which every number fits is worth, in filled cells."""
USABLE_WEIGHT = 0.3
"""What a face-up number that fits an empty cell is worth to the next player, in filled cells."""
SCALE = 3.0
"""A lead of this many filled cells makes a position look about three-quarters won."""


def evaluate(state: LuckyNumbersState) -> list[float]:
    """One value per seat in [-1, 1]: the outcome's ranks once over, else the garden comparison."""
    outcome = state.outcome()
    if outcome is not None:
        worst = max(state.players - 1, 1)
        return [1.0 - 2.0 * (rank - 1) / worst for rank in outcome.ranks]
    table_mask = 0
    for tile in state.table:
        table_mask |= 1 << NUMBER_OF[tile]
    strengths = []
    for seat, garden in enumerate(state.gardens):
        turns_away = (seat - state.current) % state.players
        in_hand = state.held if turns_away == 0 else NO_TILE
        strengths.append(garden_strength(garden, table_mask, in_hand, turns_away))
    return [math.tanh((own - _best_other(strengths, seat)) / SCALE) for seat, own in enumerate(strengths)]


def garden_strength(garden: Garden, table_mask: int, in_hand: Tile, turns_away: int) -> float:
    """Filled cells, plus order slack of the empty ones, plus usable tiles (see the module docstring).

    >>> from tabletop.games.luckynumbers.board import empty_garden
    >>> round(garden_strength(empty_garden(), 0, NO_TILE, 0), 2)  # 16 cells, each fits 20 numbers
    9.6
    """
    filled, slack, open_numbers = _garden_summary(tuple(garden))
    if in_hand != NO_TILE:
        table_mask |= 1 << NUMBER_OF[in_hand]
    usable = (table_mask & open_numbers).bit_count() / (1 + turns_away)
    return filled + SLACK_WEIGHT * slack + USABLE_WEIGHT * usable


@lru_cache(maxsize=1 << 13)
def _garden_summary(garden: tuple[Tile, ...]) -> tuple[int, float, int]:
    """Filled cells, order slack of the empty ones, and the numbers that fit some empty cell.

    Remembered, since a search judges the same gardens again and again (most gardens do not
    change in the few moves between two evaluations).
    """
    table = fit_table(garden_fits(garden))
    filled = 0
    slack = 0.0
    open_numbers = 0
    for cell in range(CELLS):
        if garden[cell] != NO_TILE:
            filled += 1
            continue
        mask = table >> FIELD_WIDTH * cell & FIELD_MASK
        slack += mask.bit_count() / NUMBERS
        open_numbers |= mask
    return filled, slack, open_numbers


def _best_other(strengths: list[float], seat: int) -> float:
    return max(strength for other, strength in enumerate(strengths) if other != seat)
