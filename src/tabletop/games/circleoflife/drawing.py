"""Drawings of a Circle of Life view: an SVG board for the browser and a text board.

The SVG shows the 61-cell hexagon (pointy-top cells, x = 2c - r and y = r as in §2.1 of
docs/rules/circleoflife.md), each stone in its player's colour with its species' letter, a ring
and bonds in its species' colour, the food chain as a loop of the 12 shapes below the board,
the last stone placed and the stones it ate (faded, under their old ids). Species colours go
round the colour wheel in food-chain order, so a predator's colour is next to its prey's.

Element ids: `cell-e4` for every cell (the click targets), `stone-<n>` for the n-th stone
placed, which keeps its id while it stays on the board.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from tabletop.engine import mention
from tabletop.games.circleoflife.board import (
    CELL_BY_NAME,
    CELLS,
    LETTERS,
    ROW_LETTERS,
    SHAPES,
    SIDE,
    Cell,
    Species,
    cell_at,
    cell_element,
    cell_name,
    column_of,
    row_of,
)
from tabletop.games.circleoflife.rules import FOOD_CHAIN, PREY

HEX_RADIUS = 26.0
HALF_WIDTH = HEX_RADIUS * math.sqrt(3) / 2
STONE_RADIUS = HALF_WIDTH * 0.78
PADDING = 14.0
MARGIN = 6.0
HEADER_HEIGHT = 58.0
FONT_SIZE = 16
"""The board is 465 wide and fills about 337 px of a 360 px phone, so 16 is 11.6 px there."""
CHAIN_HEIGHT = 168.0
FRAME_APOTHEM = 7 * HEX_RADIUS + PADDING
"""The green frame is a flat-top hexagon: the outer cells reach 7 radii from the centre."""
FRAME_RADIUS = FRAME_APOTHEM / math.cos(math.radians(30))
WIDTH = 2 * (FRAME_RADIUS + MARGIN)
BOARD_HEIGHT = 2 * (FRAME_APOTHEM + MARGIN)
HEIGHT = HEADER_HEIGHT + BOARD_HEIGHT + CHAIN_HEIGHT
CENTRE_X = WIDTH / 2
CENTRE_Y = HEADER_HEIGHT + BOARD_HEIGHT / 2

SPECIES_COLOURS: dict[Species, str] = dict(
    zip(
        FOOD_CHAIN,
        (
            "#e63946",  # singleton, red
            "#f4762d",  # 4-line, orange
            "#f2b705",  # propeller, amber
            "#a7c22a",  # diamond, lime
            "#3aa655",  # snake, green
            "#1f9e89",  # arch, teal
            "#1ba3c6",  # sled, cyan
            "#2f6fd0",  # key, blue
            "#5a4fcf",  # triangle, indigo
            "#9b4dca",  # 3-line, violet
            "#d147a3",  # 3-bend, magenta
            "#c2185b",  # pair, raspberry
        ),
        strict=True,
    )
)
STONE_FILLS = ("url(#gradient-black)", "url(#gradient-white)")
LETTER_FILLS = ("#f5f1e6", "#2b2b2b")
SPECIES_BY_NAME = {species.value: species for species in Species}

DEFINITIONS = (
    "<defs>"
    '<radialGradient id="gradient-black" cx="0.35" cy="0.3" r="0.8">'
    '<stop offset="0" stop-color="#5b5b5b"/><stop offset="1" stop-color="#141414"/></radialGradient>'
    '<radialGradient id="gradient-white" cx="0.35" cy="0.3" r="0.8">'
    '<stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#d6cfbd"/></radialGradient>'
    "</defs>"
)


# Coordinates ----------------------------------------------------------------------------------


def centre(row: float, column: float) -> tuple[float, float]:
    """The pixel centre of the (possibly off-board) position `(row, column)`."""
    middle = SIDE - 1
    x = CENTRE_X + HALF_WIDTH * (2 * column - row - middle)
    y = CENTRE_Y + 1.5 * HEX_RADIUS * (row - middle)
    return x, y


def cell_centre(cell: Cell) -> tuple[float, float]:
    """The pixel centre of a cell."""
    return centre(row_of(cell), column_of(cell))


def hexagon_points(x: float, y: float, radius: float, flat_top: bool = False) -> str:
    """The corners of a hexagon as an SVG `points` list (pointy-top unless `flat_top`)."""
    start = 0 if flat_top else 30
    corners = (math.radians(start + 60 * k) for k in range(6))
    return " ".join(f"{x + radius * math.cos(a):.1f},{y + radius * math.sin(a):.1f}" for a in corners)


# The SVG --------------------------------------------------------------------------------------


def draw_svg(view: Mapping[str, Any]) -> str:
    """The whole drawing of a view (see the module docstring)."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" '
        f'font-family="sans-serif" role="img" aria-label="Circle of Life: {escape(view["prompt"])}">',
        DEFINITIONS,
        f'<rect width="{WIDTH:.0f}" height="{HEIGHT:.0f}" fill="#f7f3e8"/>',
        *_header(view),
        *_board(view),
        *_critters(view),
        *_last_move(view),
        *_food_chain(view),
        "</svg>",
    ]
    return "\n".join(parts)


