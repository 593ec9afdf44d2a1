"""Whole-tree checks of Kalah: the move-count tables (perft) and the solved values of docs/rules/kalah.md.

Perft (scenario 11) is counted through the public contract only (`legal_actions`, `clone`,
`apply`). Each sowing is one ply and an extra move is a new ply by the same player; no pie
rule, no early finish. The expected counts are the rules page's (identical to OpenSpiel's
`mancala`).

The solved values (the rules page's "Solved values") come from an exhaustive search that
knows no Kalah rule: it only calls the public contract (`legal_action_ids`, `clone`,
`apply`, `is_over`, `current_players`) and reads the stores, so any rules bug that changes
perfect play changes a value. Values are South's final store minus North's, South moving
first, without pie rule or early finish (the table's convention). The transposition table
is keyed on `position_key()`, which leaves out the stores: with early finish off the rest
of the game does not depend on them, so a node's value is the store gain still to come
(for the player to move) and equal keys share it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from perft import perft
from tabletop import games
from tabletop.engine import State
from tabletop.games.kalah import NORTH, SOUTH, KalahState

GAME = games.load("kalah")
STANDARD = [6, 35, 185, 942, 4_690, 23_233, 114_430]
EMPTY_CAPTURE = [6, 35, 185, 942, 4_685, 23_169, 113_959]
RULE_SETS = [
    pytest.param(False, "at_turn", STANDARD, id="standard-at_turn"),
    pytest.param(False, "sweep", STANDARD, id="standard-sweep"),
    pytest.param(True, "sweep", EMPTY_CAPTURE, id="empty_capture-sweep"),
]


def _start(empty_capture: bool, end_rule: str) -> State:
    options = {"seeds": 4, "empty_capture": empty_capture, "end_rule": end_rule, "early_finish": False}
    return GAME.new_state(2, options)


@pytest.mark.parametrize(("empty_capture", "end_rule", "expected"), RULE_SETS)
def test_perft_depths_1_to_7(empty_capture: bool, end_rule: str, expected: list[int]) -> None:
    # K-R1 (legal moves), K-R2 … K-R7 (sowing, extra moves, captures, turn passing); K-R5's
    # empty capture first changes the count at depth 5.
    state = _start(empty_capture, end_rule)
    assert [perft(state, depth) for depth in range(1, 8)] == expected


# -- solved values ------------------------------------------------------------------------

INFINITY = 10**6
RULE_SETS = {  # the four columns of the solved values: (empty_capture, end_rule)
    "std-sweep": (False, "sweep"),
    "std-at_turn": (False, "at_turn"),
    "empty-sweep": (True, "sweep"),
    "empty-at_turn": (True, "at_turn"),
}
# The rules page's solved values, columns in the order of RULE_SETS, every row with pits × seeds <= 12.
SOLVED = {
    (1, 1): (0, 0, 0, 0),
    (1, 2): (-2, -2, -2, -2),
    (1, 3): (6, 6, 6, 6),
    (2, 1): (2, 2, 2, 2),
    (2, 2): (-2, -2, -2, 0),
    (2, 3): (-2, -2, -2, -2),
    (2, 4): (-10, -12, -12, -10),
    (2, 5): (6, 6, 6, 6),
    (2, 6): (8, 8, 8, 6),
    (3, 1): (0, 0, 0, 0),
    (3, 2): (4, 4, 4, 4),
    (3, 3): (2, 2, 2, 4),
    (3, 4): (2, 2, 2, 0),
    (4, 1): (2, 2, 2, 2),
    (4, 2): (6, 6, 6, 6),
    (4, 3): (6, 6, 8, 8),
    (5, 1): (0, 0, 0, 0),
    (5, 2): (2, 2, 0, 0),
    (6, 1): (2, 2, 2, 2),
    (6, 2): (6, 6, 10, 10),
}
TableEntry = tuple[int, int]
Move = tuple[int, bool, KalahState]
"""(store gain for the mover, whether the mover moves again, the position after the move)."""


def _solved_start(pits: int, seeds: int, rule_set: str) -> KalahState:
    empty_capture, end_rule = RULE_SETS[rule_set]
    options = {
        "pits": pits,
        "seeds": seeds,
        "empty_capture": empty_capture,
        "end_rule": end_rule,
        "pie_rule": False,
        "early_finish": False,
    }
    state = GAME.new_state(2, options)
    assert isinstance(state, KalahState)
    return state


def _margin(state: KalahState, seat: int) -> int:
    """Seat's store minus the other store (no pie rule: seat 0 is South)."""
    margin = state.store(SOUTH) - state.store(NORTH)
    return margin if seat == 0 else -margin


def _children(state: KalahState, seat: int) -> list[Move]:
    """(store gain for `seat`, whether `seat` moves again, child), promising moves first."""
    before = _margin(state, seat)
    children = []
    for action_id in state.legal_action_ids(seat):
        child = state.clone()
        child.apply(seat, action_id)
        again = child.current_players() == (seat,)
        children.append((_margin(child, seat) - before, again, child))
    children.sort(key=lambda item: (item[1], item[0]), reverse=True)
    return children


