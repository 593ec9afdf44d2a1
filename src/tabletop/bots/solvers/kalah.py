"""Perfect Kalah: the exact value of a position under perfect play, and the `kalah-perfect` bot.

The solver (`KalahSolver`) answers for one rule set (pits per side, K-R5's empty capture,
K-R8's end rule) with early finish off: it first builds an endgame database, the exact
value of every position with at most `database_seeds` seeds left in the pits, by a walk
in rank order (`kalah_kernels.build_database`); above that it searches the whole game with
fail-soft alpha-beta and a transposition table, driven by MTD(f) (zero-window searches
converging on the value, every bound they leave in the table reused by the next). All the
work is compiled by numba (`kalah_kernels`); with `threads` > 1 the database is built and
every search run by that many threads sharing one table (the bot uses one).

A value is the mover's store gain still to come minus the opponent's: it does not depend
on the stores, so one table serves every position of the rule set. `solve` adds the
stores and reports South's final margin, the convention of the solved values in
docs/rules/kalah.md; `tabletop solve kalah` prints it.

The bot plays a move of the best value, the lowest pit among equals. With early finish on
(K-R9) it plays the same moves: early finish only ends a game whose winner is already
certain, so the margin-optimal move is also result-optimal, though the margin the table
reports is the stores at that moment (Q3). It does not play the pie rule (K-R10): South's
best opening depends on whether North would swap, which this solver does not model.
`plays_table` says which tables it takes: no pie rule, and boards with pits × seeds at most
`BOT_BOARD_LIMIT`. Its first move on Kalah(6,2) took 1.6 s of CPU here, mostly the
database; later moves reuse the solver and take milliseconds.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from threading import Lock, Thread
from time import perf_counter

import numpy as np
import numpy.typing as npt

from tabletop.bots.solvers import kalah_kernels as kernels
from tabletop.engine import ActionId, OptionValue, Seat, State
from tabletop.games.kalah.board import AT_TURN, NORTH, SOUTH, SWEEP
from tabletop.games.kalah.rules import stores
from tabletop.games.kalah.state import KalahState

BOT_BOARD_LIMIT = 12
"""The bot takes tables with pits × seeds up to this (every board of the tested solved values)."""
BOT_DATABASE_SEEDS = 12
"""The bot's endgame database: positions with up to 12 seeds (2.7 million on six pits)."""
BOT_TABLE_BITS = 22
"""The bot's transposition table: 2**22 slots (32 MiB per rule set in use)."""
DATABASE_BYTES = 100_000_000
"""The largest default endgame database, in bytes (one per position; see `default_database_seeds`)."""
TABLE_BITS = 24
"""The default transposition table: 2**24 slots of 8 bytes (128 MiB)."""
LARGE_BOARD_SEEDS, LARGE_TABLE_BITS = 48, 27
"""From 48 seeds (Kalah(6,4)) the default table is 2**27 slots (1 GiB): Kalah(6,4) with
standard capture searches about 690 million positions, and with 2**24 slots it had not
finished in 9.5 minutes where 2**27 took 4 min 41 s (docs/kalah-solver.md)."""
MAX_TABLE_BITS = 30
"""The largest transposition table: 2**30 slots (8 GiB)."""
MAX_THREADS = 8
"""The most search threads sharing one table (the goal machine has two cores)."""


@dataclass(frozen=True)
class Solution:
    """The perfect-play result of a starting position, and what it cost to find.

    `value` is South's final store minus North's; `best_move` is the lowest of South's
    opening pits "1"…"m" that keeps it; `move_values`, when asked for, gives the same margin
    after each opening sowing.
    """

    pits: int
    seeds: int
    empty_capture: bool
    end_rule: str
    value: int
    best_move: ActionId
    move_values: tuple[int, ...]
    database_seeds: int
    database_seconds: float
    search_seconds: float
    positions: int


