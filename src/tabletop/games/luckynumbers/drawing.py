"""Lucky Numbers drawn from a view: an SVG table for the browser, plain text for the terminal.

The SVG shows the viewer's garden large at the bottom, the other gardens smaller above, and
between them the table: twenty slots, one per number, where face-up tiles lie (copies of a
number stack, the one taken next on top) and the face-down pile with its count. A spectator
sees every garden at the same size. Tiles are clover tiles in their set's colour and keep
their element id (``tile-red-7``) wherever they lie; the clickable things are the pile
(``pile``), the table (``table``), the top face-up tile of each number and the garden cells
(``garden-<seat>-<row><column>``, transparent squares laid over the tiles so that a click on
an occupied cell chooses an exchange).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from tabletop.engine import mention
from tabletop.games.luckynumbers.board import (
    CELLS,
    DIAGONAL,
    NUMBERS,
    PILE_ELEMENT,
    SIDE,
    TABLE_ELEMENT,
    cell_element,
)

View = Mapping[str, Any]
TileView = Mapping[str, Any]

WIDTH = 640
MARGIN = 12
FONT = "Trebuchet MS, Verdana, sans-serif"
LEAF_FILLS = {"yellow": "#f2c12e", "red": "#e2474b", "purple": "#9361d2", "green": "#43a64f"}
LEAF_EDGES = {"yellow": "#a97d06", "red": "#9c2428", "purple": "#5b3591", "green": "#25702f"}
TILE_FACE = "#fffaf0"
INK = "#2b2b2b"
BOARD_FILL = "#5f9e45"
BOARD_EDGE = "#3d6e2b"
MOVER_EDGE = "#ffd54a"
CELL_FILL = "#e6f2d5"
START_EDGE = "#d4a017"
TABLE_FILL = "#a5784f"
TABLE_EDGE = "#6e4a2c"
BACK_FILL = "#2f5d36"
MARK = "#ff7a1a"

SLOT = 46
SLOT_GAP = 6
SLOTS_PER_ROW = NUMBERS // 2
TABLE_WIDTH = SLOTS_PER_ROW * SLOT + (SLOTS_PER_ROW + 1) * SLOT_GAP
TABLE_HEIGHT = 2 * SLOT + 3 * SLOT_GAP + 8
PILE_TILE = 58
STACK_STEP = 4
OWN_CELL = 76
HAND_TILE = 92
FONT_SIZE = 21
"""The drawing is 640 wide, about 337 px on a 360 px phone: 21 units are 11 px there."""
LINE = 24
"""One line of small print."""
SIDE_CHARACTERS = 22
"""About what fits on a line of small print beside the viewer's garden."""
FOOTER_CHARACTERS = 52
"""About what fits on a line of small print across the drawing."""
TEXT_COLUMN = 34
"""Characters per garden in the text drawing: the longest title ("Player 2 <to play, tile in hand") fits."""


@dataclass(frozen=True)
class Panel:
    """Where one garden goes: its top-left corner, cell size and whether it is the viewer's own."""

    seat: int
    x: float
    y: float
    cell: float
    own: bool = False

    @property
    def gap(self) -> float:
        return round(self.cell * 0.08, 1)

    @property
    def side(self) -> float:
        return SIDE * self.cell + (SIDE + 1) * self.gap

    @property
    def title_height(self) -> float:
        """The viewer's garden has a line of title, the smaller ones two (name, then notes)."""
        return LINE + 6 if self.own else 2 * LINE + 4


@dataclass(frozen=True)
class Layout:
    """The panels, the top of the table strip and the drawing's height."""

    panels: tuple[Panel, ...]
    table_y: float
    height: float


