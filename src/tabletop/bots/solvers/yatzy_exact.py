"""Exact solo Yatzy: the expected final score of optimal play from every turn-start state.

A card at the start of a turn is fully described, for what is still to come, by

- `mask`: the boxes already written (bit i for the i-th box of the card);
- `upper`: the upper total, capped at `variant_cap` (63, the bonus threshold; 60 in Yams,
  whose bonus then grows one for one with the total, Y-R9, so above 60 only the points
  still to come count);
- `extra`: on Yahtzee cards 1 when the Yahtzee box holds 50 (later Yahtzees earn 100,
  Y-R7, and pick their box by the joker rule, Y-R8); in Yams, the points of Plus or Minus
  while only one of them is written (Delta is paid when the other one is, Q4); else 0.

`table[mask, upper, extra]` is the expected number of points still to come (boxes and
bonus increments) under optimal play. The last mask is worth 0 and every other one is
computed from those with one more box (backward induction), each state's turn by the
compiled widget of `yatzy_dice`, one mask (all its upper totals and extras) per call. The scores of the boxes
come from the game's own rules (`scoring_choices`), so the solver and the game cannot
disagree on a rule.

Maxi Yatzy is solved apart (`yatzy_saved`): its saved rolls (Y-R5, up to 2k after k turns)
put 1.87 billion states with a turn to come on its 20 boxes and six dice, computed layer by
layer on request into a 15 GB directory rather than a table of this shape.

>>> solver = CardSolver(YAHTZEE, "forced")
>>> solver.shape
(8192, 64, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numba
import numpy as np
from numpy.typing import NDArray

from tabletop.bots.solvers.yatzy_dice import (
    DiceLevels,
    Indices,
    Values,
    dice_levels,
    turn_arrays,
    turn_values,
)
from tabletop.games.yatzy.rules import (
    FORCED,
    ROLLS_PER_TURN,
    UPPER_BOX_IDS,
    YAHTZEE,
    YAHTZEE_BONUS,
    Variant,
    earns_yahtzee_bonus,
    scoring_choices,
)
from tabletop.games.yatzy.scoring import total_pips

NEG = -1e18
"""Below any value: the stop value of a roll before any box has offered one."""
NORMAL, UPPER, YAHTZEE_BOX, PLUS, MINUS = range(5)
"""How writing a box moves the state: not at all, the upper total, the Yahtzee extra, Yams' Delta."""
DELTA_EXTRAS = 27
"""Yams' extras: 0 while no box waits, else the points (5 to 30) of Plus or Minus minus 4."""
Progress = Callable[[int, int], None]
"""Called with (masks done, masks in all) while the table is computed."""


def solvable(variant: Variant) -> bool:
    """Whether this card has a table of this module (every card but Maxi Yatzy, see `yatzy_saved`)."""
    return not variant.saves_rolls


def variant_cap(variant: Variant) -> int:
    """The upper total from which the bonus is paid: 63 (84 in Maxi), 60 in Yams.

    Beyond it more upper points change the bonus by an amount that does not depend on the
    total (nothing, or one for one in Yams), so the table needs no higher total.
    """
    return next(total for total in range(6 * 6 * variant.dice + 1) if variant.upper_bonus(total))


def warm_up() -> None:
    """Loads the compiled kernels (compiles them, the first time on a machine): timings leave it out."""
    card = CardSolver(YAHTZEE, FORCED)
    card._mask_turn(np.zeros(card.shape), (1 << card.boxes) - 2, card._scratch())


@dataclass(frozen=True)
class CardState:
    """A card between turns, as the table indexes it."""

    mask: int
    upper: int
    extra: int


@dataclass(frozen=True)
class Turn:
    """One state's turn: `keeps[r, k]` is keeping multiset k (flat index of `dice`) and rolling the
    other dice with r rerolls left (r = 3: the turn before its first roll)."""

    dice: DiceLevels
    keeps: Values

    def keep_value(self, kept: tuple[int, ...], rerolls: int) -> float:
        """Keeping these face counts and rolling the rest, `rerolls` >= 1 rerolls left before it."""
        return float(self.keeps[rerolls, self.dice.index[kept]])


