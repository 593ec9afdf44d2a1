"""DVONN drawn from a view: an SVG of the 49-space board and a plain-text board.

The SVG shows the elongated board of hexagonal spaces (row 5 at the top, as a player at
White's side sees it), every piece as a disc with a stable id ("piece-17") stacked in its
cell so a moved stack can be animated, the height of each stack of two or more written on
its top piece, a red dot on stacks that hold a DVONN piece, and the last move marked. Each
player's strip holds the pieces still to place and, faded, the pieces out of play. Only
the cells ("cell-c3") take clicks; everything drawn over them lets clicks through.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from tabletop.engine import mention
from tabletop.games.dvonn.board import CELLS, COLUMN_LETTERS, INDEX, NAMES, ROW_COLUMNS

HEX_RADIUS = 30.0
COLUMN_STEP = math.sqrt(3) * HEX_RADIUS
ROW_STEP = 1.5 * HEX_RADIUS
WIDTH = 640
STRIP_HEIGHT = 76
"""A player's strip: a line with the name and the note, and under it a row of pieces."""
BOARD_TOP_ROW_Y = STRIP_HEIGHT + 16 + HEX_RADIUS
BOARD_ORIGIN_X = 24 + 2 * COLUMN_STEP
HEIGHT = round(BOARD_TOP_ROW_Y + 5 * ROW_STEP + 18 + STRIP_HEIGHT)
PIECE_RADIUS = 0.62 * HEX_RADIUS
LAYER_STEP = 3.5
VISIBLE_LAYERS = 6
SUPPLY_RADIUS = 10.5
SUPPLY_STEP = 14.5
SUPPLY_LEFT = 24
SUPPLY_ROW = 55
"""How far below a strip's top its row of pieces runs, clear of the line of text above it."""
RED_SUPPLY_LEFT = 588

FACE = {"white": "#f6f3ec", "black": "#2b2b2b", "red": "#d32f2f"}
EDGE = {"white": "#5f5a52", "black": "#000000", "red": "#6d0f0f"}
INK_ON = {"white": "#222222", "black": "#f6f3ec", "red": "#ffffff"}
BOARD_FRAME = "#6f5237"
CELL_FILL = "#e8d6ae"
CELL_EDGE = "#b4976a"
LAST_MOVE = "#e08a00"
SEATS = ("white", "black")
FONT_SIZE = 21
"""The board is 640 wide and fills about 337 px of a 360 px phone, so 21 is 11 px there."""


def draw_svg(view: Mapping[str, Any]) -> str:
    """The whole picture: the two strips, the board, the last move, the pieces, the heights."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" font-family="system-ui, sans-serif" role="img" '
        'aria-label="DVONN board">',
        _definitions(),
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="12" fill="#f3ece0"/>',
        *_strips(view),
        *_board(view),
        *_last_move_marks(view.get("last_move")),
        *_pieces(view),
        *_stack_labels(view),
        "</svg>",
    ]
    return "\n".join(parts)


def cell_centre(x: float, y: float) -> tuple[float, float]:
    """Where the space (x, y) of section 2.1 is drawn; fractional and off-board spots work too."""
    return BOARD_ORIGIN_X + (x - y / 2) * COLUMN_STEP, BOARD_TOP_ROW_Y + (4 - y) * ROW_STEP


def _centre_of(name: str) -> tuple[float, float]:
    return cell_centre(*CELLS[INDEX[name]])


def _hexagon(cx: float, cy: float, radius: float) -> str:
    corners = (math.radians(90 + 60 * k) for k in range(6))
    return " ".join(f"{cx + radius * math.cos(a):.1f},{cy + radius * math.sin(a):.1f}" for a in corners)


def _definitions() -> str:
    gradients = "".join(
        f'<radialGradient id="face-{colour}" cx="40%" cy="35%" r="70%">'
        f'<stop offset="0%" stop-color="#ffffff" stop-opacity="0.45"/>'
        f'<stop offset="100%" stop-color="{FACE[colour]}" stop-opacity="0"/></radialGradient>'
        for colour in FACE
    )
    return f"<defs>{gradients}</defs>"


def _board(view: Mapping[str, Any]) -> Iterator[str]:
    """The frame (the union of enlarged spaces), the 49 clickable spaces and the coordinates.

    Each space carries a tooltip (an SVG title) saying what stands on it and how it may move,
    since the pieces drawn over it let the pointer through to the space.
    """
    stacks = {stack["cell"]: stack for stack in view.get("stacks", [])}
    centres = [cell_centre(x, y) for x, y in CELLS]
    for cx, cy in centres:
        yield f'<polygon points="{_hexagon(cx, cy, HEX_RADIUS * 1.16)}" fill="{BOARD_FRAME}"/>'
    for cell, (cx, cy) in enumerate(centres):
        name = NAMES[cell]
        yield (
            f'<polygon id="cell-{name.lower()}" points="{_hexagon(cx, cy, HEX_RADIUS * 0.93)}" '
            f'fill="{CELL_FILL}" stroke="{CELL_EDGE}" stroke-width="1.2">'
            f"<title>{_space_title(name, stacks.get(name))}</title></polygon>"
        )
    yield from _coordinates()


def _space_title(name: str, stack: Mapping[str, Any] | None) -> str:
    """What a space's tooltip says: empty, or its stack, its owner and its move (DV-R5, DV-R6)."""
    if stack is None:
        return f"{name}: empty"
    height = len(stack["pieces"])
    top = stack["colours"][-1]
    if top == "red":
        kind = "a DVONN piece" if height == 1 else f"a stack of {height} under a DVONN piece"
        return f"{name}: {kind}, nobody's; it never moves"
    inside = ", holding a DVONN piece" if stack["dvonn"] else ""
    kind = f"a {top} piece" if height == 1 else f"a stack of {height}, {top} on top"
    spaces = "1 space" if height == 1 else f"{height} spaces"
    return f"{name}: {kind}{inside}; moves exactly {spaces} in a straight line unless surrounded"


