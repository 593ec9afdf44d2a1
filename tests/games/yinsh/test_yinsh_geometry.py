"""The YINSH board against the figures of section 2 and scenarios 1–3 of docs/rules/yinsh.md."""

from __future__ import annotations

from collections import Counter

import pytest
from yinsh_reference import BOARD, name

from tabletop.games.yinsh.board import (
    COORDINATES,
    LINES,
    POINT_INDEX,
    POINT_NAMES,
    RAYS,
    WINDOW_MASKS,
    WINDOWS,
    points_of,
)
from tabletop.games.yinsh.rules import ring_destinations

# Section 2.2, typed from the rules file: each column's lowest and highest point.
COLUMNS = {
    "A": (2, 5),
    "B": (1, 7),
    "C": (1, 8),
    "D": (1, 9),
    "E": (1, 10),
    "F": (2, 10),
    "G": (2, 11),
    "H": (3, 11),
    "I": (4, 11),
    "J": (5, 11),
    "K": (7, 10),
}
# Section 2.3, typed from the rules file: the end points of the 33 lines, axis by axis.
LINE_ENDS_BY_AXIS = (
    "A2-A5 B1-B7 C1-C8 D1-D9 E1-E10 F2-F10 G2-G11 H3-H11 I4-I11 J5-J11 K7-K10",
    "B1-E1 A2-G2 A3-H3 A4-I4 A5-J5 B6-J6 B7-K7 C8-K8 D9-K9 E10-K10 G11-J11",
    "E1-K7 D1-K8 C1-K9 B1-K10 B2-J10 A2-J11 A3-I11 A4-H11 A5-G11 B7-E10 G2-J5",
)
# Scenario 3: where a lone ring on A2 can go.
FROM_A2 = "A3 A4 A5 B2 C2 D2 E2 F2 G2 B3 C4 D5 E6 F7 G8 H9 I10 J11"


def _lone_ring_count(point: str) -> int:
    return len(ring_destinations(POINT_INDEX[point], 1 << POINT_INDEX[point], 0))


def test_the_board_has_85_points_column_by_column() -> None:
    # Scenario 1 and the table of 2.2.
    expected = [f"{letter}{n}" for letter, (low, high) in COLUMNS.items() for n in range(low, high + 1)]
    assert len(POINT_NAMES) == 85
    assert sorted(POINT_NAMES) == sorted(expected)
    assert {"A1", "F1", "F11", "K11", "A6", "K6"}.isdisjoint(POINT_NAMES)
    assert "F6" in POINT_NAMES and COORDINATES[POINT_INDEX["F6"]] == (0, 0)


def test_the_points_are_the_lattice_points_within_radius_4_6() -> None:
    # 2.1: the description used by sharkdp/yinsh gives the same 85 points.
    assert set(POINT_NAMES) == {name(point) for point in BOARD}


def test_the_33_lines_have_the_listed_ends_and_lengths() -> None:
    ends = [f"{POINT_NAMES[line[0]]}-{POINT_NAMES[line[-1]]}" for line in LINES]
    assert sorted(ends) == sorted(pair for axis in LINE_ENDS_BY_AXIS for pair in axis.split())
    lengths = sorted(len(line) for line in LINES)
    assert lengths == sorted([4, 4, 7, 7, 8, 8, 9, 9, 9, 10, 10] * 3)


def test_there_are_123_windows_41_per_axis_all_on_the_board() -> None:
    # Scenario 2.
    assert len(WINDOWS) == 123
    assert len(set(WINDOW_MASKS)) == 123
    axes = Counter(_axis(window) for window in WINDOWS)
    assert axes == {"column": 41, "number": 41, "diagonal": 41}
    assert all(len(points_of(mask)) == 5 for mask in WINDOW_MASKS)


def _axis(window: tuple[int, ...]) -> str:
    (q1, r1), (q2, r2) = COORDINATES[window[0]], COORDINATES[window[-1]]
    assert (abs(q2 - q1), abs(r2 - r1)) in {(0, 4), (4, 0), (4, 4)}, "five consecutive points"
    return "column" if q1 == q2 else "number" if r1 == r2 else "diagonal"


def test_neighbour_counts() -> None:
    neighbours = [sum(1 for ray in rays if ray) for rays in RAYS]  # a ray's first point is a neighbour
    assert Counter(neighbours) == {6: 55, 5: 6, 4: 12, 3: 12}


@pytest.mark.parametrize(("point", "count"), [("F6", 24), ("A2", 18), ("E1", 18), ("D5", 26)])
def test_a_lone_ring_has_the_listed_number_of_destinations(point: str, count: int) -> None:
    # Scenario 3 and 2.3 (YI-R2 on an empty board).
    assert _lone_ring_count(point) == count


def test_a_lone_ring_on_a2_reaches_the_listed_points() -> None:
    # Scenario 3: A3–A5, B2–G2 and the diagonal B3 … J11.
    destinations = ring_destinations(POINT_INDEX["A2"], 1 << POINT_INDEX["A2"], 0)
    assert sorted(POINT_NAMES[point] for point in destinations) == sorted(FROM_A2.split())


def test_a_lone_ring_on_f6_reaches_the_rest_of_its_three_lines() -> None:
    # 2.3: all other points of the three 9-point lines through the centre, 4 per direction.
    destinations = {POINT_NAMES[p] for p in ring_destinations(POINT_INDEX["F6"], 1 << POINT_INDEX["F6"], 0)}
    column = {f"F{n}" for n in range(2, 11)} - {"F6"}
    number = {f"{letter}6" for letter in "BCDEGHIJ"}
    diagonal = {"B2", "C3", "D4", "E5", "G7", "H8", "I9", "J10"}
    assert destinations == column | number | diagonal


def test_a_lone_ring_has_between_18_and_26_destinations_everywhere() -> None:
    # Scenario 3.
    counts = [_lone_ring_count(point) for point in POINT_NAMES]
    assert (min(counts), max(counts)) == (18, 26)