def _header(view: Mapping[str, Any]) -> list[str]:
    """Each player's plaque: colour, eaten stones against the target, and whose turn it is."""
    parts = []
    half = WIDTH / 2
    for seat in range(len(view["players"])):
        left = PADDING + seat * half
        active = view["to_move"] == seat or view["winner"] == seat
        status = "wins" if view["winner"] == seat else ("to play" if view["to_move"] == seat else "")
        progress = min(1.0, view["eaten"][seat] / view["target"])
        plaque = half - 2 * PADDING
        bar = plaque - 150
        parts += [
            f'<g id="player-{seat}">',
            f'<rect x="{left:.1f}" y="6" width="{plaque:.1f}" height="46" rx="8" '
            f'fill="{"#fff8dc" if active else "#ece6d6"}" stroke="{"#c79a1e" if active else "#cfc6b0"}" '
            f'stroke-width="{2.5 if active else 1}"/>',
            f'<circle cx="{left + 17:.1f}" cy="29" r="10" fill="{STONE_FILLS[seat]}" stroke="#555"/>',
            f'<text x="{left + 33:.1f}" y="25" font-size="{FONT_SIZE}" font-weight="bold" fill="#333">'
            f"{mention(seat, status)}</text>",
            f'<text x="{left + 33:.1f}" y="45" font-size="{FONT_SIZE}" fill="#555">'
            f"ate {view['eaten'][seat]} of {view['target']}</text>",
            f'<rect x="{left + 140:.1f}" y="38" width="{bar:.1f}" height="7" rx="3" fill="#d8d0bc"/>',
            f'<rect x="{left + 140:.1f}" y="38" width="{bar * progress:.1f}" height="7" rx="3" '
            'fill="#c0392b"/>',
            "</g>",
        ]
    return parts


def _board(view: Mapping[str, Any]) -> list[str]:
    """The green frame, the 61 clickable cells and the row and column labels.

    Each cell's tooltip names what stands on it: the stones let the pointer through to it.
    """
    titles = _cell_titles(view)
    parts = [
        f'<polygon points="{hexagon_points(CENTRE_X, CENTRE_Y, FRAME_RADIUS, flat_top=True)}" '
        'fill="#4f7a45" stroke="#36573a" stroke-width="3" stroke-linejoin="round"/>'
    ]
    for cell in CELLS:
        cx, cy = cell_centre(cell)
        parts.append(
            f'<polygon id="{cell_element(cell)}" points="{hexagon_points(cx, cy, HEX_RADIUS - 1)}" '
            f'fill="#efe6cc" stroke="#b9a878" stroke-width="1.2"><title>{escape(titles[cell_name(cell)])}'
            "</title></polygon>"
        )
    parts += _labels()
    return parts


def _cell_titles(view: Mapping[str, Any]) -> dict[str, str]:
    """Per cell name: empty, or the player, species and prey of the critter on it."""
    titles = {cell_name(cell): f"{cell_name(cell)}: empty" for cell in CELLS}
    for critter in view["critters"]:
        species = SPECIES_BY_NAME[critter["species"]]
        what = f"{view['players'][critter['seat']]}'s {species.value}, eats {PREY[species].value}"
        for name in critter["cells"]:
            titles[name] = f"{name}: {what}"
    return titles


def _labels() -> list[str]:
    """Row letters left of each row, column numbers above the top cell of each column."""
    parts = []
    style = f'font-size="{FONT_SIZE}" fill="#e8f0d8" text-anchor="middle" dominant-baseline="central"'
    for row, letter in enumerate(ROW_LETTERS):
        x, y = centre(row, max(0, row - SIDE + 1) - 1)
        parts.append(f'<text x="{x + 6:.1f}" y="{y:.1f}" {style}>{letter}</text>')
    for column in range(2 * SIDE - 1):
        x, y = centre(max(0, column - SIDE + 1) - 1, column)
        parts.append(f'<text x="{x - 3:.1f}" y="{y + 6:.1f}" {style}>{column}</text>')
    return parts