def _n(value: float) -> str:
    """A coordinate written short: 12, 12.5."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _seat_of_viewer(view: View) -> int | None:
    viewer = view["viewer"]
    return viewer if isinstance(viewer, int) and 0 <= viewer < view["players"] else None


# -- layout -------------------------------------------------------------------------------


def layout(view: View) -> Layout:
    """The viewer's garden large below the table and the others above; a spectator's all alike."""
    viewer = _seat_of_viewer(view)
    players = view["players"]
    if viewer is None:
        return _spectator_layout(players, len(_footer_lines(view)))
    others = [(viewer + step) % players for step in range(1, players)]
    width = (WIDTH - 2 * MARGIN) / len(others)
    cell = min(48.0, (width - 24) / 4.4)
    panels = [
        Panel(seat, MARGIN + index * width + (width - 4.4 * cell) / 2, MARGIN, cell)
        for index, seat in enumerate(others)
    ]
    table_y = MARGIN + panels[0].title_height + panels[0].side + 14
    own = Panel(viewer, MARGIN, table_y + TABLE_HEIGHT + 16, OWN_CELL, own=True)
    return Layout((*panels, own), table_y, own.y + own.title_height + own.side + MARGIN)


def _spectator_layout(players: int, footer_lines: int) -> Layout:
    table_y = MARGIN
    width = (WIDTH - 2 * MARGIN) / 2
    cell = (width - 24) / 4.4
    panels: list[Panel] = []
    for seat in range(players):
        row, column = divmod(seat, 2)
        panel = Panel(seat, MARGIN + column * width + (width - 4.4 * cell) / 2, 0, cell)
        top = table_y + TABLE_HEIGHT + 16 + row * (panel.title_height + panel.side + 16)
        panels.append(Panel(seat, panel.x, top, cell))
    last = panels[-1]
    footer = LINE * footer_lines + 6
    return Layout(tuple(panels), table_y, last.y + last.title_height + last.side + footer + MARGIN)


# -- the SVG document ---------------------------------------------------------------------


def draw_svg(view: View) -> str:
    """The whole table as one SVG document, drawn from `view` alone."""
    plan = layout(view)
    marked = set((view["last_move"] or {}).get("elements", ()))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {_n(plan.height)}" '
        f'font-family="{FONT}" role="img" aria-label="Lucky Numbers">',
        f'<rect width="{WIDTH}" height="{_n(plan.height)}" fill="#f3ead7"/>',
        *_table(view, plan.table_y, marked),
        *_pile(view, plan.table_y, marked),
    ]
    for panel in plan.panels:
        parts += _garden(view, panel, marked)
    own = plan.panels[-1]
    if own.own:
        parts += _side_column(view, own)
    else:
        lines = _footer_lines(view)
        top = plan.height - MARGIN - 6 - LINE * (len(lines) - 1)
        parts += [_text(MARGIN, top + LINE * index, line, FONT_SIZE) for index, line in enumerate(lines)]
    parts.append("</svg>")
    return "".join(parts)


def tile_svg(tile: TileView, x: float, y: float, size: float) -> str:
    """A clover tile: four leaves in its set's colour around its number, under its stable id."""
    centre, reach, leaf = size / 2, size * 0.19, size * 0.2
    fill, edge = LEAF_FILLS[tile["colour"]], LEAF_EDGES[tile["colour"]]
    leaves = "".join(
        f'<circle cx="{_n(centre + dx)}" cy="{_n(centre + dy)}" r="{_n(leaf)}"/>'
        for dx, dy in ((0, -reach), (reach, 0), (0, reach), (-reach, 0))
    )
    stem = (
        f"M{_n(centre)},{_n(centre)} q{_n(size * 0.18)},{_n(size * 0.06)} {_n(size * 0.3)},{_n(size * 0.32)}"
    )
    number_size = max(size * 0.36, FONT_SIZE)
    return (
        f'<g id="{tile["id"]}" transform="translate({_n(x)},{_n(y)})">'
        f"<title>{tile['colour'].capitalize()} tile {tile['number']}</title>"
        f'<rect width="{_n(size)}" height="{_n(size)}" rx="{_n(size * 0.16)}" fill="{TILE_FACE}" '
        f'stroke="{edge}" stroke-width="{_n(size * 0.04)}"/>'
        f'<path d="{stem}" fill="none" stroke="{edge}" stroke-width="{_n(size * 0.05)}" '
        f'stroke-linecap="round"/>'
        f'<g fill="{fill}" stroke="{edge}" stroke-width="{_n(size * 0.02)}">{leaves}</g>'
        f'<circle cx="{_n(centre)}" cy="{_n(centre)}" r="{_n(max(size * 0.23, number_size * 0.62))}" '
        f'fill="{TILE_FACE}"/>'
        f'<text x="{_n(centre)}" y="{_n(centre)}" dy="0.35em" text-anchor="middle" '
        f'font-size="{_n(number_size)}" font-weight="700" fill="{INK}">{tile["number"]}</text></g>'
    )


