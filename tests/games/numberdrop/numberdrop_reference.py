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


def combination_ids(cells: list[int], circled: int, boxes: dict[str, int], bonus: bool) -> set[str]:
    """Every combination id of a sheet (R21–R25), by growing every set and every path cell by cell.

    `cells` holds -1 for empty, 10 for X and a digit otherwise, cell y * 7 + x; `circled` and
    `boxes` ("same", "run": bit s - 3 for size s) are bit sets, `bonus` the box of 8.
    """
    free = {
        (index % COLUMNS, index // COLUMNS): value
        for index, value in enumerate(cells)
        if 0 <= value <= 9 and not circled >> index & 1
    }
    found = {
        f"same:{_names(sorted(group, key=_number))}" for group in _groups(free, _sizes(boxes["same"], bonus))
    }
    return found | {f"run:{_names(path)}" for path in _paths(free, _sizes(boxes["run"], bonus))}


def _sizes(taken: int, bonus: bool) -> set[int]:
    return {size for size in range(3, 8) if not taken >> (size - 3) & 1} | (set() if bonus else {8})


def _touching(cell: tuple[int, int], free: dict[tuple[int, int], int]) -> list[tuple[int, int]]:
    x, y = cell
    return [other for other in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)) if other in free]


def _groups(free: dict[tuple[int, int], int], sizes: set[int]) -> set[frozenset[tuple[int, int]]]:
    level = {frozenset([cell]) for cell in free}
    chosen = set()
    for size in range(2, 9):
        level = {
            group | {other}
            for group in level
            for cell in group
            for other in _touching(cell, free)
            if other not in group and free[other] == free[cell]
        }
        chosen |= level if size in sizes else set()
    return chosen


def _paths(free: dict[tuple[int, int], int], sizes: set[int]) -> list[list[tuple[int, int]]]:
    chosen = []
    level = [[cell] for cell in free]
    for size in range(2, 9):
        level = [
            [*path, other]
            for path in level
            for other in _touching(path[-1], free)
            if free[other] == free[path[-1]] + 1
        ]
        chosen += level if size in sizes else []
    return chosen


def _number(cell: tuple[int, int]) -> int:
    return cell[1] * COLUMNS + cell[0]


def _names(cells: list[tuple[int, int]]) -> str:
    return "-".join(f"{'abcdefg'[x]}{y + 1}" for x, y in cells)
