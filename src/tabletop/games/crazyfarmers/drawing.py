"""Crazy Farmers drawn from a view: an SVG farm and a plain-text board.

The SVG shows the 37 plots ("p:q,r") in the colour of their owner with the owner's letter
(capital in the main field, small in fallow land, R40–R41) and a pattern per colour, so
colour is never the only clue; barns as little houses (white while free, dark once
occupied); every path ("e:q,r,N") as the line between plots; fences as thick lines with a
dash pattern per farmer; hay bales ("b:q,r,N"); every crossroad ("x:q,r,L") as a small
dot; tractors as discs with the farmer's letter. Below the board, one strip per farmer
("seat:1") and the viewer's cards ("card:nitro1"). Everything drawn over a clickable
element lets clicks through. Print is at least 18 units high, 12 px on a 360 px phone.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from tabletop.engine import mention
from tabletop.games.crazyfarmers.board import (
    CROSSROAD_BY_NAME,
    PATH_ENDS,
    PATH_NAMES,
    PLOT_COORDS,
    PLOT_NAMES,
    crossroad_point,
    plot_centre,
)
from tabletop.games.crazyfarmers.rules import (
    BALE_1,
    BALE_2,
    BRIBE,
    CARD_NAMES,
    DYNAMITE,
    HELICOPTER,
    NITRO_1,
    NITRO_2,
    RUT,
    VOLTAGE,
    WATCHDOG,
)

SIZE = 34.0
WIDTH = 520
BOARD_TOP = 40.0
CENTRE_X = WIDTH / 2
CENTRE_Y = BOARD_TOP + 4 * math.sqrt(3) * SIZE
STRIP_TOP = CENTRE_Y + 4 * math.sqrt(3) * SIZE + 8
STRIP_HEIGHT = 54
CARD_WIDTH, CARD_HEIGHT, CARDS_PER_ROW = 164, 42, 3
LETTERS = ("B", "Y", "P", "R")
INK = ("#1f4fb0", "#8a6a00", "#6b2d9c", "#a8281a")
FIELD = ("#9fbcf2", "#f6dc72", "#cfaeea", "#f2a394")
MEADOW = "#d9e8b4"
EDGE_INK = "#7d8a5a"
DASHES = ("", "14 6", "3 5", "12 4 3 4")
PATTERNS = (
    '<path d="M0,10 L10,0" stroke="#1f4fb0" stroke-width="1.4" opacity="0.45"/>',
    '<circle cx="5" cy="5" r="1.6" fill="#8a6a00" opacity="0.5"/>',
    '<path d="M0,0 L10,10" stroke="#6b2d9c" stroke-width="1.4" opacity="0.45"/>',
    '<path d="M0,5 L10,5" stroke="#a8281a" stroke-width="1.4" opacity="0.45"/>',
)
TEXT = 'font-family="system-ui, sans-serif" dominant-baseline="central"'
LAST = "#e0561b"
EDGE_HIT_WIDTH = 12
"""How wide the invisible band around a path is that takes a click on it."""
NO_CLICKS = ' pointer-events="none"'


CARD_EFFECTS = {
    NITRO_1: "one more move this turn (never above 5)",
    NITRO_2: "two more moves this turn (never above 5)",
    RUT: "an opponent has two moves less on their next turn",
    BALE_1: "put a bale on a path",
    BALE_2: "put two bales on paths",
    DYNAMITE: "take a bale away",
    VOLTAGE: "your fence cannot be entered or cut until your next turn",
    WATCHDOG: "your plots cannot be taken or bribed until your next turn",
    HELICOPTER: "fly your tractor to a corner of your own field (only without fence)",
    BRIBE: "take one neighbouring plot of an opponent",
}
"""What each card does, for its tooltip: the table of section 1 of docs/rules/crazyfarmers.md."""


def point(x: float, y: float) -> tuple[float, float]:
    """Board units (`board.plot_centre`) to SVG coordinates."""
    return CENTRE_X + x * SIZE, CENTRE_Y + y * SIZE


def draw_svg(view: Mapping[str, Any]) -> str:
    """The farm, the farmers' strips and the viewer's hand."""
    players = view["players"]
    hand = _viewer_hand(view)
    height = STRIP_TOP + STRIP_HEIGHT * len(players) + 8 + _hand_height(hand)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:.0f}" width="{WIDTH}" '
        f'height="{height:.0f}" role="img" aria-label="Crazy Farmers farm">',
        _definitions(),
        f'<rect width="{WIDTH}" height="{height:.0f}" rx="12" fill="#f4efe1"/>',
        _header(view),
        *_plots(view),
        *_edges(),
        *_fences(players),
        *_bales(view),
        *_crossroads(view),
        *_last_move(view.get("last_move")),
        *_tractors(players),
        *_strips(view),
        *_hand(hand, len(players)),
        "</svg>",
    ]
    return "\n".join(parts)


def _viewer_hand(view: Mapping[str, Any]) -> list[str]:
    viewer = view.get("viewer")
    if viewer is None:
        return []
    return list(view["players"][viewer].get("hand") or [])


def _hand_height(hand: Sequence[str]) -> float:
    rows = math.ceil(len(set(hand)) / CARDS_PER_ROW)
    return rows * (CARD_HEIGHT + 8) + (30 if rows else 0)


def _definitions() -> str:
    patterns = "".join(
        f'<pattern id="pattern-{seat}" width="10" height="10" patternUnits="userSpaceOnUse">{shape}</pattern>'
        for seat, shape in enumerate(PATTERNS)
    )
    return f"<defs>{patterns}</defs>"


def _hexagon(cx: float, cy: float, radius: float) -> str:
    angles = [math.radians(60 * k) for k in range(6)]
    return " ".join(f"{cx + radius * math.cos(a):.1f},{cy + radius * math.sin(a):.1f}" for a in angles)


def _header(view: Mapping[str, Any]) -> str:
    totals = sum(len(player["field"]) for player in view["players"])
    goal = (
        f"Goal: {view['goal']} plots together (now {totals})"
        if view["shared_goal"]
        else f"Goal: {view['goal']} plots for one farmer"
    )
    rounds = view["turn"] // len(view["players"]) + 1
    return (
        f'<text x="16" y="22" font-size="18" fill="#4a3b22" {TEXT}>{goal} · round '
        f"{min(rounds, view['round_limit'])}/{view['round_limit']}</text>"
    )


def _owners(view: Mapping[str, Any]) -> dict[str, tuple[int, bool]]:
    """Each owned plot's owner and whether it is in their main field."""
    owners = {}
    for seat, player in enumerate(view["players"]):
        main = set(player["main"])
        for name in player["field"]:
            owners[name] = (seat, name in main)
    return owners


