"""Biyi drawn from a view: an SVG board whose stacks are seen from the side, and a text board.

Every stack is drawn as a side view inside its square: one slab per token from bottom to
top, light or dark (and named in the square's tooltip, for colour-blind players and
phones), so its height and the colour of every token can be read. Imprisoned tokens (an
enemy token somewhere above them, see `rules.prisoners`) are crossed by prison bars; the
free tokens on top are plain. Beside a stack of two or more stand its height and the
letter of the player on top, who moves it.

Clicks: a square (`sq-b2`) picks the whole group a movement carries and the squares it
goes to; the small "1" handle (`top-b2`) in the corner, drawn where the player to move may
take the top token alone (R4), picks that token. Tokens (`tok-7`) keep their ids when they move and let
clicks through. Light sits at the bottom, as Light sees the board.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from html import escape
from typing import Any

from tabletop.engine import mention
from tabletop.games.biyi.board import COLUMN_LETTERS

LEFT, RIGHT = 24, 10
STRIP = 40
BOARD_TOP = STRIP + 10
LETTER_ROW = 20
CAPTION_ROW = 20
BOARD_WIDTH = 392
MAX_SQUARE = 64
FACE = {"light": "#f8f4ea", "dark": "#2f3b52"}
EDGE = {"light": "#6b5a44", "dark": "#0d1320"}
BARS = {"light": "#6b5a44", "dark": "#c9d3e6"}
INK = {"light": "#2d2419", "dark": "#f8f4ea"}
LETTER = {"light": "L", "dark": "D"}
LAND = ("#efe2c2", "#e6d6b0")
RIVER = "#9ec9e6"
RIVER_WAVE = "#5d9ccb"
LAST_MOVE = "#e08a00"
SEATS = ("light", "dark")


def square_size(width: int) -> int:
    """The side of a square: the board fills about 392 units, and squares stay at most 64."""
    return min(MAX_SQUARE, BOARD_WIDTH // width)


def draw_svg(view: Mapping[str, Any]) -> str:
    """The whole picture: Dark's strip, the board with its stacks and the last move, Light's strip."""
    board = view["board"]
    size = square_size(board["width"])
    width = LEFT + board["width"] * size + RIGHT
    height = BOARD_TOP + board["height"] * size + LETTER_ROW + CAPTION_ROW + STRIP + 8
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" font-family="system-ui, sans-serif" role="img" aria-label="Biyi board">',
        _definitions(),
        f'<rect width="{width}" height="{height}" rx="10" fill="#f4ede0"/>',
        *_strip(view, 1, 4, width),
        *_strip(view, 0, height - STRIP - 4, width),
        *_coordinates(board, size),
        *_squares(view, size),
        *_last_move(view, size),
        "</svg>",
    ]
    return "\n".join(parts)


def _definitions() -> str:
    patterns = "".join(
        f'<pattern id="bars-{owner}" width="5" height="10" patternUnits="userSpaceOnUse">'
        f'<rect width="2" height="10" fill="{BARS[owner]}"/></pattern>'
        for owner in SEATS
    )
    arrow = (
        '<marker id="arrow-head" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" '
        f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{LAST_MOVE}"/></marker>'
    )
    return f"<defs>{patterns}{arrow}</defs>"


def corner(board: Mapping[str, Any], size: int, name: str) -> tuple[float, float]:
    """The top-left corner of a named square (row 1 at the bottom)."""
    x = COLUMN_LETTERS.index(name[0])
    y = int(name[1:]) - 1
    return LEFT + x * size, BOARD_TOP + (board["height"] - 1 - y) * size


def _names(board: Mapping[str, Any]) -> Iterator[str]:
    for y in range(board["height"]):
        for x in range(board["width"]):
            yield f"{'abcdefghijklmnopqrstuvwxyz'[x]}{y + 1}"


def _coordinates(board: Mapping[str, Any], size: int) -> Iterator[str]:
    style = 'font-size="14" font-weight="600" fill="#6f5237" text-anchor="middle" dominant-baseline="central"'
    for y in range(board["height"]):
        _, top = corner(board, size, f"a{y + 1}")
        yield f'<text x="{LEFT / 2:.0f}" y="{top + size / 2:.1f}" {style}>{y + 1}</text>'
    bottom = BOARD_TOP + board["height"] * size
    for x in range(board["width"]):
        letter, centre = COLUMN_LETTERS[x], LEFT + (x + 0.5) * size
        yield f'<text x="{centre:.1f}" y="{bottom + LETTER_ROW / 2:.1f}" {style}>{letter}</text>'
    middle = LEFT + board["width"] * size / 2
    yield (
        f'<text id="board-title" x="{middle:.1f}" y="{bottom + LETTER_ROW + CAPTION_ROW / 2:.1f}" '
        'font-size="14" fill="#6f5237" text-anchor="middle" dominant-baseline="central">'
        f"{escape(board['title'])}</text>"
    )


def _squares(view: Mapping[str, Any], size: int) -> Iterator[str]:
    """Every square as a clickable group: its ground, a bird, the stack, its height and handle."""
    board = view["board"]
    stacks = {stack["square"]: stack for stack in view.get("stacks", [])}
    birds = board["birds"]
    handles = set(view.get("alone_from", []))
    for name in _names(board):
        left, top = corner(board, size, name)
        row = int(name[1:])
        stack = stacks.get(name)
        yield f'<g id="sq-{name}">'
        yield f"<title>{_tooltip(name, stack, birds)}</title>"
        if row in board["river_rows"]:
            yield _river(left, top, size)
        else:
            shade = LAND[(COLUMN_LETTERS.index(name[0]) + row) % 2]
            yield (
                f'<rect x="{left}" y="{top}" width="{size}" height="{size}" fill="{shade}" stroke="#c9b48a"/>'
            )
        if name in birds:
            yield _bird(left, top, size, SEATS[birds.index(name)])
        if stack is not None:
            yield from _stack(stack, left, top, size)
            if name in handles:
                yield _handle(name, left, top, size)
        yield "</g>"


def _tooltip(name: str, stack: Mapping[str, Any] | None, birds: list[str]) -> str:
    """What hovering or a long tap on a square tells: every token from the bottom, prisoners named."""
    if name in birds:
        return f"{name}: {('Light', 'Dark')[birds.index(name)]}'s bird"
    if stack is None:
        return f"{name}: empty"
    owners = stack["owners"]
    words = [
        owner.capitalize() + (" (prisoner)" if level < stack["prisoners"] else "")
        for level, owner in enumerate(owners)
    ]
    return f"{name}: {len(owners)} token{'s' if len(owners) > 1 else ''}, bottom to top: {', '.join(words)}"


def _river(left: float, top: float, size: int) -> str:
    wave = " ".join(
        f"M{left + 4},{top + size * f:.1f} q{size / 8:.1f},-5 {size / 4:.1f},0 t{size / 4:.1f},0 "
        f"t{size / 4:.1f},0 t{size / 4 - 8:.1f},0"
        for f in (0.3, 0.7)
    )
    return (
        f'<rect x="{left}" y="{top}" width="{size}" height="{size}" fill="{RIVER}" stroke="#7fb0d3"/>'
        f'<path d="{wave}" fill="none" stroke="{RIVER_WAVE}" stroke-width="1.5" opacity="0.7"/>'
    )


def _bird(left: float, top: float, size: int, owner: str) -> str:
    """A nest ring and a small bird in the owner's colour, with the owner's letter."""
    cx, cy = left + size / 2, top + size / 2
    body = f"M{cx - 12:.1f},{cy + 2:.1f} q8,-14 20,-6 l6,-4 l-2,7 q-4,10 -16,9 q-6,0 -8,-6 z"
    return (
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.4:.1f}" fill="none" stroke="#8a6a3d" '
        'stroke-width="3" stroke-dasharray="4 3"/>'
        f'<path d="{body}" fill="{FACE[owner]}" stroke="{EDGE[owner]}" stroke-width="1.5"/>'
        f'<text x="{cx:.1f}" y="{cy + size * 0.24:.1f}" font-size="14" font-weight="700" '
        'text-anchor="middle" dominant-baseline="central" fill="#5b4630" pointer-events="none">'
        f"{LETTER[owner]}</text>"
    )


def _stack(stack: Mapping[str, Any], left: float, top: float, size: int) -> Iterator[str]:
    """The side view in the left of the square, barred prisoners; the height and top colour at right."""
    owners = stack["owners"]
    height = len(owners)
    slab = min(size * 0.26, size * 0.8 / height)
    slab_width = size * 0.58
    x = left + size * 0.08
    bottom = top + size * 0.9
    for level, (token, owner) in enumerate(zip(stack["tokens"], owners, strict=True)):
        y = bottom - (level + 1) * slab
        bars = (
            f'<rect width="{slab_width:.1f}" height="{slab:.1f}" rx="2" fill="url(#bars-{owner})"/>'
            if level < stack["prisoners"]
            else ""
        )
        yield (
            f'<g id="tok-{token}" transform="translate({x:.1f} {y:.1f})" pointer-events="none">'
            f'<rect width="{slab_width:.1f}" height="{slab:.1f}" rx="2" fill="{FACE[owner]}" '
            f'stroke="{EDGE[owner]}" stroke-width="1.2"/>{bars}</g>'
        )
    top_owner = owners[-1]
    if height == 1:
        yield (
            f'<text x="{x + slab_width / 2:.1f}" y="{bottom - slab / 2:.1f}" font-size="14" '
            f'font-weight="700" text-anchor="middle" dominant-baseline="central" fill="{INK[top_owner]}" '
            f'pointer-events="none">{LETTER[top_owner]}</text>'
        )
        return
    column_x = left + size * 0.83
    yield (
        f'<text x="{column_x:.1f}" y="{top + 12:.1f}" font-size="15" font-weight="800" text-anchor="middle" '
        f'dominant-baseline="central" fill="#3b2a1a" pointer-events="none">{height}</text>'
        f'<text x="{column_x:.1f}" y="{top + 27:.1f}" font-size="14" font-weight="700" text-anchor="middle" '
        f'dominant-baseline="central" fill="{EDGE[top_owner]}" pointer-events="none">'
        f"{LETTER[top_owner]}</text>"
    )


def _handle(name: str, left: float, top: float, size: int) -> str:
    """The "top token alone" handle (R4), in the square's bottom-right corner."""
    cx, cy = left + size * 0.83, top + size - 12
    return (
        f'<g id="top-{name}"><title>{name}: move the top token alone</title>'
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="9" fill="#fffaf0" stroke="{LAST_MOVE}" stroke-width="2"/>'
        f'<text x="{cx:.1f}" y="{cy:.1f}" font-size="14" font-weight="700" text-anchor="middle" '
        'dominant-baseline="central" fill="#3b2a1a" pointer-events="none">1</text></g>'
    )


