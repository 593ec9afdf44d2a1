"""The compiled core of the Kalah solver: sowing, position ranks, the endgame database and alpha-beta.

Everything here is a numba function over small integer arrays, because a solve of
Kalah(6,4) visits hundreds of millions of positions and Python would need hours for it.
The rules are those of `tabletop.games.kalah.rules` (docs/rules/kalah.md), with early
finish off, seen from the side to move:

- A position is `cells`, an array of 2m + 1 counts: the mover's pits from its left at
  0…m−1, the mover's store at m (always 0 between moves: stores are left out, see below),
  the opponent's pits from its own left at m+1…2m. Sowing runs up the indices and wraps
  round (K-R2; the opponent's store is not in the cycle, so it is skipped for free); the pit
  opposite cell i is 2m − i (K-R4).
- The value of a position is the store gain still to come for the mover minus the
  opponent's, under perfect play. It depends on the pits only: without early finish no
  rule reads the stores (the same argument as `KalahState.position_key`).
- A position's key is its rank among all pit contents (the combinatorial number system
  over 2m pits): a perfect index, so the endgame database is a flat array indexed by rank
  (all positions with at most `limit` seeds in the pits take exactly the first
  C(limit + 2m, 2m) ranks) and the transposition table checks its keys exactly.

Play kinds returned by `play`: `PASSES` (the child is written for the opponent to move),
`AGAIN` (K-R3: the child is for the same mover) and `OVER` (K-R8: the game ended, the
value of the move is final).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

PASSES = 0
AGAIN = 1
OVER = 2

MAX_PITS = 12
"""Pits on the largest board, both rows (6 per side)."""
MAX_SEEDS = 72
"""Seeds on the largest board (6 pits × 6 seeds × 2 rows)."""
MAX_PLY = 1024
"""Deepest search path; a game of 72 seeds has fewer sowings in practice (checked on use)."""
UNKNOWN = -128
"""The database's mark for a position not computed yet (values lie in −72…72)."""
INFINITY = 1000
"""Beyond every value: a window bound that cuts nothing."""
KEY_BITS = 47
"""Every rank of the largest board fits: C(72 + 12, 12) < 2**47."""
BUCKET = 4
"""Slots per bucket of the transposition table: 32 bytes, inside one cache line."""
MIN_TABLE_BITS = 12
"""The smallest table: the check bits (47 − 10 for 2**10 buckets) and the rest fit one int64."""

IntArray = npt.NDArray[np.int64]
ByteArray = npt.NDArray[np.int8]


def binomials() -> IntArray:
    """C(n, k) for n ≤ 86 and k ≤ 13, the table every rank is summed from."""
    table = np.zeros((MAX_SEEDS + MAX_PITS + 3, MAX_PITS + 2), dtype=np.int64)
    for n in range(table.shape[0]):
        table[n, 0] = 1
        for k in range(1, min(n, MAX_PITS + 1) + 1):
            table[n, k] = table[n - 1, k - 1] + (table[n - 1, k] if k <= n - 1 else 0)
    return table


@njit(cache=True)
def rank(cells: IntArray, m: int, choose: IntArray) -> int:  # pragma: no cover - compiled
    """The position's rank: colex rank of the "bars" of its 2m pit counts (stars and bars).

    With b_j = (seeds in the first j + 1 pits) + j, rank = Σ C(b_j, j + 1). Positions with at
    most L seeds take exactly the ranks below C(L + 2m, 2m).
    """
    total = 0
    prefix = 0
    j = 0
    for index in range(2 * m + 1):
        if index == m:
            continue
        prefix += cells[index]
        total += choose[prefix + j, j + 1]
        j += 1
    return total


