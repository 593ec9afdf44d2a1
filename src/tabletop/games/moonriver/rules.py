"""Moon River as pure functions of a ranch: where dominoes go, territories, cows and the score.

A ranch is a list of 25 plot numbers (0 = empty) indexed as in `board`; cows a list of 25
counts; partners a list of [cell, partner type, side] (side 1 = Cowboy, 0 = Specialist).
Rule numbers refer to docs/rules/moonriver.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tabletop.games.moonriver.board import (
    ALL_EDGES,
    BRIDGE_EDGES,
    CELL_NAMES,
    CELLS,
    CORNFIELD,
    NEIGHBOURS,
    PARTNERS,
    PLOT_COUNT,
    TERRAINS,
    edge_pairs,
    edges_entering,
    edges_leaving,
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


class RanchMasks(NamedTuple):
    """What move generation reads of a ranch (R11): its placed cells, and per terrain the
    cells next to a plot of that terrain, as bit masks. `ranch` is the ranch they describe."""

    ranch: tuple[int, ...]
    occupied: int
    near: tuple[int, ...]


def ranch_masks(ranch: Sequence[int]) -> RanchMasks:
    """The masks of `ranch`, cell by cell."""
    near = [0] * len(TERRAINS)
    occupied = 0
    for cell, number in enumerate(ranch):
        if number:
            occupied |= 1 << cell
            near[TERRAIN_OF[number]] |= NEIGHBOUR_BITS[cell]
    return RanchMasks(tuple(ranch), occupied, tuple(near))


def with_plot(masks: RanchMasks, cell: int, number: int) -> RanchMasks:
    """The masks once plot `number` lies on the empty `cell`: two bits set, no walk over the ranch."""
    terrain = TERRAIN_OF[number]
    near = (*masks.near[:terrain], masks.near[terrain] | NEIGHBOUR_BITS[cell], *masks.near[terrain + 1 :])
    ranch = (*masks.ranch[:cell], number, *masks.ranch[cell + 1 :])
    return RanchMasks(ranch, masks.occupied | 1 << cell, near)


PLACED_PLOTS = tuple(tuple(f"{number}{name}" for name in CELL_NAMES) for number in range(PLOT_COUNT + 1))
"""The notation of plot `number` on each cell ("17c3"), made once: move generation joins two."""
FIRST_HALVES = tuple(tuple(f"{half}+" for half in halves) for halves in PLACED_PLOTS)
HALF_OF = {
    half: (number, cell)
    for number in range(1, PLOT_COUNT + 1)
    for cell, half in enumerate(PLACED_PLOTS[number])
}
"""(plot number, cell) of each half's notation: placing a listed domino reads its halves here
instead of parsing and checking the text again."""


def placement_ids(masks: RanchMasks, reserve: Sequence[int]) -> list[str]:
    """Every legal domino from two reserve plots (R10, R11) in its notation, the lower number first.

    The edges are sets of bits (see `board.edges_leaving`): an edge is open when neither cell
    is placed (R11), and a domino may use it when a half is on a bridge (R11a) or touches its
    own terrain (R11b). Ids come in the order of `EDGES` for each pair of plots.
    """
    occupied, near = masks.occupied, masks.near
    open_edges = ALL_EDGES & ~(edges_leaving(occupied) | edges_entering(occupied))
    if not open_edges:
        return []
    numbers = sorted(reserve)
    out: list[str] = []
    for i, first in enumerate(numbers):
        from_first = edges_leaving(near[TERRAIN_OF[first]]) | BRIDGE_EDGES
        left = FIRST_HALVES[first]
        for second in numbers[i + 1 :]:
            usable = open_edges & (from_first | edges_entering(near[TERRAIN_OF[second]]))
            right = PLACED_PLOTS[second]
            out += [left[a] + right[b] for a, b in edge_pairs(usable)]
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