class KalahSolver:
    """Exact values for one rule set; its database and transposition table persist between questions."""

    def __init__(
        self,
        pits: int,
        *,
        empty_capture: bool,
        end_rule: str,
        database_seeds: int | None = None,
        table_bits: int = TABLE_BITS,
        threads: int = 1,
    ) -> None:
        _check_pits(pits)
        if not 1 <= threads <= MAX_THREADS:
            raise ValueError(f"threads must be 1 to {MAX_THREADS}; got {threads}")
        self.pits = pits
        self.rules = (empty_capture, end_rule == SWEEP)
        self.choose = kernels.binomials()
        limit = default_database_seeds(pits, kernels.MAX_SEEDS) if database_seeds is None else database_seeds
        if not 0 <= limit <= kernels.MAX_SEEDS:
            raise ValueError(f"database seeds must be 0 to {kernels.MAX_SEEDS}; got {limit}")
        if not kernels.MIN_TABLE_BITS <= table_bits <= MAX_TABLE_BITS:
            raise ValueError(
                f"table bits must be {kernels.MIN_TABLE_BITS} to {MAX_TABLE_BITS}; got {table_bits}"
            )
        self.database_seeds = limit
        started = perf_counter()
        self.threads = threads
        self.database = self._build_database(limit)
        self.database_seconds = perf_counter() - started
        self.table = np.zeros(1 << table_bits, dtype=np.int64)
        # One row of counters per thread, a cache line apart, and a stack each.
        self.counters = np.zeros((threads, 8), dtype=np.int64)
        self._stacks = np.zeros((threads, kernels.MAX_PLY, 2 * pits + 1), dtype=np.int64)
        self._stop = np.zeros(1, dtype=np.int64)
        self.progress: Callable[[int, int, int], None] | None = None
        """Called after every zero-window search of `value` with (β, result, positions so far)."""

    def _build_database(self, limit: int) -> npt.NDArray[np.int8]:
        """The endgame database, one seed total after another, each split between the threads."""
        m, (empty_capture, sweep) = self.pits, self.rules
        if self.threads == 1:
            return kernels.build_database(m, limit, empty_capture, sweep, self.choose)
        database = np.full(int(self.choose[limit + 2 * m, 2 * m]), kernels.UNKNOWN, dtype=np.int8)
        for seeds in range(limit + 1):
            first = int(self.choose[seeds - 1 + 2 * m, 2 * m]) if seeds else 0
            bounds = np.linspace(first, int(self.choose[seeds + 2 * m, 2 * m]), self.threads + 1).astype(int)
            parts = [
                Thread(
                    target=kernels.build_ranks,
                    args=(m, int(start), int(stop), empty_capture, sweep, self.choose, database),
                )
                for start, stop in itertools.pairwise(bounds)
            ]
            for part in parts:
                part.start()
            for part in parts:
                part.join()
        return database

    @property
    def positions(self) -> int:
        """Positions searched so far by all threads (database look-ups not counted)."""
        return int(self.counters[:, 0].sum())

    def value(self, cells: list[int]) -> int:
        """The exact value of a position seen from its mover (`cells_of`), by MTD(f)."""
        low, high, guess = -kernels.INFINITY, kernels.INFINITY, 0
        while low < high:
            beta = guess + 1 if guess == low else guess
            guess = self._search(cells, beta - 1, beta)
            if self.progress is not None:
                self.progress(beta, guess, self.positions)
            if guess < beta:
                high = guess
            else:
                low = guess
        return guess

    def move_values(self, cells: list[int]) -> list[int | None]:
        """For each of the mover's pits (None if empty), the mover's value after sowing it."""
        values: list[int | None] = []
        for pit in range(self.pits):
            values.append(None if cells[pit] == 0 else self._value_of_move(cells, pit))
        return values

    def best_pit(self, cells: list[int], value: int | None = None) -> int:
        """The lowest pit (0-based, from the mover's left) whose sowing keeps the position's value.

        One zero-window search per pit tried (is this move worth `value`?), far cheaper than
        the exact value of every move; `value` is computed first when not given.
        """
        target = self.value(cells) if value is None else value
        for pit in range(self.pits):
            if cells[pit] and self._value_of_move(cells, pit, (target - 1, target)) >= target:
                return pit
        raise AssertionError(f"no move reaches the value {target} of {cells}")

    def _value_of_move(self, cells: list[int], pit: int, window: tuple[int, int] | None = None) -> int:
        """The mover's value after sowing `pit`: exact, or fail-soft within `window`."""
        source = np.array(cells, dtype=np.int64)
        child = np.zeros_like(source)
        gain, kind, final = kernels.play(source, child, pit, self.pits, *self.rules)
        if kind == kernels.OVER:
            return int(final)
        gain = int(gain)
        if window is None:
            after = self.value(child.tolist())
        elif kind == kernels.AGAIN:
            after = self._search(child.tolist(), window[0] - gain, window[1] - gain)
        else:
            after = self._search(child.tolist(), gain - window[1], gain - window[0])
        return gain + after if kind == kernels.AGAIN else gain - after

    def _search(self, cells: list[int], alpha: int, beta: int) -> int:
        """One search of `cells` within (alpha, beta), by every thread at once: the first result.

        Every thread searches the whole tree (lazy SMP, see `kalah_kernels.search`) and any
        one's result is the answer: every bound in the shared table is true. The first to
        finish stops the others, whose void results are dropped.
        """
        if self.threads == 1:
            return self._run(0, cells, alpha, beta)
        first: list[int] = []
        lock = Lock()

        def run(index: int) -> None:
            value = self._run(index, cells, alpha, beta)
            with lock:
                if not first:
                    first.append(value)
                    self._stop[0] = 1

        self._stop[0] = 0
        helpers = [Thread(target=run, args=(index,)) for index in range(1, self.threads)]
        for helper in helpers:
            helper.start()
        try:
            run(0)
        finally:  # an error in the main search must not leave the helpers running
            self._stop[0] = 1
            for helper in helpers:
                helper.join()
        return first[0]

    def _run(self, index: int, cells: list[int], alpha: int, beta: int) -> int:
        # Helpers reorder only the upper half of the tree above the database, where subtrees
        # are large enough to share: lower, their own search would just be ordered worse
        # (measured on (6,3) and (5,4): 3-8% fewer positions for the main thread than
        # reordering everywhere).
        helper_from = (self.database_seeds + sum(cells)) // 2 if index > 0 else kernels.INFINITY
        stack = self._stacks[index]
        stack[0, :] = cells
        return int(
            kernels.search(
                stack,
                alpha,
                beta,
                self.pits,
                self.rules,
                self.choose,
                self.database,
                self.database_seeds,
                self.table,
                self.counters[index],
                self._stop,
                helper_from,
            )
        )


