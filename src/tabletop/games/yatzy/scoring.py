"""The points of one box for one roll: a pure function of the face counts, one per box.

Section 5 of docs/rules/yatzy.md. A roll is represented by its face counts, `counts[f - 1]`
dice showing face f: scoring depends only on the multiset, and a 6-tuple is cheap to
hash, which the Yatzy bot's caches rely on.

>>> hasbro_full_house(counts_of([5, 5, 5, 1, 1]))
25
>>> two_pairs(counts_of([3, 3, 5, 5, 6]))
16
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

Counts = tuple[int, ...]
ScoreFunction = Callable[[Counts], int]

FACES = (1, 2, 3, 4, 5, 6)


def counts_of(dice: Iterable[int]) -> Counts:
    """How many dice show each face, indexed by face - 1.

    >>> counts_of([6, 1, 6])
    (1, 0, 0, 0, 0, 2)
    """
    counts = [0] * 6
    for face in dice:
        counts[face - 1] += 1
    return tuple(counts)


def total_pips(counts: Counts) -> int:
    """The sum of all dice ("sum" in the rules)."""
    ones, twos, threes, fours, fives, sixes = counts  # unpacked: this runs for every box, often
    return ones + 2 * twos + 3 * threes + 4 * fours + 5 * fives + 6 * sixes


def _faces_with_at_least(counts: Counts, number: int) -> list[int]:
    """Faces shown by at least `number` dice, highest first (the best choice comes first)."""
    return [face for face in reversed(FACES) if counts[face - 1] >= number]


def _has_run(counts: Counts, first: int, last: int) -> bool:
    """Whether every face from `first` to `last` shows on at least one die."""
    return all(counts[first - 1 : last])


def _has_kind(counts: Counts, number: int) -> bool:
    return max(counts) >= number


def _is_full_house(counts: Counts) -> bool:
    """Exactly three of one face and two of another (five dice; Q8: five equal is not one)."""
    return sorted(counts)[-2:] == [2, 3]


def upper_box(face: int) -> ScoreFunction:
    """Ones … Sixes: the pips of the dice showing `face`."""

    def score(counts: Counts) -> int:
        return counts[face - 1] * face

    score.__name__ = f"upper_{face}"
    return score


def chance(counts: Counts) -> int:
    """Chance (and the Plus and Minus boxes of Yams): the sum of all dice."""
    return total_pips(counts)


# --- Yahtzee (5.1, Hasbro) -------------------------------------------------------------


def hasbro_three_of_a_kind(counts: Counts) -> int:
    """At least three equal dice: the sum of all dice."""
    return total_pips(counts) if _has_kind(counts, 3) else 0


def hasbro_four_of_a_kind(counts: Counts) -> int:
    """At least four equal dice: the sum of all dice."""
    return total_pips(counts) if _has_kind(counts, 4) else 0


def hasbro_full_house(counts: Counts) -> int:
    """Three of one face and two of another: 25."""
    return 25 if _is_full_house(counts) else 0


def hasbro_small_straight(counts: Counts) -> int:
    """Four faces in a row (1-2-3-4, 2-3-4-5 or 3-4-5-6): 30."""
    return 30 if any(_has_run(counts, first, first + 3) for first in (1, 2, 3)) else 0


def hasbro_large_straight(counts: Counts) -> int:
    """Five faces in a row: 40."""
    return 40 if _has_run(counts, 1, 5) or _has_run(counts, 2, 6) else 0


def hasbro_yahtzee(counts: Counts) -> int:
    """Five equal dice: 50 (also the Scandinavian Yatzy box)."""
    return 50 if _has_kind(counts, 5) else 0


def rigole(counts: Counts) -> int:
    """Four dice of one face and the fifth on the opposite face (they add to 7): 40 + sum (Q3).

    >>> rigole(counts_of([4, 4, 4, 4, 3]))
    59
    """
    is_rigole = any(counts[face - 1] == 4 and counts[6 - face] == 1 for face in FACES)
    return 40 + total_pips(counts) if is_rigole else 0


# --- Yams (5.3) ---------------------------------------------------------------------------


def yams_four_of_a_kind(counts: Counts) -> int:
    """At least four equal dice: 40 + the sum of all five (Q7)."""
    return 40 + total_pips(counts) if _has_kind(counts, 4) else 0


def yams_full_house(counts: Counts) -> int:
    """Three of one face and two of another: 30 + sum."""
    return 30 + total_pips(counts) if _is_full_house(counts) else 0


def yams_small_straight(counts: Counts) -> int:
    """Four faces in a row, as in Yahtzee (Q5): 45."""
    return 45 if hasbro_small_straight(counts) else 0


def yams_large_straight(counts: Counts) -> int:
    """Five faces in a row: 50."""
    return 50 if hasbro_large_straight(counts) else 0


def yams(counts: Counts) -> int:
    """Five equal dice: 50 + sum."""
    return 50 + total_pips(counts) if _has_kind(counts, 5) else 0


# --- Scandinavian Yatzy (5.4) and Maxi Yatzy (5.5) ---------------------------------------


def one_pair(counts: Counts) -> int:
    """Two equal dice: twice the highest such face."""
    faces = _faces_with_at_least(counts, 2)
    return 2 * faces[0] if faces else 0


def two_pairs(counts: Counts) -> int:
    """Two pairs of different faces: the four dice of the two highest pairs."""
    faces = _faces_with_at_least(counts, 2)
    return 2 * (faces[0] + faces[1]) if len(faces) >= 2 else 0


def three_pairs(counts: Counts) -> int:
    """Three pairs of different faces (six dice): the six dice of the three pairs."""
    faces = _faces_with_at_least(counts, 2)
    return 2 * sum(faces[:3]) if len(faces) >= 3 else 0


def kind_times_face(number: int) -> ScoreFunction:
    """Three/Four/Five of a kind, Scandinavian style: `number` × the highest such face."""

    def score(counts: Counts) -> int:
        faces = _faces_with_at_least(counts, number)
        return number * faces[0] if faces else 0

    score.__name__ = f"kind_{number}_times_face"
    return score


def scandinavian_small_straight(counts: Counts) -> int:
    """1-2-3-4-5 present (exactly that with five dice): 15."""
    return 15 if _has_run(counts, 1, 5) else 0


def scandinavian_large_straight(counts: Counts) -> int:
    """2-3-4-5-6 present: 20."""
    return 20 if _has_run(counts, 2, 6) else 0


def full_straight(counts: Counts) -> int:
    """1-2-3-4-5-6 (six dice): 21."""
    return 21 if _has_run(counts, 1, 6) else 0


def scandinavian_full_house(counts: Counts) -> int:
    """Three of one face and two of a different face: the best such five dice.

    >>> scandinavian_full_house(counts_of([2, 2, 2, 5, 5, 5]))
    19
    """
    options = [
        3 * triple + 2 * pair
        for triple in _faces_with_at_least(counts, 3)
        for pair in _faces_with_at_least(counts, 2)
        if pair != triple
    ]
    return max(options, default=0)


def castle(counts: Counts) -> int:
    """Two three-of-a-kinds of different faces (six dice): the sum of all six."""
    return total_pips(counts) if len(_faces_with_at_least(counts, 3)) >= 2 else 0


def tower(counts: Counts) -> int:
    """Four of one face and two of a different face (six dice): the sum of all six."""
    is_tower = sorted(counts)[-2:] == [2, 4]
    return total_pips(counts) if is_tower else 0


def maxi_yatzy(counts: Counts) -> int:
    """Six equal dice: 100."""
    return 100 if _has_kind(counts, 6) else 0
