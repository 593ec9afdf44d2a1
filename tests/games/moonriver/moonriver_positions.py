"""Hand-made Moon River positions and plot numbers of the shipped set, for the tests.

Plot numbers (Tabletop's own set, data/plots.json): M plain 5, 15, 20, 28, 33; "Mc" meadow
with a cow 70, 74, 77, 80; "M2c" 94, 95, 96; "Mcx" (cow and skull) 41; "Mo" (circle) 83;
F plain 7, 10, 17, 22, 25, 35; "Fc" 72, 75, 85, 87; "Fo" 78, 88; C plain 12, 18, 30;
"Ck" 39, 42; "Co" 81, 91; D plain 6, 16, 21; "Dx" (skull) 1, 2, 3, 4; "Hn" (nugget) 43, 44,
48; "Lb" (beaver) 40, 46.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.moonriver import GAME
from tabletop.games.moonriver.state import MoonRiverState

PENDING = ((8, -1), (9, -1), (11, -1), (14, -1))
"""A next column nobody has claimed (H, L, H, L plain)."""


def position(
    *, took: int, reserve: list[int], players: int = 2, to_move: int = 0, **parts: Any
) -> MoonRiverState:
    """`to_move` has just taken `took` (already in `reserve`) from an active column they own."""
    reserves = parts.pop("reserves", [[] for _ in range(players)])
    reserves = [list(r) for r in reserves]
    reserves[to_move] = reserve
    active = parts.pop("active", [(took, to_move)])
    pending = parts.pop("pending", () if parts.get("final") else PENDING)
    return MoonRiverState.from_position(
        GAME,
        players=players,
        reserves=reserves,
        active=active,
        pending=pending,
        took=took,
        to_move=to_move,
        **parts,
    )
