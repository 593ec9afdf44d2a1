"""The score cards of the Yatzy family and what a sheet allows: joker placement, bonuses, totals.

Sections 5 and 6 of docs/rules/yatzy.md; the variant ids and box ids are those of its
notation. The box formulas are in `scoring`. Everything here is a pure function of (variant,
sheet, dice counts), so the state, the drawing's totals, the evaluator and the Yatzy bot
share one source of truth.

>>> VARIANTS["yahtzee"].box_ids[-1], len(VARIANTS["maxi"].boxes), VARIANTS["maxi"].dice
('chance', 20, 6)
>>> sheet = empty_sheet(YAHTZEE)
>>> sheet["ones"], sheet["twos"] = 3, 6
>>> upper_total(sheet), sheet_total(YAHTZEE, sheet, yahtzee_bonuses=1)
(9, 109)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Any

import numpy as np

from tabletop.engine import Tensor
from tabletop.games.yatzy import scoring
from tabletop.games.yatzy.scoring import Counts, ScoreFunction

UPPER_BOX_IDS = ("ones", "twos", "threes", "fours", "fives", "sixes")
ROLLS_PER_TURN = 3
YAHTZEE_BONUS = 100
JOKER_POINTS = {"full_house": 25, "small_straight": 30, "large_straight": 40}
"""Y-R8: the fixed scores a joker Yahtzee earns in these boxes whatever the dice."""


@dataclass(frozen=True)
class Box:
    """One box of a score card: its id (as in the notation), its printed name and its formula."""

    id: str
    name: str
    score: ScoreFunction

    @property
    def is_upper(self) -> bool:
        """Ones … Sixes: the boxes that count towards the upper bonus."""
        return self.id in UPPER_BOX_IDS


@dataclass(frozen=True)
class Variant:
    """A complete rule set: dice, boxes in card order and the bonus rules that apply."""

    id: str
    title: str
    dice: int
    boxes: tuple[Box, ...]
    upper_bonus: Callable[[int], int]
    bonus_rule: str
    has_joker: bool = False
    """Yahtzee family: Yahtzee bonus (Y-R7) and joker placement (Y-R8 / Y-R8-alt) apply."""
    saves_rolls: bool = False
    """Maxi Yatzy: unused rolls carry over to later turns (Y-R5)."""
    has_delta: bool = False
    """Yams: Plus and Minus are written but only Delta counts (5.3, Q4)."""
    box_ids: tuple[str, ...] = field(init=False)
    _points_by_throw: dict[Counts, tuple[int, ...]] = field(
        init=False, default_factory=dict, compare=False, repr=False
    )
    """`points_by_box` remembered: a card meets at most 462 distinct throws (six dice)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "box_ids", tuple(box.id for box in self.boxes))

    def points_by_box(self, counts: Counts) -> tuple[int, ...]:
        """The points these dice would score in each box, in card order (Y-R3, no joker).

        Every choice to score asks this of all the boxes, and the same few hundred throws
        come back all game, so each is worked out once per card.
        """
        points = self._points_by_throw.get(counts)
        if points is None:
            points = self._points_by_throw[counts] = tuple(box.score(counts) for box in self.boxes)
        return points

    def box(self, box_id: str) -> Box:
        """The box with that id (KeyError if this card has none)."""
        for box in self.boxes:
            if box.id == box_id:
                return box
        raise KeyError(box_id)


def _bonus_at(threshold: int, bonus: int) -> Callable[[int], int]:
    """The usual upper bonus: a fixed amount once the upper total reaches a threshold."""

    def upper_bonus(upper_total: int) -> int:
        return bonus if upper_total >= threshold else 0

    return upper_bonus


def yams_upper_bonus(upper_total: int) -> int:
    """Y-R9: from 60 up, the bonus is the upper total minus 30.

    >>> yams_upper_bonus(63), yams_upper_bonus(59)
    (33, 0)
    """
    return upper_total - 30 if upper_total >= 60 else 0


