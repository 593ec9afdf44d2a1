"""The six animal kinds as small SVG pictures, drawn with a few shapes each (no fonts, no images).

Kept apart from `drawing.py` because the pictures are long runs of path data that the rest
of the drawing never needs to read.

Each glyph is centred on (0, 0) and fits a 50×50 tile; the drawing scales and places it.
Heads seen from the front for the cougar (round, short ears, whiskers), the fox (pointed
face, tall ears, pale cheeks), the deer (antlers), the elephant (wide ears, trunk) and the
badger (striped mask); the armadillo from the side (banded shell, long snout), as people
picture it. Tile colours follow the rulebook: red, orange, yellow, green, blue, violet.
"""

from __future__ import annotations

INK = "#2b2118"
PALE = "#fff8ec"

TILE_COLOURS = {
    "armadillo": "#e8796f",
    "badger": "#f4a55a",
    "cougar": "#f1cf55",
    "deer": "#86c77c",
    "elephant": "#7fb0e3",
    "fox": "#b58bd8",
}

_COUGAR_EYES = TILE_COLOURS["cougar"]

_ARMADILLO = (
    f'<path d="M-18,8 L-23,12" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>'
    f'<rect x="-13" y="6" width="4.5" height="7" rx="1.5" fill="{INK}"/>'
    f'<rect x="4" y="6" width="4.5" height="7" rx="1.5" fill="{INK}"/>'
    f'<path d="M-19,8 A15,15 0 0 1 11,8 Z" fill="{INK}"/>'
    f'<path d="M-10,-4 L-10,8 M-4,-6.5 L-4,8 M2,-5.5 L2,8" stroke="{PALE}" stroke-width="1.8" opacity="0.8"/>'
    f'<path d="M8,-1 Q15,1 23,7 L10,9 Z" fill="{INK}"/>'
    f'<ellipse cx="10" cy="-2" rx="2" ry="3.5" fill="{INK}"/>'
    f'<circle cx="13" cy="2.5" r="1.1" fill="{PALE}"/>'
)
_BADGER = (
    f'<circle cx="-12" cy="-9" r="4.5" fill="{INK}"/><circle cx="12" cy="-9" r="4.5" fill="{INK}"/>'
    f'<ellipse cx="0" cy="2" rx="16" ry="14" fill="{PALE}" stroke="{INK}" stroke-width="2"/>'
    f'<path d="M-5,-11 Q-11,-3 -8,6 Q-6,11 -3,12 Q-7,2 -2,-11 Z" fill="{INK}"/>'
    f'<path d="M5,-11 Q11,-3 8,6 Q6,11 3,12 Q7,2 2,-11 Z" fill="{INK}"/>'
    f'<circle cx="-6.5" cy="1" r="1.6" fill="{PALE}"/><circle cx="6.5" cy="1" r="1.6" fill="{PALE}"/>'
    f'<ellipse cx="0" cy="12" rx="3.6" ry="2.6" fill="{INK}"/>'
)
_COUGAR = (
    f'<path d="M-14,-5 L-12,-19 L-3,-12 Z M14,-5 L12,-19 L3,-12 Z" fill="{INK}"/>'
    f'<circle cx="0" cy="1" r="14" fill="{INK}"/>'
    f'<ellipse cx="0" cy="8.5" rx="7.5" ry="5.5" fill="{PALE}"/>'
    f'<ellipse cx="-6" cy="-2" rx="3" ry="2.2" fill="{_COUGAR_EYES}"/>'
    f'<ellipse cx="6" cy="-2" rx="3" ry="2.2" fill="{_COUGAR_EYES}"/>'
    f'<path d="M-6,-4 L-6,0 M6,-4 L6,0" stroke="{INK}" stroke-width="1.2"/>'
    f'<path d="M-2.6,5 L2.6,5 L0,8 Z" fill="{INK}"/>'
    f'<path d="M-7,8 L-21,5 M-7,10 L-21,12 M7,8 L21,5 M7,10 L21,12" stroke="{INK}" stroke-width="1.1"/>'
)
_DEER = (
    f'<path d="M-4,-9 Q-9,-14 -10,-23 M-8,-15 L-17,-18 M-9.5,-19 L-5,-23 '
    f'M4,-9 Q9,-14 10,-23 M8,-15 L17,-18 M9.5,-19 L5,-23" '
    f'stroke="{INK}" stroke-width="2.4" stroke-linecap="round" fill="none"/>'
    f'<ellipse cx="-11" cy="-6" rx="6.5" ry="3" transform="rotate(-25 -11 -6)" fill="{INK}"/>'
    f'<ellipse cx="11" cy="-6" rx="6.5" ry="3" transform="rotate(25 11 -6)" fill="{INK}"/>'
    f'<path d="M-7,-6 Q0,-12 7,-6 Q8,4 5,12 Q0,19 -5,12 Q-8,4 -7,-6 Z" fill="{INK}"/>'
    f'<ellipse cx="0" cy="12" rx="5" ry="4" fill="{PALE}"/>'
    f'<ellipse cx="0" cy="13" rx="2.4" ry="1.8" fill="{INK}"/>'
    f'<circle cx="-3.8" cy="-2" r="1.4" fill="{PALE}"/><circle cx="3.8" cy="-2" r="1.4" fill="{PALE}"/>'
)
_ELEPHANT = (
    f'<ellipse cx="-13" cy="-2" rx="10" ry="13" fill="{INK}"/>'
    f'<ellipse cx="13" cy="-2" rx="10" ry="13" fill="{INK}"/>'
    f'<ellipse cx="-14" cy="-2" rx="6" ry="9" fill="{PALE}" opacity="0.25"/>'
    f'<ellipse cx="14" cy="-2" rx="6" ry="9" fill="{PALE}" opacity="0.25"/>'
    f'<circle cx="0" cy="-4" r="10" fill="{INK}"/>'
    f'<path d="M-4,2 Q-5,15 1,21 Q5,23 6,19 Q1,15 4,2 Z" fill="{INK}"/>'
    f'<path d="M-5,4 Q-9,8 -8,12 M5,4 Q9,8 8,12" stroke="{PALE}" stroke-width="2" '
    f'stroke-linecap="round" fill="none"/>'
    f'<circle cx="-4.5" cy="-6" r="1.5" fill="{PALE}"/><circle cx="4.5" cy="-6" r="1.5" fill="{PALE}"/>'
)
_FOX = (
    f'<path d="M-16,-6 L-13,-22 L-4,-11 Z M16,-6 L13,-22 L4,-11 Z" fill="{INK}"/>'
    f'<path d="M-12,-17 L-11,-10 L-7,-11 Z M12,-17 L11,-10 L7,-11 Z" fill="{PALE}" opacity="0.7"/>'
    f'<path d="M-18,-6 Q0,-15 18,-6 L2,16 Q0,18 -2,16 Z" fill="{INK}"/>'
    f'<path d="M-17,-5 L-4,3 L0,16 Z M17,-5 L4,3 L0,16 Z" fill="{PALE}"/>'
    f'<path d="M-9,-3 L-4,-1 L-8,0 Z M9,-3 L4,-1 L8,0 Z" fill="{PALE}"/>'
    f'<circle cx="0" cy="15" r="2.4" fill="{INK}"/>'
)

GLYPHS = {
    "armadillo": _ARMADILLO,
    "badger": _BADGER,
    "cougar": _COUGAR,
    "deer": _DEER,
    "elephant": _ELEPHANT,
    "fox": _FOX,
}
"""The shapes of each animal, centred on (0, 0) in a 50×50 box, without a tile."""


def animal_tile(
    kind: str, x: float, y: float, size: float, *, element_id: str = "", opacity: float = 1.0
) -> str:
    """An animal on its coloured rounded tile, centred on (x, y), `size` wide; clicks pass through."""
    scale = size / 50
    ident = f' id="{element_id}"' if element_id else ""
    faded = f' opacity="{opacity}"' if opacity < 1 else ""
    return (
        f'<g{ident} transform="translate({x:g},{y:g}) scale({scale:g})"{faded} pointer-events="none">'
        f'<rect x="-25" y="-25" width="50" height="50" rx="9" fill="{TILE_COLOURS[kind]}" '
        f'stroke="{INK}" stroke-opacity="0.35" stroke-width="1.5"/>'
        f"{GLYPHS[kind]}</g>"
    )
