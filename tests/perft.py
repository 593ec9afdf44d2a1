"""Perft: the number of action sequences of exactly `depth` plies, through the public contract.

Shared by the games' move-count tables, as chess engines pin their move generators; a game
that ends before `depth` contributes nothing.
"""

from __future__ import annotations

from tabletop.engine import State


def perft(state: State, depth: int) -> int:
    """Leaf count `depth` actions ahead, through current_players / legal_action_ids / clone / apply."""
    if depth == 0:
        return 1
    movers = state.current_players()
    if not movers:
        return 0
    seat = movers[0]
    actions = state.legal_action_ids(seat)
    if depth == 1:
        return len(actions)
    total = 0
    for action_id in actions:
        child = state.clone()
        child.apply(seat, action_id)
        total += perft(child, depth - 1)
    return total
