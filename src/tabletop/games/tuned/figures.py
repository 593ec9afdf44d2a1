"""The figures of Tuned, its animals and the Rooster, as SVG pictures drawn round the origin.

Each animal is a head seen from the front, sized by kind as the wooden figures are (the
Donkey, at the bottom of a stack, is the largest), with the rules file's letter on a
badge so that the kind reads at a glance on a phone and for colour-blind players. They are
apart from `drawing` (the barn and the players' boards) only because the two together would
pass 400 lines.
"""

from __future__ import annotations

from typing import Final

RADIUS: Final = {"donkey": 25.0, "dog": 22.5, "cat": 20.0}
LETTER: Final = {"donkey": "D", "dog": "G", "cat": "C"}
TITLE: Final = {"donkey": "Donkey", "dog": "Dog", "cat": "Cat"}
INK: Final = "#2d2a26"


def _n(value: float) -> str:
    """A coordinate with at most one decimal, without a trailing ".0"."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def animal(kind: str, letter_size: float = 16) -> str:
    """The inner drawing of one animal (shadow, ears, head, face, letter badge).

    `letter_size` is the badge letter's size in the figure's own units, so a figure drawn
    smaller (in a supply) can keep its letter as large on screen as the others.
    """
    radius = RADIUS[kind]
    shadow = (
        f'<ellipse cx="0" cy="{_n(radius * 0.92)}" rx="{_n(radius * 0.95)}" ry="{_n(radius * 0.28)}" '
        'fill="#000" fill-opacity="0.2"/>'
    )
    face = {"donkey": _donkey, "dog": _dog, "cat": _cat}[kind](radius)
    return f"<title>{TITLE[kind]}</title>{shadow}{face}{_badge(kind, radius, letter_size)}"


def _eyes(radius: float, colour: str = INK) -> str:
    size = _n(radius * 0.1)
    return "".join(
        f'<circle cx="{_n(side * radius * 0.34)}" cy="{_n(-radius * 0.12)}" r="{size}" fill="{colour}"/>'
        for side in (-1, 1)
    )


def _donkey(radius: float) -> str:
    """Long upright ears, a grey head and a pale muzzle with two nostrils."""
    ears = "".join(
        f'<g transform="rotate({side * 16})">'
        f'<ellipse cx="{_n(side * radius * 0.42)}" cy="{_n(-radius * 0.98)}" rx="{_n(radius * 0.22)}" '
        f'ry="{_n(radius * 0.58)}" fill="#8f8980" stroke="{INK}" stroke-width="1.5"/>'
        f'<ellipse cx="{_n(side * radius * 0.42)}" cy="{_n(-radius * 0.95)}" rx="{_n(radius * 0.1)}" '
        f'ry="{_n(radius * 0.4)}" fill="#d7b8b0"/></g>'
        for side in (-1, 1)
    )
    nostrils = "".join(
        f'<ellipse cx="{_n(side * radius * 0.2)}" cy="{_n(radius * 0.5)}" rx="{_n(radius * 0.07)}" '
        f'ry="{_n(radius * 0.1)}" fill="{INK}"/>'
        for side in (-1, 1)
    )
    return (
        f"{ears}"
        f'<circle r="{_n(radius)}" fill="#a8a39b" stroke="{INK}" stroke-width="2"/>'
        f'<path d="M{_n(-radius * 0.22)},{_n(-radius * 0.98)} q{_n(radius * 0.22)},{_n(radius * 0.32)} '
        f'{_n(radius * 0.44)},0" fill="#5d5750"/>'
        f'<ellipse cy="{_n(radius * 0.45)}" rx="{_n(radius * 0.56)}" ry="{_n(radius * 0.4)}" fill="#e4ddd2"/>'
        f"{nostrils}{_eyes(radius)}"
    )


def _dog(radius: float) -> str:
    """A brown head with floppy dark ears, a cream snout and a black nose."""
    ears = "".join(
        f'<ellipse cx="{_n(side * radius * 0.88)}" cy="{_n(radius * 0.02)}" rx="{_n(radius * 0.3)}" '
        f'ry="{_n(radius * 0.62)}" transform="rotate({side * 18} {_n(side * radius * 0.88)} 0)" '
        f'fill="#6b3f1d" stroke="{INK}" stroke-width="1.5"/>'
        for side in (-1, 1)
    )
    return (
        f'<circle r="{_n(radius)}" fill="#b06f34" stroke="{INK}" stroke-width="2"/>{ears}'
        f'<ellipse cy="{_n(radius * 0.4)}" rx="{_n(radius * 0.46)}" ry="{_n(radius * 0.34)}" fill="#f1dcc0"/>'
        f'<ellipse cy="{_n(radius * 0.24)}" rx="{_n(radius * 0.17)}" ry="{_n(radius * 0.12)}" fill="{INK}"/>'
        f'<path d="M0,{_n(radius * 0.34)} v{_n(radius * 0.16)}" stroke="{INK}" stroke-width="1.5"/>'
        f"{_eyes(radius)}"
    )


def _cat(radius: float) -> str:
    """A charcoal head with pointed ears, green slit eyes, a pink nose and whiskers."""
    r = radius
    ears = "".join(
        f'<path d="M{_n(s * r * 0.9)},{_n(-r * 0.3)} L{_n(s * r * 0.72)},{_n(-r * 1.22)} '
        f'L{_n(s * r * 0.12)},{_n(-r * 0.84)} Z" fill="#3f3f4a" stroke="{INK}" stroke-width="1.5"/>'
        f'<path d="M{_n(s * r * 0.72)},{_n(-r * 0.5)} L{_n(s * r * 0.66)},{_n(-r * 0.98)} '
        f'L{_n(s * r * 0.36)},{_n(-r * 0.78)} Z" fill="#e7a6b4"/>'
        for s in (-1, 1)
    )
    eyes = "".join(
        f'<ellipse cx="{_n(s * r * 0.36)}" cy="{_n(-r * 0.12)}" rx="{_n(r * 0.17)}" ry="{_n(r * 0.14)}" '
        f'fill="#b7e36a"/><ellipse cx="{_n(s * r * 0.36)}" cy="{_n(-r * 0.12)}" rx="{_n(r * 0.04)}" '
        f'ry="{_n(r * 0.13)}" fill="{INK}"/>'
        for s in (-1, 1)
    )
    whiskers = "".join(
        f'<path d="M{_n(s * r * 0.28)},{_n(r * (0.42 + dy))} l{_n(s * r * 0.62)},{_n(r * dy * 1.6)}" '
        'stroke="#f4f1ea" stroke-width="1.2" stroke-linecap="round"/>'
        for s in (-1, 1)
        for dy in (-0.04, 0.08)
    )
    return (
        f'{ears}<circle r="{_n(r)}" fill="#3f3f4a" stroke="{INK}" stroke-width="2"/>'
        f'<ellipse cy="{_n(r * 0.45)}" rx="{_n(r * 0.4)}" ry="{_n(r * 0.28)}" fill="#f4f1ea"/>'
        f'<path d="M{_n(-r * 0.12)},{_n(r * 0.26)} h{_n(r * 0.24)} l{_n(-r * 0.12)},{_n(r * 0.14)} Z" '
        f'fill="#e07a93"/>{eyes}{whiskers}'
    )


def _badge(kind: str, radius: float, letter_size: float) -> str:
    x, y = _n(radius * 0.74), _n(radius * 0.72)
    return (
        f'<circle cx="{x}" cy="{y}" r="{_n(letter_size * 0.68)}" fill="#fffaf0" stroke="{INK}" '
        'stroke-width="1.2"/>'
        f'<text x="{x}" y="{y}" dy="0.35em" text-anchor="middle" font-size="{_n(letter_size)}" '
        'font-weight="700" '
        f'fill="{INK}">{LETTER[kind]}</text>'
    )


def rooster() -> str:
    """The Rooster marker: a white bird with a red comb and wattle, a yellow beak and a dark tail."""
    return (
        "<title>Rooster</title>"
        '<ellipse cx="0" cy="17" rx="15" ry="4" fill="#000" fill-opacity="0.2"/>'
        '<path d="M6,4 C16,-10 22,-4 20,8 C18,2 14,2 10,10 Z" fill="#2f4f3a" stroke="#1e2b22" '
        'stroke-width="1.2"/>'
        '<ellipse cx="0" cy="6" rx="11" ry="10" fill="#fbf6ea" stroke="#2d2a26" stroke-width="1.5"/>'
        '<circle cx="-6" cy="-8" r="7" fill="#fbf6ea" stroke="#2d2a26" stroke-width="1.5"/>'
        '<path d="M-12,-14 q1,-6 4,-3 q2,-6 5,-1 q3,-5 4,2 Z" fill="#d8352a"/>'
        '<path d="M-13,-9 l-5,2 l5,2 Z" fill="#f2b233"/>'
        '<path d="M-11,-4 q-2,5 1,6 q2,-3 0,-6 Z" fill="#d8352a"/>'
        '<circle cx="-7" cy="-9" r="1.4" fill="#2d2a26"/>'
        '<path d="M-3,16 v4 M3,16 v4" stroke="#f2b233" stroke-width="2"/>'
    )
