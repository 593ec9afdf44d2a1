"""Number Drop's rules as functions of a sheet: gravity, drops, combinations (docs/rules/numberdrop.md).

Nothing here knows about seats or steps; `turn` strings these together into a seat's part
of a step and `state` into the game.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations_with_replacement, permutations
from operator import sub

from tabletop.games.numberdrop.board import (
    ALL_CELLS,
    BONUS_SIZE,
    CELL_NAMES,
    CELLS,
    CIRCLED,
    EACH_LAYER,
    EMPTY,
    HEIGHT,
    LAYER,
    NEIGHBOURS,
    NUMBER_DICE,
    OPEN,
    ORIENTATIONS,
    TETROMINOES,
    WIDTH,
    X_MARK,
    Orientation,
    Sheet,
    cell_of,
    cells_with_two_neighbours,
    drop_id,
    neighbourhood,
)

SAME = "same"
RUN = "run"
SMALLEST = 3

Combination = tuple[str, tuple[int, ...]]
"""A combination's type and its cells, in the order of its action id (R21–R23)."""


def landing_row(tops: list[int], orientation: Orientation, column: int) -> int:
    """The row of the shape's bottom-left corner after it falls in from above (R5).

    The shape stops on the highest filled cell under any of its columns; holes stay below.
    """
    highest: int = max(map(sub, tops[column : column + orientation.width], orientation.bottoms))
    return highest + 1


def landed_cells(tops: list[int], orientation: Orientation, column: int) -> list[int] | None:
    """The cells the shape fills when dropped at `column`, or None if any is above the top row (R6)."""
    row = landing_row(tops, orientation, column)
    if row + orientation.height > HEIGHT:
        return None
    corner = cell_of(column, row)
    return [corner + offset for offset in orientation.offsets]


Placement = tuple[Orientation, int]
"""An orientation and the column of its left edge (R4, R5)."""

PLACEMENTS: dict[str, tuple[Placement, ...]] = {
    shape: tuple(
        (orientation, column)
        for orientation in orientations
        for column in range(WIDTH - orientation.width + 1)
    )
    for shape, orientations in ORIENTATIONS.items()
}
"""Every placement of each shape, orientation by orientation then left to right: the order of ids."""


def _blocking_tables(shape: str) -> tuple[tuple[int, ...], ...]:
    """Per column and per height of that column (top row + 1), the placements of `shape` it blocks.

    A placement cannot be dropped when any column under it is so high that the shape would
    land with a cell above the top row (R6): with `bottoms[dx]` the shape's lowest cell
    in that column, the column's top may be at most HEIGHT - height - 1 + bottoms[dx].
    """
    tables = [[0] * (HEIGHT + 1) for _ in range(WIDTH)]
    for number, (orientation, column) in enumerate(PLACEMENTS[shape]):
        for dx, bottom in enumerate(orientation.bottoms):
            highest_top = HEIGHT - orientation.height - 1 + bottom
            for top in range(highest_top + 1, HEIGHT):
                tables[column + dx][top + 1] |= 1 << number
    return tuple(tuple(table) for table in tables)


BLOCKING: dict[str, tuple[tuple[int, ...], ...]] = {shape: _blocking_tables(shape) for shape in ORIENTATIONS}
"""`BLOCKING[shape][x][top + 1]`: the bit set of placements that column x at that height rules out.

Move generation asks which placements fit at every drop of every playout; seven table
lookups answer it instead of landing every orientation in every column.
"""


def fitting_placements(tops: Sequence[int], shape: str) -> int:
    """The bit set of the numbers (in `PLACEMENTS[shape]`) of the placements that can be dropped (R4–R6)."""
    blocked = 0
    for column_table, top in zip(BLOCKING[shape], tops, strict=True):
        blocked |= column_table[top + 1]
    return (1 << len(PLACEMENTS[shape])) - 1 & ~blocked


def placements(tops: Sequence[int], shape: str) -> Iterator[Placement]:
    """Every (orientation, leftmost column) at which `shape` can be dropped (R4–R6)."""
    fitting = fitting_placements(tops, shape)
    for number, placement in enumerate(PLACEMENTS[shape]):
        if fitting >> number & 1:
            yield placement


def can_drop(tops: Sequence[int], shape: str) -> bool:
    """Whether the shape fits anywhere (always true at the start of a turn, R6; see Q14)."""
    return fitting_placements(tops, shape) != 0