def _last_move(view: Mapping[str, Any], size: int) -> Iterator[str]:
    """The last turn: a dashed ring where it left, solid rings where it went, an arrow along the way."""
    last = view.get("last_move")
    if last is None:
        return
    board = view["board"]
    route = [last["from"], last["to"], *last["jumps"]]
    for index, name in enumerate(route):
        left, top = corner(board, size, name)
        dash = ' stroke-dasharray="5 4"' if index == 0 else ""
        yield (
            f'<rect x="{left + 2}" y="{top + 2}" width="{size - 4}" height="{size - 4}" fill="none" '
            f'stroke="{LAST_MOVE}" stroke-width="3"{dash} pointer-events="none"/>'
        )
    points = []
    for name in route:
        left, top = corner(board, size, name)
        points.append(f"{left + size / 2:.1f},{top + size / 2:.1f}")
    yield (
        f'<polyline id="last-move-arrow" points="{" ".join(points)}" fill="none" stroke="{LAST_MOVE}" '
        'stroke-width="3" opacity="0.6" marker-end="url(#arrow-head)" pointer-events="none"/>'
    )


def _strip(view: Mapping[str, Any], seat: int, top: float, width: int) -> Iterator[str]:
    """A player's strip: colour chip with letter, name, and the turn, dragons or result."""
    owner = SEATS[seat]
    to_move = view.get("to_move") == seat
    outline = f'stroke="{LAST_MOVE}" stroke-width="3"' if to_move else 'stroke="#d9ccb6" stroke-width="1"'
    yield f'<rect x="4" y="{top}" width="{width - 8}" height="{STRIP}" rx="8" fill="#ebe0cc" {outline}/>'
    middle = top + STRIP / 2
    yield (
        f'<rect x="14" y="{middle - 11}" width="22" height="22" rx="4" fill="{FACE[owner]}" '
        f'stroke="{EDGE[owner]}" stroke-width="1.5"/>'
        f'<text x="25" y="{middle}" font-size="14" font-weight="800" text-anchor="middle" '
        f'dominant-baseline="central" fill="{INK[owner]}">{LETTER[owner]}</text>'
    )
    name = mention(seat)
    yield (
        f'<text x="46" y="{middle}" font-size="15" font-weight="700" fill="#3b2a1a" '
        f'dominant-baseline="central">{name} · {_strip_note(view, seat)}</text>'
    )


