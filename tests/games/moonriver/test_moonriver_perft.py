"""Move counts from the seeded starts and from a first expansion, checked by formula.

From the start the Rancheros claim the first column one by one (2.5: 4 plots, 4 claims with
two players as A, B, B, A, else one per player), so perft is 4, 4·3, 4·3·2 at depths 1–3 for
every player count. On an empty ranch a domino must use a1, c1 or e1 (R11a): those cells
have 2 + 3 + 2 = 7 edges, each laid two ways round, so 14 placements per pair of plots.
"""

from __future__ import annotations

import pytest
from moonriver_positions import position

from perft import perft
from tabletop.games.moonriver import GAME

BRIDGE_PLACEMENTS = 2 * (2 + 3 + 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_perft_from_the_start_is_the_claims(players: int) -> None:
    state = GAME.new_state(players, None, 2026)
    assert [perft(state, depth) for depth in (1, 2, 3)] == [4, 12, 24]


@pytest.mark.parametrize(
    ("reserve", "expected"), [([5, 7], 14 + 1), ([5, 7, 20], 3 * 14 + 1), ([5, 7, 20, 28], 6 * 14)]
)
def test_first_domino_counts_on_an_empty_ranch(reserve: list[int], expected: int) -> None:
    # R3, R10, R11a, R13: pairs × 14, plus "done" unless 4 plots are held (R2).
    state = position(took=reserve[-1], reserve=reserve)
    assert perft(state, 1) == expected