def _move_value(move: Move, window: TableEntry, table: dict[bytes, TableEntry]) -> int:
    """The value of a move for its mover: its gain plus what follows (negated when the turn passes)."""
    gain, again, child = move
    alpha, beta = window
    if child.is_over():
        return gain
    if again:
        return gain + _search(child, alpha - gain, beta - gain, table)
    return gain - _search(child, gain - beta, gain - alpha, table)


def _search(state: KalahState, alpha: int, beta: int, table: dict[bytes, TableEntry]) -> int:
    """Negamax with alpha-beta: the store gain still to come for the player to move (fail-soft)."""
    key = state.position_key()
    low, high = table.get(key, (-INFINITY, INFINITY))
    if low >= beta or low == high:
        return low
    if high <= alpha:
        return high
    window_alpha, window_beta = max(alpha, low), min(beta, high)
    seat = state.current_players()[0]
    best = -INFINITY
    for move in _children(state, seat):
        best = max(best, _move_value(move, (window_alpha, window_beta), table))
        window_alpha = max(window_alpha, best)
        if window_alpha >= window_beta:
            break
    if best <= max(alpha, low):
        table[key] = (low, best)
    elif best >= min(beta, high):
        table[key] = (best, high)
    else:
        table[key] = (best, best)
    return best


def _solve(state: KalahState) -> int:
    """South's final store minus North's under perfect play, from a position with South to move."""
    return _margin(state, 0) + _search(state, -INFINITY, INFINITY, {})


def _exact(value_within: Callable[[int, int], int]) -> int:
    """MTD(f): the exact value from zero-window searches, far cheaper here than one full window."""
    low, high, guess = -INFINITY, INFINITY, 0
    while low < high:
        beta = guess + 1 if guess == low else guess
        guess = value_within(beta - 1, beta)
        if guess < beta:
            high = guess
        else:
            low = guess
    return guess


def _opening_values(state: KalahState) -> list[int]:
    """The exact value for South of each opening move S1…Sm (stores are empty at the start)."""
    table: dict[bytes, TableEntry] = {}
    values = []
    for action_id in state.legal_action_ids(0):
        child = state.clone()
        child.apply(0, action_id)
        move = (_margin(child, 0), child.current_players() == (0,), child)
        values.append(_exact(_within(move, table)))
    return values


def _within(move: Move, table: dict[bytes, TableEntry]) -> Callable[[int, int], int]:
    """The value of one move as a function of the search window."""
    return lambda alpha, beta: _move_value(move, (alpha, beta), table)


def test_the_search_finds_a_hand_solved_board() -> None:
    # Kalah(1, 2), K-R2 + K-R8: South's only move sows into its store and N1, emptying its row;
    # North then holds 3 seeds, so South ends with 1 and North with 3 under either end rule.
    for rule_set in RULE_SETS:
        assert _solve(_solved_start(1, 2, rule_set)) == -2


@pytest.mark.slow
@pytest.mark.parametrize("board", sorted(SOLVED))
def test_solved_values_of_small_boards(board: tuple[int, int]) -> None:
    # K-R1 … K-R8 and K-R11 together: the perfect-play values in all four rule sets
    # (K-R5 empty capture on or off, End-A "at_turn" or End-B "sweep").
    pits, seeds = board
    found = tuple(_solve(_solved_start(pits, seeds, rule_set)) for rule_set in RULE_SETS)
    assert found == SOLVED[board]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("empty_capture", "expected"),
    [(False, [-14, -8, -8, -14, 6, 0]), (True, [-14, -8, -6, -14, 10, -2])],
)
def test_opening_move_values_of_kalah_6_2(empty_capture: bool, expected: list[int]) -> None:
    # Kalah(6,2) with End-B: the value of each of South's six opening moves (K-R5 on/off).
    state = _solved_start(6, 2, "empty-sweep" if empty_capture else "std-sweep")
    assert _opening_values(state) == expected


def _position(
    south_store: int = 0, north_store: int = 0, to_move: int = SOUTH, **options: bool
) -> KalahState:
    return KalahState.from_position(
        GAME,
        south_pits=[1, 2, 0, 0, 0, 0],
        north_pits=[1] * 6,
        south_store=south_store,
        north_store=north_store,
        to_move=to_move,
        options=options,
    )


def test_position_key_ignores_stores_only_without_early_finish() -> None:
    # K-R9 is the only rule that reads the stores, so only with it on do they belong in the key.
    plain = [_position(early_finish=False), _position(5, 3, early_finish=False)]
    assert plain[0].position_key() == plain[1].position_key()
    early = [_position(), _position(5, 3)]
    assert early[0].position_key() != early[1].position_key()
    moved = _position(to_move=NORTH, early_finish=False)
    assert moved.position_key() != plain[0].position_key()
