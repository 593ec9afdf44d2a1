"""A heuristic value of a Yatzy position for each seat, for the search bots.

The highest total wins (Y-R4), so a seat is judged by the total it may expect at the end:
- what its sheet holds now, bonuses included (Y-R6, Y-R7, Y-R9, Yams Delta);
- for every open box, its *par*: what a whole turn played for that box alone brings on
  average (a fixed table per card; Yams' Plus and Minus count only through Delta, which is
  left out until it is written);
- for the upper bonus not yet earned, the bonus times a rough chance of earning it: a
  logistic in the margin between what the open upper boxes usually bring and what is missing;
- for the player to move, what the dice on the table give now beyond the par of the box they
  would fill (the roll in hand is real, the par only an average).
A seat's value is the tanh of its lead over the best other seat (alone at the table: over
the expected total of a fresh card), scaled so that a lead of `SCALE` points is three
quarters of a win. Once the game is over the value follows the ranks.
"""

from __future__ import annotations

import math
from functools import cache
from itertools import combinations_with_replacement, product
from typing import NamedTuple

from tabletop.games.yatzy.board import FACES
from tabletop.games.yatzy.rules import (
    NOT_COUNTED,
    ROLLS_PER_TURN,
    UPPER_BOX_IDS,
    YAHTZEE_BONUS,
    Sheet,
    Variant,
    earns_yahtzee_bonus,
    scoring_choices,
    upper_total,
)
from tabletop.games.yatzy.scoring import Counts, ScoreFunction, counts_of
from tabletop.games.yatzy.state import YatzyState

SCALE = 40.0
"""A lead of this many points makes a position look about three-quarters won (tanh(1) ≈ 0.76)."""
BONUS_SPREAD = 6.0
"""Points of margin that move the chance of the upper bonus from one half to about three quarters."""
HAND_WEIGHT = 0.5
"""How much of the mover's gain over par counts: they may still roll for better, or worse."""


def evaluate(state: YatzyState) -> list[float]:
    """One value per seat in [-1, 1]: the ranks once over, else the expected totals compared."""
    outcome = state.outcome()
    if outcome is not None:
        worst = max(state.players - 1, 1)
        return [1.0 - 2.0 * (rank - 1) / worst for rank in outcome.ranks]
    totals = state.totals()
    expected = [totals[seat] + open_value(state.variant, state.sheets[seat]) for seat in range(state.players)]
    expected[state.mover] += HAND_WEIGHT * _hand_gain(state)
    if state.players == 1:
        return [math.tanh((expected[0] - fresh_card_value(state.variant)) / SCALE)]
    return [math.tanh((own - _best_other(expected, seat)) / SCALE) for seat, own in enumerate(expected)]


def open_value(variant: Variant, sheet: Sheet) -> float:
    """The pars of the open boxes plus the upper bonus still to be earned, weighted by its chance.

    >>> from tabletop.games.yatzy.rules import YAHTZEE, empty_sheet
    >>> round(open_value(YAHTZEE, empty_sheet(YAHTZEE)), 1)
    130.1
    """
    pars = box_pars(variant)
    open_boxes = [box_id for box_id, points in sheet.items() if points is None and box_id not in NOT_COUNTED]
    value = sum(pars[box_id] for box_id in open_boxes)
    open_upper = [box_id for box_id in open_boxes if box_id in UPPER_BOX_IDS]
    if open_upper and not variant.upper_bonus(upper_total(sheet)):
        expected_upper = upper_total(sheet) + sum(pars[box_id] for box_id in open_upper)
        threshold = _bonus_threshold(variant)
        chance = 1.0 / (1.0 + math.exp(-(expected_upper - threshold) / BONUS_SPREAD))
        value += chance * variant.upper_bonus(max(threshold, round(expected_upper)))
    return value


def fresh_card_value(variant: Variant) -> float:
    """What an empty card is expected to bring by the same measure (the solo player's yardstick)."""
    return open_value(variant, dict.fromkeys(variant.box_ids))