def _coordinates() -> Iterator[str]:
    """Row numbers left of each row and column letters below each column's first space."""
    style = (
        f'font-size="{FONT_SIZE}" font-weight="600" fill="#6f5237" text-anchor="middle" '
        'dominant-baseline="central"'
    )
    for y, columns in enumerate(ROW_COLUMNS):
        cx, cy = cell_centre(columns.start - 1, y)
        yield f'<text x="{cx + 10:.1f}" y="{cy:.1f}" {style}>{y + 1}</text>'
    for x, letter in enumerate(COLUMN_LETTERS):
        lowest = min(y for y, columns in enumerate(ROW_COLUMNS) if x in columns)
        cx, cy = cell_centre(x, lowest - 1)
        yield f'<text x="{cx + 5:.1f}" y="{cy - 12:.1f}" {style}>{letter}</text>'


def _strips(view: Mapping[str, Any]) -> Iterator[str]:
    """Black's strip above the board and White's below: a line with the player's name and, at
    the right, the score and the turn; under it the row of pieces (drawn by `_strip_pieces`).

    The text has its own line, so no row of pieces ever covers it, even at 23 to place.
    """
    scores = view.get("scores", [0, 0])
    for seat, top in ((1, 4.0), (0, HEIGHT - STRIP_HEIGHT - 4.0)):
        to_move = view.get("to_move") == seat
        outline = f'stroke="{LAST_MOVE}" stroke-width="3"' if to_move else 'stroke="#d9ccb6" stroke-width="1"'
        note = _strip_note(view, seat, scores[seat])
        yield (
            f'<rect id="strip-{SEATS[seat]}" x="6" y="{top}" width="{WIDTH - 12}" height="{STRIP_HEIGHT}" '
            f'rx="10" fill="#ebe0cc" {outline}><title>{mention(seat)}: {note}</title></rect>'
        )
        line = top + 20
        colour = SEATS[seat]
        yield (
            f'<circle cx="26" cy="{line}" r="10" fill="{FACE[colour]}" stroke="{EDGE[colour]}" '
            'stroke-width="1.5" pointer-events="none"/>'
        )
        yield (
            f'<text x="44" y="{line}" font-size="{FONT_SIZE + 1}" font-weight="700" fill="#3b2a1a" '
            f'dominant-baseline="central" pointer-events="none">{mention(seat)}</text>'
        )
        yield (
            f'<text id="strip-note-{colour}" x="{WIDTH - 18}" y="{line}" font-size="{FONT_SIZE}" '
            'fill="#5b4630" text-anchor="end" dominant-baseline="central" pointer-events="none">'
            f"{note}</text>"
        )


def _strip_note(view: Mapping[str, Any], seat: int, score: int) -> str:
    """What a player's strip says under the name: pieces controlled (or to place), and the turn."""
    scores = view.get("scores", [0, 0])
    count = f"{score} pieces"
    if view.get("phase") == "placement":
        count = f"{len(view.get('supply', {}).get(SEATS[seat], []))} to place"
    if view.get("phase") == "over":
        return (
            f"{count} · {'draw' if scores[0] == scores[1] else 'wins' if score == max(scores) else 'loses'}"
        )
    last = view.get("last_move")
    if last is not None and last.get("kind") == "pass" and last.get("seat") == seat:
        return f"{count} · passed"
    if view.get("to_move") == seat:
        return f"{count} · to play"
    return count