class CardSolver:
    """Builds and queries the table of one card (variant and joker convention).

    The table is computed by `solve` (or given, e.g. loaded from the disk cache); the
    queries (`turn`, `choice_values`) then cost a single state's widget.
    """

    def __init__(self, variant: Variant, joker: str, table: Values | None = None) -> None:
        if not solvable(variant):
            raise ValueError(f"{variant.title} has no exact table (saved rolls, Y-R5)")
        self.variant = variant
        self.joker = joker
        self.dice: DiceLevels = dice_levels(variant.dice)
        self.boxes = len(variant.boxes)
        self.cap = variant_cap(variant)
        self.extras = 2 if variant.has_joker else (DELTA_EXTRAS if variant.has_delta else 1)
        self.shape = (1 << self.boxes, self.cap + 1, self.extras)
        self.table = table
        self._bonus_step = self._bonus_steps()
        self._points = np.array(
            [[box.score(roll) for roll in self.dice.rolls] for box in variant.boxes], dtype=np.int64
        )
        five_equal = [index for index, roll in enumerate(self.dice.rolls) if max(roll) == variant.dice]
        self._five_equal = np.array(five_equal, dtype=np.int64)
        self._no_joker = np.full((len(five_equal), self.boxes), -1.0)
        self._kinds, self._partners = self._box_kinds()
        self._sums = np.array([total_pips(roll) for roll in self.dice.rolls], dtype=np.int64)

    # --- building the table --------------------------------------------------------------

    def solve(self, progress: Progress | None = None) -> Values:
        """Every state's value, masks with the most boxes written first (one compiled turn per mask)."""
        table = np.zeros(self.shape)
        scratch = self._scratch()
        order = sorted(range(1 << self.boxes), key=lambda mask: -bin(mask).count("1"))
        for done, mask in enumerate(order[1:], start=2):
            keeps = self._mask_turn(table, mask, scratch)
            table[mask] = keeps[-1, 0].reshape(self.shape[1:])
            if progress and (done % 256 == 0 or done == len(order)):
                progress(done, len(order))
        self.table = table
        return table

    def _scratch(self) -> tuple[Values, Values, Values]:
        """Room for one mask's turn: keeps, expected and stop values for every state of the mask."""
        columns = self.shape[1] * self.shape[2]
        keeps, expected = turn_arrays(self.dice, columns, ROLLS_PER_TURN - 1)
        return keeps, expected, np.empty((len(self.dice.rolls), columns))

    def _mask_turn(self, table: Values, mask: int, scratch: tuple[Values, Values, Values]) -> Values:
        """The turn of every state of `mask` (columns upper * extras + extra): the keeps' values."""
        keeps, expected, stop = scratch
        joker = self._joker_points(mask) if self._has_joker_roll(mask) else self._no_joker
        mask_turn(
            table, mask, self._kinds, self._partners, self._points, self._sums, self._bonus_step,
            joker, self._five_equal, self.dice.offsets, self.dice.up, self.dice.down, keeps, expected, stop,
        )  # fmt: skip
        return keeps

    def _box_kinds(self) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """Per box: how writing it moves the state (`solve_mask`'s kinds) and its Delta partner's bit."""
        kinds, partners = [], []
        for box_id in self.variant.box_ids:
            kind, partner = NORMAL, 0
            if box_id in UPPER_BOX_IDS:
                kind = UPPER
            elif box_id == "yahtzee" and self.variant.has_joker:
                kind = YAHTZEE_BOX
            elif box_id in ("plus", "minus") and self.variant.has_delta:
                kind = PLUS if box_id == "plus" else MINUS
                partner = 1 << self.variant.box_ids.index("minus" if box_id == "plus" else "plus")
            kinds.append(kind)
            partners.append(partner)
        return np.array(kinds), np.array(partners)

    def _bonus_steps(self) -> NDArray[np.float64]:
        """`step[u, p]`: the upper bonus gained by p more upper points at capped total u."""
        bonus = self.variant.upper_bonus
        most = self.variant.dice * 6
        return np.array(
            [[bonus(u + p) - bonus(u) for p in range(most + 1)] for u in range(self.cap + 1)],
            dtype=np.float64,
        )

    def _has_joker_roll(self, mask: int) -> bool:
        return self.variant.has_joker and bool(mask >> self.variant.box_ids.index("yahtzee") & 1)

    def _joker_points(self, mask: int) -> NDArray[np.float64]:
        """Y-R8 for five equal dice with the Yahtzee box written: per face and box, the points or -1."""
        sheet = self._sheet(mask)
        points = np.full((len(self._five_equal), self.boxes), -1.0)
        for row, roll_index in enumerate(self._five_equal):
            counts = self.dice.rolls[roll_index]
            for box_id, box_points in scoring_choices(self.variant, self.joker, sheet, counts).items():
                points[row, self.variant.box_ids.index(box_id)] = box_points
        return points

    def _sheet(self, mask: int) -> dict[str, int | None]:
        """A sheet with these boxes written (the Yahtzee box with 0: the bonus is the extra's business)."""
        return {box_id: 0 if mask >> index & 1 else None for index, box_id in enumerate(self.variant.box_ids)}

    # --- queries ------------------------------------------------------------------------------

    def start_value(self) -> float:
        """The expected final score of optimal play on a fresh card: the card's value."""
        return float(self.solved_table()[0, 0, 0])

    def choice_values(
        self, sheet: Mapping[str, int | None], counts: tuple[int, ...], rolls_left: int = 0
    ) -> dict[str, float]:
        """Per legal box for this final roll: its points and bonuses now plus the expected rest.

        `rolls_left` is what stopping now leaves unused: it matters only on cards that save
        rolls (`yatzy_saved.SavedRollsTable` answers the same question for those).
        """
        state = self.card_state(sheet)
        table = self.solved_table()
        bonus = YAHTZEE_BONUS if earns_yahtzee_bonus(self.variant, sheet, counts) else 0
        values = {}
        for box_id, points in scoring_choices(self.variant, self.joker, sheet, counts).items():
            child, gain = self._after(state, box_id, points)
            values[box_id] = bonus + gain + float(table[child.mask, child.upper, child.extra])
        return values

    def turn(self, sheet: Mapping[str, int | None]) -> Turn:
        """This sheet's turn: the value of every roll and keep at every count of rerolls left."""
        state = self.card_state(sheet)
        keeps = self._mask_turn(self.solved_table(), state.mask, self._scratch())
        column = state.upper * self.shape[2] + state.extra
        return Turn(self.dice, keeps[:, :, column].copy())

    def card_state(self, sheet: Mapping[str, int | None]) -> CardState:
        """Where a sheet is in the table."""
        mask, upper = written_mask(self.variant, sheet), capped_upper(sheet, self.cap)
        extra = 0
        if self.variant.has_joker:
            extra = int(sheet["yahtzee"] == 50)
        elif self.variant.has_delta and (sheet["plus"] is None) != (sheet["minus"] is None):
            waiting = sheet["plus"] if sheet["plus"] is not None else sheet["minus"]
            extra = (waiting or 0) - 4
        return CardState(mask, upper, extra)

    def _after(self, state: CardState, box_id: str, points: int) -> tuple[CardState, float]:
        """The state after writing `points` in `box_id`, and what that earns now (bonus steps included)."""
        mask = state.mask | 1 << self.variant.box_ids.index(box_id)
        if box_id in UPPER_BOX_IDS:
            upper = min(self.cap, state.upper + points)
            return CardState(mask, upper, state.extra), points + float(self._bonus_step[state.upper, points])
        if box_id == "yahtzee" and self.variant.has_joker:
            return CardState(mask, state.upper, int(points == 50 or state.extra)), points
        if box_id in ("plus", "minus") and self.variant.has_delta:
            if state.extra == 0:
                return CardState(mask, state.upper, points - 4), 0.0
            written = state.extra + 4
            delta = points - written if box_id == "plus" else written - points
            return CardState(mask, state.upper, 0), float(max(0, delta))
        return CardState(mask, state.upper, state.extra), points

    def solved_table(self) -> Values:
        """The table, once computed or loaded."""
        if self.table is None:
            raise RuntimeError("the table is not computed yet: call solve() or load it")
        return self.table


