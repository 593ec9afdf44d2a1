"""Kalah drawn from a view: an SVG of a wooden board, and a plain-text board.

The SVG has the viewer's own row at the bottom (South's for spectators), with its store on
the right, as a player sees a real board (the board in docs/rules/kalah.md). Each pit and
store keeps one id for the whole game ("pit-s1"…"pit-s6", "pit-n1"…, "store-s", "store-n");
the pit's filled hole is the clickable element, and seeds and numbers let clicks through.
Each pit's seed count is written outside its row and its number, the one the moves and
the log use ("South sowed pit 4"), on the groove side; each store is labelled. Every hole
has a tooltip with its owner, number and seeds. The text board is always seen from South.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import Any

from tabletop.engine import mention
from tabletop.engine.svg import SvgElement

PIT_PITCH = 96
PIT_RADIUS = 40
STORE_WIDTH = 84
EDGE = 16
GAP = 12
FONT_SIZE = 27
"""Six pits make the board 800 wide, about 337 px on a 360 px phone: 27 is 11 px there."""
BAND = 46
"""Height of the label band above and below the board."""
BOARD_HEIGHT = 332
ROW_OFFSET = 84
"""From the groove's middle to each row's centre: room for a row of pit numbers on each side
of the status line, all three at `FONT_SIZE`."""
GROOVE_Y = BAND + BOARD_HEIGHT // 2
TOP_ROW_Y = GROOVE_Y - ROW_OFFSET
BOTTOM_ROW_Y = GROOVE_Y + ROW_OFFSET
STORE_HEIGHT = BOARD_HEIGHT - 36
COUNT_SIZE = 28
STORE_COUNT_SIZE = 30
SEED_RADIUS = 6.5
PIT_SEED_CAP = 14
STORE_SEED_CAP = 40
GOLDEN_ANGLE = math.pi * (3 - math.sqrt(5))
SEED_COLOURS = ("#f4efe4", "#d9c6a5", "#b7d3e9", "#e8c1a0", "#c9dcb3", "#e6d38a", "#d8b4d8")

SOWING = "A player chooses one of their pits and sows its seeds, one to each place counter-clockwise."
"""What choosing a pit does (K-R1, K-R2), for the drawing's description."""

_HOLE_STYLE = 'fill="url(#pit-hole)" stroke="#4a2a10" stroke-width="2"'
_COUNT_STYLE = (
    f'font-size="{COUNT_SIZE}" font-weight="bold" text-anchor="middle" fill="#fffaf0" stroke="#3d2410" '
    'stroke-width="3" paint-order="stroke" pointer-events="none"'
)
_LABEL_STYLE = f'font-size="{FONT_SIZE}" text-anchor="middle" fill="#f6dfb8" pointer-events="none"'
_SEED_STYLE = 'stroke="#3d2410" stroke-width="0.8" pointer-events="none"'
_TEXT_STYLE = f'font-size="{FONT_SIZE}" text-anchor="middle" pointer-events="none"'
_GLOW_STYLE = 'fill="#ffe9b0" fill-opacity="0.22" pointer-events="none"'
_RING_STYLE = 'fill="none" stroke-width="4" pointer-events="none"'


def draw_svg(view: Mapping[str, Any]) -> SvgElement:
    """The whole drawing; the bottom row is the viewer's side (South for spectators).

    Its parts are layers (holes, seeds, counts, labels, the texts that change with the
    turn, the last move's rings), each a group whose children inherit its style: an update
    then sends a changed pit as a few short elements inside its layers (`board_changes`).
    The drawing and its layers are `SvgElement`s, so that diff reads them without scanning.
    A pit's seeds are one `<use>` of the pattern for their count, drawn once in `<defs>`.
    """
    pits = int(view["pits"])
    width = 2 * (EDGE + STORE_WIDTH + GAP) + pits * PIT_PITCH
    height = 2 * BAND + BOARD_HEIGHT
    bottom = "north" if view.get("viewer_side") == "north" else "south"
    layout = _layout(pits, width, bottom)
    places = [
        place
        for side in SIDES
        for place in (
            _store(layout, side, int(view[f"{side}_store"])),
            *(_pit(layout, side, number, int(count)) for number, count in enumerate(view[f"{side}_pits"], 1)),
        )
    ]
    root = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="Kalah board" font-family="Georgia, serif">'
    )
    parts = [
        f"<title>{escape(str(view['prompt']))}</title>",
        f"<desc>{SOWING}</desc>",
        _DEFS,
        f'<rect x="0" y="0" width="{width}" height="{height}" rx="18" fill="#f3e7d3"/>',
        f'<rect x="2" y="{BAND}" width="{width - 4}" height="{BOARD_HEIGHT}" rx="34" '
        'fill="url(#wood-grain)" stroke="#5e3817" stroke-width="4"/>',
    ]
    glow = [_turn_glow(layout, str(view["to_move"]))] if view.get("to_move") else []
    parts.append(_layer(_GLOW_STYLE, glow))
    parts.append(_layer(_HOLE_STYLE, [place.hole for place in places]))
    parts.append(_layer(_SEED_STYLE, [place.seeds for place in places]))
    parts.append(_layer(_COUNT_STYLE, [place.count for place in places]))
    parts.append(_labels(layout))
    texts = [_side_label(layout, view, side) for side in SIDES] + [_status(width, view)]
    parts.append(_layer(_TEXT_STYLE, texts))
    parts.append(_layer(_RING_STYLE, _last_move_marks(layout, view.get("last_move"))))
    return SvgElement(root, parts)