@njit(cache=True)
def play(
    src: IntArray, dst: IntArray, pit: int, m: int, empty_capture: bool, sweep: bool
) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """Sows the mover's pit `pit` of `src` into `dst`: (store gain, kind, final value if OVER).

    K-R2 sowing (whole laps first), K-R4/K-R5 capture, K-R3 extra move and K-R8's end
    under End-B (`sweep`) or End-A; a PASSES child is written with the halves swapped, so
    `dst` is always seen from its own mover.
    """
    size = 2 * m + 1
    for index in range(size):
        dst[index] = src[index]
    seeds = dst[pit]
    dst[pit] = 0
    laps = seeds // size
    if laps:
        for index in range(size):
            dst[index] += laps
    cell = pit
    for _ in range(seeds - laps * size):
        cell += 1
        if cell == size:
            cell = 0
        dst[cell] += 1
    if cell < m and dst[cell] == 1:
        opposite = 2 * m - cell
        if dst[opposite] or empty_capture:
            dst[m] += dst[opposite] + 1
            dst[opposite] = 0
            dst[cell] = 0
    gain = dst[m]
    dst[m] = 0
    mine = 0
    theirs = 0
    for index in range(m):
        mine += dst[index]
        theirs += dst[m + 1 + index]
    again = cell == m
    # End-A ends when the side due to move has no seed, End-B on any empty row.
    due_has_none = mine == 0 if again else theirs == 0
    if due_has_none or (sweep and (mine == 0 or theirs == 0)):
        return gain, OVER, gain + mine - theirs
    if again:
        return gain, AGAIN, 0
    for index in range(m):
        dst[index], dst[m + 1 + index] = dst[m + 1 + index], dst[index]
    return gain, PASSES, 0


@njit(cache=True)
def next_ranks(bars: IntArray, count: int) -> None:  # pragma: no cover - compiled
    """Steps the bar positions b_0 < … < b_{count−1} to the next combination in colex order."""
    j = 0
    while j < count - 1 and bars[j] + 1 == bars[j + 1]:
        bars[j] = j
        j += 1
    bars[j] += 1


@njit(cache=True)
def build_database(
    m: int, limit: int, empty_capture: bool, sweep: bool, choose: IntArray
) -> ByteArray:  # pragma: no cover - compiled
    """The exact value of every position with at most `limit` seeds in its pits, by rank.

    Ranks grow with the seed total, so a walk in rank order meets every position after all
    positions with fewer seeds: a move that gains seeds or captures leads to a smaller rank
    already known. The only children with as many seeds are sowings that stay in the
    mover's row and pass the turn; they are solved first, depth-first (`_solve_chain`).
    Such a chain is finite: each link moves seeds strictly closer to their owner's store.
    """
    database = np.full(choose[limit + 2 * m, 2 * m], UNKNOWN, dtype=np.int8)
    build_ranks(m, 0, database.size, empty_capture, sweep, choose, database)
    return database


@njit(cache=True, nogil=True)
def build_ranks(
    m: int, start: int, stop: int, empty_capture: bool, sweep: bool, choose: IntArray, database: ByteArray
) -> None:  # pragma: no cover - compiled
    """Solves every position of rank `start` to `stop` − 1 not yet in `database` (see `build_database`).

    Threads may build parts of one seed total at once: every rank below the total's first is
    known, a chain reaching into another thread's part solves what it needs itself, and two
    threads solving one position write the same byte.
    """
    stack = np.zeros((MAX_PLY, 2 * m + 1), dtype=np.int64)
    frames = np.zeros((MAX_PLY, 2), dtype=np.int64)
    bars = np.zeros(2 * m, dtype=np.int64)
    _bars_of_rank(start, choose, bars)
    for index in range(start, stop):
        if database[index] == UNKNOWN:
            _cells_of_bars(bars, m, stack[0])
            _solve_chain(stack, frames, m, empty_capture, sweep, choose, database)
        next_ranks(bars, 2 * m)


@njit(cache=True)
def _bars_of_rank(position: int, choose: IntArray, bars: IntArray) -> None:  # pragma: no cover - compiled
    """The bars of the position of rank `position` (the inverse of `rank`'s sum, greedily from the top)."""
    left = position
    for j in range(bars.size - 1, -1, -1):
        bar = j
        while choose[bar + 1, j + 1] <= left:
            bar += 1
        bars[j] = bar
        left -= choose[bar, j + 1]