@cache
def digit_orders(digits: tuple[int, ...]) -> tuple[str, ...]:
    """The distinct ways to write the sorted digits into four cells (R18), as strings, in sorted order.

    Why strings of one character per digit: they sort as the digit tuples do, and permuting
    the string makes each order in one join, where the drop tables were made from tuples
    turned into text digit by digit. Kept for each of the 680 sorted digit strings the
    dice allow, as every shape's table with those digits reads them.

    >>> digit_orders((1, 1, 2))
    ('112', '121', '211')
    """
    return tuple(sorted(set(map("".join, permutations("".join(map(str, digits)))))))


PLACEMENT_PREFIXES: dict[str, tuple[str, ...]] = {
    shape: tuple(drop_id(*placement, ()) for placement in found) for shape, found in PLACEMENTS.items()
}
"""Per shape, the start of the drop ids of each placement ("L5@c:"), in the order of `PLACEMENTS`."""
PLACEMENT_NUMBERS: dict[str, dict[str, int]] = {
    shape: {prefix[:-1]: number for number, prefix in enumerate(prefixes)}
    for shape, prefixes in PLACEMENT_PREFIXES.items()
}
"""Per shape, the number in `PLACEMENTS` of each placement by its name ("L5@c")."""


class DropTable:
    """Every drop id of one shape with one multiset of digits, placement by placement (R16–R19).

    Only gravity depends on the sheet: which placements fit (`fitting_placements`). So the
    strings are made once per shape and digits (`drop_table`), and a drop's legal ids are
    the tuples of the fitting placements joined, where building them anew cost a thousand
    string concatenations per drop of every playout.
    """

    __slots__ = ("every", "ids_by_placement", "numbers")

    def __init__(self, shape: str, digits: tuple[int, ...]) -> None:
        self.numbers = PLACEMENT_NUMBERS[shape]
        orders = digit_orders(digits)
        self.every: tuple[str, ...] = _prefixed(PLACEMENT_PREFIXES[shape], orders)
        count = len(orders)
        self.ids_by_placement: tuple[tuple[str, ...], ...] = tuple(
            self.every[start : start + count] for start in range(0, len(self.every), count)
        )

    def ids(self, fitting: int) -> list[str]:
        """The drop ids of the placements in the bit set `fitting`, in placement order."""
        if fitting == (1 << len(self.ids_by_placement)) - 1:
            return list(self.every)
        found: list[str] = []
        for number, ids in enumerate(self.ids_by_placement):
            if fitting >> number & 1:
                found += ids
        return found

    def has(self, action_id: str, fitting: int) -> bool:
        """Whether `action_id` is in `ids(fitting)`, looked up among its own placement's ids only.

        Why: `apply` asks it of every drop, and the list holds hundreds of ids of one length,
        each compared character by character; the placement is the part before ":".
        """
        number = self.numbers.get(action_id.partition(":")[0], -1)
        return number >= 0 and fitting >> number & 1 == 1 and action_id in self.ids_by_placement[number]


def _prefixed(prefixes: Sequence[str], suffixes: Sequence[str]) -> tuple[str, ...]:
    """Every prefix followed by every suffix, prefix by prefix, made by one join and one split.

    Why: a table is made at the first drop that needs it, a thousand ids at most; joining
    them around spaces (no id holds one) and splitting makes them in C, at half the cost
    of one concatenation per id.
    """
    return tuple(" ".join([prefix + (" " + prefix).join(suffixes) for prefix in prefixes]).split(" "))


@cache
def drop_table(shape: str, digits: tuple[int, ...]) -> DropTable:
    """The drop ids of `shape` with the sorted `digits`, made once and kept.

    Unbounded but small: the dice allow 680 sorted digit strings, so there are at most
    3,400 (shape, digits) pairs, 80 MB if every table is made. Random games meet about
    2,700 in 3,000 games (66 MB); a cap of 2,048 made a table anew for one drop in 20.
    """
    return DropTable(shape, digits)


def drops(tops: Sequence[int], shape: str, digits: tuple[int, ...]) -> tuple[DropTable, int]:
    """The drop table of `shape` with these digits and the bit set of its placements that fit (R4–R6)."""
    return drop_table(shape, tuple(sorted(digits))), fitting_placements(tops, shape)


def drop_ids(tops: Sequence[int], shape: str, digits: tuple[int, ...]) -> list[str]:
    """Every drop action id: placement × arrangement of the digits (R16–R19), from `drop_table`."""
    table, fitting = drops(tops, shape, digits)
    return table.ids(fitting)


# --- combinations ---------------------------------------------------------------------------