SIDES = ("south", "north")


def _layer(style: str, elements: list[str]) -> SvgElement:
    """A group of `elements` that inherit `style`."""
    return SvgElement(f"<g {style}>", elements)


@dataclass(frozen=True, eq=False)
class _Layout:
    """Where every pit and store of one drawing sits.

    Made only by `_layout`, one per board size and bottom side, so it is compared and hashed
    by identity: the caches keyed by it (`_pit`, `_labels`) then hash it for free.
    """

    pits: int
    width: int
    bottom: str
    first_x: int = EDGE + STORE_WIDTH + GAP + PIT_PITCH // 2

    def pit_centre(self, side: str, number: int) -> tuple[float, float]:
        """Pit `number` (1…m from its owner's left) of `side`."""
        if side == self.bottom:
            return self.first_x + (number - 1) * PIT_PITCH, BOTTOM_ROW_Y
        return self.first_x + (self.pits - number) * PIT_PITCH, TOP_ROW_Y

    def store_box(self, side: str) -> tuple[float, float, float, float]:
        """x, y, width, height of a store: the bottom side's on the right, the other's on the left."""
        x = self.width - EDGE - STORE_WIDTH if side == self.bottom else EDGE
        return x, BAND + 18, STORE_WIDTH, STORE_HEIGHT

    def outward(self, side: str) -> int:
        """1 for the bottom row (its counts are below it), -1 for the top row."""
        return 1 if side == self.bottom else -1


@lru_cache(maxsize=64)
def _layout(pits: int, width: int, bottom: str) -> _Layout:
    """The one layout of a board size seen from `bottom`'s side."""
    return _Layout(pits, width, bottom)


@dataclass(frozen=True)
class _Place:
    """One pit's or store's elements in the layers of holes, seeds and counts."""

    hole: str
    seeds: str
    count: str


@lru_cache(maxsize=4096)
def _pit(layout: _Layout, side: str, number: int, count: int) -> _Place:
    """Pit `number` of `side` holding `count` seeds, drawn once per layout: a pit with a
    given count is drawn alike at every table and move, and formatting its coordinates was
    a third of the time spent drawing a board."""
    cx, cy = layout.pit_centre(side, number)
    outward = layout.outward(side)
    count_y = cy + outward * (PIT_RADIUS + 11) + (FONT_SIZE - 6) * (outward + 1) / 2
    return _Place(
        f'<circle id="pit-{side[0]}{number}" cx="{cx}" cy="{cy}" r="{PIT_RADIUS}">'
        f"<title>{_pit_title(side, number, count)}</title></circle>",
        f'<use href="#kalah-pit-seeds-{min(count, PIT_SEED_CAP)}" x="{cx}" y="{cy}"/>',
        f'<text x="{cx}" y="{count_y}">{count}</text>',
    )


@lru_cache(maxsize=1024)
def _store(layout: _Layout, side: str, count: int) -> _Place:
    """The store of `side` holding `count` seeds, drawn once per layout as a pit is: its
    clickable hole with its tooltip, a group of its seeds, and its count, large at its top."""
    x, y, w, h = layout.store_box(side)
    return _Place(
        f'<rect id="store-{side[0]}" x="{x}" y="{y}" width="{w}" height="{h}" rx="{w / 2}">'
        f"<title>{side.capitalize()}'s store: {_seed_count(count)}, kept to the end</title></rect>",
        f'<g transform="translate({x + w / 2} {y + h / 2})">{_store_seeds(count)}</g>',
        f'<text x="{x + w / 2}" y="{y + 42}" font-size="{STORE_COUNT_SIZE}">{count}</text>',
    )