@njit(cache=True)
def _cells_of_bars(bars: IntArray, m: int, cells: IntArray) -> None:  # pragma: no cover - compiled
    """The position whose bars are `bars` (the inverse of `rank`)."""
    previous = -1
    j = 0
    for index in range(2 * m + 1):
        if index == m:
            cells[index] = 0
            continue
        cells[index] = bars[j] - previous - 1
        previous = bars[j]
        j += 1


@njit(cache=True)
def _solve_chain(
    stack: IntArray,
    frames: IntArray,
    m: int,
    empty_capture: bool,
    sweep: bool,
    choose: IntArray,
    database: ByteArray,
) -> None:  # pragma: no cover - compiled
    """Solves `stack[0]` from the database, first solving any same-seed child it needs.

    A loop over an explicit stack rather than recursion (numba cannot cache recursive
    functions): `frames[ply]` holds the best value so far and the next pit to try.
    """
    ply = 0
    frames[0, 0] = _database_start(stack[0], m)
    frames[0, 1] = 0
    while True:
        cells = stack[ply]
        child = stack[ply + 1]
        pushed = False
        while frames[ply, 1] < m:
            pit = frames[ply, 1]
            frames[ply, 1] += 1
            if cells[pit] == 0:
                continue
            gain, kind, final = play(cells, child, pit, m, empty_capture, sweep)
            if kind == OVER:
                frames[ply, 0] = max(frames[ply, 0], final)
                continue
            known = database[rank(child, m, choose)]
            if known == UNKNOWN:  # a same-seed sowing that passes the turn: solve it first
                frames[ply, 1] -= 1
                ply += 1
                frames[ply, 0] = _database_start(child, m)
                frames[ply, 1] = 0
                pushed = True
                break
            frames[ply, 0] = max(frames[ply, 0], gain + known if kind == AGAIN else gain - known)
        if pushed:
            continue
        database[rank(cells, m, choose)] = frames[ply, 0]
        if ply == 0:
            return
        ply -= 1


@njit(cache=True)
def _database_start(cells: IntArray, m: int) -> int:  # pragma: no cover - compiled
    """The best value before any move is tried: −∞, or End-A's result when the mover has no seed."""
    for index in range(m):
        if cells[index]:
            return -INFINITY
    theirs = 0
    for index in range(m):
        theirs += cells[m + 1 + index]
    return -theirs


# A slot of the transposition table is one int64, so that a slot is read and written whole
# (no torn entry) and four share a cache line. From the low bits: the replacement priority
# (7 bits: the bit length of the positions searched under the entry), the best pit (3
# bits, 7 = none), the upper and the lower bound (8 bits each, offset by 128, so a used
# slot is never 0) and the check (the rest).
# The key is mixed by a bijection of the 47-bit ranks (an odd multiplier modulo 2**47); its
# top bits choose the bucket and the low `shift` bits are the check, so bucket and check
# together give back the key: two positions never share a slot's check in one bucket.
_MIX = 0x4F1BBCDCBFA5
_KEY_MASK = (1 << KEY_BITS) - 1
_PIT_SHIFT, _HIGH_SHIFT, _LOW_SHIFT, _CHECK_SHIFT = 7, 10, 18, 26
_BOUND_OFFSET = 128
_NO_PIT = 7


@njit(cache=True)
def table_shift(slots: int) -> int:  # pragma: no cover - compiled
    """The check bits of a table of `slots` slots: the key bits its bucket number does not hold."""
    bucket_bits = 0
    while (BUCKET << bucket_bits) < slots:
        bucket_bits += 1
    return KEY_BITS - bucket_bits


@njit(cache=True)
def bucket_of(key: int, shift: int) -> tuple[int, int]:  # pragma: no cover - compiled
    """The first slot of `key`'s bucket and the check that tells `key` apart from its bucket's others."""
    mixed = (key * _MIX) & _KEY_MASK
    return (mixed >> shift) * BUCKET, mixed & ((1 << shift) - 1)


