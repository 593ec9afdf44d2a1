"""Charts drawn on the server as SVG, no script needed: a profile's ratings, an analysed game's value.

The rating chart has one point per rated table, in the order they were rated (after the
starting rating), so a busy evening does not bunch into one spot as it would on a time
axis; the first and last dates label the ends. The value chart has one point per position
of a game, each a link to it in the replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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


def _polyline(coordinates: Sequence[tuple[float, float]], colour: str) -> str:
    """The chart's line through these points."""
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in coordinates)
    return f'<polyline points="{points}" class="line" fill="none" stroke="{colour}" stroke-width="2"/>'


def _position(index: int, count: int, value: float, low: float, high: float) -> tuple[float, float]:
    plot_width = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    plot_height = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    x = MARGIN_LEFT + (plot_width * index / (count - 1) if count > 1 else plot_width / 2)
    y = MARGIN_TOP + plot_height * (high - value) / (high - low)
    return x, y


@dataclass(frozen=True)
class ValuePoint:
    """One position of an analysed game on the value chart: its value, what a pointer reads, its link."""

    value: float
    title: str
    href: str
    mark: str = ""
    """The verdict of the move that led here ("mistake"), drawn as the dot's class; "" for none."""


def value_chart(
    points: Sequence[ValuePoint], span: tuple[float, float], labels: tuple[str, str], title: str
) -> Markup:
    """An SVG chart of a game's value, position by position: a line, and a dot with a title per point.

    `span` is the y axis (low, high) and `labels` what its ends read. Each dot links to its
    position in the replay; a move the analyst marked gets the dot its verdict's class.

    >>> svg = value_chart([ValuePoint(0.5, "Start", "?move=0"), ValuePoint(1.0, "Move 1", "?move=1", "best")],
    ...                   (0.0, 1.0), ("0%", "100%"), "Ann's chance of winning")
    >>> 'points="44.0,74.0 468.0,12.0"' in svg, '<a href="?move=1"' in svg, "<title>Move 1" in svg
    (True, True, True)
    """
    if not points:
        return Markup("")
    coordinates = _coordinates([point.value for point in points], *span)
    dots = "".join(
        f'<a href="{escape(point.href)}"><circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" '
        f'class="point {escape(point.mark)}"><title>{escape(point.title)}</title></circle></a>'
        for (x, y), point in zip(coordinates, points, strict=True)
    )
    middle = MARGIN_TOP + (HEIGHT - MARGIN_TOP - MARGIN_BOTTOM) / 2
    label_x = MARGIN_LEFT - 4
    return Markup(
        f'<svg class="value-chart" viewBox="0 0 {WIDTH} {HEIGHT}" font-size="11" role="img" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>{FRAME}'
        f'<line x1="{MARGIN_LEFT}" x2="{WIDTH - MARGIN_RIGHT}" y1="{middle}" y2="{middle}" stroke="#eee"/>'
        f"{_polyline(coordinates, '#1565c0')}"
        f'<text x="{label_x}" y="{MARGIN_TOP + 4}" text-anchor="end">{escape(labels[1])}</text>'
        f'<text x="{label_x}" y="{HEIGHT - MARGIN_BOTTOM}" text-anchor="end">{escape(labels[0])}</text>'
        f"{dots}</svg>"
    )
