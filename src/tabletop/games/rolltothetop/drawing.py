"""Roll to the Top drawn from a view: SVG for the browser and plain text for the terminal.

The viewer's postcard is a large climbing map of boxes, the others' postcards are drawn
smaller below it (a spectator sees all at one size). Box kinds differ by shape, never by
colour alone: a dot box shows its dot, a supported box a solid frame, a hanging box a
dashed frame with a hook. This turn's writes (the viewer's own, unrevealed) are shaded and
marked "✎"; the boxes revealed at the last step carry a star. Clickable ids: `die-<die>`
for the dice and `box-<id>` for the viewer's own boxes (board.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from tabletop.engine import mention

WIDTH = 480
"""The viewBox width: on a 360 px phone the board is about 337 px wide, so 16-unit print is 11.2 px."""
SMALL_PRINT = 16
INK = "#1d1d1f"
PAPER = "#fbf8f1"
FILLED = "#d6e6f5"
PENDING = "#ffe9a8"
LAST = "#c4481a"
RESERVE = "#e4e4e4"
DIE_TOP = 150
POSTCARD_TOP = 212
LONE_RIVAL_WIDTH = 320
"""In a two-player game the rival's postcard is drawn smaller, yet wide enough to show its numbers."""


def draw_svg(view: Mapping[str, Any]) -> str:
    """The whole table: header, dice, the viewer's postcard, the others' postcards, the legend."""
    parts: list[str] = []
    parts += _header(view)
    parts += _dice(view)
    viewer = view["viewer"]
    sheets = view["sheets"]
    mine = [sheet for sheet in sheets if sheet["seat"] == viewer]
    others = [sheet for sheet in sheets if sheet["seat"] != viewer]
    top = POSTCARD_TOP
    if mine:
        height = _postcard_height(view, WIDTH - 20)
        parts += _postcard(view, mine[0], 10, top, WIDTH - 20, own=True)
        top += height + 20
    columns = 1 if len(others) == 1 else 2
    card_width = (WIDTH - 20 - 10 * (columns - 1)) // columns
    if mine and len(others) == 1:
        card_width = LONE_RIVAL_WIDTH
    card_height = _postcard_height(view, card_width)
    for number, sheet in enumerate(others):
        column, row = number % columns, number // columns
        x = 10 + column * (card_width + 10)
        y = top + row * (card_height + 20)
        backing = f'<rect x="{x}" y="{y}" width="{card_width}" height="{card_height}" fill="{PAPER}"/>'
        postcard = _postcard(view, sheet, x, y, card_width, own=False)
        parts += [zoomable(sheet["seat"]), backing, *postcard, "</g>"]
    top += ((len(others) + columns - 1) // columns) * (card_height + 20)
    parts += _legend(top)
    height = top + 60
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'font-family="sans-serif" role="img" aria-label="Roll to the Top">'
        f'<rect width="{WIDTH}" height="{height}" fill="{PAPER}"/>' + "".join(parts) + "</svg>"
    )


def zoomable(seat: int) -> str:
    """Opens the group of another player's postcard, which the table page enlarges on a click."""
    return f'<g class="tt-zoomable" id="sheet-{seat}" tabindex="0" aria-label="{mention(seat)}, enlarge">'


def _header(view: Mapping[str, Any]) -> list[str]:
    title = escape(view["postcard"]["title"])
    turn = f"Turn {view['turn']} of at most {view['turn_limit']}"
    holder = f"{mention(int(view['holder']), 'holds')} the action die"
    last = view["last_move"]
    lines = [
        f'<text x="10" y="28" font-size="20" font-weight="bold" fill="{INK}">{title}</text>',
        f'<text x="10" y="52" font-size="{SMALL_PRINT}" fill="{INK}">{turn} · {holder}</text>',
    ]
    if last is not None and last.get("kind") == "pool":
        text = f"Last: {mention(int(last['seat']))}: {last['label']}"
        lines.append(f'<text id="last-move" x="10" y="74" font-size="{SMALL_PRINT}" fill="{LAST}">')
        lines.append(f"★ {escape(text)}</text>")
    elif last is not None:
        lines.append(
            f'<text id="last-move" x="10" y="74" font-size="{SMALL_PRINT}" fill="{LAST}">'
            f"★ marks the boxes written in turn {last['turn']}</text>"
        )
    return lines


