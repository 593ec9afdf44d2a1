"""The Yatzy table drawn from a view: SVG for the browser, plain text for the terminal.

The SVG shows the dice tray, the roll button and the score sheet. Clickable elements, named
by the actions' paths and selections (see `board`): each die (`die-<i>`, a filled square
whose pips let clicks through) is toggled in the browser to keep it, the roll button
(`roll`) sends the roll keeping the toggled dice, and each box of each sheet
(`cell-<seat>-<box>`) scores. Dice and boxes carry a `<title>` tooltip. The mover's empty
boxes show, in light grey, the points the dice would give there (public information), and
the box written last is outlined. The text drawing shows the dice and one sheet column per
seat.

Every text is at least 12 units high and the drawing at most 392 units wide (eight
players), so print stays at 11 px or more on a 360 px screen.

>>> from tabletop.games.yatzy import GAME, YatzyState
>>> svg = draw_svg(GAME.new_state(players=2, seed=1).view(None))
>>> svg.startswith("<svg") and 'id="die-4"' in svg and 'id="cell-1-full-house"' in svg
True
>>> state = YatzyState.from_position(GAME, dice=[2, 2, 5, 6, 1], rolls_left=1)
>>> print(draw_text(state.view(None)).splitlines()[1])
Dice: 2 2 5 6 1   1 roll left
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from tabletop.games.yatzy.board import ROLL, cell_element, die_element, player_name
from tabletop.games.yatzy.rules import VARIANTS

MARGIN = 12
MIN_WIDTH = 360
ROW_HEIGHT = 24
LABEL_WIDTH = 132
NARROW_LABEL_WIDTH = 110
"""The box names' column when many players share the sheet ("Three of a kind" still fits)."""
NARROW_COLUMN = 30
WIDE_COLUMN = 80
DIE_SIZE = 44
DIE_GAP = 10
KEPT_DROP = 16
TRAY_TOP = 34
TRAY_HEIGHT = DIE_SIZE + KEPT_DROP + 24
BUTTON_HEIGHT = 34
FONT = 'font-family="Helvetica, Arial, sans-serif"'
FELT = "#2f6b4f"
LAST_SCORE_LOOK = 'fill="#ffe9a8" stroke="#d35400" stroke-width="2"'
PIP_SPOTS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
TEXT_LABEL_WIDTH = 20
"""Characters of the text sheet's box names."""
TEXT_COLUMN_WIDTH = 9
SUM_ROWS = {
    "upper_total": "Upper total",
    "upper_bonus": "Upper bonus",
    "delta": "Delta",
    "yahtzee_bonus_points": "Yahtzee bonus",
    "saved_rolls": "Saved rolls",
}


