"""Iwari drawn from a view: an SVG map and card table for the browser, plain text for the terminal.

The SVG is 400 units wide and every word at least 15 units, so on a 360 px phone, where the
table page leaves the board about 337 px, print is still at least 12 px. Every clickable thing has a tooltip.

At the top the map: each territory a tile tinted by its biome, with its id and biome
written in it (colour is never the only clue), its tent spaces (``space-A1``, clickable)
and its totem strip (``totem-A``), roads as dotted lines and each numbered connection as a
badge on the border it crosses (water blue, land sand, peaks as ▲, a grey mountain where
one covers it). Tents are coloured triangles carrying their tribe's letter. Below: the deck
(``deck``), the face-up display by biome (``display-F``), the viewer's own hand large
(``hand-F``) with the exchange button (``exchange``), then a row per tribe with its score,
pieces left and the others' hands as card backs and a count. The last move's spaces and
territory are ringed; the last lines say what it was. Words drawn over a clickable thing
belong to it, and badges and roads let clicks through.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from tabletop.engine import mention

View = Mapping[str, Any]

WIDTH = 400
FONT = "Trebuchet MS, Verdana, sans-serif"
SMALL = 15
TILE_W, TILE_H = 92, 102
SPACE_R = 11
INK = "#222"
BIOME_NAMES = {
    "tundra": "Tundra",
    "forest": "Forest",
    "glacier": "Glacier",
    "coast": "Coast",
    "desert": "Desert",
}
BIOME_LETTERS = {"tundra": "T", "forest": "F", "glacier": "G", "coast": "C", "desert": "D"}
LETTER_BIOMES = {letter: biome for biome, letter in BIOME_LETTERS.items()}
TILE_FILLS = {
    "tundra": "#f3d3cb",
    "forest": "#cfe6cc",
    "glacier": "#d3e4f4",
    "coast": "#f6efc0",
    "desert": "#f6d9b8",
}
CARD_FILLS = {
    "tundra": "#c0392b",
    "forest": "#2e8b57",
    "glacier": "#2f6fb0",
    "coast": "#d9b92f",
    "desert": "#e07b1f",
}
TRIBE_FILLS = ("#d55e00", "#0072b2", "#f0e442", "#009e73", "#cc79a7")
NEUTRAL_FILL = "#8c8c8c"
MARK = "#ff2d95"
FOOTER_CHARACTERS = 46
"""About what fits on one line of small print across the drawing."""


def _tribe_fill(view: View, tribe: int) -> str:
    return NEUTRAL_FILL if tribe == view["neutral"] else TRIBE_FILLS[tribe]


def _tribe_letter(view: View, tribe: int) -> str:
    return "N" if tribe == view["neutral"] else str(view["tribes"][tribe])[0]


def _text(x: float, y: float, words: str, size: float = SMALL, **extra: str) -> str:
    attributes = " ".join(f'{key.replace("_", "-")}="{value}"' for key, value in extra.items())
    return f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" {attributes}>{escape(words)}</text>'


def draw_svg(view: View) -> str:
    """The whole table as one SVG document."""
    parts, height = _map_parts(view)
    y = height + 8
    cards, y = _card_parts(view, y)
    tribes, y = _tribe_parts(view, y)
    footer = [_text(8, y + 16 + 17 * row, line) for row, line in enumerate(_footer_lines(view))]
    height = y + 10 + 17 * len(footer)
    body = "".join([*parts, *cards, *tribes, *footer])
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:g}" '
        f'font-family="{FONT}" fill="{INK}" role="img" aria-label="Iwari">'
        f'<rect width="{WIDTH}" height="{height:g}" fill="#faf7ef"/>{body}</svg>'
    )


def _map_parts(view: View) -> tuple[list[str], float]:
    """Tiles, roads, connection badges, spaces and tents; returns the parts and the map's height."""
    board = view["map"]
    last = view["last_move"] or {}
    tiles = {t["id"]: t for t in board["territories"]}
    spaces = {s["id"]: s for s in board["spaces"]}
    parts = [_tile(view, t, t["id"] == last.get("territory")) for t in board["territories"]]
    for a, b in board["roads"]:
        (x1, y1), (x2, y2) = spaces[a]["xy"], spaces[b]["xy"]
        parts.append(
            f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#8a6a3c" '
            f'stroke-width="3" stroke-dasharray="2 3" stroke-linecap="round" pointer-events="none"/>'
        )
    parts += [_badge(link, tiles) for link in board["connections"]]
    marked = set(last.get("spaces", []))
    parts += [_space(view, space, space["id"] in marked) for space in board["spaces"]]
    height = max(t["xy"][1] for t in board["territories"]) + TILE_H + 4
    return parts, height


