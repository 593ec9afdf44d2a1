"""Move-generation counts (perft) through the public contract, against independent figures.

Where the figures come from:
- the reference placement's 45 / 2,090 / 99,242 and the 52 after A2A1: docs/rules/dvonn.md section 7
  (scenario 3), obtained there from PrimaDvonna's own move generator;
- the empty board during placement: 49 · 48 · 47, counted by hand (any empty space, DV-S1);
- the other rows: `dvonn_reference.perft`, written from the rules page alone and differently
  from the engine (see that module), which also reproduces the section-7 figures below.
A forced pass counts as a ply and a finished game has no leaves (section 7, scenario 3).
"""

from __future__ import annotations

import pytest
from dvonn_reference import board_of_view
from dvonn_reference import perft as reference_perft

from perft import perft
from tabletop.engine import State
from tabletop.games.dvonn import GAME

REFERENCE_PLACEMENT = [
    "C3", "F3", "I3", "A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1", "A2", "B2", "C2", "D2", "E2",
    "F2", "G2", "H2", "I2", "J2", "A3", "B3", "D3", "E3", "G3", "H3", "J3", "K3", "B4", "C4", "D4", "E4",
    "F4", "G4", "H4", "I4", "J4", "K4", "C5", "D5", "E5", "F5", "G5", "H5", "I5", "J5", "K5",
]  # fmt: skip
"""Section 7, scenario 3 of docs/rules/dvonn.md (the first three are the DVONN pieces)."""

MIDGAME_8 = "F1G1 F5E5 H1G1 E4F4 A3A2 D5D4 G5G4 F4D2"
MIDGAME_16 = "B1C2 A1B2 A2A3 K3J2 E5D4 B2D2 B4B3 H5I5 D1D2 D5C4 H4G4 I4I3 J4I3 E4E3 K5K4 I1J2"
MIDGAME_24 = (
    "E5D5 J2J3 I5H5 J5K5 G5F4 I4I3 A2B2 I1I2 D1E2 D2E3 F1G1 G4H4 B1C1 F2F3 G1I3 E4D4 D3C3 H3G2 H5F3 "
    "K4K3 E2C2 H2I2 B4C5 B3A3"
)
BEFORE_PASSES = (
    "A2A1 K3J3 A1C1 D5C4 G5G4 J3H1 D1D2 K4J4 B1C2 H5G4 E2D2 E3F4 C5C4 J2I2 D3C3 G4J4 F1G2 F2G3 C3E5 "
    "B3C4 B4C4 I2G2 H4I5 J4E4 I5K5"
)
"""25 random moves after the reference placement, a few plies before Black must pass."""


def after(moves: str, placement: list[str] = REFERENCE_PLACEMENT) -> State:
    """The state after the reference placement (or another) and then `moves`, applied in turn."""
    state = GAME.new_state()
    for action_id in [*placement, *moves.split()]:
        state.apply(state.current_players()[0], action_id)
    return state


def test_reference_placement_perft_of_section_7() -> None:
    # Section 7, scenario 3 (DV-S1 placement, DV-S2 White first, DV-R1..R5 in the tree).
    state = after("")
    assert [perft(state, depth) for depth in (1, 2, 3)] == [45, 2090, 99242]


def test_reference_placement_after_a2a1_of_section_7() -> None:
    # Section 7, scenario 3: after A2A1 Black has 52 moves.
    assert perft(after("A2A1"), 1) == 52


def test_the_reference_generator_reproduces_section_7() -> None:
    """The independent generator agrees with the rules page, so its other figures can be trusted."""
    board = board_of_view(after("").view(None))
    assert [reference_perft(board, "W", depth) for depth in (1, 2, 3)] == [45, 2090, 99242]


def test_placement_phase_counts_every_empty_space() -> None:
    # DV-S1: any empty space, 49 · 48 · 47 by hand.
    assert [perft(GAME.new_state(), depth) for depth in (1, 2, 3)] == [49, 49 * 48, 49 * 48 * 47]


def test_last_two_placements() -> None:
    # DV-S1: two spaces left (J5, K5): Black takes one, White the other; counted by hand.
    state = after("", REFERENCE_PLACEMENT[:-2])
    assert [perft(state, depth) for depth in (1, 2)] == [2, 2]


PERFT_TABLE = [
    # (label, moves after the reference placement, expected counts from depth 1, of the reference generator)
    ("midgame after 8 moves", MIDGAME_8, [43, 2511, 110879]),
    ("midgame after 16 moves", MIDGAME_16, [52, 1158, 53377]),
    ("endgame after 24 moves", MIDGAME_24, [23, 339, 5366]),
    ("passes ahead", BEFORE_PASSES, [25, 87, 1565, 1964, 23554]),
]


@pytest.mark.parametrize(("label", "moves", "expected"), PERFT_TABLE, ids=[row[0] for row in PERFT_TABLE])
def test_perft_table_of_mid_game_positions(label: str, moves: str, expected: list[int]) -> None:
    # DV-R1..R6 together: ownership, blocking, exact jumps, removals, forced passes, the end.
    state = after(moves)
    assert [perft(state, depth) for depth in range(1, len(expected) + 1)] == expected


@pytest.mark.parametrize(
    ("label", "moves", "expected"), PERFT_TABLE[:3], ids=[row[0] for row in PERFT_TABLE[:3]]
)
def test_perft_table_comes_from_the_reference_generator(label: str, moves: str, expected: list[int]) -> None:
    state = after(moves)
    colour = "WB"[state.current_players()[0]]
    board = board_of_view(state.view(None))
    assert [reference_perft(board, colour, depth) for depth in range(1, len(expected) + 1)] == expected


def test_forced_passes_are_in_the_reference_count_too() -> None:
    state = after(BEFORE_PASSES)
    board = board_of_view(state.view(None))
    assert [reference_perft(board, "B", depth) for depth in (1, 2, 3, 4)] == PERFT_TABLE[3][2][:4]


@pytest.mark.parametrize(("seed", "expected"), [(1, [38, 2006, 83244]), (2, [45, 2052, 95233])])
def test_random_setup_positions(seed: int, expected: list[int]) -> None:
    # DV-S3: the random setup starts in phase 2 with White to move; counts from the reference generator.
    state = GAME.new_state(2, {"setup": "random"}, seed)
    assert [perft(state, depth) for depth in (1, 2, 3)] == expected
    board = board_of_view(state.view(None))
    assert [reference_perft(board, "W", depth) for depth in (1, 2)] == expected[:2]