def written_mask(variant: Variant, sheet: Mapping[str, int | None]) -> int:
    """Bit i set when the i-th box of the card is written: the table's index of a sheet."""
    return sum(1 << index for index, box_id in enumerate(variant.box_ids) if sheet[box_id] is not None)


def capped_upper(sheet: Mapping[str, int | None], cap: int) -> int:
    """The upper total as the table counts it: capped where more would not change the bonus."""
    return min(cap, sum(sheet.get(box_id) or 0 for box_id in UPPER_BOX_IDS))


@numba.njit(cache=True, fastmath=True)
def mask_turn(  # noqa: PLR0917 - numba kernels take their arrays by position
    table: Values,
    mask: int,
    kinds: Indices,
    partners: Indices,
    points: Indices,
    sums: Indices,
    step: Values,
    joker: Values,
    five_equal: Indices,
    offsets: Indices,
    up: Indices,
    down: Indices,
    keeps: Values,
    expected: Values,
    stop: Values,
) -> None:
    """The turn of every state of `mask` (each upper total and extra) into keeps, expected, stop.

    It reads only the masks with one more box (the table is filled from the full card down).

    `stop[r, j]` (j = upper * extras + extra) is the best box for roll r: its points, the
    bonus step and the value of the state it leads to; `joker[f, b]` overrides the boxes and
    points of the five-equal roll `five_equal[f]` (-1: not allowed) when its row is not all -1.
    """
    uppers, extras = table.shape[1], table.shape[2]
    cap = uppers - 1
    stop[:] = NEG
    for box in range(len(kinds)):
        bit = 1 << box
        if mask & bit:
            continue
        child = table[mask | bit]
        kind = kinds[box]
        if kind == UPPER:
            _upper_box(stop, child, points[box], step)
        elif kind == YAHTZEE_BOX:
            _yahtzee_box(stop, child, points[box])
        elif kind in (PLUS, MINUS):
            _delta_box(stop, child, sums, 1 if kind == PLUS else -1, (mask & partners[box]) != 0)
        else:
            _plain_box(stop, child.reshape(-1), points[box])
    for row in range(len(five_equal)):
        if joker[row].max() < 0:
            continue
        roll = five_equal[row]
        stop[roll] = NEG
        for box in range(len(kinds)):
            gained = int(joker[row, box])
            if gained < 0:
                continue
            child = table[mask | 1 << box]
            for upper in range(uppers):
                for extra in range(extras):
                    value = gained + child[upper, extra]
                    if kinds[box] == UPPER:
                        value = gained + step[upper, gained] + child[min(cap, upper + gained), extra]
                    value += YAHTZEE_BONUS * extra  # the box holds 50: later Yahtzees earn 100 (Y-R7)
                    column = upper * extras + extra
                    stop[roll, column] = max(stop[roll, column], value)
    turn_values(stop, offsets, up, down, keeps, expected)