def is_free_digit(sheet: Sheet, cell: int) -> bool:
    """A cell that may join a combination: a digit (not X), not circled yet (R21)."""
    value = sheet.cells[cell]
    return value not in (EMPTY, X_MARK) and not sheet.circled >> cell & 1


def combinations(sheet: Sheet) -> list[Combination]:
    """Every combination the sheet may score now: identical groups, then runs (R21–R25).

    Both searches first ask their question of the ten digits' layers at once
    (`Sheet.layers`): about two sheets in three have no combination, and they learn it
    from a few shifts of one int instead of ten.
    """
    layers = sheet.layers & ~(sheet.circled * EACH_LAYER)
    return _identical_groups(sheet, layers) + _runs(sheet, layers)


def _free_digits(layers: int) -> list[int]:
    """For each digit, the bit set of its cells that may join a combination (R21), from the free layers."""
    return [layers >> (LAYER * digit) & ALL_CELLS for digit in range(X_MARK)]


def _identical_groups(sheet: Sheet, layers: int) -> list[Combination]:
    """Connected subsets of 3–8 equal digits whose box is free (R22, R25), cells in ascending order.

    The groups come component by component, in the order of each component's lowest cell.
    A component of three or more cells is found from one of its cells with two neighbours
    in it (`cells_with_two_neighbours`, on every digit's layer at once), so digits without
    one cost no flood fill.
    """
    wanted = sheet.open_sizes(SAME)
    if not wanted:
        return []
    middles = cells_with_two_neighbours(layers)
    components: list[int] = []
    while middles:
        start = middles & -middles
        component = _component(layers, start)
        middles &= ~component
        digit = (start.bit_length() - 1) // LAYER
        components.append(component >> (LAYER * digit))
    components.sort(key=lambda component: component & -component)
    found: list[Combination] = []
    for component in components:
        found.extend((SAME, _cells_of(mask)) for mask in _connected_subsets(component, wanted))
    return found


def _component(cells: int, start: int) -> int:
    """The cells of the bit set `cells` connected to the cell bit `start`, as a bit set."""
    component = start
    while True:
        grown = component | neighbourhood(component) & cells
        if grown == component:
            return component
        component = grown


def _connected_subsets(component: int, sizes: tuple[int, ...]) -> list[int]:
    """The connected subsets of `component` with a size in `sizes`, grown one neighbour at a time."""
    largest = min(max(sizes), component.bit_count())
    level = {1 << cell for cell in _cells_of(component)}
    chosen: list[int] = []
    for size in range(2, largest + 1):
        grown: set[int] = set()
        for mask in level:
            frontier = neighbourhood(mask) & component & ~mask
            while frontier:
                bit = frontier & -frontier
                grown.add(mask | bit)
                frontier ^= bit
        level = grown
        if size in sizes:
            chosen.extend(sorted(level))
    return chosen


def _cells_of(mask: int) -> tuple[int, ...]:
    cells = []
    while mask:
        bit = mask & -mask
        cells.append(bit.bit_length() - 1)
        mask ^= bit
    return tuple(cells)


def _runs(sheet: Sheet, layers: int) -> list[Combination]:
    """Paths of 3–8 cells whose digits rise by exactly 1 at each step, lowest digit first (R23).

    A falling run is the same cells read backwards, so each set is listed once.
    """
    wanted = sheet.open_sizes(RUN)
    if not wanted:
        return []
    layered_starts = _run_starts(layers, wanted[0])
    starts = 0
    if not layered_starts:
        return []
    while layered_starts:
        starts |= layered_starts & ALL_CELLS
        layered_starts >>= LAYER
    free = _free_digits(layers)
    found: list[Combination] = []
    for start in _cells_of(starts):
        _extend_run(free, [start], sheet.cells[start], (wanted, wanted[-1]), found)
    return found


def _run_starts(layers: int, length: int) -> int:
    """The free cells from which a rising path of `length` cells starts, in their digit's layer.

    Worked out backwards a step at a time, for every digit at once: the cells of digit d
    next to a start of length k - 1 of digit d + 1, whose layer lies one above. Most sheets
    have no run of the smallest wanted size at all, and then the path search never runs.
    """
    starts = layers
    for _ in range(length - 1):
        starts = layers & (neighbourhood(starts) >> LAYER)
    return starts


