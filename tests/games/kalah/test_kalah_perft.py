"""Move-count tables (perft) of section 9, scenario 11, in rules/kalah.md.

Counted through the public contract only (`legal_actions`, `clone`, `apply`). Each sowing
is one ply and an extra move is a new ply by the same player; no pie rule, no early finish.
The expected counts are those of the rules file (identical to OpenSpiel's `mancala`).
"""

from __future__ import annotations

import pytest

from perft import perft
from tabletop import games
from tabletop.engine import State

GAME = games.load("kalah")
STANDARD = [6, 35, 185, 942, 4_690, 23_233, 114_430]
EMPTY_CAPTURE = [6, 35, 185, 942, 4_685, 23_169, 113_959]
RULE_SETS = [
    pytest.param(False, "at_turn", STANDARD, id="standard-at_turn"),
    pytest.param(False, "sweep", STANDARD, id="standard-sweep"),
    pytest.param(True, "sweep", EMPTY_CAPTURE, id="empty_capture-sweep"),
]


def _start(empty_capture: bool, end_rule: str) -> State:
    options = {"seeds": 4, "empty_capture": empty_capture, "end_rule": end_rule, "early_finish": False}
    return GAME.new_state(2, options)


@pytest.mark.parametrize(("empty_capture", "end_rule", "expected"), RULE_SETS)
def test_perft_depths_1_to_7(empty_capture: bool, end_rule: str, expected: list[int]) -> None:
    # K-R1 (legal moves), K-R2 … K-R7 (sowing, extra moves, captures, turn passing); K-R5's
    # empty capture first changes the count at depth 5.
    state = _start(empty_capture, end_rule)
    assert [perft(state, depth) for depth in range(1, 8)] == expected
