"""Helpers shared by the YINSH tests: playing sequences, counting leaves, crowded positions."""

from __future__ import annotations

from yinsh_reference import BOARD, name

from tabletop.engine import State
from tabletop.games.yinsh import GAME
from tabletop.games.yinsh.state import YinshState

ALL_POINTS = sorted(name(point) for point in BOARD)


def play(state: State, *action_ids: str) -> State:
    """Plays each action for whoever must act, and returns the state for chaining."""
    for action_id in action_ids:
        (seat,) = state.current_players()
        state.apply(seat, action_id)
    return state


def perft(state: State, depth: int) -> int:
    """Leaves of the decision tree through the public contract; `undo` is not a move.

    Unlike the shared `tests/perft.py`, a game that ends early counts as one leaf: the
    YINSH table was checked against a reference engine under that convention.
    """
    if depth == 0 or state.is_over():
        return 1
    (seat,) = state.current_players()
    actions = [action_id for action_id in state.legal_action_ids(seat) if action_id != "undo"]
    if depth == 1:
        return len(actions)
    total = 0
    for action_id in actions:
        child = state.clone()
        child.apply(seat, action_id)
        total += perft(child, depth - 1)
    return total


def stripes(point: str) -> int:
    """Colour 0 or 1 in stripes two points wide along all three directions.

    Colour = ((q + r) mod 4) // 2: along a column or a number q + r grows by 1 (pattern
    0 0 1 1), along the diagonal by 2 (pattern 0 1 0 1), so no three markers of one colour
    are ever in line and a board full of stripes holds no row.
    """
    q, r = "ABCDEFGHIJK".index(point[0]) - 5, int(point[1:]) - 6
    return ((q + r) % 4) // 2


def crowded(
    white_rings: str, black_rings: str, empty: str, overrides: dict[str, int] | None = None, **options: object
) -> State:
    """A position where every point that is neither a ring nor listed empty holds a striped marker."""
    rings = set(white_rings.split()) | set(black_rings.split())
    colours = {point: stripes(point) for point in ALL_POINTS if point not in rings | set(empty.split())}
    colours.update(overrides or {})
    return YinshState.from_position(
        GAME,
        white_rings=white_rings.split(),
        black_rings=black_rings.split(),
        white_markers=[point for point, colour in colours.items() if colour == 0],
        black_markers=[point for point, colour in colours.items() if colour == 1],
        **options,  # type: ignore[arg-type]
    )
