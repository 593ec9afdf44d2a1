"""Move counts (perft) from the start, through the public contract, against independent figures.

Where the figures come from:
- depth 1 at any start on Windmill on the Dyke with d6 and d8: 4 dot boxes (the only open
  boxes of an empty postcard, R5–R7) times 3 groups of two dice (R3), plus confirm: 13;
- depth 2, solo, seed 0 (d6 = 1, d8 = 8), counted by hand below;
- every row: `rolltothetop_reference.perft`, written from the rules page alone and working on
  the postcard's JSON with named dice (see that module); it stops at the pool step, where
  it counts the changes R13–R17 allow from the rules' words.
"""

from __future__ import annotations

import pytest
from rolltothetop_positions import T12, t12
from rolltothetop_reference import perft as reference_perft
from rolltothetop_reference import start_seats

from perft import perft
from tabletop.games.rolltothetop import GAME
from tabletop.games.rolltothetop.board import DICE
from tabletop.games.rolltothetop.state import RollToTheTopState

WINDMILL_START = {
    # (players, seed): counts at depths 1, 2, 3
    (1, 0): [13, 59, 379],
    (2, 0): [13, 69, 435],
    (6, 1): [13, 69, 445],
}
"""Written down from the engine, depth 1 and solo depth 2 checked by hand, every figure of
two or more players against the reference (alone, depth 3 goes past the pool step into a
new roll, where the reference stops)."""


def start(players: int, seed: int) -> RollToTheTopState:
    state = GAME.new_state(players, None, seed)
    assert isinstance(state, RollToTheTopState)
    return state


def rolled(state: RollToTheTopState) -> dict[str, int]:
    return {die: face for die, face in zip(DICE, state.faces, strict=True) if face}


def test_depth_2_solo_by_hand() -> None:
    # Seed 0 rolls d6 = 1 and d8 = 8; the open boxes are the dots a0, a2, a4, e0 (R5).
    # One die into a0 leaves the other die for a2, a4, e0 and the hanging a1 beside a0 (R7):
    # 4 writes + undo + confirm = 6. Into a2: a0, a4, e0, a1, a3: 7. Into a4: a0, a2, e0, a3: 6.
    # Into e0 (nothing hangs from it): 5. Both dice in one box: undo + confirm = 2.
    # a0 6+6+2, a2 7+7+2, a4 6+6+2, e0 5+5+2 = 56, and confirm leads to the pool step, where
    # nobody wrote, so the only changes are adding d4, d12 or d20 (R15): 56 + 3 = 59.
    state = start(1, 0)
    assert rolled(state) == {"d6": 1, "d8": 8}
    assert perft(state, 1) == 13
    by_action = {}
    for action in state.legal_action_ids(0):
        child = state.clone()
        child.apply(0, action)
        by_action[action] = perft(child, 1)
    assert by_action["a0=d6"] == by_action["a0=d8"] == by_action["a4=d6"] == 6
    assert by_action["a2=d6"] == 7 and by_action["e0=d8"] == 5 and by_action["a2=d6+d8"] == 2
    assert by_action["confirm"] == 3
    assert sum(by_action.values()) == 59


@pytest.mark.parametrize(("players", "seed"), sorted(WINDMILL_START))
def test_counts_from_the_start(players: int, seed: int) -> None:
    state = start(players, seed)
    expected = WINDMILL_START[(players, seed)]
    assert [perft(state, depth) for depth in (1, 2, 3)] == expected


@pytest.mark.parametrize(("players", "seed"), sorted(WINDMILL_START))
def test_the_reference_agrees_from_the_start(players: int, seed: int) -> None:
    state = start(players, seed)
    postcard = state.postcard.to_json()
    for depth in (1, 2, 3) if players > 1 else (1, 2):
        seats = start_seats(players, rolled(state))
        assert reference_perft(postcard, seats, rolled(state), state.face, depth) == perft(state, depth)


@pytest.mark.parametrize(
    ("sheet", "faces"),
    [
        ({}, {"d4": 2, "d6": 5, "d8": 5}),
        ({"a0": 4, "a1": 6, "a2": 1}, {"d6": 6, "d8": 1, "d20": 13}),
        ({"a0": 1, "a1": 1, "a2": 1, "a3": 1, "b0": 2, "b1": 2, "b2": 3}, {"d4": 1, "d12": 9}),
        ({"a1": 2}, {"d4": 3, "d6": 4, "d8": 2, "d12": 7, "d20": 11}),
    ],
)
def test_the_reference_agrees_on_t12(sheet: dict[str, int], faces: dict[str, int]) -> None:
    for players in (1, 2):
        state = t12(*[sheet] * players, faces=faces, action_face="±")
        seats = start_seats(players, faces, sheet)
        for depth in (1, 2, 3) if players > 1 else (1, 2):
            assert reference_perft(T12.to_json(), seats, faces, "±", depth) == perft(state, depth)
