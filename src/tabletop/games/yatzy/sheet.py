"""What a score sheet allows and what it adds up to: joker placement, bonuses, totals.

Everything here is a pure function of (variant, sheet, dice), so the state, the drawing's
totals and the Yatzy bot share one source of truth. Rules cited are those of
rules/yatzy.md.

>>> from tabletop.games.yatzy.variants import YAHTZEE
>>> sheet = empty_sheet(YAHTZEE)
>>> sheet["ones"], sheet["twos"] = 3, 6
>>> upper_total(sheet), sheet_total(YAHTZEE, sheet, yahtzee_bonuses=1)
(9, 109)
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop.games.yatzy.scoring import Counts
from tabletop.games.yatzy.variants import JOKER_POINTS, UPPER_BOX_IDS, YAHTZEE_BONUS, Variant

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


def is_full(sheet: Mapping[str, int | None]) -> bool:
    """Every box written: this player has played all their rounds (Y-S3)."""
    return all(points is not None for points in sheet.values())


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
    empty = [box for box in variant.boxes if sheet[box.id] is None]
    if not is_joker(variant, sheet, counts):
        return {box.id: box.score(counts) for box in empty}
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
