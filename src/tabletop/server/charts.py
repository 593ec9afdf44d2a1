"""Charts drawn on the server as SVG, no script needed: a profile's ratings, an analysed game's value.

The rating chart has one point per rated table, in the order they were rated (after the
starting rating), so a busy evening does not bunch into one spot as it would on a time
axis; the first and last dates label the ends. The value chart has a line per player (one
for a game of two whose values mirror each other) and a point per position on it, each a
link to that position in the replay.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import cycle

from markupsafe import Markup, escape

from tabletop.store import RatingPoint

WIDTH, HEIGHT = 480, 160
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 44, 12, 12, 24
FRAME = (
    f'<rect x="{MARGIN_LEFT}" y="{MARGIN_TOP}" width="{WIDTH - MARGIN_LEFT - MARGIN_RIGHT}" '
    f'height="{HEIGHT - MARGIN_TOP - MARGIN_BOTTOM}" class="frame" fill="#fff" stroke="#ccc"/>'
)
"""The plot area's white frame, the same in every chart."""
MIN_SPAN = 40
"""The y axis spans at least this many rating points, so a flat line does not look steep."""


def rating_chart(points: Sequence[RatingPoint], title: str) -> Markup:
    """An SVG chart of `points` (shown ratings), or an empty string when there are none.

    >>> from datetime import datetime, UTC
    >>> day = datetime(2026, 12, 1, tzinfo=UTC)
    >>> svg = rating_chart([RatingPoint("a", day, 1000), RatingPoint("b", day, 1100)], "Kalah")
    >>> 'points="44.0,136.0 468.0,12.0"' in svg, "<title>Kalah" in svg
    (True, True)
    """
    if not points:
        return Markup("")
    low, high = _span([point.shown for point in points])
    coordinates = _coordinates([point.shown for point in points], low, high)
    dots = "".join(
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5"><title>{point.shown} · '
        f"{point.finished_at:%Y-%m-%d}</title></circle>"
        for (x, y), point in zip(coordinates, points, strict=True)
    )
    labels = (
        f'<text x="{MARGIN_LEFT - 4}" y="{MARGIN_TOP + 4}" text-anchor="end">{high}</text>'
        f'<text x="{MARGIN_LEFT - 4}" y="{HEIGHT - MARGIN_BOTTOM}" text-anchor="end">{low}</text>'
        f'<text x="{MARGIN_LEFT}" y="{HEIGHT - 6}">{points[0].finished_at:%Y-%m-%d}</text>'
        f'<text x="{WIDTH - MARGIN_RIGHT}" y="{HEIGHT - 6}" text-anchor="end">'
        f"{points[-1].finished_at:%Y-%m-%d}</text>"
    )
    return Markup(
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" font-size="11" role="img" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}: rating from '
        f"{points[0].shown} to {points[-1].shown}</title>{FRAME}"
        f"{_polyline(coordinates, '#2e7d32')}"
        f"{dots}{labels}</svg>"
    )


def _span(values: Sequence[int]) -> tuple[int, int]:
    """The y axis's lowest and highest rating: the data, widened to at least MIN_SPAN."""
    low, high = min(values), max(values)
    missing = max(0, MIN_SPAN - (high - low))
    return low - missing // 2, high + missing - missing // 2


def _coordinates(values: Sequence[float], low: float, high: float) -> list[tuple[float, float]]:
    """Where each value goes: evenly spaced along x, scaled between `low` and `high` on y."""
    return [_position(index, len(values), value, low, high) for index, value in enumerate(values)]


def _polyline(coordinates: Sequence[tuple[float, float]], colour: str, dash: str = "") -> str:
    """The chart's line through these points, solid unless `dash` gives a pattern."""
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in coordinates)
    return (
        f'<polyline points="{points}" class="line" fill="none" stroke="{colour}" stroke-width="2"'
        f"{_dashed(dash)}/>"
    )


def _legend_name(name: str) -> Markup:
    """A name as its legend column shows it: whole, or cut with an ellipsis and whole in a title.

    >>> str(_legend_name("Ann")), str(_legend_name("A" * 40))[:40]
    ('Ann', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…<title>A')
    """
    if len(name) <= LEGEND_CHARACTERS:
        return escape(name)
    return escape(name[: LEGEND_CHARACTERS - 1]) + Markup("…<title>") + escape(name) + Markup("</title>")


def _dash_of(line: int) -> str:
    """The dash pattern of the chart's line number `line`."""
    return LINE_DASHES[line % len(LINE_DASHES)]


def _dashed(dash: str) -> str:
    """The attribute of a dashed stroke, or nothing for a solid one."""
    return f' stroke-dasharray="{dash}"' if dash else ""


def _position(index: int, count: int, value: float, low: float, high: float) -> tuple[float, float]:
    plot_width = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    plot_height = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    x = MARGIN_LEFT + (plot_width * index / (count - 1) if count > 1 else plot_width / 2)
    y = MARGIN_TOP + plot_height * (high - value) / (high - low)
    return x, y


@dataclass(frozen=True)
class ValuePoint:
    """One position of an analysed game on the value chart: its value, what a pointer reads, its link."""

    step: int
    """The position: how many moves of the game were played (its place along the x axis)."""
    value: float
    title: str
    href: str
    mark: str = ""
    """The verdict of the move that led here ("mistake"), drawn as the dot's class; "" for none."""