def _plots(view: Mapping[str, Any]) -> Iterator[str]:
    owners = _owners(view)
    free, occupied = set(view["free_barns"]), set(view["occupied_barns"])
    for (q, r), name in zip(PLOT_COORDS, PLOT_NAMES, strict=True):
        cx, cy = point(*plot_centre(q, r))
        corners = _hexagon(cx, cy, SIZE)
        seat, main = owners.get(name, (-1, True))
        fill = MEADOW if seat < 0 else FIELD[seat]
        faded = "" if main else ' fill-opacity="0.55"'
        yield (
            f'<polygon id="p:{name}" points="{corners}" fill="{fill}"{faded}>'
            f"<title>{_plot_title(view, name, seat, main)}</title></polygon>"
        )
        if seat >= 0:
            yield f'<polygon points="{corners}" fill="url(#pattern-{seat})" pointer-events="none"/>'
            letter = LETTERS[seat] if main else LETTERS[seat].lower()
            yield (
                f'<text x="{cx:.1f}" y="{cy + 9:.1f}" font-size="18" font-weight="700" text-anchor="middle" '
                f'fill="{INK[seat]}" pointer-events="none" {TEXT}>{letter}</text>'
            )
        if name in free or name in occupied:
            yield _barn(cx, cy - 12, name in occupied)


def _plot_title(view: Mapping[str, Any], name: str, seat: int, main: bool) -> str:
    """A plot's tooltip: its owner and whether it is in their main field (R40–R41), and its barn."""
    owner = "nobody's" if seat < 0 else f"{view['players'][seat]['colour']} ({LETTERS[seat]})"
    land = "" if seat < 0 else (", main field" if main else ", fallow land")
    barn = ""
    if name in view["free_barns"]:
        barn = ", a free barn"
    elif name in view["occupied_barns"]:
        barn = ", an occupied barn"
    return f"Plot {name}: {owner}{land}{barn}"


