"""Move-count tables (perft) of Yatzy through the public contract, each count worked out by hand.

A turn's actions are the die toggles and `roll` while rolls remain (`roll` not with every
die kept), then the open boxes (Y-R2, Y-R3), restricted by the joker rule (Y-R8). So with d
dice, b open boxes and rolls left, a position offers d + 1 + b actions (d + b with every die
kept), and b once no roll remains. The dice come from the position's seeded generator, which
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


def _every_die_kept() -> State:
    return position([2, 2, 2, 5, 5], kept=[True] * 5, rolls_left=1)


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
    (_fresh_solo, 1, 19, "5 toggles + roll + 13 boxes"),
    # A toggle keeps 19 actions; a roll leaves 1 roll (19); a box starts the next turn with
    # 12 open boxes and 2 rolls (5 + 1 + 12 = 18): 5 * 19 + 19 + 13 * 18.
    (_fresh_solo, 2, 348, "5 * 19 + 19 + 13 * 18"),
    (_fresh_solo_one_roll_left, 1, 19, "5 toggles + roll + 13 boxes"),
    # The roll uses the last roll: 13 boxes only.
    (_fresh_solo_one_roll_left, 2, 342, "5 * 19 + 13 + 13 * 18"),
    # Depth 3: after a toggle as at depth 2 (342 each); after the roll, 13 boxes then 18 each;
    # after a box, the next turn's toggles (5 * 18), roll (18) and 12 boxes then 17 each.
    (_fresh_solo_one_roll_left, 3, 6000, "5 * 342 + 13 * 18 + 13 * (5 * 18 + 18 + 12 * 17)"),
    (_fresh_pair_no_roll_left, 1, 13, "13 boxes, no roll left"),
    # Each box hands the dice to seat 1, who starts a fresh turn: 5 + 1 + 13.
    (_fresh_pair_no_roll_left, 2, 247, "13 * 19"),
    (_every_die_kept, 1, 18, "5 toggles, no roll, 13 boxes"),
    (_forced_joker_sixes, 1, 1, "Sixes only (Y-R8)"),
    (_free_joker_sixes, 1, 12, "any open box (Y-R8-alt)"),
    (_maxi_start, 1, 27, "6 toggles + roll + 20 boxes"),
    (_last_box, 1, 7, "5 toggles + roll + Chance"),
    # Writing Chance ends the game (Y-R4): nothing follows it.
    (_last_box, 2, 5 * 7 + 7, "5 * 7 + 7 + 0"),
]


@pytest.mark.parametrize(("make", "depth", "expected", "reasoning"), HAND_COUNTED)
def test_hand_counted_move_counts(
    make: Callable[[], State], depth: int, expected: int, reasoning: str
) -> None:
    assert perft(make(), depth) == expected, reasoning
