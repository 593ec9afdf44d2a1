"""A player's score sheet: the grid, the combination table, the BLOCK letters, the row boxes (§2.4).

A sheet is copied every time a seat starts or undoes its part of a step and whenever a bot
clones a state, so it is a handful of flat lists and integer bit sets.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.engine import JsonDict
from tabletop.games.numberdrop.board import BONUS_SIZE, CELLS, EMPTY, HEIGHT, LINE, WIDTH, cell_of

OPEN, CIRCLED, CROSSED = 0, 1, 2
"""The three states of a BLOCK letter on a sheet (R7, R12, R29)."""
ROW_BONUS = 2
ROW_PENALTY = 5
COLUMN_BONUS = 10
ALL_SIZES = 0b11111
"""The bit set of the five boxes of one type, sizes 3..7 (bit s - 3)."""


class Sheet:
    """One grid of 7 × 14 cells with what is circled on the sheet.

    `cells` holds EMPTY, a digit 0..9 or X_MARK; `tops[x]` is the highest filled row of
    column x (-1 when empty), which gravity reads (R5). `circled` is a bit set of grid
    cells used in combinations; `same` and `run` bit sets of the circled boxes (bit s - 3);
    `plus` the circled +2 boxes by row, `minus` the circled -5 boxes (bit y - 11).
    """

    __slots__ = ("bonus", "cells", "circled", "letters", "minus", "plus", "run", "same", "tops")

    def __init__(self) -> None:
        self.cells: list[int] = [EMPTY] * CELLS
        self.tops: list[int] = [-1] * WIDTH
        self.circled = 0
        self.same = 0
        self.run = 0
        self.bonus = False
        self.letters: list[int] = [OPEN] * 5
        self.plus = 0
        self.minus = 0

    def copy(self) -> Sheet:
        twin = Sheet.__new__(Sheet)
        twin.cells = self.cells.copy()
        twin.tops = self.tops.copy()
        twin.letters = self.letters.copy()
        twin.circled, twin.same, twin.run = self.circled, self.same, self.run
        twin.bonus, twin.plus, twin.minus = self.bonus, self.plus, self.minus
        return twin

    def write(self, cells: Iterable[int], values: Iterable[int]) -> None:
        """Writes digits or X marks into empty cells, keeping `tops` right."""
        for cell, value in zip(cells, values, strict=True):
            self.cells[cell] = value
            x, y = cell % WIDTH, cell // WIDTH
            self.tops[x] = max(self.tops[x], y)

    def has_box(self, kind: str, size: int) -> bool:
        """Whether the box a combination of this type and size would circle is already circled (R25)."""
        if size == BONUS_SIZE:
            return self.bonus
        return bool((self.same if kind == "same" else self.run) >> (size - 3) & 1)

    def score(self) -> int:
        """The score of §2.4 (R36, R37)."""
        total = _box_sum(self.same) + _box_sum(self.run)
        total += COLUMN_BONUS * ((self.same == ALL_SIZES) + (self.run == ALL_SIZES))
        total += BONUS_SIZE * self.bonus
        return total + ROW_BONUS * self.plus.bit_count() - ROW_PENALTY * self.minus.bit_count()

    def mark_rows(self) -> None:
        """End of turn: +2 for each full normal row (R33), -5 for each row marked beyond the line (R34)."""
        for y in range(LINE):
            if not self.plus >> y & 1 and all(self.cells[cell_of(x, y)] != EMPTY for x in range(WIDTH)):
                self.plus |= 1 << y
        for y in range(LINE, HEIGHT):
            if any(self.cells[cell_of(x, y)] != EMPTY for x in range(WIDTH)):
                self.minus |= 1 << (y - LINE)

    def to_json(self) -> JsonDict:
        return {
            "cells": self.cells.copy(),
            "circled": self.circled,
            "same": self.same,
            "run": self.run,
            "bonus": self.bonus,
            "letters": self.letters.copy(),
            "plus": self.plus,
            "minus": self.minus,
        }

    @classmethod
    def from_json(cls, data: JsonDict) -> Sheet:
        sheet = cls()
        filled = [(cell, int(value)) for cell, value in enumerate(data["cells"]) if value != EMPTY]
        sheet.write([cell for cell, _ in filled], [value for _, value in filled])
        sheet.circled = int(data["circled"])
        sheet.same, sheet.run = int(data["same"]), int(data["run"])
        sheet.bonus = bool(data["bonus"])
        sheet.letters = [int(letter) for letter in data["letters"]]
        sheet.plus, sheet.minus = int(data["plus"]), int(data["minus"])
        return sheet


def _box_sum(boxes: int) -> int:
    """The value of the circled boxes of one type: each box is worth its size (R26)."""
    return sum(size for size in range(3, 8) if boxes >> (size - 3) & 1)