@lru_cache(maxsize=64)
def _labels(layout: _Layout) -> str:
    """What never changes: each pit's number (K-R1's "pit 4", counted from its owner's left)
    on the groove side, and "store" at the foot of each store. Cached by board size and
    the side at the bottom."""
    labels = []
    for side in SIDES:
        x, y, w, h = layout.store_box(side)
        labels.append(f'<text x="{x + w / 2}" y="{y + h - 20}">store</text>')
        outward = layout.outward(side)
        for number in range(1, layout.pits + 1):
            cx, cy = layout.pit_centre(side, number)
            number_y = cy - outward * (PIT_RADIUS + 6) + (FONT_SIZE - 6) * (1 - outward) / 2
            labels.append(f'<text x="{cx}" y="{number_y}">{number}</text>')
    return _layer(_LABEL_STYLE, labels)


def _seed_count(count: int) -> str:
    return f"{count} seed{'' if count == 1 else 's'}"


def _pit_title(side: str, number: int, count: int) -> str:
    """A pit's tooltip: whose pit, its number and its seeds (what choosing one does is
    said once, in the drawing's `<desc>`: a move sends the tooltips of the pits it changes)."""
    return f"{side.capitalize()}'s pit {number}: {_seed_count(count)}"


def _dots(reach_x: float, reach_y: float, count: int, spread_over: int) -> str:
    """`count` seed dots on a sunflower spiral around (0, 0) filling the ellipse of radii
    `reach_x`, `reach_y` when there are `spread_over` of them."""
    dots = []
    for index in range(count):
        spread = 0.0 if spread_over == 1 else math.sqrt((index + 0.5) / max(spread_over, 4))
        angle = index * GOLDEN_ANGLE
        x = reach_x * spread * math.cos(angle)
        y = reach_y * spread * math.sin(angle)
        dots.append(f'<use href="#kalah-seed-{index % len(SEED_COLOURS)}" x="{x:.1f}" y="{y:.1f}"/>')
    return "".join(dots)


def _pit_patterns() -> str:
    """The seeds of a pit holding each count up to the cap, spread over the whole hole."""
    reach = PIT_RADIUS - 9
    return "".join(
        f'<g id="kalah-pit-seeds-{count}">{_dots(reach, reach, count, count)}</g>'
        for count in range(PIT_SEED_CAP + 1)
    )


@lru_cache(maxsize=STORE_SEED_CAP + 1)
def _store_seeds(count: int) -> str:
    """A store's seeds, up to its cap, filling it from the middle as they come: the dots
    already there stay where they are, so a seed sown in is one element more in an update.

    Cached: the trigonometry and the formatting of every dot were most of the time the
    server spent drawing a move.
    """
    return _dots(STORE_WIDTH / 2 - 12, STORE_HEIGHT / 2 - 56, min(count, STORE_SEED_CAP), STORE_SEED_CAP)


_DEFS = (
    "<defs>"
    '<linearGradient id="wood-grain" x1="0" y1="0" x2="1" y2="1">'
    '<stop offset="0" stop-color="#c98d52"/><stop offset="0.45" stop-color="#b0733c"/>'
    '<stop offset="1" stop-color="#8a5529"/></linearGradient>'
    '<radialGradient id="pit-hole" cx="0.5" cy="0.42" r="0.6">'
    '<stop offset="0" stop-color="#5b3416"/><stop offset="0.8" stop-color="#7a4a22"/>'
    '<stop offset="1" stop-color="#a36a35"/></radialGradient>'
    + "".join(
        f'<circle id="kalah-seed-{index}" r="{SEED_RADIUS}" fill="{colour}"/>'
        for index, colour in enumerate(SEED_COLOURS)
    )
    + _pit_patterns()
    + "</defs>"
)


def _side_label(layout: _Layout, view: Mapping[str, Any], side: str) -> str:
    """The player of the side ("Ann (South)") in the band beside its row, brighter for the side to move."""
    moving = view.get("to_move") == side
    y = BAND + BOARD_HEIGHT + 34 if side == layout.bottom else 34
    text = mention(int(view[f"{side}_seat"]))
    if moving:
        text = f"▶ {text} · to move"
    colour = "#8a2d0a" if moving else "#5e3817"
    weight = "bold" if moving else "normal"
    return (
        f'<text x="{layout.width / 2}" y="{y}" font-weight="{weight}" fill="{colour}">{escape(text)}</text>'
    )