def _tile_back(x: float, y: float, size: float) -> str:
    """A face-down tile: the green back with a pale clover."""
    centre, reach = size / 2, size * 0.17
    leaves = "".join(
        f'<circle cx="{_n(x + centre + dx)}" cy="{_n(y + centre + dy)}" r="{_n(size * 0.16)}"/>'
        for dx, dy in ((0, -reach), (reach, 0), (0, reach), (-reach, 0))
    )
    return (
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" height="{_n(size)}" rx="{_n(size * 0.16)}" '
        f'fill="{BACK_FILL}" stroke="#1d3b22" stroke-width="{_n(size * 0.04)}"/>'
        f'<g fill="#7fb069" opacity="0.55">{leaves}</g>'
    )


def _ring(x: float, y: float, size: float, pad: float = 3) -> str:
    """The last-move mark: an orange outline around a place."""
    return (
        f'<rect x="{_n(x - pad)}" y="{_n(y - pad)}" width="{_n(size + 2 * pad)}" '
        f'height="{_n(size + 2 * pad)}" '
        f'rx="{_n(size * 0.2)}" fill="none" stroke="{MARK}" stroke-width="3" stroke-dasharray="6 3"/>'
    )


def _text(x: float, y: float, words: str, size: float, *, anchor: str = "start", weight: int = 400) -> str:
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" font-weight="{weight}" '
        f'text-anchor="{anchor}" fill="{INK}">{escape(words)}</text>'
    )


# -- the table and the pile ---------------------------------------------------------------


def _slot_corner(number: int, top: float) -> tuple[float, float]:
    row, column = divmod(number - 1, SLOTS_PER_ROW)
    x = MARGIN + SLOT_GAP + column * (SLOT + SLOT_GAP)
    return x, top + 8 + SLOT_GAP + row * (SLOT + SLOT_GAP)


def _table(view: View, top: float, marked: set[str]) -> list[str]:
    """The wooden table with a slot per number; copies of a number stack, the last laid on top."""
    parts = [
        f'<rect id="{TABLE_ELEMENT}" x="{MARGIN}" y="{_n(top)}" width="{TABLE_WIDTH}" '
        f'height="{TABLE_HEIGHT}" '
        f'rx="10" fill="{TABLE_FILL}" stroke="{TABLE_EDGE}" stroke-width="2"><title>The table: '
        f"{len(view['table'])} tiles face up, one slot per number</title></rect>"
    ]
    stacks: dict[int, list[TileView]] = {}
    for tile in view["table"]:
        stacks.setdefault(tile["number"], []).append(tile)
    for number in range(1, NUMBERS + 1):
        x, y = _slot_corner(number, top)
        parts.append(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{SLOT}" height="{SLOT}" rx="7" fill="#000" '
            f'fill-opacity="0.12" pointer-events="none"/>'
        )
        parts.append(_label_in_slot(x, y, number))
        for height, tile in enumerate(stacks.get(number, [])):
            step = height * STACK_STEP
            if tile["id"] in marked:
                parts.append(_ring(x + step, y - step, SLOT))
            parts.append(tile_svg(tile, x + step, y - step, SLOT))
    return parts


def _label_in_slot(x: float, y: float, number: int) -> str:
    return (
        f'<text x="{_n(x + SLOT / 2)}" y="{_n(y + SLOT / 2)}" dy="0.35em" text-anchor="middle" '
        f'font-size="{FONT_SIZE}" '
        f'fill="#fff" fill-opacity="0.45" pointer-events="none">{number}</text>'
    )


def _pile(view: View, top: float, marked: set[str]) -> list[str]:
    """The face-down pile, a few backs high, with its count; clicking it draws (R2)."""
    x = MARGIN + TABLE_WIDTH + (WIDTH - 2 * MARGIN - TABLE_WIDTH - PILE_TILE) / 2
    y = top + 20
    count = view["pile"]
    parts = [_text(x + PILE_TILE / 2 + 2, top + 12, "Pile", FONT_SIZE, anchor="middle", weight=700)]
    if PILE_ELEMENT in marked:
        parts.append(_ring(x, y, PILE_TILE + 2 * STACK_STEP))
    backs = "".join(_tile_back(x + 2 * step, y + 2 * (2 - step), PILE_TILE) for step in range(min(3, count)))
    parts.append(
        f'<g id="{PILE_ELEMENT}"><title>The draw pile: {count} tiles face down</title>'
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{PILE_TILE + 4}" '
        f'height="{PILE_TILE + 4}" '
        f'rx="9" fill="#000" fill-opacity="0.15"/>{backs}</g>'
    )
    parts.append(
        _text(
            x + PILE_TILE / 2 + 2, y + PILE_TILE + 24, f"{count} left", FONT_SIZE, anchor="middle", weight=700
        )
    )
    return parts