def _tile(view: View, territory: Mapping[str, Any], marked: bool) -> str:
    x, y = territory["xy"]
    biome = territory["biome"]
    tid = territory["id"]
    edge = f'stroke="{MARK}" stroke-width="3"' if marked else 'stroke="#7d7462" stroke-width="1.2"'
    feats = f" ★{territory['feats']}" if territory["feats"] else ""
    chips = []
    cx = x + 8
    for tribe, count in enumerate(territory["totems"]):
        if count:
            fill = _tribe_fill(view, tribe)
            chips.append(
                f'<rect x="{cx:g}" y="{y + 82:g}" width="24" height="16" rx="3" fill="{fill}" '
                f'stroke="{INK}" stroke-width=".8"/>'
                + _text(
                    cx + 12,
                    y + 94.5,
                    f"{_tribe_letter(view, tribe)}{count}",
                    text_anchor="middle",
                    font_weight="bold",
                )
            )
            cx += 26
    strip_label = (
        "" if chips else _text(x + TILE_W / 2, y + 94.5, "totems", fill="#6b6250", text_anchor="middle")
    )
    totems = ", ".join(
        f"{count} of {_tribe_letter(view, tribe)}" for tribe, count in enumerate(territory["totems"]) if count
    )
    return (
        f'<g id="territory-{tid}"><title>Territory {tid}: {BIOME_NAMES[biome]}{feats}</title>'
        f'<rect x="{x:g}" y="{y:g}" width="{TILE_W}" height="{TILE_H}" rx="10" '
        f'fill="{TILE_FILLS[biome]}" {edge}/>'
        + _text(x + 6, y + 16, f"{tid} {BIOME_NAMES[biome]}{feats}", font_weight="bold")
        + f'<g id="totem-{tid}"><title>Totems on {tid}: {totems or "none yet"}</title>'
        f'<rect x="{x + 4:g}" y="{y + 79:g}" width="{TILE_W - 8}" height="21" rx="5" '
        f'fill="{_whitened(TILE_FILLS[biome], 0.55)}" stroke="#7d7462" stroke-dasharray="3 2"/>'
        + strip_label
        + "".join(chips)
        + "</g></g>"
    )


def _whitened(colour: str, share: float) -> str:
    """`colour` with `share` of white mixed in, opaque: a clickable strip's halo (site.css)
    must not show through it as a translucent white would let it.

    >>> _whitened("#000000", 0.5)
    '#808080'
    """
    channels = (int(colour[index : index + 2], 16) for index in (1, 3, 5))
    return "#" + "".join(f"{round(value + (255 - value) * share):02x}" for value in channels)


def _badge(link: Mapping[str, Any], tiles: Mapping[str, Mapping[str, Any]]) -> str:
    """A connection on the border between its two tiles: its number, its kind, its peaks."""
    (ax, ay), (bx, by) = tiles[link["a"]]["xy"], tiles[link["b"]]["xy"]
    x = (ax + bx) / 2 + TILE_W / 2
    y = (ay + by) / 2 + TILE_H / 2
    if ay == by:
        x = max(ax, bx) - 4
    else:
        x, y = ax + TILE_W - 22, max(ay, by) - 4
    fill = "#7fb2e5" if link["kind"] == "water" else "#e3cf9a"
    words = f"{link['number']}" + ("▲" * link["peaks"] if link["peaks"] and not link["covered"] else "")
    width = 12 + 8 * len(words)
    stroke = f'stroke="{MARK}" stroke-width="2"' if link["feats"] else f'stroke="{INK}" stroke-width=".8"'
    shape = f'<rect x="{x - width / 2:g}" y="{y - 9:g}" width="{width:g}" height="18" rx="9" fill="{fill}" '
    shape += f"{stroke}/>"
    if link["covered"]:
        outline = ((-14, 9), (-4, -12), (2, -4), (6, -9), (14, 9))
        peaks = "M" + " L".join(f"{x + dx:g} {y + dy:g}" for dx, dy in outline) + " Z"
        shape += f'<path d="{peaks}" fill="#6d6d6d" stroke="{INK}" stroke-width=".8"/>'
        words = f"{link['number']}"
    star = "★" if link["feats"] else ""
    label = _text(x, y + 4.5, star + words, text_anchor="middle", font_weight="bold")
    return f'<g pointer-events="none">{shape}{label}</g>'


