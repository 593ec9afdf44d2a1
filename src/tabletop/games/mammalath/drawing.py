"""Mammalath drawn from a view: an SVG of the field of animals, the tokens and the supplies, and a text board.

SVG layout, top to bottom: a status line; the supply of the colour that is not the viewer's;
the board with its coordinates (columns A–F, rows 1–6 from the top, as in `board.py`); the
viewer's supply (black's for spectators); the legend, whose six animal buttons release a
kind and whose long button starts a line release. A token is a disc under its cell's
animal, so a token still standing on an animal shows as a black or white ring around it.

Element ids (stable for the whole game): "cell-c3" for each cell's square (clicked to place,
to swap, or to pick a line's ends), "animal-c3" for the animal on it, "black-1"…"black-18"
and "white-1"… for the tokens (a token keeps its id from the supply to its cell, see
`board.token_element`), "kind-fox" and "release-line" for the legend's buttons.

The text board prints each cell as two characters, the token then the animal: "B" or "W"
is a black or white token, a lowercase letter the animal's kind (a armadillo … f fox), "."
nothing; so "Bf" is a black token on a fox and ".." an empty cell. It is the diagram
`board.parse_rows` reads, so a printed position can be set up again by hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from tabletop.engine import mention
from tabletop.games.mammalath.animals import INK, animal_tile
from tabletop.games.mammalath.board import (
    CELL_OF_NAME,
    COLOURS,
    COLUMN_LETTERS,
    KINDS,
    RELEASE_LINE_ELEMENT,
    SIZE,
    TOKEN_LETTERS,
    TOKENS_PER_PLAYER,
    cell_element,
    column_of,
    row_of,
    token_element,
)

WIDTH = 560
HEIGHT = 866
FONT_SIZE = 19
"""The drawing is 560 wide, about 337 px on a 360 px phone: 19 units are 11.4 px there."""
CELL = 80
GRID_X = 40
GRID_Y = 144
FRAME = (16, 120, 528, 528)
"""x, y, width, height of the board's frame around the grid and its coordinates."""
TRAY_HEIGHT = 60
"""A supply: a line with the colour's name and count, and under it the row of its tokens."""
TOP_TRAY_Y = 52
BOTTOM_TRAY_Y = 656
LEGEND_Y = 726
LINE_BUTTON_Y = 812
TRAY_FIRST_X = 44
TRAY_STEP = 17
TRAY_RADIUS = 7.5
TOKEN_RADIUS = 34
ANIMAL_SIZE = 46
LEGEND_TILE = 40

BOARD_COLOUR = "#5d7f45"
CELL_COLOURS = ("#eadcb6", "#e2d2a8")
ACCENT = "#d0452c"
WIN_COLOUR = "#2f9e58"
TOKEN_STROKES = {"black": "#000000", "white": "#6b604f"}

_DEFS = (
    "<defs>"
    '<radialGradient id="grad-black" cx="0.38" cy="0.32" r="0.75">'
    '<stop offset="0" stop-color="#5a5a66"/><stop offset="0.55" stop-color="#26262d"/>'
    '<stop offset="1" stop-color="#0d0d10"/></radialGradient>'
    '<radialGradient id="grad-white" cx="0.38" cy="0.32" r="0.75">'
    '<stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#f3efe6"/>'
    '<stop offset="1" stop-color="#d6cfc0"/></radialGradient>'
    "</defs>"
)


def draw_svg(view: Mapping[str, Any]) -> str:
    """The whole drawing, from the view alone."""
    bottom = view.get("viewer") or "black"
    top = "white" if bottom == "black" else "black"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        'aria-label="Mammalath board" font-family="Georgia, serif">',
        f"<title>{escape(str(view['prompt']))}</title>",
        _DEFS,
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" rx="18" fill="#f6efdf"/>',
    ]
    parts += _board(view)
    parts += _tray(view, top, TOP_TRAY_Y)
    parts += _tray(view, bottom, BOTTOM_TRAY_Y)
    parts += _legend(view)
    parts += _last_move_marks(view.get("last_move"))
    parts += _result_line(view.get("result"))
    parts.append(_status(view))
    parts.append("</svg>")
    return "".join(parts)