def _last_move_marks(last: Mapping[str, Any] | None) -> Iterator[str]:
    """The last move: an arrow from the emptied space to the landing space, or a ring on a placement."""
    if last is None or last.get("kind") == "pass":
        return
    if last["kind"] == "place":
        yield _outline("last-move-to", last["cell"], 'stroke-width="3.5"')
        return
    (fx, fy), (tx, ty) = _centre_of(last["from"]), _centre_of(last["to"])
    yield _outline("last-move-from", last["from"], 'stroke-width="2" stroke-dasharray="5 4"')
    yield _outline("last-move-to", last["to"], 'stroke-width="3.5"')
    yield (
        f'<line id="last-move-arrow" x1="{fx:.1f}" y1="{fy:.1f}" x2="{tx:.1f}" y2="{ty:.1f}" '
        f'stroke="{LAST_MOVE}" stroke-width="4" stroke-linecap="round" opacity="0.55" pointer-events="none"/>'
    )
    for name in last.get("removed", []):
        cx, cy = _centre_of(name)
        cross = f"M{cx - 7:.1f},{cy - 7:.1f} l14,14 m0,-14 l-14,14"
        yield f'<path d="{cross}" stroke="#8a1c1c" stroke-width="2.5" opacity="0.6" pointer-events="none"/>'


def _outline(element: str, name: str, stroke: str) -> str:
    """A hexagonal ring inside a space, letting clicks through to the space."""
    points = _hexagon(*_centre_of(name), HEX_RADIUS * 0.9)
    return (
        f'<polygon id="{element}" points="{points}" fill="none" stroke="{LAST_MOVE}" {stroke} '
        'pointer-events="none"/>'
    )


def _pieces(view: Mapping[str, Any]) -> Iterator[str]:
    """Every piece once: in its stack on the board, in its owner's supply, or faded out of play."""
    for stack in view.get("stacks", []):
        cx, cy = _centre_of(stack["cell"])
        height = len(stack["pieces"])
        for layer, (piece, colour) in enumerate(zip(stack["pieces"], stack["colours"], strict=True)):
            yield _disc(piece, colour, (cx, cy - _lift(layer, height)), PIECE_RADIUS)
    yield from _strip_pieces(view)


def _lift(layer: int, height: int) -> float:
    """How far up a piece is drawn: the top few layers fan out, the rest hide under them."""
    shown = min(height, VISIBLE_LAYERS)
    return (max(0, layer - (height - shown)) - (shown - 1) / 2) * LAYER_STEP


def _strip_pieces(view: Mapping[str, Any]) -> Iterator[str]:
    """Each player's pieces still to place and, faded, those out of play; the DVONN pieces to place."""
    supply = view.get("supply", {})
    removed = view.get("removed", [])
    for seat, top in ((1, 4.0), (0, HEIGHT - STRIP_HEIGHT - 4.0)):
        colour = SEATS[seat]
        slots = [(piece, 1.0) for piece in supply.get(colour, [])]
        slots += [(piece, 0.4) for piece, piece_colour in removed if piece_colour == colour]
        for slot, (piece, opacity) in enumerate(slots):
            centre = (SUPPLY_LEFT + slot * SUPPLY_STEP, top + SUPPLY_ROW)
            yield _disc(piece, colour, centre, SUPPLY_RADIUS, opacity)
    for slot, piece in enumerate(supply.get("red", [])):
        yield _disc(piece, "red", (RED_SUPPLY_LEFT + slot * SUPPLY_STEP, 4.0 + SUPPLY_ROW), SUPPLY_RADIUS)


def _disc(piece: int, colour: str, centre: tuple[float, float], radius: float, opacity: float = 1.0) -> str:
    """One piece, drawn at the origin of its group so moving it changes only the transform."""
    cx, cy = centre
    faded = "" if opacity == 1.0 else f' opacity="{opacity}"'
    return (
        f'<g id="piece-{piece}" transform="translate({cx:.1f} {cy:.1f})" pointer-events="none"{faded}>'
        f'<circle r="{radius:.1f}" fill="{FACE[colour]}" stroke="{EDGE[colour]}" stroke-width="1.5"/>'
        f'<circle r="{radius * 0.68:.1f}" fill="url(#face-{colour})" stroke="{EDGE[colour]}" '
        'stroke-opacity="0.35" stroke-width="1"/></g>'
    )


