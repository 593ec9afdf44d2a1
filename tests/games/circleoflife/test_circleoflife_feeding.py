"""The food chain link by link (§2.4, R6): each of the 12 species eats its prey and nothing else.

For every predator, a position is found by the reference's own shapes: Black's critter of
that species, completed by the stone played, touches a white critter of its prey and a
white critter of its own predator. The prey must go, the predator must stay.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from circleoflife_reference import (
    ALL_CELLS,
    FOOD_CHAIN_PAIRS,
    Hex,
    classify,
    free_polyhexes,
    images,
    name,
    neighbours,
    position,
)

PREDATOR_OF = {prey: predator for predator, prey in FOOD_CHAIN_PAIRS.items()}
BLACK, WHITE = 0, 1


def shape_of(species: str) -> tuple[Hex, ...]:
    shapes = (shape for size in (1, 2, 3, 4) for shape in free_polyhexes(size))
    return next(shape for shape in shapes if classify(shape) == species)


def placements(species: str) -> Iterator[frozenset[Hex]]:
    """Every way to put the species on the board, in a fixed order."""
    for image in sorted(images(shape_of(species))):
        for row, column in ALL_CELLS:
            cells = frozenset((row + dr, column + dc) for dr, dc in image)
            if all(cell in ALL_CELLS for cell in cells):
                yield cells


def halo(cells: frozenset[Hex]) -> set[Hex]:
    return {other for cell in cells for other in neighbours(cell)} - cells


def white_critter_touching(black: frozenset[Hex], species: str, avoid: set[Hex]) -> frozenset[Hex]:
    """A placement of `species` that touches `black` and neither overlaps nor touches `avoid`."""
    return next(
        cells
        for cells in placements(species)
        if cells & halo(black) and not cells & (black | avoid) and not halo(cells) & avoid
    )


def feeding_position(predator: str) -> tuple[frozenset[Hex], frozenset[Hex], frozenset[Hex]]:
    """Black's critter, the white prey and the white predator next to it."""
    black = next(cells for cells in placements(predator) if (4, 4) in cells)
    prey = white_critter_touching(black, FOOD_CHAIN_PAIRS[predator], set())
    enemy = white_critter_touching(black, PREDATOR_OF[predator], set(prey))
    return black, prey, enemy


@pytest.mark.parametrize("predator", list(FOOD_CHAIN_PAIRS))
def test_each_species_eats_its_prey_and_not_its_predator(predator: str) -> None:
    # R6, §2.4: the evolved critter (completed at E4) eats the touching critter of its prey only
    black, prey, enemy = feeding_position(predator)
    white = prey | enemy
    state = position(
        black=[name(cell) for cell in black - {(4, 4)}],
        white=[name(cell) for cell in white],
    )
    state.apply(BLACK, "E4")
    remaining = {cell for c in state.view(None)["critters"] if c["seat"] == WHITE for cell in c["cells"]}
    assert remaining == {name(cell) for cell in enemy}
    assert state.eaten == [len(prey), 0]
    assert state.view(None)["last_move"]["species"] == predator
