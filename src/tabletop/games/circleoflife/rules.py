"""The rules of Circle of Life as pure functions of the stones: the food chain, where a stone
may go, and what the evolved critter eats.

Rule numbers (R1..R12, §2.4) are those of docs/rules/circleoflife.md. The state (`state.py`)
feeds these functions its bitboards (see `board`) and keeps the results.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.games.circleoflife.board import (
    BOARD,
    CellSet,
    Species,
    around_critter,
    critter_at,
    species_of,
)

FOOD_CHAIN: tuple[Species, ...] = (
    Species.SINGLETON,
    Species.LINE_4,
    Species.PROPELLER,
    Species.DIAMOND,
    Species.SNAKE,
    Species.ARCH,
    Species.SLED,
    Species.KEY,
    Species.TRIANGLE,
    Species.LINE_3,
    Species.BEND_3,
    Species.PAIR,
)
"""§2.4: each species eats the next one, and the last (pair) eats the first (singleton)."""

PREY: dict[Species, Species] = {
    predator: FOOD_CHAIN[(index + 1) % len(FOOD_CHAIN)] for index, predator in enumerate(FOOD_CHAIN)
}

MAX_CRITTER_SIZE = 4
"""R3: a critter may not grow beyond 4 stones."""

DEFAULT_TARGET = 20
"""R9: stones a player must eat to win in the standard game."""


def overcrowded(own_critters: Iterable[CellSet]) -> CellSet:
    """The cells where one more stone of this colour would make a critter of 5+ stones (R3).

    A new stone joins every friendly critter it touches, so a cell is overcrowded when the
    critters around it hold 4 stones or more in all. The sums are kept for all cells at once
    in two bit planes (a binary counter from 0 to 3) plus a plane of the cells that reached 4.
    It takes the colour's critters (`critters(own)`, or the list the state keeps up to date)
    because finding them again is most of the cost.
    """
    ones = twos = full = 0
    for critter in own_critters:
        size = critter.bit_count()
        around = around_critter(critter)
        if size >= MAX_CRITTER_SIZE:
            full |= around
            continue
        if size & 1:
            carry = ones & around
            ones ^= around
            full |= twos & carry
            twos ^= carry
        if size & 2:
            full |= twos & around
            twos ^= around
    return full


def legal_placements(own_critters: Iterable[CellSet], occupied: CellSet) -> CellSet:
    """The empty cells where a colour with these critters may place (R2, R3)."""
    return BOARD & ~occupied & ~overcrowded(own_critters)


def devoured_by(evolved: CellSet, enemy: CellSet) -> CellSet:
    """The enemy stones the evolved critter eats (R5–R7): every touching enemy critter of its prey.

    Species are taken from the board as it stands; nothing is removed here, so several
    critters can be eaten at once and eating never triggers more eating.
    """
    prey = PREY[species_of(evolved)]
    touching = around_critter(evolved) & enemy
    eaten = 0
    while touching:
        critter = critter_at(touching & -touching, enemy)
        if species_of(critter) is prey:
            eaten |= critter
        touching &= ~critter
    return eaten
