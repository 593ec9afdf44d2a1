"""Kalah as plain text: North's row reversed above South's, stores at the sides.

Seen from South, as on a real board: North's pits run N6…N1 left to right, North's store
is on the left and South's store on the right (section 2 of rules/kalah.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_MARGIN = 8
_CELL = 5


def draw_text(view: Mapping[str, Any]) -> str:
    """The board, who owns which side, the last move and the prompt.

    >>> from tabletop import games
    >>> state = games.load("kalah").new_state(2)
    >>> print(str(state))
              N6   N5   N4   N3   N2   N1
    North   [ 4] [ 4] [ 4] [ 4] [ 4] [ 4]  seat 1
     [ 0]                                 [ 0]
    South   [ 4] [ 4] [ 4] [ 4] [ 4] [ 4]  seat 0
              S1   S2   S3   S4   S5   S6
    South (seat 0) to move
    """
    pits = int(view["pits"])
    north = list(reversed(view["north_pits"]))
    south = list(view["south_pits"])
    width = _MARGIN + _CELL * pits
    lines = [
        " " * _MARGIN + "".join(f"N{pits - k}".rjust(_CELL - 1) + " " for k in range(pits)).rstrip(),
        "North".ljust(_MARGIN) + _row(north) + f"  seat {view['north_seat']}",
        f" [{view['north_store']:>2}]".ljust(width) + f"[{view['south_store']:>2}]",
        "South".ljust(_MARGIN) + _row(south) + f"  seat {view['south_seat']}",
        " " * _MARGIN + "".join(f"S{k + 1}".rjust(_CELL - 1) + " " for k in range(pits)).rstrip(),
    ]
    if view.get("last_move"):
        lines.append(f"Last move: {view['last_move']['text']}")
    lines.append(str(view["prompt"]))
    return "\n".join(lines)


def _row(counts: list[int]) -> str:
    return " ".join(f"[{count:>2}]" for count in counts)