@dataclass(frozen=True)
class ValueLine:
    """One player's values on the value chart, in their colour; `name` labels it in the legend."""

    points: tuple[ValuePoint, ...]
    colour: str
    name: str = ""


LINE_COLOURS = ("#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#5d4037", "#455a64")
"""The lines' colours, dark enough to read on white: one per seat of eight."""
LINE_DASHES = ("", "8 3", "2 2", "8 3 2 3", "4 4", "12 3", "1 3", "6 2 2 2")
"""Each line's dash pattern, by its place in the chart: lines and legend read without colour too."""
NAMED_COLOURS = {
    "blue": "#1565c0",
    "red": "#c62828",
    "green": "#2e7d32",
    "purple": "#6a1b9a",
    "yellow": "#b8860b",
    "orange": "#ef6c00",
}
"""The line of a seat whose view names its colour ("Red"): that colour, dark enough to read on white."""
LEGEND_ROW, LEGEND_COLUMNS, LEGEND_CHARACTERS = 16, 2, 32
"""The legend under the plot: the height of a row, how many names share one, and how much of a
name fits in its column (a longer one is cut, and reads whole in its title)."""


def seat_colours(colour_names: Sequence[str], seats: int) -> tuple[str, ...]:
    """Each seat's line colour: its own where its view names one the chart knows, else the next free one.

    >>> seat_colours(("Red", "Blue", "Teal"), 3)
    ('#c62828', '#1565c0', '#2e7d32')
    """
    named = [NAMED_COLOURS.get(name.lower()) for name in colour_names[:seats]]
    named += [None] * (seats - len(named))
    spare = cycle([colour for colour in LINE_COLOURS if colour not in named] or LINE_COLOURS)
    return tuple(colour or next(spare) for colour in named)


def value_chart(
    lines: Sequence[ValueLine], steps: int, span: tuple[float, float], labels: tuple[str, str], title: str
) -> Markup:
    """An SVG chart of a game's value over its `steps` moves: a line per player, a dot with a title per point.

    `span` is the y axis (low, high) and `labels` what its ends read. Each dot links to its
    position in the replay; a move the analyst marked gets the dot its verdict's class.
    Several lines get a legend under the plot, each name beside a stroke of its line; each
    line has its own dash pattern, so colour is never the only clue (every dot's title names
    its player too).

    >>> start, best = ValuePoint(0, 0.5, "Start", "?move=0"), ValuePoint(1, 1.0, "Move 1", "?move=1", "best")
    >>> line = ValueLine((start, best), "#1565c0")
    >>> svg = value_chart([line], 1, (0.0, 1.0), ("0%", "100%"), "Ann's chance of winning")
    >>> 'points="44.0,74.0 468.0,12.0"' in svg, '<a href="?move=1"' in svg, "<title>Move 1" in svg
    (True, True, True)
    """
    if not any(line.points for line in lines):
        return Markup("")
    height = HEIGHT + (math.ceil(len(lines) / LEGEND_COLUMNS) * LEGEND_ROW if len(lines) > 1 else 0)
    middle = MARGIN_TOP + (HEIGHT - MARGIN_TOP - MARGIN_BOTTOM) / 2
    label_x = MARGIN_LEFT - 4
    return Markup(
        f'<svg class="value-chart" viewBox="0 0 {WIDTH} {height}" font-size="11" role="img" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>{FRAME}'
        f'<line x1="{MARGIN_LEFT}" x2="{WIDTH - MARGIN_RIGHT}" y1="{middle}" y2="{middle}" stroke="#eee"/>'
        f'<text x="{label_x}" y="{MARGIN_TOP + 4}" text-anchor="end">{escape(labels[1])}</text>'
        f'<text x="{label_x}" y="{HEIGHT - MARGIN_BOTTOM}" text-anchor="end">{escape(labels[0])}</text>'
        + "".join(_value_line(line, _dash_of(index), steps, span) for index, line in enumerate(lines))
        + (_legend(lines) if len(lines) > 1 else "")
        + "</svg>"
    )


def _value_line(line: ValueLine, dash: str, steps: int, span: tuple[float, float]) -> str:
    """One player's line (dashed with `dash`) and its dots, each dot a link to its position."""
    coordinates = [_position(point.step, steps + 1, point.value, *span) for point in line.points]
    dots = "".join(
        f'<a href="{escape(point.href)}"><circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" '
        f'class="point {escape(point.mark)}" fill="{line.colour}" stroke="{line.colour}">'
        f"<title>{escape(point.title)}</title></circle></a>"
        for (x, y), point in zip(coordinates, line.points, strict=True)
    )
    return f"{_polyline(coordinates, line.colour, dash)}{dots}"


def _legend(lines: Sequence[ValueLine]) -> str:
    """Each line's name beside a stroke of its colour and dashes, LEGEND_COLUMNS to a row under the plot."""
    column_width = (WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / LEGEND_COLUMNS
    entries = []
    for index, line in enumerate(lines):
        x = MARGIN_LEFT + column_width * (index % LEGEND_COLUMNS)
        y = HEIGHT + LEGEND_ROW * (index // LEGEND_COLUMNS) + 4
        entries.append(
            f'<line x1="{x:.1f}" x2="{x + 18:.1f}" y1="{y - 4}" y2="{y - 4}" '
            f'stroke="{line.colour}" stroke-width="3"{_dashed(_dash_of(index))}/>'
            f'<text x="{x + 24:.1f}" y="{y}">{_legend_name(line.name)}</text>'
        )
    return f'<g class="legend">{"".join(entries)}</g>'
