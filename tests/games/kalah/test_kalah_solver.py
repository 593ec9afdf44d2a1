"""The compiled Kalah solver (`bots/solvers/kalah*.py`) and the `kalah-perfect` bot.

The solver knows the rules only through its own compiled sowing, so it is checked against
what does not share its code: the solved values of docs/rules/kalah.md (tabulated in
test_kalah_perft.py, there replayed by a search over the public contract), that search
itself on hand-made positions, and whole games played through the engine.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_kalah_perft import INFINITY, RULE_SETS, SOLVED, _search

from tabletop import bots, games
from tabletop.bots.solvers import kalah_kernels as kernels
from tabletop.bots.solvers.kalah import (
    KalahPerfectBot,
    KalahSolver,
    cells_of,
    plays_table,
    solve,
)
from tabletop.engine import Rng
from tabletop.games.kalah import NORTH, SOUTH, KalahState

GAME = games.load("kalah")
LARGER = {  # the rules page's rows beyond pits × seeds = 12, same columns as SOLVED
    (3, 5): (6, 6, 6, 6),
    (3, 6): (-8, -8, -10, -10),
    (4, 4): (2, 2, 2, 4),
}


def _values(pits: int, seeds: int, database_seeds: int | None = None, threads: int = 1) -> tuple[int, ...]:
    found = []
    for empty_capture, end_rule in RULE_SETS.values():
        solution = solve(
            pits,
            seeds,
            empty_capture=empty_capture,
            end_rule=end_rule,
            database_seeds=database_seeds,
            threads=threads,
        )
        found.append(solution.value)
    return tuple(found)


@pytest.mark.parametrize("board", sorted(SOLVED))
def test_every_solved_value_up_to_pits_times_seeds_12(board: tuple[int, int]) -> None:
    # K-R1 … K-R8, K-R11: standard and empty capture (K-R5), End-B and End-A (K-R8).
    assert _values(*board) == SOLVED[board]


@pytest.mark.parametrize("database_seeds", [0, 5])
def test_the_search_alone_and_a_small_database_agree_with_the_table(database_seeds: int) -> None:
    # The same values whether the endgame database answers most of the tree or none of it.
    for board in [(2, 4), (3, 3), (4, 2), (6, 1)]:
        assert _values(*board, database_seeds=database_seeds) == SOLVED[board]


@pytest.mark.parametrize("threads", [2, 3])
def test_threads_sharing_the_table_agree_with_the_table(threads: int) -> None:
    # Lazy SMP: whichever thread finishes a search first answers it, and threads stopped
    # midway must leave no false bound behind for the next search (MTD(f) reuses them all).
    for board in [(3, 4), (4, 3), (6, 2)]:
        assert _values(*board, database_seeds=4, threads=threads) == SOLVED[board]
    assert _values(4, 4, threads=threads) == LARGER[(4, 4)]


@pytest.mark.parametrize("rule_set", sorted(RULE_SETS))
def test_a_database_built_by_threads_is_the_one_built_alone(rule_set: str) -> None:
    # Threads split each seed total and may meet in each other's part (chains of sowings
    # that pass the turn): every byte must still be the one a single walk writes.
    empty_capture, end_rule = RULE_SETS[rule_set]
    alone = KalahSolver(4, empty_capture=empty_capture, end_rule=end_rule, database_seeds=11)
    for threads in (2, 3):
        shared = KalahSolver(
            4, empty_capture=empty_capture, end_rule=end_rule, database_seeds=11, threads=threads
        )
        assert np.array_equal(shared.database, alone.database)
    assert kernels.UNKNOWN not in alone.database


@pytest.mark.parametrize("board", sorted(LARGER))
def test_larger_solved_values(board: tuple[int, int]) -> None:
    assert _values(*board) == LARGER[board]


@pytest.mark.parametrize(
    ("empty_capture", "expected"),
    [(False, (-14, -8, -8, -14, 6, 0)), (True, (-14, -8, -6, -14, 10, -2))],
)
def test_opening_move_values_of_kalah_6_2(empty_capture: bool, expected: tuple[int, ...]) -> None:
    # The rules page's values of South's six openings on Kalah(6,2), End-B (K-R5 off/on).
    solution = solve(6, 2, empty_capture=empty_capture, end_rule="sweep", openings=True)
    assert solution.move_values == expected
    assert solution.best_move == "5"
    assert solution.value == max(expected)


def _random_position(rng: Rng, options: dict[str, bool | str]) -> KalahState | None:
    """A hand-made Kalah(4, ·) position with at most 9 seeds in the pits, or None if already over."""
    south = [rng.below(3) for _ in range(4)]
    north = [rng.below(3) for _ in range(4)]
    try:
        return KalahState.from_position(
            GAME,
            south_pits=south,
            north_pits=north,
            south_store=rng.below(5),
            north_store=rng.below(5),
            to_move=rng.below(2),
            options={"early_finish": False, **options},
        )
    except ValueError:
        return None


@pytest.mark.parametrize("rule_set", sorted(RULE_SETS))
def test_values_of_hand_made_positions_match_the_contract_search(rule_set: str) -> None:
    # The database's sowing against the engine's, on positions of both movers (cells_of turns
    # North's side to the front) and with captures, laps and both ends in reach.
    empty_capture, end_rule = RULE_SETS[rule_set]
    options = {"empty_capture": empty_capture, "end_rule": end_rule}
    solver = KalahSolver(4, empty_capture=empty_capture, end_rule=end_rule, database_seeds=6, table_bits=12)
    rng = Rng(16)
    checked = 0
    while checked < 40:
        state = _random_position(rng, options)
        if state is None:
            continue
        # both: the store gain still to come for the side to move, minus the other side's
        assert solver.value(cells_of(state)) == _search(state, -INFINITY, INFINITY, {})
        checked += 1


def test_cells_of_puts_the_mover_first() -> None:
    state = KalahState.from_position(
        GAME, south_pits=[1, 2, 3], north_pits=[4, 5, 6], south_store=7, north_store=8, to_move=NORTH
    )
    assert cells_of(state) == [4, 5, 6, 0, 1, 2, 3]


def test_bad_boards_are_refused() -> None:
    with pytest.raises(ValueError, match="pits must be 1 to 6; got 7"):
        solve(7, 1)
    with pytest.raises(ValueError, match="seeds must be 1 to 6; got 0"):
        solve(6, 0)
    with pytest.raises(ValueError, match="database seeds must be 0 to 72; got 99"):
        KalahSolver(2, empty_capture=False, end_rule="sweep", database_seeds=99)
    with pytest.raises(ValueError, match="threads must be 1 to 8; got 0"):
        KalahSolver(2, empty_capture=False, end_rule="sweep", threads=0)


# -- the transposition table --------------------------------------------------------------

TABLE_BITS = 12
SHIFT = kernels.KEY_BITS - (TABLE_BITS - 2)  # check bits of 2**10 buckets of four
INVERSE = pow(kernels._MIX, -1, 1 << kernels.KEY_BITS)


def _key_of(bucket: int, check: int) -> int:
    """The rank stored as `check` in `bucket`: the mix undone in exact integer arithmetic."""
    mixed = (bucket // kernels.BUCKET) << SHIFT | check
    return mixed * INVERSE % (1 << kernels.KEY_BITS)


def test_a_bucket_and_its_check_give_back_the_key() -> None:
    # Exact keys: the compiled mix wraps round 64 bits and must still be the bijection of 47.
    assert kernels.table_shift(1 << TABLE_BITS) == SHIFT
    largest = int(kernels.binomials()[kernels.MAX_SEEDS + kernels.MAX_PITS, kernels.MAX_PITS]) - 1
    assert largest < 1 << kernels.KEY_BITS
    for key in [0, 1, 2, 12_345, 10**9 + 7, 3**29, largest]:
        bucket, check = kernels.bucket_of(key, SHIFT)
        assert 0 <= bucket < 1 << TABLE_BITS and bucket % kernels.BUCKET == 0
        assert _key_of(bucket, check) == key


def test_keys_sharing_a_bucket_never_read_each_others_bounds() -> None:
    # Six positions in one bucket of four: each reads its own bounds or nothing, never another's.
    table = np.zeros(1 << TABLE_BITS, dtype=np.int64)
    bucket = 8 * kernels.BUCKET
    keys = [_key_of(bucket, check) for check in (1, 2, 3, 4, 5, 6)]
    assert {kernels.bucket_of(key, SHIFT)[0] for key in keys} == {bucket}
    for seeds, key in enumerate(keys, start=20):
        priority = seeds - 19  # later entries searched more
        kernels.store(
            table, *kernels.bucket_of(key, SHIFT), -seeds + 1, seeds - 1, seeds % 6, seeds, priority
        )
    for seeds, key in enumerate(keys, start=20):
        word = kernels.probe(table, *kernels.bucket_of(key, SHIFT))
        if word:
            assert tuple(kernels.unpack(word)) == (-seeds + 1, seeds - 1, seeds % 6)
    # The fifth and sixth stores each replaced the slot of the lowest priority: the first two.
    found = [bool(kernels.probe(table, *kernels.bucket_of(key, SHIFT))) for key in keys]
    assert found == [False, False, True, True, True, True]


def test_a_stored_position_updates_its_own_slot_and_clamps_its_bounds() -> None:
    table = np.zeros(1 << TABLE_BITS, dtype=np.int64)
    bucket, check = kernels.bucket_of(777, SHIFT)
    kernels.store(table, bucket, check, -kernels.INFINITY, 4, -1, 30, 9)
    kernels.store(table, bucket, check, 2, kernels.INFINITY, 5, 30, 3)
    assert np.count_nonzero(table) == 1
    # Unknown bounds are kept as the bound every position has: |value| ≤ seeds in the pits.
    assert tuple(kernels.unpack(kernels.probe(table, bucket, check))) == (2, 30, 5)
    kernels.store(table, bucket, check, -kernels.INFINITY, 4, -1, 30, 9)
    assert tuple(kernels.unpack(kernels.probe(table, bucket, check))) == (-30, 4, -1)


def test_table_sizes_outside_the_packed_layout_are_refused() -> None:
    with pytest.raises(ValueError, match="table bits must be 12 to 30; got 11"):
        KalahSolver(2, empty_capture=False, end_rule="sweep", table_bits=11)


# -- the bot ------------------------------------------------------------------------------


def _play(options: dict[str, object], perfect_seat: int, seed: int) -> KalahState:
    state = GAME.new_state(2, options, seed)
    assert isinstance(state, KalahState)
    seated = {perfect_seat: KalahPerfectBot(), 1 - perfect_seat: bots.make("random", seed=seed)}
    while movers := state.current_players():
        state.apply(movers[0], seated[movers[0]].choose(state, movers[0]))
    return state


@pytest.mark.parametrize("end_rule", ["sweep", "at_turn"])
def test_the_bot_gets_at_least_the_solved_value_against_anyone(end_rule: str) -> None:
    # Perfect play guarantees the solved margin whatever the other side does (K-R11).
    options = {"pits": 3, "seeds": 3, "early_finish": False, "end_rule": end_rule}
    value = SOLVED[(3, 3)][list(RULE_SETS.values()).index((False, end_rule))]
    for seed in range(6):
        south = _play(options, 0, seed)
        assert south.store(SOUTH) - south.store(NORTH) >= value
        north = _play(options, 1, seed)
        assert north.store(NORTH) - north.store(SOUTH) >= -value


def test_the_bot_wins_every_won_table_with_early_finish_on() -> None:
    # K-R9 ends a game only once its winner is certain, so margin-perfect play still wins.
    options = {"pits": 4, "seeds": 3, "early_finish": True}  # +6 for South without early finish
    for seed in range(4):
        state = _play(options, 0, seed)
        outcome = state.outcome()
        assert outcome is not None and outcome.winners() == (0,)


def test_the_bot_refuses_the_pie_rule_swap_and_other_games() -> None:
    state = GAME.new_state(2, {"pits": 2, "seeds": 2, "pie_rule": True})
    state.apply(0, "2")  # S2's two seeds: South's store, then N1; North may swap (K-R10)
    assert "swap" in state.legal_action_ids(1)
    with pytest.raises(ValueError, match="pie rule"):
        KalahPerfectBot().choose(state, 1)
    with pytest.raises(ValueError, match="plays Kalah only"):
        KalahPerfectBot().choose(games.load("yatzy").new_state(1), 0)


def test_the_bot_declares_the_tables_it_takes() -> None:
    small = GAME.resolve_options({"pits": 6, "seeds": 2})
    full = GAME.resolve_options({})
    pie = GAME.resolve_options({"pits": 3, "seeds": 2, "pie_rule": True})
    assert plays_table(small)
    assert not plays_table(full)
    assert not plays_table(pie)
    assert "kalah-perfect" in bots.names("kalah", small)
    assert "kalah-perfect" not in bots.names("kalah", full)
    assert not bots.can_play("kalah-perfect", "yatzy")
    assert bots.strongest("kalah") == "mcts"