def draw_svg(view: Mapping[str, Any]) -> str:
    """The whole table: header, dice tray, roll button and score sheet."""
    players = int(view["players"])
    column = max(NARROW_COLUMN, min(WIDE_COLUMN, (MIN_WIDTH - 2 * MARGIN - LABEL_WIDTH) // players))
    width = max(MIN_WIDTH, 2 * MARGIN + NARROW_LABEL_WIDTH + players * column)
    label_width = width - 2 * MARGIN - players * column
    sheet_top = TRAY_TOP + TRAY_HEIGHT + BUTTON_HEIGHT + 18
    sheet, sheet_height = _sheet(view, sheet_top, label_width, column)
    height = sheet_top + sheet_height + MARGIN
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" {FONT}>',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#f6f1e4"/>',
        _header(view, width),
        *_tray(view, width),
        _roll_button(view, width, TRAY_TOP + TRAY_HEIGHT + 8),
        sheet,
        "</svg>",
    ]
    return "\n".join(parts)


def _text(x: float, y: float, content: object, attributes: str = "") -> str:
    """A text element that never catches clicks meant for the shape below it."""
    return f'<text x="{x}" y="{y}" pointer-events="none" {attributes}>{escape(str(content))}</text>'


def _header(view: Mapping[str, Any], width: int) -> str:
    variant = VARIANTS[view["variant"]]
    title = _text(MARGIN, 22, variant.title, 'font-size="17" font-weight="bold" fill="#333"')
    mover = view["mover"]
    status = "Game over" if mover is None else f"{player_name(mover)} to play"
    right = _text(width - MARGIN, 22, status, 'font-size="14" text-anchor="end" fill="#555"')
    return title + right


def _tray(view: Mapping[str, Any], width: int) -> list[str]:
    """The felt tray and the dice on it, in one row (the browser marks the dice toggled to keep)."""
    dice: Sequence[int] = view["dice"]
    row = len(dice) * DIE_SIZE + (len(dice) - 1) * DIE_GAP
    left = (width - row) / 2
    parts = [
        f'<rect x="{MARGIN}" y="{TRAY_TOP}" width="{width - 2 * MARGIN}" height="{TRAY_HEIGHT}" '
        f'rx="10" fill="{FELT}"/>',
    ]
    can_roll = view["mover"] is not None and int(view["rolls_left"]) > 0
    for index, face in enumerate(dice):
        x = left + index * (DIE_SIZE + DIE_GAP)
        parts.append(_die(index, face, can_roll, x, TRAY_TOP + 8 + KEPT_DROP / 2))
    return parts


def _die(index: int, face: int, can_roll: bool, x: float, y: float) -> str:
    hint = ": select it to keep it when you roll" if can_roll else ""
    body = (
        f'<rect id="{die_element(index)}" x="{x}" y="{y}" width="{DIE_SIZE}" height="{DIE_SIZE}" '
        f'rx="8" fill="#fffdf8" stroke="#333" stroke-width="2">'
        f"<title>Die {index + 1} shows {face}{hint}</title></rect>"
    )
    step = DIE_SIZE * 0.27
    pips = "".join(
        f'<circle cx="{x + DIE_SIZE / 2 + dx * step:.1f}" cy="{y + DIE_SIZE / 2 + dy * step:.1f}" '
        f'r="4.2" fill="#222" pointer-events="none"/>'
        for dx, dy in PIP_SPOTS[face]
    )
    return body + pips


def _roll_button(view: Mapping[str, Any], width: int, top: int) -> str:
    """The roll button with how many rolls remain (saved ones included)."""
    rolls_left = int(view["rolls_left"])
    active = view["mover"] is not None and rolls_left > 0
    if view["mover"] is None:
        caption = "Game over"
    elif rolls_left == 0:
        caption = "No rolls left: choose a box"
    else:
        caption = f"Roll · {rolls_left} left"
    if view["choice_bonus"]:
        caption += f" · +{view['choice_bonus']} Yahtzee bonus"
    button_width = min(width - 2 * MARGIN, 300)
    x = (width - button_width) / 2
    fill = "#c0392b" if active else "#b9b2a3"
    tooltip = "Reroll every die not selected" if active else caption
    return (
        f'<rect id="{ROLL}" x="{x}" y="{top}" width="{button_width}" height="{BUTTON_HEIGHT}" rx="17" '
        f'fill="{fill}"><title>{escape(tooltip)}</title></rect>'
        + _text(width / 2, top + 22, caption, 'font-size="14" fill="#fff" text-anchor="middle"')
    )


def _sheet(view: Mapping[str, Any], top: int, label_width: int, column: int) -> tuple[str, int]:
    """The score sheet table, one column per seat; returns the markup and its height."""
    grid = _Grid(top, label_width, column, int(view["players"]))
    rows = _sheet_rows(view)
    parts = [_sheet_header(view, grid)]
    for number, row in enumerate(rows, start=1):
        parts.append(_sheet_row(view, row, grid, number))
    return "\n".join(parts), (len(rows) + 1) * ROW_HEIGHT


@dataclass(frozen=True)
class _Grid:
    """Where the sheet's rows and columns are: row 0 holds the player names."""

    top: int
    label_width: int
    column: int
    players: int

    def x(self, seat: int) -> int:
        return MARGIN + self.label_width + seat * self.column

    def y(self, row: int) -> int:
        return self.top + row * ROW_HEIGHT

    def cell(self, seat: int, row: int, attributes: str, tooltip: str = "") -> str:
        """The rectangle of one seat's cell in one row, with a `<title>` tooltip if given."""
        place = f'x="{self.x(seat)}" y="{self.y(row)}" width="{self.column}" height="{ROW_HEIGHT}"'
        rect = f"<rect {place} {attributes}"
        return f"{rect}><title>{escape(tooltip)}</title></rect>" if tooltip else f"{rect}/>"

    def centred_text(self, seat: int, row: int, content: object, attributes: str) -> str:
        """Text centred in one seat's cell."""
        x = self.x(seat) + self.column / 2
        return _text(x, self.y(row) + 16, content, f'text-anchor="middle" {attributes}')


def _sheet_rows(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(kind, key) in display order: ("box", id) rows and ("sum", name) rows for computed lines."""
    variant = VARIANTS[view["variant"]]
    rows: list[tuple[str, str]] = []
    for box_id in variant.box_ids:
        rows.append(("box", box_id))
        if box_id == "sixes":
            rows += [("sum", "upper_total"), ("sum", "upper_bonus")]
        if box_id == "minus":
            rows.append(("sum", "delta"))
    if variant.has_joker:
        rows.append(("sum", "yahtzee_bonus_points"))
    if variant.saves_rolls:
        rows.append(("sum", "saved_rolls"))
    rows.append(("sum", "total"))
    return rows


def _sheet_header(view: Mapping[str, Any], grid: _Grid) -> str:
    """Player names over their columns; the mover's in red. A name longer than its column is
    cut at the column's right edge, its start kept (people choose long names; eight columns
    are narrow)."""
    parts = []
    for seat in range(grid.players):
        fill = "#c0392b" if view["mover"] == seat else "#5d5346"
        name = player_name(seat)
        box = f'x="{grid.x(seat) + 1}" y="{grid.top}" width="{grid.column - 2}" height="{ROW_HEIGHT - 2}"'
        parts.append(f'<clipPath id="sheet-name-{seat}"><rect {box}/></clipPath>')
        parts.append(f'<rect {box} rx="4" fill="{fill}"/>')
        clip = f'clip-path="url(#sheet-name-{seat})"'
        parts.append(_text(grid.x(seat) + 4, grid.y(0) + 16, name, f'font-size="13" fill="#fff" {clip}'))
    return "".join(parts)


def _row_label(view: Mapping[str, Any], kind: str, key: str, label_width: int) -> str:
    """The row's name; the upper bonus says its rule where the column has room."""
    variant = VARIANTS[view["variant"]]
    if kind == "box":
        return variant.box(key).name
    return {
        "upper_total": "Upper total",
        "upper_bonus": f"Bonus ({variant.bonus_rule})" if label_width >= LABEL_WIDTH else "Bonus",
        "delta": "Delta",
        "yahtzee_bonus_points": "Yahtzee bonus",
        "saved_rolls": "Saved rolls",
        "total": "Total",
    }[key]


def _sheet_row(view: Mapping[str, Any], row: tuple[str, str], grid: _Grid, number: int) -> str:
    """One line of the sheet: its label, then a cell per seat."""
    kind, key = row
    band = "#e9e1cf" if kind == "sum" else ("#fffdf8" if number % 2 else "#f8f3e8")
    weight = 'font-weight="bold" ' if key == "total" else ""
    y = grid.y(number)
    parts = [
        f'<rect x="{MARGIN}" y="{y}" width="{grid.label_width}" height="{ROW_HEIGHT}" fill="{band}"/>',
        _text(
            MARGIN + 6,
            y + 16,
            _row_label(view, kind, key, grid.label_width),
            f'{weight}font-size="13" fill="#333"',
        ),
    ]
    for seat in range(grid.players):
        if kind == "box":
            parts.append(_box_cell(view, grid, (seat, number), key, band))
        else:
            value = view["seats"][seat].get(key)
            parts.append(grid.cell(seat, number, f'fill="{band}" stroke="#d8cdb6"'))
            style = f'{weight}font-size="14" fill="#222"'
            parts.append(grid.centred_text(seat, number, "" if value is None else value, style))
    return "".join(parts)


def _box_cell(view: Mapping[str, Any], grid: _Grid, place: tuple[int, int], box_id: str, band: str) -> str:
    """A writable box (clickable for the mover): its points, the mover's potential points, or nothing."""
    seat, row = place
    points = view["seats"][seat]["sheet"][box_id]
    last = view["last_score"]
    is_last = last is not None and last["seat"] == seat and last["box"] == box_id
    look = LAST_SCORE_LOOK if is_last else f'fill="{band}" stroke="#d8cdb6"'
    name = VARIANTS[view["variant"]].box(box_id).name
    attributes = f'id="{cell_element(seat, box_id)}" class="box" {look}'
    if points is not None:
        cell = grid.cell(seat, row, attributes, f"{name}: {points}")
        return cell + grid.centred_text(seat, row, points, 'font-size="14" fill="#222"')
    if view["mover"] == seat and box_id in view["choices"]:
        style = 'font-size="13" font-style="italic" fill="#a39a88"'
        tooltip = f"{name}: {view['choices'][box_id]} if you write your dice here"
        cell = grid.cell(seat, row, attributes, tooltip)
        return cell + grid.centred_text(seat, row, view["choices"][box_id], style)
    return grid.cell(seat, row, attributes, f"{name}: empty")


# -- plain text ---------------------------------------------------------------------------


def draw_text(view: Mapping[str, Any]) -> str:
    """The prompt, the dice line and one sheet column per seat.

    "(n)" in an empty box of the mover: the points the dice would score there.
    """
    lines = [str(view["prompt"]), _dice_line(view), ""]
    players = int(view["players"])
    header = "".ljust(TEXT_LABEL_WIDTH) + "".join(
        player_name(seat).rjust(TEXT_COLUMN_WIDTH) for seat in range(players)
    )
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
    dice = " ".join(str(face) for face in view["dice"])
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
    return name.ljust(TEXT_LABEL_WIDTH) + "".join(cell.rjust(TEXT_COLUMN_WIDTH) for cell in cells)


def _sum_line(view: Mapping[str, Any], key: str, label: str = "") -> str:
    values = ["" if seat[key] is None else str(seat[key]) for seat in view["seats"]]
    cells = "".join(value.rjust(TEXT_COLUMN_WIDTH) for value in values)
    return (label or SUM_ROWS[key]).ljust(TEXT_LABEL_WIDTH) + cells