# -- the gardens --------------------------------------------------------------------------


def _cell_corner(panel: Panel, cell: int) -> tuple[float, float]:
    row, column = divmod(cell, SIDE)
    top = panel.y + panel.title_height
    return (
        panel.x + panel.gap + column * (panel.cell + panel.gap),
        top + panel.gap + row * (panel.cell + panel.gap),
    )


def _garden(view: View, panel: Panel, marked: set[str]) -> list[str]:
    """One player's board: title, green frame, cells (start cells edged in gold), tiles, click areas."""
    seat = panel.seat
    parts = [_garden_title(view, panel), *_board(panel, mover=view["current"] == seat)]
    for cell, tile in enumerate(view["gardens"][seat]):
        x, y = _cell_corner(panel, cell)
        if cell_element(seat, cell) in marked:
            parts.append(_ring(x, y, panel.cell, 2))
        if tile is not None:
            parts.append(tile_svg(tile, x, y, panel.cell))
    for cell, tile in enumerate(view["gardens"][seat]):
        x, y = _cell_corner(panel, cell)
        row, column = divmod(cell, SIDE)
        held = "empty" if tile is None else f"{tile['colour']} tile {tile['number']}"
        parts.append(
            f'<rect id="{cell_element(seat, cell)}" x="{_n(x)}" y="{_n(y)}" width="{_n(panel.cell)}" '
            f'height="{_n(panel.cell)}" rx="6" fill="#fff" fill-opacity="0"><title>{mention(seat)}, '
            f"row {row + 1}, column {column + 1}: {held}</title></rect>"
        )
    return parts


def _board(panel: Panel, *, mover: bool) -> list[str]:
    """The printed board: green frame (golden when its owner is to play), cells, the ladybug."""
    top = panel.y + panel.title_height
    parts = [
        f'<rect x="{_n(panel.x)}" y="{_n(top)}" width="{_n(panel.side)}" height="{_n(panel.side)}" rx="10" '
        f'fill="{BOARD_FILL}" stroke="{MOVER_EDGE if mover else BOARD_EDGE}" '
        f'stroke-width="{4 if mover else 2}"/>'
    ]
    for cell in range(CELLS):
        x, y = _cell_corner(panel, cell)
        edge = f' stroke="{START_EDGE}" stroke-width="2.5"' if cell in DIAGONAL else ""
        parts.append(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(panel.cell)}" height="{_n(panel.cell)}" rx="6" '
            f'fill="{CELL_FILL}"{edge}/>'
        )
    parts.append(_ladybug(panel))
    return parts


def _garden_title(view: View, panel: Panel) -> str:
    """Name, filled cells, and marks for the player to move, a tile in hand and winners."""
    seat = panel.seat
    filled = sum(tile is not None for tile in view["gardens"][seat])
    name = mention(seat)
    notes = []
    if view["current"] == seat:
        # A smaller garden's line is narrow: its golden frame already says whose turn it is.
        notes.append("tile in hand" if view["in_hand"] and not panel.own else "to play")
        if view["in_hand"] and panel.own:
            notes.append("tile in hand")
    if seat in view["winners"]:
        notes.append("wins ★")
    bottom = panel.y + panel.title_height - 7
    if panel.own:
        words = " · ".join([name, f"{filled}/16", *notes])
        return _text(panel.x + 2, bottom, words, FONT_SIZE, weight=700)
    return _text(panel.x + 2, bottom - LINE, f"{name} · {filled}/16", FONT_SIZE, weight=700) + _text(
        panel.x + 2, bottom, " · ".join(notes), FONT_SIZE
    )


