"""Number Drop drawn from a view: the viewer's sheet large, the others small, the dice and the shape.

The viewer's sheet carries everything that takes clicks: the column headers ("nd-col-c")
where a shape is dropped, the cells ("nd-cell-c4") of the start number and of
combinations, the combination boxes ("nd-box-same-4", "nd-box-run-4", "nd-box-bonus"),
the solo tiles ("nd-tile-B") and, while a shape waits to be dropped, a palette of its
orientations ("nd-or-L5"). Other sheets are drawn as they were at the end of the last
step (R2); a spectator sees every sheet small. X marks are hatched and lettered, circled
digits ringed and bold, and the cells written in the last step (or by the viewer in this
one) framed by a dashed outline, so nothing depends on colour alone. Print is at least
15 units, 12 px on a 360 px phone where the drawing is about 337 px wide. Everything
clickable has a tooltip saying what it is and what clicking it does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine import mention
from tabletop.games.numberdrop.board import COLUMNS, EMPTY, HEIGHT, LETTERS, LINE, ORIENTATIONS, WIDTH, X_MARK

BIG = 28
SMALL = 16
PRINT = 15
"""The smallest print (see the module docstring)."""
PROMPT_CHARACTERS = 50
"""About what fits on a line of the header at `PRINT`."""
VIEW_WIDTH = 410
MARGIN = 10
HEADER = 104
TABLE_ROW = 30
TILE_STEP = 18
PAPER = "#fbf8f1"
INK = "#222222"
GRID_LINE = "#9aa3ad"
DANGER = "#c62828"
MARK = "#1565c0"
LAST = "#e65100"

Parts = list[str]
View = Mapping[str, Any]


def draw_svg(view: View) -> str:
    """The whole picture: header (dice, digits), the viewer's sheet and palette, the other sheets."""
    viewer = view["viewer"]
    parts: Parts = []
    _header(parts, view)
    y = HEADER
    others = list(range(view["players"]))
    if viewer is not None:
        y = _big_sheet(parts, view, viewer, y)
        others.remove(viewer)
    y = _small_sheets(parts, view, others, y)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW_WIDTH} {y}" width="{VIEW_WIDTH}" '
        f'height="{y}" font-family="system-ui, sans-serif" role="img" aria-label="Number Drop sheets">'
    )
    background = _shape("rect", width=VIEW_WIDTH, height=y, fill=PAPER)
    return "\n".join([head, _definitions(), background, *parts, "</svg>"])


def _definitions() -> str:
    return (
        '<defs><pattern id="nd-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="6" height="6" fill="#d7d2c8"/>'
        '<line x1="0" y1="0" x2="0" y2="6" stroke="#6d6256" stroke-width="2"/></pattern></defs>'
    )


def _shape(tag: str, **attributes: object) -> str:
    """An SVG element; `stroke_width` is written stroke-width, and so on."""
    written = " ".join(
        f'{name.replace("_", "-")}="{value:.1f}"'
        if isinstance(value, float)
        else f'{name.replace("_", "-")}="{value}"'
        for name, value in attributes.items()
    )
    return f"<{tag} {written}/>"


def _titled(element: str, title: str) -> str:
    """An element made by `_shape`, given a tooltip: an SVG <title> child."""
    tag = element[1 : element.index(" ")]
    return f"{element.removesuffix('/>')}><title>{title}</title></{tag}>"


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: int = PRINT,
    bold: bool = False,
    fill: str = INK,
    anchor: str = "middle",
) -> str:
    weight = "bold" if bold else "normal"
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
        f'text-anchor="{anchor}" dominant-baseline="central" pointer-events="none">{text}</text>'
    )


def _header(parts: Parts, view: View) -> None:
    """The prompt, the dice of the roll and, for the viewer, the digits and the shape to drop."""
    for line, words in enumerate(_wrapped(_escape(view["prompt"]), PROMPT_CHARACTERS)):
        parts.append(_text(MARGIN, 12 + 17 * line, words, anchor="start"))
    x = MARGIN
    for die in view["dice"]:
        value = "★" if die["value"] is None else str(die["value"])
        fill = "#fff3c4" if die["value"] is None else ("#e3f2fd" if die["die"] == "S" else "#ffffff")
        parts.append(
            _shape("rect", x=x, y=44, width=34, height=34, rx=6, fill=fill, stroke=INK, stroke_width=1.5)
        )
        parts.append(_text(x + 17, 61, value, size=18, bold=True))
        parts.append(_text(x + 17, 90, die["die"], fill="#555555"))
        x += 40
    step = view["step"]
    notes = {
        "start": "start: write your number",
        "block": f"BLOCK turn: {view['block']}",
        "over": "game over",
    }
    if step in notes:
        parts.append(
            _text(x + 4, 49, notes[step], bold=True, fill=DANGER if step == "block" else INK, anchor="start")
        )
    mine = view["mine"]
    if mine is not None and mine["digits"] and step in ("normal", "solo"):
        digits = " ".join("★" if digit is None else str(digit) for digit in mine["digits"])
        parts.append(_text(x + 4, 54, f"digits {digits}", bold=True, anchor="start"))
        parts.append(_text(x + 4, 74, f"shape {mine['shape'] or '★'}", bold=True, anchor="start"))