def _dice(view: Mapping[str, Any]) -> list[str]:
    """The five number dice (rolled, in reserve or used by the viewer) and the action die."""
    parts = [f'<text x="10" y="{DIE_TOP - 44}" font-size="{SMALL_PRINT}" fill="{INK}">Dice this turn</text>']
    size, gap = 62, 10
    for number, die in enumerate(view["dice"]):
        x = 10 + number * (size + gap)
        parts.append(_die(die, x, DIE_TOP - 34, size))
    x = 10 + 5 * (size + gap) + 8
    rule = view["pool_rule"]
    caption = f"must {_RULE_WORDS[rule]}" if rule else "action die"
    face = escape(view["action_face"])
    parts.append(
        f'<g id="action-die"><title>Action die: {face} ({caption})</title>'
        f'<rect x="{x}" y="{DIE_TOP - 34}" width="{size}" height="{size}" rx="10" '
        f'fill="#ffffff" stroke="{INK}" stroke-width="3"/>'
        f'<text x="{x + size / 2}" y="{DIE_TOP + 8}" font-size="26" text-anchor="middle" fill="{INK}">'
        f"{escape(view['action_face'])}</text>"
        f'<text x="{x}" y="{DIE_TOP + 50}" font-size="{SMALL_PRINT}" fill="{INK}">{caption}</text></g>'
    )
    return parts


_RULE_WORDS = {"+": "add", "−": "remove", "swap": "swap", "±": "add or remove"}


def _die(die: Mapping[str, Any], x: int, y: int, size: int) -> str:
    name = die["die"]
    if die["active"]:
        fill, dash, value = ("#bdbdbd" if die["used"] else "#ffffff"), "", str(die["value"])
        note = "used" if die["used"] else "rolled"
    else:
        fill, dash, value, note = RESERVE, ' stroke-dasharray="5 4"', "–", "reserve"
    shown = "in reserve" if value == "–" else f"{value}, {note}"
    strike = (
        f'<line x1="{x + 6}" y1="{y + size - 6}" x2="{x + size - 6}" y2="{y + 6}" '
        f'stroke="{INK}" stroke-width="3"/>'
        if die["used"]
        else ""
    )
    return (
        f'<g id="die-{name}"><title>Die {name}: {shown}</title>'
        f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="8" fill="{fill}" '
        f'stroke="{INK}" stroke-width="2"{dash}/>'
        f'<text x="{x + 5}" y="{y + 16}" font-size="{SMALL_PRINT}" fill="{INK}">{name}</text>'
        f'<text x="{x + size / 2}" y="{y + size - 10}" font-size="26" font-weight="bold" '
        f'text-anchor="middle" fill="{INK}">{value}</text>{strike}'
        f'<text x="{x}" y="{y + size + 16}" font-size="{SMALL_PRINT}" fill="{INK}">{note}</text></g>'
    )


def _geometry(view: Mapping[str, Any], width: int) -> tuple[float, int, int]:
    """A box's width for a postcard drawn `width` units wide, and the postcard's columns and rows."""
    boxes = view["postcard"]["boxes"]
    columns = (max(box["x"] for box in boxes) + 2) // 2 + 1
    rows = max(box["row"] for box in boxes) + 1
    return min(56.0, width / columns), columns, rows


def _postcard_height(view: Mapping[str, Any], width: int) -> int:
    box, _, rows = _geometry(view, width)
    return int(rows * box * 0.8) + 30


def _postcard(
    view: Mapping[str, Any], sheet: Mapping[str, Any], left: int, top: int, width: int, *, own: bool
) -> list[str]:
    """One player's postcard: a caption, then every box from the bottom row up."""
    box_width, _, rows = _geometry(view, width)
    box_height = box_width * 0.8
    status = "done" if sheet["done"] else ("choosing" if view["phase"] == "write" else "")
    total = len(sheet["numbers"])
    caption = f"{sheet['name']}{' (you)' if own else ''}: {sheet['filled']}/{total} boxes"
    if status:
        caption += f" · {status}"
    parts = [
        f'<text x="{left}" y="{top + 18}" font-size="{SMALL_PRINT}" fill="{INK}">{escape(caption)}</text>'
    ]
    prefix = "" if own else f"s{sheet['seat']}-"
    revealed = view["revealed"][sheet["seat"]] if view["revealed"] else []
    base = top + 26 + rows * box_height
    for number, record in enumerate(view["postcard"]["boxes"]):
        x = left + record["x"] / 2 * box_width
        y = base - (record["row"] + 1) * box_height
        parts.append(
            _box(
                record,
                view["kinds"][number],
                sheet["numbers"][number],
                f"{prefix}box-{record['id']}",
                (x, y, box_width, box_height),
                pending=record["id"] in sheet["pending"],
                last=number in revealed,
            )
        )
    return parts