def _ladybug(panel: Panel) -> str:
    """The ladybug printed in the bottom-right corner of every board (2.2)."""
    x = panel.x + panel.side - panel.gap / 2
    y = panel.y + panel.title_height + panel.side - panel.gap / 2
    radius = max(panel.gap * 0.9, 3.5)
    return (
        f'<g pointer-events="none"><circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(radius)}" fill="#d62828" '
        f'stroke="#111" '
        f'stroke-width="1"/><circle cx="{_n(x - radius * 0.6)}" cy="{_n(y - radius * 0.6)}" '
        f'r="{_n(radius * 0.45)}" fill="#111"/></g>'
    )


# -- the viewer's side column -------------------------------------------------------------


def _side_column(view: View, own: Panel) -> list[str]:
    """Right of the viewer's garden: the tile in hand, the last move and the round's standing."""
    x = own.x + own.side + 22
    width = WIDTH - MARGIN - x
    y = own.y + own.title_height
    parts = [_text(x, y + 18, "In hand", FONT_SIZE, weight=700)]
    hand_x = x + (width - HAND_TILE) / 2
    parts.append(
        f'<rect x="{_n(hand_x - 6)}" y="{_n(y + 26)}" width="{HAND_TILE + 12}" '
        f'height="{HAND_TILE + 12}" rx="14" '
        f'fill="#000" fill-opacity="0.08" stroke="#b9a98a" stroke-dasharray="5 4"/>'
    )
    if view["drawn"] is not None:
        parts.append(tile_svg(view["drawn"], hand_x, y + 32, HAND_TILE))
    lines = [line for note in _side_notes(view) for line in _wrap(note, SIDE_CHARACTERS)]
    for index, line in enumerate(lines):
        parts.append(_text(x, y + HAND_TILE + 68 + LINE * index, line, FONT_SIZE))
    return parts


def _footer_lines(view: View) -> list[str]:
    """A spectator's notes under the gardens, wrapped to the drawing's width."""
    return [line for note in _side_notes(view) for line in _wrap(note, FOOTER_CHARACTERS)]


def _side_notes(view: View) -> list[str]:
    """The last move, the tournament standing and the no-progress count, a line each."""
    notes = [view["last_move"]["text"] + "."] if view["last_move"] is not None else []
    if view["rounds"] > 1:
        notes.append(f"Round {view['round']} of {view['rounds']}")
        notes.append("Points: " + ", ".join(f"{total:+d}" for total in view["totals"]))
    if view["phase"] == "play":
        notes.append(f"No progress: {view['stall']} of {view['stall_limit']} turns")
    return notes


def _wrap(words: str, width: int) -> list[str]:
    """Greedy line breaking for the few sentences the drawing shows."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


# -- plain text ---------------------------------------------------------------------------


def draw_text(view: View) -> str:
    """Every garden side by side, the table, the pile count and the last move, in plain text."""
    header = f"Lucky Numbers, round {view['round']} of {view['rounds']}: {view['pile']} tiles face down"
    table = " ".join(str(tile["number"]) for tile in view["table"]) or "(empty)"
    lines = [header, f"Table: {table}", ""]
    lines += _text_gardens(view)
    if view["drawn"] is not None:
        lines.append(f"In hand: {view['drawn']['number']}")
    if view["rounds"] > 1:
        lines.append(
            "Points: " + ", ".join(f"{mention(seat)} {total:+d}" for seat, total in enumerate(view["totals"]))
        )
    if view["last_move"] is not None:
        lines.append(f"Last move: {view['last_move']['text']}")
    lines.append(view["prompt"])
    return "\n".join(lines)


def _text_gardens(view: View) -> list[str]:
    columns = [_text_garden(view, seat) for seat in range(view["players"])]
    return [
        "".join(column[row].ljust(TEXT_COLUMN) for column in columns).rstrip()
        for row in range(len(columns[0]))
    ]


def _text_garden(view: View, seat: int) -> Sequence[str]:
    garden = view["gardens"][seat]
    marks = ""
    if view["current"] == seat:
        marks = " <to play" + (", tile in hand" if view["in_hand"] else "")
    if seat in view["winners"]:
        marks = " *wins*"
    lines = [f"{mention(seat)}{marks}", "     0  1  2  3"]
    for row in range(SIDE):
        cells = garden[row * SIDE : (row + 1) * SIDE]
        lines.append(f"{row}  " + "".join(f"{tile['number'] if tile else '.':>3}" for tile in cells))
    return lines