def _strip_note(view: Mapping[str, Any], seat: int) -> str:
    if view.get("to_move") is None:
        winner = view.get("winner")
        return "draw" if winner is None else "wins" if winner == seat else "loses"
    trouble = " · dragons!" if view.get("dragon_trouble", [False, False])[seat] else ""
    if view.get("to_move") == seat:
        return f"to move, turn {view.get('turn', 0) + 1}/{view.get('turn_limit', 0)}{trouble}"
    return f"waiting{trouble}"


# --- text ---------------------------------------------------------------------------------


def draw_text(view: Mapping[str, Any]) -> str:
    """A text board, Dark's back row first: each square's column bottom to top in L and D.

    An empty square is ".", an empty river square "~", a bird "L@" or "D@"; the last
    turn's landing square is in brackets.
    """
    board = view["board"]
    stacks = {stack["square"]: stack for stack in view.get("stacks", [])}
    last = view.get("last_move") or {}
    landing = ([last["to"], *last["jumps"]][-1]) if last else None
    cells: dict[str, str] = {}
    for name in _names(board):
        cells[name] = _cell_text(name, stacks.get(name), board)
        if name == landing:
            cells[name] = f"[{cells[name]}]"
    width = max(len(text) for text in cells.values()) + 1
    lines = [str(view.get("prompt", ""))]
    if last:
        lines.append(f"last: {('Light', 'Dark')[last['seat']]} {last['id']}")
    letters = COLUMN_LETTERS[: board["width"]]
    for y in range(board["height"], 0, -1):
        lines.append(f"{y:>2} " + "".join(cells[f"{letter}{y}"].ljust(width) for letter in letters))
    lines.append("   " + "".join(letter.ljust(width) for letter in letters))
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _cell_text(name: str, stack: Mapping[str, Any] | None, board: Mapping[str, Any]) -> str:
    if stack is not None:
        return "".join(LETTER[owner] for owner in stack["owners"])
    if name in board["birds"]:
        return "LD"[board["birds"].index(name)] + "@"
    return "~" if int(name[1:]) in board["river_rows"] else "."
