"""An independent, slow reference for Number Drop's drops: shapes turned by brute force, fallen row by row.

It shares nothing with the game's `board` or `rules`: the shapes are typed again from the
rules page (§2.2), the eight images come from rotating and flipping coordinates, and
gravity moves the shape down one row at a time until it would overlap or leave the grid.
"""

from __future__ import annotations

from itertools import permutations

BASE = {
    "I": [(0, 0), (1, 0), (2, 0), (3, 0)],
    "O": [(0, 0), (1, 0), (0, 1), (1, 1)],
    "T": [(0, 0), (1, 0), (2, 0), (1, 1)],
    "L": [(0, 0), (1, 0), (0, 1), (0, 2)],
    "S": [(0, 0), (0, 1), (1, 1), (1, 2)],
}
COLUMNS, ROWS = 7, 14


def images(cells: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The eight rotations and reflections, each shifted to touch x = 0 and y = 0 (duplicates kept)."""
    found = []
    for flip in (1, -1):
        current = [(flip * x, y) for x, y in cells]
        for _ in range(4):
            low_x = min(x for x, _ in current)
            low_y = min(y for _, y in current)
            found.append([(x - low_x, y - low_y) for x, y in current])
            current = [(-y, x) for x, y in current]
    return found


def fall(
    filled: set[tuple[int, int]], shape: list[tuple[int, int]], column: int
) -> list[tuple[int, int]] | None:
    """Where the shape rests, dropped from above the grid at `column`; None if it sticks out on top."""
    height = 30
    cells = [(column + x, height + y) for x, y in shape]
    while all(y - 1 >= 0 and (x, y - 1) not in filled for x, y in cells):
        cells = [(x, y - 1) for x, y in cells]
    return None if any(y >= ROWS for _, y in cells) else cells


def distinct_drops(filled: dict[tuple[int, int], int], shape: str, digits: tuple[int, ...]) -> int:
    """How many different grids a drop of `shape` filled with `digits` can make (R4–R6, R18)."""
    grids = set()
    for image in images(BASE[shape]):
        width = 1 + max(x for x, _ in image)
        for column in range(COLUMNS - width + 1):
            landed = fall(set(filled), image, column)
            if landed is None:
                continue
            for order in permutations(digits):
                grids.add(frozenset(zip(landed, order, strict=True)))
    return len(grids)