def _space(view: View, space: Mapping[str, Any], marked: bool) -> str:
    x, y = space["xy"]
    ring = f'stroke="{MARK}" stroke-width="3"' if marked else 'stroke="#7d7462" stroke-width="1"'
    tribe = space["tribe"]
    inside = ""
    if tribe is None:
        inside = _text(x, y + 4.5, space["id"][-1], fill="#8b8270", text_anchor="middle")
    else:
        fill = _tribe_fill(view, tribe)
        letter_fill = INK if fill == TRIBE_FILLS[2] else "#fff"
        inside = (
            f'<path d="M{x:g} {y - 11:g} L{x + 11:g} {y + 8:g} L{x - 11:g} {y + 8:g} Z" fill="{fill}" '
            f'stroke="{INK}" stroke-width="1"/>'
            + _text(
                x,
                y + 6.5,
                _tribe_letter(view, tribe),
                fill=letter_fill,
                text_anchor="middle",
                font_weight="bold",
            )
        )
    circle = f'<circle cx="{x:g}" cy="{y:g}" r="{SPACE_R + 2}" fill="#fffdf6" {ring}/>'
    who = "empty" if tribe is None else f"a tent of tribe {_tribe_letter(view, tribe)}"
    title = f"<title>Tent space {space['id']}: {who}</title>"
    return f'<g id="space-{space["id"]}">{title}{circle}{inside}</g>'


def _card(element: str, x: float, y: float, letter: str, count: int, *, big: bool) -> str:
    w, h = (70, 96) if big else (46, 56)
    biome = LETTER_BIOMES[letter]
    fill = CARD_FILLS[biome]
    ink = INK if biome == "coast" else "#fff"
    size = 26 if big else 18
    times = f"×{count}" if count > 1 else ""
    name = _text(x + w / 2, y + h - 8, BIOME_NAMES[biome], fill=ink, text_anchor="middle") if big else ""
    where = "in your hand" if element.startswith("hand") else "face up"
    title = f"{count} {BIOME_NAMES[biome]} card{'' if count == 1 else 's'} {where}"
    return (
        f'<g id="{element}"><title>{title}</title>'
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="6" '
        f'fill="{fill}" stroke="{INK}"/>'
        + _text(
            x + w / 2, y + size + 4, letter, size=size, fill=ink, text_anchor="middle", font_weight="bold"
        )
        + (
            _text(x + w / 2, y + size + 20, times, fill=ink, text_anchor="middle", font_weight="bold")
            if times
            else ""
        )
        + name
        + "</g>"
    )


def _groups(letters: str) -> list[tuple[str, int]]:
    return [(letter, letters.count(letter)) for letter in "TFGCD" if letter in letters]


def _card_parts(view: View, y: float) -> tuple[list[str], float]:
    """The deck, the display and the viewer's own hand."""
    parts = [
        f'<g id="deck"><title>The deck: {view["deck"]} cards face down</title>'
        f'<rect x="8" y="{y:g}" width="52" height="64" rx="6" fill="#4a3b2a" stroke="{INK}"/>'
        + _text(34, y + 27, "Deck", fill="#fff", text_anchor="middle")
        + _text(34, y + 46, str(view["deck"]), size=16, fill="#fff", text_anchor="middle", font_weight="bold")
        + "</g>"
    ]
    x = 72.0
    for letter, count in _groups(view["display"]):
        parts.append(_card(f"display-{letter}", x, y + 4, letter, count, big=False))
        x += 52
    parts.append(_text(WIDTH - 8, y + 20, f"Discard {len(view['discard'])}", text_anchor="end"))
    journey = "2nd journey" if view["journey"] == "second" else "1st journey"
    parts.append(_text(WIDTH - 8, y + 38, journey, text_anchor="end"))
    if view["end_triggered"]:
        parts.append(
            _text(WIDTH - 8, y + 56, "Last round", text_anchor="end", fill="#b00020", font_weight="bold")
        )
    y += 74
    hand = view["hand"]
    if hand is None:
        return parts, y
    parts.append(_text(8, y + 14, "Your hand" + ("" if hand else ": empty"), font_weight="bold"))
    x = 8.0
    for letter, count in _groups(hand):
        parts.append(_card(f"hand-{letter}", x, y + 22, letter, count, big=True))
        x += 78
    parts.append(
        f'<g id="exchange"><title>Exchange cards</title>'
        f'<rect x="{WIDTH - 108}" y="{y + 52:g}" width="100" height="34" rx="8" '
        f'fill="#efe6d2" stroke="{INK}"/>'
        + _text(WIDTH - 58, y + 74, "Exchange…", text_anchor="middle", font_weight="bold")
        + "</g>"
    )
    return parts, y + 126