@numba.njit(cache=True, fastmath=True)
def _plain_box(stop: Values, child: Values, points: Indices) -> None:
    """A box that leaves the upper total and the extra as they are: its points plus the next state."""
    for roll in range(stop.shape[0]):
        row, gained = stop[roll], points[roll]
        for column in range(len(row)):
            row[column] = max(row[column], gained + child[column])


@numba.njit(cache=True, fastmath=True)
def _upper_box(stop: Values, child: Values, points: Indices, step: Values) -> None:
    """An upper box: the capped upper total moves up and the bonus may step (Y-R6, Y-R9)."""
    uppers, extras = child.shape
    for roll in range(stop.shape[0]):
        row, gained = stop[roll], points[roll]
        for upper in range(uppers):
            moved = child[min(uppers - 1, upper + gained)]
            now = gained + step[upper, gained]
            for extra in range(extras):
                column = upper * extras + extra
                row[column] = max(row[column], now + moved[extra])


@numba.njit(cache=True, fastmath=True)
def _yahtzee_box(stop: Values, child: Values, points: Indices) -> None:
    """The Yahtzee box of the Yahtzee cards: 50 in it sets the extra (Y-R7)."""
    uppers, extras = child.shape
    for roll in range(stop.shape[0]):
        gained = points[roll]
        for upper in range(uppers):
            for extra in range(extras):
                column = upper * extras + extra
                after = 1 if gained == 50 else extra
                stop[roll, column] = max(stop[roll, column], gained + child[upper, after])


@numba.njit(cache=True, fastmath=True)
def _delta_box(stop: Values, child: Values, sums: Indices, sign: int, partner_written: bool) -> None:
    """Yams' Plus (sign 1) or Minus (-1): the first one waits in the extra, the second pays Delta (Q4)."""
    uppers, extras = child.shape
    for roll in range(stop.shape[0]):
        for upper in range(uppers):
            for extra in range(extras):
                if partner_written:
                    delta = sign * (sums[roll] - extra - 4)
                    value = max(0, delta) + child[upper, 0]
                else:
                    value = child[upper, sums[roll] - 4]
                column = upper * extras + extra
                stop[roll, column] = max(stop[roll, column], value)