def default_database_seeds(pits: int, total: int) -> int:
    """The endgame database for a board of `total` seeds: three eighths of them, within `DATABASE_BYTES`.

    One byte per position. Three eighths balance the build, which grows about 1.7-fold with
    each seed on six pits (and is shared by the threads), against the search it saves:
    Kalah(6,4) takes 18 seeds (86 MB, 24 s on two cores) in the run of 4 min 41 s.

    >>> default_database_seeds(6, 48), default_database_seeds(6, 72), default_database_seeds(2, 24)
    (18, 18, 9)
    """
    table = kernels.binomials()
    limit = 0
    while limit < total * 3 // 8 and table[limit + 1 + 2 * pits, 2 * pits] <= DATABASE_BYTES:
        limit += 1
    return limit


def default_table_bits(total: int) -> int:
    """The transposition table for a board of `total` seeds: 2**27 slots from `LARGE_BOARD_SEEDS`, else 2**24.

    >>> default_table_bits(36), default_table_bits(48)
    (24, 27)
    """
    return LARGE_TABLE_BITS if total >= LARGE_BOARD_SEEDS else TABLE_BITS


def cells_of(state: KalahState) -> list[int]:
    """The solver's view of a position: the mover's pits, a 0 for its store, the opponent's pits."""
    side = state.to_move
    if side not in (SOUTH, NORTH):
        raise ValueError("the game is over: there is no position to solve")
    return [*state.pits(side), 0, *state.pits(1 - side)]


def solve(
    pits: int,
    seeds: int,
    *,
    empty_capture: bool = False,
    end_rule: str = SWEEP,
    database_seeds: int | None = None,
    table_bits: int | None = None,
    threads: int = 1,
    openings: bool = False,
    progress: Callable[[int, int, int], None] | None = None,
) -> Solution:
    """Solves Kalah(pits, seeds) from the start (South to move, no pie rule, no early finish).

    With `openings` the exact value of every opening sowing is found too (several more
    searches); otherwise `move_values` is empty. `progress` is `KalahSolver.progress`.

    >>> solution = solve(2, 2, empty_capture=True, end_rule="at_turn", openings=True)
    >>> solution.value, solution.best_move, solution.move_values
    (0, '1', (0, -2))
    """
    _check_pits(pits)
    if not 1 <= seeds <= kernels.MAX_SEEDS // kernels.MAX_PITS:
        raise ValueError(f"seeds must be 1 to {kernels.MAX_SEEDS // kernels.MAX_PITS}; got {seeds}")
    if database_seeds is None:
        database_seeds = default_database_seeds(pits, 2 * pits * seeds)
    if table_bits is None:
        table_bits = default_table_bits(2 * pits * seeds)
    solver = KalahSolver(
        pits,
        empty_capture=empty_capture,
        end_rule=end_rule,
        database_seeds=database_seeds,
        table_bits=table_bits,
        threads=threads,
    )
    solver.progress = progress
    start = [seeds] * pits + [0] + [seeds] * pits
    started = perf_counter()
    value = solver.value(start)
    best = solver.best_pit(start, value)
    values = [value_ for value_ in solver.move_values(start) if value_ is not None] if openings else []
    return Solution(
        pits=pits,
        seeds=seeds,
        empty_capture=empty_capture,
        end_rule=end_rule,
        value=value,
        best_move=str(best + 1),
        move_values=tuple(values),
        database_seeds=solver.database_seeds,
        database_seconds=solver.database_seconds,
        search_seconds=perf_counter() - started,
        positions=solver.positions,
    )


