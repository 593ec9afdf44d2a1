"""Tuned drawn from a view: an SVG of the barn and both players' boards, and a text board.

The SVG shows the 3×3 barn (a red wooden frame round nine cells of straw), every animal
as a head with its letter, stacked bottom to top as a little tower so each one of a
stack shows, and above and below it each player's board: the three action spaces
(Add, Move, Add) with the Rooster on its space, and the supply. The viewer's board is at
the bottom (seat 0's for spectators); the barn itself never turns, so "a1" is always at
the top left.

Ids: cells "cell-a1" … "cell-c3", animals "piece-<seat>-<kind>-<copy>" (the seat whose
supply it started in), Roosters "piece-<seat>-rooster". An animal keeps its id from the
supply to the barn and from cell to cell, so the browser can animate it. Animals take
clicks only while the client marks them `clickable` (where a Move or an Add starts);
otherwise clicks fall through to the cell below, which is how a destination is chosen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from textwrap import wrap
from typing import Any, Final

from tabletop.engine import mention
from tabletop.games.tuned.figures import animal, rooster

WIDTH: Final = 480
HEIGHT: Final = 780
CELL: Final = 120
FRAME: Final = 16
BARN_X: Final = (WIDTH - 3 * CELL) // 2
BARN_Y: Final = 146
PANEL_HEIGHT: Final = 116
TOP_PANEL_Y: Final = 10
BOTTOM_PANEL_Y: Final = BARN_Y + 3 * CELL + FRAME + 12
STATUS_Y: Final = BOTTOM_PANEL_Y + PANEL_HEIGHT + 24
STATUS_LINE: Final = 21
PROMPT_CHARACTERS: Final = 44
"""About what fits across the drawing in bold at `PRINT`."""
STATUS_LINES: Final = 5
PRINT: Final = 16
"""The smallest print: the drawing is 480 wide, about 337 px on a 360 px phone, so 11.2 px."""
STACK_STEP: Final = 34
SUPPLY_SCALE: Final = 0.75
SPACE_WIDTH, SPACE_HEIGHT, SPACE_GAP = 52, 62, 6
SPACE_LEFT: Final = 28
SUPPLY_LEFT: Final = 232
SUPPLY_STEP: Final = 36
PAIR_GAP: Final = 10
SPACE_ORDER: Final = ("add-1", "move", "add-2")
"""The Rooster starts on the middle space, Move, between the two Add spaces (section 2.4)."""
SUPPLY_SLOTS: Final = ("donkey-1", "donkey-2", "dog-1", "dog-2", "cat-1", "cat-2")
PANEL_FILL: Final = ("#f7e4c6", "#dbe7ef")
PANEL_EDGE: Final = ("#b98b4e", "#7f9bb0")
LAST_MOVE: Final = "#e0621b"
WIN_LINE: Final = "#f4c20d"

STYLE: Final = (
    "<style>"
    ".tuned .piece{pointer-events:none}"
    ".tuned .piece.clickable{pointer-events:auto;cursor:pointer}"
    ".tuned .deco{pointer-events:none}"
    ".tuned .cell.clickable{fill:#f7e9b0;cursor:pointer}"
    "</style>"
)


def draw_svg(view: Mapping[str, Any]) -> str:
    """The whole picture, made from the view alone."""
    bottom = 1 if view.get("viewer") == 1 else 0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" class="tuned" role="img" aria-label="Tuned: the barn and both players\' boards" '
        'font-family="system-ui, sans-serif">',
        f"<title>{escape(str(view['prompt']))}</title>",
        STYLE,
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="14" fill="#f4efe3"/>',
        *_panel(view, 1 - bottom, TOP_PANEL_Y),
        *_panel(view, bottom, BOTTOM_PANEL_Y),
        *_barn(view),
        *_last_move_marks(view.get("last_move")),
        *_pieces(view, bottom),
        *_winning_lines(view.get("winning_lines") or []),
        *_status(view),
        "</svg>",
    ]
    return "\n".join(parts)


def cell_centre(name: str) -> tuple[float, float]:
    """Where a cell's centre is drawn: "a1" top left, "c3" bottom right."""
    column, row = "abc".index(name[0]), int(name[1]) - 1
    return BARN_X + CELL * column + CELL / 2, BARN_Y + CELL * row + CELL / 2