def _turn_glow(layout: _Layout, side: str) -> str:
    """A soft light behind the row of the side to move."""
    _, y = layout.pit_centre(side, 1)
    x = layout.first_x - PIT_PITCH / 2 + 2
    return (
        f'<rect x="{x}" y="{y - PIT_RADIUS - 8}" width="{layout.pits * PIT_PITCH - 4}" '
        f'height="{2 * PIT_RADIUS + 16}" rx="{PIT_RADIUS + 8}"/>'
    )


def _last_move_marks(layout: _Layout, last: Mapping[str, Any] | None) -> list[str]:
    """A dashed gold ring on the sown pit, a solid ring where the last seed landed, red on a capture."""
    if not last or last.get("swap"):
        return []
    marks = [_ring(layout, str(last["pit"]), "#ffd24a", "6 5")]
    marks.append(_ring(layout, str(last["landing"]), "#8fe3ff", ""))
    if last.get("capture"):
        marks.append(_ring(layout, str(last["capture"]["pit"]), "#ff5a4a", "3 4"))
    return marks


def _ring(layout: _Layout, element: str, colour: str, dashes: str) -> str:
    """A highlight around the pit or store named by its drawing id ("pit-n4", "store-s")."""
    kind, _, place = element.partition("-")
    side = "south" if place[0] == "s" else "north"
    style = f'stroke="{colour}"'
    if dashes:
        style += f' stroke-dasharray="{dashes}"'
    if kind == "store":
        x, y, w, h = layout.store_box(side)
        return f'<rect x="{x - 5}" y="{y - 5}" width="{w + 10}" height="{h + 10}" rx="{w / 2 + 5}" {style}/>'
    cx, cy = layout.pit_centre(side, int(place[1:]))
    return f'<circle cx="{cx}" cy="{cy}" r="{PIT_RADIUS + 5}" {style}/>'


def _status(width: int, view: Mapping[str, Any]) -> str:
    """A short line in the groove between the rows: who moves, or the result."""
    if view.get("result"):
        text = str(view["result"]).split("; ")[-1]
    elif view.get("swap_available"):
        text = f"{str(view['to_move']).capitalize()} may swap sides"
    elif view.get("to_move"):
        again = " again" if view.get("extra_move") else ""
        text = f"{str(view['to_move']).capitalize()} moves{again}"
    else:
        text = ""
    return (
        f'<text x="{width / 2}" y="{GROOVE_Y + 9}" font-style="italic" fill="#fbeed8">{escape(text)}</text>'
    )


# --- text ---------------------------------------------------------------------------------

TEXT_MARGIN = 8
TEXT_CELL = 5


def draw_text(view: Mapping[str, Any]) -> str:
    """The board seen from South, who owns which side, the last move and the prompt.

    North's pits run N6…N1 left to right above South's S1…S6; North's store is on the
    left and South's on the right, as on a real board.

    >>> from tabletop import games
    >>> state = games.load("kalah").new_state(2)
    >>> print(str(state))
              N6   N5   N4   N3   N2   N1
    North   [ 4] [ 4] [ 4] [ 4] [ 4] [ 4]  Player 2 (North)
     [ 0]                                 [ 0]
    South   [ 4] [ 4] [ 4] [ 4] [ 4] [ 4]  Player 1 (South)
              S1   S2   S3   S4   S5   S6
    Player 1 (South) to move
    """
    pits = int(view["pits"])
    north = list(reversed(view["north_pits"]))
    south = list(view["south_pits"])
    width = TEXT_MARGIN + TEXT_CELL * pits
    lines = [
        " " * TEXT_MARGIN + "".join(f"N{pits - k}".rjust(TEXT_CELL - 1) + " " for k in range(pits)).rstrip(),
        "North".ljust(TEXT_MARGIN) + _text_row(north) + f"  {mention(int(view['north_seat']))}",
        f" [{view['north_store']:>2}]".ljust(width) + f"[{view['south_store']:>2}]",
        "South".ljust(TEXT_MARGIN) + _text_row(south) + f"  {mention(int(view['south_seat']))}",
        " " * TEXT_MARGIN + "".join(f"S{k + 1}".rjust(TEXT_CELL - 1) + " " for k in range(pits)).rstrip(),
    ]
    if view.get("last_move"):
        lines.append(f"Last move: {view['last_move']['text']}")
    lines.append(str(view["prompt"]))
    return "\n".join(lines)


def _text_row(counts: list[int]) -> str:
    return " ".join(f"[{count:>2}]" for count in counts)