@njit(cache=True)
def probe(table: IntArray, bucket: int, check: int) -> int:  # pragma: no cover - compiled
    """The word stored for `check` in the bucket, or 0 when it holds none."""
    for slot in range(bucket, bucket + BUCKET):
        word = table[slot]
        if word != 0 and word >> _CHECK_SHIFT == check:
            return int(word)
    return 0


@njit(cache=True)
def store(
    table: IntArray, bucket: int, check: int, low: int, high: int, pit: int, seeds: int, priority: int
) -> None:  # pragma: no cover - compiled
    """Writes the bounds into `check`'s slot of the bucket, else over the slot of lowest priority.

    `priority` (1…127) ranks what an entry saves: the bit length of the positions its search
    took. Bounds are kept within ±`seeds` (the value's own bound), so they fit their 8 bits.
    The bucket is scanned again rather than trusting a slot found earlier: a search sharing
    the table may have replaced it since.
    """
    word = (
        check << _CHECK_SHIFT
        | (max(low, -seeds) + _BOUND_OFFSET) << _LOW_SHIFT
        | (min(high, seeds) + _BOUND_OFFSET) << _HIGH_SHIFT
        | (_NO_PIT if pit < 0 else pit) << _PIT_SHIFT
        | priority
    )
    victim = bucket
    for slot in range(bucket, bucket + BUCKET):
        held = table[slot]
        if held != 0 and held >> _CHECK_SHIFT == check:
            victim = slot
            break
        if (held & 127) < (table[victim] & 127):
            victim = slot
    table[victim] = word


@njit(cache=True)
def unpack(word: int) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """A stored word's lower bound, upper bound and best pit (−1 for none)."""
    pit = (word >> _PIT_SHIFT) & 7
    return (
        ((word >> _LOW_SHIFT) & 255) - _BOUND_OFFSET,
        ((word >> _HIGH_SHIFT) & 255) - _BOUND_OFFSET,
        -1 if pit == _NO_PIT else pit,
    )


# The frame of one node of the search, by field: the window it was given, the window left,
# the transposition table's bounds, the best value and pit so far, its bucket and check,
# the next move to try, and the pit, gain and kind of the move being searched.
_ALPHA, _BETA, _WINDOW_ALPHA, _WINDOW_BETA, _LOW, _HIGH, _BEST, _BEST_PIT, _CHECK, _NEXT = range(10)
_PIT, _GAIN, _KIND, _SEEDS, _BUCKET, _START = 10, 11, 12, 13, 14, 15
_FIELDS = 16


@njit(cache=True, nogil=True)
def search(
    stack: IntArray,
    alpha: int,
    beta: int,
    m: int,
    rules: tuple[bool, bool],
    choose: IntArray,
    database: ByteArray,
    limit: int,
    table: IntArray,
    counters: IntArray,
    stop: IntArray,
    helper: int,
) -> int:  # pragma: no cover - compiled
    """Fail-soft negamax with alpha-beta over whole games: the value of `stack[0]` within (alpha, beta).

    `rules` is (empty_capture, sweep). Positions with at most `limit` seeds are read from the
    database. `table` is the transposition table of one-word slots (`store`) in buckets of
    `BUCKET`: a new entry replaces the one whose search took the fewest positions (the
    cheapest to search again; on crowded tables it keeps a tenth fewer positions searched
    than ranking by the seeds in play). Moves are tried best-first (`_order_moves`).
    `counters[0]` counts the positions searched. The recursion runs on an explicit stack
    (numba cannot cache recursive functions): `frames[ply]` is one node's window and progress.

    Several threads may search the same position at once sharing `table` (lazy SMP: one
    slot is one word, so no thread reads a torn entry): a helper, at positions with at least
    `helper` seeds, tries every move after the first in reverse order, so that where all
    moves must be searched the threads start from opposite ends and each finds the other's
    results in the table (the main search passes `helper` = INFINITY). Once `stop[0]` is
    set the search returns at once, storing nothing more (its return value is then void).
    """
    frames = np.zeros((MAX_PLY, _FIELDS), dtype=np.int64)
    orders = np.zeros((MAX_PLY, m), dtype=np.int64)
    frames[0, _ALPHA] = alpha
    frames[0, _BETA] = beta
    ply = 0
    shift = table_shift(table.shape[0])
    resolved, value = _open(
        stack, frames, orders, 0, m, choose, database, limit, table, shift, helper, counters
    )
    while True:
        if stop[0]:
            return 0
        if resolved:
            if ply == 0:
                return value
            ply -= 1
            gain = frames[ply, _GAIN]
            if _improve(frames, ply, gain + value if frames[ply, _KIND] == AGAIN else gain - value):
                value = _close(frames, ply, table, counters)
                continue
        ply, resolved, value = _descend(
            stack, frames, orders, ply, m, rules, choose, database, limit, table, shift, helper, counters
        )