def _critters(view: Mapping[str, Any]) -> list[str]:
    """Bonds under the stones, then the stones, each ringed and lettered by its species."""
    bonds: list[str] = []
    stones: list[str] = []
    for critter in view["critters"]:
        species = SPECIES_BY_NAME[critter["species"]]
        cells = [CELL_BY_NAME[name] for name in critter["cells"]]
        bonds += _bonds(cells, SPECIES_COLOURS[species])
        title = f"{view['players'][critter['seat']]} {species.value} (eats {PREY[species].value})"
        for cell, stone_id in zip(cells, critter["stones"], strict=True):
            stones.append(_stone(stone_id, cell, critter["seat"], species, title))
    return ['<g pointer-events="none">', *bonds, *stones, "</g>"]


def _bonds(cells: Sequence[Cell], colour: str) -> list[str]:
    """A thick line in the species colour between every two touching stones of a critter."""
    parts = []
    for index, first in enumerate(cells):
        for second in cells[index + 1 :]:
            if second - first in (1, 9, 10):
                (x1, y1), (x2, y2) = cell_centre(first), cell_centre(second)
                parts.append(
                    f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
                    'stroke-width="11" stroke-linecap="round"/>'
                )
    return parts


def _stone(stone_id: str, cell: Cell, seat: int, species: Species, title: str) -> str:
    """One stone: player colour, species ring and letter, a tooltip naming the species."""
    x, y = cell_centre(cell)
    return (
        f'<g id="{stone_id}" transform="translate({x:.1f},{y:.1f})"><title>{escape(title)}</title>'
        f'<circle r="{STONE_RADIUS:.1f}" fill="{STONE_FILLS[seat]}" stroke="{SPECIES_COLOURS[species]}" '
        'stroke-width="3.5"/>'
        f'<text y="1" font-size="{FONT_SIZE}" font-weight="bold" fill="{LETTER_FILLS[seat]}" '
        'text-anchor="middle" '
        f'dominant-baseline="central">{LETTERS[species]}</text></g>'
    )


def _last_move(view: Mapping[str, Any]) -> list[str]:
    """A gold ring round the last stone placed; the stones it ate, faded and crossed out."""
    last = view["last_move"]
    if last is None:
        return []
    x, y = cell_centre(CELL_BY_NAME[last["cell"]])
    parts = [
        '<g pointer-events="none">',
        f'<circle id="last-move-ring" cx="{x:.1f}" cy="{y:.1f}" r="{STONE_RADIUS + 3.5:.1f}" fill="none" '
        'stroke="#ffc400" stroke-width="4"/>',
    ]
    victim_seat = 1 - last["seat"]
    for victim in last["devoured"]:
        vx, vy = cell_centre(CELL_BY_NAME[victim["cell"]])
        parts.append(
            f'<g id="{victim["stone"]}" transform="translate({vx:.1f},{vy:.1f})" opacity="0.45">'
            f"<title>eaten by {escape(last['species'])}</title>"
            f'<circle r="{STONE_RADIUS:.1f}" fill="{STONE_FILLS[victim_seat]}" stroke="#c0392b" '
            'stroke-width="2" stroke-dasharray="4 3"/>'
            '<path d="M -7 -7 L 7 7 M 7 -7 L -7 7" stroke="#c0392b" stroke-width="3" '
            'stroke-linecap="round"/></g>'
        )
    parts.append("</g>")
    return parts


def _food_chain(view: Mapping[str, Any]) -> list[str]:
    """The 12 species as a loop: the top row eats rightwards, the bottom row leftwards."""
    top = HEADER_HEIGHT + BOARD_HEIGHT
    slot = (WIDTH - 2 * PADDING) / 6
    last = view["last_move"]
    marked = {last["species"], last["devoured_species"]} if last else set()
    parts = [
        f'<text x="{WIDTH / 2:.1f}" y="{top + 12:.1f}" font-size="{FONT_SIZE}" fill="#555" '
        'text-anchor="middle">Food chain: each eats the next</text>'
    ]
    for index, species in enumerate(FOOD_CHAIN):
        row, place = divmod(index, 6)
        column = place if row == 0 else 5 - place
        x = PADDING + slot * column
        y = top + 22 + row * 72
        parts += _species_card(species, x, y, slot - 14, species.value in marked)
        parts += _chain_arrow(index, x, y, slot)
    return parts


