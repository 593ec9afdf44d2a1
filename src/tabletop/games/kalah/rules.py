"""Kalah's rules as functions of a board: sowing, capture and the end (K-R2 … K-R9, docs/rules/kalah.md).

Each function reads or changes the flat board list of `board.py` under one table's
`KalahRules`; none of them knows about seats, turns or the pie rule, which the state keeps.
They are the hot path of every playout, so they loop over plain indices and allocate only
the small result tuples.

>>> from tabletop.games.kalah.board import rules_for
>>> rules = rules_for(pits=6, seeds=4, pie_rule=False, empty_capture=False, end_rule="at_turn",
...                   early_finish=True, total=16)
>>> board = [0, 0, 0, 0, 0, 10, 0, 1, 1, 1, 1, 1, 1, 0]
>>> sow(board, rules, SOUTH, 5)  # scenario 3: ten seeds from S6 land last in S3, which captures
(0, 5, 10, 2, 3)
>>> board
[1, 1, 0, 0, 0, 0, 4, 2, 2, 2, 0, 2, 2, 0]
"""

from __future__ import annotations

from tabletop.games.kalah.board import END_EARLY, END_EMPTY, END_SWEEP, NORTH, SOUTH, KalahRules, Side

End = tuple[str, Side]
"""How the game ended: `END_EARLY`, `END_EMPTY` or `END_SWEEP`, and the side it names (see `board.py`)."""

Sowing = tuple[Side, int, int, int, int]
"""One sowing as the log records it: (side, pit index, seeds sown, landing index, seeds captured)."""


def sow(board: list[int], rules: KalahRules, side: Side, pit: int) -> Sowing:
    """One sowing by `side` from board index `pit` (K-R2), then its capture if any (K-R4, K-R5)."""
    seeds = board[pit]
    board[pit] = 0
    last = pit + seeds
    if last <= rules.straight_end[side]:
        for index in range(pit + 1, last + 1):
            board[index] += 1
    else:
        last = _sow_around(board, rules, side, pit, seeds)
    # The landing count is read first: it is rarely 1, so the side's bounds are seldom needed.
    if board[last] == 1 and rules.base[side] <= last < rules.store[side]:
        return side, pit, seeds, last, _capture(board, rules, last, rules.store[side])
    return side, pit, seeds, last, 0


def _sow_around(board: list[int], rules: KalahRules, side: Side, pit: int, seeds: int) -> int:
    """K-R2 for a sowing that passes the skipped store or laps the board; returns the landing index.

    Whole laps drop one seed in every location of the cycle, the origin pit included.
    """
    cycle = rules.cycle[side]
    start = pit - rules.base[side]
    laps, rest = divmod(seeds, rules.cycle_length)
    if laps:
        for index in cycle[: rules.cycle_length]:
            board[index] += laps
    for step in range(start + 1, start + rest + 1):
        board[cycle[step]] += 1
    return cycle[start + rest]


def _capture(board: list[int], rules: KalahRules, last: int, store: int) -> int:
    """K-R4 (and K-R5 with empty capture): the last seed and the opposite pit go to the store."""
    opposite = 2 * rules.pits - last
    taken = board[opposite]
    if not taken and not rules.empty_capture:
        return 0
    board[store] += taken + 1
    board[opposite] = 0
    board[last] = 0
    return taken + 1


def ending(board: list[int], rules: KalahRules, side: Side, next_side: Side, captured: int) -> End | None:
    """How the game ends after a sowing by `side` that hands the turn to `next_side`, or None.

    K-R9 first (it beats an extra move), then the table's end rule: End-B ends as soon as
    a row is empty (only a capture can empty the opponent's row), End-A when the side due
    to move has nothing to sow (K-R8). Called after every sowing, so the rows are looked
    at here rather than through another call to `is_row_empty`.
    """
    if rules.early_finish and 2 * board[rules.store[side]] > rules.total:
        return END_EARLY, side
    if rules.sweep:
        if not any(board[rules.row[side]]):
            return END_SWEEP, side
        if captured and not any(board[rules.row[1 - side]]):
            return END_SWEEP, 1 - side
        return None
    if not any(board[rules.row[next_side]]):
        return END_EMPTY, next_side
    return None


def is_row_empty(board: list[int], rules: KalahRules, side: Side) -> bool:
    """Whether no pit of `side` holds a seed."""
    return not any(board[rules.row[side]])


def finish(board: list[int], rules: KalahRules, end: End) -> None:
    """K-R8's last step: End-A gives the seeds left to the side not named, End-B each side its own.

    After K-R9 nothing moves (Q3): the stores are the scores as they stand.
    """
    kind, side = end
    if kind == END_SWEEP:
        _collect(board, rules, SOUTH)
        _collect(board, rules, NORTH)
    elif kind == END_EMPTY:
        _collect(board, rules, 1 - side)


def _collect(board: list[int], rules: KalahRules, side: Side) -> None:
    """Moves the seeds left in a side's pits into that side's store."""
    base = rules.base[side]
    end = base + rules.pits
    board[end] += sum(board[base:end])
    board[base:end] = [0] * rules.pits


def stores(board: list[int], rules: KalahRules) -> tuple[int, int]:
    """The seeds in South's and North's stores, the scores once the game is over (K-R11)."""
    return board[rules.store[SOUTH]], board[rules.store[NORTH]]