def _stack_labels(view: Mapping[str, Any]) -> Iterator[str]:
    """The height on top of every stack of two or more, and a red dot where a DVONN piece is inside."""
    for stack in view.get("stacks", []):
        height = len(stack["pieces"])
        cx, cy = _centre_of(stack["cell"])
        top_y = cy - _lift(height - 1, height)
        top_colour = stack["colours"][-1]
        if height > 1:
            yield (
                f'<text x="{cx:.1f}" y="{top_y:.1f}" font-size="{FONT_SIZE}" font-weight="800" '
                f'text-anchor="middle" dominant-baseline="central" fill="{INK_ON[top_colour]}" '
                f'pointer-events="none">{height}</text>'
            )
        if stack["dvonn"] and top_colour != "red":
            yield (
                f'<circle cx="{cx + PIECE_RADIUS * 0.72:.1f}" cy="{top_y - PIECE_RADIUS * 0.72:.1f}" r="5" '
                f'fill="{FACE["red"]}" stroke="{EDGE["red"]}" pointer-events="none"/>'
            )


# --- text ---------------------------------------------------------------------------------

TEXT_CELL_WIDTH = 6
TEXT_LETTER = {"white": "W", "black": "B", "red": "R"}


def draw_text(view: Mapping[str, Any]) -> str:
    """A plain-text board: each space as W/B/R, the height and * for a DVONN piece inside.

    The last move's landing space (or placement) is in brackets.
    """
    lines = [str(view.get("prompt", "")), _score_line(view), *_text_board(view)]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _score_line(view: Mapping[str, Any]) -> str:
    white, black = view.get("scores", [0, 0])
    supply = view.get("supply", {})
    parts = [f"White {white} · Black {black}"]
    if any(supply.get(colour) for colour in ("white", "black", "red")):
        counts = ", ".join(f"{colour} {len(supply.get(colour, []))}" for colour in ("red", "white", "black"))
        parts.append(f"to place: {counts}")
    removed: Sequence[Sequence[Any]] = view.get("removed", [])
    if removed:
        counts = ", ".join(f"{seat} {sum(c == seat for _, c in removed)}" for seat in SEATS)
        parts.append(f"out of play: {counts}")
    last = view.get("last_move")
    if last is not None:
        parts.append(f"last: {_describe(last)}")
    return " · ".join(parts)


def _describe(last: Mapping[str, Any]) -> str:
    who = mention(int(last["seat"]))
    if last["kind"] == "place":
        return f"{who} {last['cell']}"
    if last["kind"] == "pass":
        return f"{who} PASS"
    removed = last.get("removed", [])
    suffix = f" (removed {' '.join(removed)})" if removed else ""
    return f"{who} {last['from']}{last['to']}{suffix}"


def _text_board(view: Mapping[str, Any]) -> list[str]:
    """Rows 5 down to 1, each shifted half a space from the next, and the column letters below."""
    tokens = {stack["cell"]: _token(stack) for stack in view.get("stacks", [])}
    last = view.get("last_move") or {}
    marked = last.get("to", last.get("cell"))
    rows = {y: [" "] * (TEXT_CELL_WIDTH * 13) for y in range(-1, len(ROW_COLUMNS))}
    for y, columns in enumerate(ROW_COLUMNS):
        _put(rows[y], columns.start - 1, y, str(y + 1))
        for x in columns:
            name = f"{COLUMN_LETTERS[x]}{y + 1}"
            token = tokens.get(name, ".")
            _put(rows[y], x, y, f"[{token}]" if name == marked else token)
    for x, letter in enumerate(COLUMN_LETTERS):
        lowest = min(y for y, columns in enumerate(ROW_COLUMNS) if x in columns)
        _put(rows[lowest - 1], x, lowest - 1, letter)
    return ["".join(rows[y]) for y in sorted(rows, reverse=True)]


def _put(row: list[str], x: int, y: int, token: str) -> None:
    """Writes a token centred on the column of space (x, y): half a space per row of shift."""
    centre = (2 * x - y + 4) * TEXT_CELL_WIDTH // 2
    start = centre - len(token) // 2
    row[start : start + len(token)] = list(token)


def _token(stack: Mapping[str, Any]) -> str:
    height = len(stack["pieces"])
    letter = TEXT_LETTER[stack["colours"][-1]]
    inside = "*" if stack["dvonn"] and stack["colours"][-1] != "red" else ""
    return f"{letter}{height if height > 1 else ''}{inside}"
