"""The dice side of an exact Yatzy turn, compiled with numba for many states at once.

A turn is the same "widget" for every state of the card: from the value of stopping on
each final roll, backward induction over the rolls gives the value of the best play
(yatzy_turn.py states the recurrences). Here they run over thousands of states in one
call, one state per column, in compiled loops (numpy's temporaries made the same
recurrences ten times slower).

Multisets of 0 to d dice have one flat index, smallest first (`offsets[s]` is where those
of s dice start). Two facts make the widget a few passes per multiset instead of a sum
over every outcome of every keep:

- rolling one more die is uniform over the faces, so the expected value of keeping k and
  rolling the rest is the mean over faces f of the value of keeping k + f (`up`);
- the best keep inside a multiset is either that multiset itself or the best keep inside
  one of the multisets with one die fewer (`down`).

>>> dice = dice_levels(5)
>>> dice.offsets.tolist()
[0, 1, 7, 28, 84, 210, 462]

Chasing five sixes for a whole turn: each die becomes a six within three rolls with
chance 1 - (5/6)**3, so the turn is worth 50 times that to the fifth power.

>>> stop = np.array([[50.0 if roll[5] == 5 else 0.0] for roll in dice.rolls])
>>> keeps, expected = turn_arrays(dice, columns=1, rerolls=2)
>>> turn_values(stop, dice.offsets, dice.up, dice.down, keeps, expected)
>>> round(float(keeps[-1, 0, 0]), 9) == round(50 * (1 - (5 / 6) ** 3) ** 5, 9)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numba
import numpy as np
from numpy.typing import NDArray

from tabletop.bots.solvers.yatzy_turn import Counts, multisets

FACES = 6
Values = NDArray[np.float64]
Indices = NDArray[np.int64]


@dataclass(frozen=True)
class DiceLevels:
    """Multisets of 0 to `dice` dice under one flat index, and how sizes link up."""

    dice: int
    multisets: tuple[Counts, ...]
    index: dict[Counts, int]
    offsets: Indices
    """Multisets of s dice have the flat indices offsets[s] to offsets[s + 1] - 1."""
    up: Indices
    """`up[f, i]`: multiset i plus one die showing f + 1 (for i below the full size)."""
    down: Indices
    """`down[f, i]`: multiset i minus a die showing f + 1, or minus another of its dice when none
    shows f + 1 (a maximum may repeat a term); 0 for the empty multiset."""

    @property
    def rolls(self) -> tuple[Counts, ...]:
        """The full-size multisets: every roll, in the order of the stop values' rows."""
        return self.multisets[int(self.offsets[self.dice]) :]


@cache
def dice_levels(dice: int) -> DiceLevels:
    """The tables for `dice` dice, in the order of `yatzy_turn.multisets` within each size."""
    every = tuple(counts for size in range(dice + 1) for counts in multisets(size))
    index = {counts: position for position, counts in enumerate(every)}
    offsets = np.cumsum([0] + [len(multisets(size)) for size in range(dice + 1)])
    up = np.zeros((FACES, len(every)), dtype=np.int64)
    down = np.zeros((FACES, len(every)), dtype=np.int64)
    for position, counts in enumerate(every):
        for face in range(FACES):
            if sum(counts) < dice:
                up[face, position] = index[_plus(counts, face)]
            if sum(counts):
                down[face, position] = index[_minus(counts, face)]
    return DiceLevels(dice, every, index, offsets.astype(np.int64), up, down)


def _plus(counts: Counts, face: int) -> Counts:
    return (*counts[:face], counts[face] + 1, *counts[face + 1 :])


def _minus(counts: Counts, face: int) -> Counts:
    """`counts` with one die showing face + 1 removed, or its first die if none shows it."""
    if not counts[face]:
        face = next(other for other, count in enumerate(counts) if count)
    return (*counts[:face], counts[face] - 1, *counts[face + 1 :])


def turn_arrays(dice: DiceLevels, columns: int, rerolls: int) -> tuple[Values, Values]:
    """Room for `turn_values`: (keeps, expected) for `columns` states and up to `rerolls` rerolls."""
    keeps = np.empty((rerolls + 2, len(dice.multisets), columns))
    return keeps, np.empty((rerolls + 1, len(dice.rolls), columns))


@numba.njit(cache=True, fastmath=True)
def turn_values(  # noqa: PLR0917 - numba kernels take their arrays by position
    stop: Values, offsets: Indices, up: Indices, down: Indices, keeps: Values, expected: Values
) -> None:
    """Fills `expected[r]` = E_r and `keeps[r]` = K_r for r up to len(expected) - 1 rerolls.

    `keeps[-1]` is the turn before its first roll (its row 0 the value of the turn). The
    loops run over columns innermost, on named rows, so they compile to vector code (the
    same loops indexing one 2-d array were three times slower).
    """
    full = offsets[len(offsets) - 2]
    expected[0] = stop
    best = np.empty(keeps.shape[1:])
    for rerolls in range(1, keeps.shape[0]):
        current = keeps[rerolls]
        current[full:] = expected[rerolls - 1]
        keep_means(current, full, up)
        if rerolls == keeps.shape[0] - 1:
            break
        best_inside(best, current, down)
        expected[rerolls] = best[full:]


@numba.njit(cache=True, fastmath=True)
def keep_means(values: Values, full: int, up: Indices) -> None:
    """K_r from E_{r-1}: `values[full:]` holds the rolls' values, the keeps' rows are filled in.

    Keeping multiset k and rolling the rest is worth the mean over faces of keeping k plus
    that face, so one pass from the largest keeps down fills every row.
    """
    for position in range(full - 1, -1, -1):
        rows = up[:, position]
        _mean_of_six(
            values[position], values[rows[0]], values[rows[1]], values[rows[2]],
            values[rows[3]], values[rows[4]], values[rows[5]],
        )  # fmt: skip


@numba.njit(cache=True, fastmath=True)
def best_inside(best: Values, values: Values, down: Indices) -> None:
    """`best[m]` = the largest `values` row of a multiset inside m (m itself included).

    With K_r in the keeps' rows and the stop values in the rolls' rows, `best[full:]` is E_r.
    """
    best[0] = values[0]
    for position in range(1, values.shape[0]):
        rows = down[:, position]
        _max_of_seven(
            best[position], values[position], best[rows[0]], best[rows[1]],
            best[rows[2]], best[rows[3]], best[rows[4]], best[rows[5]],
        )  # fmt: skip


@numba.njit(cache=True, fastmath=True)
def _mean_of_six(  # noqa: PLR0917 - numba kernels take their arrays by position
    out: Values, a: Values, b: Values, c: Values, d: Values, e: Values, f: Values
) -> None:
    for column in range(len(out)):
        out[column] = (a[column] + b[column] + c[column] + d[column] + e[column] + f[column]) / FACES


@numba.njit(cache=True, fastmath=True)
def _max_of_seven(  # noqa: PLR0917 - numba kernels take their arrays by position
    out: Values, own: Values, a: Values, b: Values, c: Values, d: Values, e: Values, f: Values
) -> None:
    for column in range(len(out)):
        out[column] = max(own[column], a[column], b[column], c[column], d[column], e[column], f[column])
