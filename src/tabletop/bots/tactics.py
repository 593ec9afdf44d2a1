"""Decisive and anti-decisive moves: the one-ply look-ahead MCTS does before it searches.

Random playouts value a position by what usually happens, so a search with a small budget
can miss a win on the board, or miss the single reply that stops the opponent's win on the
next move (with a hundred legal moves, most iterations go to untried moves). Checking both
exactly costs little in games without chance or hidden information, where applying an
action to a copy of the real state shows exactly what would happen.
"""

from __future__ import annotations

from tabletop.engine import ActionId, Seat, State

WORK_LIMIT = 4_000
"""The most positions the anti-decisive check may try before it gives up (it then filters nothing)."""


def is_exact(state: State) -> bool:
    """True when applying an action to a clone shows exactly what the real game would do."""
    capabilities = state.game.capabilities
    return not (capabilities.chance or capabilities.hidden_information or capabilities.simultaneous)


def wins_alone(state: State, seat: Seat) -> bool:
    """True when the game is over and `seat` is first with nobody beside it."""
    outcome = state.outcome()
    return outcome is not None and outcome.ranks[seat] == 1 and outcome.ranks.count(1) == 1


def winning_action(state: State, seat: Seat, legal: list[ActionId]) -> ActionId | None:
    """An action that ends the game at once with `seat` the sole winner, if there is one."""
    for action in legal:
        after = state.clone()
        after.apply(seat, action)
        if wins_alone(after, seat):
            return action
    return None


def safe_actions(state: State, seat: Seat, legal: list[ActionId]) -> list[ActionId]:
    """The actions after which the opponent to move has no immediately winning reply.

    Returns `legal` unchanged when every action loses at once, or when checking would take
    more than `WORK_LIMIT` positions.
    """
    safe: list[ActionId] = []
    work = 0
    for action in legal:
        after = state.clone()
        after.apply(seat, action)
        movers = after.current_players()
        replies = after.legal_action_ids(movers[0]) if len(movers) == 1 and movers[0] != seat else []
        work += 1 + len(replies)
        if work > WORK_LIMIT:
            return legal
        if winning_action(after, movers[0], replies) is None if replies else True:
            safe.append(action)
    return safe or legal