def _extend_run(
    free: list[int],
    path: list[int],
    digit: int,
    lengths: tuple[tuple[int, ...], int],
    found: list[Combination],
) -> None:
    """Every run that continues `path`, whose last cell holds `digit`, in neighbour order.

    `lengths` is the wanted lengths, smallest first (`Sheet.open_sizes`), and the longest.
    """
    wanted, longest = lengths
    if len(path) in wanted:
        found.append((RUN, tuple(path)))
    if len(path) == longest or digit + 1 == len(free):
        return
    following = free[digit + 1]
    for other in NEIGHBOURS[path[-1]]:
        if following >> other & 1:
            path.append(other)
            _extend_run(free, path, digit + 1, lengths, found)
            path.pop()


def combination_id(combination: Combination) -> str:
    """ "same:a1-b1-c1" or "run:c3-c4-d4": the type, then the cells in their canonical order."""
    kind, cells = combination
    return f"{kind}:{'-'.join(CELL_NAMES[cell] for cell in cells)}"


def score_combination(sheet: Sheet, kind: str, cells: list[int]) -> None:
    """Circles the cells and the box (R26); circles the BLOCK letter once both boxes of a size are (R29)."""
    size = len(cells)
    for cell in cells:
        sheet.circled |= 1 << cell
    if size == BONUS_SIZE:
        sheet.bonus = True
        return
    bit = 1 << (size - SMALLEST)
    if kind == SAME:
        sheet.same |= bit
    else:
        sheet.run |= bit
    letter = size - SMALLEST
    if sheet.same & sheet.run & bit and sheet.letters[letter] == OPEN:
        sheet.letters[letter] = CIRCLED


# --- research: every drop and every combination that can ever be legal ---------------------


def possible_digit_strings() -> tuple[str, ...]:
    """Every way four number dice can end up written into a tetromino, ascending (R16–R19).

    A string is possible when its digits can be matched to N1–N4 so that each die can
    show its digit: a star can be any digit 0–9 (R18), N4 has no star.

    >>> strings = possible_digit_strings()
    >>> len(strings), strings[:2], "0489" in strings, "0000" in strings
    (9744, ('0001', '0002'), False, False)
    """
    faces = [set(range(10)) if None in die else set(die) for die in NUMBER_DICE]
    found = {
        order
        for digits in combinations_with_replacement(range(10), len(faces))
        if any(
            all(digit in face for digit, face in zip(shuffled, faces, strict=True))
            for shuffled in permutations(digits)
        )
        for order in permutations(digits)
    }
    return tuple("".join(map(str, order)) for order in sorted(found))


def every_drop_id() -> list[str]:
    """Every tetromino drop: orientation (shape by shape), fitting left column, digit string."""
    strings = possible_digit_strings()
    prefixes = [
        drop_id(orientation, column, ())
        for shape in TETROMINOES
        for orientation in ORIENTATIONS[shape]
        for column in range(WIDTH - orientation.width + 1)
    ]
    return [prefix + string for prefix in prefixes for string in strings]


def every_combination_id() -> list[str]:
    """Every "same" (connected cells, ascending) then every "run" (paths, lowest digit first) of 3–8 cells.

    Both are ordered by size, then by their cells; a path counts in both directions, as
    either end may hold the lowest digit.
    """
    groups = _connected_sets(BONUS_SIZE)
    paths = _simple_paths(BONUS_SIZE)
    sizes = range(SMALLEST, BONUS_SIZE + 1)
    same = [combination_id((SAME, cells)) for size in sizes for cells in groups[size]]
    run = [combination_id((RUN, path)) for size in sizes for path in paths[size]]
    return same + run


def _connected_sets(largest: int) -> dict[int, list[tuple[int, ...]]]:
    """The orthogonally connected sets of cells of each size up to `largest`, ascending, sorted."""
    by_size = {1: {1 << cell for cell in range(CELLS)}}
    for size in range(2, largest + 1):
        grown = set()
        for mask in by_size[size - 1]:
            border = neighbourhood(mask) & ~mask
            while border:
                bit = border & -border
                grown.add(mask | bit)
                border ^= bit
        by_size[size] = grown
    return {size: sorted(_cells_of(mask) for mask in masks) for size, masks in by_size.items()}


def _simple_paths(longest: int) -> dict[int, list[tuple[int, ...]]]:
    """The paths of orthogonally adjacent distinct cells of each length up to `longest`, sorted."""
    by_size: dict[int, list[tuple[int, ...]]] = {size: [] for size in range(1, longest + 1)}
    frontier: list[tuple[int, ...]] = [(cell,) for cell in range(CELLS)]
    for size in range(1, longest + 1):
        by_size[size] = sorted(frontier)
        frontier = [
            (*path, other) for path in frontier for other in NEIGHBOURS[path[-1]] if other not in path
        ]
    return by_size
