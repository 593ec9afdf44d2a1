"""Moon River drawn from a view: SVG for the site, text for the terminal.

The SVG is 360 units wide, about 337 px on a 360 px phone, so the small print (12 units) is
11 px there. Top: the two draft columns (active, next) with the
Rancheros, the saloon and the viewer's reserve drawn large; below: one ranch per player
with the river and its bridges along the bottom, row 1 on the bank. Terrains carry a
letter as well as a colour, cows are white discs with a count, partners are lettered
squares; the last domino placed is outlined. Every plot, ranch cell and saloon partner has
a tooltip that spells its code out in words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from tabletop.games.moonriver.board import (
    BRIDGE_COLUMNS,
    CELL_NAMES,
    PARTNER_LETTERS,
    SIZE,
    TERRAIN_LETTERS,
)

WIDTH = 360
CELL = 32
SEAT_COLOURS = ("#7b3fa0", "#e07b00", "#2e8b3a", "#f2f2f2")
"""Ranchero colours of 2.1: purple, orange, green, white (always drawn with the seat number)."""
TERRAIN_COLOURS = {
    "M": "#b8d98a",
    "F": "#2f6b3a",
    "C": "#f2cf4a",
    "D": "#d9a36b",
    "H": "#9c8f7a",
    "L": "#6fa8dc",
}
DARK_TERRAINS = {"F", "H"}
SMALL = 12
"""The smallest print: 11 px on a 360 px phone."""
TERRAIN_NAMES = {letter: terrain for terrain, letter in TERRAIN_LETTERS.items()}
SYMBOL_NAMES = {"c": "cow", "x": "skull", "o": "circle", "n": "nugget", "b": "beaver", "k": "corn"}
"""The marks of `Plot.code` (board.py) in words."""
RANCH_TOP = 212
RANCH_HEIGHT = 16 + SIZE * CELL + 16
FONT = 'font-family="sans-serif"'


def _text(
    x: float, y: float, content: str, size: int = SMALL, *, fill: str = "#222", anchor: str = "middle"
) -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" {FONT}>'
        f"{escape(content)}</text>"
    )


def describe(code: str) -> str:
    """A plot's code in words, for its tooltip.

    >>> describe("M2cx")
    'meadow, 2 cows, 1 skull'
    """
    words = [TERRAIN_NAMES[code[0]]]
    for count, mark in re.findall(r"(\d*)([a-z])", code[1:]):
        number = int(count or 1)
        words.append(f"{number} {SYMBOL_NAMES[mark]}{'' if number == 1 else 's'}")
    return ", ".join(words)


def _plot_tile(element_id: str, x: float, y: float, size: float, plot: tuple[int, str]) -> str:
    """A face-up plot (number, code): terrain colour and letter, its symbols, its back number."""
    number, code = plot
    letter = code[0]
    ink = "#fff" if letter in DARK_TERRAINS else "#222"
    return (
        f'<g id="{element_id}"><title>Plot {number}: {describe(code)}</title>'
        f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="4" '
        f'fill="{TERRAIN_COLOURS[letter]}" stroke="#333"/>'
        + _text(x + size / 2, y + 13, f"{number}", SMALL, fill=ink)
        + _text(x + size / 2, y + size - 5, code, SMALL if size < 50 else 13, fill=ink)
        + "</g>"
    )


def _marker(x: float, y: float, seat: int) -> str:
    """A Ranchero: a disc in the seat colour with the player number."""
    return f'<circle cx="{x:g}" cy="{y:g}" r="8" fill="{SEAT_COLOURS[seat]}" stroke="#222"/>' + _text(
        x, y + 4, str(seat + 1), SMALL, fill="#fff" if seat < 3 else "#222"
    )


def _column(entries: Sequence[Sequence[Any]], x0: float, y0: float, title: str) -> list[str]:
    parts = [_text(x0, y0 - 4, title, SMALL, fill="#222", anchor="start")]
    for i, (number, code, owner, taken) in enumerate(entries):
        x = x0 + i * 42
        if taken:
            parts.append(
                f'<rect x="{x:g}" y="{y0:g}" width="40" height="40" rx="4" fill="#ddd" stroke="#999"/>'
            )
            parts.append(_text(x + 20, y0 + 24, "taken", SMALL, fill="#555"))
        else:
            parts.append(_plot_tile(f"col-{number}", x, y0, 40, (number, code)))
        if owner >= 0:
            parts.append(_marker(x + 34, y0 + 6, owner))
    return parts


def _ranch(view: Mapping[str, Any], seat: int, x0: float, y0: float) -> list[str]:
    codes, cows = view["ranches"][seat], view["cows"][seat]
    turn = view["current"] == seat
    you = " (you)" if view["viewer"] == seat else ""
    score = view["scores"][seat]
    size = view["reserve_sizes"][seat]
    head = f"P{seat + 1}{you}: {score} pts"
    parts = [
        f'<rect x="{x0 - 2:g}" y="{y0:g}" width="{SIZE * CELL + 4}" height="{RANCH_HEIGHT - 2}" rx="5" '
        f'fill="#f7f1e3" stroke="{SEAT_COLOURS[seat] if seat < 3 else "#888"}" '
        f'stroke-width="{3 if turn else 1}"/>',
        _marker(x0 + 8, y0 + 9, seat),
        _text(x0 + 20, y0 + 13, head, SMALL, fill="#222", anchor="start"),
    ]
    for back in range(size):
        parts.append(
            f'<rect x="{x0 + 112 + back * 9:g}" y="{y0 + 3:g}" width="8" height="11" '
            'fill="#8a5a2b" stroke="#222"/>'
        )
    parts.append(_text(x0 + 150, y0 + 13, f"{size}", SMALL, fill="#222", anchor="start"))
    partners: dict[str, list[str]] = {}
    for cell_name, kind, side in view["partners"][seat]:
        partners.setdefault(cell_name, []).append("C" if side == "cowboy" else PARTNER_LETTERS[kind])
    last = _last_cells(view, seat)
    top = y0 + 16
    for cell, code in enumerate(codes):
        col, row = cell % SIZE, cell // SIZE
        x, y = x0 + col * CELL, top + (SIZE - 1 - row) * CELL
        name = CELL_NAMES[cell]
        fill = TERRAIN_COLOURS[code[0]] if code else "#fffaf0"
        ink = "#fff" if code and code[0] in DARK_TERRAINS else "#222"
        stroke = 'stroke="#c00" stroke-width="3"' if name in last else 'stroke="#b9ab8f"'
        held = [describe(code) if code else "empty"]
        held += [f"{cows[cell]} cow{'' if cows[cell] == 1 else 's'} grazing"] if cows[cell] else []
        held += [f"partner {letter}" for letter in partners.get(name, [])]
        parts.append(
            f'<g id="r{seat}-{name}"><title>P{seat + 1} {name}: {", ".join(held)}</title>'
            f'<rect x="{x:g}" y="{y:g}" width="{CELL}" height="{CELL}" '
            f'fill="{fill}" {stroke}/>'
        )
        if code:
            parts.append(_text(x + CELL / 2, y + 12, code, SMALL, fill=ink))
        else:
            parts.append(_text(x + CELL / 2, y + 20, name, SMALL, fill="#b9ab8f"))
        if cows[cell]:
            parts.append(f'<circle cx="{x + 9:g}" cy="{y + 23:g}" r="7" fill="#fff" stroke="#222"/>')
            parts.append(_text(x + 9, y + 27, str(cows[cell]), SMALL))
        for i, letter in enumerate(partners.get(name, [])):
            px = x + 16 + i * 8
            parts.append(f'<rect x="{px:g}" y="{y + 16:g}" width="14" height="14" fill="#222"/>')
            parts.append(_text(px + 7, y + 27, letter, SMALL, fill="#fff"))
        parts.append("</g>")
    river = top + SIZE * CELL
    parts.append(f'<rect x="{x0:g}" y="{river:g}" width="{SIZE * CELL}" height="12" fill="#3b6fb6"/>')
    for column in BRIDGE_COLUMNS:
        bx = x0 + (column - 1) * CELL + 8
        parts.append(
            f'<rect x="{bx:g}" y="{river - 2:g}" width="16" height="16" fill="#8a5a2b" stroke="#222"/>'
        )
    return parts


def _last_cells(view: Mapping[str, Any], seat: int) -> set[str]:
    move = view["last_move"]
    if not move or move["seat"] != seat or "+" not in move["action"] or move["action"].startswith("discard"):
        return set()
    return {half[-2:] for half in move["action"].split("+")}


def draw_svg(view: Mapping[str, Any]) -> str:
    """The whole table for one viewer."""
    players = view["players"]
    rows = (players + 1) // 2
    height = RANCH_TOP + rows * RANCH_HEIGHT + 4
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'width="{WIDTH}" height="{height}">',
        f'<rect width="{WIDTH}" height="{height}" fill="#fdf8ee"/>',
    ]
    final = " · final round" if view["final"] else ""
    info = f"Round {view['round']}{final} · deck {view['deck']} · cows {view['cow_supply']}"
    parts.append(_text(4, 13, info, SMALL, fill="#222", anchor="start"))
    parts += _column(view["active"], 4, 34, "This round")
    parts += _column(view["pending"], 188, 34, "Next column")
    parts.append(_text(4, 96, "Saloon:", SMALL, fill="#222", anchor="start"))
    for i, kind in enumerate(view["saloon"]):
        x = 52 + i * 62
        parts.append(
            f'<g id="saloon-{kind}"><title>Saloon: a {kind} to hire</title>'
            f'<rect x="{x}" y="84" width="58" height="18" rx="3" fill="#5a3b1c"/>'
            + _text(x + 29, 97, kind, SMALL, fill="#fff")
            + "</g>"
        )
    reserve = view["reserve"]
    if reserve is not None:
        parts.append(_text(4, 122, "Your reserve:", SMALL, fill="#222", anchor="start"))
        for i, (number, code) in enumerate(reserve):
            parts.append(_plot_tile(f"res-{number}", 4 + i * 64, 128, 60, (number, code)))
    if view["last_move"]:
        parts.append(
            _text(4, 204, f"Last: {view['last_move']['label']}"[:60], SMALL, fill="#555", anchor="start")
        )
    for seat in range(players):
        x0 = 8 + (seat % 2) * 180
        y0 = RANCH_TOP + (seat // 2) * RANCH_HEIGHT
        parts += _ranch(view, seat, x0, y0)
    parts.append("</svg>")
    return "".join(parts)


def draw_text(view: Mapping[str, Any]) -> str:
    """Columns, saloon, reserve and every ranch (row 5 at the top, the river below row 1)."""
    lines = [f"Round {view['round']}{' (final)' if view['final'] else ''}, deck {view['deck']}"]
    for title, column in (("active", view["active"]), ("next", view["pending"])):
        shown = [
            f"{n}:{code}{'@P' + str(owner + 1) if owner >= 0 else ''}{'*' if taken else ''}"
            for n, code, owner, taken in column
        ]
        lines.append(f"{title}: {' '.join(shown) or '-'}")
    lines.append(f"saloon: {' '.join(view['saloon']) or '-'}")
    if view["reserve"] is not None:
        lines.append("reserve: " + " ".join(f"{n}:{code}" for n, code in view["reserve"]))
    for seat in range(view["players"]):
        lines.append(f"P{seat + 1} ({view['scores'][seat]} pts, reserve {view['reserve_sizes'][seat]}):")
        for row in range(SIZE - 1, -1, -1):
            cells = []
            for col in range(SIZE):
                cell = row * SIZE + col
                code = view["ranches"][seat][cell] or "."
                cows = view["cows"][seat][cell]
                cells.append(f"{code}{'*' * cows}".ljust(7))
            lines.append(f" {row + 1} " + "".join(cells))
        lines.append("   " + "".join(letter.ljust(7) for letter in "abcde") + " (bridges a, c, e)")
    lines.append(view["prompt"])
    return "\n".join(lines)