def _barn(cx: float, cy: float, occupied: bool) -> str:
    fill, ink = ("#5b3a1e", "#f4efe1") if occupied else ("#fffaf0", "#5b3a1e")
    shape = f"M{cx - 8:.1f},{cy + 6:.1f} v-8 l8,-6 l8,6 v8 z"
    return f'<path d="{shape}" fill="{fill}" stroke="{ink}" stroke-width="1.5" pointer-events="none"/>'


def _segment(path: int) -> tuple[float, float, float, float]:
    a, b = PATH_ENDS[path]
    (ax, ay), (bx, by) = point(*crossroad_point(a)), point(*crossroad_point(b))
    return ax, ay, bx, by


def _edges() -> Iterator[str]:
    """Every path: a thin visible line and a wide invisible band around it that takes the clicks.

    The band is a polygon, not a wide stroke: a level line's box has no height, and a
    browser (or a test driver) would find nothing there to click.
    """
    for path, name in enumerate(PATH_NAMES):
        ax, ay, bx, by = _segment(path)
        line = f'x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}"'
        band = _band(ax, ay, bx, by, EDGE_HIT_WIDTH / 2)
        yield (
            f'<g id="e:{name}"><title>Path {name}</title>'
            f'<line {line} stroke="{EDGE_INK}" stroke-width="1.6"/>'
            f'<polygon points="{band}" fill="#000" fill-opacity="0"/></g>'
        )


def _band(ax: float, ay: float, bx: float, by: float, half: float) -> str:
    """The corners of the rectangle `half` either side of the segment from a to b.

    >>> _band(0, 0, 10, 0, 2)
    '0.0,2.0 10.0,2.0 10.0,-2.0 0.0,-2.0'
    """
    length = math.hypot(bx - ax, by - ay) or 1.0
    nx, ny = -(by - ay) / length * half, (bx - ax) / length * half
    corners = [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)]
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def _fences(players: Sequence[Mapping[str, Any]]) -> Iterator[str]:
    """Each fence: a dark casing, the farmer's colour with their dash pattern, a glow under High Voltage."""
    for seat, player in enumerate(players):
        crossroads = [point(*crossroad_point(CROSSROAD_BY_NAME[name])) for name in player["fence"]]
        if len(crossroads) < 2:
            continue
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in crossroads)
        common = f'points="{points}" fill="none" stroke-linecap="round" stroke-linejoin="round"' + NO_CLICKS
        if "voltage" in player["effects"]:
            yield f'<polyline {common} stroke="#ffe14d" stroke-width="16" opacity="0.8"/>'
        yield f'<polyline {common} stroke="#2b2b2b" stroke-width="9"/>'
        dash = f' stroke-dasharray="{DASHES[seat]}"' if DASHES[seat] else ""
        yield f'<polyline {common} stroke="{FIELD[seat]}" stroke-width="5"{dash}/>'
        sx, sy = crossroads[0]
        yield (
            f'<rect x="{sx - 6:.1f}" y="{sy - 6:.1f}" width="12" height="12" fill="{INK[seat]}" '
            'stroke="#2b2b2b" pointer-events="none"/>'
        )


def _bales(view: Mapping[str, Any]) -> Iterator[str]:
    for name in view["bales"]:
        ax, ay, bx, by = _segment(PATH_NAMES.index(name))
        mx, my = (ax + bx) / 2, (ay + by) / 2
        yield (
            f'<g id="b:{name}"><title>Hay bale on path {name}: no tractor passes it</title>'
            f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="10" fill="#e7c75a" stroke="#7a5a10" '
            f'stroke-width="2"/><path d="M{mx - 6:.1f},{my - 3:.1f} h12 M{mx - 6:.1f},{my + 3:.1f} h12" '
            'stroke="#7a5a10" stroke-width="1.5"/></g>'
        )


def _crossroads(view: Mapping[str, Any]) -> Iterator[str]:
    """Every crossroad as a small dot, its tooltip naming the tractor standing there."""
    tractors = {
        player["tractor"]: f"{player['colour']} tractor ({LETTERS[seat]})"
        for seat, player in enumerate(view["players"])
        if player["tractor"] is not None
    }
    for crossroad, name in enumerate(CROSSROAD_BY_NAME):
        x, y = point(*crossroad_point(crossroad))
        title = f"Crossroad {name}" + (f": the {tractors[name]}" if name in tractors else "")
        yield (
            f'<circle id="x:{name}" cx="{x:.1f}" cy="{y:.1f}" r="7" fill="#fffdf5" fill-opacity="0.75" '
            f'stroke="{EDGE_INK}" stroke-width="1"><title>{title}</title></circle>'
        )


