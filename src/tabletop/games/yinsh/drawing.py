"""The YINSH board drawn from a view: an SVG document for the browser, plain text for terminals.

The board is the real one: 85 intersections of a triangular lattice joined by the 33
lines, columns A…K left to right and numbers rising up each column (section 2 of
docs/rules/yinsh.md). Black's supply and scoring track are above the board, White's below.

Clicks land on the transparent circles ``pt-f6`` … laid over every point (the pieces let
clicks through), so a ring, a marker or an empty point are all chosen by their point.
Rings (``ring-w-1`` …) keep their id from the supply to the board to the scoring track,
and a marker (``marker-f6``) keeps its id while it flips, so the browser can animate both.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from tabletop.engine import mention
from tabletop.games.yinsh.board import (
    COLUMN_LETTERS,
    COORDINATES,
    LINES,
    POINT_COUNT,
    POINT_INDEX,
    POINT_NAMES,
    RINGS_PER_PLAYER,
    element_id,
)

SPACING = 40.0
COLUMN_WIDTH = SPACING * math.sqrt(3) / 2
VIEW_BOX = "-240 -300 480 600"
RING_RADIUS, RING_STROKE = 14.5, 8.0
MARKER_RADIUS = 11.5
HIT_RADIUS = 19.0
LETTER_ROW_Y = 216.0
PANEL_Y = {"black": -262.0, "white": 262.0}
SUPPLY_X, SUPPLY_STEP = -140.0, 38.0
TRACK_X, TRACK_STEP = 116.0, 44.0

BOARD_FILL, LINE_COLOUR, LABEL_COLOUR = "#e8d9b5", "#7a6548", "#5c4a33"
PIECE_COLOURS = {"white": ("#fbf8ef", "#3b3b3b"), "black": ("#232323", "#000000")}
ACCENT = "#d9480f"

FONT_SIZE = 16
"""The board is 480 wide and fills about 337 px of a 360 px phone, so 16 is 11 px there."""

STYLE = (
    "<style>"
    ".yinsh .point{fill:transparent}"
    ".yinsh .point.clickable{fill:url(#yinsh-target);stroke:none;cursor:pointer}"
    ".yinsh .point.clickable:hover{fill:url(#yinsh-target-hover);stroke:none}"
    ".yinsh .point.selected{fill:none;stroke:#1c6dd0;stroke-width:3}"
    ".yinsh .piece{pointer-events:none}"
    ".yinsh text{font-family:sans-serif;fill:" + LABEL_COLOUR + "}"
    "</style>"
)
"""A point that can be clicked shows a small orange ring round the intersection, inside a
ring's hole and never over the lines or the neighbouring points (85 of them at the start);
the ring chosen to move gets a blue circle round it."""


def _target(element: str, outer: float) -> str:
    """The fill of a clickable point: transparent but for a ring from 0.26 to `outer` of its radius."""
    return (
        f'<radialGradient id="{element}">'
        '<stop offset="0.24" stop-color="#f59f00" stop-opacity="0"/>'
        '<stop offset="0.26" stop-color="#f59f00"/>'
        f'<stop offset="{outer}" stop-color="#f59f00"/>'
        f'<stop offset="{outer + 0.02}" stop-color="#f59f00" stop-opacity="0"/></radialGradient>'
    )


DEFINITIONS = f"<defs>{_target('yinsh-target', 0.4)}{_target('yinsh-target-hover', 0.5)}</defs>"


def screen(point: int) -> tuple[float, float]:
    """Where a point is drawn: columns upright, numbers rising up each column."""
    q, r = COORDINATES[point]
    return q * COLUMN_WIDTH, -(r - q / 2) * SPACING


def _lattice(q: float, r: float) -> tuple[float, float]:
    return q * COLUMN_WIDTH, -(r - q / 2) * SPACING


# -- SVG ------------------------------------------------------------------------------------


def draw_svg(view: Mapping[str, Any]) -> str:
    """The whole drawing, made from the view alone."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{VIEW_BOX}" class="yinsh" '
        'role="img" aria-label="YINSH board">',
        STYLE,
        DEFINITIONS,
        BOARD,
        _status(view),
        *_panels(view),
        *_last_move_under(view.get("last_move")),
        *(_marker(marker) for marker in view["markers"]),
        *(_ring(ring) for ring in view["rings"]),
        *_last_move_over(view.get("last_move")),
        _hit_points(view),
        "</svg>",
    ]
    return "\n".join(part for part in parts if part)