def stack_offsets(height: int) -> list[float]:
    """Vertical offsets of a stack's animals, bottom first: a tower centred in its cell."""
    return [(height - 1) / 2 * STACK_STEP - level * STACK_STEP for level in range(height)]


def _barn(view: Mapping[str, Any]) -> list[str]:
    """The red wooden frame and the nine straw cells with their names; each cell's tooltip
    lists its stack, since the animals on it let the pointer through unless they can move."""
    size = 3 * CELL
    parts = [
        f'<rect class="deco" x="{BARN_X - FRAME}" y="{BARN_Y - FRAME}" width="{size + 2 * FRAME}" '
        f'height="{size + 2 * FRAME}" rx="10" fill="#a63d2b" stroke="#5e1f14" stroke-width="3"/>',
    ]
    stacks = {cell["name"]: [piece["kind"] for piece in cell["pieces"]] for cell in view["cells"]}
    for index in range(9):
        name = f"{'abc'[index % 3]}{index // 3 + 1}"
        x, y = BARN_X + CELL * (index % 3), BARN_Y + CELL * (index // 3)
        stack = stacks.get(name)
        held = ", ".join(stack) + " (bottom to top)" if stack else "empty"
        parts.append(
            f'<rect id="cell-{name}" class="cell" x="{x + 2}" y="{y + 2}" width="{CELL - 4}" '
            f'height="{CELL - 4}" rx="6" fill="#e8d29a" stroke="#b8994f" stroke-width="1.5">'
            f"<title>{name}: {held}</title></rect>"
        )
        parts.append(_straw(x, y))
        parts.append(
            f'<text class="deco" x="{x + 8}" y="{y + 20}" font-size="{PRINT}" fill="#8a6d2f">{name}</text>'
        )
    return parts


def _straw(x: float, y: float) -> str:
    """A few strokes of straw, so the cells read as a barn floor."""
    strokes = " ".join(f"M{x + 18 + 23 * k},{y + 96 - 9 * (k % 2)} l{14 - 5 * (k % 3)},-6" for k in range(4))
    return f'<path class="deco" d="{strokes}" stroke="#c9ad62" stroke-width="2" stroke-linecap="round"/>'


def _panel(view: Mapping[str, Any], seat: int, top: float) -> list[str]:
    """One player's board: name and turn, the three action spaces with the Rooster, the supply."""
    parts = [
        f'<rect class="deco" x="12" y="{top}" width="{WIDTH - 24}" height="{PANEL_HEIGHT}" rx="12" '
        f'fill="{PANEL_FILL[seat]}" stroke="{PANEL_EDGE[seat]}" stroke-width="2"/>',
        f'<text class="deco" x="26" y="{top + 25}" font-size="{PRINT + 1}" font-weight="700" fill="#3b3126">'
        f"{escape(_seat_title(view, seat))}</text>",
    ]
    if view.get("to_move") == seat:
        parts.append(_tag("to move", "#2f7d32", top))
    elif view.get("winner") == seat:
        parts.append(_tag("winner", "#c98a00", top))
    parts += _action_spaces(seat, top)
    parts.append(
        f'<text class="deco" x="{SUPPLY_LEFT - 18}" y="{top + 48}" font-size="{PRINT}" '
        'fill="#6b5a45">Supply</text>'
    )
    for slot in range(len(SUPPLY_SLOTS)):
        x, y = _supply_spot(slot, top)
        parts.append(
            f'<circle class="deco" cx="{x}" cy="{y}" r="19" fill="none" stroke="{PANEL_EDGE[seat]}" '
            'stroke-width="1.5" stroke-dasharray="3 3"/>'
        )
    return parts


def _tag(text: str, colour: str, top: float) -> str:
    """A pill at the right of a player's board: "to move" or "winner"."""
    return (
        f'<rect class="deco" x="{WIDTH - 128}" y="{top + 8}" width="104" height="24" rx="12" '
        f'fill="{colour}"/>'
        f'<text class="deco" x="{WIDTH - 76}" y="{top + 26}" font-size="{PRINT}" font-weight="700" '
        f'fill="#ffffff" text-anchor="middle">{text}</text>'
    )


def _seat_title(view: Mapping[str, Any], seat: int) -> str:
    name = mention(seat)
    return name + (" · first player" if view.get("first_player") == seat else "")


def _action_spaces(seat: int, top: float) -> list[str]:
    """ADD, MOVE, ADD: a plus sign for an Add, two arrows for a Move (section 2.1)."""
    parts = []
    for index, space in enumerate(SPACE_ORDER):
        x = SPACE_LEFT + index * (SPACE_WIDTH + SPACE_GAP)
        y = top + 40
        icon = "+" if space != "move" else "⇄"
        label = "MOVE" if space == "move" else "ADD"
        parts.append(
            f'<g id="space-{seat}-{space}" class="deco">'
            f'<rect x="{x}" y="{y}" width="{SPACE_WIDTH}" height="{SPACE_HEIGHT}" rx="8" fill="#fffaf0" '
            f'stroke="{PANEL_EDGE[seat]}" stroke-width="1.5"/>'
            f'<text x="{x + SPACE_WIDTH / 2}" y="{y + 30}" font-size="26" text-anchor="middle" '
            f'fill="#c9b99c">{icon}</text>'
            f'<text x="{x + SPACE_WIDTH / 2}" y="{y + SPACE_HEIGHT - 7}" font-size="{PRINT}" '
            'font-weight="700" '
            f'text-anchor="middle" fill="#6b5a45">{label}</text></g>'
        )
    return parts


def _space_centre(space: str, top: float) -> tuple[float, float]:
    index = SPACE_ORDER.index(space)
    return SPACE_LEFT + index * (SPACE_WIDTH + SPACE_GAP) + SPACE_WIDTH / 2, top + 40 + 24


def _supply_spot(slot: int, top: float) -> tuple[float, float]:
    return SUPPLY_LEFT + slot * SUPPLY_STEP + (slot // 2) * PAIR_GAP, top + 76


def _pieces(view: Mapping[str, Any], bottom: int) -> list[str]:
    """Roosters and supplies first, then the barn's stacks bottom to top, so upper animals are drawn over."""
    parts = []
    for seat in range(2):
        top = BOTTOM_PANEL_Y if seat == bottom else TOP_PANEL_Y
        info = view["seats"][seat]
        x, y = _space_centre(str(info["rooster"]), top)
        faded = "" if info["rooster_in_use"] else ' opacity="0.45"'
        parts.append(
            f'<g id="{info["rooster_element"]}" class="piece rooster" transform="translate({x} {y}) scale(1)"'
            f"{faded}>{rooster()}</g>"
        )
        for piece in info["supply"]:
            slot = SUPPLY_SLOTS.index(piece["id"].split("-", 2)[2])
            parts.append(_piece(piece, *_supply_spot(slot, top), SUPPLY_SCALE))
    for cell in view["cells"]:
        cx, cy = cell_centre(cell["name"])
        pieces = cell["pieces"]
        for piece, offset in zip(pieces, stack_offsets(len(pieces)), strict=True):
            parts.append(_piece(piece, cx, cy + offset, 1))
    return parts


def _piece(piece: Mapping[str, str], x: float, y: float, scale: float) -> str:
    return (
        f'<g id="{piece["id"]}" class="piece" transform="translate({x:g} {y:g}) scale({scale:g})">'
        f"{animal(piece['kind'], PRINT / scale)}</g>"
    )


def _last_move_marks(last: Mapping[str, Any] | None) -> list[str]:
    """The target cell ringed, and for a Move the source ringed dashed with an arrow between them."""
    if not last:
        return []
    tx, ty = cell_centre(last["to"])
    half = CELL / 2 - 6
    parts = [
        f'<rect class="deco last-move-mark" x="{tx - half}" y="{ty - half}" width="{2 * half}" '
        f'height="{2 * half}" rx="6" fill="none" stroke="{LAST_MOVE}" stroke-width="4"/>'
    ]
    if last.get("from"):
        sx, sy = cell_centre(last["from"])
        parts.append(
            f'<rect class="deco" x="{sx - half}" y="{sy - half}" width="{2 * half}" height="{2 * half}" '
            f'rx="6" fill="none" stroke="{LAST_MOVE}" stroke-width="3" stroke-dasharray="8 6"/>'
        )
        parts.append(_arrow(sx, sy, tx, ty))
    return parts


def _arrow(sx: float, sy: float, tx: float, ty: float) -> str:
    """A translucent arrow from one cell centre towards another, stopping short of both."""
    dx, dy = tx - sx, ty - sy
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    x1, y1, x2, y2 = sx + ux * 34, sy + uy * 34, tx - ux * 40, ty - uy * 40
    corners = ((x2 + ux * 14, y2 + uy * 14), (x2 - uy * 9, y2 + ux * 9), (x2 + uy * 9, y2 - ux * 9))
    head = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
    return (
        f'<g class="deco" opacity="0.55"><line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
        f'stroke="{LAST_MOVE}" stroke-width="6" stroke-linecap="round"/>'
        f'<polygon points="{head}" fill="{LAST_MOVE}"/></g>'
    )


def _winning_lines(lines: Sequence[Sequence[str]]) -> list[str]:
    """R8: a golden stroke through each completed line."""
    parts = []
    for line in lines:
        (x1, y1), (x2, y2) = cell_centre(line[0]), cell_centre(line[-1])
        parts.append(
            f'<line class="deco" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{WIN_LINE}" '
            'stroke-width="14" stroke-linecap="round" opacity="0.6"/>'
        )
    return parts


def _status(view: Mapping[str, Any]) -> list[str]:
    """The prompt (in bold, on up to two lines), then the last move and the Move R7 forbids now."""
    lines = [(line, "700") for line in wrap(str(view["prompt"]), PROMPT_CHARACTERS)[:2]]
    if view.get("last_move"):
        lines += [
            (line, "400") for line in wrap("Last: " + str(view["last_move"]["text"]), PROMPT_CHARACTERS)
        ]
    if view.get("forbidden"):
        forbidden = view["forbidden"]
        text = f"Not allowed now: {forbidden['animals']} from {forbidden['from']} back to {forbidden['to']}"
        lines += [(line, "400") for line in wrap(text, PROMPT_CHARACTERS)]
    return [
        f'<text class="deco" x="{WIDTH / 2}" y="{STATUS_Y + index * STATUS_LINE}" font-size="{PRINT}" '
        f'font-weight="{weight}" text-anchor="middle" fill="#3b3126">{escape(text)}</text>'
        for index, (text, weight) in enumerate(lines[:STATUS_LINES])
    ]


def draw_text(view: Mapping[str, Any]) -> str:
    """The barn as a grid of stacks (bottom to top, as in section 6), both supplies, the turn.

    >>> from tabletop.games.tuned import GAME
    >>> print(GAME.draw_text(GAME.new_state(2, seed=3).view(None)))
          a     b     c
    1   [   ] [   ] [   ]
    2   [   ] [   ] [   ]
    3   [   ] [   ] [   ]
    Player 1: supply D D G G C C, Rooster on Move
    Player 2: supply D D G G C C, Rooster on Move
    Player 2 to move: add an animal (the Rooster is on Move)
    """
    letters = {"donkey": "D", "dog": "G", "cat": "C"}
    lines = ["      a     b     c"]
    for row in range(3):
        cells = view["cells"][3 * row : 3 * row + 3]
        stacks = ["".join(letters[piece["kind"]] for piece in cell["pieces"]) for cell in cells]
        lines.append(f"{row + 1}   " + " ".join(f"[{stack:^3}]" for stack in stacks))
    for seat, info in enumerate(view["seats"]):
        supply = " ".join(letters[piece["kind"]] for piece in info["supply"]) or "empty"
        space = {"move": "Move", "add-1": "Add (1)", "add-2": "Add (2)"}[info["rooster"]]
        lines.append(f"{mention(seat)}: supply {supply}, Rooster on {space}")
    if view.get("last_move"):
        lines.append(f"Last move: {view['last_move']['text']}")
    if view.get("forbidden"):
        forbidden = view["forbidden"]
        lines.append(
            f"Not allowed now: {forbidden['animals']} from {forbidden['from']} back to {forbidden['to']}"
        )
    lines.append(str(view["prompt"]))
    return "\n".join(lines)
