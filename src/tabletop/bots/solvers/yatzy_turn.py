"""Exact expectations inside one Yatzy turn: which dice to keep, given what each final roll is worth.

A roll is a multiset of faces, stored as face counts (252 multisets of five dice, 462 of
six). A keep is a multiset of fewer dice than the roll (keeping them all is the same as
stopping). Given a "stop value" for every roll, `TurnValues` computes by backward induction
the expected value of the best play with r rerolls left:

    E_0[roll] = stop[roll]
    K_r[keep] = sum over outcomes o of P(o) * E_{r-1}[keep + o]
    E_r[roll] = max(stop[roll] + r * roll_value, max over keeps inside roll of K_r[keep])

`roll_value` is what an unused roll is worth (Maxi Yatzy saves rolls, Y-R5 in
rules/yatzy.md; 0 otherwise). This module knows nothing of boxes: the caller's stop values
carry the scoring.

>>> tables = dice_tables(5)
>>> len(tables.rolls), len(tables.keeps)
(252, 210)

Chasing five sixes for a whole turn: each die becomes a six within three rolls with
chance 1 - (5/6)**3, so the value is 50 times that to the fifth power.

>>> five_sixes = TurnValues(tables, [50.0 if roll[5] == 5 else 0.0 for roll in tables.rolls])
>>> round(five_sixes.expected_start(rerolls=2), 6) == round(50 * (1 - (5 / 6) ** 3) ** 5, 6)
True
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache

Counts = tuple[int, ...]
Outcomes = tuple[tuple[int, float], ...]
"""(index of the resulting roll, probability) pairs."""


def multisets(size: int) -> list[Counts]:
    """Every multiset of `size` dice, as face counts, in a fixed order."""
    result = []
    for faces in itertools.combinations_with_replacement(range(6), size):
        counts = [0] * 6
        for face in faces:
            counts[face] += 1
        result.append(tuple(counts))
    return result


def probability(counts: Counts) -> float:
    """The chance that rolling sum(counts) fair dice shows exactly these faces (multinomial)."""
    dice = sum(counts)
    arrangements = math.factorial(dice)
    for count in counts:
        arrangements //= math.factorial(count)
    return arrangements / 6.0**dice


@dataclass(frozen=True)
class DiceTables:
    """Rolls, keeps, and where each keep leads after rolling the other dice."""

    dice: int
    rolls: tuple[Counts, ...]
    roll_index: dict[Counts, int]
    keeps: tuple[Counts, ...]
    keep_index: dict[Counts, int]
    outcomes: tuple[Outcomes, ...]
    """Per keep: the rolls reachable by rolling the dice not kept, with their chances."""
    keeps_inside: tuple[tuple[int, ...], ...]
    """Per roll: the keeps it contains (every sub-multiset smaller than the roll)."""


@cache
def dice_tables(dice: int) -> DiceTables:
    """The tables for `dice` dice (built once: about 4,400 outcomes for 5 dice, 12,400 for 6)."""
    rolls = tuple(multisets(dice))
    roll_index = {roll: index for index, roll in enumerate(rolls)}
    keeps = tuple(keep for size in range(dice) for keep in multisets(size))
    keep_index = {keep: index for index, keep in enumerate(keeps)}
    outcomes = tuple(_outcomes(keep, dice, roll_index) for keep in keeps)
    keeps_inside = tuple(tuple(keep_index[keep] for keep in _keeps_inside(roll)) for roll in rolls)
    return DiceTables(dice, rolls, roll_index, keeps, keep_index, outcomes, keeps_inside)


def _outcomes(keep: Counts, dice: int, roll_index: dict[Counts, int]) -> Outcomes:
    rolled = dice - sum(keep)
    return tuple(
        (roll_index[tuple(kept + new for kept, new in zip(keep, outcome, strict=True))], probability(outcome))
        for outcome in multisets(rolled)
    )


def _keeps_inside(roll: Counts) -> list[Counts]:
    """Every sub-multiset of `roll` except `roll` itself."""
    subsets = itertools.product(*(range(count + 1) for count in roll))
    return [keep for keep in subsets if keep != roll]


class TurnValues:
    """E_r and K_r of the module docstring for one set of stop values, computed on demand."""

    def __init__(self, tables: DiceTables, stop: list[float], roll_value: float = 0.0) -> None:
        self.tables = tables
        self.stop = stop
        self.roll_value = roll_value
        self._expected: list[list[float]] = [stop]
        self._keep_values: list[list[float]] = [[]]

    def keep_values(self, rerolls: int) -> list[float]:
        """K_r: the expected value of each keep when it is rolled with `rerolls` rerolls left."""
        while len(self._keep_values) <= rerolls:
            self._add_level()
        return self._keep_values[rerolls]

    def expected(self, rerolls: int) -> list[float]:
        """E_r: the value of each roll with `rerolls` rerolls left, played at best."""
        while len(self._expected) <= rerolls:
            self._add_level()
        return self._expected[rerolls]

    def expected_start(self, rerolls: int) -> float:
        """The value of a turn before its first roll, which is followed by `rerolls` rerolls."""
        expected = self.expected(rerolls)
        return sum(chance * expected[roll] for roll, chance in self.tables.outcomes[0])

    def best_keep(self, roll: int, rerolls: int) -> tuple[int | None, float]:
        """The best keep inside `roll` and its value, or (None, stop value) if stopping is as good."""
        keep_values = self.keep_values(rerolls)
        best: int | None = None
        best_value = self.stop[roll] + rerolls * self.roll_value
        for keep in self.tables.keeps_inside[roll]:
            if keep_values[keep] > best_value + 1e-9:
                best, best_value = keep, keep_values[keep]
        return best, best_value

    def _add_level(self) -> None:
        level = len(self._keep_values)
        previous = self._expected[level - 1]
        keep_values = [
            sum(chance * previous[roll] for roll, chance in outcomes) for outcomes in self.tables.outcomes
        ]
        bonus = level * self.roll_value
        expected = [
            max(stop + bonus, *(keep_values[keep] for keep in inside))
            for stop, inside in zip(self.stop, self.tables.keeps_inside, strict=True)
        ]
        self._keep_values.append(keep_values)
        self._expected.append(expected)