@njit(cache=True)
def _descend(
    stack: IntArray,
    frames: IntArray,
    orders: IntArray,
    ply: int,
    m: int,
    rules: tuple[bool, bool],
    choose: IntArray,
    database: ByteArray,
    limit: int,
    table: IntArray,
    shift: int,
    helper: int,
    counters: IntArray,
) -> tuple[int, bool, int]:  # pragma: no cover - compiled
    """Plays the next move of node `ply`: (ply, resolved, value) of the node the search is now at.

    Moves that end the game are scored on the spot; the first other move opens its child
    (one ply down, resolved at once if the child is known). With no move left, or a cut,
    the node itself is closed and resolved.
    """
    cells = stack[ply]
    child = stack[ply + 1]
    while frames[ply, _NEXT] < m and orders[ply, frames[ply, _NEXT]] >= 0:
        pit = orders[ply, frames[ply, _NEXT]]
        frames[ply, _NEXT] += 1
        frames[ply, _PIT] = pit
        gain, kind, final = play(cells, child, pit, m, rules[0], rules[1])
        if kind == OVER:
            if _improve(frames, ply, final):
                break
            continue
        frames[ply, _GAIN] = gain
        frames[ply, _KIND] = kind
        if kind == AGAIN:
            frames[ply + 1, _ALPHA] = frames[ply, _WINDOW_ALPHA] - gain
            frames[ply + 1, _BETA] = frames[ply, _WINDOW_BETA] - gain
        else:
            frames[ply + 1, _ALPHA] = gain - frames[ply, _WINDOW_BETA]
            frames[ply + 1, _BETA] = gain - frames[ply, _WINDOW_ALPHA]
        if ply + 2 >= MAX_PLY:
            raise ValueError("the search went deeper than MAX_PLY")
        resolved, value = _open(
            stack, frames, orders, ply + 1, m, choose, database, limit, table, shift, helper, counters
        )
        return ply + 1, resolved, value
    return ply, True, _close(frames, ply, table, counters)


@njit(cache=True)
def _improve(frames: IntArray, ply: int, value: int) -> bool:  # pragma: no cover - compiled
    """Records the value of the move just searched at node `ply`; True when it cuts off the rest."""
    if value > frames[ply, _BEST]:
        frames[ply, _BEST] = value
        frames[ply, _BEST_PIT] = frames[ply, _PIT]
    frames[ply, _WINDOW_ALPHA] = max(frames[ply, _WINDOW_ALPHA], value)
    return bool(frames[ply, _WINDOW_ALPHA] >= frames[ply, _WINDOW_BETA])


@njit(cache=True)
def _close(
    frames: IntArray, ply: int, table: IntArray, counters: IntArray
) -> int:  # pragma: no cover - compiled
    """Stores node `ply`'s result as bounds in the transposition table and returns its value.

    Fail-soft: at or below the window given (or the table's lower bound) the value is an
    upper bound, at or above it a lower bound, strictly inside it exact.
    """
    best = frames[ply, _BEST]
    low = frames[ply, _LOW]
    high = frames[ply, _HIGH]
    if best <= max(frames[ply, _ALPHA], low):
        high = best
    elif best >= min(frames[ply, _BETA], high):
        low = best
    else:
        low = high = best
    bucket, check, seeds = frames[ply, _BUCKET], frames[ply, _CHECK], frames[ply, _SEEDS]
    store(
        table,
        bucket,
        check,
        low,
        high,
        frames[ply, _BEST_PIT],
        seeds,
        _bit_length(counters[0] - frames[ply, _START]),
    )
    return int(best)