def _wrapped(text: str, width: int) -> list[str]:
    """At most two lines of at most `width` characters, cut between words."""
    lines = [""]
    for word in text.split():
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width:
            lines.append("")
        lines[-1] = f"{lines[-1]} {word}".strip()
    return lines[:2]


def _big_sheet(parts: Parts, view: View, seat: int, top: int) -> int:
    """The viewer's own sheet, clickable, with the combination table and (solo) the tiles."""
    sheet = view["sheets"][seat]
    mine = view["mine"]
    written = mine["written"] if mine is not None and mine["written"] else _last_written(view, seat)
    title = f"{mention(seat)}: {view['scores'][seat]} points"
    parts.append(_text(MARGIN, top + 8, title, bold=True, anchor="start"))
    left, grid_top = MARGIN + 4, top + 46
    for x, column in enumerate(COLUMNS):
        header = {"x": left + x * BIG + 1, "y": top + 20, "width": BIG - 2, "height": 22, "rx": 4}
        title = f"Column {column}: drop the shape here"
        parts.append(
            _titled(_shape("rect", id=f"nd-col-{column}", **header, fill="#e8eaf0", stroke=GRID_LINE), title)
        )
        parts.append(_text(left + x * BIG + BIG / 2, top + 31, column, bold=True))
    _grid(parts, sheet, (left, grid_top, BIG), written, clickable=True)
    _row_boxes(parts, sheet, left + WIDTH * BIG + 4, grid_top)
    table_left = left + WIDTH * BIG + BIG + 14
    after_table = _combination_table(parts, sheet, table_left, grid_top)
    if view["solo"]:
        _solo_tiles(parts, view, table_left, after_table + 12)
    bottom = grid_top + HEIGHT * BIG + 8
    if mine is not None and mine["pending"] in ("drop", "x") and mine["shape"]:
        bottom = _palette(parts, mine["shape"], bottom)
    return bottom + 6