def _tractors(players: Sequence[Mapping[str, Any]]) -> Iterator[str]:
    """Tractors as discs with the farmer's letter; grey inside while powerless (R33)."""
    for seat, player in enumerate(players):
        if player["tractor"] is None:
            continue
        x, y = point(*crossroad_point(CROSSROAD_BY_NAME[player["tractor"]]))
        fill = FIELD[seat] if player["powered"] else "#bdbdbd"
        yield (
            f'<g id="tractor-{seat}" transform="translate({x:.1f} {y:.1f})" pointer-events="none">'
            f'<circle r="14" fill="{fill}" stroke="{INK[seat]}" stroke-width="3.5"/>'
            f'<text y="1" font-size="18" font-weight="800" text-anchor="middle" fill="{INK[seat]}" {TEXT}>'
            f"{LETTERS[seat]}</text></g>"
        )


def _last_move(last: Mapping[str, Any] | None) -> Iterator[str]:
    """The last move: an arrow along the path driven, rings on annexed or bribed plots, the bale touched."""
    if last is None:
        return
    if last.get("from") and last.get("to"):
        (ax, ay), (bx, by) = (point(*crossroad_point(CROSSROAD_BY_NAME[last[key]])) for key in ("from", "to"))
        yield (
            f'<line id="last-move" x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{LAST}" '
            'stroke-width="4" stroke-dasharray="6 4" pointer-events="none"/>'
        )
    if last.get("kind") == "start" or (last.get("card") == "helicopter" and last.get("target")):
        x, y = point(*crossroad_point(CROSSROAD_BY_NAME[last.get("to") or last["target"]]))
        yield (
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="19" fill="none" stroke="{LAST}" stroke-width="3" '
            'pointer-events="none"/>'
        )
    marked = list(last.get("annexed", []))
    if last.get("kind") == "card" and last.get("card") == "bribe" and last.get("target"):
        marked.append(last["target"])  # a Bribe played, not one discarded
    for name in marked:
        cx, cy = point(*plot_centre(*PLOT_COORDS[PLOT_NAMES.index(name)]))
        yield (
            f'<polygon points="{_hexagon(cx, cy, SIZE - 4)}" fill="none" stroke="{LAST}" stroke-width="3" '
            'stroke-dasharray="5 3" pointer-events="none"/>'
        )
    path = last.get("path") or (last.get("target") if last.get("card") == "dynamite" else None)
    if path:
        ax, ay, bx, by = _segment(PATH_NAMES.index(path))
        yield (
            f'<circle cx="{(ax + bx) / 2:.1f}" cy="{(ay + by) / 2:.1f}" r="15" fill="none" stroke="{LAST}" '
            'stroke-width="3" pointer-events="none"/>'
        )


def _strips(view: Mapping[str, Any]) -> Iterator[str]:
    """One strip per farmer: letter, colour name, main field and plots, cards, moves and effects."""
    for seat, player in enumerate(view["players"]):
        top = STRIP_TOP + seat * STRIP_HEIGHT
        turn = view.get("to_move") == seat
        outline = f'stroke="{LAST}" stroke-width="3"' if turn else 'stroke="#d6ccb3" stroke-width="1"'
        yield (
            f'<rect id="seat:{seat}" x="8" y="{top:.1f}" width="{WIDTH - 16}" height="{STRIP_HEIGHT - 6}" '
            f'rx="8" fill="#ebe3cf" {outline}><title>{player["colour"]} farmer ({LETTERS[seat]}): '
            f"{_status(view, seat, player)}</title></rect>"
        )
        yield (
            f'<circle cx="32" cy="{top + 24:.1f}" r="15" fill="{FIELD[seat]}" stroke="{INK[seat]}" '
            f'stroke-width="3" pointer-events="none"/>'
            f'<text x="32" y="{top + 25:.1f}" font-size="18" font-weight="800" text-anchor="middle" '
            f'fill="{INK[seat]}" pointer-events="none" {TEXT}>{LETTERS[seat]}</text>'
        )
        yield (
            f'<text x="56" y="{top + 13:.1f}" font-size="18" font-weight="700" fill="#3b2a1a" '
            f'pointer-events="none" {TEXT}>{mention(seat)} · main {len(player["main"])} · '
            f"{len(player['field'])} plots · {player['cards']} cards</text>"
        )
        yield (
            f'<text x="56" y="{top + 34:.1f}" font-size="18" fill="#5b4630" pointer-events="none" {TEXT}>'
            f"{_status(view, seat, player)}</text>"
        )


