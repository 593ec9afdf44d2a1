"""Moon River as pure functions of a ranch: where dominoes go, territories, cows and the score.

A ranch is a list of 25 plot numbers (0 = empty) indexed as in `board`; cows a list of 25
counts; partners a list of [cell, partner type, side] (side 1 = Cowboy, 0 = Specialist).
Rule numbers refer to docs/rules/moonriver.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.moonriver.board import (
    BRIDGE_CELLS,
    CELL_NAMES,
    CELLS,
    CORNFIELD,
    EDGES,
    NEIGHBOURS,
    PARTNERS,
    PLOT_COUNT,
    TERRAINS,
    plot,
)

DIGGER, TRAPPER, FARMER = PARTNERS.index("digger"), PARTNERS.index("trapper"), PARTNERS.index("farmer")


def terrain_at(ranch: Sequence[int], cell: int) -> int:
    """The terrain index of the plot on `cell`, or −1 when it is empty."""
    number = ranch[cell]
    return plot(number).terrain if number else -1


TERRAIN_OF = (-1, *(plot(number).terrain for number in range(1, PLOT_COUNT + 1)))
"""The terrain of each plot number (index 0: no plot), read on every move generation."""
NEIGHBOUR_BITS = tuple(sum(1 << other for other in NEIGHBOURS[cell]) for cell in range(CELLS))
EDGE_BITS = tuple((a, b, (1 << a) | (1 << b), a in BRIDGE_CELLS or b in BRIDGE_CELLS) for a, b in EDGES)
"""Every ordered edge with the mask of its two cells and whether it reaches a bridge (R11a)."""


def touching_terrain(ranch: Sequence[int]) -> list[int]:
    """Per terrain, a bit mask of the empty cells next to a placed plot of that terrain (R11b)."""
    near = [0] * len(TERRAINS)
    occupied = 0
    for cell in range(CELLS):
        number = ranch[cell]
        if number:
            occupied |= 1 << cell
            near[TERRAIN_OF[number]] |= NEIGHBOUR_BITS[cell]
    return [mask & ~occupied for mask in near]


PLACED_PLOTS = tuple(tuple(f"{number}{name}" for name in CELL_NAMES) for number in range(PLOT_COUNT + 1))
"""The notation of plot `number` on each cell ("17c3"), made once: move generation joins two."""
FIRST_HALVES = tuple(tuple(f"{half}+" for half in halves) for halves in PLACED_PLOTS)


def placement_ids(ranch: Sequence[int], reserve: Sequence[int]) -> list[str]:
    """Every legal domino from two reserve plots (R10, R11) in its notation, the lower number first."""
    touching = touching_terrain(ranch)
    occupied = sum(1 << cell for cell in range(CELLS) if ranch[cell])
    free = [(a, b, bridge) for a, b, bits, bridge in EDGE_BITS if not bits & occupied]
    numbers = sorted(reserve)
    out = []
    for i, first in enumerate(numbers):
        near_first, left = touching[TERRAIN_OF[first]], FIRST_HALVES[first]
        for second in numbers[i + 1 :]:
            near_second, right = touching[TERRAIN_OF[second]], PLACED_PLOTS[second]
            out += [
                left[cell_a] + right[cell_b]
                for cell_a, cell_b, bridge in free
                if bridge or near_first >> cell_a & 1 or near_second >> cell_b & 1
            ]
    return out


def territory(ranch: Sequence[int], cell: int) -> list[int]:
    """The cells of the territory holding `cell`: same terrain, orthogonally connected (2.3)."""
    terrain = terrain_at(ranch, cell)
    seen, stack = {cell}, [cell]
    while stack:
        here = stack.pop()
        for other in NEIGHBOURS[here]:
            if other not in seen and ranch[other] and plot(ranch[other]).terrain == terrain:
                seen.add(other)
                stack.append(other)
    return sorted(seen)


def territories(ranch: Sequence[int]) -> list[list[int]]:
    """Every territory of the ranch."""
    seen: set[int] = set()
    out = []
    for cell in range(CELLS):
        if ranch[cell] and cell not in seen:
            group = territory(ranch, cell)
            seen.update(group)
            out.append(group)
    return out


def cowboy_moves(ranch: Sequence[int], cows: Sequence[int]) -> list[tuple[int, int]]:
    """Every one-step cow move (from, to): onto a placed plot that is not a corn field (R32)."""
    return [
        (cell, other)
        for cell in range(CELLS)
        if cows[cell]
        for other in NEIGHBOURS[cell]
        if ranch[other] and plot(ranch[other]).terrain != CORNFIELD
    ]


def protected_cells(ranch: Sequence[int], partners: Sequence[Sequence[int]]) -> set[int]:
    """Cells whose cows the Cattle Thief cannot take: every territory holding a partner (R31)."""
    out: set[int] = set()
    for cell, _kind, _side in partners:
        if cell not in out:
            out.update(territory(ranch, cell))
    return out


def symbol_total(ranch: Sequence[int], name: str) -> int:
    """How many symbols `name` the placed plots show."""
    return sum(getattr(plot(number), name) for number in ranch if number)


def score_parts(
    ranch: Sequence[int], cows: Sequence[int], partners: Sequence[Sequence[int]]
) -> dict[str, int]:
    """R43 on the ranch as it stands: territories, resource symbols, specialist bonuses."""
    herds = sum(len(group) * sum(cows[c] for c in group) for group in territories(ranch))
    nuggets, beavers, corn = (symbol_total(ranch, name) for name in ("nuggets", "beavers", "corn"))
    specialists = [kind for _cell, kind, side in partners if side == 0]
    bonus = nuggets * specialists.count(DIGGER) + beavers * specialists.count(TRAPPER)
    bonus += corn * specialists.count(FARMER)
    return {"territories": herds, "symbols": nuggets + beavers + corn, "specialists": bonus}


def largest_territory(ranch: Sequence[int]) -> int:
    """The plot count of the largest territory (first tie-break, R44)."""
    return max((len(group) for group in territories(ranch)), default=0)
