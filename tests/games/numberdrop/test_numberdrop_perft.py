"""Move counts of Number Drop (docs/rules/numberdrop.md), checked by formula and by a reference.

At the first roll every seat's drop count is (placements of the shape) × (arrangements of
the digits), since every placement fits (R6). A placement is an orientation and the column
of its left edge: an orientation w cells wide has 8 − w columns.

| shape | orientations | placements | drops, 4 different digits | drops, digits 1 1 4 7 |
|-------|--------------|------------|---------------------------|-----------------------|
| I     | 2            | 4 + 7 = 11 | 264                       | 132                   |
| O     | 1            | 6          | 144                       | 72                    |
| T     | 4            | 22         | 528                       | 264                   |
| L     | 8            | 44         | 1056                      | 528                   |
| S     | 4            | 22         | 528                       | 264                   |
| all   | 19           | 105        |                           |                       |

From the start of a game (`perft` follows the first current seat): 7 cells of row 1 to write
one's number in; then confirm or undo (14); after a confirm the next seat's 7 cells, after
an undo the 7 cells again (7 × 7 + 7 × 7 = 98).
"""

from __future__ import annotations

import pytest
from numberdrop_positions import position
from numberdrop_reference import distinct_drops

from perft import perft
from tabletop import games
from tabletop.games.numberdrop.board import ORIENTATIONS

TABLE = {
    "I": (2, 11, 264, 132),
    "O": (1, 6, 144, 72),
    "T": (4, 22, 528, 264),
    "L": (8, 44, 1056, 528),
    "S": (4, 22, 528, 264),
}
DIFFERENT = (1, 2, 3, 5)
PAIRED = (1, 1, 4, 7)
"""Rolls are given per die: N1–N4 can show 1 2 3 5 and 1 1 4 7 respectively."""


def drop_count(shape: str, digits: tuple[int, ...]) -> int:
    state = position(players=2, grids={0: ["1......"]}, roll=(*digits, shape))
    return sum(1 for action in state.legal_action_ids(0) if "@" in action)


@pytest.mark.parametrize("shape", list(TABLE))
def test_orientations_and_placements_per_shape(shape: str) -> None:
    orientations, placements, _, _ = TABLE[shape]
    assert len(ORIENTATIONS[shape]) == orientations
    assert sum(8 - orientation.width for orientation in ORIENTATIONS[shape]) == placements


@pytest.mark.parametrize("shape", list(TABLE))
def test_drops_at_the_first_roll_match_the_table_and_the_reference(shape: str) -> None:
    _, placements, different, paired = TABLE[shape]
    assert drop_count(shape, DIFFERENT) == different == placements * 24
    assert drop_count(shape, PAIRED) == paired == placements * 12
    start = {(0, 0): 1}
    assert distinct_drops(start, shape, DIFFERENT) == different
    assert distinct_drops(start, shape, PAIRED) == paired


def test_drops_on_an_uneven_grid_match_the_reference() -> None:
    grid = ["......5", "1....35", "12.1.35", "1271435"]
    filled = {(x, 3 - y): 1 for y, row in enumerate(grid) for x, char in enumerate(row) if char != "."}
    for shape in TABLE:
        state = position(players=2, grids={0: grid}, roll=(*DIFFERENT, shape))
        count = sum(1 for action in state.legal_action_ids(0) if "@" in action)
        assert count == distinct_drops(filled, shape, DIFFERENT)


def test_near_the_top_only_the_low_orientations_fit() -> None:
    # R6: with every column full to row 12's edge, only lying shapes (2 rows at most) fit
    tall = ["1313131", "5757575"] * 5 + ["1313131"]
    filled = {(x, 10 - y): 1 for y, row in enumerate(tall) for x, _ in enumerate(row)}
    for shape in TABLE:
        state = position(players=2, grids={0: tall}, roll=(*DIFFERENT, shape))
        count = sum(1 for action in state.legal_action_ids(0) if "@" in action)
        assert count == distinct_drops(filled, shape, DIFFERENT)
    assert distinct_drops(filled, "I", DIFFERENT) == 4 * 24


@pytest.mark.parametrize(("depth", "count"), [(1, 7), (2, 14), (3, 98)])
def test_perft_from_the_start(depth: int, count: int) -> None:
    state = games.load("numberdrop").new_state(2, None, 1)
    assert perft(state, depth) == count