@cache
def box_pars(variant: Variant) -> dict[str, float]:
    """Each box's par: the expected score of a whole turn (Y-R1, Y-R2) played for that box alone.

    Computed once per card, by keeping the dice that serve the box best before each reroll.

    >>> from tabletop.games.yatzy.rules import YAHTZEE
    >>> pars = box_pars(YAHTZEE)
    >>> round(pars["sixes"], 2), round(pars["yahtzee"], 2), round(pars["chance"], 2)
    (12.64, 2.3, 23.33)
    """
    tables = _dice_tables(variant.dice)
    return {box.id: _turn_value(tables, box.score) for box in variant.boxes}


class _DiceTables(NamedTuple):
    """Every roll of the dice (as face counts) and how keeping some of them leads to the next roll."""

    rolls: tuple[Counts, ...]
    chances: tuple[float, ...]
    """The chance of each roll when every die is rolled (the first roll of a turn)."""
    keeps: tuple[tuple[Counts, ...], ...]
    """For each roll, every distinct set of its dice that may be kept (all of them included)."""
    rerolls: dict[Counts, tuple[tuple[int, float], ...]]
    """For each kept set, the rolls it may lead to (by index) and their chances."""


@cache
def _dice_tables(dice: int) -> _DiceTables:
    outcomes = {rolled: _roll_distribution(rolled) for rolled in range(dice + 1)}
    rolls = tuple(counts for counts, _ in outcomes[dice])
    index = {counts: position for position, counts in enumerate(rolls)}
    keeps = tuple(tuple(product(*(range(count + 1) for count in counts))) for counts in rolls)
    rerolls = {
        kept: tuple(
            (index[tuple(a + b for a, b in zip(kept, extra, strict=True))], chance)
            for extra, chance in outcomes[dice - sum(kept)]
        )
        for kept in {kept for choices in keeps for kept in choices}
    }
    return _DiceTables(rolls, tuple(chance for _, chance in outcomes[dice]), keeps, rerolls)


def _turn_value(tables: _DiceTables, score: ScoreFunction) -> float:
    """The expected score in one box of a turn of three rolls that keeps the best dice for it."""
    values = [float(score(counts)) for counts in tables.rolls]
    for _ in range(ROLLS_PER_TURN - 1):
        kept_value = {
            kept: sum(values[roll] * chance for roll, chance in outcomes)
            for kept, outcomes in tables.rerolls.items()
        }
        values = [max(kept_value[kept] for kept in choices) for choices in tables.keeps]
    return sum(value * chance for value, chance in zip(values, tables.chances, strict=True))


def _roll_distribution(dice: int) -> list[tuple[Counts, float]]:
    """Every roll of `dice` fair dice as face counts, with its probability (multinomial)."""
    rolls = []
    for faces in combinations_with_replacement(range(1, FACES + 1), dice):
        counts = counts_of(faces)
        orderings = math.factorial(dice)
        for count in counts:
            orderings //= math.factorial(count)
        rolls.append((counts, orderings / FACES**dice))
    return rolls


@cache
def _bonus_threshold(variant: Variant) -> int:
    """The smallest upper total that pays a bonus (63, 60 for Yams, 84 for Maxi Yatzy)."""
    highest = variant.dice * sum(range(1, FACES + 1))
    return next(total for total in range(highest + 1) if variant.upper_bonus(total))


def _hand_gain(state: YatzyState) -> float:
    """The most the mover's dice give now over the par of the box they would fill (never below 0)."""
    pars = box_pars(state.variant)
    sheet = state.sheets[state.mover]
    counts = counts_of(state.dice)
    bonus = YAHTZEE_BONUS if earns_yahtzee_bonus(state.variant, sheet, counts) else 0
    choices = scoring_choices(state.variant, state.joker, sheet, counts)
    return max([0.0, *(points + bonus - pars[box_id] for box_id, points in choices.items())])


def _best_other(values: list[float], seat: int) -> float:
    return max(value for other, value in enumerate(values) if other != seat)