_UPPER = tuple(
    Box(box_id, name, scoring.upper_box(face))
    for face, (box_id, name) in enumerate(
        zip(UPPER_BOX_IDS, ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes"), strict=True), start=1
    )
)
_HASBRO_LOWER = (
    Box("three_of_a_kind", "Three of a kind", scoring.hasbro_three_of_a_kind),
    Box("four_of_a_kind", "Four of a kind", scoring.hasbro_four_of_a_kind),
    Box("full_house", "Full house", scoring.hasbro_full_house),
    Box("small_straight", "Small straight", scoring.hasbro_small_straight),
    Box("large_straight", "Large straight", scoring.hasbro_large_straight),
)
_HASBRO_END = (
    Box("yahtzee", "Yahtzee", scoring.hasbro_yahtzee),
    Box("chance", "Chance", scoring.chance),
)
_RIGOLE = Box("rigole", "Rigole", scoring.rigole)
_ONE_AND_TWO_PAIRS = (
    Box("one_pair", "One pair", scoring.one_pair),
    Box("two_pairs", "Two pairs", scoring.two_pairs),
)
_SCANDINAVIAN_KINDS = (
    Box("three_of_a_kind", "Three of a kind", scoring.kind_times_face(3)),
    Box("four_of_a_kind", "Four of a kind", scoring.kind_times_face(4)),
)
_SCANDINAVIAN_STRAIGHTS = (
    Box("small_straight", "Small straight", scoring.scandinavian_small_straight),
    Box("large_straight", "Large straight", scoring.scandinavian_large_straight),
)

YAHTZEE = Variant(
    "yahtzee",
    "Yahtzee",
    5,
    (*_UPPER, *_HASBRO_LOWER, *_HASBRO_END),
    _bonus_at(63, 35),
    "+35 at 63",
    has_joker=True,
)
YAHTZEE14 = Variant(
    "yahtzee14",
    "Yahtzee + Rigole",
    5,
    (*_UPPER, *_HASBRO_LOWER, _RIGOLE, *_HASBRO_END),
    _bonus_at(63, 35),
    "+35 at 63",
    has_joker=True,
)
YAMS = Variant(
    "yams",
    "Yams",
    5,
    (
        *_UPPER,
        Box("plus", "Plus", scoring.chance),
        Box("minus", "Minus", scoring.chance),
        Box("four_of_a_kind", "Four of a kind", scoring.yams_four_of_a_kind),
        Box("full_house", "Full house", scoring.yams_full_house),
        Box("small_straight", "Small straight", scoring.yams_small_straight),
        Box("large_straight", "Large straight", scoring.yams_large_straight),
        Box("yahtzee", "Yams", scoring.yams),
        _RIGOLE,
    ),
    yams_upper_bonus,
    "upper − 30",
    has_delta=True,
)
SCANDINAVIAN = Variant(
    "yatzy",
    "Yatzy",
    5,
    (
        *_UPPER,
        *_ONE_AND_TWO_PAIRS,
        *_SCANDINAVIAN_KINDS,
        *_SCANDINAVIAN_STRAIGHTS,
        Box("full_house", "Full house", scoring.scandinavian_full_house),
        Box("chance", "Chance", scoring.chance),
        Box("yahtzee", "Yatzy", scoring.hasbro_yahtzee),
    ),
    _bonus_at(63, 50),
    "+50 at 63",
)
MAXI = Variant(
    "maxi",
    "Maxi Yatzy",
    6,
    (
        *_UPPER,
        *_ONE_AND_TWO_PAIRS,
        Box("three_pairs", "Three pairs", scoring.three_pairs),
        *_SCANDINAVIAN_KINDS,
        Box("five_of_a_kind", "Five of a kind", scoring.kind_times_face(5)),
        *_SCANDINAVIAN_STRAIGHTS,
        Box("full_straight", "Full straight", scoring.full_straight),
        Box("full_house", "Full house", scoring.scandinavian_full_house),
        Box("castle", "Castle", scoring.castle),
        Box("tower", "Tower", scoring.tower),
        Box("chance", "Chance", scoring.chance),
        Box("maxi_yatzy", "Maxi Yatzy", scoring.maxi_yatzy),
    ),
    _bonus_at(84, 100),
    "+100 at 84",
    saves_rolls=True,
)

VARIANTS = {variant.id: variant for variant in (YAHTZEE, YAHTZEE14, YAMS, SCANDINAVIAN, MAXI)}


# -- a player's sheet ---------------------------------------------------------------------

Sheet = dict[str, int | None]
"""One player's card: box id -> points written, or None while the box is empty."""

FORCED = "forced"
FREE = "free"
JOKER_CONVENTIONS = (FORCED, FREE)
NOT_COUNTED = frozenset({"plus", "minus"})
"""Yams: Plus and Minus are written but only their Delta counts (5.3)."""


def empty_sheet(variant: Variant) -> Sheet:
    """Y-S1: every box of the card empty."""
    return dict.fromkeys(variant.box_ids)


def upper_total(sheet: Mapping[str, int | None]) -> int:
    """The points written in Ones … Sixes so far."""
    return sum(sheet[box_id] or 0 for box_id in UPPER_BOX_IDS)


def upper_bonus(variant: Variant, sheet: Mapping[str, int | None]) -> int:
    """Y-R6 (+35 at 63), Y-R9 (Yams), +50 at 63 (Yatzy) or +100 at 84 (Maxi, Q6): paid once."""
    return variant.upper_bonus(upper_total(sheet))


def delta(sheet: Mapping[str, int | None]) -> int | None:
    """Yams Delta, once Plus and Minus are both written: max(0, Plus − Minus) (Q4)."""
    plus, minus = sheet.get("plus"), sheet.get("minus")
    if plus is None or minus is None:
        return None
    return max(0, plus - minus)


def sheet_total(variant: Variant, sheet: Mapping[str, int | None], yahtzee_bonuses: int) -> int:
    """Y-R4: the boxes plus every bonus (upper bonus, Y-R7 Yahtzee bonuses, Yams Delta)."""
    boxes = sum(points or 0 for box_id, points in sheet.items() if box_id not in NOT_COUNTED)
    total = boxes + upper_bonus(variant, sheet) + YAHTZEE_BONUS * yahtzee_bonuses
    if variant.has_delta:
        total += delta(sheet) or 0
    return total


def is_joker(variant: Variant, sheet: Mapping[str, int | None], counts: Counts) -> bool:
    """Y-R8: five equal dice while the Yahtzee box is already written (50 or 0), Yahtzee family only."""
    return variant.has_joker and max(counts) == 5 and sheet["yahtzee"] is not None


def earns_yahtzee_bonus(variant: Variant, sheet: Mapping[str, int | None], counts: Counts) -> bool:
    """Y-R7: another Yahtzee while the Yahtzee box holds 50 earns +100, whichever box takes it."""
    return is_joker(variant, sheet, counts) and sheet["yahtzee"] == 50


def scoring_choices(
    variant: Variant, joker: str, sheet: Mapping[str, int | None], counts: Counts
) -> dict[str, int]:
    """The boxes these dice may be written in (Y-R3, restricted by Y-R8), with their points.

    Bonuses are not included (see `earns_yahtzee_bonus`).
    """
    if not is_joker(variant, sheet, counts):
        points = variant.points_by_box(counts)
        return {
            box_id: points[index] for index, box_id in enumerate(variant.box_ids) if sheet[box_id] is None
        }
    empty = [box for box in variant.boxes if sheet[box.id] is None]
    face = counts.index(5) + 1
    upper_of_face = UPPER_BOX_IDS[face - 1]
    if joker == FREE:
        # Y-R8-alt: any box; the fixed scores only once the upper box of the face is written.
        fixed = sheet[upper_of_face] is not None
        return {box.id: _joker_points(box.id, box.score(counts), fixed) for box in empty}
    return _forced_joker_choices(variant, sheet, counts, upper_of_face)


def _forced_joker_choices(
    variant: Variant, sheet: Mapping[str, int | None], counts: Counts, upper_of_face: str
) -> dict[str, int]:
    """Y-R8: the upper box of the face if empty, else any empty lower box, else any upper box."""
    if sheet[upper_of_face] is None:
        return {upper_of_face: variant.box(upper_of_face).score(counts)}
    empty = [box for box in variant.boxes if sheet[box.id] is None]
    lower = [box for box in empty if not box.is_upper]
    if lower:
        return {box.id: _joker_points(box.id, box.score(counts), fixed=True) for box in lower}
    return {box.id: box.score(counts) for box in empty}


def _joker_points(box_id: str, normal: int, fixed: bool) -> int:
    """Full house and the straights take 25 / 30 / 40 for a joker Yahtzee when `fixed`."""
    return JOKER_POINTS.get(box_id, normal) if fixed else normal


# -- research: score bounds and the observation tensor ---------------------------------------


def best_total(variant: Variant) -> int:
    """A true upper bound on a sheet's total: every box at its best, every bonus at its most.

    Each box's best is taken over every throw of the variant's dice (joker points
    included); the upper bonus at the best upper total; a Yahtzee bonus for every box but
    the Yahtzee's; Yams' Delta at its largest (a 30 in Plus against a 5 in Minus: at most
    the best Chance).

    >>> best_total(YAHTZEE)
    1575
    """
    throws = [
        scoring.counts_of(throw) for throw in combinations_with_replacement(scoring.FACES, variant.dice)
    ]
    best = {box.id: max(box.score(counts) for counts in throws) for box in variant.boxes}
    for box_id, points in JOKER_POINTS.items():
        if variant.has_joker and box_id in best:
            best[box_id] = max(best[box_id], points)
    counted = sum(
        points for box_id, points in best.items() if not (variant.has_delta and box_id in NOT_COUNTED)
    )
    upper = variant.upper_bonus(sum(best[box_id] for box_id in UPPER_BOX_IDS if box_id in best))
    bonuses = YAHTZEE_BONUS * (len(variant.boxes) - 1) if variant.has_joker else 0
    return counted + upper + bonuses + (best.get("plus", 0) if variant.has_delta else 0)


def observation_shape(variant: Variant, players: int) -> tuple[int, ...]:
    """Per seat two numbers a box and three totals, then the dice one-hot and three numbers."""
    return (players * (2 * len(variant.boxes) + 3) + variant.dice * len(scoring.FACES) + 3,)


def observation(view: Mapping[str, Any], viewer: int | None) -> Tensor:
    """A view as a vector, seen from the viewer (seat 0 for a spectator).

    For each seat, the viewer's first and then the others in turn order: for each box in
    card order whether it is written and its points, then the total, the upper total and
    the upper bonus. Then each die's face one-hot (six values a die, zeros before a
    throw), the rolls left, 1.0 where the viewer is to move, and the Yahtzee bonus the
    dice would earn now.
    """
    variant = VARIANTS[view["variant"]]
    players = view["players"]
    me = viewer or 0
    seats = []
    for seat in [(me + step) % players for step in range(players)]:
        entry = view["seats"][seat]
        sheet = [entry["sheet"][box.id] for box in variant.boxes]
        seats += [value is not None for value in sheet] + [value or 0 for value in sheet]
        seats += [entry["total"], entry["upper_total"], entry["upper_bonus"]]
    dice = np.zeros((variant.dice, len(scoring.FACES)), np.float32)
    for position, face in enumerate(view["dice"]):
        if face:
            dice[position, face - 1] = 1
    numbers = [view["rolls_left"], view["mover"] == me, view["choice_bonus"]]
    return np.concatenate([np.array(seats, np.float32), dice.ravel(), np.array(numbers, np.float32)])
