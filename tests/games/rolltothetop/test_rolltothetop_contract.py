"""The conformance suite's whole-game checks at 1, 2 and 6 players on every postcard.

The registry-wide suite draws player counts at random; these pin the solo game on every
postcard, and the usual two and the full table of six on the shorter ones (random play
rarely climbs the Clock Tower before the turn limit, so its games are the slowest).
"""

from __future__ import annotations

import pytest

from tabletop.games.rolltothetop import GAME
from tabletop.games.rolltothetop.game import POSTCARDS
from test_conformance import play_and_check

CASES = [(1, name) for name in POSTCARDS] + [
    (2, "windmill"),
    (2, "random"),
    (6, "lighthouse"),
    (6, "windmill"),
]


@pytest.mark.parametrize(("players", "postcard"), CASES)
def test_a_random_game_keeps_the_contract(players: int, postcard: str) -> None:
    play_and_check(GAME, players, {"postcard": postcard}, seed=players * 101 + len(postcard))