def _species_card(species: Species, x: float, y: float, width: float, marked: bool) -> list[str]:
    """A card with the species' shape in small hexagons and its letter; its name and prey are
    its tooltip, since a name in readable print would not fit the card on a phone."""
    colour = SPECIES_COLOURS[species]
    parts = [
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="62" rx="7" fill="#fffdf6" '
        f'stroke="{colour}" stroke-width="{3.5 if marked else 1.5}"><title>{LETTERS[species]}: '
        f"{species.value}, eats {PREY[species].value}</title></rect>"
    ]
    offsets = SHAPES[species]
    mini = 5.2
    mini_half = mini * math.sqrt(3) / 2
    xs = [(2 * column - row) * mini_half for row, column in offsets]
    ys = [1.5 * mini * row for row, _ in offsets]
    shift_x = x + width / 2 - (min(xs) + max(xs)) / 2
    shift_y = y + 22 - (min(ys) + max(ys)) / 2
    for hx, hy in zip(xs, ys, strict=True):
        parts.append(
            f'<polygon points="{hexagon_points(hx + shift_x, hy + shift_y, mini)}" fill="{colour}" '
            'stroke="#fffdf6" stroke-width="0.8"/>'
        )
    parts.append(
        f'<text x="{x + width / 2:.1f}" y="{y + 55:.1f}" font-size="{FONT_SIZE}" font-weight="bold" '
        f'fill="#333" text-anchor="middle" pointer-events="none">{LETTERS[species]}</text>'
    )
    return parts


def _chain_arrow(index: int, x: float, y: float, slot: float) -> list[str]:
    """The arrow from species `index` to its prey: along the row, or down/up at the ends."""
    width = slot - 14
    style = 'fill="#8a7f66"'
    if index in (5, 11):  # arch -> sled on the right, pair -> singleton on the left
        ax = x + width / 2
        tip, base = (y + 70, y + 63) if index == 5 else (y - 8, y - 1)
        return [
            f'<polygon points="{ax - 6:.1f},{base:.1f} {ax + 6:.1f},{base:.1f} {ax:.1f},{tip:.1f}" {style}/>'
        ]
    right = index < 6
    base = x + width + 2 if right else x - 2
    tip = base + 10 if right else base - 10
    return [
        f'<polygon points="{base:.1f},{y + 25:.1f} {base:.1f},{y + 37:.1f} {tip:.1f},{y + 31:.1f}" {style}/>'
    ]


# The text board -------------------------------------------------------------------------------


def draw_text(view: Mapping[str, Any]) -> str:
    """The board as text: Black's stones in capitals, White's in small letters, by species.

    Each cell takes two characters and each row is shifted by one, so the hexagon keeps its
    shape; columns are numbered above the top cell of each column.
    """
    grid = dict.fromkeys(CELLS, ".")
    for critter in view["critters"]:
        letter = LETTERS[SPECIES_BY_NAME[critter["species"]]]
        for name in critter["cells"]:
            grid[CELL_BY_NAME[name]] = letter if critter["seat"] == 0 else letter.lower()
    lines = [_text_status(view), _text_row(-1, {})]
    lines += [_text_row(row, grid) for row in range(len(ROW_LETTERS))]
    lines += [_text_last_move(view), _text_legend()]
    return "\n".join(line.rstrip() for line in lines)


def _text_row(row: int, grid: Mapping[Cell, str]) -> str:
    """One line of the text board: the row letter, its cells, and the column numbers above the board."""
    characters = [" "] * (2 * 2 * SIDE + 4)
    for column in range(2 * SIDE - 1):
        position = 2 * column - row + SIDE
        if 0 <= row < len(ROW_LETTERS) and abs(column - row) < SIDE:
            characters[position] = grid[cell_at(row, column)]
        elif column - row == SIDE or (row == -1 and column < SIDE):
            characters[position] = str(column)
    label = ROW_LETTERS[row] if row >= 0 else " "
    return f"{label}  {''.join(characters)}"


def _text_status(view: Mapping[str, Any]) -> str:
    black, white = view["players"]
    eaten = view["eaten"]
    return f"{view['prompt']}  |  eaten: {black} {eaten[0]}, {white} {eaten[1]} of {view['target']}"


def _text_last_move(view: Mapping[str, Any]) -> str:
    last = view["last_move"]
    if last is None:
        return "last move: none"
    text = f"last move: {mention(int(last['seat']))} {last['cell']} ({last['species']})"
    if last["devoured"]:
        cells = " ".join(victim["cell"] for victim in last["devoured"])
        text += f" ate {len(last['devoured'])} {last['devoured_species']} stones: {cells}"
    return text


def _text_legend() -> str:
    return "species (Black upper, White lower case): " + " ".join(
        f"{LETTERS[species]}={species.value}" for species in FOOD_CHAIN
    )
