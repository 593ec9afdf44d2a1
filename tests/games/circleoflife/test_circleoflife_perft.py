"""Move generation pinned by leaf counts of the game tree ("perft"), as chess engines do.

Each count is checked by an independent method: the start position by the arithmetic in
the comments, and the mid-game positions by `circleoflife_reference` (a separate, slow
implementation of the rules) reaching the same counts from the same moves.
"""

from __future__ import annotations

import pytest
from circleoflife_reference import (
    ALL_CELLS,
    Reference,
    engine_perft,
    name,
    parse,
    reference_perft,
    touching,
)

from tabletop.engine import Rng
from tabletop.games.circleoflife import GAME
from tabletop.games.circleoflife.state import CircleOfLifeState

MID_GAME = {
    "seed 1, 20 moves": (
        1,
        "A1 C1 F7 H7 D6 C6 B5 D5 B1 C3 H6 A3 H5 H7 H8 G2 E5 G4 D4 B0",
        [44, 1942, 79784],
    ),
    "seed 2, 36 moves": (
        2,
        "E2 A4 G8 B1 A2 F3 G4 H3 G5 F8 E1 B4 E8 C2 H4 H6 C1 G6 B2 I7 B5 E6 F7 E0 I4 C4 I6 E7 B0 D5 D6 "
        "E3 E6 F2 G2 H7",
        [12, 191, 2136],
    ),
    "seed 4, 44 moves": (
        4,
        "A3 I8 G6 F1 H5 D7 C6 C4 B2 E6 F8 G5 F5 E7 B3 I4 D3 I5 E8 C3 C0 G4 D0 D1 C5 D4 G2 H5 A4 E4 E3 "
        "G7 F2 I7 I6 D2 F7 F1 D5 C1 F4 E0 H3 A0",
        [13, 154, 1531],
    ),
    "seed 3, 50 moves": (
        3,
        "B4 D2 B0 G3 G5 A0 B1 C1 B3 C6 G6 D1 C2 D5 E2 G7 C0 H6 F8 A1 E8 H8 G8 I4 F5 G2 I5 F1 G4 D4 I7 "
        "A4 I8 D7 F7 E5 C4 B5 F2 F4 A3 I6 E3 H5 D6 B2 H3 H6 E0 C6",
        [1, 8, 2],
    ),
}
"""Positions of seeded random games (the table's seed, the moves) and perft(1..3) there.

The moves include captures (the eaten counters are 0-4, 3-0, 4-3 and 1-6), and the last
position has lines that end by R10 within three plies (a line that ends early counts no leaf).
"""


def engine_state(seed: int, moves: str) -> CircleOfLifeState:
    state = GAME.new_state(2, None, seed)
    assert isinstance(state, CircleOfLifeState)
    for move in moves.split():
        state.apply(state.to_move, move)
    return state


def reference_position(seed: int, moves: str) -> tuple[Reference, int]:
    reference, seat = Reference(), GAME.new_state(2, None, seed).current_players()[0]
    for move in moves.split():
        assert parse(move) in reference.legal(seat)
        reference.play(seat, parse(move))
        seat = 1 - seat
    return reference, seat


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_of_the_start(depth: int) -> None:
    # 61 empty cells, then 60, then 59: no critter can reach 5 stones (R3) in three plies,
    # and the only possible meal before ply 4 (a pair eating a singleton on ply 3) changes
    # no count before ply 4
    expected = {1: 61, 2: 61 * 60, 3: 61 * 60 * 59}[depth]
    assert engine_perft(GAME.new_state(2, None, 0), depth) == expected


def captures_on_ply_three() -> int:
    """Lines (a, b, c) where the first player's a and c form a pair that touches the second player's b."""
    return sum(
        1
        for a in ALL_CELLS
        for b in ALL_CELLS
        for c in ALL_CELLS
        if len({a, b, c}) == 3 and touching(a, c) and (touching(a, b) or touching(c, b))
    )


@pytest.mark.slow
def test_perft_4_of_the_start() -> None:
    # ply 4 has 61 - 3 = 58 cells, one more where the pair of ply 3 ate the singleton of ply 2
    expected = 61 * 60 * 59 * 58 + captures_on_ply_three()
    assert expected == 12_526_668
    assert engine_perft(GAME.new_state(2, None, 0), 4) == expected


@pytest.mark.parametrize("label", list(MID_GAME))
def test_perft_of_mid_game_positions(label: str) -> None:
    seed, moves, counts = MID_GAME[label]
    state = engine_state(seed, moves)
    reference, seat = reference_position(seed, moves)
    assert state.eaten == reference.eaten
    for depth, count in enumerate(counts, start=1):
        assert engine_perft(state, depth) == count
        assert reference_perft(reference, seat, depth) == count


def test_random_games_agree_with_the_reference_move_by_move() -> None:
    # R2-R10 on 15 seeded games: legal cells, board and eaten counters after every move
    rng = Rng(2024)
    for seed in range(15):
        state = engine_state(seed, "")
        reference = Reference()
        while not state.is_over():
            seat = state.to_move
            legal = state.legal_action_ids(seat)
            assert set(legal) == {name(cell) for cell in reference.legal(seat)}
            move = rng.choice(legal)
            state.apply(seat, move)
            reference.play(seat, parse(move))
            board = {cell: c["seat"] for c in state.view(None)["critters"] for cell in c["cells"]}
            assert board == {name(cell): owner for cell, owner in reference.owner.items()}
            assert state.eaten == reference.eaten
        winner = state.winner
        assert winner is not None
        if state.won_by_score:
            assert reference.eaten[winner] >= 20
        else:
            assert reference.legal(winner) == []