def cell_centre(name: str) -> tuple[int, int]:
    """The centre of a cell named like "C3" (row 1 at the top)."""
    cell = CELL_OF_NAME[name]
    return GRID_X + CELL * column_of(cell) + CELL // 2, GRID_Y + CELL * row_of(cell) + CELL // 2


def _board(view: Mapping[str, Any]) -> list[str]:
    """The frame, the coordinates, the clickable cells, then the tokens on them and the animals on top."""
    x, y, w, h = FRAME
    parts = [
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="14" fill="{BOARD_COLOUR}" '
        'stroke="#3e5a2d" stroke-width="3"/>'
    ]
    for index in range(SIZE):
        middle = GRID_X + CELL * index + CELL // 2
        parts.append(_label(middle, GRID_Y - 6, COLUMN_LETTERS[index], FONT_SIZE, "#f6efdf"))
        parts.append(_label(28, GRID_Y + CELL * index + CELL // 2 + 7, str(index + 1), FONT_SIZE, "#f6efdf"))
    titles = _cell_titles(view)
    for cell in range(SIZE * SIZE):
        left, top = GRID_X + CELL * column_of(cell) + 1, GRID_Y + CELL * row_of(cell) + 1
        shade = CELL_COLOURS[(row_of(cell) + column_of(cell)) % 2]
        parts.append(
            f'<rect id="{cell_element(cell)}" x="{left}" y="{top}" width="{CELL - 2}" height="{CELL - 2}" '
            f'rx="6" fill="{shade}"><title>{titles[cell]}</title></rect>'
        )
    for colour in COLOURS:
        for number, name in enumerate(view["placed"][colour], start=1):
            cx, cy = cell_centre(name)
            parts.append(_token(colour, number, cx, cy, TOKEN_RADIUS))
    for row, animals in enumerate(view["animals"]):
        for column, kind in enumerate(animals):
            if kind:
                name = f"{COLUMN_LETTERS[column]}{row + 1}"
                cx, cy = cell_centre(name)
                parts.append(animal_tile(kind, cx, cy, ANIMAL_SIZE, element_id=f"animal-{name.lower()}"))
    return parts


def _cell_titles(view: Mapping[str, Any]) -> list[str]:
    """Per cell: its name, the animal still on it and the token placed there, if any."""
    tokens = {name: colour for colour in COLOURS for name in view["placed"][colour]}
    titles = []
    for cell in range(SIZE * SIZE):
        name = f"{COLUMN_LETTERS[column_of(cell)]}{row_of(cell) + 1}"
        kind = view["animals"][row_of(cell)][column_of(cell)]
        held = [f"a {kind}" if kind else "no animal"]
        if name in tokens:
            held.append(f"a {tokens[name]} token")
        titles.append(f"{name}: {' and '.join(held)}")
    return titles


def _token(colour: str, number: int, cx: float, cy: float, radius: float) -> str:
    return (
        f'<circle id="{token_element(colour, number)}" cx="{cx:g}" cy="{cy:g}" r="{radius:g}" '
        f'fill="url(#grad-{colour})" stroke="{TOKEN_STROKES[colour]}" stroke-width="1.5" '
        'pointer-events="none"/>'
    )


def _tray(view: Mapping[str, Any], colour: str, top: int) -> list[str]:
    """A colour's supply: a line with its player and tokens left, then its tokens still in
    supply on numbered slots (the text has its own line, so no token ever covers it)."""
    on_board = len(view["placed"][colour])
    moving = view.get("to_move") == colour
    name = mention(int(view["seats"][colour]))
    fill, stroke, weight = ("#fff3c4", "#d9a400", "bold") if moving else ("#efe6d2", "#d8ccb2", "normal")
    y = top + 44
    parts = [
        f'<rect x="{FRAME[0]}" y="{top}" width="{FRAME[2]}" height="{TRAY_HEIGHT}" rx="16" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="2"/>',
        f'<text x="{FRAME[0] + 16}" y="{top + 24}" font-size="{FONT_SIZE}" font-weight="{weight}" '
        f'fill="{INK}" pointer-events="none">{escape(("▶ " if moving else "") + name)}</text>',
    ]
    for slot in range(TOKENS_PER_PLAYER):
        cx = TRAY_FIRST_X + TRAY_STEP * slot
        parts.append(
            f'<circle cx="{cx}" cy="{y}" r="{TRAY_RADIUS}" fill="none" stroke="#cbbd9f" '
            'stroke-dasharray="2 2"/>'
        )
    for number in range(on_board + 1, TOKENS_PER_PLAYER + 1):
        parts.append(_token(colour, number, TRAY_FIRST_X + TRAY_STEP * (number - 1), y, TRAY_RADIUS))
    left = TOKENS_PER_PLAYER - on_board
    parts.append(_label(FRAME[0] + FRAME[2] - 50, top + 24, f"{left} left", FONT_SIZE, INK))
    return parts


def _legend(view: Mapping[str, Any]) -> list[str]:
    """The six kinds (each a button releasing every animal of it, with the count left), the line button."""
    counts = {kind: sum(row.count(kind) for row in view["animals"]) for kind in KINDS}
    parts = []
    for index, kind in enumerate(KINDS):
        left = GRID_X + CELL * index + 2
        present = counts[kind] > 0
        parts.append(
            f'<g id="kind-{kind}"><title>{kind.capitalize()}: {counts[kind]} on the board; '
            "click to release them all</title>"
            f'<rect x="{left}" y="{LEGEND_Y}" width="{CELL - 4}" height="78" rx="10" '
            f'fill="{"#fffaf0" if present else "#ece6da"}" stroke="#b9aa8c" stroke-width="1.5"/>'
        )
        parts.append(
            animal_tile(
                kind, left + (CELL - 4) / 2, LEGEND_Y + 28, LEGEND_TILE, opacity=1 if present else 0.3
            )
        )
        parts.append(_label(left + (CELL - 4) / 2, LEGEND_Y + 70, f"× {counts[kind]}", FONT_SIZE, INK))
        parts.append("</g>")
    width = CELL * SIZE - 4
    parts.append(
        f'<g id="{RELEASE_LINE_ELEMENT}"><title>Release a line of three animals: click its two ends</title>'
        f'<rect x="{GRID_X + 2}" y="{LINE_BUTTON_Y}" '
        f'width="{width}" height="40" rx="12" fill="#fffaf0" stroke="#b9aa8c" stroke-width="1.5"/>'
        + _label(
            GRID_X + 2 + width / 2, LINE_BUTTON_Y + 27, "Release a line of three animals…", FONT_SIZE, INK
        )
        + "</g>"
    )
    return parts


def _last_move_marks(last: Mapping[str, Any] | None) -> list[str]:
    """A ring round the token just placed or swapped; dashed outlines where animals were just released."""
    if not last:
        return []
    marks = []
    released = last["id"] != "swap" and last["id"] not in CELL_OF_NAME
    for name in last["cells"]:
        cx, cy = cell_centre(name)
        if released:
            half = ANIMAL_SIZE / 2
            marks.append(
                f'<rect x="{cx - half}" y="{cy - half}" width="{ANIMAL_SIZE}" height="{ANIMAL_SIZE}" rx="8" '
                f'fill="none" stroke="{ACCENT}" stroke-width="2.5" stroke-dasharray="6 4" '
                'pointer-events="none"/>'
            )
        else:
            marks.append(
                f'<circle cx="{cx}" cy="{cy}" r="{TOKEN_RADIUS + 3}" fill="none" stroke="{ACCENT}" '
                'stroke-width="3" pointer-events="none"/>'
            )
    return marks


def _result_line(result: Mapping[str, Any] | None) -> list[str]:
    """The line that ended the game: green through a winning line, red through a losing one."""
    if not result or not result["line"]:
        return []
    (x1, y1), (x2, y2) = cell_centre(result["line"][0]), cell_centre(result["line"][-1])
    colour = WIN_COLOUR if result["kind"] == "win" else ACCENT
    return [
        f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="12" '
        'stroke-linecap="round" opacity="0.8" pointer-events="none"/>'
    ]


def _status(view: Mapping[str, Any]) -> str:
    """A short status line: who moves (and whether they may swap), or how the game ended."""
    result = view.get("result")
    if result:
        seat = int(view["seats"][result["colour"]])
        line = "–".join(_ends(result["line"]))
        text = {
            "win": f"{mention(seat, 'wins')} with the clean line {line}",
            "loss": f"{mention(seat, 'loses')}: an animal is still in the line {line}",
        }.get(str(result["kind"]), f"Draw: {mention(seat, 'placed')} all {TOKENS_PER_PLAYER} tokens")
    elif view.get("to_move"):
        text = f"{mention(int(view['seats'][view['to_move']]))} to move"
        if view.get("swap_available"):
            text += " · may swap"
    else:
        text = ""
    return _label(WIDTH / 2, 36, text, FONT_SIZE + 3, INK, bold=True)


def _ends(line: Sequence[str]) -> list[str]:
    return [line[0], line[-1]] if line else []


def _label(x: float, y: float, text: str, size: int, colour: str, *, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}"{weight} text-anchor="middle" fill="{colour}" '
        f'pointer-events="none">{escape(text)}</text>'
    )


# --- text ---------------------------------------------------------------------------------

TEXT_LEGEND = "Animals: a armadillo, b badger, c cougar, d deer, e elephant, f fox"


def draw_text(view: Mapping[str, Any]) -> str:
    """The grid with coordinates, the supplies, the legend, the last move and the prompt.

    >>> from tabletop import games
    >>> state = games.load("mammalath").new_state(2, seed=3)
    >>> state.apply(state.current_players()[0], "B2")
    >>> print(str(state))
        A  B  C  D  E  F
    1  .e .a .e .d .f .a
    2  .c Bf .e .c .d .f
    3  .e .e .f .f .d .a
    4  .c .d .d .b .b .a
    5  .b .a .c .e .a .c
    6  .b .d .c .b .f .b
    Player 1 (Black): 17 in supply · Player 2 (White): 18 in supply
    Animals: a armadillo, b badger, c cougar, d deer, e elephant, f fox
    Last move: Player 1 (Black) placed on B2
    Player 2 (White) to move: place a token, release animals, or swap (take over B2)
    """
    letters = dict(zip(COLOURS, TOKEN_LETTERS, strict=True))
    tokens = {cell: letters[colour] for colour, cells in view["placed"].items() for cell in cells}
    lines = ["    " + "  ".join(COLUMN_LETTERS)]
    for row, animals in enumerate(view["animals"]):
        cells = [f"{COLUMN_LETTERS[column]}{row + 1}" for column in range(len(animals))]
        squares = [
            tokens.get(cell, ".") + (animal[0] if animal else ".")
            for cell, animal in zip(cells, animals, strict=True)
        ]
        lines.append(f"{row + 1}  " + " ".join(squares))
    seats, supply = view["seats"], view["supply"]
    lines.append(" · ".join(f"{mention(int(seats[colour]))}: {supply[colour]} in supply" for colour in seats))
    lines.append(TEXT_LEGEND)
    if view["last_move"]:
        lines.append(f"Last move: {view['last_move']['text']}")
    lines.append(str(view["prompt"]))
    return "\n".join(lines)