def _f(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _board() -> str:
    """The board itself, the same in every position: outline, lines, dots and coordinates."""
    outline = " ".join(f"{_f(x)},{_f(y)}" for x, y in _convex_hull([screen(p) for p in range(POINT_COUNT)]))
    parts = [
        '<rect x="-240" y="-300" width="480" height="600" fill="#f6f1e7"/>',
        f'<polygon points="{outline}" fill="{BOARD_FILL}" stroke="{BOARD_FILL}" '
        'stroke-width="56" stroke-linejoin="round"/>',
    ]
    for line in LINES:
        (x1, y1), (x2, y2) = screen(line[0]), screen(line[-1])
        parts.append(
            f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" '
            f'stroke="{LINE_COLOUR}" stroke-width="1.6" stroke-linecap="round"/>'
        )
    parts.extend(
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="2.6" fill="{LINE_COLOUR}"/>'
        for x, y in map(screen, range(POINT_COUNT))
    )
    parts.extend(_coordinate_labels())
    return "\n".join(parts)


def _coordinate_labels() -> Iterable[str]:
    """Letters in a row under the columns; each number just beyond the left end of its line."""
    for q, letter in enumerate(COLUMN_LETTERS, start=-5):
        yield _label(q * COLUMN_WIDTH, LETTER_ROW_Y, letter)
    for line in LINES:
        first, last = COORDINATES[line[0]], COORDINATES[line[-1]]
        if first[1] == last[1]:  # a line of one number, listed from its left end
            x, y = _lattice(first[0] - 0.85, first[1])
            yield _label(x, y, POINT_NAMES[line[0]][1:])


def _label(x: float, y: float, text: str) -> str:
    return f'<text x="{_f(x)}" y="{_f(y + 5.5)}" font-size="{FONT_SIZE}" text-anchor="middle">{text}</text>'


def _convex_hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Andrew's monotone chain: the outline the board's padding is drawn around."""
    ordered = sorted(set(points))

    def half(sequence: list[tuple[float, float]]) -> list[tuple[float, float]]:
        chain: list[tuple[float, float]] = []
        for point in sequence:
            while len(chain) >= 2 and _turn(chain[-2], chain[-1], point) <= 1e-9:
                chain.pop()
            chain.append(point)
        return chain[:-1]

    return half(ordered) + half(ordered[::-1])


def _turn(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _hit_points(view: Mapping[str, Any]) -> str:
    """The transparent circles that take the clicks, each with a tooltip of what is on it."""
    titles = _point_titles(view)
    return "\n".join(
        f'<circle id="{element_id(point)}" class="point" cx="{_f(x)}" cy="{_f(y)}" r="{HIT_RADIUS}">'
        f"<title>{titles[POINT_NAMES[point]]}</title></circle>"
        for point, (x, y) in enumerate(map(screen, range(POINT_COUNT)))
    )


def _point_titles(view: Mapping[str, Any]) -> dict[str, str]:
    """What each point holds and what that piece does (YI-R1 to YI-R4 in docs/rules/yinsh.md)."""
    titles = {name: f"{name}: empty" for name in POINT_NAMES}
    for marker in view["markers"]:
        titles[marker["at"]] = (
            f"{marker['at']}: {marker['colour']} marker; flips when a ring jumps over it, "
            "five in a row score a ring"
        )
    for ring in view["rings"]:
        if ring["place"] == "board":
            titles[ring["at"]] = (
                f"{ring['at']}: {ring['colour']} ring; moves along a line over empty points, "
                "jumping markers, and leaves a marker where it started"
            )
    return titles


BOARD = _board()


def _status(view: Mapping[str, Any]) -> str:
    variant = "Blitz" if view["variant"] == "blitz" else "Standard"
    pool = _count_of_markers(view["markers_in_pool"])
    return (
        f'<text x="-228" y="-208" font-size="{FONT_SIZE}">YINSH · {variant}</text>'
        f'<text x="228" y="-208" font-size="{FONT_SIZE}" text-anchor="end">{pool}</text>'
        f'<text x="228" y="-190" font-size="{FONT_SIZE}" text-anchor="end">in the pool</text>'
    )


def _count_of_markers(count: int) -> str:
    return "1 marker" if count == 1 else f"{count} markers"


def _panels(view: Mapping[str, Any]) -> Iterable[str]:
    """Each player's name (bold when it is their decision) and the slots of their scoring track.

    The name has the line outside the row of rings to itself (as "rings removed" has), so a
    long name never runs under the rings in supply.
    """
    for seat, colour in enumerate(("white", "black")):
        y = PANEL_Y[colour]
        caption_y = y - 24 if colour == "black" else y + 34
        weight = "bold" if view["to_act"] == seat else "normal"
        fill, outline = PIECE_COLOURS[colour]
        yield (
            f'<circle cx="-222" cy="{_f(caption_y - 5)}" r="6" fill="{fill}" stroke="{outline}" '
            f'stroke-width="1.5"/><text x="-210" y="{_f(caption_y)}" font-size="{FONT_SIZE + 1}" '
            f'font-weight="{weight}">{mention(seat)}</text>'
        )
        caption_x = TRACK_X + (view["rings_to_win"] - 1) * TRACK_STEP / 2
        yield (
            f'<text x="{_f(caption_x)}" y="{_f(caption_y)}" font-size="{FONT_SIZE}" '
            'text-anchor="middle">rings removed</text>'
        )
        for slot in range(view["rings_to_win"]):
            yield (
                f'<circle cx="{_f(TRACK_X + slot * TRACK_STEP)}" cy="{_f(y)}" r="{RING_RADIUS}" fill="none" '
                f'stroke="{LINE_COLOUR}" stroke-width="1.5" stroke-dasharray="4 3"/>'
            )


def _ring_position(ring: Mapping[str, Any]) -> tuple[float, float]:
    if ring["place"] == "board":
        return screen(POINT_INDEX[ring["at"]])
    y = PANEL_Y[ring["colour"]]
    if ring["place"] == "scored":
        return TRACK_X + ring["slot"] * TRACK_STEP, y
    number = int(ring["id"].rsplit("-", 1)[1]) - 1
    return SUPPLY_X + (number % RINGS_PER_PLAYER) * SUPPLY_STEP, y


def _ring(ring: Mapping[str, Any]) -> str:
    x, y = _ring_position(ring)
    fill, outline = PIECE_COLOURS[ring["colour"]]
    return (
        f'<g id="{ring["id"]}" class="piece ring" transform="translate({_f(x)} {_f(y)})">'
        f'<circle r="{RING_RADIUS}" fill="none" stroke="{outline}" stroke-width="{RING_STROKE + 2.5}"/>'
        f'<circle r="{RING_RADIUS}" fill="none" stroke="{fill}" stroke-width="{RING_STROKE}"/></g>'
    )


def _marker(marker: Mapping[str, Any]) -> str:
    x, y = screen(POINT_INDEX[marker["at"]])
    fill, outline = PIECE_COLOURS[marker["colour"]]
    return (
        f'<circle id="{marker["id"]}" class="piece marker" cx="{_f(x)}" cy="{_f(y)}" r="{MARKER_RADIUS}" '
        f'fill="{fill}" stroke="{outline}" stroke-width="1.5"/>'
    )


def _last_move_under(last: Mapping[str, Any] | None) -> Iterable[str]:
    """The ring's path (or the placed ring's halo), drawn beneath the pieces."""
    if not last or last["to"] is None:
        return
    x2, y2 = screen(POINT_INDEX[last["to"]])
    if last["from"] is None:
        yield (
            f'<circle cx="{_f(x2)}" cy="{_f(y2)}" r="22" fill="none" stroke="{ACCENT}" '
            'stroke-width="3" opacity=".7"/>'
        )
        return
    x1, y1 = screen(POINT_INDEX[last["from"]])
    yield (
        f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" stroke="{ACCENT}" '
        'stroke-width="6" stroke-linecap="round" opacity=".45"/>'
    )


def _last_move_over(last: Mapping[str, Any] | None) -> Iterable[str]:
    """A dot on each flipped marker; dashed ghosts where a row and a ring were taken off."""
    if not last:
        return
    for name in last["flipped"]:
        x, y = screen(POINT_INDEX[name])
        yield f'<circle class="piece" cx="{_f(x)}" cy="{_f(y)}" r="4" fill="{ACCENT}"/>'
    ghosts = [(name, MARKER_RADIUS) for row in last["removed_rows"] for name in row]
    ghosts += [(ring["at"], RING_RADIUS) for ring in last["removed_rings"]]
    for name, radius in ghosts:
        x, y = screen(POINT_INDEX[name])
        yield (
            f'<circle class="piece" cx="{_f(x)}" cy="{_f(y)}" r="{radius}" fill="none" stroke="{ACCENT}" '
            'stroke-width="2" stroke-dasharray="3 3"/>'
        )


# -- text -----------------------------------------------------------------------------------

TEXT_SYMBOLS = {
    ("ring", "white"): "W",
    ("ring", "black"): "B",
    ("marker", "white"): "w",
    ("marker", "black"): "b",
}


def draw_text(view: Mapping[str, Any]) -> str:
    """The board in characters: W/B rings, w/b markers, "." empty points, coordinates around.

    >>> from tabletop.games.yinsh import GAME
    >>> print(GAME.draw_text(GAME.new_state().view(None)).splitlines()[-3])
            A   B   C   D   E   F   G   H   I   J   K
    """
    symbols = dict.fromkeys(POINT_NAMES, ".")
    symbols.update((marker["at"], TEXT_SYMBOLS["marker", marker["colour"]]) for marker in view["markers"])
    symbols.update(
        (ring["at"], TEXT_SYMBOLS["ring", ring["colour"]])
        for ring in view["rings"]
        if ring["place"] == "board"
    )
    grid: dict[int, dict[int, str]] = {}
    for point, name in enumerate(POINT_NAMES):
        q, r = COORDINATES[point]
        grid.setdefault(q - 2 * r, {})[_text_column(q)] = symbols[name]
    for line in LINES:
        (q, r), (_, last_r) = COORDINATES[line[0]], COORDINATES[line[-1]]
        if r == last_r:  # a number's line: its label one step beyond the left end, right-aligned
            grid.setdefault(q - 1 - 2 * r, {})[_text_column(q - 1) - 1] = f"{r + 6:>2}"
    grid[max(grid) + 1] = {_text_column(q): letter for q, letter in enumerate(COLUMN_LETTERS, start=-5)}
    rows = ["".join(_text_row(grid[row])).rstrip() for row in sorted(grid)]
    return "\n".join([_player_line(view, 1), *rows, _player_line(view, 0), view["prompt"]])


def _text_column(q: int) -> int:
    """Characters from the left edge to column q (two spare columns for the number labels)."""
    return 4 * (q + 7)


def _text_row(cells: dict[int, str]) -> Iterable[str]:
    column = 0
    for start in sorted(cells):
        yield " " * (start - column) + cells[start]
        column = start + len(cells[start])


def _player_line(view: Mapping[str, Any], seat: int) -> str:
    colour = ("white", "black")[seat]
    rings = [ring for ring in view["rings"] if ring["colour"] == colour]
    supply = sum(ring["place"] == "supply" for ring in rings)
    removed = view["rings_removed"][seat]
    turn = "> " if view["to_act"] == seat else "  "
    text = f"{turn}{mention(seat)}: {removed}/{view['rings_to_win']} rings removed"
    if supply:
        text += f", {supply} in the supply"
    if seat == 0:
        text += f"; {_count_of_markers(view['markers_in_pool'])} in the pool"
    return text