def _tribe_parts(view: View, y: float) -> tuple[list[str], float]:
    """A row per tribe: colour and letter, name, score, pieces left, hand size as card backs."""
    parts = [_text(8, y + 12, "Tribe · points · tents · totems · cards", fill="#6b6250")]
    y += 18
    current = view["current"]
    for tribe in range(len(view["tribes"])):
        fill = _tribe_fill(view, tribe)
        name = _tribe_title(view, tribe)
        turn = "▶ " if tribe == current else ""
        winner = " ★ winner" if tribe in view["winners"] else ""
        parts.append(
            f'<rect x="8" y="{y:g}" width="22" height="20" rx="3" fill="{fill}" stroke="{INK}"/>'
            + _text(
                19,
                y + 15,
                _tribe_letter(view, tribe),
                text_anchor="middle",
                font_weight="bold",
                fill=INK if fill == TRIBE_FILLS[2] else "#fff",
            )
            + _text(36, y + 15, f"{turn}{name}{winner}", font_weight="bold" if turn else "normal")
            + _text(230, y + 15, f"{view['scores'][tribe]}", text_anchor="end", font_weight="bold")
            + _tent_icon(244, y + 10)
            + _text(276, y + 15, str(view["tents_left"][tribe]), text_anchor="end")
            + _totem_icon(286, y + 3)
            + _text(316, y + 15, str(view["totems_left"][tribe]), text_anchor="end")
        )
        if tribe < view["players"]:
            size = view["hand_sizes"][tribe]
            for back in range(size):
                parts.append(
                    f'<rect x="{322 + back * 9:g}" y="{y + 2:g}" width="14" height="18" rx="2" '
                    'fill="#4a3b2a" stroke="#fff"/>'
                )
            parts.append(_text(WIDTH - 8, y + 15, str(size), text_anchor="end"))
        y += 24
    return parts, y


def _tent_icon(x: float, y: float) -> str:
    return (
        f'<path d="M{x:g} {y - 7:g} L{x + 8:g} {y + 7:g} L{x - 8:g} {y + 7:g} Z" fill="#fff" stroke="{INK}"/>'
    )


def _totem_icon(x: float, y: float) -> str:
    return f'<rect x="{x:g}" y="{y:g}" width="8" height="15" rx="2" fill="#fff" stroke="{INK}"/>'


def _footer_lines(view: View) -> list[str]:
    """The last move in words, wrapped to fit the width at the small print size."""
    last = view["last_move"]
    if last is None:
        return []
    lines = [""]
    for word in f"Last: {view['tribes'][last['seat']]}: {last['label']}".split():
        if lines[-1] and len(lines[-1]) + 1 + len(word) > FOOTER_CHARACTERS:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}".strip()
    return lines


def draw_text(view: View) -> str:
    """The map as lines of text: each territory with its tents and totems, then cards and scores."""
    board = view["map"]
    letters = {
        s["id"]: ("." if s["tribe"] is None else _tribe_letter(view, s["tribe"])) for s in board["spaces"]
    }
    lines = [f"Iwari — {board['name']}"]
    for territory in board["territories"]:
        mine = [s for s in board["spaces"] if s["territory"] == territory["id"]]
        tents = " ".join(f"{s['id']}:{letters[s['id']]}" for s in mine)
        totems = " ".join(
            f"{_tribe_letter(view, tribe)}{count}" for tribe, count in enumerate(territory["totems"]) if count
        )
        lines.append(
            f"{territory['id']} {BIOME_NAMES[territory['biome']]:<8} {tents}  totems: {totems or '-'}"
        )
    covered = [str(c["number"]) for c in board["connections"] if c["covered"]]
    lines.append(f"Mountains on connections: {', '.join(covered) or 'none'}")
    lines.append(f"Deck {view['deck']}  display {view['display'] or '-'}  discard {len(view['discard'])}")
    if view["hand"] is not None:
        lines.append(f"Your hand: {view['hand'] or '-'}")
    lines += [_tribe_line(view, tribe) for tribe in range(len(view["tribes"]))]
    lines.append(view["prompt"])
    return "\n".join(lines)


def _tribe_title(view: View, tribe: int) -> str:
    """A seat's tribe is its player ("Ann (Red)"); the neutral tribe of two reads "Grey (neutral)"."""
    return mention(tribe) if tribe < view["players"] else str(view["tribes"][tribe])


def _tribe_line(view: View, tribe: int) -> str:
    cards = f", {view['hand_sizes'][tribe]} cards" if tribe < view["players"] else ""
    return (
        f"{_tribe_title(view, tribe)}: {view['scores'][tribe]} points, {view['tents_left'][tribe]} tents and "
        f"{view['totems_left'][tribe]} totems left{cards}"
    )