def _check_pits(pits: int) -> None:
    if not 1 <= pits <= kernels.MAX_PITS // 2:
        raise ValueError(f"pits must be 1 to {kernels.MAX_PITS // 2}; got {pits}")


def plays_table(options: Mapping[str, OptionValue]) -> bool:
    """Whether the bot takes a Kalah table with these resolved options (see the module docstring).

    >>> plays_table({"pits": 6, "seeds": 2, "pie_rule": False})
    True
    >>> plays_table({"pits": 6, "seeds": 4, "pie_rule": False})
    False
    """
    return not options["pie_rule"] and int(options["pits"]) * int(options["seeds"]) <= BOT_BOARD_LIMIT


@lru_cache(maxsize=8)
def solver_for(pits: int, empty_capture: bool, sweep: bool) -> KalahSolver:
    """One solver per rule set in a process, so the bot's later moves reuse what earlier ones found.

    Its database stops at `BOT_DATABASE_SEEDS`, which the bot's tables make quick to build.
    """
    return KalahSolver(
        pits,
        empty_capture=empty_capture,
        end_rule=SWEEP if sweep else AT_TURN,
        database_seeds=BOT_DATABASE_SEEDS,
        table_bits=BOT_TABLE_BITS,
    )


class KalahPerfectBot:
    """Plays a move of the best value for its side (perfect play); deterministic.

    >>> from tabletop import games
    >>> state = games.load("kalah").new_state(2, {"pits": 3, "seeds": 2, "early_finish": False})
    >>> KalahPerfectBot().choose(state, 0)
    '2'
    """

    name = "kalah-perfect"

    def __init__(self, seed: int = 0) -> None:
        del seed  # the bot is deterministic; the seed is part of the common factory signature

    def choose(self, state: State, seat: Seat) -> ActionId:
        """The lowest pit of the best value; refuses a position where the pie-rule swap is on offer."""
        if not isinstance(state, KalahState):
            raise ValueError(f"kalah-perfect plays Kalah only, not {state.game.id}")
        legal = state.legal_action_ids(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to choose")
        if "swap" in legal:
            raise ValueError("kalah-perfect does not play the pie rule (K-R10)")
        rules = state.rules
        solver = solver_for(rules.pits, rules.empty_capture, rules.sweep)
        return str(solver.best_pit(cells_of(state)) + 1)


class KalahExactValues:
    """The solver's values for analysis (`bots.ExactValues`): each move's final margin under perfect play.

    A value is the mover's store minus the opponent's at the end when both play perfectly
    from the position after the move (early finish off, K-R9: where it is on, only the
    margin of a decided game differs, never its result). It takes the tables the
    `kalah-perfect` bot takes (`plays_table`).

    >>> from tabletop import games
    >>> state = games.load("kalah").new_state(2, {"pits": 2, "seeds": 2, "empty_capture": True,
    ...     "end_rule": "at_turn", "early_finish": False})
    >>> KalahExactValues().action_values(state, 0)
    {'1': 0.0, '2': -2.0}
    """

    name = "kalah-perfect"
    version = "1"
    kind = "margin"

    def action_values(self, state: State, seat: Seat) -> dict[ActionId, float]:
        """Per legal pit of `seat`: its final margin after sowing that pit, perfect play after it."""
        if not isinstance(state, KalahState):
            raise ValueError(f"kalah-perfect values Kalah only, not {state.game.id}")
        if seat not in state.current_players():
            raise ValueError(f"seat {seat} is not to move")
        rules = state.rules
        south, north = stores(state.board, rules)
        lead = south - north if state.to_move == SOUTH else north - south
        solver = solver_for(rules.pits, rules.empty_capture, rules.sweep)
        values = solver.move_values(cells_of(state))
        return {str(pit + 1): float(lead + value) for pit, value in enumerate(values) if value is not None}
