"""The 49-space board of section 2 of rules/dvonn.md: cells, names, neighbours, lines.

Expected figures are those of the rules file (sections 2.1, 2.2 and 7 scenario 1).
"""

from __future__ import annotations

from collections import Counter

from tabletop.games.dvonn import GAME
from tabletop.games.dvonn.geometry import BORDER, CELLS, INDEX, LINES, NAMES, NEIGHBOURS, RAYS


def test_forty_nine_cells_in_rows_of_9_10_11_10_9() -> None:
    # Section 2.1 and section 7 scenario 1.
    assert len(CELLS) == 49
    assert Counter(y for _, y in CELLS) == {0: 9, 1: 10, 2: 11, 3: 10, 4: 9}
    row_ends = [NAMES[cell] for cell in (0, 8, 9, 18, 19, 29, 30, 39, 40, 48)]
    assert row_ends == ["A1", "I1", "A2", "J2", "A3", "K3", "B4", "K4", "C5", "K5"]


def test_cells_that_do_not_exist() -> None:
    # Section 7 scenario 1: A4, A5, B5, J1, K1, K2 are off the board.
    for name in ("A4", "A5", "B5", "J1", "K1", "K2"):
        assert name not in INDEX


def test_neighbour_histogram() -> None:
    # Section 2.2: 6 corners with 3 neighbours, 18 other border cells with 4, 25 inner cells with 6.
    assert Counter(len(neighbours) for neighbours in NEIGHBOURS) == {3: 6, 4: 18, 6: 25}
    assert len(BORDER) == 24


def test_neighbours_are_the_six_directions_of_section_2_2() -> None:
    around_e3 = {NAMES[cell] for cell in NEIGHBOURS[INDEX["E3"]]}
    assert around_e3 == {"D2", "D3", "E2", "E4", "F3", "F4"}  # section 7 scenario 6 lists the same six
    assert {NAMES[cell] for cell in NEIGHBOURS[INDEX["K5"]]} == {"J5", "K4", "J4"}
    for cell, neighbours in enumerate(NEIGHBOURS):
        assert all(cell in NEIGHBOURS[other] for other in neighbours)


def test_twenty_seven_lines() -> None:
    # Section 2.2: rows of 9, 10, 11, 10, 9; each diagonal family 3, 3, 4, 4 and seven of 5.
    lengths = sorted(len(line) for line in LINES)
    diagonals = sorted([3, 3, 4, 4, *[5] * 7] * 2)
    assert len(LINES) == 27
    assert lengths == sorted([9, 10, 11, 10, 9, *diagonals])
    covered = Counter(cell for line in LINES for cell in line)
    assert covered == dict.fromkeys(range(49), 3)  # every cell lies on exactly one line of each axis


def test_rays_step_along_one_line() -> None:
    # A stack of height h on C3 lands h steps away (DV-R3): the rays from C3 eastwards and north-east.
    rays = {tuple(NAMES[cell] for cell in ray) for ray in RAYS[INDEX["C3"]]}
    assert ("D3", "E3", "F3", "G3", "H3", "I3", "J3", "K3") in rays
    assert ("D4", "E5") in rays
    assert ("C2", "C1") in rays


def test_game_declaration() -> None:
    assert (GAME.id, GAME.title, GAME.min_players, GAME.max_players) == ("dvonn", "DVONN", 2, 2)
    assert GAME.options["setup"].choices == ("placement", "random")
    assert GAME.options["setup"].default == "placement"