def _grid(
    parts: Parts, sheet: View, frame: tuple[float, float, int], written: Sequence[int], *, clickable: bool
) -> None:
    """The 7 × 14 cells at (left, top), `size` wide, the Game Over line, and the marks on the cells."""
    left, top, size = frame
    circled = set(sheet["circled"])
    for cell, value in enumerate(sheet["cells"]):
        x, y = cell % WIDTH, cell // WIDTH
        px, py = left + x * size, top + (HEIGHT - 1 - y) * size
        name = f"{COLUMNS[x]}{y + 1}"
        ident = {"id": f"nd-cell-{name}"} if clickable else {}
        fill = "url(#nd-hatch)" if value == X_MARK else ("#fdecea" if y >= LINE else "#ffffff")
        box = {"x": px, "y": py, "width": size, "height": size}
        square = _shape("rect", **ident, **box, fill=fill, stroke=GRID_LINE, stroke_width=0.8)
        parts.append(_titled(square, _cell_title(name, value, cell in circled, y)) if clickable else square)
        if value != EMPTY:
            ring = cell in circled
            text = "X" if value == X_MARK else str(value)
            digit = max(size * 11 // 16 + 2, PRINT)
            parts.append(_text(px + size / 2, py + size / 2 + 1, text, size=digit, bold=ring))
            if ring:
                centre = {"cx": px + size / 2, "cy": py + size / 2, "r": size * 0.42}
                parts.append(
                    _shape(
                        "circle", **centre, fill="none", stroke=MARK, stroke_width=2, pointer_events="none"
                    )
                )
        if cell in written:
            inner = {"x": px + 2, "y": py + 2, "width": size - 4, "height": size - 4}
            dashes = {"stroke_width": 2, "stroke_dasharray": "3 2", "pointer_events": "none"}
            parts.append(_shape("rect", **inner, fill="none", stroke=LAST, **dashes))
    line_y = top + (HEIGHT - LINE) * size
    ends = {"x1": left - 2, "y1": line_y, "x2": left + WIDTH * size + 2, "y2": line_y}
    parts.append(_shape("line", **ends, stroke=DANGER, stroke_width=3))


def _cell_title(name: str, value: int, circled: bool, row: int) -> str:
    """A cell's tooltip: what is written in it, and whether it lies beyond the Game Over line."""
    written = "empty" if value == EMPTY else ("an X" if value == X_MARK else f"a {value}")
    state = ", circled" if circled else ""
    beyond = " (beyond the Game Over line)" if row >= LINE else ""
    return f"{name}: {written}{state}{beyond}"


def _row_boxes(parts: Parts, sheet: View, left: float, top: float) -> None:
    """The +2 box of every normal row (R33) and the -5 box of every row beyond the line (R34)."""
    circled = set(sheet["plus"]) | set(sheet["minus"])
    for y in range(HEIGHT):
        py = top + (HEIGHT - 1 - y) * BIG
        won = y in circled
        colour = DANGER if y >= LINE else INK
        fill = ("#ffcdd2" if y >= LINE else "#c8e6c9") if won else "none"
        box = {"x": left, "y": py + 3, "width": BIG - 2, "height": BIG - 6, "rx": 5}
        parts.append(_shape("rect", **box, fill=fill, stroke=colour, stroke_width=2.5 if won else 0.8))
        label = ("+2" if y < LINE else "−5") + ("✓" if won else "")
        parts.append(_text(left + BIG / 2 - 1, py + BIG / 2, label, bold=won, fill=colour))


def _combination_table(parts: Parts, sheet: View, left: float, top: float) -> float:
    """Sizes 3–7 with their same and run boxes and BLOCK letters, then the size-8 box (R24–R29)."""
    for label, x, anchor in (("same", 58, "end"), ("run", 63, "start"), ("blk", 106, "middle")):
        parts.append(_text(left + x, top - 8, label, anchor=anchor))
    for row, size in enumerate(range(3, 8)):
        y = top + row * TABLE_ROW
        parts.append(_text(left + 14, y + 13, str(size), bold=True))
        _box(parts, f"nd-box-same-{size}", (left + 31, y), str(size), done=size in sheet["same"])
        _box(parts, f"nd-box-run-{size}", (left + 63, y), str(size), done=size in sheet["run"])
        _letter(parts, LETTERS[row], sheet["letters"][row], (left + 104, y + 13))
    y = top + 5 * TABLE_ROW
    parts.append(_text(left + 14, y + 13, "8", bold=True))
    _box(parts, "nd-box-bonus", (left + 47, y), "8", done=sheet["bonus"])
    return y + TABLE_ROW


def _box(parts: Parts, ident: str, corner: tuple[float, float], label: str, *, done: bool) -> None:
    """A combination box (R24–R25), with a tooltip saying what it takes and whether it is used."""
    x, y = corner
    fill, stroke = ("#bbdefb", MARK) if done else ("#ffffff", GRID_LINE)
    box = {"x": x, "y": y, "width": 26, "height": 26, "rx": 5}
    kind = ident.split("-")[2]
    wanted = {"same": f"{label} cells of one digit", "run": f"a run of {label} cells"}.get(
        kind, "8 cells, same or run"
    )
    title = f"Box for {wanted}: {'used' if done else 'open'}"
    parts.append(
        _titled(
            _shape("rect", id=ident, **box, fill=fill, stroke=stroke, stroke_width=2.5 if done else 1), title
        )
    )
    parts.append(_text(x + 13, y + 13, label + ("✓" if done else ""), bold=done))


def _letter(parts: Parts, letter: str, state: str, centre: tuple[float, float]) -> None:
    """A BLOCK letter: plain when open, ringed when circled, struck through when crossed."""
    x, y = centre
    parts.append(_text(x, y, letter, bold=True, fill=DANGER if state == "circled" else INK))
    if state == "circled":
        parts.append(_shape("circle", cx=x, cy=y, r=10, fill="none", stroke=DANGER, stroke_width=2))
    elif state == "crossed":
        parts.append(_shape("line", x1=x - 9, y1=y + 9, x2=x + 9, y2=y - 9, stroke=INK, stroke_width=2))


def _solo_tiles(parts: Parts, view: View, left: float, top: float) -> None:
    """The five solo tiles in their columns, positions 0 (top) to 4 ("GO!") (R39)."""
    parts.append(_text(left, top, "tiles (GO! at the bottom)", anchor="start"))
    for column, (shape, position) in enumerate(zip(view["blocks"], view["tiles"], strict=True)):
        x = left + column * 22
        track = top + 10
        parts.append(
            _shape("rect", x=x, y=track, width=20, height=5 * TILE_STEP, fill="#eeeeee", stroke=GRID_LINE)
        )
        parts.append(_shape("rect", x=x, y=track + 4 * TILE_STEP, width=20, height=TILE_STEP, fill="#ffcdd2"))
        tile_y = track + position * TILE_STEP
        tile = {"x": x + 1, "y": tile_y + 1, "width": 18, "height": 16, "rx": 3}
        title = f"Solo tile {LETTERS[column]}: the {shape} shape, {position} of 4 steps down"
        parts.append(
            _titled(
                _shape("rect", id=f"nd-tile-{LETTERS[column]}", **tile, fill="#fff3c4", stroke=INK), title
            )
        )
        parts.append(_text(x + 10, tile_y + 9, shape, bold=True))
        parts.append(_text(x + 10, track + 5 * TILE_STEP + 9, LETTERS[column]))


def _palette(parts: Parts, shape: str, top: int) -> int:
    """The orientations of the shape to drop, each clickable ("nd-or-L5")."""
    parts.append(_text(MARGIN, top + 8, f"{shape}: click an orientation, then a column", anchor="start"))
    unit = 9
    side = 5 * unit + 4
    x, y = MARGIN, top + 18
    for orientation in ORIENTATIONS[shape]:
        if x + side > VIEW_WIDTH - MARGIN:
            x, y = MARGIN, y + side + 4
        box = {"x": x, "y": y, "width": side, "height": side, "rx": 5}
        title = f"The {shape} turned this way ({orientation.name})"
        parts.append(
            _titled(
                _shape("rect", id=f"nd-or-{orientation.name}", **box, fill="#ffffff", stroke=GRID_LINE), title
            )
        )
        for dx, dy in orientation.cells:
            square = {
                "x": x + 2 + dx * unit,
                "y": y + 2 + (4 - dy) * unit,
                "width": unit - 1,
                "height": unit - 1,
            }
            parts.append(_shape("rect", **square, fill=MARK, pointer_events="none"))
        x += side + 4
    return y + side + 8


def _small_sheets(parts: Parts, view: View, seats: Sequence[int], top: int) -> int:
    """Sheets as of the last resolved step, three to a row: the others', or everyone's for a spectator."""
    width = WIDTH * SMALL + 16
    row_height = HEIGHT * SMALL + 44
    for index, seat in enumerate(seats):
        left = MARGIN + index % 3 * (width + 10)
        y = top + index // 3 * row_height
        sheet = view["sheets"][seat]
        done = " ✓" if view["step"] != "over" and seat not in view["waiting"] else ""
        title = f"{mention(seat)}: {view['scores'][seat]}{done}"
        label = f"{mention(seat)}, enlarge"
        parts.append(f'<g class="tt-zoomable" id="sheet-{seat}" tabindex="0" aria-label="{label}">')
        parts.append(
            f'<rect x="{left - 4}" y="{y - 4}" width="{width}" height="{row_height - 6}" fill="#fffdf7"/>'
        )
        parts.append(_text(left, y + 8, title, bold=True, anchor="start"))
        _grid(parts, sheet, (left, y + 20, SMALL), _last_written(view, seat), clickable=False)
        parts.append(_text(left, y + 30 + HEIGHT * SMALL, _letters_text(sheet), anchor="start"))
        parts.append("</g>")
    rows = (len(seats) + 2) // 3
    return top + rows * row_height


def _letters_text(sheet: View) -> str:
    marks = {"open": "{}", "circled": "({})", "crossed": "-{}-"}
    return " ".join(
        marks[state].format(letter) for letter, state in zip(LETTERS, sheet["letters"], strict=True)
    )


def _last_written(view: View, seat: int) -> list[int]:
    last = view["last_move"]
    if not last:
        return []
    return [(int(name[1:]) - 1) * WIDTH + COLUMNS.index(name[0]) for name in last["written"][seat]]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def draw_text(view: View) -> str:
    """Every sheet as rows of characters (top row first), with the dice and the scores."""
    dice = " ".join(f"{die['die']}={'*' if die['value'] is None else die['value']}" for die in view["dice"])
    lines = [f"roll {view['rolls']} ({view['step']}): {dice or '-'}"]
    if view["solo"]:
        tiles = zip(LETTERS, view["blocks"], view["tiles"], strict=True)
        lines.append("tiles " + " ".join(f"{letter}:{shape}@{position}" for letter, shape, position in tiles))
    for seat, sheet in enumerate(view["sheets"]):
        lines.append(f"{mention(seat)}: {view['scores'][seat]} points, letters {_letters_text(sheet)}")
        lines.extend(_text_grid(sheet))
    return "\n".join(lines)


def _text_grid(sheet: View) -> list[str]:
    """Rows top first; a circled digit in parentheses; the row boxes won at the right."""
    circled = set(sheet["circled"])
    lines = []
    for y in range(HEIGHT - 1, -1, -1):
        row = ""
        for x in range(WIDTH):
            cell = y * WIDTH + x
            value = sheet["cells"][cell]
            char = "." if value == EMPTY else ("X" if value == X_MARK else str(value))
            row += f"({char})" if cell in circled else f" {char} "
        mark = "+2" if y in sheet["plus"] else "-5" if y in sheet["minus"] else ""
        lines.append(f"{y + 1:>3} {row} {mark}".rstrip())
        if y == LINE:
            lines.append("    " + "-" * 21 + " game over line")
    lines.append("     " + "  ".join(COLUMNS))
    return lines
