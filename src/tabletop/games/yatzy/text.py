"""The Yatzy table as plain text: the dice (kept ones in brackets) and the score sheet.

>>> from tabletop.games.yatzy import GAME, YatzyState
>>> kept = [True, True, False, False, False]
>>> state = YatzyState.from_position(GAME, dice=[2, 2, 5, 6, 1], kept=kept, rolls_left=1)
>>> print(draw_text(state.view(None)).splitlines()[1])
Dice: [2] [2] 5 6 1   1 roll left
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.games.yatzy.state import player_name
from tabletop.games.yatzy.variants import VARIANTS

LABEL_WIDTH = 20
COLUMN_WIDTH = 9
SUM_ROWS = {
    "upper_total": "Upper total",
    "upper_bonus": "Upper bonus",
    "delta": "Delta",
    "yahtzee_bonus_points": "Yahtzee bonus",
    "saved_rolls": "Saved rolls",
}


def draw_text(view: Mapping[str, Any]) -> str:
    """The prompt, the dice line and one sheet column per seat.

    "(n)" in an empty box of the mover: the points the dice would score there.
    """
    lines = [str(view["prompt"]), _dice_line(view), ""]
    players = int(view["players"])
    header = "".ljust(LABEL_WIDTH) + "".join(player_name(seat).rjust(COLUMN_WIDTH) for seat in range(players))
    lines.append(header)
    variant = VARIANTS[view["variant"]]
    for box in variant.boxes:
        lines.append(_box_line(view, box.id, box.name))
        if box.id == "sixes":
            lines += [_sum_line(view, "upper_total"), _sum_line(view, "upper_bonus")]
        if box.id == "minus":
            lines.append(_sum_line(view, "delta"))
    for key in ("yahtzee_bonus_points", "saved_rolls"):
        if key in view["seats"][0]:
            lines.append(_sum_line(view, key))
    lines.append(_sum_line(view, "total", "TOTAL"))
    return "\n".join(lines)


def _dice_line(view: Mapping[str, Any]) -> str:
    pairs = zip(view["dice"], view["kept"], strict=True)
    dice = " ".join(f"[{face}]" if kept else str(face) for face, kept in pairs)
    rolls = int(view["rolls_left"])
    return f"Dice: {dice}   {rolls} roll{'' if rolls == 1 else 's'} left"


def _box_line(view: Mapping[str, Any], box_id: str, name: str) -> str:
    cells = []
    for seat, seat_view in enumerate(view["seats"]):
        points = seat_view["sheet"][box_id]
        if points is not None:
            cells.append(str(points))
        elif view["mover"] == seat and box_id in view["choices"]:
            cells.append(f"({view['choices'][box_id]})")
        else:
            cells.append("")
    return name.ljust(LABEL_WIDTH) + "".join(cell.rjust(COLUMN_WIDTH) for cell in cells)


def _sum_line(view: Mapping[str, Any], key: str, label: str = "") -> str:
    values = ["" if seat[key] is None else str(seat[key]) for seat in view["seats"]]
    cells = "".join(value.rjust(COLUMN_WIDTH) for value in values)
    return (label or SUM_ROWS[key]).ljust(LABEL_WIDTH) + cells
