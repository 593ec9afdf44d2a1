"""Move counts (perft) from the start, through the public contract, against independent figures.

Where the figures come from:
- depth 1 is 6 at every table (R2: the six corners of the start plot), by hand;
- depths 2 and 3 for two players by hand: every corner of (0,-2) has three moves and so has
  every crossroad one step away (none of them is on the rim), so 6 · 3 = 18 and 18 · 3 = 54;
- every row is also `crazyfarmers_reference.opening_perft`, written from the rules page alone
  (see that module), up to depth 5, where the second player chooses a corner. Depth 4 falls
  short of 162 because a few third moves would leave the board (R14a); depth 5 is six corners
  for each, less those where the first tractor already stands (4.15).
The start plots are dealt at random (2.4), so the reference is given the ones dealt.
"""

from __future__ import annotations

import pytest
from crazyfarmers_reference import opening_perft

from perft import perft
from tabletop.games.crazyfarmers import GAME
from tabletop.games.crazyfarmers.board import PLOT_COORDS, plots_of
from tabletop.games.crazyfarmers.state import CrazyFarmersState

PERFT_FROM_THE_START = {
    # players: counts for depth 1..5 (seed 0)
    2: [6, 18, 54, 158, 948],
    3: [6, 18, 54, 158, 948],
    4: [6, 18, 54, 160, 959],
}


def starts(state: CrazyFarmersState) -> list[tuple[int, int]]:
    return [PLOT_COORDS[plots_of(field)[0]] for field in state.fields]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_perft_from_the_start_depths_1_to_3(players: int) -> None:
    state = GAME.new_state(players, None, seed=0)
    expected = PERFT_FROM_THE_START[players]
    assert [perft(state, depth) for depth in (1, 2, 3)] == expected[:3]
    assert [opening_perft(starts(state), depth) for depth in (1, 2, 3)] == expected[:3]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_perft_to_the_second_player_corner_matches_the_reference(players: int) -> None:
    state = GAME.new_state(players, None, seed=0)
    assert [perft(state, depth) for depth in (4, 5)] == PERFT_FROM_THE_START[players][3:]
    assert [opening_perft(starts(state), depth) for depth in (4, 5)] == PERFT_FROM_THE_START[players][3:]


@pytest.mark.parametrize("seed", range(6))
def test_every_deal_of_the_start_plots_agrees_with_the_reference(seed: int) -> None:
    for players in (2, 3, 4):
        state = GAME.new_state(players, None, seed=seed)
        assert [perft(state, depth) for depth in (1, 2, 3, 4)] == [
            opening_perft(starts(state), depth) for depth in (1, 2, 3, 4)
        ]