def _status(view: Mapping[str, Any], seat: int, player: Mapping[str, Any]) -> str:
    notes = []
    if player["eliminated"]:
        return "eliminated"
    if view.get("ranks") is not None:
        notes.append("winner" if view["ranks"][seat] == 1 else f"rank {view['ranks'][seat]}")
    elif view.get("to_move") == seat:
        notes.append(f"to play · {max(0, view['allowance'] - view['moves_done'])} moves left")
    if not player["powered"]:
        notes.append("powerless")
    effects = player["effects"]
    notes += [
        label for card, label in (("voltage", "High Voltage"), ("watchdog", "Watchdog")) if card in effects
    ]
    if "rut" in effects:
        notes.append(f"rut ×{effects.count('rut')}")
    if len(player["fence"]) > 1:
        notes.append(f"fence {len(player['fence']) - 1}")
    return " · ".join(notes) or "waiting"


def _hand(hand: Sequence[str], farmers: int) -> Iterator[str]:
    """The viewer's cards, one box per kind with the number held."""
    if not hand:
        return
    top = STRIP_TOP + STRIP_HEIGHT * farmers + 8
    yield f'<text x="16" y="{top:.1f}" font-size="18" fill="#4a3b22" {TEXT}>Your cards</text>'
    for index, card in enumerate(sorted(set(hand))):
        x = 12 + (index % CARDS_PER_ROW) * (CARD_WIDTH + 4)
        y = top + 16 + (index // CARDS_PER_ROW) * (CARD_HEIGHT + 8)
        count = hand.count(card)
        label = CARD_NAMES[card] + (f" ×{count}" if count > 1 else "")
        yield (
            f'<g id="card:{card}"><title>{label}: {CARD_EFFECTS[card]}</title>'
            f'<rect x="{x}" y="{y:.1f}" width="{CARD_WIDTH}" '
            f'height="{CARD_HEIGHT}" rx="7" '
            f'fill="#fffaf0" stroke="#8a6a3a" stroke-width="1.5"/>'
            f'<text x="{x + CARD_WIDTH / 2}" y="{y + CARD_HEIGHT / 2:.1f}" font-size="18" '
            'text-anchor="middle" '
            f'fill="#3b2a1a" {TEXT}>{label}</text></g>'
        )


# --- text -------------------------------------------------------------------------------------


def draw_text(view: Mapping[str, Any]) -> str:
    """The prompt, the farm (owner letter per plot, capital in the main field, `*` a free barn, `+`
    an occupied one), then one line per farmer."""
    owners = _owners(view)
    free, occupied = set(view["free_barns"]), set(view["occupied_barns"])
    rows: dict[int, list[str]] = {}
    for (q, r), name in zip(PLOT_COORDS, PLOT_NAMES, strict=True):
        seat, main = owners.get(name, (-1, True))
        letter = "." if seat < 0 else LETTERS[seat] if main else LETTERS[seat].lower()
        barn = "*" if name in free else "+" if name in occupied else " "
        row = rows.setdefault(2 * r + q, [" "] * 32)
        row[4 * (q + 3) + 2 : 4 * (q + 3) + 4] = [letter, barn]
    lines = [str(view["prompt"]), *("".join(rows[key]).rstrip() for key in sorted(rows))]
    for seat, player in enumerate(view["players"]):
        fence = " ".join(player["fence"]) or "none"
        lines.append(
            f"{LETTERS[seat]} {mention(seat)}: main {len(player['main'])}, plots {len(player['field'])}, "
            f"tractor {player['tractor']}, fence {fence}, cards {player['cards']}"
            + ("" if player["powered"] else ", powerless")
            + (", eliminated" if player["eliminated"] else "")
        )
    if view["bales"]:
        lines.append("bales: " + " ".join(view["bales"]))
    return "\n".join(lines) + "\n"