def _box(
    record: Mapping[str, Any],
    kind: str,
    number: int,
    element: str,
    frame: tuple[float, float, float, float],
    *,
    pending: bool,
    last: bool,
) -> str:
    x, y, width, height = frame
    fill = PENDING if pending else (FILLED if number else "#ffffff")
    stroke, stroke_width = (LAST, 3) if last else (INK, 1.5)
    dash = ' stroke-dasharray="4 3"' if kind == "hanging" else ""
    what = {"dot": "a dot box", "hanging": "a hanging box"}.get(kind, "a supported box")
    held = f"holds {number}" if number else "empty"
    state = ", your pending choice" if pending else ""
    parts = [
        f'<g id="{element}"><title>Box {record["id"]}: {what}, {held}{state}</title>'
        f'<rect x="{x + 1:.1f}" y="{y + 1:.1f}" '
        f'width="{width - 2:.1f}" height="{height - 2:.1f}" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"{dash}/>'
    ]
    if kind == "dot":
        parts.append(f'<circle cx="{x + width - 7:.1f}" cy="{y + height - 7:.1f}" r="3.5" fill="{INK}"/>')
    if kind == "hanging":
        parts.append(
            f'<path d="M{x + width / 2 - 5:.1f},{y + 1:.1f} q5,-7 10,0" '
            f'fill="none" stroke="{INK}" stroke-width="1.5"/>'
        )
    font = min(22.0, width * 0.45)
    if number and font >= SMALL_PRINT:
        parts.append(
            f'<text x="{x + width / 2:.1f}" y="{y + height / 2 + font / 3:.1f}" font-size="{font:.0f}" '
            f'font-weight="bold" text-anchor="middle" fill="{INK}">{number}</text>'
        )
    elif number:
        parts.append(
            f'<rect x="{x + 5:.1f}" y="{y + 5:.1f}" width="{width - 10:.1f}" height="{height - 10:.1f}" '
            f'fill="{INK}" opacity="0.35"/>'
        )
    large = font >= SMALL_PRINT
    if pending and large:
        parts.append(
            f'<text x="{x + 2:.1f}" y="{y + 15:.1f}" font-size="{SMALL_PRINT}" fill="{INK}">✎</text>'
        )
    if last and large:
        parts.append(
            f'<text x="{x + 2:.1f}" y="{y + 15:.1f}" font-size="{SMALL_PRINT}" fill="{LAST}">★</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def _legend(top: int) -> list[str]:
    return [
        f'<text x="10" y="{top + 16}" font-size="{SMALL_PRINT}" fill="{INK}">'
        "● dot box: any number · solid: ≥ every box under it</text>",
        f'<text x="10" y="{top + 38}" font-size="{SMALL_PRINT}" fill="{INK}">'
        "dashed with hook: hanging, next to a filled box · ✎ this turn</text>",
    ]


# --- text ---------------------------------------------------------------------------------


def draw_text(view: Mapping[str, Any]) -> str:
    """The dice, then each postcard row by row from the top (•: dot box, ~: hanging box)."""
    dice = " ".join(
        f"{die['die']}={die['value']}{'*' if die['used'] else ''}"
        if die["active"]
        else f"{die['die']}=reserve"
        for die in view["dice"]
    )
    lines = [
        f"{view['postcard']['title']} — turn {view['turn']}, phase {view['phase']}, "
        f"action die {view['action_face']} held by {mention(int(view['holder']))}",
        f"dice: {dice}",
    ]
    for sheet in view["sheets"]:
        done = " (done)" if sheet["done"] else ""
        lines.append(f"{sheet['name']}: {sheet['filled']}/{len(sheet['numbers'])} filled{done}")
        lines += _text_rows(view["postcard"]["boxes"], view["kinds"], sheet["numbers"])
    lines.append(view["prompt"])
    return "\n".join(lines)


_MARKS = {"dot": "•", "hanging": "~", "supported": " "}


def _text_rows(boxes: Sequence[Mapping[str, Any]], kinds: Sequence[str], numbers: Sequence[int]) -> list[str]:
    rows: dict[int, list[tuple[int, str]]] = {}
    for record, kind, number in zip(boxes, kinds, numbers, strict=True):
        cell = f"[{number if number else '':>2}{_MARKS[kind]}]"
        rows.setdefault(record["row"], []).append((record["x"] * 3, cell))
    lines = []
    for row in sorted(rows, reverse=True):
        line = ""
        for column, cell in sorted(rows[row]):
            line = line.ljust(column) + cell
        lines.append("  " + line.rstrip())
    return lines