@njit(cache=True)
def _bit_length(count: int) -> int:  # pragma: no cover - compiled
    """1 + ⌊log2(count)⌋ for count ≥ 1; 1 for 0: the replacement priority of a search of `count` positions."""
    length = 1
    while count > 1:
        count >>= 1
        length += 1
    return length


@njit(cache=True)
def _open(
    stack: IntArray,
    frames: IntArray,
    orders: IntArray,
    ply: int,
    m: int,
    choose: IntArray,
    database: ByteArray,
    limit: int,
    table: IntArray,
    shift: int,
    helper: int,
    counters: IntArray,
) -> tuple[bool, int]:  # pragma: no cover - compiled
    """Enters the node `stack[ply]`: (True, value) when known at once, else (False, 0) and its frame set."""
    cells = stack[ply]
    seeds = 0
    for index in range(2 * m + 1):
        seeds += cells[index]
    if seeds <= limit:
        return True, database[rank(cells, m, choose)]
    counters[0] += 1
    alpha = frames[ply, _ALPHA]
    beta = frames[ply, _BETA]
    if seeds <= alpha:
        return True, seeds
    if -seeds >= beta:
        return True, -seeds
    key = rank(cells, m, choose)
    bucket, check = bucket_of(key, shift)
    word = probe(table, bucket, check)
    low = -INFINITY
    high = INFINITY
    hint = -1
    if word:
        low, high, hint = unpack(word)
        if low >= beta or low == high:
            return True, low
        if high <= alpha:
            return True, high
    frames[ply, _LOW] = low
    frames[ply, _HIGH] = high
    frames[ply, _WINDOW_ALPHA] = max(alpha, low)
    frames[ply, _WINDOW_BETA] = min(beta, high)
    frames[ply, _BEST] = -INFINITY
    frames[ply, _BEST_PIT] = -1
    frames[ply, _BUCKET] = bucket
    frames[ply, _SEEDS] = seeds
    frames[ply, _START] = counters[0]
    frames[ply, _CHECK] = check
    frames[ply, _NEXT] = 0
    _order_moves(cells, m, hint, seeds >= helper, orders[ply])
    return False, 0


@njit(cache=True)
def _order_moves(
    cells: IntArray, m: int, hint: int, reverse: bool, order: IntArray
) -> None:  # pragma: no cover - compiled
    """Writes the mover's non-empty pits into `order`, most promising first; −1 fills the rest.

    The table's best pit first, then sowings ending in the store (K-R3), nearest the store
    first so that the others stay playable, then captures by size, then the rest from the
    right. With `reverse` (a helper thread, see `search`) the moves after the first are reversed.
    """
    size = 2 * m + 1
    count = 0
    for pit in range(m):
        seeds = cells[pit]
        if seeds == 0:
            continue
        landing = (pit + seeds) % size
        score = pit
        if pit == hint:
            score = 10_000
        elif landing == m:
            score = 1_000 + pit
        elif landing < m and seeds < size and cells[landing] == 0:
            score = 100 + cells[2 * m - landing]
        # Sorted by insertion on score, then the lower pit, packed in one int: no allocation
        # per node (the search opens hundreds of millions).
        packed = score * 8 + 7 - pit
        place = count
        while place > 0 and order[place - 1] < packed:
            order[place] = order[place - 1]
            place -= 1
        order[place] = packed
        count += 1
    for place in range(m):
        order[place] = 7 - (order[place] & 7) if place < count else -1
    if reverse:
        first, last = 1, count - 1
        while first < last:
            order[first], order[last] = order[last], order[first]
            first += 1
            last -= 1
