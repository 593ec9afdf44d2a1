"""Move generation pinned by leaf counts (perft), every figure checked independently.

Sources of the expected numbers:
- the start: scenario 13 of docs/rules/yinsh.md (85 · 84 · 83 placements);
- the fixed placement: scenario 14 (69 / 5,133 / 341,325), from a generator that agreed
  with temhelk/yngine;
- the mid-game positions (reached in seeded random games, written out below): counted by
  `yinsh_reference`, an engine written separately for these tests. The fast test recounts
  the shallow depths with it; the slow one recounts every figure of the table.

Every decision is a leaf-making step: ring moves, row choices and ring removals (and a
pass); `undo` is not a move and is not counted.
"""

from __future__ import annotations

from typing import Any

import pytest
from yinsh_positions import perft
from yinsh_reference import Reference
from yinsh_reference import perft as reference_perft

from tabletop.engine import Rng, State
from tabletop.games.yinsh import GAME
from tabletop.games.yinsh.state import YinshState

# name: (white rings, black rings, white markers, black markers, rings removed, to move)
POSITIONS: dict[str, tuple[str, str, str, str, tuple[int, int], int]] = {
    "scenario 14": ("B2 D4 F6 H8 J10", "C3 E5 G7 I9 E8", "", "", (0, 0), 0),
    # Black to move; several moves make a black row (row and ring decisions follow).
    "rows for the mover": (
        "H5 D5 C7 C1 F6",
        "A2 C4 G5 H7 E7",
        "A4 C2 C6 E3 E4 E5 E6 G3 G6 G10 H6",
        "B3 D9 F7 G7 H9 I5 I9 K9",
        (0, 0),
        1,
    ),
    # White, two rings up, to move: rows for either side, and a third ring that wins.
    "rows for both": (
        "E9 H10 E6",
        "B1 J5 A3 A5",
        "A4 B4 B5 C2 C5 D8 E3 E4 E5 F2 F9 G3 G5 G9 G10 H9 I4 I5 I6 I9",
        "A2 B2 B3 C3 C4 C6 D3 D4 D5 D6 D9 E8 F4 F5 F6 F8 G7 H5 H7",
        (2, 1),
        0,
    ),
    # Black to move with 50 markers down: most moves end the game (YI-R11), some make rows.
    "last marker": (
        "I6 K9 K7 B7",
        "C2 B4 G7 E7 F8",
        "A4 B5 B6 C7 D4 D5 D7 E4 E6 E8 F3 F5 F7 F9 G2 G6 G9 H6 H8 H9 H10 I11 J8",
        "A2 B1 B2 C1 C4 C5 C6 D6 D8 E1 E5 E9 F2 F6 G5 H5 I5 I8 I9 I10 J5 J6 J7 J9 J10 K8 K10",
        (1, 0),
        1,
    ),
}
# name: the counts at depth 1, 2, 3, …
PERFT = {
    "scenario 14": [69, 5133, 341325],
    "rows for the mover": [38, 1693, 62858],
    "rows for both": [21, 237, 4391, 56320],
    "last marker": [21, 24, 46, 350, 4654, 48939],
}
# The depths the reference recounts in the fast run (it is slower than the engine).
FAST_REFERENCE_DEPTH = {"scenario 14": 2, "rows for the mover": 2, "rows for both": 3, "last marker": 5}


def _position(name: str) -> State:
    white_rings, black_rings, white_markers, black_markers, removed, to_move = POSITIONS[name]
    return YinshState.from_position(
        GAME,
        white_rings=white_rings.split(),
        black_rings=black_rings.split(),
        white_markers=white_markers.split(),
        black_markers=black_markers.split(),
        to_move=to_move,
        rings_removed=removed,
    )


def _reference(name: str) -> Reference:
    white_rings, black_rings, white_markers, black_markers, removed, to_move = POSITIONS[name]
    return Reference.from_position(
        white_rings=white_rings.split(),
        black_rings=black_rings.split(),
        white_markers=white_markers.split(),
        black_markers=black_markers.split(),
        to_move=to_move,
        removed=removed,
    )


def test_placement_phase_counts() -> None:
    # Scenario 13 / YI-S2: 85 · 84 · 83 sequences of three placements.
    state = GAME.new_state()
    assert [perft(state, depth) for depth in (1, 2, 3)] == [85, 85 * 84, 85 * 84 * 83]


@pytest.mark.parametrize("name", list(PERFT))
def test_perft_table(name: str) -> None:
    # YI-R2 … YI-R11 together: every decision counted from known positions.
    state = _position(name)
    assert [perft(state, depth) for depth in range(1, len(PERFT[name]) + 1)] == PERFT[name]


@pytest.mark.parametrize("name", list(PERFT))
def test_the_reference_engine_agrees_at_shallow_depths(name: str) -> None:
    reference = _reference(name)
    depths = range(1, FAST_REFERENCE_DEPTH[name] + 1)
    assert [reference_perft(reference, depth) for depth in depths] == PERFT[name][: len(depths)]


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PERFT))
def test_the_reference_engine_agrees_with_the_whole_table(name: str) -> None:
    reference = _reference(name)
    assert [reference_perft(reference, depth) for depth in range(1, len(PERFT[name]) + 1)] == PERFT[name]


def _play_alongside(variant: str, seed: int) -> int:
    """Plays a random game on both engines, comparing the legal actions at every decision."""
    state = GAME.new_state(options={"variant": variant}, seed=seed)
    reference = Reference(rings_to_win=1 if variant == "blitz" else 3)
    rng = Rng(seed)
    decisions = 0
    while not state.is_over():
        (seat,) = state.current_players()
        legal = sorted(action for action in state.legal_action_ids(seat) if action != "undo")
        assert (seat, legal) == (reference.who, reference.actions()), f"decision {decisions}"
        action = rng.choice(legal)
        state.apply(seat, action)
        reference.play(action)
        decisions += 1
    outcome: Any = state.outcome()
    assert reference.step == "over" and list(outcome.scores) == reference.removed
    return decisions


@pytest.mark.parametrize("variant", ["standard", "blitz"])
def test_random_games_agree_with_the_reference_engine(variant: str) -> None:
    # Scenario 15: both engines agree on every decision and on the result.
    assert sum(_play_alongside(variant, seed) for seed in range(12)) > 300


@pytest.mark.slow
def test_many_random_games_agree_with_the_reference_engine() -> None:
    assert (
        sum(_play_alongside(variant, seed) for variant in ("standard", "blitz") for seed in range(12, 200))
        > 0
    )
