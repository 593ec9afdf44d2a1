"""Move-count tables (perft) of Yatzy through the public contract, each count worked out by hand.

A turn's actions are the rolls while rolls remain, one per set of kept dice but all of
them, then the open boxes (Y-R2, Y-R3), restricted by the joker rule (Y-R8). So with d
dice, b open boxes and rolls left, a position offers 2^d - 1 + b actions (31 + b with five
dice), and b once no roll remains. The dice come from the position's seeded generator, which
only changes a count through the joker rule: no row below meets five equal dice with the
Yahtzee box written, except where the row says so.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from yatzy_positions import UPPER, YAHTZEE_LOWER, position

from perft import perft
from tabletop.engine import State
from tabletop.games.yatzy import GAME


def _fresh_solo() -> State:
    return position([1, 2, 3, 4, 5], rolls_left=2)


def _fresh_solo_one_roll_left() -> State:
    return position([1, 2, 3, 4, 5], rolls_left=1)


def _fresh_pair_no_roll_left() -> State:
    return position([1, 2, 3, 4, 5], rolls_left=0, players=2)


def _forced_joker_sixes() -> State:
    # Scenario 6: the Yahtzee box holds 50 and Sixes is open, so Sixes is the only box.
    return position([6] * 5, rolls_left=0, sheets=[{"yahtzee": 50}])


def _free_joker_sixes() -> State:
    # Scenario 10: with the free joker every one of the 12 open boxes may take it.
    return position([6] * 5, rolls_left=0, sheets=[{"yahtzee": 50}], joker="free")


def _maxi_start() -> State:
    return GAME.new_state(1, {"variant": "maxi"}, 3)


def _last_box() -> State:
    sheet = dict.fromkeys(UPPER + YAHTZEE_LOWER, 0)
    del sheet["chance"]
    return position([1, 2, 3, 4, 5], rolls_left=2, sheets=[sheet])


HAND_COUNTED: list[tuple[Callable[[], State], int, int, str]] = [
    (_fresh_solo, 1, 44, "31 rolls + 13 boxes"),
    # A roll leaves 1 roll (31 + 13 = 44); a box starts the next turn with 12 open boxes and
    # 2 rolls (31 + 12 = 43).
    (_fresh_solo, 2, 1923, "31 * 44 + 13 * 43"),
    (_fresh_solo_one_roll_left, 1, 44, "31 rolls + 13 boxes"),
    # A roll uses the last roll: 13 boxes only.
    (_fresh_solo_one_roll_left, 2, 962, "31 * 13 + 13 * 43"),
    # Depth 3: after a roll, 13 boxes then the next turn's 43 each; after a box, the next
    # turn's 31 rolls (43 each) and 12 boxes (then 31 + 11 = 42 each).
    (_fresh_solo_one_roll_left, 3, 41210, "31 * 13 * 43 + 13 * (31 * 43 + 12 * 42)"),
    (_fresh_pair_no_roll_left, 1, 13, "13 boxes, no roll left"),
    # Each box hands the dice to seat 1, who starts a fresh turn: 31 + 13.
    (_fresh_pair_no_roll_left, 2, 572, "13 * 44"),
    (_forced_joker_sixes, 1, 1, "Sixes only (Y-R8)"),
    (_free_joker_sixes, 1, 12, "any open box (Y-R8-alt)"),
    (_maxi_start, 1, 83, "63 rolls of six dice + 20 boxes"),
    (_last_box, 1, 32, "31 rolls + Chance"),
    # Writing Chance ends the game (Y-R4): nothing follows it.
    (_last_box, 2, 31 * 32, "31 * 32 + 0"),
]


@pytest.mark.parametrize(("make", "depth", "expected", "reasoning"), HAND_COUNTED)
def test_hand_counted_move_counts(
    make: Callable[[], State], depth: int, expected: int, reasoning: str
) -> None:
    assert perft(make(), depth) == expected, reasoning
