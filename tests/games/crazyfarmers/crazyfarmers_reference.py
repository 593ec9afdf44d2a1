"""An independent count of the opening plies of Crazy Farmers, from the rules page alone.

Written from section 2.3 of docs/rules/crazyfarmers.md with tuples and the table of moves,
sharing nothing with the engine's precomputed `board` tables: a crossroad (q, r, "L"/"R")
exists when one of its three plots is on the board, and a move follows the table of 2.3.
Within the first five plies nobody can annex (a pocket needs at least five segments) or
hold a card, so the only rules at work are R2 (six corners of the start plot, 4.15: none
holding a tractor), R11/R14a (moves to existing crossroads), R3 (the turn passes after
three moves when nothing else can be done) and R14c (the next player's corners and moves
avoid the tractor already on the board).
"""

from __future__ import annotations

Crossroad = tuple[int, int, str]


def on_board(q: int, r: int) -> bool:
    return max(abs(q), abs(r), abs(q + r)) <= 3


def exists(c: Crossroad) -> bool:
    q, r, side = c
    plots = [(q, r), (q - 1, r), (q - 1, r + 1)] if side == "L" else [(q, r), (q + 1, r - 1), (q + 1, r)]
    return any(on_board(*plot) for plot in plots)


def corners(q: int, r: int) -> list[Crossroad]:
    return [
        (q, r, "L"),
        (q, r, "R"),
        (q - 1, r, "R"),
        (q + 1, r - 1, "L"),
        (q - 1, r + 1, "R"),
        (q + 1, r, "L"),
    ]


def steps(c: Crossroad) -> list[Crossroad]:
    """The table of 2.3: Up, Down, Horizontal."""
    q, r, side = c
    if side == "L":
        found = [(q - 1, r, "R"), (q - 1, r + 1, "R"), (q - 2, r + 1, "R")]
    else:
        found = [(q + 1, r - 1, "L"), (q + 1, r, "L"), (q + 2, r - 1, "L")]
    return [d for d in found if exists(d)]


def opening_perft(starts: list[tuple[int, int]], depth: int) -> int:
    """Leaves `depth` plies (at most 5) from the start: seat 0 places and drives 3 moves, seat 1 places."""
    assert depth <= 5

    def walk(ply: int, tractor: Crossroad | None) -> int:
        if ply == depth:
            return 1
        if ply == 0:
            return sum(walk(1, c) for c in corners(*starts[0]))
        if ply < 4:
            assert tractor is not None
            return sum(walk(ply + 1, d) for d in steps(tractor))
        return sum(1 for c in corners(*starts[1]) if c != tractor)

    return walk(0, None)
